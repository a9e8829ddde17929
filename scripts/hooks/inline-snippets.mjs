#!/usr/bin/env node
// Release builds (scripts/hooks/minify.sh): put wasm-bindgen's JS snippets (the `inline_js` of
// src/web/paint.rs, written to snippets/<crate>-<hash>/inline0.js) into the glue itself, so the
// page loads one script rather than two and snippets/ need not ship.
//
//   node scripts/hooks/inline-snippets.mjs dir/steerlab.js
//
// Each `import { a, b } from './snippets/…';` line of the glue is replaced by that file's text with
// its `export` keywords removed: the functions become the glue's own, under the same names. Not
// esbuild's --bundle, which would rename the glue's classes (`Viewer` → `_Viewer`, the name the
// console shows) to keep bundled modules apart.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const glue = process.argv[2];
if (!glue) throw new Error("usage: inline-snippets.mjs dir/steerlab.js");
let text = readFileSync(glue, "utf8");
let n = 0;
text = text.replace(/^import \{([^}]*)\} from '(\.\/snippets\/[^']+)';$/gm, (_, names, path) => {
  const src = readFileSync(join(dirname(glue), path), "utf8");
  for (const name of names.split(",").map((s) => s.trim())) {
    if (!new RegExp(`^export function ${name}\\b`, "m").test(src)) throw new Error(`${path} does not export function ${name}`);
  }
  n++;
  return src.replace(/^export function /gm, "function ");
});
if (/from '\.\/snippets\//.test(text)) throw new Error("a snippet import was left in the glue");
writeFileSync(glue, text);
console.log(`inline-snippets: ${n} snippet(s) put into ${glue}`);
