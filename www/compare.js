// Side by side (issue 35): one canvas written with `data-compare='{"alignment.weight": 0}'` becomes
// two views of the same scenario and seed, the one as written and one with the change, stepping in
// lockstep under one play/pause, one scrub bar and one reset. Loaded by boot.js on first use (when
// a `data-compare` canvas comes near the viewport); nothing of it is in the wasm module.
//
// How: two ordinary viewers (the page's canvas, and a second canvas made here with the change as
// its `data-set`), both mounted without their own bar and paused, from the scenario the one loader
// gave (www/loader.js: a built-in, text, or a URL's); this module is their clock, on the page's
// one frame loop (`steerlab.requestFrame`). Each frame it steps both by the same whole number of
// fixed steps through the API (`step(n)`), then draws both (`render()`); the scrub bar seeks both
// to the same step (`seek(step)`), reset resets both. The scenario's sliders, toggles and selects
// are the first view's own (the module's panel, in a slot under the bar: one control panel), and
// what the reader sets there this module sets on the second view too. Neither viewer runs a loop of its own, so they cannot drift: after any sequence of frames
// both are at the same step, and each equals a separate viewer with the same seed and parameters
// stepped that many times (the core is deterministic; tests/e2e/challenges.test.mjs checks it
// number for number).
//
//   const c = compareFor(canvas);   // { a, b, playing, play(), pause(), advance(n), seek(s), reset(), destroy() }

import { t, formatNumber, langOf, paramName } from "./words.js";
import { fail } from "./loader.js";

// One registry for every copy of this module: boot.js imports it versioned (`compare.js?v=…`),
// an author's `import "…/compare.js"` is another module instance, and both must find the compare.
const compares = (globalThis[Symbol.for("steerlab.compares")] ??= new WeakMap());
let ids = 0;

/** The compare whose first (as written) canvas is `canvas`. */
export function compareFor(canvas) {
  return compares.get(canvas);
}

/** The changed view's label in the reader's words: each parameter's name (`param.<path>` of
 *  the words files, else its control's label in the panel under `root`) and its value, numbers
 *  written as the reader's language writes them ("alineación a 0", "sin freno"). */
function label(change, lang, root) {
  return Object.entries(change)
    .map(([p, x]) => {
      const param = paramName(p, lang, root);
      if (x === true || x === false) return x ? t("page.compare.on", lang, { param }) : t("page.compare.off", lang, { param });
      return t("page.compare.set", lang, { param, value: typeof x == "number" ? x : String(x) });
    })
    .join(", ");
}

/** The two views of `canvas` for `scenario` (what the loader gave: a name, text or object). A
 *  `data-compare` that is no object of parameters is named in the figure (and thrown). */
