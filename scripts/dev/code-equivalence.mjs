#!/usr/bin/env node
// The exported code runs the same trajectory as the core (issue #36): for every built-in scenario
// and a few random ones from the props generators (tests/props.rs), the core writes its state at
// step 0 and its agents after 1 and 60 steps (crates/steerlab-core/src/code.rs, `write_fixtures`);
// here each is exported (www/code/export.js) and run — JavaScript in Node, Rust compiled with glam,
// C# compiled with mono's mcs against a stub of the Unity types (scripts/dev/code-stub/) — and the
// agents compared: after 1 step within 1e-4 (positions relative to the world size, velocities to
// max_speed), after 60 steps positions within 1e-3 of the world size. Prints the worst error per
// target; exits 1 on any failure.
//
//   node scripts/dev/code-equivalence.mjs [--only js,rust,unity] [--fixtures DIR] [--keep]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = (opt("--only") ?? "js,rust,unity").split(",");
const RANDOM = Number(process.env.STEERLAB_CODE_RANDOM ?? 6);

const { write, unityClass, unityNamespace } = await import(pathToFileURL(path.join(ROOT, "www/code/export.js")));
const KEY = { js: "js", rust: "rs", unity: "cs" };
const templates = Object.fromEntries(
  Object.entries(KEY).map(([t, key]) => [t, JSON.parse(fs.readFileSync(path.join(ROOT, `www/code/templates/${key}.json`), "utf8"))]),
);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-code-"));
let fixturesDir = opt("--fixtures");
const sh = (cmd, argv, env = {}) =>
  execFileSync(cmd, argv, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
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
    return fx;
  });
const covered = (fx, target) => !fx.state.scenario.behaviours.some((b) => templates[target].pending.includes(b.type));

/** Worst errors of `got` (rows x, y, vx, vy) against the core's `want`. */
function compare(fx, got, want) {
  const { width, height, edges } = fx.state.scenario.world;
  const size = Math.max(width, height);
  const speed = fx.state.scenario.motion.max_speed || 1;
  let pos = 0;
  let vel = 0;
  if (got.length !== want.length) return { pos: Infinity, vel: Infinity, why: `${got.length} agents, want ${want.length}` };
  for (let i = 0; i < want.length; i++) {
    for (const k of [0, 1]) {
      let d = Math.abs(got[i][k] - want[i][k]);
      const side = k === 0 ? width : height;
      if (edges === "wrap") d = Math.min(d, Math.abs(side - d));
      pos = Math.max(pos, Number.isNaN(d) ? Infinity : d / size);
      const dv = Math.abs(got[i][k + 2] - want[i][k + 2]);
      vel = Math.max(vel, Number.isNaN(dv) ? Infinity : dv / speed);
    }
  }
  return { pos, vel };
}

const results = {};
let failed = 0;
function judge(target, fx, one, sixty) {
  const r1 = compare(fx, one, fx.after["1"]);
  const r60 = compare(fx, sixty, fx.after["60"]);
  const ok = r1.pos <= 1e-4 && r1.vel <= 1e-4 && r60.pos <= 1e-3;
  const s = (results[target] ??= { n: 0, worst1: 0, worst60: 0, worstVel60: 0, at1: "", at60: "", failed: [] });
  s.n += 1;
  const w1 = Math.max(r1.pos, r1.vel);
  if (w1 >= s.worst1) [s.worst1, s.at1] = [w1, fx.name];
  if (r60.pos >= s.worst60) [s.worst60, s.at60] = [r60.pos, fx.name];
  s.worstVel60 = Math.max(s.worstVel60, r60.vel);
  if (!ok) {
    failed += 1;
    s.failed.push(`${fx.name} (1 step: pos ${r1.pos.toExponential(2)} vel ${r1.vel.toExponential(2)}; 60: pos ${r60.pos.toExponential(2)})`);
  }
}

// JavaScript: import the module, step it.
if (only.includes("js")) {
  const dir = path.join(tmp, "js");
  fs.mkdirSync(dir);
  for (const fx of fixtures) {
    if (!covered(fx, "js")) continue;
    const file = path.join(dir, `${fx.name}.mjs`);
    fs.writeFileSync(file, write(fx.state, "js", templates.js, "en"));
    const { default: makeWorld } = await import(pathToFileURL(file));
    const w = makeWorld();
    const rows = () => w.agents.map((a) => [...a.position, ...a.velocity]);
    w.step();
    const one = rows();
    for (let k = 1; k < 60; k++) w.step();
    judge("js", fx, one, rows());
  }
}

