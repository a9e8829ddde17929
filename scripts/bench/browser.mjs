#!/usr/bin/env node
// Issue 6's browser figures in one run: builds the crate for wasm32 twice (with and without
// simd128; both with the `bench` feature that adds the page's exports), serves www/bench.html and
// the builds on 127.0.0.1, runs the page in Debian's headless
// Chromium through playwright-core, runs the native example for the wasm/native ratio, and prints
// every row plus the payload (wasm + JS glue, gzipped).
//
//   node scripts/bench/browser.mjs [--quick] [--no-build] [--only=simd128|baseline] [--no-wasm-opt]
//
// playwright-core comes from tools/node_modules, else /tmp/pw/node_modules (override with
// PLAYWRIGHT_CORE=/path/to/playwright-core). It never downloads a browser.

import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const noBuild = args.includes("--no-build");
const only = (args.find((a) => a.startsWith("--only=")) || "").slice(7);
const work = join(tmpdir(), "steerlab-bench");
mkdirSync(work, { recursive: true });

// `--gpu [--sizes=1000,…]`: the GPU engine's figures instead (www/gpu/bench.js through
// bench.html?gpu), in Chromium with WebGPU (SwiftShader's software adapter unless the machine
// offers a GPU: pass --adapter=default to let Chromium pick a hardware one). No wasm build.
if (args.includes("--gpu")) {
  await gpuBench();
  process.exit(0);
}

const variants = [
  { name: "simd128", rustflags: "-C target-feature=+simd128" },
  { name: "baseline", rustflags: "" },
].filter((v) => !only || v.name === only);

function sh(cmd, argv, env = {}) {
  return execFileSync(cmd, argv, { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } }).toString();
}

if (!readFileSync(join(root, "Cargo.toml"), "utf8").match(/^bench = /m)) {
  console.error("Cargo.toml must declare the `bench` feature (the bench page's exports, src/web/bench.rs)");
  process.exit(1);
}

// `--no-wasm-opt` measures the module as wasm-bindgen leaves it.
const wasmOpt = join(root, "tools/node_modules/.bin/wasm-opt");
const optAttr = readFileSync(join(root, "index.html"), "utf8").match(/data-wasm-opt="([^"]+)"/);
const wasmOptLevel = args.includes("--no-wasm-opt") || !optAttr || optAttr[1] === "0" ? null : optAttr[1];
if (wasmOptLevel && !existsSync(wasmOpt)) {
  console.error(`${wasmOpt} is missing: run scripts/setup.sh (or pass --no-wasm-opt)`);
  process.exit(1);
}
console.error(`wasm-opt: ${wasmOptLevel ? "-O" + wasmOptLevel + " (as index.html)" : "not run"}`);

for (const v of variants) {
  const targetDir = join(root, "target", `bench-wasm-${v.name}`);
  const outDir = join(work, `pkg-${v.name}`);
  if (!noBuild) {
    console.error(`building wasm (${v.name})…`);
    // `--features bench`: the bench page's exports are not in the gallery's module (Cargo.toml).
    sh("cargo", ["build", "--release", "--lib", "--features", "bench", "--target", "wasm32-unknown-unknown", "--target-dir", targetDir], { RUSTFLAGS: v.rustflags });
    sh("wasm-bindgen", ["--target", "web", "--out-dir", outDir, join(targetDir, "wasm32-unknown-unknown/release/steerlab.wasm")]);
    // The painter's JS snippet into the glue, as the gallery's build does (the server below
    // serves the build's files, not its snippets/ directory).
    sh("node", [join(root, "scripts/hooks/inline-snippets.mjs"), join(outDir, "steerlab.js")]);
    // The gallery's optimisation pass (index.html's data-wasm-opt, run by Trunk), so the page
    // measures the code that ships. wasm-opt comes from tools/node_modules/.bin (binaryen@132).
    if (wasmOptLevel) {
      const bg = join(outDir, "steerlab_bg.wasm");
      sh(wasmOpt, [`-O${wasmOptLevel}`, bg, "-o", bg]);
    }
  }
  v.dir = outDir;
}

// Payload: the wasm and its JS glue, gzipped (level 9), per build. These builds carry the bench
// exports: the gallery's payload is `trunk build --release`'s dist/, which
// tests/e2e/payload.test.mjs checks.
const payload = {};
for (const v of variants) {
  const wasm = readFileSync(join(v.dir, "steerlab_bg.wasm"));
  const js = readFileSync(join(v.dir, "steerlab.js"));
  payload[v.name] = { wasm: wasm.length, wasmGz: gzipSync(wasm, { level: 9 }).length, js: js.length, jsGz: gzipSync(js, { level: 9 }).length };
}

