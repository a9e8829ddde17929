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
// Words (below): each canvas's language file (`words/<tag>.json`) is fetched with it, once, before
// it mounts; `addWords`, `loadWords` (exported, usable before `ready`) add or override a language.

import init, * as module from "../steerlab.js";

/** Check a words file against English (www/words.js's `checkWords`, loaded on first use). */
export const checkWords = (words) => import("./words.js").then((m) => m.checkWords(words));
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

/** The files fetched (built-in scenarios, words): url → { p: Promise, done }, each fetched once. */
export const FILES = new Map();

/** Fetch `url` once and give its text to `use`; a failure is a warning (then the mount says what
 *  is missing). */
function getOnce(url, use) {
  if (!FILES.has(url)) {
    const e = { done: false };
    e.p = fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(Error(`HTTP ${r.status}`))))
      .then((text) => ((e.text = text), use(text)))
      .catch((err) => console.warn(`steerlab: ${url}: ${err.message}`))
      .finally(() => (e.done = true));
    FILES.set(url, e);
  }
  return FILES.get(url).p;
}

/** The same with one synchronous request, for code that cannot wait: a built-in scenario a mount
 *  through the API needs before the page's loading got it, a script's first words (www/words.js). */
export function getNow(url, use) {
  if (FILES.get(url)?.done) return;
  FILES.set(url, { done: true, p: Promise.resolve() });
  try {
    const x = new XMLHttpRequest();
    x.open("GET", url, false);
    x.send();
    if (x.status === 200) use((FILES.get(url).text = x.responseText));
  } catch (err) {
    console.warn(`steerlab: ${url}: ${err.message}`);
  }
}

// Words: the one registry of the words every script reads (www/words.js adds `t()` and the rest of
// the pages' scripts' API on top of it: it imports them from here), and what a page needs to
// mount its canvases. The words files (`words/<tag>.json`, one flat JSON object of "key": "text"
// per language, beside www/) are fetched when a canvas or a script first needs a language, once;
// an author adds or overrides one (`addWords`, a hosted file through `loadWords` or `<link
// rel="steerlab-words" hreflang href>`); the same texts go to the wasm module, which holds none.
//
// A language is a BCP 47 tag (kept in lower case here) and falls back as the web does: `pt-BR` →
// `pt` → `en`, key by key. A shipped language (SHIPPED) has every key, so a page in it loads that
// one file; English is fetched too only for a language that is not shipped (an author's, or none
// at all) or that lacks keys the module shows. A key name never reaches the screen; one console
// warning per language lists the keys it lacks (www/words.js, loaded then). docs/words.md
// describes the files, the keys and the template language.

/** The languages with a words file beside www/ (`words/<tag>.json`), each with every key. */
export const SHIPPED = ["en", "es", "fr", "pt"];

/** tag → { key: text }, merged in the order added. */
export const WORDS = new Map();
/** tag → [url]: an author's hosted words files. */
export const HOSTED = new Map();
/** Shipped languages whose file lacks keys (older than the module or the scripts): whoever reads
 *  them reads English too. */
export const INCOMPLETE = new Set();
let inited = false; // the module is initialised: it takes words (`connect`)

/** A language tag, lower case (`pt_BR` → `pt-br`); "" when it is not one. */
export function canonical(tag) {
  const c = String(tag ?? "").trim().replace(/_/g, "-").toLowerCase();
  return /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/.test(c) ? c : "";
}

/** The languages `tag` reads, itself first, English last (RFC 4647 lookup): `pt-BR` → pt-br, pt, en. */
export function chain(tag) {
  const out = [];
  for (let t = canonical(tag); t; t = t.slice(0, Math.max(0, t.lastIndexOf("-")))) out.push(t);
  if (!out.includes("en")) out.push("en");
  return out;
}

/** A canvas's (or any element's) language, as the module reads it: its `data-lang`, else the
 *  closest `lang` attribute (the document's included), else English. */
