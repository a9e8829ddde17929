// The Godot 4 export: a GDScript for a Node2D. Every parameter is an exported variable
// (@export_range from the scenario's sliders, @export_enum, grouped, a `##` tooltip in the reader's
// words), read into the simulation every frame; _process steps 1/60 s at a time and a
// MultiMeshInstance2D draws the agents; make_world() / step() / agents for headless use.
// godot3() turns it into the Godot 3 variant the tests run under Debian's godot3-server.
import { comment, ENUMS, exportJson, fieldType, floatLiteral, header, kindsOf, licence, readme, sections, sliderFor, snake, speak, tipKey, uses } from "./model.js";

const gf = (x) => floatLiteral(x, ["INF", "-INF", "NAN"]);
const gvec = (p) => `Vector2(${gf(p[0])}, ${gf(p[1])})`;
const gstr = (s) => JSON.stringify(String(s));
/** A u64 as GDScript's signed 64-bit int (the same bits). */
const gint64 = (s) => {
  const v = BigInt(s);
  return String(v >= 2n ** 63n ? v - 2n ** 64n : v);
};

/** A tooltip: `## ` lines (Godot's documentation comments), wrapped at 100 columns. */
const tipLines = (text) => comment([text], "##").replace(/\n$/, "");

/** `PackedVector2Array([…])`, one point a line when the line would pass 100 columns. */
function points(head, list) {
  const one = `${head}PackedVector2Array([${list.map(gvec).join(", ")}])`;
  if (one.length <= 100) return one;
  return `${head}PackedVector2Array(\n\t[\n${list.map((p) => `\t\t${gvec(p)},`).join("\n")}\n\t]\n)`;
}

/** An exported variable: its tooltip, its export line and its value (the annotation on a line of its
 *  own when both would pass 100 columns). */
function exported(...args) {
  const text = exportedLine(...args);
  return text
    .split("\n")
    .map((l) => (l.length > 100 ? l.replace(/^(@export\w*\([^)]*\)) (var .*)$/, "$1\n$2") : l))
    .join("\n");
}

function exportedLine(w, m, name, field, type, value, path, k = null) {
  const tip = tipLines(w(tipKey(field)));
  const slider = sliderFor(m, path, k);
  switch (type) {
    case "float": {
      // Without a slider: from 0, the slider's end a soft one (4 × the value; "or_greater").
      const soft = 10 ** Math.ceil(Math.log10(Math.max(1, 4 * Math.abs(value))));
      let range = slider ? `@export_range(${gf(slider.min)}, ${gf(slider.max)}, ${gf(slider.step ?? 0.001)}) ` : `@export_range(0.0, ${gf(soft)}, 0.001, "or_greater") `;
      if (!slider && field === "feeler_angle") range = "@export_range(-3.1416, 3.1416, 0.001) ";
      return `${tip}\n${range}var ${name}: float = ${gf(value)}`;
    }
    case "int": {
      const range = slider ? `@export_range(${Math.round(slider.min)}, ${Math.round(slider.max)}, ${Math.max(1, Math.round(slider.step ?? 1))}) ` : `@export_range(0, 100, 1, "or_greater") `;
      return `${tip}\n${range}var ${name}: int = ${Math.trunc(value)}`;
    }
    case "bool":
      return `${tip}\n@export var ${name}: bool = ${value ? "true" : "false"}`;
    case "enum":
      return `${tip}\n@export_enum(${ENUMS[field].map(gstr).join(", ")}) var ${name}: String = ${gstr(value)}`;
    case "point":
      if (field === "leader_target" || field === "leader_heading") {
        return `${tip}\n@export var ${name}_on: bool = ${value ? "true" : "false"}\n@export var ${name}: Vector2 = ${gvec(value ?? [0, 0])}`;
      }
      return `${tip}\n@export var ${name}: Vector2 = ${gvec(value)}`;
    case "rect":
      return `${tip}\n@export var ${name}: Array = [${(value ?? []).map(gf).join(", ")}]`;
    default:
      return `${tip}\n${points(`@export var ${name}: PackedVector2Array = `, value)}`;
  }
}

