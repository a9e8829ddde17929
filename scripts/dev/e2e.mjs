// The end-to-end files (tests/e2e/*.test.mjs), each in its own `node --test` process: most of them
// two at a time (a file mostly waits on Chromium: a tap and 2.5 s of watching, a page settling),
// the files that measure time or CPU alone after them, so that nothing beside them slows what they
// measure. Each file's output is printed whole when it ends, under its name and time; a summary
// lists every file's time, longest first, so the next slow file is visible.
//
//   node scripts/dev/e2e.mjs                      every file (scripts/test.sh's end-to-end section)
//   node scripts/dev/e2e.mjs --jobs 1             one file at a time
//   node scripts/dev/e2e.mjs tests/e2e/a11y.test.mjs tests/e2e/pages.test.mjs
//   E2E_JOBS=3 node scripts/dev/e2e.mjs
//
// The order: the longest files first (the times of the last run, kept in target/e2e-times.json;
// without them, the list below, then the rest by size), so that two workers end together.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const DIR = path.join(ROOT, "tests/e2e");
const TIMES = path.join(ROOT, "target/e2e-times.json");

// Alone, after the others: figures measured in time or CPU (CPU at rest through CDP's Performance
// metrics, a throttled phone's milliseconds, the posters' budget against a delayed module, frames
// counted per second, the GPU engine's frames), and hardening's soak (the whole gallery playing,
// 100 000 boids among them, within a time limit: beside another file at a load of 30 it ran out).
// Sizes (payload's bytes, gzip -9) do not depend on the machine's speed: shared.
const ALONE = new Set(["runner", "slow-phone", "posters", "gpu", "frames", "hardening"]);
// Longest first when no earlier run's times are known (seconds on a 2-core machine, one at a time).
const KNOWN = { "phone-shift": 394, "challenges-phone": 336, "phone-walk": 235, a11y: 233, "phone-touch": 221, "a11y-speech": 160, pages: 134, "phone-fit": 99 };

const args = process.argv.slice(2);
let jobs = Number(process.env.E2E_JOBS || 2);
const picked = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--jobs") jobs = Number(args[++i]);
  else picked.push(path.resolve(args[i]));
}
if (!(jobs >= 1)) throw new Error(`--jobs: a number ≥ 1, not ${jobs}`);
const files = picked.length ? picked : fs.readdirSync(DIR).filter((f) => f.endsWith(".test.mjs")).map((f) => path.join(DIR, f));
const name = (f) => path.basename(f, ".test.mjs");

let last = {};
try {
  last = JSON.parse(fs.readFileSync(TIMES, "utf8"));
} catch {}
const guess = (f) => last[name(f)] ?? KNOWN[name(f)] ?? fs.statSync(f).size / 1000;
const byLength = (a, b) => guess(b) - guess(a);
const shared = files.filter((f) => !ALONE.has(name(f))).sort(byLength);
const alone = files.filter((f) => ALONE.has(name(f))).sort(byLength);

const results = [];
const children = new Set();
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
    process.exit(130);
  });
}

/** One file in its own `node --test`, its output kept and printed whole at its end. */
function runFile(file) {
  const t0 = Date.now();
  console.log(`▶ ${name(file)}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--test", file], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code, signal) => {
      children.delete(child);
      const s = (Date.now() - t0) / 1000;
      const ok = code === 0;
      results.push({ file, s, ok });
      process.stdout.write(`\n━━ ${name(file)}: ${ok ? "ok" : `FAILED (${signal ?? `exit ${code}`})`} in ${s.toFixed(0)} s ━━\n`);
      process.stdout.write(Buffer.concat(out));
      resolve();
    });
  });
}

async function pool(list, n) {
  const queue = [...list];
  await Promise.all(
    Array.from({ length: Math.min(n, queue.length) }, async () => {
      while (queue.length) await runFile(queue.shift());
    }),
  );
}

const T0 = Date.now();
await pool(shared, jobs);
const T1 = Date.now();
await pool(alone, 1);
const T2 = Date.now();

try {
  fs.mkdirSync(path.dirname(TIMES), { recursive: true });
  fs.writeFileSync(TIMES, JSON.stringify({ ...last, ...Object.fromEntries(results.map((r) => [name(r.file), Math.round(r.s)])) }, null, 1));
} catch {}
console.log(`\nend-to-end files, longest first (${jobs} at a time: ${((T1 - T0) / 1000).toFixed(0)} s; alone: ${((T2 - T1) / 1000).toFixed(0)} s):`);
for (const r of [...results].sort((a, b) => b.s - a.s)) {
  console.log(`  ${name(r.file).padEnd(20)} ${r.s.toFixed(0).padStart(5)} s  ${r.ok ? "ok" : "FAILED"}${ALONE.has(name(r.file)) ? "  (alone)" : ""}`);
}
const failed = results.filter((r) => !r.ok);
console.log(`files: ${results.length - failed.length} passed, ${failed.length} failed${failed.length ? `: ${failed.map((r) => name(r.file)).join(", ")}` : ""}`);
process.exit(failed.length ? 1 : 0);