export function mountCompare(steerlab, canvas, scenario) {
  if (compares.has(canvas)) return compares.get(canvas);
  let change;
  try {
    change = JSON.parse(canvas.getAttribute("data-compare"));
  } catch (err) {
    throw fail(steerlab, canvas, `data-compare: not JSON (${err.message})`);
  }
  if (!change || typeof change !== "object" || Array.isArray(change) || !Object.keys(change).length) {
    throw fail(steerlab, canvas, `data-compare: must be an object of parameters such as {"alignment.weight": 0}, got ${JSON.stringify(change)}`);
  }
  let base = {};
  if (canvas.hasAttribute("data-set")) {
    try {
      base = JSON.parse(canvas.getAttribute("data-set"));
    } catch {
      base = {}; // the first viewer's mount reports it
    }
  }
  const doc = canvas.ownerDocument;
  const wrap = doc.createElement("div");
  wrap.className = "sl-compare";
  wrap.setAttribute("role", "group");
  const lang = langOf(canvas);
  const sides = doc.createElement("div");
  sides.className = "sl-compare-sides";
  const b = doc.createElement("canvas");
  for (const k of ["data-scenario", "data-scenario-json", "data-scenario-src", "data-seed", "data-lang", "data-theme"]) {
    if (canvas.hasAttribute(k)) b.setAttribute(k, canvas.getAttribute(k));
  }
  // (The first view's id names the slot its controls go to: one is given when it has none.)
  if (!canvas.id) canvas.id = `sl-compare-${++ids}`;
  b.id = `${canvas.id}-compare`;
  b.setAttribute("data-set", JSON.stringify({ ...base, ...change }));
  // The chart (data-chart) is the compare's own, under both views: not the first view's.
  const withChart = canvas.hasAttribute("data-chart");
  canvas.removeAttribute("data-chart");
  for (const c of [canvas, b]) {
    c.setAttribute("data-controls", "false");
    c.setAttribute("data-autoplay", "false");
    c.setAttribute("data-steerlab-mounted", "");
  }
  canvas.replaceWith(wrap);
  // Each label says where its view is: left and right side by side, above and below when the
  // views stack (under 640 px), so that the page's text and the figure agree at every width
  // (the stylesheet shows the word of the layout in use).
  const side = (c, name, [sideWord, stackWord]) => {
    const d = doc.createElement("div");
    d.className = "sl-compare-side";
    const l = doc.createElement("p");
    l.className = "sl-compare-label";
    l.id = `sl-compare-${++ids}`;
    const where = doc.createElement("span");
    where.className = "sl-compare-where";
    for (const [cls, word] of [["sl-where-side", sideWord], ["sl-where-stack", stackWord]]) {
      const w = doc.createElement("span");
      w.className = cls;
      w.textContent = `${word}: `;
      where.append(w);
    }
    const n = doc.createElement("span");
    n.className = "sl-compare-name";
    n.textContent = name;
    l.append(where, n);
    // The view is named by its label: which side, and what it runs (issue 58).
    c.setAttribute("aria-labelledby", l.id);
    d.append(l, c);
    return d;
  };
  // (The changed view's label names its parameters once the views have mounted: a parameter with
  // no words of its own is named by its control's label.)
  sides.append(
    side(canvas, t("page.compare.as_written", lang), [t("page.compare.left", lang), t("page.compare.above", lang)]),
    side(b, "", [t("page.compare.right", lang), t("page.compare.below", lang)]),
  );
  // Named by its two labels ("as written", "alignment 0").
  wrap.setAttribute("aria-labelledby", [...sides.querySelectorAll(".sl-compare-label")].map((l) => l.id).join(" "));
  const bar = doc.createElement("div");
  bar.className = "sl-compare-bar";
  const play = doc.createElement("button");
  play.type = "button";
  play.className = "sl-compare-play";
  const reset = doc.createElement("button");
  reset.type = "button";
  reset.className = "sl-compare-reset";
  reset.textContent = t("page.compare.reset", lang);
  const scrub = doc.createElement("input");
  scrub.type = "range";
  scrub.className = "sl-compare-scrub";
  scrub.min = "0";
  scrub.max = "0";
  scrub.step = "1";
  scrub.value = "0";
  scrub.setAttribute("aria-label", t("page.compare.scrub", lang));
  const time = doc.createElement("output");
  time.className = "sl-compare-time";
  // A clock, not news: an <output> is a live region, and this one changed every frame.
  time.setAttribute("aria-live", "off");
  bar.append(play, scrub, time, reset);
  // The scenario's controls: the first view's own panel, which the module puts here.
  const slot = doc.createElement("div");
  slot.className = "steerlab-controls-slot";
  slot.dataset.for = canvas.id;
  wrap.append(sides, bar, slot);

  // (A view that fails shows why in its place; the message is in a steerlab:error event too.)
  const va = steerlab.mount(canvas, scenario);
  const vb = steerlab.mount(b, scenario);
  sides.querySelectorAll(".sl-compare-name")[1].textContent = label(change, lang, slot);

  // The bar takes the views' theme (light or dark, as the viewer resolved it for the page).
  const theme = () => wrap.isConnected && wrap.classList.toggle("steerlab-dark", va.theme === "dark");
  theme();
  const c = new Compare(steerlab, va, vb, { wrap, play, reset, scrub, time }, lang);
  // What the reader sets on the first view's controls, the second view takes too, but for what
  // the comparison changes.
  canvas.addEventListener("steerlab:change", (e) => {
    const { path, value, source } = e.detail;
    if (source !== "control" || Object.hasOwn(change, path) || c.destroyed) return;
    try {
      vb.set(path, value);
    } catch {
      /* (a path the second view refuses: the first view's value stands) */
    }
  });
  c.scheme = matchMedia("(prefers-color-scheme: dark)");
  c.onScheme = () => steerlab.requestFrame(theme);
  c.scheme.addEventListener("change", c.onScheme);
  compares.set(canvas, c);
  // `data-chart`: one chart under both views and their bar, the changed run dashed over the first
  // (www/chart.js).
  if (withChart) {
    const labels = [...sides.querySelectorAll(".sl-compare-label")];
    import("./chart.js").then((m) => m.overlay(steerlab, canvas, vb, labels, bar));
  }
  return c;
}

