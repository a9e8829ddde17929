#!/usr/bin/env node
// The exported code runs the canvas's trajectory, installs as packages with stable names, lints
// clean and runs at game speed (issues #36, #48, 59). The core writes fixtures
// (crates/steerlab-core/src/code.rs, `write_fixtures`): for every built-in scenario and a few random
// ones from the props generators (tests/props.rs), its state at step 0 and its agents after 1 and
// 60 steps; for the long runs — the default bandada, the queue and a 1 000-agent flock — also after
// 600 steps, and its state at step 300. Each is exported (www/code/export.js) and run:
//
// - JavaScript in Node: the listing, and the package (steerlab.js with the settings JSON); the
//   package's types (a strict TypeScript use of steerlab.d.ts) and inputs (setTarget, setLeaderGoal);
// - Rust with cargo: the listings (glam + libm), the steerlab-core listings, the steerlab-core
//   project exported mid-run (it must build and run), clippy on both kinds (0 warnings);
// - C# with mono's mcs against a stub of Unity's API (scripts/dev/code-stub/), warning level 4 as
//   errors: the listings, the package read from its settings by SteerlabAgents, the package's
//   inputs (a Target Transform, 2D colliders), allocations of a step and of a frame;
// - GDScript: parsed and linted (gdtoolkit's gdparse and gdlint), the addon's Godot 3 variant run
//   under godot3-server from the settings, its node processed a few frames and fed a target Node2D
//   and an Area2D obstacle, a listing's Godot 3 variant run (scripts/dev/code-godot.mjs).
//
// Checks: after 1 step within 1e-4 (positions of the world size, velocities of max_speed), after
// 60 within 1e-3 of the world size; the long runs within 1e-3 px after 600 steps, and exported at
// step 300 and run 300 more within 1e-3 px where the moment carries everything (the bandadas). Two
// exports of one scenario (at step 0, and at step 300 with other parameters) have the same names:
// classes, namespaces, files. Then the speeds (scripts/dev/code-bench.mjs): the page's wasm step,
// the JavaScript package's in Node and the C# package's on mono at 1 000 agents, alternated in one
// run; the JavaScript package's scavenges in 600 steps; the GDScript addon's step at 300 agents
// under godot3-server. Exits 1 on any failure (the speeds are printed, not judged).
//
//   node scripts/dev/code-equivalence.mjs [--only js,rust,rust-crate,unity,godot,names,speed] [--fixtures DIR] [--keep]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "node:module";
import { ROOT, sh, loadTemplates, typeCheck } from "./code-run.mjs";
import { runRust, runRustCrate, rustAllocations, clippyRust, runCargoProject } from "./code-rust.mjs";
import { runUnity, runUnityPackage, unityAllocations, unityTogether, unityInputs, unityBenchExe } from "./code-unity.mjs";
import { runGodot, godotSpeed } from "./code-godot.mjs";
import { buildWasm, wasmStepper, monoStepper, alternate, MONO_DRIVER, jsGarbage } from "./code-bench.mjs";

const started = Date.now();
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = (opt("--only") ?? "js,rust,rust-crate,unity,godot,names,speed").split(",");
const RANDOM = Number(process.env.STEERLAB_CODE_RANDOM ?? 6);
// gdtoolkit installs its commands in pip's user folder: on the PATH here whatever the shell's.
process.env.PATH = `${process.env.PATH}:${path.join(os.homedir(), ".local/bin")}`;

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
const ex = await import(pathToFileURL(path.join(ROOT, "www/code/export.js")));
const { write, load, files, model, exportJson, unityClass, unityNamespace } = ex;
await load("js", "rust", "rust-crate", "unity", "godot", "godot3");
const templates = loadTemplates();
const json = (state) => exportJson(model(state));
const pkg = (state, target) => files(state, target, templates[{ js: "js", rust: "rs", "rust-crate": "rs", unity: "cs", godot: "gd", godot3: "gd" }[target]], "en");

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
    if (fx.mid) fx.mid.seed = fx.seed ?? fx.mid.seed;
    fx.long = Boolean(fx.after["600"]);
    return fx;
  });
const KEY = { js: "js", "js-package": "js", rust: "rs", "rust-crate": null, unity: "cs", "unity-package": "cs", godot: "gd" };
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
const notes = [];
const fail = (target, why) => {
  failed += 1;
  // (A failed command's message repeats its whole command line: keep its start.)
  why = why.replace(/(Command failed: \S+ .{0,160})\S*.*/s, "$1…");
  (results[target] ??= newResult()).failed.push(why);
};
const newResult = () => ({ n: 0, worst1: 0, worst60: 0, at1: "", at60: "", long: [], failed: [], differ: [] });
/** A check outside the trajectories: printed, and a failure if `ok` is false. */
const check = (target, ok, line) => {
  notes.push(`  ${ok ? "" : "FAILED "}${target}: ${line}`);
  if (!ok) fail(target, line);
};

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

