#!/usr/bin/env node
// After the glue (steerlab.js) is minified with its identifiers (scripts/hooks/minify.sh), its
// exported classes keep their names (`v.constructor.name` is "Viewer", not "m"): for each
// `export{m as Viewer,…}` whose local is a class, `Object.defineProperty(m,"name",…)` is appended.
// (esbuild's --keep-names does this for every function: 0.3 KB gzipped more than not minifying
// the identifiers at all; this keeps the 0.7 KB the identifiers save. Chromium's console preview
// still shows the class's minified name: it reads the class's own, not its `name` property.)
//
//   node scripts/hooks/glue-names.mjs <file>
import fs from "node:fs";

const file = process.argv[2];
let js = fs.readFileSync(file, "utf8");
const clause = /export\s*\{([^}]*)\}/.exec(js);
if (!clause) throw new Error(`glue-names.mjs: no export clause in ${file}`);
const fixes = [];
for (const part of clause[1].split(",")) {
  const m = /^\s*([\w$]+)\s+as\s+([\w$]+)\s*$/.exec(part);
  if (!m || m[1] === m[2]) continue;
  const [, local, name] = m;
  if (new RegExp(`class ${local.replace(/\$/g, "\\$")}[\\s{]`).test(js)) fixes.push(`Object.defineProperty(${local},"name",{value:"${name}"});`);
}
js = js.replace(clause[0], fixes.join("") + clause[0]);
fs.writeFileSync(file, js);
console.log(`glue-names.mjs: ${fixes.length} class name(s) kept`);
