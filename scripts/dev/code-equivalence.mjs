#!/usr/bin/env node
// The exported code runs the canvas's trajectory (issues #36, #48). The core writes fixtures
// (crates/steerlab-core/src/code.rs, `write_fixtures`): for every built-in scenario and a few
// random ones from the props generators (tests/props.rs), its state at step 0 and its agents after
// 1 and 60 steps; for the long runs — the default bandada, the queue and a 1 000-agent flock —
// also after 600 steps, and its state at step 300. Each is exported (www/code/export.js) and run:
// JavaScript in Node, Rust with cargo (glam + libm, and the steerlab-core variant), C# with mono's
// mcs against a stub of Unity's API (scripts/dev/code-stub/), GDScript parsed by gdtoolkit and run
// as its Godot 3 variant under godot3-server when it is installed (scripts/dev/code-godot.mjs).
//
// Checks: after 1 step within 1e-4 (positions of the world size, velocities of max_speed), after
// 60 within 1e-3 of the world size; the long runs within 1e-3 px after 600 steps (the worst
// difference and whether it is bit for bit are printed), and exported at step 300 and run 300 more
// within 1e-3 px where the moment carries everything (the bandadas). The C# step allocates nothing
// after warm-up at 1 000 agents (mono's GC.GetAllocatedBytesForCurrentThread; printed). Exits 1 on
// any failure.
//
//   node scripts/dev/code-equivalence.mjs [--only js,rust,rust-crate,unity,godot] [--fixtures DIR] [--keep]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "node:module";
import { ROOT, sh, loadTemplates } from "./code-run.mjs";
import { runRust, runRustCrate, rustAllocations } from "./code-rust.mjs";
import { runUnity, unityAllocations, unityTogether } from "./code-unity.mjs";
import { runGodot } from "./code-godot.mjs";

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = (opt("--only") ?? "js,rust,rust-crate,unity,godot").split(",");
const RANDOM = Number(process.env.STEERLAB_CODE_RANDOM ?? 6);

// The exporter's words come from the words files, as a page's loader gives them (www/words.js,
// over www/boot.js's registry). boot.js imports the module's glue (../steerlab.js), which the
// source tree does not have (the build writes it): Node gets a stub for it here.
register(
  "data:text/javascript," +
    encodeURIComponent(
      'export async function resolve(s, c, next) { return s === "../steerlab.js" && c.parentURL?.endsWith("/www/boot.js") ? { url: "data:text/javascript,export default async () => {}", shortCircuit: true } : next(s, c); }',
    ),
);
const { addWords } = await import(pathToFileURL(path.join(ROOT, "www/words.js")));
for (const tag of ["en", "es"]) addWords(tag, JSON.parse(fs.readFileSync(path.join(ROOT, `words/${tag}.json`), "utf8")));
const { write, load } = await import(pathToFileURL(path.join(ROOT, "www/code/export.js")));
await load("js", "rust", "rust-crate", "unity", "godot");
const templates = loadTemplates();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-code-"));
let fixturesDir = opt("--fixtures");
if (!fixturesDir) {
  fixturesDir = path.join(tmp, "fixtures");
  fs.mkdirSync(path.join(fixturesDir, "scenarios"), { recursive: true });
  if (RANDOM > 0) {
    sh("cargo", ["test", "--quiet", "--test", "props", "code_scenarios", "--", "--exact", "code_scenarios"], {
      STEERLAB_CODE_SCENARIOS: path.join(fixturesDir, "scenarios"),
      STEERLAB_CODE_RANDOM: String(RANDOM),
    });
  }
  // (Also checks that www/code/templates/*.json are current and every behaviour has its templates.)
  sh("cargo", ["test", "--quiet", "-p", "steerlab-core", "--features", "code", "--lib", "code::tests::"], {
    STEERLAB_CODE_FIXTURES: fixturesDir,
  });
}
const fixtures = fs
  .readdirSync(fixturesDir)
  .filter((f) => f.endsWith(".fixture.json"))
  .sort()
  .map((f) => {
    const fx = JSON.parse(fs.readFileSync(path.join(fixturesDir, f), "utf8"));
    // Seeds above 2^53 do not survive JSON.parse as numbers: the fixture has the exact digits too
    // (the exporter writes the seed as text).
    fx.state.seed = fx.seed ?? fx.state.seed;
    fx.long = Boolean(fx.after["600"]);
    return fx;
  });
const KEY = { js: "js", rust: "rs", "rust-crate": null, unity: "cs", godot: "gd" };
const covered = (fx, target) => !KEY[target] || !fx.state.scenario.behaviours.some((b) => templates[KEY[target]].pending.includes(b.type));

/** The jobs of a target: every fixture from step 0 (1 and 60 steps; 600 for the long runs) and the
 *  long runs from step 300 (300 steps). `at` lists the step counts to report agents at. */
