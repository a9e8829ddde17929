// A reading page's payload (wasm + JS, gzipped) against the project's budget (docs/performance.md,
// "Payload", states it), measured on the built dist/ from `scripts/build.sh`.
//
// Counted: every wasm and JS file a reading page fetches before the reader acts — each gallery,
// chapter and embedding example, in English and each language with pages of its own, opened in Chromium on a phone and left
// alone until its network is quiet (the reader never taps, types or scrolls) — each file once,
// each measured as `gzip -9 -c file | wc -c` (GNU gzip; deterministic for a given build, so the
// sizes cannot flake; which files a page asks for is the page's behaviour, and is what the test
// watches). Printed: every file of the heaviest page, the room left under the budget, and what one
// more behaviour costs.
// Not counted: styles, HTML, posters, and the data the loader fetches for the canvases it mounts
// (the built-in scenarios' JSON, 0.6–1.2 KB gzipped each; the page's words file, 10–11.5 KB
// gzipped, printed below).
//
// Where the bytes went, and what each part of the module weighs: docs/performance.md, "Payload".

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { DIST, serveDist, launchBrowser } from "./helpers.mjs";

const KB = 1024;
/// The project's payload budget (docs/performance.md, "Payload"): the wasm and JS a reading page
/// fetches before the reader acts.
const BUDGET = 190 * KB;
/// What the build is held to meanwhile, while the module is not split (docs/performance.md,
/// "Payload": what each part weighs and what a split gives back): a chapter fetches about 258 000 B
/// (252 KB); this ceiling, about one behaviour above that, stops it from growing while it is over
/// the budget.
const CEILING = 254 * KB;
/// What one more behaviour adds to the module, gzipped: the room left is also printed in
/// behaviours. Measured (docs/performance.md, "Room to grow"): the same build with and without
/// `interpose` (Reynolds': arrive at the midpoint of two agents' predicted positions; its
/// parameters, force, explain notes, pseudocode, overlays, readout, measures and report), module
/// 234 123 → 235 881 B. `cargo xtask new-behaviour`'s template alone adds 610 B; taking flee,
/// arrive or evade out of the registry saves 715, 984 or 1 424 B. The largest of these is counted.
const BEHAVIOUR = 1758;
/// The reading pages of the build: the galleries, the chapters and the embedding examples, in
/// English and every language with pages of its own (`/<tag>/`).
function readingPages() {
  const langs = fs.readdirSync(DIST).filter((d) => d !== "www" && /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(d) && fs.statSync(path.join(DIST, d)).isDirectory());
  const out = [];
  for (const dir of ["", ...langs.sort()]) {
    const base = dir ? `/${dir}/` : "/";
    if (fs.existsSync(path.join(DIST, dir, "index.html"))) out.push(base);
    const chapters = path.join(DIST, dir, "chapters");
    if (fs.existsSync(chapters)) for (const f of fs.readdirSync(chapters).filter((f) => f.endsWith(".html")).sort()) out.push(`${base}chapters/${f}`);
    if (fs.existsSync(path.join(DIST, dir, "embed.html"))) out.push(`${base}embed.html`);
  }
  return [...out, "/www/embed.html"];
}
/// The network is quiet once nothing has started or ended for this long.
const QUIET_MS = 2000;

