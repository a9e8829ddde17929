// steerlab's words for the pages' scripts (chapter.js, challenge.js, compare.js, chart.js, …):
// `t(key, lang)` and the rest, over the one registry of the words, in www/boot.js (whose words API
// this module passes on: addWords, loadWords, ensureWords, langOf, …).
//
//   t(key, lang)            the text, synchronously (lang: a tag; default: the page's)
//   has(key, lang)          whether a language (or its fallbacks) has the key
//   checkWords(words)       { ok, missing, extra, placeholders, invalid } against English
//   formatNumber(x, lang, digits)  a number as the reader's locale writes it (Intl), as the
//                           module writes the readouts
//   textIn(text, lang, es)  an author's text by language, as the module picks a scenario's
//
// Safe to import outside a browser. docs/words.md describes the files, the keys and the template
// language.

import { checkWords as check } from "./check-words.js";
// The page's loader, whatever URL the page named it by (`boot.js`, or `boot.js?v=<build>` as the
// recipes write it): www/boot.js publishes itself as it runs, and this module reads it from there.
// Importing it by this module's own URL would load a second copy on such a page (a second registry,
// each words file fetched again). Where no loader ran yet (Node, a script ahead of boot.js), one is
// loaded, and until it runs the words are those of a server: none.
const KEY = Symbol.for("steerlab.boot");
const SERVER = { FILES: new Map(), WORDS: new Map(), INCOMPLETE: new Set(), IN_BROWSER: false, needed: () => [], lookup: () => undefined };
let asked = false;
function boot() {
  const b = globalThis[KEY];
  if (!b && !asked && typeof document == "object") (asked = true), import("./boot.js");
  return b ?? SERVER;
}
/** The loader's function `name`, called when it is there. */
const via = (name) => (...args) => boot()[name]?.(...args);

export const SHIPPED = Object.freeze(["en", "es", "fr", "pt"]);
export const addWords = via("addWords");
export const canonical = via("canonical");
export const chain = (tag) => boot().chain?.(tag) ?? ["en"];
export const ensureWords = (x) => boot().ensureWords?.(x) ?? Promise.resolve();
export const langOf = via("langOf");
export const loadWords = via("loadWords");
const getNow = via("getNow");
const intlOf = (lang, opts) => boot().intlOf?.(lang, opts) ?? new Intl.NumberFormat("en", opts);
const lookup = via("lookup");
const needed = (tag) => boot().needed(tag);
const settle = via("settle");
const take = via("take");
const tagOf = via("tagOf");

/** What the language of `canvasOrTag` needs, loaded at once with synchronous requests, for a
 *  script that cannot wait (its first words before the page's loading got them). */
export function ensureWordsNow(canvasOrTag) {
  const tag = tagOf(canvasOrTag);
  if (!boot().IN_BROWSER) return;
  for (const [t, url] of needed(tag)) getNow(url, take(t));
  if (needed(tag).every(([, url]) => boot().FILES.has(url))) settle(tag);
  else ensureWordsNow(tag);
}

const WARNED = new Set();
/** One warning per language that lacks keys (one that is not shipped: English shows for them),
 *  listing them; www/boot.js calls it once English is there to compare with. */
export function warnMissing(tag) {
  const c = chain(tag);
  const en = boot().WORDS.get("en");
  if (!en || WARNED.has(c[0])) return;
  WARNED.add(c[0]);
  const own = c.filter((t) => t != "en");
  const missing = Object.keys(en).filter((k) => !own.some((t) => Object.hasOwn(boot().WORDS.get(t) ?? {}, k)));
  const total = Object.keys(en).length;
  if (missing.length === total) {
    console.warn(`steerlab: no words for "${c[0]}": the figures show English. Add them with steerlab.addWords("${c[0]}", words) or <link rel="steerlab-words" hreflang="${c[0]}" href="…"> (README, "Adding a language").`);
  } else if (missing.length) {
    console.warn(`steerlab: the words for "${c[0]}" lack ${missing.length} of ${total} keys, shown in English: ${missing.join(", ")}`);
  }
}

const pageLang = () => globalThis.document?.documentElement.lang || "en";

/** An author's text (a scenario's title, caption, a control's label) for a reader of `lang`, as the
 *  module picks it: one text, or one per language (`{"en": …, "pt": …}`) read along `lang`'s chain
 *  (`pt-BR` → `pt` → `en`), the older `_es` field (`es`) for Spanish; then a words key's text
 *  (`{"words": "scenario.flock.title"}`); else the first. */
export function textIn(text, lang, es = "") {
  const byTag = text && typeof text == "object" ? Object.entries(text).filter(([k, v]) => typeof v == "string" && v && k != "words") : [];
  for (const c of chain(lang)) {
    const own = byTag.find(([k]) => canonical(k) === c);
    if (own) return own[1];
    if (c === "es" && es) return es;
  }
  if (typeof text?.words == "string") return has(text.words, lang) ? t(text.words, lang) : "";
  return byTag.length ? byTag[0][1] : typeof text == "string" ? text : "";
}

/** Whether `lang` (or a language it falls back on) has a text for `key`. */
export function has(key, lang = pageLang()) {
  if (lookup(key, lang) === undefined) ensureWordsNow(lang);
  return lookup(key, lang) !== undefined;
}

/** The text of `key` in `lang` (by default the page's), falling back key by key on the
 *  language's base and English; a key English does not have either throws. */
export function t(key, lang = pageLang()) {
  let s = lookup(key, lang);
  if (s === undefined) {
    ensureWordsNow(lang);
    s = lookup(key, lang);
  }
  if (s === undefined && !boot().WORDS.has("en")) {
    // A shipped language that lacks this key (a words file older than the scripts): English's.
    boot().INCOMPLETE.add(chain(lang).find((c) => SHIPPED.includes(c)));
    ensureWordsNow(lang);
    s = lookup(key, lang);
  }
  if (s !== undefined) return s;
  if (boot().WORDS.has("en") || !boot().IN_BROWSER) throw new Error(`steerlab: no words for ${key}`);
  return ""; // English could not be loaded: nothing rather than a key name
}

/** Check a words file against English (the loaded `en`, unless `reference` is given): `{ ok,
 *  missing, extra, placeholders, invalid }` (www/check-words.js). */
export function checkWords(words, reference = boot().WORDS.get("en")) {
  if (!reference) {
    ensureWordsNow("en");
    reference = boot().WORDS.get("en");
  }
  if (!reference) throw new Error("checkWords: the English words (words/en.json) could not be loaded");
  return check(words, reference);
}

const FORMATS = new Map();
/** `x` as `lang`'s readers write numbers (Intl, Latin digits), as the module writes its readouts:
 *  `digits` digits after the separator when given, else up to 2. */
export function formatNumber(x, lang = pageLang(), digits) {
  if (typeof x != "number" || !Number.isFinite(x)) return String(x);
  const key = `${chain(lang)[0]}|${digits}`;
  if (!FORMATS.has(key)) FORMATS.set(key, intlOf(lang, digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return FORMATS.get(key).format(x);
}
