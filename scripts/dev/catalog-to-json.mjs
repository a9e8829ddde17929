#!/usr/bin/env node
// Moves words from the old catalog format (`catalog/<tag>.txt`: one `key = text` a line, `#`
// comments, `\n` for a line break) into the words files (`words/<tag>.json`: one flat JSON object
// per language, keys sorted, one a line). Kept while branches written before the move still add
// keys to catalog/*.txt: give it their files and it merges their keys into words/<tag>.json (a
// key in the .txt replaces the same key in the .json; every other key of the .json stays).
//
//   node scripts/dev/catalog-to-json.mjs catalog/en.txt catalog/es.txt
//   git show other-branch:catalog/en.txt > /tmp/en.txt && node scripts/dev/catalog-to-json.mjs /tmp/en.txt
//
// The language is the file's name (`en.txt` → words/en.json); `--words DIR` writes elsewhere.
// Then check the result: `cargo test --test words` (keys, placeholders, the scripts' keys).
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
let dir = path.join(path.dirname(new URL(import.meta.url).pathname), "../../words");
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--words") dir = args[++i];
  else files.push(args[i]);
}
if (!files.length) {
  console.error("usage: node scripts/dev/catalog-to-json.mjs [--words DIR] catalog/<tag>.txt …");
  process.exit(2);
}

/** `key = text` lines → { key: text }; a malformed line stops with its place. */
export function parseCatalog(text, name) {
  const out = {};
  text.split("\n").forEach((raw, n) => {
    const line = raw.replace(/\s+$/, "");
    if (!line.trim() || line.trimStart().startsWith("#")) return;
    const eq = line.indexOf(" = ");
    if (eq < 0) throw new Error(`${name}:${n + 1}: expected \`key = text\`, got ${JSON.stringify(line)}`);
    const key = line.slice(0, eq).trim();
    if (!/^[a-z0-9._]+$/.test(key)) throw new Error(`${name}:${n + 1}: a key is lowercase ASCII, digits, '.' and '_': ${key}`);
    if (Object.hasOwn(out, key)) throw new Error(`${name}:${n + 1}: ${key} twice`);
    out[key] = line.slice(eq + 3).replaceAll("\\n", "\n");
  });
  return out;
}

/** A words file's text: keys sorted, one a line. */
export function wordsText(words) {
  const sorted = Object.fromEntries(Object.keys(words).sort().map((k) => [k, words[k]]));
  return JSON.stringify(sorted, null, 2) + "\n";
}

for (const f of files) {
  const tag = path.basename(f).replace(/\.txt$/, "");
  const from = parseCatalog(fs.readFileSync(f, "utf8"), f);
  const to = path.join(dir, `${tag}.json`);
  const have = fs.existsSync(to) ? JSON.parse(fs.readFileSync(to, "utf8")) : {};
  const added = Object.keys(from).filter((k) => !Object.hasOwn(have, k));
  const changed = Object.keys(from).filter((k) => Object.hasOwn(have, k) && have[k] !== from[k]);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(to, wordsText({ ...have, ...from }));
  console.log(`${to}: ${added.length} keys added, ${changed.length} changed${added.length ? ` (new: ${added.join(", ")})` : ""}`);
}
