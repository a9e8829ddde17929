// <steer-lab scenario="queue"></steer-lab>: a custom element wrapping steerlab's mount/destroy, for
// authors who prefer markup. Attributes: scenario (built-in name or JSON text), seed, autoplay
// ("false" to start paused), lang ("en" | "es"), controls ("false" to hide them).
//
// It needs the steerlab module; it waits for `window.steerlab` (set by boot.js, with a
// `steerlab:ready` event) so it can be defined before or after the module loads.

const ready = () =>
  window.steerlab
    ? Promise.resolve(window.steerlab)
    : new Promise((resolve) => window.addEventListener("steerlab:ready", () => resolve(window.steerlab), { once: true }));

class SteerLab extends HTMLElement {
  static get observedAttributes() {
    return ["scenario"];
  }

  connectedCallback() {
    this._alive = true;
    if (!this._canvas) {
      this._canvas = document.createElement("canvas");
      for (const a of ["seed", "autoplay", "lang", "controls"]) {
        const v = this.getAttribute(a);
        if (v !== null) this._canvas.setAttribute(`data-${a}`, v);
      }
      this.appendChild(this._canvas);
    }
    ready().then((sl) => {
      if (!this._alive || this._viewer) return;
      try {
        this._viewer = sl.mount(this._canvas, this.getAttribute("scenario") || "flock");
      } catch (e) {
        // mount has already drawn the message on the canvas and logged it.
        this._viewer = null;
      }
    });
  }

  disconnectedCallback() {
    this._alive = false;
    if (this._viewer) {
      this._viewer.destroy();
      this._viewer = null;
    }
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (name === "scenario" && oldValue !== null && oldValue !== newValue && this._viewer) {
      this._viewer.destroy();
      this._viewer = null;
      this.connectedCallback();
    }
  }

  /** The underlying Viewer (play, pause, step, state, set, …), or null before it is mounted. */
  get viewer() {
    return this._viewer || null;
  }
}

if (!customElements.get("steer-lab")) customElements.define("steer-lab", SteerLab);
