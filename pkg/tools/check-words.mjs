#!/usr/bin/env node
// Check a words file against English (Node ≥ 20): the same as `npx steerlab words it.json`
// (bin/words.mjs), kept under this name for the scripts that call it.
//
//   node <package>/tools/check-words.mjs it.json [more.json …]
import fs from "node:fs";

const at = ["../bin/words.mjs", "../../pkg/bin/words.mjs", "../bin/words.mjs"].map((p) => new URL(p, import.meta.url)).find((u) => fs.existsSync(u));
const { checkWordsFiles } = await import(at.href);
const files = process.argv.slice(2);
if (!files.length) {
  console.error("usage: node tools/check-words.mjs <words file>.json …   (or: npx steerlab words <file>)");
  process.exit(2);
}
process.exit(await checkWordsFiles(files));
