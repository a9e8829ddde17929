#!/usr/bin/env node
// A/B of two builds in ONE Chromium page, alternating: the robust way to compare wasm speed on a
// noisy machine (the same build moved 1.3–1.5× within an hour here, so two separate bench runs
// cannot show a 5 % change; steps of A and B interleaved in one page can).
//
//   node scripts/bench/ab-browser.mjs [--a=REV] [--b=REV|worktree] [--n=100000] [--rounds=6] [--steps=20]
//                               [--what=fast,sim,draw,frame,scenario:NAME,...] [--no-build]
//
// `scenario:NAME` steps the built-in scenario NAME on the standard engine (`BenchScenario`: no
// drawing, no history), K steps per timed call with K chosen so that a call takes ~10 ms (the
// browser's clock ticks in 0.1 ms). A revision older than that export gets it patched in.
//
// A defaults to HEAD, B to the working tree. Each side is built with `--features bench` and
// simd128 (as scripts/bench/browser.mjs does), then wasm-bindgen and the gallery's wasm-opt level
// and parameters (that side's index.html: data-wasm-opt, data-wasm-opt-params). A git revision is checked out with `git worktree` under the
// system's temp dir; each side builds in a target dir of its own (target/ab-a, target/ab-b: one
// shared dir let cargo take the other side's fresh output for its own).
//
// Per round, fresh flocks (same seed) for A and B step side by side: step k of A, then step k of
// B, then the next k (the order flips every round), so both see the same machine load and the
// same flock density. It prints each side's median per measure, min–max, and the ratio A/B
// (> 1: B is faster). Bench pages only; never part of the test command.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { ROOT as root, launchBrowser, openPage, serveDist } from "../../tests/e2e/helpers.mjs";

const opt = (name, dflt) => {
  const a = process.argv.slice(2).find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
};
const flag = (name) => process.argv.slice(2).includes(`--${name}`);
const revA = opt("a", "HEAD");
const revB = opt("b", "worktree");
const n = Number(opt("n", "100000"));
const rounds = Number(opt("rounds", "6"));
const steps = Number(opt("steps", "20"));
const what = opt("what", "fast,sim,draw,frame").split(",");
const work = join(tmpdir(), "steerlab-ab");
mkdirSync(work, { recursive: true });

function sh(cmd, argv, cwd = root, env = {}) {
  return execFileSync(cmd, argv, { cwd, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } }).toString();
}

const wasmOpt = join(root, "tools/node_modules/.bin/wasm-opt");
/** The wasm-opt arguments of the gallery's build at `src` (its index.html's `data-wasm-opt` level
 *  and `data-wasm-opt-params`), or null for none: each side is optimised as its own revision ships. */
function optArgs(src) {
  const html = readFileSync(join(src, "index.html"), "utf8");
  const level = html.match(/data-wasm-opt="([^"]+)"/)?.[1];
  if (!level || level === "0") return null;
  const params = html.match(/data-wasm-opt-params="([^"]*)"/)?.[1] ?? "";
  return [`-O${level}`, ...params.split(/\s+/).filter(Boolean)];
}
function build(side, rev) {
  const targetDir = join(root, "target", `ab-${side}`);
  const out = join(work, `pkg-${side}`);
  if (flag("no-build")) return;
  let src = root;
  if (rev !== "worktree") {
    src = join(work, `src-${side}`);
    if (existsSync(src)) sh("git", ["worktree", "remove", "--force", src]);
    rmSync(src, { recursive: true, force: true });
    sh("git", ["worktree", "add", "--detach", src, rev]);
    // An older revision without the standard-engine export gets this revision's (the API it
    // uses, Sim::from_json and Sim::step, is older than the bench page).
    const bench = join(src, "src/web/bench.rs");
    const text = readFileSync(bench, "utf8");
    if (!text.includes("BenchScenario")) {
      const mine = readFileSync(join(root, "src/web/bench.rs"), "utf8");
      writeFileSync(bench, text + mine.slice(mine.indexOf("\n/// A built-in scenario on the standard engine")));
    }
  }
  console.error(`building ${side} (${rev})…`);
  sh("cargo", ["build", "--release", "--lib", "--features", "bench", "--target", "wasm32-unknown-unknown", "--target-dir", targetDir], src, {
    RUSTFLAGS: "-C target-feature=+simd128",
  });
  mkdirSync(out, { recursive: true });
  const wasm = join(work, `${side}.wasm`);
  copyFileSync(join(targetDir, "wasm32-unknown-unknown/release/steerlab.wasm"), wasm);
  sh("wasm-bindgen", ["--target", "web", "--out-dir", out, wasm]);
  const bg = join(out, `${side}_bg.wasm`);
  const args = optArgs(src);
  if (args) {
    console.error(`wasm-opt ${side}: ${args.join(" ")}`);
    sh(wasmOpt, [...args, bg, "-o", bg]);
  }
  if (rev !== "worktree") sh("git", ["worktree", "remove", "--force", src]);
}
build("a", revA);
build("b", revB);

