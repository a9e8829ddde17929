// steerlab's one loader of what a page's figures need: their scenarios and their words. boot.js
// imports it (loaded with every page); www/words.js is the pages' scripts' side of the words
// (t(), fill(), formatNumber()), docs/words.md the words files, keys and template language.
//
// The words: the one registry of every language's words on a page.
//
//   ensureWords(canvasOrTag)  a promise: what a language needs is loaded (each file once)
//   word(key, lang)           a text as it is written (www/words.js's `t` fills its holes)
//   addWords(tag, words)      add or override words of a language; loadWords(tag, url)
//   langOf(el), chain(tag), canonical(tag)
//
// Words files (`words/<tag>.json`, one flat JSON object of "key": "text" per language, beside
// www/) are fetched when a canvas or a script first needs a language, once, never synchronously:
// boot.js awaits a canvas's words before it mounts, and the page's language before `ready`; a
// script that builds text awaits `ensureWords` first (a key not loaded yet reads "", never its name).
// A language is a BCP 47 tag (kept in lower case) and falls back as the web does: `pt-BR` → `pt` →
// `en`, key by key. A shipped language (SHIPPED) has every key, so a page in it loads that one file;
// English is fetched too only for a language that is not shipped, or whose file lacks keys.
//
// Held once: the texts of the keys the module shows go to the module (`connect`), which keeps
// them; this registry keeps the others (the scripts' `page.*`, `chart.*`, `describe.*` …). Until
// the module is there (or outside a browser: a server rendering, `node` running the exporter)
// it keeps them all.
//
// The scenarios: a figure's scenario, from any source, goes through `load` — the
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
//
// Safe to import outside a browser.

/** The languages with a words file beside www/ (`words/<tag>.json`), each with every key. */
export const SHIPPED = ["en", "es", "fr", "pt"];

export const IN_BROWSER = typeof document == "object";

// One registry for every copy of this module (an author's `import "…/words.js"` beside boot.js's
// versioned one is another instance; both must see the same words).
const R = (globalThis[Symbol.for("steerlab.words")] ??= {
  /** tag → { key: text }: the texts the module does not keep (all of them before `connect`). */
  words: new Map(),
  /** tag → [url]: an author's hosted words files. */
  hosted: new Map(),
  /** url → { p: Promise, done }: the files fetched, each once. */
  files: new Map(),
  /** Shipped languages whose file lacks keys the module shows: whoever reads them reads English too. */
  incomplete: new Set(),
  /** tag → Set of keys: those whose texts the module took (their names only). */
  given: new Map(),
  /** The module once initialised (`connect`). */
  module: null,
  /** While `connect` gives the module the words that came first: tag → the keys still to give. */
  pending: null,
  warned: new Set(),
});

/** A language tag, lower case (`pt_BR` → `pt-br`); "" when it is not one. */
export function canonical(tag) {
  const c = String(tag ?? "").trim().replace(/_/g, "-").toLowerCase();
  return /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/.test(c) ? c : "";
}

/** The languages `tag` reads, itself first, English last (RFC 4647 lookup): `pt-BR` → pt-br, pt,
 *  en. (The module's `lang_chain` follows the same rule: tests/unit/words.test.mjs checks both
 *  against tests/support/lang-chains.json.) */
export function chain(tag) {
  const out = [];
  for (let t = canonical(tag); t; t = t.slice(0, Math.max(0, t.lastIndexOf("-")))) out.push(t);
  if (!out.includes("en")) out.push("en");
  return out;
}

/** An element's language, as the module reads a canvas's: its `data-lang`, else the closest `lang`
 *  attribute (the document's included), else English. */
export function langOf(el) {
  return el?.getAttribute?.("data-lang")?.trim() || el?.closest?.("[lang]")?.getAttribute("lang")?.trim() || "en";
}

export const tagOf = (x) => (x == null ? pageLang() : typeof x == "string" ? x : langOf(x));
const pageLang = () => globalThis.document?.documentElement.lang || "en";

/** The files `tag` needs: those of its chain up to the first shipped language (all, English
 *  included, when that one is incomplete), shipped (beside www/: the `new URL(…, import.meta.url)`
 *  form lets bundlers carry them, `?no-inline` keeps Vite from inlining them) then hosted. */