/** Step a JavaScript world and report its agents at `job.at`. */
function stepJs(w, job) {
  const rows = {};
  for (let k = 1; k <= Math.max(...job.at); k++) {
    w.step();
    if (job.at.includes(k)) rows[k] = w.agents.map((a) => [...a.position, ...a.velocity]);
  }
  return rows;
}

// JavaScript: import each listing, step it.
async function runJs(list) {
  const dir = path.join(tmp, "js");
  fs.mkdirSync(dir, { recursive: true });
  const out = [];
  for (const job of list) {
    try {
      const file = path.join(dir, `${job.id.replace("@", "-at-")}.mjs`);
      fs.writeFileSync(file, write(job.state, "js", templates.js, "en"));
      const { default: makeWorld } = await import(pathToFileURL(file));
      out.push(stepJs(makeWorld(), job));
    } catch (e) {
      out.push({ error: String(e.message ?? e).split("\n")[0] });
    }
  }
  return out;
}

/** The JavaScript package: steerlab.js once, each job from its settings JSON. */
async function jsPackage(state) {
  const dir = path.join(tmp, "js-package");
  for (const [p, text] of Object.entries(pkg(state, "js"))) {
    const f = path.join(dir, p);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
  }
  return path.join(dir, "steerlab-js/steerlab.js");
}
async function runJsPackage(list) {
  const lib = await import(pathToFileURL(await jsPackage(list[0].state)));
  return list.map((job) => {
    try {
      return stepJs(lib.makeWorld(JSON.parse(json(job.state))), job);
    } catch (e) {
      return { error: String(e.message ?? e).split("\n")[0] };
    }
  });
}

const RUNNERS = {
  js: runJs,
  "js-package": runJsPackage,
  rust: (list) => runRust(list, templates.rs, write, tmp),
  "rust-crate": (list) => runRustCrate(list, write, tmp),
  unity: (list) => runUnity(list, templates.cs, write, tmp),
  "unity-package": (list) => runUnityPackage(list, pkg(list[0].state, "unity"), json, tmp),
};
const targets = only.flatMap((t) => ({ js: ["js", "js-package"], unity: ["unity", "unity-package"] })[t] ?? [t]).filter((t) => RUNNERS[t]);
for (const target of targets) {
  const list = jobs(target);
  let rows;
  try {
    rows = await RUNNERS[target](list);
  } catch (e) {
    fail(target, `${target}: ${String(e.message ?? e).split("\n").slice(0, 6).join(" | ")}`);
    continue;
  }
  list.forEach((job, k) => {
    if (rows[k]?.skip) return;
    if (rows[k] && !rows[k].error) judge(target, job, rows[k]);
    else fail(target, `${job.id}: ${rows[k]?.error ?? "no result"}`);
  });
  if (target === "rust" && rustAllocations.last) {
    const a = rustAllocations.last;
    check("rust", a.allocations === 0, `allocations after warm-up at ${a.agents} agents: ${a.allocations} in ${a.steps} steps (a counting global allocator)`);
  }
}

const bandada = fixtures.find((fx) => fx.name === "bandada");
const flock = fixtures.find((fx) => fx.name === "bandada-1000");

// Rust: clippy on the listings (every fixture's, so every behaviour) and on the steerlab-core
// project; the steerlab-core project exported mid-run builds and runs (a moment's agents are
// hand-placed, and its sliders of the agent count go).
if (only.includes("rust")) {
  try {
    const c = clippyRust(tmp, "glam", 'glam = "0.34"\nlibm = "0.2"', fixtures.filter((fx) => covered(fx, "rust")).map((fx) => write(fx.state, "rust", templates.rs, "en")));
    check("rust", c.problems === 0, `clippy on the ${fixtures.length} listings: ${c.problems} warnings${c.first.length ? ` (${c.first.join(" | ")})` : ""}`);
  } catch (e) {
    fail("rust", `clippy: ${String(e.message).split("\n")[0]}`);
  }
}
if (only.includes("rust-crate")) {
  try {
    const dep = `steerlab-core = { path = ${JSON.stringify(path.join(ROOT, "crates/steerlab-core"))} }`;
    const c = clippyRust(tmp, "crate", dep, [write(bandada.mid, "rust-crate", templates.rs, "en")]);
    check("rust-crate", c.problems === 0, `clippy on the listing: ${c.problems} warnings${c.first.length ? ` (${c.first.join(" | ")})` : ""}`);
    const project = pkg(bandada.mid, "rust-crate");
    const out = runCargoProject(tmp, project, { "../steerlab/crates/steerlab-core": path.join(ROOT, "crates/steerlab-core") });
    check("rust-crate", out.trim().split("\n").length === 5, `the project exported at step 300 (${Object.keys(project).join(", ")}) builds and runs 600 steps`);
  } catch (e) {
    fail("rust-crate", `the project exported at step 300: ${String(e.message).split("\n").slice(0, 4).join(" | ")}`);
  }
}