// The page's script is a file of its own (served beside the page): the server sends the
// gallery's Content-Security-Policy, which allows no inline script.
const html = `<!doctype html><meta charset="utf-8"><canvas id="c" width="1280" height="720"></canvas>
<script type="module" src="./ab.js"></script>`;
const script = `
const A = await import("./pkg-a/a.js"), B = await import("./pkg-b/b.js");
const mods = { a: { m: A, w: await A.default() }, b: { m: B, w: await B.default() } };
const ctx = document.getElementById("c").getContext("2d");
const W = 1280, H = 720, n = ${n}, rounds = ${rounds}, steps = ${steps}, what = ${JSON.stringify(what)};
const views = {};
const put = (side, ptr, len) => {
  const w = mods[side].w, v = views[side];
  if (!v || v.ptr !== ptr || v.buf !== w.memory.buffer)
    views[side] = { ptr, buf: w.memory.buffer, img: new ImageData(new Uint8ClampedArray(w.memory.buffer, ptr, len), W, H) };
  ctx.putImageData(views[side].img, 0, 0);
};
const ops = {
  fast: (f) => f.steps(1),
  sim: (f) => f.steps(1),
  draw: (f, side) => put(side, f.draw(W, H), f.pixels_len()),
  frame: (f, side) => { f.steps(1); put(side, f.draw(W, H), f.pixels_len()); },
};
const engine = (m) => (m === "fast" ? "fast" : "sim");
const t = {};
for (const m of what.filter((m) => m.startsWith("scenario:"))) {
  // The standard engine on a built-in: K steps per timed call, K such that a call takes ~10 ms.
  const name = m.slice("scenario:".length);
  t[m] = { a: [], b: [] };
  let K = 1;
  for (const side of ["a", "b"]) {
    const f = new mods[side].m.BenchScenario(name);
    for (;;) { const t0 = performance.now(); f.steps(K); if (performance.now() - t0 > 10 || K >= 1 << 20) break; K *= 2; }
    f.free();
  }
  t[m].k = K;
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ["b", "a"] : ["a", "b"];
    const fl = {};
    for (const side of order) fl[side] = new mods[side].m.BenchScenario(name);
    for (let k = 0; k < steps; k++) for (const side of order) {
      const t0 = performance.now();
      fl[side].steps(K);
      t[m][side].push((performance.now() - t0) / K);
    }
    for (const side of order) fl[side].free();
  }
}
for (const m of what.filter((m) => !m.startsWith("scenario:"))) {
  t[m] = { a: [], b: [] };
  // Warm-up (JIT tiers up) on throwaway flocks, both sides.
  for (const side of ["a", "b"]) {
    const f = new mods[side].m.BenchFlock(n, engine(m), 0, 0, 9n);
    const until = performance.now() + 400;
    while (performance.now() < until) { f.steps(1); if (m !== "fast" && m !== "sim") f.draw(W, H); }
    f.free();
  }
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ["b", "a"] : ["a", "b"];
    const fl = {};
    for (const side of order) fl[side] = new mods[side].m.BenchFlock(n, engine(m), 0, 0, BigInt(r + 1));
    for (let k = 0; k < steps; k++) for (const side of order) {
      if (m === "draw") fl[side].steps(1);
      const t0 = performance.now();
      ops[m](fl[side], side);
      t[m][side].push(performance.now() - t0);
    }
    for (const side of order) fl[side].free();
  }
}
window.__ab = t;
`;

// The end-to-end tests' server (127.0.0.1, the page's CSP) and Debian's Chromium with their flags.
const server = await serveDist({ root: work, extra: { "/ab.html": html, "/ab.js": script } });
const browser = await launchBrowser();
let t;
try {
  const { page, problems } = await openPage(browser, server.url("/ab.html"));
  await page.waitForFunction(() => window.__ab || null, null, { timeout: 30 * 60 * 1000, polling: 500 }).catch((e) => {
    throw new Error(`${e.message}; page errors: ${[...problems.pageErrors, ...problems.console].join("; ") || "none"}`);
  });
  t = await page.evaluate(() => window.__ab);
} finally {
  await browser.close();
  await server.close();
}

const med = (a) => { const s = [...a].sort((x, y) => x - y), m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const f = (x) => x.toFixed(2);
console.log(`A = ${revA}, B = ${revB}; n = ${n}, ${rounds} rounds × ${steps} steps, alternated in one page`);
console.log("| measure | A median (min–max) ms | B median (min–max) ms | A/B |");
console.log("|---|---|---|---|");
for (const m of Object.keys(t)) {
  // Scenario rows are per step, in µs; A/B there is the median of the paired calls' ratios.
  const us = m.startsWith("scenario:") ? 1000 : 1;
  const [a, b] = [t[m].a.map((x) => x * us), t[m].b.map((x) => x * us)];
  const ratio = us === 1 ? med(a) / med(b) : med(a.map((x, i) => x / b[i]));
  const label = us === 1 ? m : `${m} (µs per step, ${t[m].k} steps a call)`;
  console.log(`| ${label} | ${f(med(a))} (${f(Math.min(...a))}–${f(Math.max(...a))}) | ${f(med(b))} (${f(Math.min(...b))}–${f(Math.max(...b))}) | ${ratio.toFixed(3)} |`);
}
