// The exports' speed (issue 59): the page's wasm step (steerlab-core built for wasm32 with the
// page's release settings, scripts/dev/code-bench/), the JavaScript export's step in Node and the C#
// export's on mono, measured in one run, alternated: every round steps each engine `steps` times
// and reads the CPU time it took (Node's process.cpuUsage(), mono's TotalProcessorTime), so that a
// busy machine slows all of them alike; the figure of each is the median of the rounds. Also the
// JavaScript export's garbage (scavenges in 600 steps after warm-up, PerformanceObserver 'gc', in a
// Node of its own) and the GDScript export's step under godot3-server (its own clock).
//
// Used by scripts/dev/code-equivalence.mjs (the test command prints the figures); by hand:
//   node scripts/dev/code-bench.mjs   (the 1 000-agent bandada of the fixtures in a temporary folder)
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./code-run.mjs";

const WASM = path.join(ROOT, "target/code-equivalence/wasm32-unknown-unknown/release/steerlab_code_bench.wasm");

/** The page's core in wasm (built once, cargo's cache afterwards). */
export function buildWasm() {
  const dir = path.join(ROOT, "scripts/dev/code-bench");
  // The repository's lockfile: the same crates as the page's.
  fs.copyFileSync(path.join(ROOT, "Cargo.lock"), path.join(dir, "Cargo.lock"));
  try {
    execFileSync("cargo", ["build", "--quiet", "--offline", "--release", "--target", "wasm32-unknown-unknown"], {
      cwd: dir,
      env: { ...process.env, CARGO_TARGET_DIR: path.join(ROOT, "target/code-equivalence") },
      stdio: ["ignore", "inherit", "inherit"],
    });
  } finally {
    fs.rmSync(path.join(dir, "Cargo.lock"), { force: true });
  }
  return WASM;
}

/** A stepper on the wasm module: `scenario` (JSON text) loaded, `step(n)`, `agent(i)`. */
export async function wasmStepper(scenario) {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(WASM), {});
  const ex = instance.exports;
  const bytes = new TextEncoder().encode(scenario);
  const p = ex.alloc(bytes.length);
  new Uint8Array(ex.memory.buffer, p, bytes.length).set(bytes);
  if (!ex.load(p, bytes.length)) throw new Error("the wasm core refused the scenario");
  return { step: (n) => ex.step(n), agent: (i) => [0, 1, 2, 3].map((k) => ex.agent(i, k)) };
}

/** This thread's CPU time in ms (Linux's /proc/thread-self/schedstat, in ns; else the process's). */
function threadMs() {
  try {
    return Number(fs.readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

/** CPU milliseconds `f` takes (this thread). */
function cpu(f) {
  const t = threadMs();
  f();
  return threadMs() - t;
}

/** A C# driver that steps a world on request: reads `n` a line, answers the CPU ms the n steps took
 *  (its thread's, from /proc/thread-self/schedstat, as Node's side). */
export const MONO_DRIVER = (make) => `using System;
using System.IO;
public static class Bench {
  static double Ms() { return double.Parse(File.ReadAllText("/proc/thread-self/schedstat").Split(' ')[0]) / 1e6; }
  public static void Main() {
    var w = ${make};
    string line;
    while ((line = Console.ReadLine()) != null) {
      int n = int.Parse(line);
      double t = Ms();
      for (int k = 0; k < n; k++) w.Step();
      Console.WriteLine((Ms() - t).ToString(System.Globalization.CultureInfo.InvariantCulture));
    }
  }
}
`;

/** A stepper talking to a mono process (its exe speaks MONO_DRIVER's protocol). */
export function monoStepper(exe) {
  const child = spawn("mono", [exe], { stdio: ["pipe", "pipe", "inherit"] });
  let buf = "";
  const waiting = [];
  child.stdout.on("data", (d) => {
    buf += d;
    for (let k = buf.indexOf("\n"); k >= 0; k = buf.indexOf("\n")) {
      const line = buf.slice(0, k);
      buf = buf.slice(k + 1);
      waiting.shift()?.(Number(line));
    }
  });
  return {
    steps: (n) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${n}\n`);
      }),
    close: () => child.stdin.end(),
  };
}

const median = (v) => v.slice().sort((a, b) => a - b)[v.length >> 1];

/**
 * The engines alternated: `rounds` rounds of `steps` steps each after `warm` steps. `engines` maps a
 * name to `{ steps(n) }` (sync: CPU ms measured here; async: the engine answers its own CPU ms).
 * Returns the median ms per step of each, and each one's rounds.
 */
export async function alternate(engines, { rounds = 30, steps = 10, warm = 60 } = {}) {
  const run = async (e, n) => (e.cpuOwn ? e.steps(n) : cpu(() => e.steps(n)));
  for (const e of Object.values(engines)) await run(e, warm);
  const out = Object.fromEntries(Object.keys(engines).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [k, e] of Object.entries(engines)) out[k].push((await run(e, steps)) / steps);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { ms: median(v), rounds: v }]));
}

/** Scavenges (minor GCs) of the JavaScript package (`file`, steerlab.js) on the settings file
 *  `settings` in `steps` steps after `warm`, in a Node of its own. */
export function jsGarbage(file, settings, { warm = 60, steps = 600 } = {}) {
  const probe = `
import fs from "node:fs";
import { PerformanceObserver, constants } from "node:perf_hooks";
const m = await import(${JSON.stringify(pathToFileURL(file).href)});
const w = m.makeWorld(JSON.parse(fs.readFileSync(${JSON.stringify(settings)}, "utf8")));
for (let k = 0; k < ${warm}; k++) w.step();
let minor = 0, other = 0;
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? minor++ : other++);
});
obs.observe({ entryTypes: ["gc"] });
for (let k = 0; k < ${steps}; k++) w.step();
await new Promise((r) => setTimeout(r, 100));
obs.disconnect();
console.log(JSON.stringify({ minor, other }));
`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" });
  return { ...JSON.parse(out.trim().split("\n").pop()), steps, warm };
}