export function langOf(el) {
  return el?.getAttribute?.("data-lang")?.trim() || el?.closest?.("[lang]")?.getAttribute("lang")?.trim() || "en";
}

/** The files `tag` needs: those of its chain up to the first shipped language (English for a
 *  language that is not shipped; all, English included, when that one is INCOMPLETE): shipped
 *  (beside www/: the `new URL(…, import.meta.url)` form lets bundlers carry them, `?no-inline`
 *  keeps Vite from inlining them) then hosted. */
export function needed(tag) {
  const c = chain(tag);
  const k = c.findIndex((t) => SHIPPED.includes(t));
  return (INCOMPLETE.has(c[k]) ? c : c.slice(0, k + 1)).flatMap((t) =>
    [...(SHIPPED.includes(t) ? [String(new URL(`../words/${t}.json?no-inline`, import.meta.url))] : []), ...(HOSTED.get(t) ?? [])].map((url) => [t, url]),
  );
}

/** A words file's text to take (`take(t)(text)`): its words added; a shipped one that lacks keys
 *  the module shows is INCOMPLETE. */
export const take = (t) => (text) => {
  const words = JSON.parse(text);
  if (words?.constructor != Object) throw Error("not words");
  addWords(t, words);
  if (SHIPPED.includes(t) && lacking) INCOMPLETE.add(t);
};
export const tagOf = (x) => (typeof x == "string" ? x : langOf(x));

/** Load what the language of `canvasOrTag` needs (each file once); resolves when it is there.
 *  Words that come after a canvas mounted are written into it then. */
export function ensureWords(canvasOrTag) {
  const tag = tagOf(canvasOrTag);
  if (!IN_BROWSER) return Promise.resolve();
  return Promise.all(needed(tag).map(([t, url]) => getOnce(url, take(t)))).then(() =>
    needed(tag).every(([, url]) => FILES.has(url)) ? settle(tag) : ensureWords(tag),
  );
}

/** `tag`'s words are loaded: tell the module how it writes numbers (Intl); a language that reads
 *  English as a fallback (not shipped) gets its warning when it lacks keys (www/words.js). */
export function settle(tag) {
  const c = chain(tag)[0];
  if (!inited || !needed(tag).every(([, url]) => FILES.get(url)?.done)) return;
  const f = intlOf(c);
  const part = (type) => f.formatToParts(-12345.6).find((p) => p.type == type)?.value ?? "";
  module.addWords(c, [part("decimal"), part("group"), f.format(1234).length > 4 ? 1 : 2, part("minusSign")].join("\x01"));
  if (chain(c).find((t) => SHIPPED.includes(t)) == "en" && !/^en(-|$)/.test(c)) import("./words.js").then((m) => m.warnMissing(c));
}

/** A language tag, lower case, or an error naming the call and the tag. */
function tagOr(what, tag) {
  const c = canonical(tag);
  if (!c) throw TypeError(`steerlab.${what}: ${JSON.stringify(tag)} is not a language tag (BCP 47: "it", "pt-BR")`);
  return c;
}

/** Add or override words of the language `tag`: an object of `"key": "text"` (a words file or
 *  part of one). Texts that are not strings are left out, named in one warning. Figures on screen
 *  that read this language (or fall back on it) write their words again; a `steerlab:words`
 *  event (detail `{ tag }`) tells the page's scripts. Returns the tag (lower case). */
export function addWords(tag, words) {
  const c = tagOr("addWords", tag);
  if (words?.constructor != Object) throw TypeError(`steerlab.addWords("${c}", words): words must be an object of "key": "text"`);
  const good = Object.fromEntries(Object.entries(words).filter(([, v]) => typeof v == "string"));
  const bad = Object.keys(words).filter((k) => !(k in good));
  if (bad.length) console.warn(`steerlab.addWords("${c}"): not a text, left out: ${bad.join(", ")}`);
  WORDS.set(c, Object.assign(WORDS.get(c) ?? {}, good));
  give(c, good);
  // (The module writes its figures' words again itself: src/web/words.rs.)
  if (IN_BROWSER) document.dispatchEvent(new CustomEvent("steerlab:words", { detail: { tag: c } }));
  return c;
}