// A static server for www/ and the builds, on 127.0.0.1 only.
const types = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };
const server = createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  const p = decodeURIComponent(url.pathname);
  let file = null;
  const m = p.match(/^\/(pkg-[a-z0-9]+)\/([\w.-]+)$/);
  if (m) file = join(work, m[1], m[2]);
  else if (/^\/(gpu\/)?[\w.-]+$/.test(p)) file = join(root, "www", p.slice(1));
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end("not found");
    return;
  }
  res.writeHead(200, { "content-type": types[extname(file)] || "application/octet-stream", "cache-control": "no-store" });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const port = server.address().port;

function playwright() {
  const candidates = [process.env.PLAYWRIGHT_CORE, join(root, "tools/node_modules/playwright-core"), "/tmp/pw/node_modules/playwright-core"].filter(Boolean);
  for (const c of candidates) if (existsSync(join(c, "package.json"))) return createRequire(import.meta.url)(c);
  throw new Error("playwright-core not found: run `npm install --prefix /tmp/pw playwright-core` (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1)");
}
const { chromium } = playwright();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

// The native example, built before the browser starts (opt-level 3 as a native game builds it;
// the release profile is "z" for the wasm payload), in a target dir of its own (scripts/bench/bench.sh
// uses the same).
sh("cargo", ["build", "--quiet", "--release", "--target-dir", join(root, "target", "bench-native"), "--example", "bench_step"], { CARGO_PROFILE_RELEASE_OPT_LEVEL: "3" });
const benchStep = join(root, "target", "bench-native", "release", "examples", "bench_step");
// One run of the example: its line and ms per step, wall-clock (like the page's performance.now())
// and thread CPU. `widths` names its kernels: the widest vectors the CPU has (AVX-512F: 16 agents
// per vector, else AVX2: 8), AVX2, and the same four lanes as wasm simd128 (SSE2, `narrow`).
const widths = { widest: "simd", avx2: "avx2", "4-lane": "narrow" };
const nativeMs = (n, steps, kernel) => {
  const line = sh(benchStep, [String(n), String(steps), "fast", kernel]);
  const wall = Number((line.match(/wall ([\d.]+) ms\/step/) || [])[1]);
  const cpu = Number((line.match(/([\d.]+) ms\/step \(thread CPU\)/) || [])[1]);
  return { wall, cpu, line: line.trim() };
};

// Paired wasm/native: the machine's speed drifts by tens of percent within minutes here, so a
// ratio of two figures taken minutes apart mostly measures the drift. Each pair is the mean of
// the same 15 steps from the same spawn in the page and natively, taken back to back (~1 s apart,
// alternating which goes first); the ratio's median over the pairs is the robust figure.
const pairs = quick ? 4 : 10;
const paired = { wasm: [], ...Object.fromEntries(Object.keys(widths).map((w) => [w, []])) };
async function pairedRatios(page) {
  const wasm = () => page.evaluate(() => {
    const f = new window.__benchMod.BenchFlock(100000, "fast", 0, 0, 1n);
    const t0 = performance.now();
    for (let k = 0; k < 15; k++) f.steps(1);
    const ms = (performance.now() - t0) / 15;
    f.free();
    return ms;
  });
  const nat = () => Object.fromEntries(Object.entries(widths).map(([w, kernel]) => [w, nativeMs(100000, 15, kernel).wall]));
  for (let p = 0; p < pairs; p++) {
    let w, nv;
    if (p % 2) { nv = nat(); w = await wasm(); } else { w = await wasm(); nv = nat(); }
    paired.wasm.push(w);
    for (const k of Object.keys(nv)) paired[k].push(w / nv[k]);
  }
}

