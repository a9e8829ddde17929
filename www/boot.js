// steerlab's page loader.
//
// Loaded as <script type="module" src="…/www/boot.js">: no inline script anywhere, so pages work
// under `Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`.
// Trunk writes the wasm-bindgen glue and the module to the root of dist/ under stable names
// (Trunk.toml: filehash = false), one level above this file (dist/www/boot.js).
//
// In this order: it initialises the module once, mounts the <canvas data-scenario="…"> near the
// viewport, one per task (each fires `steerlab:mounted` on its canvas, or `steerlab:error`),
// exposes the module as `window.steerlab` (with `ready`), fires `steerlab:ready` on window
// (detail: window.steerlab), and resolves `ready`. Canvases further down mount when the reader
// scrolls within a screen of them (`data-mount="eager"` on a canvas mounts it with the first ones).
// A `steerlab:ready` handler, or code after `await ready`, gets any viewer with
// `steerlab.viewerFor(canvas)`: a canvas still waiting is mounted at once.
//
//   import { ready } from "/steerlab/www/boot.js";
//   const steerlab = await ready;      // the module's exports: mount, viewerFor, …
//
// Words and scenarios (www/loader.js: the one registry of the words, www/words.js its scripts'
// side; the one scenario loader, every source, a failure named once in the figure): each canvas's
// language file (`words/<tag>.json`) is fetched with it, once, before it mounts; `addWords`,
// `loadWords` (exported, usable before `ready`) add or override a language.

import init, * as module from "../steerlab.js";
import { addWords, atHand, builtinText as builtinFileText, connect, ensureWords, langOf, load as loadFigure, loadWords, mountFigure, resolve, resolveNow, sourceOf } from "./loader.js";

export { addWords, ensureWords, loadWords };
/** Check a words file against English (www/words.js's `checkWords`, loaded on first use). */
export const checkWords = (words) => import("./words.js").then((m) => m.checkWords(words));
/** A built-in scenario's text as its file has it, from the one fetch of it (the playground shows
 *  it); undefined when the module has it compiled in. */
export const builtinText = (name) => ready.then(() => builtinFileText(module, name));
// Updates that never mix (scripts/hooks/version.mjs, the build's last step): every file this
// loader and the modules it loads fetch is asked for with the build's hash (`?v=…`, written into
// the specifiers at build time), so a reader's cache never pairs an old module with this loader;
// and `version` below becomes the package's version. The one mechanism: a new fetch goes through
// an `import(…)` or a `new URL("<file>", import.meta.url)` with the file written out.
/** The package's version (its package.json's). */
export const version = "0.0.0-dev";
// Posters until the viewers draw (www/posters.js).
import { showPosters } from "./posters.js";

function showStatus(message) {
  const el = document.getElementById("steerlab-status");
  if (el) {
    el.textContent = message;
    el.hidden = false;
  }
}

// Only in a browser: importing this module in Node (a static-site generator or a server renderer
// importing the page's modules) touches no window, document or WebAssembly; `ready` rejects there.
export const IN_BROWSER = typeof document == "object";
if (IN_BROWSER) showPosters();


// Figures exist before they mount (issue 49): a waiting canvas is named by its figure's title (its
// caption's <strong>, else the caption; a challenge's, its task's) and takes the focus, which
// mounts it (start()). The viewer keeps the name (issue 58) and gives both back.
if (IN_BROWSER)
  for (const c of document.querySelectorAll("canvas[data-scenario]:not([aria-label])")) {
    const task = c.closest("[data-challenge]")?.querySelector(".challenge-task"), cap = c.closest("figure")?.querySelector("figcaption");
    const name = (cap?.querySelector("strong") ?? cap ?? task?.querySelector("strong") ?? task)?.textContent.trim().replace(/[.:—–-]\s*$/, "");
    if (name) c.setAttribute("role", "img"), c.setAttribute("aria-label", name);
    c.tabIndex = 0;
  }
// The described scene (www/describe.js): loaded by the first focus, key or change in a figure;
// the events before it came are handed to it.
let early = [];
const describeJs = (e) => (e && early?.push(e), (describeJs.p ??= import("./describe.js").then((m) => (m.attach(module, early), (early = null), m))));

let chartCode = null;
const chartJs = () => (chartCode ??= import("./chart.js").then((m) => (chartJs.m = m)));

