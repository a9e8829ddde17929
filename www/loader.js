// steerlab's one scenario loader: a figure's scenario, from any source, goes through `load` — the
// page's canvases (www/boot.js), `steerlab.load`, <steer-lab> (www/steer-lab.js), React's
// <SteerLab> (pkg/react.js), the comparison (www/compare.js), the challenge's canvas (mounted by
// boot.js for www/challenge.js) and the embed dialog (which writes the source back: a built-in by
// its name, a URL by its URL, src/web/share.rs). A source is
//
//   "flock"                   a built-in's name: its file (scenarios/<name>.json) fetched once
//   '{"name": …}'             a scenario's JSON text
//   { name: …, agents: … }    a scenario object
//   { src: "/posts/a.json" }  the JSON text at a URL (relative to the page), fetched once
//
// and a canvas's own is `sourceOf(canvas)`: its `data-scenario-src`, else its `data-scenario-json`
// (`#id` of a <script type="application/json">), else its `data-scenario`. The figure it makes is
// a viewer; two views in lockstep with `data-compare` (www/compare.js, loaded on first use); the
// GPU engine for `"engine": "gpu"` or `"auto"` (www/gpu/mount.js, loaded on first use). A failure —
// a file that could not be fetched, a scenario refused, a `data-compare` that is not JSON — is named
// once, in the figure (the module's error picture and the alert beside it: `refuse`), and `load`
// rejects with the message. Nothing here is fetched synchronously.
//
//   const v = await load(steerlab, canvas, "queue");     // or { src: url }, text, an object

import { ensureWords } from "./lang.js";

/** A canvas's source: `{ src }` for `data-scenario-src`, else its scenario's text or name. */
export function sourceOf(canvas) {
  const src = canvas.getAttribute("data-scenario-src");
  if (src) return { src };
  const id = canvas.getAttribute("data-scenario-json");
  const text = id ? canvas.ownerDocument.getElementById(id.replace(/^#/, ""))?.textContent : null;
  return text ?? canvas.getAttribute("data-scenario");
}

const isSrc = (s) => s && typeof s == "object" && typeof s.src == "string";

/** url → promise of `{ text }` or `{ error }`, each fetched once (built-ins' files and URLs). */
const fetched = new Map();
function fetchText(url) {
  if (!fetched.has(url)) {
    const got = fetch(url)
      .then((r) => (r.ok ? r.text().then((text) => ({ text })) : { error: `HTTP ${r.status} ${r.statusText}`.trim() }))
      .catch((e) => ({ error: `network error (${e.message})` }))
      .then((r) => (fetched.set(url, r), r));
    fetched.set(url, got);
  }
  return fetched.get(url);
}

// (One `new URL(template, import.meta.url)` form: bundlers such as Vite see it and carry the files,
// as files: `?no-inline`, else Vite would write all twenty into the bundle as data: URLs.)
const builtinUrl = (name) => String(new URL(`../scenarios/${name}.json?no-inline`, import.meta.url));
const srcUrl = (src) => String(new URL(src, globalThis.document?.baseURI));

/** What the module's `mount` takes for `source`, if it is at hand now (a built-in whose file came,
 *  text, an object, a URL whose text came); else undefined. */
export function atHand(module, source) {
  if (isSrc(source)) {
    const got = fetched.get(srcUrl(source.src));
    return got && !got.then && !got.error ? got.text : undefined;
  }
  return module.missingScenario(source) ? undefined : source;
}

/** Fetch what `source` needs (each file once): resolves to what the module's `mount` takes, or
 *  rejects with the message (a URL that could not be fetched names itself and why). */
export async function resolve(module, source) {
  if (isSrc(source)) {
    const got = await fetchText(srcUrl(source.src));
    if (got.error) throw new Error(`data-scenario-src: could not load ${source.src}: ${got.error}`);
    return got.text;
  }
  const name = module.missingScenario(source);
  if (name) {
    const got = await fetchText(builtinUrl(name));
    // (A second text for a name is ignored; a failed fetch leaves the mount to say it is missing.)
    if (got.text != null && module.missingScenario(name)) module.registerScenario(name, got.text);
  }
  return source;
}

/** The same, at once: for the author's synchronous `steerlab.mount(canvas, "queue")` with a
 *  built-in no canvas fetched yet (one synchronous request: `load` makes none). */
export function resolveNow(module, source) {
  const name = module.missingScenario(source);
  if (!name) return source;
  try {
    const x = new XMLHttpRequest();
    x.open("GET", builtinUrl(name), false);
    x.send();
    if (x.status === 200) module.registerScenario(name, x.responseText);
  } catch (err) {
    console.warn(`steerlab: ${builtinUrl(name)}: ${err.message}`);
  }
  return source;
}

/** Show `message` in the figure on `canvas` (once: the module's error picture and alert, its
 *  `steerlab:error` event) and return it as an Error. */
export function fail(steerlab, canvas, message) {
  steerlab.refuse(canvas, message);
  return new Error(message);
}

/** The figure on `canvas` for `arg` (what `resolve` gave), now: a comparison (`data-compare`: a
 *  promise of it, www/compare.js loads first), a viewer handed to the GPU engine (`"engine"`:
 *  "gpu" or "auto": the CPU viewer, which the GPU one takes over once its code came), else a
 *  viewer. Throws with the message, which the figure shows. `source` is the one `arg` came from
 *  (a URL is written on the canvas: `data-scenario-src`, for the embed dialog). */
export function mountFigure(steerlab, canvas, arg, source = arg) {
  // (As the author wrote it; a URL given to a script, from the site's root: the embed code's.)
  if (isSrc(source) && canvas.getAttribute("data-scenario-src") !== source.src) {
    const u = new URL(srcUrl(source.src));
    canvas.setAttribute("data-scenario-src", u.origin == location.origin ? u.pathname + u.search : u.href);
  }
  canvas.setAttribute("data-steerlab-mounted", "");
  if (canvas.hasAttribute("data-compare")) return import("./compare.js").then((m) => m.mountCompare(steerlab, canvas, arg));
  const v = steerlab.mount(canvas, arg);
  let engine = "";
  try {
    engine = v.get("engine");
  } catch {
    /* a scenario without an engine field: the CPU's */
  }
  if (/^(gpu|auto)$/.test(engine)) {
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
  return v;
}

/** Mount the figure on `canvas` from `source` (every kind; default: the canvas's own), its words
 *  loaded first (they are then in its first frame): resolves to its viewer (a comparison's: the
 *  comparison), or rejects with the message the figure shows. */
export async function load(steerlab, canvas, source = sourceOf(canvas)) {
  let arg;
  try {
    [arg] = await Promise.all([resolve(steerlab, source), ensureWords(canvas)]);
  } catch (e) {
    throw fail(steerlab, canvas, e.message);
  }
  // (A failed mount is on the canvas already: the module shows it.)
  return mountFigure(steerlab, canvas, arg, source);
}
