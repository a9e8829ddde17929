// The Godot exports (scripts/dev/code-equivalence.mjs). Godot 4 itself does not run here: every
// GDScript for Godot 4 (the listings and the addon's scripts) is parsed by gdtoolkit's gdparse (a
// Godot 4 grammar) and linted by its gdlint (0 problems); the addon's Godot 3 variant (the "godot3"
// target: the same scripts in Godot 3's syntax) runs under Debian's godot3-server, headless, every
// fixture read from its settings file by Steerlab.from_data in one process, its agents' numbers
// read back exactly (the 32-bit floats' bytes); its node (SteerlabAgents) is added to the tree and
// processed a few frames (settings read, steps, the MultiMesh filled); a listing's Godot 3 variant
// runs too (its own make_world). What this proves and what it does not: docs/exporting.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { has } from "./code-run.mjs";

/** Steps run under Godot 3 per job (at most): the 1 000-agent flock runs 60 steps unless
 *  STEERLAB_GODOT_FULL=1 (600: GDScript takes minutes for them). */
const GODOT_STEPS = Number(process.env.STEERLAB_GODOT_STEPS ?? 600);
const FLOCK_STEPS = process.env.STEERLAB_GODOT_FULL ? GODOT_STEPS : Math.min(GODOT_STEPS, 60);

/** gdparse, then gdlint, on Godot 4 scripts: throws with gdlint's problems. Returns how many. */
export function lintGodot(files) {
  execFileSync("gdparse", files, { stdio: ["ignore", "ignore", "inherit"] });
  try {
    execFileSync("gdlint", files, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const lines = `${e.stdout ?? ""}${e.stderr ?? ""}`.split("\n").filter((l) => /Error|Warning/.test(l));
    throw new Error(`gdlint: ${lines.length} problems: ${lines.slice(0, 8).join(" | ")}`);
  }
  return files.length;
}

/** The driver's helper: agents as 32-bit floats' bytes, in hex. */
const ROWS = ["func rows(w) -> String:", "\tvar xs = PoolRealArray()", "\tfor a in w.agents:", "\t\txs.append(a.position.x)", "\t\txs.append(a.position.y)", "\t\txs.append(a.velocity.x)", "\t\txs.append(a.velocity.y)", "\treturn var2bytes(xs).hex_encode()", ""];

function parseRows(out, rows) {
  for (const line of out.split("\n")) {
    const m = /^GODOT (\d+) (\d+) (\w+)$/.exec(line.trim());
    if (!m) continue;
    const bytes = Buffer.from(m[3], "hex");
    const f = new Float32Array(bytes.buffer.slice(bytes.byteOffset + 8, bytes.byteOffset + bytes.length));
    const agents = [];
    for (let i = 0; i + 3 < f.length; i += 4) agents.push([f[i], f[i + 1], f[i + 2], f[i + 3]]);
    const k = Number(m[1]);
    if (rows[k].skip) rows[k] = {};
    rows[k][m[2]] = agents;
  }
}

function godot3Server(project, script, timeout = 30 * 60 * 1000) {
  return execFileSync("godot3-server", ["--no-window", "--path", project, "-s", script], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "pipe"],
    timeout,
  });
}

/** Write `files` (path: text) under `dir`. */
function put(dir, files) {
  for (const [p, text] of Object.entries(files)) {
    const f = path.join(dir, p);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
  }
}

/**
 * `addon4`, `addon3`: the addon's files for Godot 4 and 3 (export.js's files()); `json(state)`: a
 * job's settings; `listing(state, godot3)`: a listing's text. Returns each job's rows (or skip),
 * and what the node's frames did.
 */