class Compare {
  constructor(steerlab, a, b, ui, lang) {
    this.sl = steerlab;
    this.a = a;
    this.b = b;
    this.ui = ui;
    this.lang = lang;
    this.playing = false;
    this.frame = 0;
    this.acc = 0;
    this.lastTs = null;
    this.visible = true;
    this.shown = 0;
    ui.play.addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    ui.reset.addEventListener("click", () => this.reset());
    // The views' keys (their labels say Space, →, ←, R) work on both at once: taken before the
    // focused view's own handler, which would move only its side.
    ui.wrap.addEventListener(
      "keydown",
      (e) => {
        if (!e.target.matches?.("canvas") || e.altKey || e.ctrlKey || e.metaKey) return;
        const act = { " ": () => (this.playing ? this.pause() : this.play()), ArrowRight: () => (this.pause(), this.advance(1)), ArrowLeft: () => (this.pause(), this.seek(this.step - 1)), r: () => this.reset(), R: () => this.reset() }[e.key];
        if (!act) return;
        e.preventDefault();
        e.stopPropagation();
        act();
      },
      true,
    );
    ui.scrub.addEventListener("input", () => {
      this.pause();
      this.seek(Number(ui.scrub.value));
    });
    if ("IntersectionObserver" in window) {
      this.io = new IntersectionObserver((es) => {
        for (const e of es) this.visible = e.isIntersecting;
        if (this.visible && this.playing) this.ensure();
      });
      this.io.observe(ui.wrap);
    }
    this.update();
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!still) this.play();
  }

  get step() {
    return this.a.history().step;
  }

  play() {
    this.playing = true;
    this.lastTs = null;
    this.update();
    this.ensure();
  }

  pause() {
    this.playing = false;
    // (A frame asked for returns at once: it is no longer this loop's.)
    this.frame = 0;
    this.loop = (this.loop || 0) + 1;
    this.update();
  }

  /** Both views `n` steps on, drawn. */
  advance(n) {
    if (n <= 0) return;
    this.a.step(n);
    this.b.step(n);
    this.a.render();
    this.b.render();
    this.update();
  }

  /** Both views at `step` (within what both histories hold); returns the step reached. */
  seek(step) {
    const end = Math.min(this.a.history().end, this.b.history().end);
    const s = Math.max(0, Math.min(step, end));
    const ra = this.a.seek(s);
    this.b.seek(ra);
    this.update();
    return ra;
  }

  reset() {
    this.a.reset();
    this.b.reset();
    this.acc = 0;
    this.update();
  }

  ensure() {
    if (this.frame || !this.playing || !this.visible) return;
    const loop = (this.loop = (this.loop || 0) + 1);
    const tick = (ts) => {
      if (loop !== this.loop) return;
      this.frame = 0;
      if (!this.ui.wrap.isConnected) return this.destroy();
      if (!this.playing || !this.visible || this.a.failed || this.b.failed) return;
      if (!document.hidden) {
        // Fixed steps of 1/60 s, as many as the time since the last frame holds (at most 4).
        const dt = this.lastTs == null ? 1 / 60 : Math.min((ts - this.lastTs) / 1000, 4 / 60);
        this.acc += dt;
        const n = Math.floor(this.acc * 60 + 1e-6);
        this.acc -= n / 60;
        this.advance(n);
      }
      this.lastTs = ts;
      this.frame = 1;
      this.sl.requestFrame(tick);
    };
    // (The page's one frame loop, with the viewers': it stops when nothing plays.)
    this.frame = 1;
    this.sl.requestFrame(tick);
  }

  /** Stop, let go of the observers and destroy both viewers (also done by itself when the compare
   *  leaves the document while playing; the viewers go with their canvases in any case). */
  destroy() {
    this.destroyed = true;
    this.pause();
    this.io?.disconnect();
    this.scheme?.removeEventListener("change", this.onScheme);
    this.a.destroy();
    this.b.destroy();
  }

  update() {
    if (this.destroyed) return;
    const { play, scrub, time } = this.ui;
    const label = this.playing ? t("page.compare.pause", this.lang) : t("page.compare.play", this.lang);
    if (play.textContent !== label) {
      play.textContent = label;
      play.setAttribute("aria-pressed", String(this.playing));
    }
    const h = this.a.history();
    scrub.max = String(Math.min(h.end, this.b.history().end));
    scrub.min = String(h.start);
    scrub.value = String(h.step);
    // In the reader's locale (www/words.js), as the canvas's own scrub bar writes its time.
    time.textContent = t("page.compare.time", this.lang, { time: formatNumber(h.step / 60, this.lang, 1) });
  }
}
