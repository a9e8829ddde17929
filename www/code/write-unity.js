// The Unity exports. The listing (writeUnity): one C# file with a MonoBehaviour whose inspector holds
// every parameter ([Range] from the scenario's sliders, [Tooltip] in the reader's words, enums),
// which steps the simulation 1/60 s at a time from Update and draws it in the Game view with
// Graphics.RenderMeshInstanced; MakeWorld() / Step() / agents for headless use; its names are the
// scenario's (SteerlabBandada in Steerlab.Scenarios.Bandada), the same at any step and with any parameters.
// The package (unityPackage): a UPM package, com.steerlab.steering, the same for every scenario
// (namespace Steerlab, one component per behaviour, SteerlabAgents), and the scenario as data in a
// sample (<scenario>.json, which SteerlabAgents reads).
import { camel, comment, exportJson, fieldType, f32Text, header, kindsOf, licence, readme, sections, sliderFor, speak, tipKey, uses } from "./model.js";

const USING = "using System;\nusing System.Collections.Generic;\nusing UnityEngine;\n";

/** `"@code.tip.target@"` in a template: that text in the reader's words (a C# string). */
const fillWords = (text, w) => text.replace(/"@(code\.[\w.]+)@"/g, (all, key) => str(w(key)));

/** A float literal that reads back as the canvas's 32-bit value. */
const fl = (x) => {
  const n = Number(x);
  if (!Number.isFinite(n)) return n > 0 ? "float.PositiveInfinity" : n < 0 ? "float.NegativeInfinity" : "float.NaN";
  return `${f32Text(n)}f`;
};
const vec2 = (p) => `new Vector2(${fl(p[0])}, ${fl(p[1])})`;
const vec4 = (r) => `new Vector4(${r.map(fl).join(", ")})`;
const str = (s) => JSON.stringify(String(s));
const enumValue = (field, v) => `${camel(field)}.${camel(v)}`;
/** An array initializer: `{ a, b }`, or `{ }`. */
const list = (items) => (items.length ? `{ ${items.join(", ")} }` : "{ }");

/** The inspector attributes of a field: its tooltip, and its slider's range or a floor of 0. */
function attributes(w, m, path, field, type, k = null) {
  const out = [`[Tooltip(${str(w(tipKey(field)))})]`];
  const slider = sliderFor(m, path, k);
  if (slider && (type === "float" || type === "int")) {
    out.push(type === "int" ? `[Range(${Math.round(slider.min)}, ${Math.round(slider.max)})]` : `[Range(${fl(slider.min)}, ${fl(slider.max)})]`);
  } else if (type === "float" && field !== "feeler_angle") out.push("[Min(0f)]");
  else if (type === "int") out.push("[Min(0)]");
  return out.join(" ");
}

/** A behaviour field's declaration(s) and its value(s) in an initializer. */
function behaviourField(w, m, k, field, value) {
  const type = fieldType(field, value);
  const name = camel(field);
  const attr = attributes(w, m, `${m.behaviours[k].type}.${field}`, field, type, k);
  switch (type) {
    case "float":
      return { decl: [`${attr} public float ${name};`], init: [`${name} = ${fl(value)}`] };
    case "int":
      return { decl: [`${attr} public int ${name};`], init: [`${name} = ${Math.trunc(value)}`] };
    case "bool":
      return { decl: [`${attr} public bool ${name};`], init: [`${name} = ${value ? "true" : "false"}`] };
    case "enum":
      return { decl: [`${attr} public ${name} ${name};`], init: [`${name} = ${enumValue(field, value)}`] };
    case "point":
      if (field === "leader_target" || field === "leader_heading") {
        return {
          decl: [`${attr} public bool Has${name};`, `public Vector2 ${name};`],
          init: [`Has${name} = ${value ? "true" : "false"}`, `${name} = ${vec2(value ?? [0, 0])}`],
        };
      }
      return { decl: [`${attr} public Vector2 ${name};`], init: [`${name} = ${vec2(value)}`] };
    case "rect":
      return {
        decl: [`${attr} public bool Has${name};`, `public Vector4 ${name};`],
        init: [`Has${name} = ${value ? "true" : "false"}`, `${name} = ${vec4(value ?? [0, 0, 0, 0])}`],
      };
    default:
      return { decl: [`${attr} public Vector2[] ${name};`], init: [`${name} = new Vector2[] { ${value.map(vec2).join(", ")} }`] };
  }
}

