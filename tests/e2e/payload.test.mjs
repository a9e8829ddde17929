// The page's payload (wasm + JS, gzipped) against the project's budget (docs/performance.md,
// "Payload", states it), measured on the built dist/ from
// `trunk build --release`. Sizes are deterministic for a given build, so this cannot flake.
//
// Counted: what a page needs to mount a visualisation — the module (dist/steerlab_bg.wasm), its
// wasm-bindgen glue (dist/steerlab.js) and the loader (dist/www/boot.js, the words' registry and
// loader included), each measured as `gzip -9 -c file | wc -c` (GNU gzip; node's zlib at level 9
// gives ~1 % more for the module).
// Not counted: the optional <steer-lab> custom element (www/steer-lab.js), styles, HTML, and the
// data boot.js fetches for the canvases it mounts: the built-in scenarios' JSON files (0.6–1.2 KB
// gzipped each; the gallery's first screen asks for six, ~5 KB: tests/e2e/builtins.test.mjs) and
// the canvases' language's words file (words/<tag>.json, one a page, 10–11.5 KB gzipped: printed
// below; a language that is not shipped loads English's too).
//
// Where the bytes went, commit by commit, and the levers tried: docs/performance.md, "Payload".

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { DIST } from "./helpers.mjs";

// (boot.js imports the loader of scenarios and words: loaded with every page.)
const FILES = ["steerlab_bg.wasm", "steerlab.js", "www/boot.js", "www/posters.js", "www/loader.js"];
const KB = 1024;
/// The project's payload budget (docs/performance.md, "Payload"): what a page loads before the
/// reader interacts.
const BUDGET = 240 * KB;
/// The build is held to the budget itself (back under it on 2026-12-05: core's float printer
/// left the module, docs/performance.md, "Payload after the core crate split").
const CEILING = BUDGET;
/// What one more behaviour adds to the module, gzipped: the room left is also printed in
/// behaviours. Measured (docs/performance.md, "Room to grow"): the same build with and without
/// `interpose` (Reynolds': arrive at the midpoint of two agents' predicted positions; its
/// parameters, force, explain notes, pseudocode, overlays, readout, measures and report), module
/// 234 123 → 235 881 B. `cargo xtask new-behaviour`'s template alone adds 610 B; taking flee,
/// arrive or evade out of the registry saves 715, 984 or 1 424 B. The largest of these is counted.
const BEHAVIOUR = 1758;

function gzipSize(file) {
  const r = spawnSync("gzip", ["-9", "-c", file], { maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `gzip -9 -c ${file} failed: ${r.error || r.stderr}`);
  return r.stdout.length;
}

function payload() {
  const rows = FILES.map((f) => {
    const file = path.join(DIST, f);
    assert.ok(fs.existsSync(file), `${file} is missing: run \`trunk build --release\` first`);
    const raw = fs.readFileSync(file);
    return { file: f, raw: raw.length, gz: gzipSize(file) };
  });
  const total = rows.reduce((s, r) => s + r.gz, 0);
  const table = rows.map((r) => `  ${r.file}: ${r.raw} B → ${r.gz} B gz`).join("\n");
  return { rows, total, report: `${table}\n  total: ${total} B gz (${(total / KB).toFixed(1)} KB)` };
}

test("payload: wasm + JS within the 240 KB budget", (t) => {
  const { total, report } = payload();
  console.log(`payload (gzip -9):\n${report}`);
  const words = fs.readdirSync(path.join(DIST, "words")).filter((f) => /^[a-z]{2,3}(-\w+)*\.json$/.test(f));
  console.log(`a page's words file, not counted (gzip -9): ${words.map((f) => `${f} ${gzipSize(path.join(DIST, "words", f))} B`).join(", ")}`);
  const room = BUDGET - total;
  const fit = Math.max(0, Math.floor(room / BEHAVIOUR));
  const left =
    room >= 0
      ? `room left: ${room} B (${(room / KB).toFixed(1)} KB) under the ${BUDGET / KB} KB budget: ${fit} more behaviour${fit === 1 ? "" : "s"} of ${BEHAVIOUR} B gz fit`
      : `no room left: ${-room} B (${(-room / KB).toFixed(1)} KB) over the ${BUDGET / KB} KB budget: no behaviour of ${BEHAVIOUR} B gz fits`;
  t.diagnostic(left);
  assert.ok(total <= CEILING, `payload ${(total / KB).toFixed(1)} KB gz > the ceiling of ${CEILING / KB} KB:\n${report}`);
});

/** The module's memory layout, from its sections: the initial values of its mutable i32 globals
 *  (the first is the stack pointer) and the offsets of its active data segments. */
function layout(bytes) {
  let i = 8;
  const u = () => {
    let r = 0, s = 0, b;
    do { b = bytes[i++]; r += (b & 0x7f) * 2 ** s; s += 7; } while (b & 0x80);
    return r;
  };
  const sIndex = () => {
    let r = 0, s = 0, b;
    do { b = bytes[i++]; r |= (b & 0x7f) << s; s += 7; } while (b & 0x80);
    return s < 32 && b & 0x40 ? r | (-1 << s) : r;
  };
  const globals = [], segments = [];
  while (i < bytes.length) {
    const id = bytes[i++], size = u(), end = i + size;
    if (id === 6) {
      for (let n = u(); n > 0; n--) {
        const type = bytes[i++], mutable = bytes[i++], op = bytes[i++];
        if (op !== 0x41) { i = end; break; } // only i32.const initialisers are read
        const v = sIndex();
        i++; // end
        if (type === 0x7f && mutable) globals.push(v);
      }
    } else if (id === 11) {
      for (let n = u(); n > 0; n--) {
        const flag = u();
        if (flag !== 0) break; // passive or indexed segments: not read
        if (bytes[i++] !== 0x41) break;
        segments.push(sIndex());
        i++; // end
        i += u();
      }
    }
    i = end;
  }
  return { globals, segments };
}

test("payload: the module never touches its lowest 1 KB, as wasm-opt's --low-memory-unused assumes", () => {
  // index.html asks wasm-opt to fold constant additions into loads' and stores' offsets, which is
  // sound only if no address below 1024 is ever used: the stack must start high (the linker puts
  // it first, growing down from 1 MB) and every data segment above 1 KB.
  const html = fs.readFileSync(path.join(DIST, "..", "index.html"), "utf8");
  if (!/--low-memory-unused/.test(html)) return;
  const { globals, segments } = layout(fs.readFileSync(path.join(DIST, "steerlab_bg.wasm")));
  assert.ok(segments.length > 0, "no active data segment found in the module");
  for (const s of segments) assert.ok(s >= 1024, `a data segment at ${s}, below 1 KB`);
  assert.ok(globals.length > 0, "no mutable i32 global (the stack pointer) found");
  assert.ok(globals[0] >= 1 << 20, `the stack pointer starts at ${globals[0]}: the stack could reach the lowest 1 KB`);
});
