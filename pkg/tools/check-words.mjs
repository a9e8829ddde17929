#!/usr/bin/env node
// Check a words file against English before giving it to steerlab (Node ≥ 20):
//
//   node <package>/tools/check-words.mjs it.json [more.json …]
//
// For each file: the keys it lacks (English shows for them: allowed), the keys English does not
// have, the texts whose {placeholders} differ from English's, the values that are not texts.
// Exits 1 when a file has extra keys, wrong placeholders or non-texts (or is not JSON). The
// package's layout (tools/, www/, words/ side by side); in steerlab's repository:
// `node pkg/tools/check-words.mjs words/fr.json`.
import fs from "node:fs";

const here = (p) => new URL(p, import.meta.url);
const first = (...ps) => ps.map(here).find((u) => fs.existsSync(u));
const { checkWords } = await import(first("../www/check-words.js", "../../www/check-words.js"));
const english = JSON.parse(fs.readFileSync(first("../words/en.json", "../../words/en.json"), "utf8"));

const files = process.argv.slice(2);
if (!files.length) {
  console.error("usage: node tools/check-words.mjs <words file>.json …");
  process.exit(2);
}
let bad = false;
for (const f of files) {
  let r;
  try {
    r = checkWords(JSON.parse(fs.readFileSync(f, "utf8")), english);
  } catch (e) {
    console.log(`${f}: ${e.message}`);
    bad = true;
    continue;
  }
  const total = Object.keys(english).length;
  console.log(`${f}: ${total - r.missing.length} of ${total} keys${r.ok ? ", ok" : ""}`);
  if (r.missing.length) console.log(`  missing (English shows for them): ${r.missing.join(", ")}`);
  if (r.extra.length) console.log(`  not keys of English (left unused): ${r.extra.join(", ")}`);
  for (const p of r.placeholders) console.log(`  ${p.key}: placeholders {${p.got.join("} {")}}, English has {${p.expected.join("} {")}}`);
  if (r.invalid.length) console.log(`  not texts: ${r.invalid.join(", ")}`);
  bad ||= !r.ok;
}
process.exit(bad ? 1 : 0);