// Loaded on first use (issue 35): the chart under a canvas, when a viewer shows it
// (`steerlab:chart`: `v.chart(true)`, `data-chart`), and the measures' meanings, when a readout's
// "?" button is first pointed at, focused or tapped (the latest of those is acted on).
if (IN_BROWSER) {
  // (Once loaded, called as soon as the viewer is free, in a microtask: a chart shown at mount is
  // then drawn in the viewer's first frame, not a frame or two later.)
  document.addEventListener("steerlab:chart", (e) => {
    const show = (m) => m.chart(module, e.target);
    chartJs.m ? queueMicrotask(() => show(chartJs.m)) : chartJs().then(show);
  });
  const asked = new Map();
  const meanings = (e) => {
    const b = e.target.closest?.("[data-meanings]");
    if (!b || asked.get(b) === true) return;
    const first = !asked.has(b);
    asked.set(b, e.type);
    if (first) import("./meaning.js").then((m) => (m.readout(b, asked.get(b)), asked.set(b, true)));
  };
  for (const k of ["pointerover", "focusin", "click"]) document.addEventListener(k, meanings);

  // A finger on a slider or a scrub bar (issue 45): it moves them with horizontal intent only, and
  // a vertical swipe scrolls the page (their CSS: touch-action: pan-y). Chromium's range puts its
  // thumb under the finger at touchstart, before any intent shows; a disabled range skips that, so
  // the range is disabled from the finger's pointerdown (which comes first) until it shows intent:
  // sideways, or a tap, it takes the value under the finger (the thumb, 16 px, then follows it);
  // up or down, the page scrolls (pointercancel) and the value never changed.
  let held = null;
  const at = (r, x) => {
    const b = r.getBoundingClientRect(), lo = +r.min, hi = +r.max;
    r.value = lo + Math.min(1, Math.max(0, (x - b.left - 8) / (b.width - 16))) * (hi - lo);
    r.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const fingers = (e) => {
    const r = e.target;
    if (e.type == "pointerdown") {
      if (e.pointerType == "touch" && !r.disabled && r.matches?.(".steerlab input[type=range], .sl-compare input[type=range]")) {
        held = { r, id: e.pointerId, x: e.clientX, y: e.clientY, side: false };
        r.disabled = true;
      }
      return;
    }
    if (!held || held.id != e.pointerId) return;
    const h = held, dx = Math.abs(e.clientX - h.x), dy = Math.abs(e.clientY - h.y);
    if (e.type == "pointermove") {
      if (!h.side && h.r.disabled && dx > 8 && dx > dy) (h.side = true), (h.r.disabled = false);
      if (h.side) at(h.r, e.clientX);
      return;
    }
    held = null;
    if (h.r.disabled) {
      h.r.disabled = false;
      // A tap: the value under the finger (then the range's own touchend fires `change`).
      if (e.type == "pointerup" && dx <= 8 && dy <= 8) at(h.r, e.clientX);
    }
  };
  for (const k of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) document.addEventListener(k, fingers, true);

  // (A reader's: a page's own script setting parameters or sending keys loads nothing.)
  const reader = (e) => e.isTrusted || e.detail?.source == "control" || document.activeElement?.matches("button");
  for (const k of ["focusin", "keydown", "steerlab:change"]) document.addEventListener(k, (e) => reader(e) && e.target.closest?.(".steerlab") && describeJs(e));
}

// Lazy mounting: a canvas far from the viewport costs nothing until the reader comes near it. The
// near ones are mounted one per task (a long page never blocks for the sum of its mounts); the
// others wait for ONE IntersectionObserver (margin: a screen). Every canvas's files (its
// scenario's, from a name or a URL, and its words) are on their way from the start and in before
// `ready` (small JSON files, each once: www/loader.js, www/words.js), so that `viewerFor` mounts a
// waiting canvas at once, with no synchronous request. The module's autoMount() stays as it was
// (everything at once) for pages that call it themselves.
const waiting = new Set();
const queue = [];
/** canvas → the promise of its files (`resolve` and `ensureWords`), asked for once. */
const files = new Map();
const prefetch = (c) => (files.has(c) || files.set(c, Promise.all([resolve(module, sourceOf(c)).catch(() => {}), ensureWords(c)])), files.get(c));
/** Queue `c` to mount, its files on their way. */
const enqueue = (c) => (prefetch(c), queue.push(c));
let observer = null;

/** Mount `canvas` now when its files are here (a waiting canvas that `viewerFor` asks for, a
 *  queued one whose files came), else as soon as they come (`load`). A failure is shown in the
 *  figure (www/loader.js). */
function mountNow(steerlab, canvas) {
  waiting.delete(canvas);
  observer?.unobserve(canvas);
  if (!canvas.isConnected || canvas.hasAttribute("data-steerlab-mounted") || module.viewerFor(canvas)) return;
  const source = sourceOf(canvas);
  const arg = atHand(module, source);
  if (arg === undefined) {
    // (Marked as tried first, as autoMount() does, so a canvas that fails is not tried again.)
    canvas.setAttribute("data-steerlab-mounted", "");
    return void loadFigure(steerlab, canvas, source).catch(() => {});
  }
  ensureWords(canvas); // (here already, unless it was mounted early: then written in as it comes)
  try {
    mountFigure(steerlab, canvas, arg, source)?.catch?.(() => {});
  } catch {
    // The message is on the canvas, in the console and in a steerlab:error event already.
  }
}

/** Mount the queue one canvas per task (the next task is set first: a canvas whose mount panics
 *  does not stop the others); resolves when it is empty. The first task only reads the first
 *  canvas's scenario (validate()): the browser compiles the module's functions as they are first
 *  called, and the scenario reader's share of that then falls in a task of its own instead of
 *  lengthening the first mount. */
let draining = null;
/** Canvases taken from the queue whose files are on their way. */
const due = new Set();
let warmed = false;
function drain(steerlab) {
  draining ??= new Promise((resolve) => {
    const next = () => {
      if (!warmed && queue.length) {
        warmed = true;
        const first = queue[0];
        prefetch(first).then(() => {
          setTimeout(next, 0);
          const arg = atHand(module, sourceOf(first));
          try {
            if (arg !== undefined) module.validate(arg);
          } catch {
            /* the mount reports it */
          }
        });
        return;
      }
      const c = queue.shift();
      if (!c) {
        draining = null;
        return resolve();
      }
      due.add(c); // (viewerFor mounts it meanwhile if asked: see start())
      // Its files first (the next ones are already on their way: `enqueue`), and the chart's code
      // for a canvas that shows its chart from the start: the chart then comes with the viewer, in
      // the same frame, and nothing under the figure moves twice.
      const chart = /^(?!false$)/.test(c.getAttribute("data-chart") ?? "false") && chartJs();
      Promise.all([prefetch(c), chart]).then(() => {
        due.delete(c);
        setTimeout(next, 0);
        mountNow(steerlab, c);
      });
    };
    setTimeout(next, 0);
  });
  return draining;
}

function mountAll(steerlab) {
  const canvases = [...document.querySelectorAll(`canvas:is([data-scenario],[data-scenario-src]):not([data-steerlab-mounted])`)];
  const margin = innerHeight;
  const near = (c) => {
    const r = c.getBoundingClientRect();
    return r.bottom > -margin && r.top < innerHeight + margin;
  };
  if (typeof IntersectionObserver === "function") {
    observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting && waiting.has(e.target)) {
            waiting.delete(e.target);
            observer.unobserve(e.target);
            enqueue(e.target);
          }
        }
        if (queue.length) drain(steerlab);
      },
      { rootMargin: "100% 0px" },
    );
  }
  // A canvas named by a link in the URL (`#sl.<id, or index among the page's canvases>=…`, what
  // Share copies) mounts with the first ones: its viewer restores that moment and scrolls to it.
  const linked = new Set();
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const eq = part.indexOf("=");
    if (!part.startsWith("sl.") || eq < 0) continue;
    try {
      linked.add(decodeURIComponent(part.slice(3, eq)));
    } catch {
      /* a malformed key: its canvas mounts as usual and reports the link */
    }
  }
  const all = linked.size ? [...document.querySelectorAll("canvas")] : [];
  const isLinked = (c) => linked.size > 0 && linked.has(c.id || String(all.indexOf(c)));
  for (const c of canvases) {
    if (!observer || c.getAttribute("data-mount") === "eager" || isLinked(c) || near(c)) enqueue(c);
    else {
      waiting.add(c);
      observer.observe(c);
    }
  }
  return Promise.all([drain(steerlab), ...canvases.map(prefetch)]);
}