/** Words of the language `tag` from a hosted JSON file, fetched when a canvas or a script needs
 *  that language (now, if one already did); resolves once what it needs is loaded. */
export function loadWords(tag, url) {
  const c = tagOr("loadWords", tag);
  HOSTED.set(c, [...new Set([...(HOSTED.get(c) ?? []), String(new URL(url, document.baseURI))])]);
  return ensureWords(c);
}

// <link rel="steerlab-words" hreflang="it" href="…/it.json">: an author's hosted words file.
if (IN_BROWSER) for (const l of document.querySelectorAll('link[rel~="steerlab-words"][hreflang][href]')) loadWords(l.hreflang, l.href).catch(() => {});

/** The module is initialised: it gets every language added so far, and each one after. */
function connect() {
  inited = true;
  for (const [tag, words] of WORDS) if (give(tag, words) && SHIPPED.includes(tag)) INCOMPLETE.add(tag);
}

/** Words to the module (its `addWords` takes them as one string: keys and texts joined with NUL,
 *  after an empty field for the numbers); how many of the keys it shows they lack (0 before it
 *  is initialised). */
function give(tag, words) {
  return (lacking = inited ? module.addWords(tag, ["", ...Object.entries(words).flat()].map((s) => s.replaceAll("\0", "")).join("\0")) : 0);
}
let lacking = 0;

/** The Intl number format of `lang` (Latin digits), English's for a tag Intl refuses. */
export function intlOf(lang, opts) {
  try {
    return new Intl.NumberFormat(`${chain(lang)[0].split(/-.-/)[0]}-u-nu-latn`, opts);
  } catch {
    return new Intl.NumberFormat("en", opts);
  }
}

/** The text of `key` in `lang` or a language it falls back on; undefined when none has it. */
export function lookup(key, lang) {
  for (const t of chain(lang)) if (Object.hasOwn(WORDS.get(t) ?? {}, key)) return WORDS.get(t)[key];
}

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
// others wait for ONE IntersectionObserver (margin: a screen). The module's autoMount() stays as it
// was (everything at once) for pages that call it themselves.
const waiting = new Set();
const queue = [];
/** Queue `c` to mount, its scenario's and its words' files on their way at once. */
const enqueue = (c) => (load(scenarioOf(c)), ensureWords(c), c.hasAttribute(SRC) && fetchSrc(c.getAttribute(SRC)), queue.push(c));
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
const scenarioUrl = (name) => String(new URL(`../scenarios/${name}.json?no-inline`, import.meta.url));
function load(arg) {
  const name = module.missingScenario(arg);
  return name ? getOnce(scenarioUrl(name), (t) => module.registerScenario(name, t)) : null;
}
/** A built-in scenario's text as its file has it, from the one fetch of it (the playground shows
 *  it); undefined when the module has it compiled in. */
