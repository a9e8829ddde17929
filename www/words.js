// steerlab's words for the pages' scripts (chapter.js, challenge.js, compare.js, chart.js,
// gpu/mount.js, describe.js, code/, …): the one formatter of texts and numbers, over the one
// registry of the words (www/loader.js, whose API this module passes on). docs/words.md describes
// the files, the keys and the template language.
//
//   t(key, lang, values)           the text of `key` (synchronous: a script awaits ensureWords
//                                  first), its holes filled with `values` (fill)
//   has(key, lang)                 whether a language (or a fallback of it) has the key
//   fill(text, values, lang)       a template's holes: {name}, numbers as `lang` writes them, and
//                                  {n, plural, one {# group} other {# groups}} (Intl.PluralRules)
//   formatNumber(x, lang, digits)  a number as `lang`'s readers write it (Intl.NumberFormat)
//   paramName(path, lang, root)    a parameter's name (its words, else its control's label)
//   checkWords(words)              a promise: the file against English
//   ensureWords, addWords, loadWords, langOf, chain, canonical, SHIPPED   (www/loader.js's)
//
// Safe to import outside a browser.

import { IN_BROWSER, chain, intlOf, lookup, registry as R, tagOf, word } from "./loader.js";

export { SHIPPED, addWords, canonical, chain, ensureWords, langOf, loadWords } from "./loader.js";

/** Whether `lang` (or a language it falls back on) has a text for `key`. */
export function has(key, lang) {
  return lookup(key, tagOf(lang)) !== undefined;
}

/** The text of `key` in `lang` (a tag or an element; by default the page's language), falling back
 *  key by key on the language's base and English, its holes filled with `values` (`fill`). Read
 *  synchronously from what is loaded: a key whose words have not come yet reads "" (and they are
 *  asked for); a key English does not have either throws. */
export function t(key, lang, values) {
  const s = word(key, lang);
  return values ? fill(s, values, lang) : s;
}

/** A parameter's name for a reader of `lang`: its words (`param.<path>`), else the label its
 *  figure's control shows for it (the module's pick of the scenario's text: under `root`, the
 *  figure or its controls' slot), else the path. */
export function paramName(path, lang, root) {
  if (has(`param.${path}`, lang)) return t(`param.${path}`, lang);
  const input = [...(root?.querySelectorAll("[data-param]") ?? [])].find((e) => e.dataset.param === path);
  return input?.closest(".steerlab-control")?.querySelector(".steerlab-label")?.textContent || path;
}

/** `text` with its holes filled from `values`, numbers written as `lang` writes them:
 *  - `{name}`: the value (a number through `formatNumber`, anything else as text);
 *  - `{name, plural, one {# group} other {# groups}}`: the branch of the value's plural category
 *    in `lang` (`Intl.PluralRules`: zero, one, two, few, many, other; `=0 {…}` an exact number
 *    first, `other` when the category has no branch), `#` in it the number.
 *  A hole whose value is not given stays as it is written (as in the module's texts). */
export function fill(text, values = {}, lang) {
  const tag = tagOf(lang);
  let out = "";
  let i = 0;
  for (let open; (open = text.indexOf("{", i)) >= 0; ) {
    const end = closing(text, open);
    if (end < 0) break;
    const body = text.slice(open + 1, end);
    const comma = body.indexOf(",");
    const name = (comma < 0 ? body : body.slice(0, comma)).trim();
    const v = values[name];
    out += text.slice(i, open);
    if (!Object.hasOwn(values, name)) out += text.slice(open, end + 1);
    else if (comma < 0) out += typeof v == "number" ? formatNumber(v, tag) : String(v);
    else out += plural(body.slice(comma + 1), v, values, tag);
    i = end + 1;
  }
  return out + text.slice(i);
}

/** The index of the `}` that closes the `{` at `open` (-1: none). */
function closing(text, open) {
  for (let k = open, depth = 0; k < text.length; k++) {
    if (text[k] == "{") depth++;
    else if (text[k] == "}" && --depth == 0) return k;
  }
  return -1;
}

const RULES = new Map();
/** `plural, one {…} other {…}` for the number `n` in `lang`. */
function plural(spec, n, values, lang) {
  const branches = new Map();
  const head = /^\s*plural\s*,/.exec(spec);
  for (let k = head ? head[0].length : 0; ; ) {
    const m = /\s*(=?[\w.-]+)\s*\{/y;
    m.lastIndex = k;
    const sel = m.exec(spec);
    if (!sel) break;
    const end = closing(spec, m.lastIndex - 1);
    if (end < 0) break;
    branches.set(sel[1], spec.slice(m.lastIndex, end));
    k = end + 1;
  }
  const key = chain(lang)[0];
  if (!RULES.has(key)) {
    try {
      RULES.set(key, new Intl.PluralRules(key));
    } catch {
      RULES.set(key, new Intl.PluralRules("en"));
    }
  }
  const x = Number(n);
  const text = branches.get(`=${x}`) ?? branches.get(RULES.get(key).select(x)) ?? branches.get("other") ?? "";
  return fill(text.replaceAll("#", formatNumber(x, lang)), values, lang);
}

const FORMATS = new Map();
/** `x` as `lang`'s readers write numbers (Intl, Latin digits), as the module writes its readouts:
 *  `digits` digits after the separator when given, else up to 2. */
export function formatNumber(x, lang, digits) {
  if (typeof x != "number" || !Number.isFinite(x)) return String(x);
  const key = `${chain(tagOf(lang))[0]}|${digits}`;
  if (!FORMATS.has(key)) FORMATS.set(key, intlOf(tagOf(lang), digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return FORMATS.get(key).format(x);
}

/** English's words file, whole (the reference of `checkWords`: the registry keeps only the
 *  texts the module does not). Fetched when an author checks a file. */
let english = null;
const reference = () =>
  (english ??= IN_BROWSER
    ? fetch(new URL("../words/en.json?no-inline", import.meta.url)).then((r) => r.json())
    : Promise.resolve(R.words.get("en") ?? {}));

/** One warning per language that lacks keys (one that is not shipped: English shows for them),
 *  listing them. */
export function warnMissing(tag) {
  const c = chain(tag);
  if (R.warned.has(c[0])) return;
  R.warned.add(c[0]);
  // English's keys: those the module took, and those the registry keeps (English is loaded: a
  // language that is not shipped reads it).
  const en = [...new Set([...(R.given.get("en") ?? []), ...Object.keys(R.words.get("en") ?? {})])];
  const own = c.filter((t) => t != "en");
  const missing = en.filter((k) => !own.some((t) => Object.hasOwn(R.words.get(t) ?? {}, k) || R.given.get(t)?.has(k)));
  const total = en.length;
  if (missing.length === total) {
    console.warn(`steerlab: no words for "${c[0]}": the figures show English. Add them with steerlab.addWords("${c[0]}", words) or <link rel="steerlab-words" hreflang="${c[0]}" href="…"> (README, "Adding a language").`);
  } else if (missing.length) {
    console.warn(`steerlab: the words for "${c[0]}" lack ${missing.length} of ${total} keys, shown in English: ${missing.join(", ")}`);
  }
}

/** Check a words file against English (`words/en.json`, unless `reference` is given): a promise
 *  of `{ ok, missing, extra, placeholders, invalid }` (www/check-words.js). */
export async function checkWords(words, ref) {
  const { checkWords: check } = await import("./check-words.js");
  return check(words, ref ?? (await reference()));
}