function jobs(target) {
  const out = [];
  for (const fx of fixtures) {
    if (!covered(fx, target)) continue;
    out.push({ id: `${fx.name}`, fx, state: fx.state, at: fx.long ? [1, 60, 600] : [1, 60] });
    if (fx.long) out.push({ id: `${fx.name}@300`, fx, state: fx.mid, at: [300], mid: true });
  }
  return out;
}

/** Worst errors of `got` (rows x, y, vx, vy) against the core's `want`: positions in px and of
 *  the world size, velocities of max_speed, and whether every number is the same. */
function compare(fx, got, want) {
  const { width, height, edges } = fx.state.scenario.world;
  const size = Math.max(width, height);
  const speed = fx.state.scenario.motion.max_speed || 1;
  let px = 0;
  let vel = 0;
  let same = true;
  if (!got || got.length !== want.length) return { px: Infinity, pos: Infinity, vel: Infinity, same: false };
  for (let i = 0; i < want.length; i++) {
    for (const k of [0, 1]) {
      // (Each side's number as the 32-bit float it prints: C# and Rust print the shortest text
      // that reads back as that float, not as that double.)
      let d = Math.abs(Math.fround(got[i][k] ?? NaN) - Math.fround(want[i][k]));
      const side = k === 0 ? width : height;
      if (edges === "wrap") d = Math.min(d, Math.abs(side - d));
      px = Math.max(px, Number.isNaN(d) ? Infinity : d);
      const dv = Math.abs(Math.fround(got[i][k + 2] ?? NaN) - Math.fround(want[i][k + 2]));
      vel = Math.max(vel, Number.isNaN(dv) ? Infinity : dv / speed);
    }
    for (let k = 0; k < 4; k++) same &&= Object.is(Math.fround(got[i][k] ?? NaN), Math.fround(want[i][k]));
  }
  return { px, pos: px / size, vel, same };
}

const results = {};
let failed = 0;
const fail = (target, why) => {
  failed += 1;
  // (A failed command's message repeats its whole command line: keep its start.)
  why = why.replace(/(Command failed: \S+ .{0,160})\S*.*/s, "$1…");
  (results[target] ??= newResult()).failed.push(why);
};
const newResult = () => ({ n: 0, worst1: 0, worst60: 0, at1: "", at60: "", long: [], failed: [], differ: [] });

/** Judge one job's rows (`rows[step]`). */
function judge(target, job, rows) {
  const s = (results[target] ??= newResult());
  const fx = job.fx;
  if (job.mid) {
    const r = compare(fx, rows["300"], fx.after["600"]);
    const exact = !fx.state.scenario.behaviours.some((b) => ["queue", "wander", "follow_leader", "path_waypoints", "path_tube", "pursuit", "evade"].includes(b.type));
    s.long.push({ id: job.id, ...r, note: exact ? "" : " (its own state starts afresh: not compared)" });
    if (exact && !(r.px <= 1e-3)) fail(target, `${job.id}: exported at step 300, ${r.px.toExponential(2)} px off at step 600`);
    return;
  }
  s.n += 1;
  const r1 = compare(fx, rows["1"], fx.after["1"]);
  const r60 = compare(fx, rows["60"], fx.after["60"]);
  const w1 = Math.max(r1.pos, r1.vel);
  if (w1 >= s.worst1) [s.worst1, s.at1] = [w1, fx.name];
  if (r60.pos >= s.worst60) [s.worst60, s.at60] = [r60.pos, fx.name];
  if (!r60.same) s.differ.push(fx.name);
  if (!(r1.pos <= 1e-4 && r1.vel <= 1e-4 && r60.pos <= 1e-3)) {
    fail(target, `${fx.name} (1 step: pos ${r1.pos.toExponential(2)} vel ${r1.vel.toExponential(2)}; 60: pos ${r60.pos.toExponential(2)})`);
  }
  if (fx.long && rows["600"]) {
    const r = compare(fx, rows["600"], fx.after["600"]);
    s.long.push({ id: job.id, ...r, note: "" });
    if (!(r.px <= 1e-3)) fail(target, `${fx.name}: ${r.px.toExponential(2)} px off after 600 steps`);
  } else if (fx.long) {
    // (Godot runs the 1 000-agent flock 60 steps: GDScript takes minutes for 600.)
    s.long.push({ id: job.id, px: 0, same: r60.same, note: " — run 60 steps only (worst after 60 in the line above)", short: true });
  }
}

// JavaScript: import each module, step it.
async function runJs(list) {
  const dir = path.join(tmp, "js");
  fs.mkdirSync(dir, { recursive: true });
  const out = [];
  for (const job of list) {
    try {
      const file = path.join(dir, `${job.id.replace("@", "-at-")}.mjs`);
      fs.writeFileSync(file, write(job.state, "js", templates.js, "en"));
      const { default: makeWorld } = await import(pathToFileURL(file));
      const w = makeWorld();
      const rows = {};
      for (let k = 1; k <= Math.max(...job.at); k++) {
        w.step();
        if (job.at.includes(k)) rows[k] = w.agents.map((a) => [...a.position, ...a.velocity]);
      }
      out.push(rows);
    } catch (e) {
      out.push({ error: String(e.message ?? e).split("\n")[0] });
    }
  }
  return out;
}

