// The Godot exports (scripts/dev/code-equivalence.mjs). Godot 4 itself does not run here: every
// export (GDScript for Godot 4) is parsed by gdtoolkit's gdparse (a Godot 4 grammar), and its Godot 3
// variant (www/code/write-godot.js, godot3(): the same templates with Godot 3's export syntax) runs
// under Debian's godot3-server, headless, for the fixtures' steps; its agents' numbers are read back
// exactly (the 32-bit floats' bytes). What this proves and what it does not: docs/exporting.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, has } from "./code-run.mjs";

/** Steps run under Godot 3 per job (at most): GDScript is slow, so the 1 000-agent flock runs 60
 *  steps unless STEERLAB_GODOT_FULL=1 (600: minutes). */
const GODOT_STEPS = Number(process.env.STEERLAB_GODOT_STEPS ?? 600);
const FLOCK_STEPS = process.env.STEERLAB_GODOT_FULL ? GODOT_STEPS : Math.min(GODOT_STEPS, 60);

export async function runGodot(list, tpl, write, tmp) {
  const { godot3 } = await import(pathToFileURL(path.join(ROOT, "www/code/write-godot.js")));
  const dir = path.join(tmp, "godot");
  fs.mkdirSync(dir, { recursive: true });
  const files = list.map((job, k) => {
    const f = path.join(dir, `g${k}.gd`);
    fs.writeFileSync(f, write(job.state, "godot", tpl, "en"));
    return f;
  });
  if (!has("gdparse")) {
    console.log("  godot: gdparse (pip install gdtoolkit) is not installed: not checked");
    return null;
  }
  // gdparse exits 1 and names the file on the first that does not parse.
  execFileSync("gdparse", files, { stdio: ["ignore", "ignore", "inherit"] });
  console.log(`  godot: the ${files.length} GDScript exports parse (gdtoolkit's gdparse, Godot 4 grammar)`);
  if (!has("godot3-server")) {
    console.log("  godot: godot3-server is not installed: the Godot 3 variant was not run");
    return list.map(() => ({ skip: true }));
  }
  const project = path.join(dir, "g3");
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, "project.godot"), "config_version=4\n");
  const runs = [];
  list.forEach((job, k) => {
    // GDScript runs the 1 000-agent flock 60 steps (minutes otherwise) and skips the 20 000-agent
    // stress scenario (which the canvas runs on its fast engine anyway).
    if (job.state.agents.length > 2000) return;
    const steps = job.at.filter((s) => s <= (job.fx.name === "bandada-1000" ? FLOCK_STEPS : GODOT_STEPS));
    if (!steps.length) return;
    fs.writeFileSync(path.join(project, `g${k}.gd`), godot3(fs.readFileSync(files[k], "utf8")));
    runs.push({ k, steps });
  });
  // One godot3-server per job: a script error stops GDScript's function, not Godot (which would
  // then wait): each run has a time limit, and its failure is that job's alone.
  const rows = list.map(() => ({ skip: true }));
  for (const { k, steps } of runs) {
    const driver = [
      "extends SceneTree",
      "",
      "func rows(w) -> String:",
      "\tvar xs = PoolRealArray()",
      "\tfor a in w.agents:",
      "\t\txs.append(a.position.x)",
      "\t\txs.append(a.position.y)",
      "\t\txs.append(a.velocity.x)",
      "\t\txs.append(a.velocity.y)",
      "\treturn var2bytes(xs).hex_encode()",
      "",
      "func _init():",
      `\tvar s = load("res://g${k}.gd")`,
      "\tif s == null or not s.can_instance():",
      `\t\tprint("GODOT ${k} load-failed")`,
      "\t\tquit()",
      "\t\treturn",
      "\tvar n = s.new()",
      "\tvar w = n.make_world()",
      `\tfor t in range(1, ${Math.max(...steps)} + 1):`,
      "\t\tw.step()",
      `\t\tif t in [${steps.join(", ")}]:`,
      `\t\t\tprint("GODOT ${k} " + str(t) + " " + rows(w))`,
      "\tn.free()",
      "\tquit()",
      "",
    ].join("\n");
    fs.writeFileSync(path.join(project, `driver${k}.gd`), driver);
    let out = "";
    try {
      out = execFileSync("godot3-server", ["--no-window", "--path", project, "-s", `res://driver${k}.gd`], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 20 * 60 * 1000,
      });
    } catch (e) {
      rows[k] = { error: `godot3-server: ${e.signal === "SIGTERM" ? "timed out" : String(e.message).split("\n")[0]}` };
      continue;
    }
    for (const line of out.split("\n")) {
      const m = /^GODOT (\d+) (\S+)(?: (\w+))?$/.exec(line.trim());
      if (!m) continue;
      if (m[2] === "load-failed") {
        rows[k] = { error: "godot3-server could not load the Godot 3 variant" };
        continue;
      }
      const bytes = Buffer.from(m[3], "hex");
      const f = new Float32Array(bytes.buffer.slice(bytes.byteOffset + 8, bytes.byteOffset + bytes.length));
      const agents = [];
      for (let i = 0; i + 3 < f.length; i += 4) agents.push([f[i], f[i + 1], f[i + 2], f[i + 3]]);
      if (rows[k].skip) rows[k] = {};
      rows[k][m[2]] = agents;
    }
    if (rows[k].skip) rows[k] = { error: "godot3-server printed nothing (a script error: run it by hand)" };
  }
  return rows;
}
