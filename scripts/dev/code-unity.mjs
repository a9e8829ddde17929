// The Unity exports under mono (scripts/dev/code-equivalence.mjs): compiled with mcs against the
// stub of Unity's API (scripts/dev/code-stub/UnityEngine.cs, compiled once into UnityEngine.dll),
// with every warning of level 4 an error; the one-file listings' simulations run; the package
// (com.steerlab.steering) runs every fixture from its JSON settings as a game would (a GameObject,
// SteerlabAgents with its Settings, Awake: the settings read into components, the world made);
// several listings compiled into one assembly (as in one Unity project); the allocations of a step
// and of a whole frame (Update: inputs, steps and drawing) measured with mono's
// GC.GetAllocatedBytesForCurrentThread(); the package's inputs (a Target Transform, 2D colliders)
// checked to reach the simulation.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./code-run.mjs";

const STUB = path.join(ROOT, "scripts/dev/code-stub/UnityEngine.cs");

/** The stub as a library (its own warnings are not the exports'). */
function stubDll(tmp) {
  const dll = path.join(tmp, "UnityEngine.dll");
  if (!fs.existsSync(dll)) {
    execFileSync("mcs", ["-nologo", "-warn:0", "-optimize+", "-langversion:experimental", "-target:library", `-out:${dll}`, STUB], { stdio: ["ignore", "inherit", "inherit"] });
  }
  return dll;
}