const results = {};
try {
  for (const v of variants) {
    const page = await browser.newPage();
    page.on("console", (m) => { if (m.type() === "error") console.error(`[page] ${m.text()}`); });
    await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (r) => r.abort());
    await page.goto(`http://127.0.0.1:${port}/bench.html?pkg=./pkg-${v.name}${quick ? "&quick" : ""}`);
    await page.waitForFunction(() => window.__bench, null, { timeout: 15 * 60 * 1000, polling: 500 });
    results[v.name] = await page.evaluate(() => window.__bench);
    if (results[v.name].error) throw new Error(results[v.name].error);
    if (v.name === "simd128") await pairedRatios(page);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

// Native, right after, at every width: the widest is the row's figure, the 4-lane one shows what
// the browser itself costs for the same kernel.
const native = {};
for (const n of [10000, 100000]) {
  native[n] = Object.fromEntries(Object.entries(widths).map(([w, kernel]) => [w, nativeMs(n, quick ? 10 : 30, kernel)]));
}

// Report.
const f = (x) => (x === undefined || Number.isNaN(x) ? "—" : x.toFixed(2));
for (const v of variants) {
  const r = results[v.name];
  console.log(`\n## Chromium, wasm build "${v.name}" (simd128 compiled in: ${r.simd128}), ${r.userAgent}`);
  console.log("| measure | n | median ms | min–max ms | runs |");
  console.log("|---|---|---|---|---|");
  for (const row of r.rows) {
    const extra = row.neighbours ? ` (mean neighbours ${row.neighbours.toFixed(1)})` : "";
    console.log(`| ${row.name}${extra} | ${row.n} | ${f(row.median)} | ${f(row.min)}–${f(row.max)} | ${row.runs} |`);
  }
}
console.log("\n## Native (examples/bench_step, same run; widest = AVX-512F or AVX2, 4-lane = SSE2 like wasm)");
for (const n of Object.keys(native)) for (const [label, r] of Object.entries(native[n])) console.log(`- n=${n} ${label}: ${r.line}`);
console.log("\n## Ratios (medians, this run)");
for (const v of variants) {
  const r = results[v.name];
  for (const n of [10000, 100000]) {
    const get = (name) => r.rows.find((x) => x.name === name && x.n === n)?.median;
    const wasm = get("wasm step (fast, 4-lane)");
    const scalar = get("wasm step (fast, scalar)");
    const js = get("JS typed-array grid step");
    const ratio = Object.entries(native[n]).map(([label, r]) => `${label} ${f(wasm / r.wall)}`).join(", ");
    console.log(`- ${v.name} n=${n}: wasm/native (wall): ${ratio}; JS grid / wasm ${f(js / wasm)}, scalar / 4-lane ${f(scalar / wasm)}`);
  }
}
if (paired.wasm.length) {
  const med = (a) => { const x = [...a].sort((p, q) => p - q), m = x.length >> 1; return x.length % 2 ? x[m] : (x[m - 1] + x[m]) / 2; };
  const row = (a) => `${f(med(a))} (${f(Math.min(...a))}–${f(Math.max(...a))})`;
  console.log(`\n## Paired wasm/native at 100k (${paired.wasm.length} pairs, each 15 steps from the same spawn, back to back; median (min–max))`);
  console.log(`- wasm step: ${row(paired.wasm)} ms`);
  for (const w of Object.keys(widths)) console.log(`- wasm/native ${w}: ${row(paired[w])}`);
}
console.log("\n## Payload (gzip -9)");
for (const [name, p] of Object.entries(payload)) {
  console.log(`- ${name}: wasm ${(p.wasm / 1024).toFixed(1)} KB → ${(p.wasmGz / 1024).toFixed(1)} KB gz; JS glue ${(p.js / 1024).toFixed(1)} KB → ${(p.jsGz / 1024).toFixed(1)} KB gz; total ${((p.wasmGz + p.jsGz) / 1024).toFixed(1)} KB gz`);
}
console.log("\nJSON:", JSON.stringify({ results, native, paired, payload }));

async function gpuBench() {
  const sizes = (args.find((a) => a.startsWith("--sizes=")) || "--sizes=100000,1000000,4000000").slice(8);
  const adapter = (args.find((a) => a.startsWith("--adapter=")) || "--adapter=swiftshader").slice(10);
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const server = createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
    const file = /^\/(gpu\/)?[\w.-]+$/.test(p) ? join(root, "www", p.slice(1)) : null;
    if (!file || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end("not found");
    res.writeHead(200, { "content-type": types[extname(file)] || "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { chromium } = playwright();
  const flags = ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-unsafe-webgpu", "--enable-features=Vulkan"];
  if (adapter !== "default") flags.push(`--use-webgpu-adapter=${adapter}`);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: flags });
  try {
    const page = await browser.newPage();
    page.on("console", (m) => { if (m.type() === "error") console.error(`[page] ${m.text()}`); });
    await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (r) => r.abort());
    await page.goto(`http://127.0.0.1:${server.address().port}/bench.html?gpu&sizes=${sizes}${quick ? "&quick" : ""}`);
    await page.waitForFunction(() => window.__bench, null, { timeout: 60 * 60 * 1000, polling: 1000 });
    const r = await page.evaluate(() => window.__bench);
    if (r.error) throw new Error(r.error);
    const f = (x) => (x === undefined || Number.isNaN(x) ? "—" : x.toFixed(2));
    console.log(`\n## GPU engine, Chromium, adapter ${JSON.stringify(r.adapter)}; ${r.userAgent}`);
    console.log(`largest flock the device's limits hold: ${r.limits.maxBoids} (maxStorageBufferBindingSize ${r.limits.maxStorageBufferBindingSize})`);
    console.log("| measure | n | median ms | min–max ms | runs |");
    console.log("|---|---|---|---|---|");
    for (const row of r.rows) {
      const extra = row.neighbours ? ` (mean neighbours ${row.neighbours.toFixed(1)})` : "";
      console.log(`| ${row.name}${extra} | ${row.n} | ${f(row.median)} | ${f(row.min)}–${f(row.max)} | ${row.runs ?? "—"} |`);
    }
    console.log("\nJSON:", JSON.stringify(r));
  } finally {
    await browser.close();
    server.close();
  }
}