/** The inputs from the game: exported variables (docs/exporting.md, "Inputs from the game"). */
function inputs(w) {
  return [
    `@export_group(${gstr(w("code.section.inputs"))})`,
    `${tipLines(w("code.tip.input_target"))}\n@export var target: Node2D`,
    `${tipLines(w("code.tip.input_pointer"))}\n@export var pointer: Node2D`,
    `${tipLines(w("code.tip.pointer_from_mouse_godot"))}\n@export var pointer_from_mouse: bool = false`,
    `${tipLines(w("code.tip.leader_goal"))}\n@export var leader_goal: Node2D`,
    `${tipLines(w("code.tip.obstacles_group"))}\n@export var obstacles_group: String = ""`,
  ];
}

/** The drawing's exported variables. */
function drawing(w, m) {
  const out = [`@export_group(${gstr(w("code.section.drawing"))})`];
  out.push(`${tipLines(w("code.tip.world_scale"))}\n@export var world_scale: float = 1.0`);
  out.push(`${tipLines(w("code.tip.interpolate"))}\n@export var interpolate: bool = true`);
  out.push(`${tipLines(w("code.tip.agent_size"))}\n@export var agent_size: float = ${gf(m.agentSize)}`);
  out.push(`${tipLines(w("code.tip.line_width"))}\n@export var line_width: float = 1.5`);
  for (const [name, hex] of Object.entries(COLOURS)) out.push(`${tipLines(w("code.tip.colour"))}\n@export var ${name}: Color = Color(${gstr(hex)})`);
  return out;
}
const COLOURS = { agent_colour: "2f3a56", special_colour: "c0392b", obstacle_colour: "8a8f98", food_colour: "3a9b4a", path_colour: "b58a2e", mark_colour: "7a5cc7" };