/** Compile `sources` (exports, at warning level 4, warnings as errors) with the stub. */
export function mcs(tmp, out, sources, { target = "exe", defines = [] } = {}) {
  execFileSync(
    "mcs",
    ["-nologo", "-warn:4", "-warnaserror+", "-optimize+", "-langversion:experimental", `-target:${target}`, `-out:${out}`, `-r:${stubDll(tmp)}`, ...defines.map((d) => `-define:${d}`), ...sources],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  fs.copyFileSync(stubDll(tmp), path.join(path.dirname(out), "UnityEngine.dll"));
}

const ROWS = (name, world) => `  static string ${name}(${world} w) {
    var sb = new System.Text.StringBuilder("[");
    for (int i = 0; i < w.agents.Length; i++) {
      var a = w.agents[i];
      if (i > 0) sb.Append(',');
      sb.Append('[');
      float[] xs = { a.position.x, a.position.y, a.velocity.x, a.velocity.y };
      for (int k = 0; k < 4; k++) { if (k > 0) sb.Append(','); sb.Append(float.IsNaN(xs[k]) || float.IsInfinity(xs[k]) ? "null" : xs[k].ToString("R", CultureInfo.InvariantCulture)); }
      sb.Append(']');
    }
    return sb.Append(']').ToString();
  }`;

export const exported = (write, tpl, state) => {
  const text = write(state, "unity", tpl, "en");
  const cls = /public class (Steerlab\w+) : MonoBehaviour/.exec(text)[1];
  const ns = /^namespace (\S+)/m.exec(text)[1];
  return { text, cls, ns };
};

/** The steps loop of one job, printing its rows as a JSON line. */
const stepLines = (k, make, rows, job) => {
  const at = job.at.map((s) => `s == ${s}`).join(" || ");
  return (
    `    {\n      var w = ${make};\n      var parts = new List<string>();\n` +
    `      for (int s = 1; s <= ${Math.max(...job.at)}; s++) { w.Step(); if (${at}) parts.Add("\\"" + s + "\\": " + ${rows}(w)); }\n` +
    `      Console.WriteLine("{\\"k\\": ${k}, \\"rows\\": {" + string.Join(", ", parts) + "}}");\n    }`
  );
};

function runExe(exe) {
  const out = execFileSync("mono", [exe], { encoding: "utf8", maxBuffer: 1 << 30 });
  const rows = [];
  for (const line of out.split("\n").filter((l) => l.startsWith("{"))) {
    const r = JSON.parse(line);
    rows[r.k] = r.rows;
  }
  return rows;
}

/** The listings: every job in one assembly, each export in its own namespace, one driver. (Two
 *  jobs of one scenario share its names: each is compiled on its own then.) */
export async function runUnity(list, tpl, write, tmp) {
  const dir = path.join(tmp, "unity");
  fs.mkdirSync(dir, { recursive: true });
  const groups = [];
  list.forEach((job, k) => {
    const { text, cls, ns } = exported(write, tpl, job.state);
    let g = groups.find((x) => !x.names.has(ns));
    if (!g) groups.push((g = { names: new Set(), sources: [], calls: [], rowsFns: [] }));
    g.names.add(ns);
    const src = path.join(dir, `${groups.indexOf(g)}-${cls}.cs`);
    fs.writeFileSync(src, text);
    g.sources.push(src);
    g.rowsFns.push(ROWS(`Rows${k}`, `${ns}.World`));
    g.calls.push(stepLines(k, `new ${ns}.${cls}().MakeWorld()`, `Rows${k}`, job));
  });
  const rows = [];
  groups.forEach((g, n) => {
    const driver = path.join(dir, `Check${n}.cs`);
    fs.writeFileSync(driver, `using System;\nusing System.Collections.Generic;\nusing System.Globalization;\npublic static class Check {\n${g.rowsFns.join("\n")}\n  public static void Main() {\n${g.calls.join("\n")}\n  }\n}\n`);
    const exe = path.join(dir, `check${n}.exe`);
    mcs(tmp, exe, [...g.sources, driver]);
    runExe(exe).forEach((r, k) => r && (rows[k] = r));
  });
  return rows;
}

/** The package's Runtime sources written under `dir` (`files` from export.js's files(...)). */
export function writePackage(files, dir) {
  const sources = [];
  for (const [p, text] of Object.entries(files)) {
    const f = path.join(dir, p);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
    if (p.endsWith(".cs")) sources.push(f);
  }
  return sources;
}

/** A world from a settings file, as a game gets it: a GameObject, SteerlabAgents with its Settings,
 *  Awake (the settings read into components, the world made). */
const MAKE_FROM = (json) =>
  `Agents(${JSON.stringify(json)}).World`;
const AGENTS_HELPER = `  static Steerlab.SteerlabAgents Agents(string json) {
    var go = new UnityEngine.GameObject();
    var agents = go.AddComponent<Steerlab.SteerlabAgents>();
    agents.Settings = new UnityEngine.TextAsset(System.IO.File.ReadAllText(json));
    Call(agents, "Awake");
    return agents;
  }
  static void Call(object o, string m) { o.GetType().GetMethod(m, BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public).Invoke(o, null); }`;

/** The package: every job's settings file (`json(state)`) read by SteerlabAgents, in one assembly. */
export async function runUnityPackage(list, files, json, tmp) {
  const dir = path.join(tmp, "unity-package");
  const sources = writePackage(files, dir);
  const calls = [];
  list.forEach((job, k) => {
    const f = path.join(dir, `settings-${k}.json`);
    fs.writeFileSync(f, json(job.state));
    calls.push(stepLines(k, MAKE_FROM(f), "Rows", job));
  });
  const driver = path.join(dir, "Check.cs");
  fs.writeFileSync(
    driver,
    `using System;\nusing System.Collections.Generic;\nusing System.Globalization;\nusing System.Reflection;\npublic static class Check {\n${ROWS("Rows", "Steerlab.World")}\n${AGENTS_HELPER}\n  public static void Main() {\n${calls.join("\n")}\n  }\n}\n`,
  );
  const exe = path.join(dir, "check.exe");
  mcs(tmp, exe, [...sources, driver]);
  // The legacy Input Manager's path (Pointer From Mouse) compiles too.
  mcs(tmp, path.join(dir, "legacy-input.dll"), sources, { target: "library", defines: ["ENABLE_LEGACY_INPUT_MANAGER"] });
  return runExe(exe);
}

/** The built-ins' listings compile together into one library (one Unity project), with the package. */
export function unityTogether(fixtures, tpl, write, files, tmp) {
  const dir = path.join(tmp, "unity-together");
  fs.mkdirSync(dir, { recursive: true });
  const sources = fixtures
    .filter((fx) => !fx.name.startsWith("prop-"))
    .map((fx) => {
      const { text, cls } = exported(write, tpl, fx.state);
      const f = path.join(dir, `${cls}.cs`);
      fs.writeFileSync(f, text);
      return f;
    });
  const pkg = writePackage(files, path.join(dir, "package"));
  mcs(tmp, path.join(dir, "all.dll"), [...sources, ...pkg], { target: "library" });
  return `(the ${sources.length} built-ins' C# listings and the package compile together, no warning at level 4)`;
}

/** The package's inputs reach the simulation: a Target Transform moves seek's target; 2D colliders
 *  inside the world become obstacles, outside it do not. Returns what it saw. */
export function unityInputs(files, json, tmp) {
  const dir = path.join(tmp, "unity-inputs");
  const sources = writePackage(files, dir);
  const f = path.join(dir, "settings.json");
  fs.writeFileSync(f, json);
  const driver = path.join(dir, "Inputs.cs");
  fs.writeFileSync(
    driver,
    `using System;\nusing System.Reflection;\nusing UnityEngine;\npublic static class Inputs {\n${AGENTS_HELPER}\n  public static void Main() {\n` +
      `    var agents = Agents(${JSON.stringify(f)});\n    agents.WorldScale = 0.5f;\n` +
      `    var target = new GameObject().transform;\n    target.position = new Vector3(100f, 60f, 0f);\n    agents.Target = target;\n` +
      `    var inside = new GameObject().AddComponent<Collider2D>();\n    inside.bounds = new Bounds(new Vector3(50f, 50f, 0f), new Vector3(10f, 10f, 0f));\n` +
      `    var outside = new GameObject().AddComponent<Collider2D>();\n    outside.bounds = new Bounds(new Vector3(-500f, 50f, 0f), new Vector3(10f, 10f, 0f));\n` +
      `    Physics2D.colliders.Add(inside);\n    Physics2D.colliders.Add(outside);\n    agents.ObstaclesFromColliders = true;\n` +
      `    int before = agents.World.obstacles.Count;\n    Call(agents, "Update");\n` +
      `    var seek = agents.GetComponent<Steerlab.Seek>();\n    var o = agents.World.obstacles[agents.World.obstacles.Count - 1];\n` +
      `    Console.WriteLine(String.Format(System.Globalization.CultureInfo.InvariantCulture, "{{\\"target\\": [{0}, {1}], \\"height\\": {2}, \\"obstacles\\": [{3}, {4}], \\"last\\": [{5}, {6}, {7}]}}", seek.Target.x, seek.Target.y, agents.World.height, before, agents.World.obstacles.Count, o.Center.x, o.Center.y, o.Radius));\n  }\n}\n`,
  );
  const exe = path.join(dir, "inputs.exe");
  mcs(tmp, exe, [...sources, driver]);
  return JSON.parse(execFileSync("mono", [exe], { encoding: "utf8" }).trim().split("\n").pop());
}

/** Bytes allocated per step after warm-up, and per frame (Update: inputs, a step and the drawing),
 *  of the package's SteerlabAgents on `json`. */
export function unityAllocations(files, json, tmp) {
  const dir = path.join(tmp, "unity-alloc");
  const sources = writePackage(files, dir);
  const f = path.join(dir, "settings.json");
  fs.writeFileSync(f, json);
  const driver = path.join(dir, "Alloc.cs");
  fs.writeFileSync(
    driver,
    `using System;\nusing System.Reflection;\npublic static class Alloc {\n${AGENTS_HELPER}\n  public static void Main() {\n` +
      `    var agents = Agents(${JSON.stringify(f)});\n    var w = agents.World;\n` +
      `    long t0 = GC.GetAllocatedBytesForCurrentThread();\n    w.Step();\n    long first = GC.GetAllocatedBytesForCurrentThread() - t0;\n` +
      `    for (int k = 0; k < 60; k++) w.Step();\n` +
      `    const int N = 240;\n    long t1 = GC.GetAllocatedBytesForCurrentThread();\n    for (int k = 0; k < N; k++) w.Step();\n    long steps = GC.GetAllocatedBytesForCurrentThread() - t1;\n` +
      `    for (int k = 0; k < 60; k++) Call(agents, "Update");\n` +
      `    var update = agents.GetType().GetMethod("Update", BindingFlags.Instance | BindingFlags.NonPublic);\n` +
      `    var frame = (Action)Delegate.CreateDelegate(typeof(Action), agents, update);\n` +
      `    long t2 = GC.GetAllocatedBytesForCurrentThread();\n    for (int k = 0; k < 120; k++) frame();\n    long frames = GC.GetAllocatedBytesForCurrentThread() - t2;\n` +
      `    Console.WriteLine("{\\"agents\\": " + w.agents.Length + ", \\"first\\": " + first + ", \\"steps\\": " + N + ", \\"stepBytes\\": " + steps + ", \\"frames\\": 120, \\"frameBytes\\": " + frames + ", \\"drawn\\": " + UnityEngine.Graphics.instancesRendered + "}");\n  }\n}\n`,
  );
  const exe = path.join(dir, "alloc.exe");
  mcs(tmp, exe, [...sources, driver]);
  return JSON.parse(execFileSync("mono", [exe], { encoding: "utf8" }).trim().split("\n").pop());
}

/** A mono process that steps the package's world of `json` on request (code-bench.mjs's protocol). */
export function unityBenchExe(files, json, tmp, driverSource) {
  const dir = path.join(tmp, "unity-bench");
  const sources = writePackage(files, dir);
  const f = path.join(dir, "settings.json");
  fs.writeFileSync(f, json);
  const driver = path.join(dir, "Bench.cs");
  fs.writeFileSync(driver, driverSource(`MakeAgents(${JSON.stringify(f)}).World`).replace("public static class Bench {", `public static class Bench {\n${AGENTS_HELPER.replace("static Steerlab.SteerlabAgents Agents(", "static Steerlab.SteerlabAgents MakeAgents(")}`).replace("using System;", "using System;\nusing System.Reflection;"));
  const exe = path.join(dir, "bench.exe");
  mcs(tmp, exe, [...sources, driver]);
  return exe;
}
