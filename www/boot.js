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

import init, * as module from "../steerlab.js";

// Updates that never mix (scripts/hooks/version.mjs, the build's last step): every file this
// loader and the modules it loads fetch is asked for with the build's hash (`?v=…`, written into
// the specifiers at build time), so a reader's cache never pairs an old module with this loader;
// and `version` below becomes the package's version. The one mechanism: a new fetch goes through
// an `import(…)` or a `new URL("<file>", import.meta.url)` with the file written out.
/** The package's version (its package.json's). */
export const version = "0.0.0-dev";

function showStatus(message) {
  const el = document.getElementById("steerlab-status");
  if (el) {
    el.textContent = message;
    el.hidden = false;
  }
}

// Posters (posters/posters.css): each unmounted built-in canvas shows its scenario's first frame,
// an SVG written at build time, until its viewer draws. Only the canvases near the viewport get
// theirs (the class below), now and as the reader scrolls: every SVG image costs the page parsing
// work, and a page with eleven canvases would otherwise load eleven pictures before its module.
// (A canvas mounts a screen ahead of the reader, so a poster shows mostly while the module loads,
// or after a jump down the page while its canvas waits in the queue.)
function showPosters() {
  const canvases = document.querySelectorAll("canvas[data-scenario]");
  const show = (c) => {
    // The auto theme's poster follows the page's background, as the viewer will (theme.rs).
    const t = (c.getAttribute("data-theme") || "auto").trim();
    if (t === "auto") c.classList.add(pageIsDark(c) ? "steerlab-poster-dark" : "steerlab-poster-light");
    c.classList.add("steerlab-poster-shown");
  };
  const near = (r) => r.bottom > -MARGIN && r.top < innerHeight + MARGIN && r.right > -MARGIN && r.left < innerWidth + MARGIN;
  if (typeof IntersectionObserver !== "function") {
    canvases.forEach(show);
    return null;
  }
  // Those on screen now at once (one layout), the others when they come near.
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          show(e.target);
          io.unobserve(e.target);
        }
      }
    },
    { rootMargin: `${MARGIN}px` },
  );
  for (const c of canvases) {
    if (near(c.getBoundingClientRect())) show(c);
    else io.observe(c);
  }
  return io;
}
const MARGIN = 200;

/** Whether the page behind `el` is dark, as src/web/theme.rs decides for `data-theme="auto"`: the
 *  ancestors' backgrounds composited from the innermost up to the first opaque one, over the
 *  browser's own canvas colour; dark below a relative luminance of 0.179 (payload: 240 KB). */
function pageIsDark(el) {
  const layers = [];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const [r, g, b, a = 1] = (/rgba?\(([^)]+)/.exec(getComputedStyle(e).backgroundColor)?.[1].split(/[\s,/]+/) ?? [0, 0, 0, 0]).map(Number);
    if (a > 0) layers.unshift([r / 255, g / 255, b / 255, a]);
    if (a >= 1) break;
  }
  // (The root's color-scheme only: the viewer also reads <meta name="color-scheme">, a page
  // that sets no background of its own and only that meta gets the light poster.)
  const w = getComputedStyle(document.documentElement).colorScheme.split(/\s+/);
  const k = w.includes("dark") && (!w.includes("light") || matchMedia("(prefers-color-scheme: dark)").matches) ? 0x12 / 255 : 1;
  const rgb = [k, k, k];
  for (const l of layers) for (let i = 0; i < 3; i++) rgb[i] = l[i] * l[3] + rgb[i] * (1 - l[3]);
  return 0.2126 * rgb[0] ** 2 + 0.7152 * rgb[1] ** 2 + 0.0722 * rgb[2] ** 2 < 0.179;
}
// Only in a browser: importing this module in Node (a static-site generator or a server renderer
// importing the page's modules) touches no window, document or WebAssembly; `ready` rejects there.
const IN_BROWSER = typeof document == "object";
if (IN_BROWSER) showPosters();

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
}

