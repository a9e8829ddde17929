// The Unity exports under mono (scripts/dev/code-equivalence.mjs): compiled with mcs against the
// stub of Unity's API (scripts/dev/code-stub/UnityEngine.cs), their simulations run, several
// exports compiled into one assembly (as in one Unity project), and the allocations of a step and of
// a whole frame (Update: steps and drawing) measured with mono's
// GC.GetAllocatedBytesForCurrentThread().
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./code-run.mjs";

const STUB = path.join(ROOT, "scripts/dev/code-stub/UnityEngine.cs");

function mcs(out, sources, target = "exe") {
  execFileSync("mcs", ["-nologo", "-warn:0", "-optimize+", "-langversion:experimental", `-target:${target}`, `-out:${out}`, ...sources, STUB], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}

const ROWS = (name, ns) => `  static string ${name}(${ns}.World w) {
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

const exported = (write, tpl, state) => {
  const text = write(state, "unity", tpl, "en");
  const cls = /public class (Steerlab\w+) : MonoBehaviour/.exec(text)[1];
  const ns = /^namespace (\S+)/m.exec(text)[1];
  return { text, cls, ns };
};

/** Every job in one assembly: each export in its own namespace, one driver. */
export async function runUnity(list, tpl, write, tmp) {
  const dir = path.join(tmp, "unity");
  fs.mkdirSync(dir, { recursive: true });
  const sources = [];
  const calls = [];
  const rowsFns = [];
  list.forEach((job, k) => {
    const { text, cls, ns } = exported(write, tpl, job.state);
    const src = path.join(dir, `${cls}.cs`);
    fs.writeFileSync(src, text);
    sources.push(src);
    const at = job.at.map((s) => `s == ${s}`).join(" || ");
    rowsFns.push(ROWS(`Rows${k}`, ns));
    calls.push(
      `    {\n      var w = new ${ns}.${cls}().MakeWorld();\n      var parts = new List<string>();\n` +
        `      for (int s = 1; s <= ${Math.max(...job.at)}; s++) { w.Step(); if (${at}) parts.Add("\\"" + s + "\\": " + Rows${k}(w)); }\n` +
        `      Console.WriteLine("{\\"k\\": ${k}, \\"rows\\": {" + string.Join(", ", parts) + "}}");\n    }`,
    );
  });
  const driver = path.join(dir, "Check.cs");
  fs.writeFileSync(
    driver,
    `using System;\nusing System.Collections.Generic;\nusing System.Globalization;\npublic static class Check {\n${rowsFns.join("\n")}\n  public static void Main() {\n${calls.join("\n")}\n  }\n}\n`,
  );
  const exe = path.join(dir, "check.exe");
  mcs(exe, [...sources, driver]);
  const out = execFileSync("mono", [exe], { encoding: "utf8", maxBuffer: 1 << 30 });
  const rows = [];
  for (const line of out.split("\n").filter(Boolean)) {
    const r = JSON.parse(line);
    rows[r.k] = r.rows;
  }
  return rows;
}

/** The built-ins' exports compile together into one library (one Unity project). */
export function unityTogether(fixtures, tpl, write, tmp) {
  const dir = path.join(tmp, "unity-together");
  fs.mkdirSync(dir, { recursive: true });
  const files = fixtures.filter((fx) => !fx.name.startsWith("prop-")).map((fx) => {
    const { text, cls } = exported(write, tpl, fx.state);
    const f = path.join(dir, `${cls}.cs`);
    fs.writeFileSync(f, text);
    return f;
  });
  // Two exports of one scenario with other parameters: other names, no clash.
  const bandada = fixtures.find((fx) => fx.name === "bandada");
  const other = structuredClone(bandada.state);
  other.scenario.behaviours[0].weight = 2;
  const twin = exported(write, tpl, other);
  fs.writeFileSync(path.join(dir, `${twin.cls}.cs`), twin.text);
  files.push(path.join(dir, `${twin.cls}.cs`));
  mcs(path.join(dir, "all.dll"), files, "library");
  return `(the ${files.length - 1} built-ins' C# scripts and a second bandada export compile together)`;
}

/** Bytes allocated per step after warm-up, and per frame (Update: a step and the drawing). */
export function unityAllocations(fx, tpl, write, tmp) {
  const dir = path.join(tmp, "unity-alloc");
  fs.mkdirSync(dir, { recursive: true });
  const { text, cls, ns } = exported(write, tpl, fx.state);
  const src = path.join(dir, `${cls}.cs`);
  fs.writeFileSync(src, text);
  const driver = path.join(dir, "Alloc.cs");
  fs.writeFileSync(
    driver,
    `using System;\nusing System.Reflection;\npublic static class Alloc {\n` +
      `  static void Call(object o, string m) { o.GetType().GetMethod(m, BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public).Invoke(o, null); }\n` +
      `  public static void Main() {\n` +
      `    var c = new ${ns}.${cls}();\n    var w = c.MakeWorld();\n` +
      `    long t0 = GC.GetAllocatedBytesForCurrentThread();\n    w.Step();\n    long first = GC.GetAllocatedBytesForCurrentThread() - t0;\n` +
      `    for (int k = 0; k < 60; k++) w.Step();\n` +
      `    const int N = 240;\n    var clock = System.Diagnostics.Stopwatch.StartNew();\n    long t1 = GC.GetAllocatedBytesForCurrentThread();\n    for (int k = 0; k < N; k++) w.Step();\n    long steps = GC.GetAllocatedBytesForCurrentThread() - t1;\n    double ms = clock.Elapsed.TotalMilliseconds / N;\n` +
      `    Call(c, "Awake");\n    for (int k = 0; k < 60; k++) Call(c, "Update");\n` +
      `    var update = c.GetType().GetMethod("Update", BindingFlags.Instance | BindingFlags.NonPublic);\n` +
      `    var draw = (Action)Delegate.CreateDelegate(typeof(Action), c, update);\n` +
      `    long t2 = GC.GetAllocatedBytesForCurrentThread();\n    for (int k = 0; k < 120; k++) draw();\n    long frames = GC.GetAllocatedBytesForCurrentThread() - t2;\n` +
      `    Console.WriteLine("{\\"agents\\": " + w.agents.Length + ", \\"first\\": " + first + ", \\"steps\\": " + N + ", \\"stepBytes\\": " + steps + ", \\"frames\\": 120, \\"frameBytes\\": " + frames + ", \\"msPerStep\\": " + ms.ToString("0.00", System.Globalization.CultureInfo.InvariantCulture) + ", \\"drawn\\": " + UnityEngine.Graphics.instancesRendered + "}");\n  }\n}\n`,
  );
  const exe = path.join(dir, "alloc.exe");
  mcs(exe, [src, driver]);
  return JSON.parse(execFileSync("mono", [exe], { encoding: "utf8" }));
}