export async function runGodot(list, { addon4, addon3, json, listing }, tmp) {
  const dir = path.join(tmp, "godot");
  fs.mkdirSync(dir, { recursive: true });
  if (!has("gdparse") || !has("gdlint")) {
    console.log("  godot: gdtoolkit (gdparse, gdlint) is not installed: not checked");
    return null;
  }
  // Godot 4: the addon's scripts and every listing parse and lint clean.
  put(path.join(dir, "g4"), addon4);
  const scripts = Object.keys(addon4).filter((p) => p.endsWith(".gd")).map((p) => path.join(dir, "g4", p));
  list.forEach((job, k) => {
    const f = path.join(dir, "g4", `listing${k}.gd`);
    fs.writeFileSync(f, listing(job.state, false));
    scripts.push(f);
  });
  lintGodot(scripts);
  console.log(`  godot: the addon's scripts and the ${list.length} GDScript listings parse (gdparse, Godot 4 grammar) and lint clean (gdlint: 0 problems)`);
  if (!has("godot3-server")) {
    console.log("  godot: godot3-server is not installed: the Godot 3 variant was not run");
    return { rows: list.map(() => ({ skip: true })) };
  }
  const project = path.join(dir, "g3");
  put(project, addon3);
  fs.writeFileSync(path.join(project, "project.godot"), "config_version=4\n");
  const rows = list.map(() => ({ skip: true }));
  const runs = [];
  list.forEach((job, k) => {
    // (The 20 000-agent stress scenario runs on the canvas's fast engine anyway: not here.)
    if (job.state.agents.length > 2000) return;
    const steps = job.at.filter((s) => s <= (job.fx.name === "bandada-1000" ? FLOCK_STEPS : GODOT_STEPS));
    if (!steps.length) return;
    fs.writeFileSync(path.join(project, `s${k}.json`), json(job.state));
    runs.push({ k, steps });
  });
  // Every job in one godot3-server, each from its settings file through Steerlab.from_data.
  const driver = [
    "extends SceneTree",
    "",
    'const Steerlab = preload("res://addons/steerlab/steerlab.gd")',
    "",
    ...ROWS,
    "func _init():",
    ...runs.flatMap(({ k, steps }) => [
      "\tif true:",
      "\t\tvar f = File.new()",
      `\t\tf.open("res://s${k}.json", File.READ)`,
      "\t\tvar w = Steerlab.from_data(parse_json(f.get_as_text()))",
      "\t\tf.close()",
      `\t\tfor t in range(1, ${Math.max(...steps)} + 1):`,
      "\t\t\tw.step()",
      `\t\t\tif t in [${steps.join(", ")}]:`,
      `\t\t\t\tprint("GODOT ${k} " + str(t) + " " + rows(w))`,
    ]),
    "\tquit()",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(project, "driver.gd"), driver);
  try {
    parseRows(godot3Server(project, "res://driver.gd"), rows);
  } catch (e) {
    const why = `godot3-server: ${e.signal === "SIGTERM" ? "timed out" : String(e.message).split("\n")[0]}`;
    return { rows: list.map(() => ({ error: why })) };
  }
  for (const { k } of runs) if (rows[k].skip) rows[k] = { error: "godot3-server printed nothing for it (a script error: run it by hand)" };
  // The node: SteerlabAgents in the tree reads its settings in _ready and steps in _process; and a
  // listing's own make_world (the first job's) steps as its addon does.
  const first = runs[0];
  const seek = runs.find(({ k }) => list[k].fx.name === "seek" && list[k].state.scenario.behaviours?.[0]?.type === "seek");
  const node = [
    "extends SceneTree",
    "",
    ...ROWS,
    "func _init():",
    '\tvar node = load("res://addons/steerlab/steerlab_agents.gd").new()',
    `\tnode.settings = "res://s${first.k}.json"`,
    "\tnode.pointer_from_mouse = true",
    "\troot.add_child(node)",
    "\tfor _f in 10:",
    "\t\tnode._process(1.0 / 30.0)",
    '\tprint("NODE " + str(node.world.steps) + " " + str(node._agents_mm.multimesh.instance_count) + " " + str(node.world.agents.size()))',
    '\tvar l = load("res://listing.gd").new()',
    "\tvar w = l.make_world()",
    `\tfor t in range(1, ${Math.max(...first.steps)} + 1):`,
    "\t\tw.step()",
    `\t\tif t in [${first.steps.join(", ")}]:`,
    `\t\t\tprint("GODOT ${list.length} " + str(t) + " " + rows(w))`,
    "\tl.free()",
    "\tnode.free()",
    // The inputs: a Node2D as seek's target and an Area2D with a circle in the obstacles' group,
    // the node drawn at world_scale 0.5.
    ...(seek
      ? [
          '\tvar s = load("res://addons/steerlab/steerlab_agents.gd").new()',
          `\ts.settings = "res://s${seek.k}.json"`,
          "\ts.world_scale = 0.5",
          "\tvar t = Node2D.new()",
          "\tt.position = Vector2(100, 60)",
          "\troot.add_child(t)",
          "\ts.target = t",
          "\tvar area = Area2D.new()",
          "\tvar shape = CollisionShape2D.new()",
          "\tshape.shape = CircleShape2D.new()",
          "\tshape.shape.radius = 10.0",
          "\tarea.add_child(shape)",
          "\tarea.position = Vector2(50, 40)",
          '\tarea.add_to_group("steerlab_obstacles")',
          "\troot.add_child(area)",
          "\troot.add_child(s)",
          "\tvar before = s.world.obstacles.size()",
          '\ts.obstacles_group = "steerlab_obstacles"',
          "\ts._process(1.0 / 60.0)",
          "\tvar o = s.world.obstacles[s.world.obstacles.size() - 1]",
          '\tprint("INPUTS " + str(s.world.behaviours[0].target.x) + " " + str(s.world.behaviours[0].target.y) + " " + str(before) + " " + str(s.world.obstacles.size()) + " " + str(o.center.x) + " " + str(o.center.y) + " " + str(o.radius))',
          "\ts.free()",
        ]
      : []),
    "\tquit()",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(project, "listing.gd"), listing(list[first.k].state, true));
  fs.writeFileSync(path.join(project, "node.gd"), node);
  const extra = [{ skip: true }];
  let frames = null;
  let inputs = null;
  try {
    const out = godot3Server(project, "res://node.gd", 10 * 60 * 1000);
    const m = /NODE (\d+) (\d+) (\d+)/.exec(out);
    frames = m ? { steps: Number(m[1]), instances: Number(m[2]), agents: Number(m[3]) } : null;
    const i = /INPUTS (\S+) (\S+) (\d+) (\d+) (\S+) (\S+) (\S+)/.exec(out);
    if (i) inputs = { target: [Number(i[1]), Number(i[2])], obstacles: [Number(i[3]), Number(i[4])], last: [Number(i[5]), Number(i[6]), Number(i[7])] };
    rows.push(extra[0]);
    parseRows(out, rows);
  } catch (e) {
    frames = { error: String(e.message).split("\n")[0] };
  }
  return { rows: rows.slice(0, list.length), listing: { k: first.k, rows: rows[list.length] }, frames, inputs };
}