export function writeGodot(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine, "#");
  const out = [];
  out.push(comment(header(m, w, { usage: w("code.usage.godot"), msun: true, determinism: w("code.head.determinism.godot") }), "#"));
  out.push(eng.lint);
  out.push("extends Node2D\n");
  // (gdlint's order: constants, exported variables, variables, then classes and functions.)
  if (m.agents) out.push(`# ${w("code.head.agents", { step: m.steps })}`);
  out.push(`const AGENTS = [${(m.agents ?? []).map((a) => `\n\t${a.map(gf).join(", ")},`).join("")}${m.agents?.length ? "\n" : ""}]`);
  out.push(`const START = ${m.start ? `{"steps": ${m.start.steps}, "time": ${m.start.time}, "rng": ${gint64(m.start.rng)}}` : "{}"}`);
  out.push(eng.node_consts);
  out.push(`# ${w("code.head.params")}`);
  const group = (key) => out.push(`@export_group(${gstr(w(key))})`);
  group("code.section.world");
  out.push(exported(w, m, "width", "width", "float", m.world.width, "world.width"));
  out.push(exported(w, m, "height", "height", "float", m.world.height, "world.height"));
  out.push(exported(w, m, "edges", "edges", "enum", m.world.edges, "world.edges"));
  out.push(exported(w, m, "margin", "margin", "float", m.world.margin, "world.margin"));
  out.push(exported(w, m, "neighbours", "neighbours", "enum", m.neighbours, "neighbours"));
  group("code.section.motion");
  for (const f of ["max_speed", "max_force", "min_speed"]) out.push(exported(w, m, f, f, "float", m.motion[f], `motion.${f}`));
  group("code.section.agents");
  out.push(exported(w, m, "count", "count", "int", m.spawn ? m.spawn.count : m.agents.length, "agents.count"));
  out.push(`${tipLines(w("code.tip.seed"))}\n@export var random_seed: int = ${gint64(m.seed)}`);
  out.push(`${tipLines(w("code.tip.spawn_area"))}\n@export var spawn_area: Array = [${(m.spawn?.area ?? []).map(gf).join(", ")}]`);
  out.push(`${tipLines(w("code.tip.spawn_speed"))}\n@export var spawn_speed: float = ${m.spawn?.speed === null || m.spawn?.speed === undefined ? "-1.0" : gf(m.spawn.speed)}`);
  const names = [];
  const seen = {};
  if (m.behaviours.length) group("code.section.behaviours");
  m.behaviours.forEach((b, k) => {
    seen[b.type] = (seen[b.type] ?? 0) + 1;
    const name = `${b.type}${seen[b.type] > 1 ? seen[b.type] : ""}`;
    names.push(name);
    for (const [f, v] of Object.entries(b)) {
      if (f !== "type") out.push(exported(w, m, `${name}_${f}`, f, fieldType(f, v), v, `${b.type}.${f}`, k));
    }
  });
  group("code.section.scene");
  const obstacles = m.obstacles.map((o) => `[${gvec(o.center)}, ${gf(o.radius)}]`);
  const one = `@export var obstacles: Array = [${obstacles.join(", ")}]`;
  out.push(`${tipLines(w("code.tip.obstacles"))}\n${one.length <= 100 ? one : `@export var obstacles: Array = [\n${obstacles.map((o) => `\t${o},`).join("\n")}\n]`}`);
  out.push(`${tipLines(w("code.tip.food"))}\n${points("@export var food: PackedVector2Array = ", m.food)}`);
  out.push(`${tipLines(w("code.tip.path"))}\n${points("@export var path: PackedVector2Array = ", m.path.waypoints)}`);
  out.push(exported(w, m, "path_mode", "path_mode", "enum", m.path.mode, "path.mode"));
  out.push(...drawing(w, m));
  out.push(...inputs(w));
  out.push("", eng.node_vars);
  out.push(eng.vec, uses(m, tpl, "Crowd.") ? eng.separate : "", eng.rng, eng.grid, eng.world);
  for (const k of kinds) out.push(tpl.behaviours[k], "");
  // make_world(), _configure() and _sync(): the exported variables into the simulation.
  out.push("#en The simulation with these settings, without drawing: make_world(), then step(); .agents.");
  out.push("#es La simulación con estos ajustes, sin dibujar: make_world() y luego step(); .agents.");
  out.push("func make_world():\n\tvar w = Sim.new()\n\t_configure(w)\n\tw.random_seed = random_seed");
  out.push(`\tw.rng = Rng.new(${m.start ? "START.rng" : "random_seed"})`);
  out.push("\tw.max_speed = F.r(max_speed)\n\tw.max_force = F.r(max_force)\n\tw.min_speed = F.r(min_speed)");
  out.push("\tw.spawn_area = _f32s(spawn_area)\n\tw.spawn_speed = F.r(spawn_speed)");
  if (m.spawn) out.push("\tw.spawn(count)");
  else {
    out.push(`\tw.place(AGENTS, ${m.start ? "true" : "false"})`);
    if (m.start) out.push("\tw.steps = START.steps\n\tw.time = START.time");
    out.push("\tif count != w.agents.size():\n\t\tw.set_count(count)");
  }
  out.push("\tvar list := []");
  m.behaviours.forEach((b, k) => {
    const name = names[k];
    out.push(`\tvar b${k} = ${b.type.split("_").map((p) => p[0].toUpperCase() + p.slice(1)).join("")}.new()`);
    for (const f of ["leader_target", "leader_heading"]) {
      if (f in b) out.push(`\tb${k}.${f} = ${name}_${f} if ${name}_${f}_on else null`);
    }
    out.push(`\tlist.append(b${k})`);
  });
  out.push("\t_sync_behaviours(list)\n\tw.start(list)\n\treturn w\n");
  out.push("#en Numbers as the 32-bit floats the canvas holds (a decimal literal is a 64-bit float).");
  out.push("#es Números como los floats de 32 bits del lienzo (un literal decimal es un float de 64 bits).");
  out.push("func _f32s(list: Array) -> Array:\n\tvar out = []\n\tfor x in list:\n\t\tout.append(F.r(x))\n\treturn out\n");
  out.push("#en The world's size and edges and the scene into the simulation.");
  out.push("#es El tamaño y los bordes del mundo y la escena, a la simulación.");
  out.push("func _configure(w) -> void:\n\tw.width = F.r(width)\n\tw.height = F.r(height)\n\tw.edges = edges\n\tw.margin = F.r(margin)\n\tw.neighbours = neighbours");
  out.push("\tw.obstacles = []\n\tfor o in obstacles:\n\t\tw.obstacles.append(Obstacle.new(o[0], F.r(o[1])))");
  out.push("\tw.food = Array(food)\n\tw.path = Array(path)\n\tw.path_mode = path_mode\n");
  out.push("#en The behaviours' parameters from the exported variables (every frame: changes take effect at once).");
  out.push("#es Los parámetros de los comportamientos desde las variables exportadas (en cada fotograma: los cambios valen enseguida).");
  out.push(`func _sync_behaviours(${m.behaviours.length ? "list" : "_list"}: Array) -> void:`);
  m.behaviours.forEach((b, k) => {
    for (const [f, v] of Object.entries(b)) {
      if (f === "type" || f === "leader_target" || f === "leader_heading") continue;
      const t = fieldType(f, v);
      const src = `${names[k]}_${f}`;
      const val = t === "float" ? `F.r(${src})` : t === "points" ? `Array(${src})` : t === "rect" ? `_f32s(${src})` : src;
      out.push(`\tlist[${k}].${f} = ${val}`);
    }
  });
  if (!m.behaviours.length) out.push("\tpass");
  out.push("");
  out.push("#en Changes in the inspector while the scene runs: the world, the limits, the count, the behaviours.");
  out.push("#es Cambios en el inspector mientras corre la escena: el mundo, los límites, el número, los comportamientos.");
  out.push("func _sync() -> void:\n\t_sync_behaviours(world.behaviours)");
  out.push("\tvar size_changed = F.r(width) != world.width or F.r(height) != world.height or edges != world.edges");
  out.push("\tvar limits_changed = F.r(max_speed) != world.max_speed or F.r(max_force) != world.max_force");
  out.push("\tif size_changed or limits_changed or F.r(min_speed) != world.min_speed:");
  out.push("\t\t_configure(world)\n\t\tworld.set_motion(max_speed, max_force, min_speed)");
  out.push("\tif count != world.agents.size():\n\t\tworld.set_count(count)\n");
  out.push(eng.node, eng.node_funcs);
  return speak(out.join("\n"), w.lang, "#");
}

