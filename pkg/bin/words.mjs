// `steerlab words <file>.json…`: a words file checked against English before it is given to
// steerlab: the keys it lacks (English shows for them: allowed), the keys English does not have,
// the texts whose {placeholders} differ from English's, the values that are not texts. Returns 1
// when a file has extra keys, wrong placeholders or non-texts (or is not JSON), else 0.
import fs from "node:fs";

const here = (p) => new URL(p, import.meta.url);
const first = (...ps) => ps.map(here).find((u) => fs.existsSync(u));

export async function checkWordsFiles(files, say = console.log) {
  const { checkWords } = await import(first("../www/check-words.js", "../../www/check-words.js").href);
  const english = JSON.parse(fs.readFileSync(first("../words/en.json", "../../words/en.json"), "utf8"));
  let bad = false;
  for (const f of files) {
    let r;
    try {
      r = checkWords(JSON.parse(fs.readFileSync(f, "utf8")), english);
    } catch (e) {
      say(`${f}: ${e.message}`);
      bad = true;
      continue;
    }
    const total = Object.keys(english).length;
    say(`${f}: ${total - r.missing.length} of ${total} keys${r.ok ? ", ok" : ""}`);
    if (r.missing.length) say(`  missing (English shows for them): ${r.missing.join(", ")}`);
    if (r.extra.length) say(`  not keys of English (left unused): ${r.extra.join(", ")}`);
    for (const p of r.placeholders) say(`  ${p.key}: placeholders {${p.got.join("} {")}}, English has {${p.expected.join("} {")}}`);
    if (r.invalid.length) say(`  not texts: ${r.invalid.join(", ")}`);
    bad ||= !r.ok;
  }
  return bad ? 1 : 0;
}
