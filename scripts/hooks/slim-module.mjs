#!/usr/bin/env node
// Called by scripts/hooks/minify.sh (Trunk's post_build hook) on release builds, before esbuild:
// renames the module's imports from the glue (module "./steerlab_bg.js") to short names, in the
// wasm import section and in the glue's import object alike, and drops the custom sections
// "producers" and "target_features" (tool names and versions, the features rustc enabled: no
// browser reads them).
//
// wasm-bindgen names every import `__wbg_<method>_<16 hex digits of hash>`, and each name is
// written twice, once in the wasm and once in the glue: ~150 imports of random hex that gzip cannot
// shrink. Binaryen's own `--minify-imports` only renames imports from the module "env".
// Renaming changes nothing else: the import section keeps its order, kinds and types, and the glue
// keys its import object by the same new names.
//
//   node scripts/hooks/slim-module.mjs dir/steerlab_bg.wasm dir/steerlab.js
import { readFileSync, writeFileSync } from "node:fs";

const [wasmPath, jsPath] = process.argv.slice(2);
if (!wasmPath || !jsPath) {
  console.error("usage: short-imports.mjs module.wasm glue.js");
  process.exit(2);
}
const MODULE = "./steerlab_bg.js";
const wasm = readFileSync(wasmPath);
let js = readFileSync(jsPath, "utf8");

function uleb(buf, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = buf[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(b & 0x80)) return [result, pos];
  }
}
function encodeUleb(n) {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}
function encodeName(s) {
  const b = Buffer.from(s, "utf8");
  return Buffer.concat([encodeUleb(b.length), b]);
}
// A limits record (tables, memories): flags, min, max if flags & 1.
function skipLimits(buf, pos) {
  const flags = buf[pos++];
  [, pos] = uleb(buf, pos);
  if (flags & 1) [, pos] = uleb(buf, pos);
  return pos;
}

if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error(`${wasmPath}: not a wasm module`);
let pos = 8;
let done = false;
const parts = [wasm.subarray(0, 8)];
const renames = new Map();
const dropped = [];
while (pos < wasm.length) {
  const start = pos;
  const id = wasm[pos++];
  let size;
  [size, pos] = uleb(wasm, pos);
  const end = pos + size;
  if (id === 0) {
    const [len, at] = uleb(wasm, pos);
    const name = wasm.toString("utf8", at, at + len);
    if (name === "producers" || name === "target_features") {
      dropped.push(name);
      pos = end;
      continue;
    }
  }
  if (id !== 2 || done) {
    parts.push(wasm.subarray(start, end));
    pos = end;
    continue;
  }
  done = true;
  let count;
  [count, pos] = uleb(wasm, pos);
  const entries = [encodeUleb(count)];
  for (let i = 0; i < count; i++) {
    const strings = [];
    for (let k = 0; k < 2; k++) {
      let len;
      [len, pos] = uleb(wasm, pos);
      strings.push(wasm.toString("utf8", pos, pos + len));
      pos += len;
    }
    const [module, name] = strings;
    const descStart = pos;
    const kind = wasm[pos++];
    if (kind === 0) [, pos] = uleb(wasm, pos); // function: type index
    else if (kind === 1) pos = skipLimits(wasm, pos + 1); // table: reftype, limits
    else if (kind === 2) pos = skipLimits(wasm, pos); // memory: limits
    else if (kind === 3) pos += 2; // global: valtype, mutability
    else throw new Error(`${wasmPath}: import ${module}.${name} of unknown kind ${kind}`);
    let short = name;
    if (module === MODULE) {
      short = renames.get(name) ?? `w${renames.size.toString(36)}`;
      renames.set(name, short);
    }
    entries.push(encodeName(module), encodeName(short), wasm.subarray(descStart, pos));
  }
  if (pos !== end) throw new Error(`${wasmPath}: import section ends at ${pos}, expected ${end}`);
  const body = Buffer.concat(entries);
  parts.push(Buffer.from([2]), encodeUleb(body.length), body);
}
if (!done || renames.size === 0) throw new Error(`${wasmPath}: no imports from ${MODULE}`);

// The glue's import object: `__wbg_name_hash: function …` (or `"__wbg_…":` once minified).
for (const [name, short] of renames) {
  const re = new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
  const hits = js.match(re)?.length ?? 0;
  if (hits !== 1) throw new Error(`${jsPath}: import ${name} appears ${hits} times, expected once`);
  js = js.replace(re, short);
}
for (const short of renames.values()) {
  const re = new RegExp(`(?<![\\w$.])${short}(?=\\s*:)`, "g");
  if (js.match(re)?.length !== 1) throw new Error(`${jsPath}: the short name ${short} is not unique`);
}
writeFileSync(wasmPath, Buffer.concat(parts));
writeFileSync(jsPath, js);
console.error(`slim-module: ${renames.size} imports renamed, dropped ${dropped.join(", ") || "no custom section"}`);