/** The Godot 3 variant of a Godot 4 export (the "godot3" target; what godot3-server runs in the
 *  tests): export annotations as Godot 3's `export(...)` (a node to follow is a plain variable:
 *  Godot 3 exports node paths, not nodes), Pool arrays, `tool`, and the `#3`/`#4` lines. */
export function godot3(text) {
  return text
    // (An annotation on its own line joins its variable's.)
    .replace(/^(@export\w*\([^)]*\))\n(var )/gm, "$1 $2")
    .split("\n")
    .filter((l) => !/^\s*@export_group\(/.test(l) && !/#4\s*$/.test(l))
    .map((l) =>
      l
        .replace(/^(\s*)#3 /, "$1")
        .replace(/^@tool$/, "tool")
        .replace(/^@export var (\w+): (Node2D)$/, "var $1: $2")
        .replace(/^@export_file\(([^)]*)\) var (\w+): String/, (all, args, name) => `export(String, FILE, ${args}) var ${name}: String`)
        .replace(/^@export_range\(([^)]*)\) var (\w+): (float|int)/, (all, args, name, type) => `export(${type}, ${args.replace(/, "or_greater"/, "")}) var ${name}: ${type}`)
        .replace(/^@export_enum\(([^)]*)\) var (\w+): String/, (all, args, name) => `export(String, ${args}) var ${name}: String`)
        .replace(/^@export var/, "export var")
        .replaceAll("PackedVector2Array", "PoolVector2Array"),
    )
    .join("\n");
}