// C#: the listings and the package compile together (one Unity project); the package's inputs reach
// the simulation; a step and a frame allocate nothing after warm-up.
if (only.includes("unity")) {
  try {
    notes.push(`  ${unityTogether(fixtures.filter((fx) => covered(fx, "unity")), templates.cs, write, pkg(bandada.state, "unity"), tmp)}`);
    const seek = fixtures.find((fx) => fx.name === "seek");
    const i = unityInputs(pkg(seek.state, "unity"), json(seek.state), tmp);
    const [tx, ty] = i.target;
    const want = [200, i.height - 120];
    check("unity", tx === want[0] && ty === want[1], `a Target Transform at (100, 60), World Scale 0.5: seek's target ${tx}, ${ty} (want ${want.join(", ")})`);
    check(
      "unity",
      i.obstacles[1] === i.obstacles[0] + 1 && i.last[0] === 100 && i.last[1] === i.height - 100 && i.last[2] === 10,
      `2D colliders: ${i.obstacles[0]} obstacles, then ${i.obstacles[1]} (the one inside the world: centre ${i.last[0]}, ${i.last[1]}, radius ${i.last[2]}; the one outside not)`,
    );
    const a = unityAllocations(pkg(flock.state, "unity"), json(flock.state), tmp);
    check(
      "unity",
      a.stepBytes === 0 && a.frameBytes === 0,
      `allocated after warm-up at ${a.agents} agents: ${a.stepBytes} B in ${a.steps} steps, ${a.frameBytes} B in ${a.frames} frames (Update: inputs, a step and the drawing, ${a.drawn} instances sent); the first step ${a.first} B`,
    );
  } catch (e) {
    fail("unity", String(e.message ?? e).split("\n").slice(0, 6).join(" | "));
  }
}

// GDScript: lint, the addon's Godot 3 variant from the settings, its node, a listing.
if (only.includes("godot")) {
  const list = jobs("godot");
  try {
    const listing = (state, g3) => (g3 ? write(state, "godot3", templates.gd, "en") : write(state, "godot", templates.gd, "en"));
    const r = await runGodot(list, { addon4: pkg(bandada.state, "godot"), addon3: pkg(bandada.state, "godot3"), json, listing }, tmp);
    if (r) {
      list.forEach((job, k) => {
        if (r.rows[k]?.skip) return;
        if (r.rows[k] && !r.rows[k].error) judge("godot", job, r.rows[k]);
        else fail("godot", `${job.id}: ${r.rows[k]?.error ?? "no result"}`);
      });
      if (r.listing) {
        const job = list[r.listing.k];
        const c = compare(job.fx, r.listing.rows?.["60"], job.fx.after["60"]);
        check("godot", c.same, `the ${job.id} listing's Godot 3 variant (its own make_world): after 60 steps ${c.same ? "bit for bit" : `${c.px} px off`}`);
      }
      if (r.inputs) {
        const i = r.inputs;
        const ok = i.target[0] === 200 && i.target[1] === 120 && i.obstacles[1] === i.obstacles[0] + 1 && i.last.join() === "100,80,20";
        check("godot", ok, `inputs: a target Node2D at (100, 60), world_scale 0.5: seek's target ${i.target.join(", ")} (want 200, 120); an Area2D circle of radius 10 at (50, 40) in obstacles_group: ${i.obstacles[0]} obstacles, then ${i.obstacles[1]}, the last at ${i.last.slice(0, 2).join(", ")} radius ${i.last[2]} (want 100, 80 radius 20)`);
      } else if (r.frames) fail("godot", "inputs: the seek scenario's node printed nothing");
      if (r.frames) {
        const f = r.frames;
        check("godot", f.steps > 0 && f.instances === f.agents, `the SteerlabAgents node, 10 frames of 1/30 s: ${f.error ?? `${f.steps} steps, ${f.instances} agents in its MultiMesh (of ${f.agents})`}`);
      }
    }
  } catch (e) {
    fail("godot", String(e.message ?? e).split("\n").slice(0, 6).join(" | "));
  }
}