function needed(tag) {
  const c = chain(tag);
  const k = c.findIndex((t) => SHIPPED.includes(t));
  return (R.incomplete.has(c[k]) ? c : c.slice(0, k + 1)).flatMap((t) =>
    [...(SHIPPED.includes(t) ? [String(new URL(`../words/${t}.json?no-inline`, import.meta.url))] : []), ...(R.hosted.get(t) ?? [])].map((url) => [t, url]),
  );
}

/** Fetch `url` once and give its text to `use`; a failure is a warning (the figure then shows what
 *  it has: English, or no words). */
function getOnce(url, use) {
  if (!R.files.has(url)) {
    const e = { done: false };
    e.p = fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(Error(`HTTP ${r.status}`))))
      .then(use)
      .catch((err) => console.warn(`steerlab: ${url}: ${err.message}`))
      .finally(() => (e.done = true));
    R.files.set(url, e);
  }
  return R.files.get(url).p;
}

/** A words file's text for the language `t`. */
const take = (t) => (text) => {
  const words = JSON.parse(text);
  if (words?.constructor != Object) throw Error("not words");
  if (add(t, words) && SHIPPED.includes(t)) R.incomplete.add(t);
};

/** language → its `Intl.NumberFormat` without options (`intlOf`). */
const plain = new Map();

/** Load what the language of `canvasOrTag` (an element, a tag; default: the page's) needs, each
 *  file once; resolves when it is there. Words that come after a canvas mounted are written into
 *  it then. */
export function ensureWords(canvasOrTag) {
  const tag = tagOf(canvasOrTag);
  if (!IN_BROWSER) return Promise.resolve();
  // Its number format made in a task of its own while the page loads (the first `Intl.NumberFormat`
  // of a language costs a slow phone some 30 ms), not in the one that first mounts a figure.
  if (!plain.has(chain(tag)[0])) setTimeout(() => intlOf(tag), 0);
  return Promise.all(needed(tag).map(([t, url]) => getOnce(url, take(t)))).then(() =>
    needed(tag).every(([, url]) => R.files.has(url)) ? settle(tag) : ensureWords(tag),
  );
}

/** `tag`'s words are loaded: tell the module how it writes numbers (Intl); a language that reads
 *  English as a fallback (not shipped) gets its warning when it lacks keys. Once per language and
 *  set of files: every canvas asks (`ensureWords`), and an `Intl.NumberFormat` costs a slow
 *  phone a few milliseconds each time (a chapter's load made some twenty). */
const settled = new Set();
function settle(tag) {
  const c = chain(tag)[0];
  if (!R.module || !needed(tag).every(([, url]) => R.files.get(url)?.done)) return;
  const key = [c, ...needed(tag).map(([, url]) => url)].join(" ");
  if (settled.has(key)) return;
  settled.add(key);
  const f = intlOf(c);
  const part = (type) => f.formatToParts(-12345.6).find((p) => p.type == type)?.value ?? "";
  R.module.addWords(c, [part("decimal"), part("group"), f.format(1234).length > 4 ? 1 : 2, part("minusSign")].join("\x01"));
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
  add(c, words);
  return c;
}

/** `addWords`, returning how many of the module's keys the words lack. */
function add(c, words) {
  const bad = Object.keys(words).filter((k) => typeof words[k] != "string");
  const good = bad.length ? Object.fromEntries(Object.entries(words).filter(([, v]) => typeof v == "string")) : words;
  if (bad.length) console.warn(`steerlab.addWords("${c}"): not a text, left out: ${bad.join(", ")}`);
  const lacking = keep(c, good);
  // (The module writes its figures' words again itself: src/web/words.rs.)
  if (IN_BROWSER) document.dispatchEvent(new CustomEvent("steerlab:words", { detail: { tag: c } }));
  return lacking;
}

/** Keep `words` of `tag`: the module takes the texts of the keys it shows, this registry the
 *  others (all of them until the module is there). Returns how many of the module's keys these
 *  words lack (0 before it is there). */
function keep(tag, words, module = R.module) {
  let lacking = 0, own = words;
  if (module) {
    // (Its `addWords` takes one string: an empty field for the numbers, then keys and texts,
    // joined with NUL; it answers how many of its keys they lack, then the keys it left.)
    const [n, ...left] = module.addWords(tag, ["", ...Object.entries(words).flat()].map((s) => s.replaceAll("\0", "")).join("\0")).split("\0");
    lacking = Number(n);
    own = Object.fromEntries(left.filter((k) => k).map((k) => [k, words[k]]));
    const given = R.given.get(tag) ?? new Set();
    for (const k in words) if (!(k in own)) given.add(k), delete R.words.get(tag)?.[k];
    R.given.set(tag, given);
  } else if (R.pending) {
    const keys = R.pending.get(tag) ?? new Set();
    for (const k in words) keys.add(k);
    R.pending.set(tag, keys);
  }
  R.words.set(tag, Object.assign(R.words.get(tag) ?? {}, own));
  return lacking;
}