/** The file name of a Godot export: `bandada.gd`. */
export const godotFile = (m) => `${snake(m.name)}.gd`;

/** `seek_food` → `SeekFood` (a GDScript class's name). */
const klass = (kind) => kind.split("_").map((p) => p[0].toUpperCase() + p.slice(1)).join("");

/** The Godot 4 addon: `{ path: text }`, addons/steerlab/ (the library, steerlab.gd: the engine and
 *  every behaviour; the node, steerlab_agents.gd; plugin.cfg) and steerlab/ (the scenario as data,
 *  a scene that runs it). The same for every scenario but the data and the scene. */
export function godotAddon(m, tpl, w, version) {
  const eng = sections(tpl.engine, "#");
  const pkg = sections(tpl.package, "#");
  const kinds = Object.keys(tpl.behaviours);
  const data = `${snake(m.name)}.json`;
  const scene = `${snake(m.name)}.tscn`;
  const head = (msun) => comment([w("code.head.package", { name: "addons/steerlab" }), `SPDX-License-Identifier: MIT-0${msun ? " AND SunPro" : ""}`, w("code.head.licence"), ...(msun ? [w("code.head.licence_msun")] : []), w("code.head.determinism.godot")], "#");
  const words = (text) => text.replace(/@(code\.[\w.]+)@/g, (all, key) => w(key));
  const lib = [
    head(true),
    eng.lint,
    eng.vec,
    eng.separate,
    eng.rng,
    eng.grid,
    eng.world,
    ...kinds.map((k) => `${tpl.behaviours[k]}\n`),
    pkg.data.replace(/^#@kinds$/m, kinds.map((k) => `\t\t${gstr(k)}:\n\t\t\treturn ${klass(k)}`).join("\n")),
  ].join("\n");
  const node = [
    head(false),
    "class_name SteerlabAgents",
    "extends Node2D",
    "",
    pkg.agents,
    eng.node_consts,
    words(pkg.agents_exports).replace(/\n+$/, ""),
    ...drawing(w, m),
    ...inputs(w),
    "",
    eng.node_vars,
    pkg.agents_funcs,
    eng.node,
    eng.node_funcs,
  ].join("\n");
  const dir = "addons/steerlab";
  return {
    [`${dir}/plugin.cfg`]: `[plugin]\n\nname="Steerlab"\ndescription=${gstr(w("code.package.description"))}\nauthor="steerlab"\nversion=${gstr(version)}\nscript="plugin.gd"\n`,
    [`${dir}/plugin.gd`]: speak(`${head(false)}${pkg.plugin}`, w.lang, "#"),
    [`${dir}/steerlab.gd`]: speak(lib, w.lang, "#"),
    [`${dir}/steerlab_agents.gd`]: speak(node, w.lang, "#"),
    [`${dir}/README.md`]: readme(tpl, "godot", w.lang, { name: m.name, file: data, scene }),
    [`${dir}/LICENSE.md`]: licence(tpl, w.lang),
    [`steerlab/${data}`]: exportJson(m),
    [`steerlab/${scene}`]:
      `[gd_scene load_steps=2 format=3]\n\n[ext_resource type="Script" path="res://${dir}/steerlab_agents.gd" id="1"]\n\n` +
      `[node name=${gstr(m.name)} type="Node2D"]\nscript = ExtResource("1")\nsettings = "res://steerlab/${data}"\n`,
  };
}

/** The addon's Godot 3 variant (the "godot3" target): every script through godot3(), plugin.cfg as
 *  it is, the scene in Godot 3's format. */
export function godot3Addon(files) {
  const out = {};
  for (const [path, text] of Object.entries(files)) {
    if (path.endsWith(".gd")) out[path] = godot3(text);
    else if (path.endsWith(".tscn")) out[path] = text.replace("format=3]", "format=2]").replace('ExtResource("1")', "ExtResource( 1 )").replace('id="1"]', "id=1]");
    else out[path] = text;
  }
  return out;
}