const RUNNERS = {
  js: runJs,
  rust: (list) => runRust(list, templates.rs, write, tmp),
  "rust-crate": (list) => runRustCrate(list, write, tmp),
  unity: (list) => runUnity(list, templates.cs, write, tmp),
  godot: (list) => runGodot(list, templates.gd, write, tmp),
};
for (const target of only) {
  const list = jobs(target);
  let rows;
  try {
    rows = await RUNNERS[target](list);
  } catch (e) {
    fail(target, `${target}: ${String(e.message ?? e).split("\n").slice(0, 6).join(" | ")}`);
    continue;
  }
  if (rows === null) {
    console.log(`  ${target}: skipped (see above)`);
    continue;
  }
  list.forEach((job, k) => {
    if (rows[k]?.skip) return;
    if (rows[k] && !rows[k].error) judge(target, job, rows[k]);
    else fail(target, `${job.id}: ${rows[k]?.error ?? "no result"}`);
  });
  if (target === "rust" && rustAllocations.last) {
    const a = rustAllocations.last;
    console.log(`  rust: allocations after warm-up at ${a.agents} agents: ${a.allocations} in ${a.steps} steps (a counting global allocator)`);
    if (a.allocations !== 0) fail("rust", `${a.allocations} allocations in ${a.steps} steps after warm-up`);
  }
}

// C#: several exports live in one Unity project; the step allocates nothing after warm-up.
if (only.includes("unity")) {
  try {
    console.log(`  ${unityTogether(fixtures.filter((fx) => covered(fx, "unity")), templates.cs, write, tmp)}`);
    const big = fixtures.find((fx) => fx.name === "bandada-1000");
    const a = unityAllocations(big, templates.cs, write, tmp);
    console.log(
      `  unity: allocated after warm-up at ${a.agents} agents: ${a.stepBytes} B in ${a.steps} steps, ${a.frameBytes} B in ${a.frames} frames ` +
        `(Update: a step and the drawing, ${a.drawn} instances sent); the first step ${a.first} B; ${a.msPerStep} ms a step under mono`,
    );
    if (a.stepBytes !== 0 || a.frameBytes !== 0) fail("unity", `allocations after warm-up: ${a.stepBytes} B in ${a.steps} steps, ${a.frameBytes} B in ${a.frames} frames`);
  } catch (e) {
    fail("unity", String(e.message ?? e).split("\n").slice(0, 6).join(" | "));
  }
}

// The comparison can fail: a program exported with max_speed 2 % higher must be caught.
if (only.includes("js")) {
  const fx = fixtures.find((f) => f.name === "seek") ?? fixtures[0];
  const bent = structuredClone(fx.state);
  bent.scenario.motion.max_speed *= 1.02;
  const file = path.join(tmp, "js", "bent.mjs");
  fs.writeFileSync(file, write(bent, "js", templates.js, "en"));
  const w = (await import(pathToFileURL(file))).default();
  for (let k = 0; k < 60; k++) w.step();
  const r = compare(fx, w.agents.map((a) => [...a.position, ...a.velocity]), fx.after["60"]);
  if (r.pos <= 1e-4 && r.vel <= 1e-4) {
    failed += 1;
    console.log(`  FAILED: a program with max_speed 2 % higher passed (${fx.name}: ${r.pos}, ${r.vel})`);
  } else {
    console.log(`  (a program exported with max_speed 2 % higher is caught: ${fx.name}, ${r.vel.toExponential(2)} of max_speed)`);
  }
}

const skipped = fixtures.flatMap((fx) => only.filter((t) => !covered(fx, t)).map((t) => `${fx.name}.${t}`));
console.log(`\ncode equivalence: ${fixtures.length} scenarios (${tmp})`);
for (const [t, s] of Object.entries(results)) {
  if (s.n) {
    console.log(
      `  ${t.padEnd(10)} ${String(s.n).padStart(3)} run; worst after 1 step ${s.worst1.toExponential(2)} (${s.at1}), ` +
        `after 60 steps ${s.worst60.toExponential(2)} of the world size (${s.at60}); ` +
        `bit for bit after 60 steps: ${s.n - s.differ.length} of ${s.n}${s.differ.length ? ` (not: ${s.differ.join(", ")})` : ""}`,
    );
  }
  for (const l of s.long) {
    const steps = l.id.includes("@") ? "exported at step 300, at step 600" : "after 600 steps";
    if (l.short) console.log(`    ${l.id.padEnd(18)} after 60 steps:${l.same ? " bit for bit" : " not bit for bit"}${l.note}`);
    else console.log(`    ${l.id.padEnd(18)} ${steps}: worst ${l.px === 0 ? "0" : l.px.toExponential(2)} px${l.same ? ", bit for bit" : ""}${l.note}`);
  }
  for (const f of s.failed) console.log(`    FAILED ${f}`);
}
if (skipped.length) console.log(`  not covered (templates pending): ${skipped.join(", ")}`);
if (!args.includes("--keep")) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