// Lazy mounting: a canvas far from the viewport costs nothing until the reader comes near it. The
// near ones are mounted one per task (a long page never blocks for the sum of its mounts); the
// others wait for ONE IntersectionObserver (margin: a screen). The module's autoMount() stays as it
// was (everything at once) for pages that call it themselves.
const waiting = new Set();
const queue = [];
/** Queue `c` to mount, its scenario's file on its way at once. */
const enqueue = (c) => (load(scenarioOf(c)), c.hasAttribute(SRC) && fetchSrc(c.getAttribute(SRC)), queue.push(c));
let observer = null;

function scenarioOf(canvas) {
  // `data-scenario-json="#id"`: scenario JSON text from a <script type="application/json">.
  const id = canvas.getAttribute("data-scenario-json");
  const text = id ? document.getElementById(id.replace(/^#/, ""))?.textContent : null;
  return text ?? canvas.getAttribute("data-scenario");
}

// `data-scenario-src="/posts/mine.json"` (and `mountFrom`): the scenario's text from a URL, fetched
// when the canvas is queued; checked like any other when it mounts. A failed fetch is shown on the
// canvas as a refused scenario is, naming the URL and why.
const SRC = "data-scenario-src";
const sources = new Map();
/** The text at `url` (relative to the page): a promise of `{ text }` or `{ error }`, once per URL. */
function fetchSrc(url) {
  if (!sources.has(url)) {
    const got = fetch(new URL(url, document.baseURI))
      .then((r) => (r.ok ? r.text().then((text) => ({ text })) : { error: `HTTP ${r.status} ${r.statusText}`.trim() }))
      .catch((e) => ({ error: `network error (${e.message})` }))
      .then((r) => (sources.set(url, r), r));
    sources.set(url, got);
  }
  return sources.get(url);
}
/** Mount `canvas` with the text at `url`, or show why there is none; returns the viewer (or throws). */
function mountSrc(steerlab, canvas, url, got) {
  if (got.error) {
    const message = `${SRC}: could not load ${url}: ${got.error}`;
    steerlab.refuse(canvas, message);
    throw new Error(message);
  }
  return steerlab.mount(canvas, got.text);
}

// The built-in scenarios are files beside www/ (scenarios/<name>.json), not part of the module: a
// canvas's is fetched when it is queued to mount (`load`), and given to the module before the
// mount. Code that mounts a built-in whose file has not come yet (window.steerlab's mount, validate,
// autoMount, viewerFor on a waiting canvas) gets it first with one synchronous request (`loadNow`);
// `loadScenario(s)` gets it without blocking, for code that can wait (react.js, steer-lab.js).
// (One `new URL(template, import.meta.url)` form: bundlers such as Vite see it and carry the files,
// as files: `?no-inline`, else Vite would write all twenty into the bundle as data: URLs.)
const scenarioUrl = (name) => new URL(`../scenarios/${name}.json?no-inline`, import.meta.url);
const loading = new Map();
function load(arg) {
  const name = module.missingScenario(arg);
  if (!name) return null;
  if (!loading.has(name)) {
    const got = fetch(scenarioUrl(name))
      .then((r) => (r.ok ? r.text() : null))
      .then((t) => t && module.registerScenario(name, t))
      .catch(() => {}); // the mount then says the scenario is not loaded
    loading.set(name, got);
  }
  return loading.get(name);
}
function loadNow(arg) {
  const name = module.missingScenario(arg);
  if (!name) return;
  const x = new XMLHttpRequest();
  try {
    x.open("GET", scenarioUrl(name), false);
    x.send();
    if (x.status === 200) module.registerScenario(name, x.responseText);
  } catch {
    /* the mount says the scenario is not loaded */
  }
}

function mountNow(steerlab, canvas) {
  waiting.delete(canvas);
  observer?.unobserve(canvas);
  if (!canvas.isConnected || canvas.hasAttribute("data-steerlab-mounted") || steerlab.viewerFor(canvas)) return;
  const src = canvas.getAttribute(SRC);
  if (src) {
    // At once when the queue fetched its text already (so viewerFor finds the viewer), else when
    // the text comes.
    canvas.setAttribute("data-steerlab-mounted", "");
    const got = fetchSrc(src);
    const go = (g) => {
      try {
        mountSrc(steerlab, canvas, src, g);
      } catch {
        /* shown on the canvas */
      }
    };
    return void (got.then ? got.then(go) : go(got));
  }
  loadNow(scenarioOf(canvas));
  // Marked as tried first, as autoMount() does, so a canvas that fails is not tried again.
  canvas.setAttribute("data-steerlab-mounted", "");
  // `"engine": "gpu"` or `"auto"`: the GPU engine where WebGPU is, its code loaded for this canvas
  // only (www/gpu/mount.js; without WebGPU the CPU viewer stays and its HUD names the fallback).
  // `data-compare`: two views in lockstep, www/compare.js loaded on first use.
  if (canvas.hasAttribute("data-compare")) return void import("./compare.js").then((m) => m.mountCompare(steerlab, canvas, scenarioOf(canvas)));
  try {
    const v = steerlab.mount(canvas, scenarioOf(canvas));
    if (/^(gpu|auto)$/.test(v.get("engine"))) import("./gpu/mount.js").then((m) => m.takeOver(steerlab, canvas, v));
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
        const first = scenarioOf(queue[0]);
        Promise.resolve(load(first)).then(() => {
          setTimeout(next, 0);
          try {
            steerlab.validate(first);
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
      // Its scenario's file first (the next ones are already on their way: `enqueue`), and the
      // chart's code for a canvas that shows its chart from the start: the chart then comes with
      // the viewer, in the same frame, and nothing under the figure moves twice.
      const chart = /^(?!false$)/.test(c.getAttribute("data-chart") ?? "false") && chartJs();
      const src = c.getAttribute(SRC);
      Promise.all([load(scenarioOf(c)), chart, src && fetchSrc(src)]).then(() => {
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
  const canvases = [...document.querySelectorAll(`canvas:is([data-scenario],[${SRC}]):not([data-steerlab-mounted])`)];
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
  return drain(steerlab);
}

// `v.code(target)` (issue #36): the scenario as a program for "unity", "js" or "rust", from
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

async function start() {
  try {
    // The page's text first: one frame is painted before the module compiles and mounts (a long
    // page's first paint no longer waits for them).
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    await init();
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
    if (k >= 0 || waiting.has(canvas) || due.has(canvas)) mountNow(module, canvas);
    return module.viewerFor(canvas);
  };
  addCode(module);
  // Snippets (Embed, embedCode()) name the package where this page loaded it from.
  const at = new URL("..", import.meta.url);
  module.setPackagePath(at.origin === location.origin ? at.pathname : at.href);
  // mount, validate and autoMount take a built-in's name as before: its file is fetched first.
  const mount = (canvas, scenario) => (loadNow(scenario), module.mount(canvas, scenario));
  const validate = (scenario) => (loadNow(scenario), module.validate(scenario));
  const autoMount = () => {
    for (const c of document.querySelectorAll("canvas[data-scenario]")) loadNow(scenarioOf(c));
    for (const c of document.querySelectorAll(`canvas[${SRC}]`)) mountNow(module, c);
    return module.autoMount();
  };
  // Code that mounts later, asynchronously, waits for the file instead: `await loadScenario(s)`.
  const loadScenario = (scenario) => Promise.resolve(load(scenario)).then(() => undefined);
  const mountFrom = (canvas, url) => Promise.resolve(fetchSrc(url)).then((got) => mountSrc(module, canvas, url, got));
  const steerlab = Object.freeze(Object.assign(Object.create(null), module, { ready, version, viewerFor, mount, mountFrom, validate, autoMount, loadScenario }));
  await mountAll(steerlab);
  window.steerlab = steerlab;
  window.dispatchEvent(new CustomEvent("steerlab:ready", { detail: steerlab }));
  // `data-challenge`: www/challenge.js checks them, loaded when the first comes within a screen.
  const ch = document.querySelectorAll("[data-challenge]");
  if (ch.length) {
    const io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && (io.disconnect(), import("./challenge.js").then((m) => m.attachAll())), { rootMargin: "100%" });
    ch.forEach((e) => io.observe(e));
  }
  return steerlab;
}

/** Resolves to the module's exports once the module is initialised and the page's canvases are mounted.
 *  Outside a browser (server-side rendering) it rejects, handled here so that nothing crashes. */
export const ready = IN_BROWSER ? start() : Promise.reject(new Error("steerlab runs in a browser"));
if (!IN_BROWSER) ready.catch(() => {});