// `v.code(target)` (issues #36, #48): the scenario as a program for "unity", "godot", "js", "rust" or "rust-crate", from
// ./code/export.js, loaded on first use (never with the page); the viewer's "Code" button opens
// ./code/dialog.js (its `steerlab:code` event).
function addCode(module) {
  const load = () => import("./code/dialog.js");
  module.Viewer.prototype.code = function (target, options) {
    const state = this.state(), canvas = this.canvas;
    return load().then((m) => m.codeFor(state, target, canvas, options));
  };
  document.addEventListener("steerlab:code", (ev) => load().then((m) => m.openCode(module.viewerFor(ev.target), ev.target)));
}

/** A task boundary once the running task has taken 30 ms or more (else at once). After the module
 *  compiles, its instantiation, its taking the words that came first (`connect`, a slice at a
 *  time) and the first mounts made one task of several hundred milliseconds on a slow phone; a
 *  boundary at every step would instead let a frame in between each (the first figure then moves
 *  later). */
let taskStart = 0;
const nextTask = () =>
  performance.now() - taskStart < 30 ? Promise.resolve() : new Promise((r) => setTimeout(r, 0)).then(() => void (taskStart = performance.now()));

async function start() {
  // The first canvas's words on their way while the module loads.
  const first = document.querySelector("canvas[data-scenario]");
  if (first) ensureWords(first);
  try {
    // The page's text first: one frame is painted before the module compiles and mounts (a long
    // page's first paint no longer waits for them).
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    taskStart = performance.now();
    await init();
    await nextTask();
  } catch (err) {
    console.error("steerlab: the WebAssembly module failed to load:", err);
    showStatus("The visualisations could not start: this browser failed to load the WebAssembly module.");
    throw err;
  }
  // A plain object (a module namespace cannot take `ready`), frozen like the namespace. Its
  // viewerFor mounts a canvas that still waits to come near the viewport.
  const viewerFor = (canvas) => {
    const k = queue.indexOf(canvas);
    if (k >= 0) queue.splice(k, 1);
    if (k >= 0 || waiting.has(canvas) || due.has(canvas)) mountNow(steerlab, canvas);
    return module.viewerFor(canvas);
  };
  addCode(module);
  await connect(module, nextTask);
  await nextTask();
  module.Viewer.prototype.describe = function () {
    return describeJs().then((m) => m.describe(this));
  };
  document.addEventListener("focusin", (e) => e.target.matches?.("canvas:is([data-scenario],[data-scenario-src])") && viewerFor(e.target));
  // Snippets (Embed, embedCode()) name the package where this page loaded it from.
  const at = new URL("..", import.meta.url);
  module.setPackagePath(at.origin === location.origin ? at.pathname : at.href, new URL(import.meta.url).search);
  // The one loader (www/loader.js): `load(canvas, source)` takes every source (a built-in's name,
  // JSON text, an object, `{ src: url }`), fetches what it needs and its words, and never blocks.
  // `mount` is the module's, synchronous: a built-in whose file no canvas fetched yet is fetched
  // first with one synchronous request (use `load` instead); `autoMount` the same. The canvas's
  // words are asked for too: words that come after the mount are written in as they come.
  const mount = (canvas, scenario) => (resolveNow(module, scenario), ensureWords(canvas), module.mount(canvas, scenario));
  // (A built-in's name is valid: its file is the one shipped, checked by the tests.)
  const validate = (scenario) => (module.missingScenario(scenario) ? null : module.validate(scenario));
  const autoMount = () => {
    for (const c of document.querySelectorAll("canvas[data-scenario]")) resolveNow(module, sourceOf(c)), ensureWords(c);
    for (const c of document.querySelectorAll("canvas[data-scenario-src]")) mountNow(steerlab, c);
    return module.autoMount();
  };
  const load = (canvas, source) => loadFigure(steerlab, canvas, source);
  // (Older names: a built-in's file fetched without mounting; a URL's scenario mounted.)
  const loadScenario = (scenario) => resolve(module, scenario).then(() => undefined);
  const mountFrom = (canvas, url) => load(canvas, { src: url });
  // Words: the registry's (www/loader.js: it keeps the pages' scripts' words and gives the module its own).
  const words = { addWords, loadWords, checkWords, ensureWords, langOf };
  const steerlab = Object.freeze(Object.assign(Object.create(null), module, words, { ready, version, viewerFor, mount, load, mountFrom, validate, autoMount, loadScenario }));
  // The page's own language's words too (code that mounts through the API after `ready` finds
  // them there; a canvas in another language gets its words as they come).
  await Promise.all([mountAll(steerlab), ensureWords(document.documentElement)]);
  window.steerlab = steerlab;
  window.dispatchEvent(new CustomEvent("steerlab:ready", { detail: steerlab }));
  // `data-challenge`: www/challenge.js checks them, loaded when the first comes within a screen.
  const ch = document.querySelectorAll("[data-challenge]");
  if (ch.length) {
    const io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && (io.disconnect(), import("./challenge.js").then((m) => m.attachAllWithWords())), { rootMargin: "100%" });
    ch.forEach((e) => io.observe(e));
  }
  return steerlab;
}

/** Resolves to the module's exports once the module is initialised and the page's canvases are mounted.
 *  Outside a browser (server-side rendering) it rejects, handled here so that nothing crashes. */
export const ready = IN_BROWSER ? start() : Promise.reject(new Error("steerlab runs in a browser"));
if (!IN_BROWSER) ready.catch(() => {});

// The package's other modules (www/steer-lab.js) take this loader's `ready` from here, whatever URL
// the page named it by (`boot.js`, or `boot.js?v=<build>` as the recipes write it): importing it by
// their own URL would load a second copy. (The words' registry and the scenario loader,
// www/loader.js, are imported by every module under the build's one URL.)
if (IN_BROWSER) {
  const key = Symbol.for("steerlab.boot");
  if (globalThis[key]) console.warn(`steerlab: www/boot.js is loaded twice, as ${globalThis[key].url} and ${import.meta.url}: name it one way (with the same ?v=) on the page and in its scripts`);
  else globalThis[key] = { url: import.meta.url, ready };
}