/** The module is initialised (www/boot.js): from now on it keeps the texts of its keys, those
 *  added so far included, given to it a slice at a time with `pause()` (a new task) between:
 *  on a slow phone a whole words file in one call made a long task. Words that come meanwhile
 *  join the slices (the newest text of a key is the one kept). Resolves when all are given. */
export async function connect(module, pause = () => Promise.resolve()) {
  // (A first call with no words compiles the module's words code, in a task of its own; its answer
  // is how many keys the module shows.)
  const all = Number(module.addWords("en", "").split("\0")[0]);
  R.pending = new Map([...R.words].map(([t, w]) => [t, new Set(Object.keys(w))]));
  /** tag → how many of the module's keys its words had. */
  const had = new Map();
  for (let e; (e = [...R.pending].find(([, keys]) => keys.size)); ) {
    await pause();
    const [tag, keys] = e, words = R.words.get(tag), slice = {};
    for (const k of [...keys].slice(0, 150)) (slice[k] = words[k]), keys.delete(k);
    had.set(tag, (had.get(tag) ?? 0) + all - keep(tag, slice, module));
  }
  R.pending = null;
  R.module = module;
  for (const [tag, n] of had) if (n < all && SHIPPED.includes(tag)) R.incomplete.add(tag);
}

/** Words of the language `tag` from a hosted JSON file, fetched when a canvas or a script needs
 *  that language (now, if one already did); resolves once what it needs is loaded. */
export function loadWords(tag, url) {
  const c = tagOr("loadWords", tag);
  R.hosted.set(c, [...new Set([...(R.hosted.get(c) ?? []), String(new URL(url, document.baseURI))])]);
  return ensureWords(c);
}

// <link rel="steerlab-words" hreflang="it" href="…/it.json">: an author's hosted words file.
if (IN_BROWSER) for (const l of document.querySelectorAll('link[rel~="steerlab-words"][hreflang][href]')) loadWords(l.hreflang, l.href).catch(() => {});

/** The text of `key` in `lang` or a language it falls back on; undefined when none has it. */
export function lookup(key, lang) {
  for (const t of chain(lang)) if (Object.hasOwn(R.words.get(t) ?? {}, key)) return R.words.get(t)[key];
}

/** The text of `key` in `lang` (a tag or an element; by default the page's language), falling back
 *  key by key on the language's base and English, its holes as written (www/words.js's `t` fills
 *  them): read from what is loaded; a key whose words have not come yet reads "" (and they are
 *  asked for); a key English does not have either throws. */
export function word(key, lang) {
  const tag = tagOf(lang);
  const s = lookup(key, tag);
  if (s !== undefined) return s;
  if (R.words.has("en") || !IN_BROWSER) throw new Error(`steerlab: no words for ${key}`);
  ensureWords(tag);
  return "";
}

/** The registry's state, for www/words.js. */
export const registry = R;

/** The Intl number format of `lang` (Latin digits), English's for a tag Intl refuses. */
export function intlOf(lang, opts) {
  // (Without options, as the module's number format asks: one a language, made early (`ensureWords`).)
  if (!opts) {
    const c = chain(lang)[0];
    if (!plain.has(c)) plain.set(c, intlOf(c, {}));
    return plain.get(c);
  }
  try {
    return new Intl.NumberFormat(`${chain(lang)[0].split(/-.-/)[0]}-u-nu-latn`, opts);
  } catch {
    return new Intl.NumberFormat("en", opts);
  }
}

// --- The scenarios (see the top of this file) ---------------------------------------------------

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

/** A built-in scenario's text as its file has it, from the one fetch of it; undefined when the
 *  module has it compiled in. */
export async function builtinText(module, name) {
  await resolve(module, name);
  const got = await fetched.get(builtinUrl(name));
  return got?.text;
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
    if (x.status === 200) fetched.set(builtinUrl(name), { text: x.responseText }), module.registerScenario(name, x.responseText);
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