/** Each behaviour's class with its fields written in (the template's `//@fields` line). */
function behaviourClasses(m, tpl, w, kinds) {
  return kinds.map((kind) => {
    const k = m.behaviours.findIndex((b) => b.type === kind);
    const decls = [];
    for (const [field, value] of Object.entries(m.behaviours[k])) {
      if (field !== "type") decls.push(...behaviourField(w, m, k, field, value).decl.map((d) => `    ${d}`));
    }
    return tpl.behaviours[kind].replace(/^\/\/@fields$/m, decls.join("\n") + "\n");
  });
}

export function writeUnity(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const cls = `Steerlab${camel(m.name)}`;
  const ns = `Steerlab.Scenarios.${camel(m.name)}`;
  const field = (name, attrs, type, value) => `    ${attrs} public ${type} ${name} = ${value};`;
  const top = (path, f, type) => attributes(w, m, path, f, type);
  const out = [];
  out.push(comment(header(m, w, { usage: w("code.usage.unity", { class: cls }), units: w("code.head.unity_units"), msun: true, determinism: w("code.head.determinism.unity") }), "//"));
  out.push(USING);
  // Everything in a namespace of its own: several exported scripts live in one Unity project.
  out.push(`namespace ${ns}\n{`);
  const body = out.length;
  out.push(`[AddComponentMenu(${str(`Steerlab/${m.name}`)})]`);
  out.push(`public class ${cls} : MonoBehaviour\n{`);
  out.push(`    // ${w("code.head.params")}`);
  out.push(`    [Header(${str(w("code.section.world"))})]`);
  out.push(field("Width", top("world.width", "width", "float").replace("[Min(0f)]", "[Min(1f)]"), "float", fl(m.world.width)));
  out.push(field("Height", top("world.height", "height", "float").replace("[Min(0f)]", "[Min(1f)]"), "float", fl(m.world.height)));
  out.push(field("Edges", top("world.edges", "edges", "enum"), "Edges", enumValue("edges", m.world.edges)));
  out.push(field("Margin", top("world.margin", "margin", "float"), "float", fl(m.world.margin)));
  out.push(field("Neighbours", top("neighbours", "neighbours", "enum"), "Neighbours", enumValue("neighbours", m.neighbours)));
  out.push(`    [Header(${str(w("code.section.motion"))})]`);
  out.push(field("MaxSpeed", top("motion.max_speed", "max_speed", "float"), "float", fl(m.motion.max_speed)));
  out.push(field("MaxForce", top("motion.max_force", "max_force", "float"), "float", fl(m.motion.max_force)));
  out.push(field("MinSpeed", top("motion.min_speed", "min_speed", "float"), "float", fl(m.motion.min_speed)));
  out.push(`    [Header(${str(w("code.section.agents"))})]`);
  const count = m.spawn ? m.spawn.count : m.agents.length;
  out.push(field("Count", top("agents.count", "count", "int"), "int", String(count)));
  const seed = BigInt(m.seed);
  out.push(field("Seed", `[Tooltip(${str(w("code.tip.seed"))})]`, "long", seed < 2n ** 63n ? String(seed) : `unchecked((long)${seed}UL)`));
  out.push(field("SpawnArea", `[Tooltip(${str(w("code.tip.spawn_area"))})]`, "Vector4", vec4(m.spawn?.area ?? [0, 0, 0, 0])));
  out.push(field("SpawnSpeed", `[Tooltip(${str(w("code.tip.spawn_speed"))})]`, "float", m.spawn?.speed === null || m.spawn?.speed === undefined ? "-1f" : fl(m.spawn.speed)));
  const names = [];
  const seen = {};
  if (m.behaviours.length) out.push(`    [Header(${str(w("code.section.behaviours"))})]`);
  m.behaviours.forEach((b, k) => {
    seen[b.type] = (seen[b.type] ?? 0) + 1;
    const name = `${camel(b.type)}${seen[b.type] > 1 ? seen[b.type] : ""}`;
    names.push(name);
    const inits = Object.entries(b)
      .filter(([f]) => f !== "type")
      .flatMap(([f, v]) => behaviourField(w, m, k, f, v).init);
    const one = `    public ${camel(b.type)} ${name} = new ${camel(b.type)} { ${inits.join(", ")} };`;
    if (one.length <= 100) out.push(one);
    else out.push(`    public ${camel(b.type)} ${name} = new ${camel(b.type)}\n    {\n${inits.map((f) => `        ${f},`).join("\n")}\n    };`);
  });
  out.push(`    // ${w("code.head.scene")}`);
  out.push(`    [Header(${str(w("code.section.scene"))})]`);
  out.push(field("Obstacles", `[Tooltip(${str(w("code.tip.obstacles"))})]`, "Obstacle[]", list(m.obstacles.map((o) => `new Obstacle(${vec2(o.center)}, ${fl(o.radius)})`))));
  out.push(field("Food", `[Tooltip(${str(w("code.tip.food"))})]`, "Vector2[]", list(m.food.map(vec2))));
  out.push(field("Path", `[Tooltip(${str(w("code.tip.path"))})]`, "Vector2[]", list(m.path.waypoints.map(vec2))));
  out.push(field("PathMode", `[Tooltip(${str(w("code.tip.path_mode"))})]`, "PathMode", enumValue("path_mode", m.path.mode)));
  out.push(`    [Header(${str(w("code.section.drawing"))})]`);
  out.push(field("WorldScale", `[Tooltip(${str(w("code.tip.world_scale"))})] [Min(0f)]`, "float", "0.01f"));
  out.push(field("Plane", `[Tooltip(${str(w("code.tip.plane"))})]`, "DrawPlane", "DrawPlane.XY"));
  out.push(field("Interpolate", `[Tooltip(${str(w("code.tip.interpolate"))})]`, "bool", "true"));
  out.push(field("AgentSize", `[Tooltip(${str(w("code.tip.agent_size"))})] [Min(0f)]`, "float", fl(m.agentSize ?? 7)));
  out.push(field("LineWidth", `[Tooltip(${str(w("code.tip.line_width"))})] [Min(0f)]`, "float", "1.5f"));
  out.push(`    [Tooltip(${str(w("code.tip.material"))})] public Material Material;`);
  const colours = { AgentColour: [0.18, 0.23, 0.34], SpecialColour: [0.75, 0.22, 0.17], ObstacleColour: [0.54, 0.56, 0.6], FoodColour: [0.23, 0.61, 0.29], PathColour: [0.71, 0.54, 0.18], MarkColour: [0.48, 0.36, 0.78] };
  for (const [name, [r, g, b]] of Object.entries(colours)) out.push(field(name, `[Tooltip(${str(w("code.tip.colour"))})]`, "Color", `new Color(${fl(r)}, ${fl(g)}, ${fl(b)})`));
  if (m.agents) {
    out.push(`\n    // ${w("code.head.agents", { step: m.steps })}`);
    out.push(`    static readonly float[] Agents =\n    {\n${m.agents.map((a) => `        ${a.map(fl).join(", ")},`).join("\n")}\n    };`);
  }
  out.push("");
  out.push("    //en The simulation with these settings, without drawing: MakeWorld(), then Step(); .agents.");
  out.push("    //es La simulación con estos ajustes, sin dibujar: MakeWorld() y luego Step(); .agents.");
  out.push("    public World MakeWorld()\n    {");
  const rng = m.start ? `${BigInt(m.start.rng)}UL` : "unchecked((ulong)Seed)";
  out.push(`        var w = new World(unchecked((ulong)Seed), ${rng});`);
  out.push("        Configure(w);");
  out.push("        w.maxSpeed = MaxSpeed;\n        w.maxForce = MaxForce;\n        w.minSpeed = MinSpeed;\n        w.spawnArea = SpawnArea;\n        w.spawnSpeed = SpawnSpeed;");
  if (m.spawn) out.push("        w.Spawn(Count);");
  else {
    out.push(`        w.Place(Agents, ${m.start ? "true" : "false"});`);
    if (m.start) out.push(`        w.steps = ${m.start.steps};\n        w.time = ${m.start.time};`);
    out.push("        if (Count != w.agents.Length) w.SetCount(Count);");
  }
  out.push(`        w.Start(new SteeringBehaviour[] { ${names.join(", ")} });`);
  out.push("        return w;\n    }\n");
  out.push("    void Prepare() { }\n");
  out.push("    //en The world's size and edges and the scene into the simulation.");
  out.push("    //es El tamaño y los bordes del mundo y la escena, a la simulación.");
  out.push("    void Configure(World w)\n    {");
  out.push("        w.width = Width;\n        w.height = Height;\n        w.edges = Edges;\n        w.margin = Margin;\n        w.neighbours = Neighbours;");
  out.push("        w.obstacles.Clear();\n        w.obstacles.AddRange(Obstacles);\n        w.food.Clear();\n        w.food.AddRange(Food);");
  out.push("        w.path.Clear();\n        w.path.AddRange(Path);\n        w.pathMode = PathMode;\n    }\n");
  out.push(fillWords(eng.unity, w).replace(/\n+$/, "") + "\n}\n");
  out.push(eng.vec, uses(m, tpl, "Crowd.") ? eng.separate : "", eng.rng, eng.grid, eng.world, eng.painter);
  out.push(...behaviourClasses(m, tpl, w, kinds));
  const inner = out.splice(body).join("\n").replace(/\n+$/, "");
  out.push(inner.split("\n").map((l) => (l ? `    ${l}` : l)).join("\n"), "}\n");
  return speak(out.join("\n"), w.lang);
}