// Rust: every program as a module of one small cargo project (glam from cargo's cache, offline),
// printing its agents after 1 and 60 steps as JSON lines.
if (only.includes("rust")) {
  const dir = path.join(tmp, "rust");
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "Cargo.toml"),
    '[package]\nname = "steerlab-code-check"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\nglam = "0.34"\n\n[workspace]\n',
  );
  const runs = fixtures.filter((fx) => covered(fx, "rust"));
  const mods = [];
  const calls = [];
  runs.forEach((fx, k) => {
    fs.writeFileSync(path.join(dir, "src", `s${k}.rs`), write(fx.state, "rust", templates.rust, "en"));
    mods.push(`#[allow(dead_code, unused)]\nmod s${k} {\n    include!("s${k}.rs");\n}`);
    calls.push(`    {\n        let mut w = s${k}::World::new();\n        w.step();\n        let one = rows(w.agents.iter().map(|a| [a.position.x, a.position.y, a.velocity.x, a.velocity.y]));\n        for _ in 1..60 {\n            w.step();\n        }\n        let sixty = rows(w.agents.iter().map(|a| [a.position.x, a.position.y, a.velocity.x, a.velocity.y]));\n        println!("{{\\"k\\": ${k}, \\"one\\": {one}, \\"sixty\\": {sixty}}}");\n    }`);
  });
  fs.writeFileSync(
    path.join(dir, "src", "main.rs"),
    `${mods.join("\n")}\n\nfn rows(it: impl Iterator<Item = [f32; 4]>) -> String {\n    let n = |x: f32| if x.is_finite() { format!("{x}") } else { "null".to_string() };\n    let r: Vec<String> = it.map(|a| format!("[{}]", a.map(n).join(","))).collect();\n    format!("[{}]", r.join(","))\n}\n\nfn main() {\n${calls.join("\n")}\n}\n`,
  );
  const target = path.join(ROOT, "target", "code-equivalence");
  const out = execFileSync("cargo", ["run", "--quiet", "--offline", "--release", "--manifest-path", path.join(dir, "Cargo.toml")], {
    cwd: dir,
    env: { ...process.env, CARGO_TARGET_DIR: target, RUSTFLAGS: "-A warnings" },
    encoding: "utf8",
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (const line of out.split("\n").filter(Boolean)) {
    const r = JSON.parse(line);
    judge("rust", runs[r.k], r.one, r.sixty);
  }
}

// C#: each script compiled with mono's mcs against the Unity stub and a small driver, then run.
if (only.includes("unity")) {
  const dir = path.join(tmp, "unity");
  fs.mkdirSync(dir);
  const stub = path.join(ROOT, "scripts/dev/code-stub/UnityEngine.cs");
  for (const fx of fixtures) {
    if (!covered(fx, "unity")) continue;
    const cls = unityClass(fx.state);
    const src = path.join(dir, `${cls}.cs`);
    fs.writeFileSync(src, write(fx.state, "unity", templates.unity, "en"));
    const driver = path.join(dir, `${cls}Check.cs`);
    fs.writeFileSync(
      driver,
      `using System;\nusing System.Globalization;\nusing System.Linq;\nusing ${unityNamespace(fx.state.scenario.name)};\npublic static class Check {\n` +
        `  static string Rows(World w) { return "[" + string.Join(",", w.agents.Select(a => "[" + string.Join(",", new[] { a.position.x, a.position.y, a.velocity.x, a.velocity.y }.Select(x => float.IsNaN(x) || float.IsInfinity(x) ? "null" : x.ToString("R", CultureInfo.InvariantCulture))) + "]")) + "]"; }\n` +
        `  public static void Main() {\n    var w = new ${cls}().MakeWorld();\n    w.Step();\n    string one = Rows(w);\n    for (int k = 1; k < 60; k++) w.Step();\n    Console.WriteLine("{\\"one\\": " + one + ", \\"sixty\\": " + Rows(w) + "}");\n  }\n}\n`,
    );
    const exe = path.join(dir, `${cls}.exe`);
    let r;
    try {
      execFileSync("mcs", ["-nologo", "-warn:0", "-optimize+", `-out:${exe}`, src, stub, driver], { stdio: ["ignore", "inherit", "inherit"] });
      r = JSON.parse(execFileSync("mono", [exe], { encoding: "utf8", maxBuffer: 1 << 30 }));
    } catch (e) {
      failed += 1;
      (results.unity ??= { n: 0, worst1: 0, worst60: 0, worstVel60: 0, at1: "", at60: "", failed: [] }).failed.push(`${fx.name}: ${e.message.split("\n")[0]}`);
      continue;
    }
    judge("unity", fx, r.one, r.sixty);
  }
  // A Unity project holds several exported scripts: the built-ins' compile together (each in a
  // namespace of its own).
  const all = fixtures.filter((fx) => covered(fx, "unity") && !fx.name.startsWith("prop-")).map((fx) => path.join(dir, `${unityClass(fx.state)}.cs`));
  try {
    execFileSync("mcs", ["-nologo", "-warn:0", "-target:library", `-out:${path.join(dir, "all.dll")}`, ...all, stub], { stdio: ["ignore", "inherit", "inherit"] });
    console.log(`  (the ${all.length} built-ins' C# scripts compile together)`);
  } catch (e) {
    failed += 1;
    console.log(`  FAILED: the built-ins' C# scripts do not compile together: ${e.message.split("\n")[0]}`);
  }
}

// The comparison can fail: a program exported with max_speed 2 % higher must be caught.
if (only.includes("js")) {
  const fx = fixtures.find((f) => f.name === "seek") ?? fixtures.find((f) => covered(f, "js"));
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
  console.log(
    `  ${t.padEnd(6)} ${String(s.n).padStart(3)} run; worst after 1 step ${s.worst1.toExponential(2)} (${s.at1}), ` +
      `after 60 steps ${s.worst60.toExponential(2)} of the world size (${s.at60}); velocities after 60 ${s.worstVel60.toExponential(2)} of max_speed`,
  );
  for (const f of s.failed) console.log(`    FAILED ${f}`);
}
if (skipped.length) console.log(`  not covered (templates pending): ${skipped.join(", ")}`);
if (!args.includes("--keep")) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
