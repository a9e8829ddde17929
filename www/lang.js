// steerlab's words on a page: the one registry of every language's words (www/words.js is the
// pages' scripts' side of it: t(), fill(), formatNumber(), checkWords()). Loaded with the page by
// www/boot.js; docs/words.md describes the files, the keys and the template language.
//
//   ensureWords(canvasOrTag)  a promise: what a language needs is loaded (each file once)
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
// it keeps them all. Safe to import outside a browser.

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

/** Load what the language of `canvasOrTag` (an element, a tag; default: the page's) needs, each
 *  file once; resolves when it is there. Words that come after a canvas mounted are written into
 *  it then. */
export function ensureWords(canvasOrTag) {
  const tag = tagOf(canvasOrTag);
  if (!IN_BROWSER) return Promise.resolve();
  return Promise.all(needed(tag).map(([t, url]) => getOnce(url, take(t)))).then(() =>
    needed(tag).every(([, url]) => R.files.has(url)) ? settle(tag) : ensureWords(tag),
  );
}

/** `tag`'s words are loaded: tell the module how it writes numbers (Intl); a language that reads
 *  English as a fallback (not shipped) gets its warning when it lacks keys. */
function settle(tag) {
  const c = chain(tag)[0];
  if (!R.module || !needed(tag).every(([, url]) => R.files.get(url)?.done)) return;
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
  const good = Object.fromEntries(Object.entries(words).filter(([, v]) => typeof v == "string"));
  const bad = Object.keys(words).filter((k) => !(k in good));
  if (bad.length) console.warn(`steerlab.addWords("${c}"): not a text, left out: ${bad.join(", ")}`);
  const lacking = keep(c, good);
  // (The module writes its figures' words again itself: src/web/words.rs.)
  if (IN_BROWSER) document.dispatchEvent(new CustomEvent("steerlab:words", { detail: { tag: c } }));
  return lacking;
}

/** Keep `words` of `tag`: the module takes the texts of the keys it shows, this registry the
 *  others (all of them until the module is there). Returns how many of the module's keys these
 *  words lack (0 before it is there). */
function keep(tag, words) {
  let lacking = 0, own = words;
  if (R.module) {
    // (Its `addWords` takes one string: an empty field for the numbers, then keys and texts,
    // joined with NUL; it answers how many of its keys they lack, then the keys it left.)
    const [n, ...left] = R.module.addWords(tag, ["", ...Object.entries(words).flat()].map((s) => s.replaceAll("\0", "")).join("\0")).split("\0");
    lacking = Number(n);
    own = Object.fromEntries(left.filter((k) => k).map((k) => [k, words[k]]));
    const given = R.given.get(tag) ?? new Set();
    for (const k in words) if (!(k in own)) given.add(k);
    R.given.set(tag, given);
  }
  R.words.set(tag, Object.assign(R.words.get(tag) ?? {}, own));
  return lacking;
}

/** The module is initialised (www/boot.js): from now on it keeps the texts of its keys, those
 *  added so far included. */
export function connect(module) {
  R.module = module;
  for (const [tag, words] of [...R.words]) {
    R.words.delete(tag);
    if (keep(tag, words) && SHIPPED.includes(tag)) R.incomplete.add(tag);
  }
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

/** The registry's state, for www/words.js. */
export const registry = R;

/** The Intl number format of `lang` (Latin digits), English's for a tag Intl refuses. */
export function intlOf(lang, opts) {
  try {
    return new Intl.NumberFormat(`${chain(lang)[0].split(/-.-/)[0]}-u-nu-latn`, opts);
  } catch {
    return new Intl.NumberFormat("en", opts);
  }
}
