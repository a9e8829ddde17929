// Checks a words file (one language's `"key": "text"` object) against the reference, English
// (`words/en.json`): what it lacks (English shows for those keys), keys English does not have,
// texts whose `{placeholders}` differ from English's, values that are not texts. No imports: the
// pages' scripts reach it through www/words.js (`checkWords`, with the loaded English),
// `steerlab.checkWords`, and the command `node <package>/tools/check-words.mjs it.json`.

/** `{name}` holes of a text, sorted (`{clipped? (…)|}` → "clipped"; `{Tap|Click}` is none; a
 *  plural's, `{n, plural, one {# group} other {# groups}}`, is "n" and the holes inside its
 *  branches, whatever branches a language has). */
function holes(text, out = []) {
  const s = String(text);
  for (let i = 0; (i = s.indexOf("{", i)) >= 0; ) {
    let depth = 0, end = i;
    for (; end < s.length; end++) if (s[end] == "{") depth++; else if (s[end] == "}" && --depth == 0) break;
    const body = s.slice(i + 1, end);
    const m = /^([^{}?:~,]*)(,\s*plural\s*,)?/.exec(body);
    const name = m[1].trimEnd();
    if (/^\w*$/.test(name)) out.push(name); // ({Tap|Click}: an instruction; `{ makeWorld }`: code)
    // (Each branch once: its holes, not its words.)
    if (m[2]) for (const b of body.slice(m[0].length).matchAll(/\{([^{}]*)\}/g)) holes(b[1], out);
    i = end + 1;
  }
  return [...new Set(out)].sort();
}

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