// Names: an export of a scenario at step 0 and one at step 300 with other parameters name the same
// classes and files (the parameters are the settings file's).
if (only.includes("names")) {
  const other = structuredClone(bandada.mid);
  other.scenario.behaviours[0].weight = 2;
  other.scenario.motion.max_speed *= 1.5;
  const names = (state) => {
    const out = {};
    for (const t of ["unity", "godot", "godot3", "js", "rust", "rust-crate"]) out[t] = Object.keys(pkg(state, t)).sort().join(",");
    out.listing = `${unityNamespace(state)}.${unityClass(state)} ${/public class (\w+) : MonoBehaviour/.exec(write(state, "unity", templates.cs, "en"))[1]}`;
    out.godotClass = /^class_name (\w+)/m.exec(pkg(state, "godot")["addons/steerlab/steerlab_agents.gd"])[1];
    out.unityClasses = [...Object.values(pkg(state, "unity")).join("\n").matchAll(/^\s*public (?:sealed |abstract )?class (\w+)/gm)].map((m) => m[1]).join(",");
    return out;
  };
  const [a, b] = [names(bandada.state), names(other)];
  const differ = Object.keys(a).filter((k) => a[k] !== b[k]);
  check("names", differ.length === 0, `bandada at step 0 and at step 300 with other weights and speed: the same packages' files, classes and namespaces${differ.length ? ` (not: ${differ.join(", ")})` : ` (${a.listing}; Unity: ${a.unityClasses.split(",").length} classes; Godot: ${a.godotClass})`}`);
  const settingsDiffer = json(bandada.state) !== json(other);
  check("names", settingsDiffer, "their settings files differ (the parameters are data)");
}