function gzipSize(file) {
  const r = spawnSync("gzip", ["-9", "-c", file], { maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `gzip -9 -c ${file} failed: ${r.error || r.stderr}`);
  return r.stdout.length;
}

let browser, server;
before(async () => {
  browser = await launchBrowser();
  server = await serveDist();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The wasm and JS files (paths under dist/, no query) `url` fetches, left alone on a phone. */
async function fetchedBy(url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const files = new Set();
    let last = Date.now(), open = 0;
    page.on("request", (r) => {
      last = Date.now();
      open++;
      const u = new URL(r.url());
      if (u.origin === server.origin && /\.(wasm|m?js)$/.test(u.pathname)) files.add(u.pathname.replace(/^\//, ""));
    });
    for (const k of ["requestfinished", "requestfailed"]) page.on(k, () => ((last = Date.now()), open--));
    await page.goto(server.url(url), { waitUntil: "load", timeout: 60_000 });
    const t0 = Date.now();
    while ((open > 0 || Date.now() - last < QUIET_MS) && Date.now() - t0 < 30_000) await page.waitForTimeout(200);
    return [...files].sort();
  } finally {
    await context.close();
  }
}

test("payload: the wasm + JS a reading page fetches before the reader acts, against the 190 KB budget", async (t) => {
  const sizes = new Map();
  const size = (f) => {
    if (!sizes.has(f)) {
      const file = path.join(DIST, f);
      assert.ok(fs.existsSync(file), `${file} is missing: run scripts/build.sh first`);
      sizes.set(f, { raw: fs.statSync(file).size, gz: gzipSize(file) });
    }
    return sizes.get(f);
  };
  const pages = [];
  const urls = readingPages();
  for (const p of ["/", "/es/", "/chapters/flocking.html", "/es/chapters/flocking.html", "/www/embed.html"]) assert.ok(urls.includes(p), `${p} is not in dist/`);
  for (const url of urls) {
    const files = await fetchedBy(url);
    assert.ok(files.includes("steerlab_bg.wasm"), `${url} fetched no module: ${files.join(", ")}`);
    pages.push({ url, files, total: files.reduce((s, f) => s + size(f).gz, 0) });
  }
  for (const p of pages) t.diagnostic(`${p.url}: ${p.total} B gz (${(p.total / KB).toFixed(1)} KB) in ${p.files.length} files`);
  const worst = pages.reduce((a, b) => (b.total > a.total ? b : a));
  const table = worst.files
    .map((f) => ({ f, ...size(f) }))
    .sort((a, b) => b.gz - a.gz)
    .map((r) => `  ${r.f}: ${r.raw} B → ${r.gz} B gz`)
    .join("\n");
  const report = `${worst.url}, the heaviest:\n${table}\n  total: ${worst.total} B gz (${(worst.total / KB).toFixed(1)} KB)`;
  console.log(`payload (gzip -9), ${report}`);
  const words = fs.readdirSync(path.join(DIST, "words")).filter((f) => /^[a-z]{2,3}(-\w+)*\.json$/.test(f));
  console.log(`a page's words file, not counted (gzip -9): ${words.map((f) => `${f} ${gzipSize(path.join(DIST, "words", f))} B`).join(", ")}`);
  const room = BUDGET - worst.total;
  const fit = Math.max(0, Math.floor(room / BEHAVIOUR));
  const left =
    room >= 0
      ? `room left: ${room} B (${(room / KB).toFixed(1)} KB) under the ${BUDGET / KB} KB budget: ${fit} more behaviour${fit === 1 ? "" : "s"} of ${BEHAVIOUR} B gz fit`
      : `no room left: ${-room} B (${(-room / KB).toFixed(1)} KB) over the ${BUDGET / KB} KB budget: no behaviour of ${BEHAVIOUR} B gz fits until the module is split`;
  console.log(left);
  t.diagnostic(left);
  assert.ok(worst.total <= CEILING, `payload ${(worst.total / KB).toFixed(1)} KB gz > the ceiling of ${CEILING / KB} KB:\n${report}`);
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

test("payload: the module carries no float parser of its own (core's `str::parse::<f64>`)", () => {
  // Core's text-to-float parser (dec2flt) brings its table of powers of five, 1 302 pairs of u64
  // (10.4 KB that gzip cannot shrink): with its code, 14.3 KB gzipped of the module for one slider's
  // − and + (measured: 255 370 → 241 101 B). Text is read as a number by serde_json (the
  // scenarios, the links) or by JS's own parseFloat (`js_sys::Number::parse_float`, the attributes
  // of the page). The table's first pair, 5^-342's 128-bit mantissa as little-endian u64s, marks it.
  const wasm = fs.readFileSync(path.join(DIST, "steerlab_bg.wasm"));
  const mark = Buffer.alloc(16);
  mark.writeBigUInt64LE(0xeef453d6923bd65an, 0);
  mark.writeBigUInt64LE(0x113faa2906a13b3fn, 8);
  assert.equal(wasm.indexOf(mark), -1, "the module has dec2flt's table of powers of five: a `parse::<f64>` (or f32) of core's is in it");
});