// ------------------------------------------------------------------------------------------------
// The package

/** The package's name and its folder (UPM: reverse domain, lower case). */
export const UNITY_PACKAGE = "com.steerlab.steering";

/** A fixed GUID for a file or folder of the package, from its path: Unity finds a script by its
 *  .meta's GUID, so a GameObject keeps its components when a new export replaces the files. */
function guid(path) {
  let out = "";
  for (const seed of [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]) {
    let h = seed >>> 0;
    for (const c of `${UNITY_PACKAGE}/${path}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    out += h.toString(16).padStart(8, "0");
  }
  return out;
}

const IMPORTER = "  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n";
/** The .meta Unity needs next to every file and folder of a package it cannot write into (git, a
 *  tarball); the Samples~ folder has none (Unity copies it into Assets/ on Import). */
function meta(path, folder = false) {
  const head = `fileFormatVersion: 2\nguid: ${guid(path)}\n`;
  if (folder) return `${head}folderAsset: yes\nDefaultImporter:\n${IMPORTER}`;
  if (path.endsWith(".cs")) return `${head}MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n`;
  if (path.endsWith(".asmdef")) return `${head}AssemblyDefinitionImporter:\n${IMPORTER}`;
  if (path === "package.json") return `${head}PackageManifestImporter:\n${IMPORTER}`;
  return `${head}TextScriptImporter:\n${IMPORTER}`;
}

/** `SeekFood` → `Seek Food` (the Add Component menu's words). */
const spaced = (kind) => kind.split("_").map((p) => p[0].toUpperCase() + p.slice(1)).join(" ");

/** A behaviour's component file: its template with every parameter a field holding the core's
 *  default, and its place in the Add Component menu. */
function componentFile(w, tpl, kind) {
  const defaults = { ...tpl.defaults[kind], ...EXTRA[kind] };
  const m = { behaviours: [{ type: kind, ...defaults }], controls: [] };
  const decls = [];
  for (const [field, value] of Object.entries(defaults)) {
    const f = behaviourField(w, m, 0, field, value);
    f.decl.forEach((d, k) => decls.push(`    ${d.replace(/;$/, ` = ${f.init[k].slice(f.init[k].indexOf(" = ") + 3)};`)}`));
  }
  const cls = camel(kind);
  const text = tpl.behaviours[kind]
    .replace(/^\/\/@fields$/m, decls.join("\n") + "\n")
    .replace(new RegExp(`^\\[Serializable\\]\\npublic class ${cls} : SteeringBehaviour`, "m"), `[AddComponentMenu(${str(`Steerlab/${spaced(kind)}`)})]\npublic class ${cls} : SteeringBehaviour`);
  return text;
}

/** The fields the exporter adds to a scenario's behaviours (the pointer's work on the canvas, a
 *  moment's own state), with their values when absent. */
const EXTRA = {
  seek: { target: [0, 0] },
  arrive: { target: [0, 0] },
  flee: { target: [0, 0] },
  flow_field: { reseeds: 0 },
  queue: { respawn: null },
  follow_leader: { leader_target: null, leader_heading: null },
};

/** The package's behaviour base: a MonoBehaviour (one component per behaviour), which tells the
 *  SteerlabAgents beside it when it is added, enabled or disabled. */
function componentBase(world) {
  return world.replace(
    /\[Serializable\]\npublic abstract class SteeringBehaviour\n\{\n/,
    "public abstract class SteeringBehaviour : MonoBehaviour\n{\n" +
      "    //en Added, enabled or disabled: the SteerlabAgents on this GameObject takes the new list.\n" +
      "    //es Añadido, activado o desactivado: el SteerlabAgents de este GameObject toma la nueva lista.\n" +
      "    void OnEnable() { Changed(); }\n\n    void OnDisable() { Changed(); }\n\n" +
      "    void Changed()\n    {\n        var agents = GetComponent<SteerlabAgents>();\n        if (agents != null) agents.BehavioursChanged();\n    }\n\n",
  );
}

const PACKAGE_USING = "using System;\nusing System.Collections.Generic;\nusing System.Globalization;\nusing System.Reflection;\nusing System.Text;\nusing UnityEngine;\n";

/** One C# file of the package: the header, the usings, its types in namespace Steerlab. */
function csFile(head, body) {
  const inner = body.replace(/\n+$/, "").split("\n").map((l) => (l ? `    ${l}` : l)).join("\n");
  return `${head}\n${PACKAGE_USING}\nnamespace Steerlab\n{\n${inner}\n}\n`;
}

/** The Unity package: `{ path: text }`, under com.steerlab.steering/. */
export function unityPackage(m, tpl, w, version) {
  kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const pkg = sections(tpl.package);
  const scenario = camel(m.name);
  const head = comment([w("code.head.package", { name: UNITY_PACKAGE }), "SPDX-License-Identifier: MIT-0", w("code.head.licence"), w("code.head.determinism.unity")], "//");
  const headMsun = comment([w("code.head.package", { name: UNITY_PACKAGE }), "SPDX-License-Identifier: MIT-0 AND SunPro", w("code.head.licence"), w("code.head.licence_msun"), w("code.head.determinism.unity")], "//");
  const files = {};
  const put = (path, text) => (files[path] = speak(text, w.lang));
  put("Runtime/Engine.cs", csFile(headMsun, [eng.vec, eng.separate, eng.rng, eng.grid, componentBase(eng.world), eng.painter].join("\n")));
  put("Runtime/Json.cs", csFile(head, pkg.json));
  const kinds = Object.keys(tpl.behaviours);
  const table = kinds.map((k) => `        { ${str(k)}, typeof(${camel(k)}) },`).join("\n");
  put("Runtime/SteerlabAgents.cs", csFile(head, `${fillWords(pkg.agents, w).replace(/^\/\/@kinds$/m, table)}\n${fillWords(eng.unity, w).replace(/\n+$/, "")}\n}\n`));
  for (const k of kinds) put(`Runtime/Behaviours/${camel(k)}.cs`, csFile(head, componentFile(w, tpl, k)));
  files["Runtime/Steerlab.Steering.asmdef"] = `${JSON.stringify({ name: "Steerlab.Steering", rootNamespace: "Steerlab", references: [], includePlatforms: [], excludePlatforms: [], allowUnsafeCode: false, autoReferenced: true, noEngineReferences: false }, null, 2)}\n`;
  files["package.json"] = `${JSON.stringify(
    {
      name: UNITY_PACKAGE,
      version,
      displayName: "Steerlab Steering",
      description: w("code.package.description"),
      unity: "2021.2",
      license: "MIT-0",
      keywords: ["steering", "flocking", "boids", "ai"],
      author: { name: "steerlab" },
      samples: [{ displayName: m.name, description: w("code.package.sample", { name: m.name }), path: `Samples~/${scenario}` }],
    },
    null,
    2,
  )}\n`;
  files["README.md"] = readme(tpl, "unity", w.lang, { name: m.name, file: `${m.name}.json`, package: UNITY_PACKAGE });
  files["LICENSE.md"] = licence(tpl, w.lang);
  files[`Samples~/${scenario}/${m.name}.json`] = exportJson(m);
  // Every file and folder outside Samples~ has its .meta.
  const out = {};
  const folders = new Set();
  for (const [path, text] of Object.entries(files)) {
    out[`${UNITY_PACKAGE}/${path}`] = text;
    if (path.startsWith("Samples~/")) continue;
    out[`${UNITY_PACKAGE}/${path}.meta`] = meta(path);
    for (let d = path.lastIndexOf("/"); d > 0; d = path.lastIndexOf("/", d - 1)) folders.add(path.slice(0, d));
  }
  for (const d of folders) out[`${UNITY_PACKAGE}/${d}.meta`] = meta(d, true);
  return out;
}