export const builtinText = (name) => Promise.resolve(load(name)).then(() => FILES.get(scenarioUrl(name))?.text);
function loadNow(arg) {
  const name = module.missingScenario(arg);
  if (name) getNow(scenarioUrl(name), (t) => module.registerScenario(name, t)); // (else the mount says it is not loaded)
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
  ensureWords(canvas); // (here already, unless it was mounted early: then written in as it comes)
  // Marked as tried first, as autoMount() does, so a canvas that fails is not tried again.
  canvas.setAttribute("data-steerlab-mounted", "");
  // `"engine": "gpu"` or `"auto"`: the GPU engine where WebGPU is, its code loaded for this canvas
  // only (www/gpu/mount.js; without WebGPU the CPU viewer stays and its HUD names the fallback).
  // `data-compare`: two views in lockstep, www/compare.js loaded on first use.
  if (canvas.hasAttribute("data-compare")) return void import("./compare.js").then((m) => m.mountCompare(steerlab, canvas, scenarioOf(canvas)));
  try {
    const v = steerlab.mount(canvas, scenarioOf(canvas));
    if (/^(gpu|auto)$/.test(v.get("engine"))) {
      // The engine line's place is held from the mount (filled by noteFallback, or gone with this
      // viewer when the GPU one takes over): it came a moment later and pushed down what follows,
      // a try button the page had just scrolled into view among it.
      const root = canvas.closest(".steerlab");
      const line = document.createElement("div");
      line.className = "steerlab-hud steerlab-engine";
      line.textContent = "\u00a0";
      root?.querySelector(".steerlab-hud")?.after(line);
      import("./gpu/mount.js").then((m) => m.takeOver(steerlab, canvas, v));
    }
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
      Promise.all([load(scenarioOf(c)), chart, ensureWords(c), src && fetchSrc(src)]).then(() => {
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

async function start() {
  // The first canvas's words on their way while the module loads.
  const first = document.querySelector("canvas[data-scenario]");
  if (first) ensureWords(first);
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
  connect();
  module.Viewer.prototype.describe = function () {
    return describeJs().then((m) => m.describe(this));
  };
  document.addEventListener("focusin", (e) => e.target.matches?.("canvas[data-scenario]") && viewerFor(e.target));
  // Snippets (Embed, embedCode()) name the package where this page loaded it from.
  const at = new URL("..", import.meta.url);
  module.setPackagePath(at.origin === location.origin ? at.pathname : at.href, new URL(import.meta.url).search);
  // mount, validate and autoMount take a built-in's name as before: its file is fetched first. The
  // canvas's words are asked for too: words that come after the mount are written in as they come
  // (`await steerlab.ensureWords(canvas)` first to have them in its first frame).
  const mount = (canvas, scenario) => (loadNow(scenario), ensureWords(canvas), module.mount(canvas, scenario));
  const validate = (scenario) => (loadNow(scenario), module.validate(scenario));
  const autoMount = () => {
    for (const c of document.querySelectorAll("canvas[data-scenario]")) loadNow(scenarioOf(c)), ensureWords(c);
    for (const c of document.querySelectorAll(`canvas[${SRC}]`)) ensureWords(c), mountNow(module, c);
    return module.autoMount();
  };
  // Code that mounts later, asynchronously, waits for the file instead: `await loadScenario(s)`.
  const loadScenario = (scenario) => Promise.resolve(load(scenario)).then(() => undefined);
  // Words: the registry's (above: it keeps the pages' scripts' words and gives the module its own).
  const words = { addWords, loadWords, checkWords, ensureWords, langOf };
  const mountFrom = (canvas, url) => Promise.all([fetchSrc(url), ensureWords(canvas)]).then(([got]) => mountSrc(module, canvas, url, got));
  const steerlab = Object.freeze(Object.assign(Object.create(null), module, words, { ready, version, viewerFor, mount, mountFrom, validate, autoMount, loadScenario }));
  // The page's own language's words too (code that mounts through the API after `ready` finds
  // them there; a canvas in another language gets its words as they come).
  await Promise.all([mountAll(steerlab), ensureWords(document.documentElement)]);
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

// The package's other modules (www/words.js, www/steer-lab.js) take this loader from here, whatever
// URL the page named it by (`boot.js`, or `boot.js?v=<build>` as the recipes write it): importing
// it by their own URL would load a second copy with a second registry.
if (IN_BROWSER) {
  const key = Symbol.for("steerlab.boot");
  if (globalThis[key]) console.warn(`steerlab: www/boot.js is loaded twice, as ${globalThis[key].url} and ${import.meta.url}: name it one way (with the same ?v=) on the page and in its scripts`);
  else globalThis[key] = { url: import.meta.url, ready, FILES, IN_BROWSER, SHIPPED, WORDS, INCOMPLETE, addWords, canonical, chain, ensureWords, getNow, intlOf, langOf, loadWords, lookup, needed, settle, tagOf, take };
}
