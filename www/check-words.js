// Checks a words file (one language's `"key": "text"` object) against the reference, English
// (`words/en.json`): what it lacks (English shows for those keys), keys English does not have,
// texts whose `{placeholders}` differ from English's, values that are not texts. No imports: the
// pages' scripts reach it through www/words.js (`checkWords`, with the loaded English),
// `steerlab.checkWords`, and the command `node <package>/tools/check-words.mjs it.json`.

/** `{name}` holes of a text, sorted (`{clipped? (…)|}` → "clipped"; `{Tap|Click}` is none). */
const holes = (s) => [...String(s).matchAll(/\{(\w*)(?=[}?:~])[^}]*\}/g)].map((m) => m[1]).sort();

/** `{ ok, missing, extra, placeholders: [{ key, expected, got }], invalid }` for `words` against
 *  `reference` (English's words). `ok`: nothing extra, wrong or invalid (missing keys are allowed:
 *  English shows for them). Keys starting with `$` (`$schema`) are not words. */
export function checkWords(words, reference) {
  if (!words || typeof words != "object" || Array.isArray(words)) throw new TypeError('checkWords(words): give an object of "key": "text"');
  const keys = Object.keys(words).filter((k) => !k.startsWith("$"));
  const missing = Object.keys(reference).filter((k) => !Object.hasOwn(words, k));
  const extra = keys.filter((k) => !Object.hasOwn(reference, k));
  const invalid = keys.filter((k) => typeof words[k] != "string");
  const placeholders = keys
    .filter((k) => typeof words[k] == "string" && Object.hasOwn(reference, k))
    .map((k) => ({ key: k, expected: holes(reference[k]), got: holes(words[k]) }))
    .filter((p) => p.expected.join("\n") !== p.got.join("\n"));
  return { ok: !extra.length && !invalid.length && !placeholders.length, missing, extra, placeholders, invalid };
}