// The JavaScript package as a TypeScript project uses it: its README's lines type-check against
// steerlab.d.ts (strict), and a wrong call does not; the world has what the types promise; the
// inputs steer (a target moved, the leader sent somewhere).
if (only.includes("js")) {
  try {
    const seek = fixtures.find((fx) => fx.name === "seek");
    const follow = fixtures.find((fx) => fx.name === "follow-leader");
    const dir = path.dirname(await jsPackage(seek.state));
    const use = (call) =>
      `import { makeWorld, type World } from "./steerlab.js";\nimport params from "./${seek.state.scenario.name}.json" with { type: "json" };\n` +
      `const w: World = makeWorld(params);\nw.step();\nconst [x, y] = w.agents[0].position;\n${call}\nw.setLeaderGoal([x, y]);\nw.setLeaderGoal(null);\n` +
      `w.pointer = [x, y];\nw.params.motion.max_speed = 100;\nw.setMotion();\nw.setCount(3);\nexport const n: number = w.behaviours[0].weight + w.steps + w.time + w.width;\n`;
    const good = typeCheck(dir, "main.ts", use("w.setTarget(x + 10, y);"));
    const bad = typeCheck(dir, "wrong.ts", use("w.setTarget([x, y]);"));
    check("js", good.ok && !bad.ok, `steerlab.d.ts: a strict TypeScript use of the package type-checks${good.ok ? "" : ` (not: ${good.first})`}; w.setTarget([x, y]) does not${bad.ok ? " (it did)" : ""}`);
    const lib = await import(pathToFileURL(path.join(dir, "steerlab.js")));
    const w = lib.makeWorld(JSON.parse(json(seek.state)));
    const dts = fs.readFileSync(path.join(dir, "steerlab.d.ts"), "utf8");
    const members = [.../export interface World \{([\s\S]*?)\n\}/.exec(dts)[1].matchAll(/^ {2}(?:readonly )?(\w+)[(:]/gm)].map((m) => m[1]);
    const missing = members.filter((k) => !(k in w));
    check("js", members.length > 10 && missing.length === 0, `the world has the ${members.length} members World declares${missing.length ? ` (not: ${missing.join(", ")})` : ""}`);
    const near = (w, [x, y], agents) => agents.reduce((s, a) => s + Math.hypot(a.position[0] - x, a.position[1] - y), 0) / agents.length;
    const goal = [100, 60];
    const before = near(w, goal, w.agents);
    w.setTarget(...goal);
    for (let k = 0; k < 120; k++) w.step();
    const after = near(w, goal, w.agents);
    const f = lib.makeWorld(JSON.parse(json(follow.state)));
    const b = f.behaviours.find((x) => x.type === "follow_leader");
    const lead = () => [f.agents[b.leader]];
    const there = [f.width - 60, f.height - 60];
    const far = near(f, there, lead());
    f.setLeaderGoal(there);
    for (let k = 0; k < 600; k++) f.step();
    check(
      "js",
      after < before / 2 && near(f, there, lead()) < 20,
      `inputs: setTarget(${goal}) draws seek's agents from ${before.toFixed(0)} px to ${after.toFixed(0)} px of it in 120 steps; setLeaderGoal(${there}) brings the leader from ${far.toFixed(0)} px to ${near(f, there, lead()).toFixed(0)} px`,
    );
  } catch (e) {
    fail("js", `the package's types and inputs: ${String(e.message ?? e).split("\n").slice(0, 4).join(" | ")}`);
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
  check("js", !(r.pos <= 1e-4 && r.vel <= 1e-4), `a program exported with max_speed 2 % higher is caught: ${fx.name}, ${r.vel.toExponential(2)} of max_speed`);
}

const speeds = [];
if (only.includes("speed")) {
  try {
    buildWasm();
    const wasm = await wasmStepper(JSON.stringify(flock.state.scenario));
    // A fresh instance of the module, as a game runs it (the one above has stepped every fixture's
    // behaviours, which makes its calls polymorphic: about 10 % slower).
    const lib = await import(`${pathToFileURL(await jsPackage(flock.state)).href}?bench`);
    const w = lib.makeWorld(JSON.parse(json(flock.state)));
    const exe = unityBenchExe(pkg(flock.state, "unity"), json(flock.state), tmp, MONO_DRIVER);
    const mono = monoStepper(exe);
    const r = await alternate(
      {
        wasm: { steps: (n) => wasm.step(n) },
        js: { steps: (n) => { for (let k = 0; k < n; k++) w.step(); } },
        cs: { steps: (n) => mono.steps(n), cpuOwn: true },
      },
      { rounds: Number(process.env.STEERLAB_BENCH_ROUNDS ?? 30), steps: 10, warm: 60 },
    );
    mono.close();
    const f = (x) => x.toFixed(2);
    speeds.push(
      `  the ${flock.state.scenario.agents.count}-agent flock, a step (CPU time of each engine's thread, the median of ${r.wasm.rounds.length} alternated rounds of 10 steps): ` +
        `the page's wasm ${f(r.wasm.ms)} ms; JavaScript (Node) ${f(r.js.ms)} ms, ${f(r.js.ms / r.wasm.ms)}×; C# (mono) ${f(r.cs.ms)} ms, ${f(r.cs.ms / r.wasm.ms)}× (target ≤ 2×)`,
    );
    const settings = path.join(tmp, "js-package/flock.json");
    fs.writeFileSync(settings, json(flock.state));
    const g = jsGarbage(path.join(tmp, "js-package/steerlab-js/steerlab.js"), settings, { warm: 60, steps: 600 });
    speeds.push(`  JavaScript's garbage: ${g.minor} scavenges and ${g.other} other collections in ${g.steps} steps after ${g.warm} (target ≤ ${g.steps / 100})`);
    // Copied to a settings file the package reads: its own run, not a fixture; the wasm is the same core.
    const gd = structuredClone(bandada.state);
    gd.scenario.agents.count = 300;
    const s = godotSpeed(pkg(bandada.state, "godot3"), json(gd), tmp);
    if (s) speeds.push(`  GDScript (Godot 3, godot3-server), the ${s.agents}-agent bandada: ${f(s.cpuMs)} ms a step (CPU time; ${f(s.wallMs)} ms by the wall clock) (target ≤ 16 ms)`);
  } catch (e) {
    speeds.push(`  FAILED to measure: ${String(e.message ?? e).split("\n")[0]}`);
    failed += 1;
  }
}

const skipped = fixtures.flatMap((fx) => only.filter((t) => KEY[t] && !covered(fx, t)).map((t) => `${fx.name}.${t}`));
console.log(`\ncode equivalence: ${fixtures.length} scenarios (${tmp})`);
for (const [t, s] of Object.entries(results)) {
  if (s.n) {
    console.log(
      `  ${t.padEnd(13)} ${String(s.n).padStart(3)} run; worst after 1 step ${s.worst1.toExponential(2)} (${s.at1}), ` +
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
for (const n of notes) console.log(n);
if (speeds.length) console.log(`\nspeed:\n${speeds.join("\n")}`);
if (skipped.length) console.log(`  not covered (templates pending): ${skipped.join(", ")}`);
console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`);
if (!args.includes("--keep")) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
