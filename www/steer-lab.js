// <steer-lab scenario="queue"></steer-lab>: a custom element wrapping steerlab's mount/destroy, for
// authors who prefer markup. Attributes: scenario (built-in name or JSON text) or src (a URL of
// scenario JSON, as data-scenario-src: fetched, then checked like any other), seed, autoplay
// ("false" to start paused), lang (a BCP 47 tag: "pt-BR"), controls ("false" to hide them), theme
// ("light" | "dark" | "auto"); each is passed to the inner canvas as its data-* attribute.
//
// It loads boot.js (the module loader) itself when the page has not, so one script tag is enough:
//   <script type="module" src="/steerlab/www/steer-lab.js"></script>
// The element's canvas gets the same events as any other (steerlab:mounted, steerlab:change …);
// they bubble, so a listener on the element hears them.

// The page's loader when the page named it (with whatever ?v=), else loaded here.
// (Outside a browser it rejects, handled: importing this module on a server is harmless.)
const ready = globalThis[Symbol.for("steerlab.boot")]?.ready ?? import("./boot.js").then((m) => m.ready);
ready.catch(() => {});

const PASSED = ["seed", "autoplay", "lang", "controls", "theme"];

// In Node (server-side rendering) there is no HTMLElement: the class is defined on a stand-in and
// never registered, so importing this module there is harmless.
const Base = typeof HTMLElement === "function" ? HTMLElement : class {};

class SteerLab extends Base {
  static get observedAttributes() {
    return ["scenario", "src"];
  }

  connectedCallback() {
    this._alive = true;
    if (!this._canvas) {
      this._canvas = document.createElement("canvas");
      for (const a of PASSED) {
        const v = this.getAttribute(a);
        if (v !== null) this._canvas.setAttribute(`data-${a}`, v);
      }
      this.appendChild(this._canvas);
    }
    const src = this.getAttribute("src");
    // Through the one loader (www/loader.js): a URL, a name or text; its words first (they are
    // then in its first frame); a failure is shown in the figure.
    const source = src ? { src } : this.getAttribute("scenario") || "flock";
    ready.then((sl) => {
      if (!this._alive || this._viewer) return;
      sl.load(this._canvas, source).then(
        (v) => (this._alive && !this._viewer ? (this._viewer = v) : v?.destroy()),
        () => (this._viewer = null),
      );
    });
  }

  disconnectedCallback() {
    this._alive = false;
    // A move within one task (disconnect, then connect again) keeps the viewer; a removal ends it.
    queueMicrotask(() => {
      if (!this.isConnected && this._viewer) {
        this._viewer.destroy();
        this._viewer = null;
      }
    });
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if ((name === "scenario" || name === "src") && oldValue !== null && oldValue !== newValue && this._viewer) {
      this._viewer.destroy();
      this._viewer = null;
      this.connectedCallback();
    }
  }

  /** The underlying Viewer (play, pause, step, state, set, get, …), or null before it is mounted. */
  get viewer() {
    return this._viewer || null;
  }
}

if (typeof customElements === "object" && customElements && !customElements.get("steer-lab")) {
  customElements.define("steer-lab", SteerLab);
}