/** CPU ms a step of the addon's simulation of `json` (300 agents) under godot3-server, its own
 *  thread's CPU time (/proc/thread-self/schedstat) and the wall clock. */
export function godotSpeed(addon3, json, tmp, { warm = 20, steps = 60 } = {}) {
  if (!has("godot3-server")) return null;
  const project = path.join(tmp, "godot-speed");
  put(project, addon3);
  fs.writeFileSync(path.join(project, "project.godot"), "config_version=4\n");
  fs.writeFileSync(path.join(project, "s.json"), json);
  fs.writeFileSync(
    path.join(project, "speed.gd"),
    [
      "extends SceneTree",
      "",
      'const Steerlab = preload("res://addons/steerlab/steerlab.gd")',
      "",
      "func cpu_ms() -> float:",
      "\tvar f = File.new()",
      '\tif f.open("/proc/thread-self/schedstat", File.READ) != OK:',
      "\t\treturn OS.get_ticks_usec() / 1000.0",
      "\tvar line = f.get_line()",
      "\tf.close()",
      '\treturn float(line.split(" ")[0]) / 1e6',
      "",
      "func _init():",
      "\tvar f = File.new()",
      '\tf.open("res://s.json", File.READ)',
      "\tvar w = Steerlab.from_data(parse_json(f.get_as_text()))",
      "\tf.close()",
      `\tfor k in ${warm}:`,
      "\t\tw.step()",
      "\tvar t = cpu_ms()",
      "\tvar t0 = OS.get_ticks_usec()",
      `\tfor k in ${steps}:`,
      "\t\tw.step()",
      `\tprint("SPEED " + str((cpu_ms() - t) / ${steps}.0) + " " + str((OS.get_ticks_usec() - t0) / ${steps}000.0) + " " + str(w.agents.size()))`,
      "\tquit()",
      "",
    ].join("\n"),
  );
  const m = /SPEED (\S+) (\S+) (\d+)/.exec(godot3Server(project, "res://speed.gd"));
  return m ? { cpuMs: Number(m[1]), wallMs: Number(m[2]), agents: Number(m[3]), steps } : null;
}
