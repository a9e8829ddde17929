// The Rust exports. "One file" (writeRust): the engine and the behaviours from the templates, on
// glam (vectors) and libm (cos, sin, remainder: the canvas's own), the parameters a struct you can
// change between steps; World::new() / step() / agents. "Depend on steerlab-core"
// (writeRustCrate): the scenario as JSON, run by the canvas's own simulation from the crate.
import { camel, comment, fieldType, floatLiteral, header, kindsOf, licence, readme, sections, snake, speak, uses } from "./model.js";

const rf = (x) => floatLiteral(x, ["f32::INFINITY", "f32::NEG_INFINITY", "f32::NAN"]);
const rvec = (p) => `vec2(${rf(p[0])}, ${rf(p[1])})`;

/** A behaviour field's value as Rust. */
function value(field, v) {
  switch (fieldType(field, v)) {
    case "float":
      return rf(v);
    case "int":
      return String(Math.trunc(v));
    case "bool":
      return String(v);
    case "enum":
      return `${camel(field)}::${camel(v)}`;
    case "point":
      return field === "leader_target" || field === "leader_heading" ? (v ? `Some(${rvec(v)})` : "None") : rvec(v);
    case "rect":
      return v ? `Some([${v.map(rf).join(", ")}])` : "None";
    default:
      return `vec![${v.map(rvec).join(", ")}]`;
  }
}

/** The field names of `pub struct name { … }` in a behaviour's template. */
function structFields(text, name) {
  const m = new RegExp(`pub struct ${name} \\{([^}]*)\\}`).exec(text);
  return m ? [...m[1].matchAll(/^\s*(?:pub )?(\w+):/gm)].map((x) => x[1]) : [];
}

/** Lines `name: value,` at `indent`, or one line if short. */
function structLit(name, fields, indent, tail = "") {
  const one = `${name} { ${fields.join(", ")}${tail ? `, ${tail}` : ""} }`;
  if (indent.length + one.length <= 96) return one;
  return `${name} {\n${fields.map((f) => `${indent}    ${f},`).join("\n")}${tail ? `\n${indent}    ${tail}` : ""}\n${indent}}`;
}

export function writeRust(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const out = [];
  out.push(comment(header(m, w, { usage: w("code.usage.rust"), determinism: w("code.head.determinism.rust") }), "//"));
  out.push(`// ${w("code.head.rust_helpers")}\n#![allow(dead_code)]\n`);
  out.push("use glam::{vec2, Vec2};\nuse std::f32::consts::{PI, TAU};\n");
  out.push(`// ${w("code.head.params")}`);
  out.push("#[derive(Clone, Debug)]\npub struct Params {");
  out.push("    pub width: f32,\n    pub height: f32,\n    pub edges: Edges,\n    pub margin: f32,\n    pub neighbours: Neighbours,");
  out.push("    pub max_speed: f32,\n    pub max_force: f32,\n    pub min_speed: f32,");
  out.push("    pub seed: u64,\n    pub count: usize,\n    pub spawn_area: Option<[f32; 4]>,\n    pub spawn_speed: Option<f32>,\n}\n");
  out.push("impl Default for Params {\n    fn default() -> Self {\n        Params {");
  out.push(`            width: ${rf(m.world.width)},\n            height: ${rf(m.world.height)},`);
  out.push(`            edges: Edges::${camel(m.world.edges)},\n            margin: ${rf(m.world.margin)},`);
  out.push(`            neighbours: Neighbours::${camel(m.neighbours)},`);
  out.push(`            max_speed: ${rf(m.motion.max_speed)},\n            max_force: ${rf(m.motion.max_force)},\n            min_speed: ${rf(m.motion.min_speed)},`);
  out.push(`            seed: ${BigInt(m.seed)},\n            count: ${m.spawn ? m.spawn.count : m.agents.length},`);
  out.push(`            spawn_area: ${m.spawn?.area ? `Some([${m.spawn.area.map(rf).join(", ")}])` : "None"},`);
  out.push(`            spawn_speed: ${m.spawn?.speed === null || m.spawn?.speed === undefined ? "None" : `Some(${rf(m.spawn.speed)})`},`);
  out.push("        }\n    }\n}\n");
  out.push("pub fn behaviours() -> Vec<Box<dyn Behaviour>> {\n    vec![");
  for (const b of m.behaviours) {
    const fields = Object.entries(b)
      .filter(([k]) => k !== "type")
      .map(([k, v]) => `${k}: ${value(k, v)}`);
    // (`..Default::default()` for the behaviour's own state, when it has some.)
    const own = structFields(tpl.behaviours[b.type], camel(b.type)).some((f) => !(f in b));
    out.push(`        Box::new(${structLit(camel(b.type), fields, "        ", own ? "..Default::default()" : "")}),`);
  }
  out.push("    ]\n}\n");
  out.push(`// ${w("code.head.scene")}`);
  out.push("pub fn scene() -> Scene {\n    Scene {");
  out.push(`        obstacles: vec![${m.obstacles.map((o) => `Obstacle { center: ${rvec(o.center)}, radius: ${rf(o.radius)} }`).join(", ")}],`);
  out.push(`        food: vec![${m.food.map(rvec).join(", ")}],`);
  out.push(`        path: vec![${m.path.waypoints.map(rvec).join(", ")}],`);
  out.push(`        path_mode: PathMode::${camel(m.path.mode)},`);
  out.push("    }\n}\n");
  if (m.agents) out.push(`// ${w("code.head.agents", { step: m.steps })}`);
  out.push("pub const AGENTS: &[[f32; 4]] = &[");
  for (const a of m.agents ?? []) out.push(`    [${a.map(rf).join(", ")}],`);
  out.push("];\n");
  out.push("pub fn start() -> Option<(Start, &'static [[f32; 4]])> {");
  out.push(m.start ? `    Some((Start { steps: ${m.start.steps}, time: ${m.start.time === Math.trunc(m.start.time) ? `${m.start.time}.0` : m.start.time}, rng: ${BigInt(m.start.rng)} }, AGENTS))` : "    None");
  out.push("}\n");
  out.push(eng.vec, uses(m, tpl, "separate(") ? eng.separate : "", eng.rng, eng.grid, eng.world);
  for (const k of kinds) out.push(tpl.behaviours[k]);
  out.push(eng.main);
  return speak(out.join("\n"), w.lang);
}

/** The scenario as `Sim::from_json` takes it: the canvas's parameters and scene; a moment's agents
 *  as hand-placed ones (then the sliders of the agent count go: a scenario with hand-placed agents
 *  has no `agents.count` to set). */
function scenarioOf(m, state) {
  const sc = structuredClone(state.scenario);
  // The schema's address is the repository's (scenarios/); the project has no copy of it.
  delete sc.$schema;
  sc.obstacles = m.obstacles;
  sc.food = m.food;
  if (sc.path) sc.path.waypoints = m.path.waypoints;
  if (!m.spawn) {
    sc.agents = m.agents.map(([x, y, vx, vy]) => ({ position: [x, y], velocity: [vx, vy] }));
    if (Array.isArray(sc.controls)) sc.controls = sc.controls.filter((c) => !String(c.param ?? "").startsWith("agents."));
  }
  // Where the pointer put seek's and arrive's target and flee's threat.
  sc.behaviours = (sc.behaviours ?? []).map((b, k) => (["seek", "arrive", "flee"].includes(b.type) ? { ...b, target: m.behaviours[k].target } : b));
  return sc;
}

/** The scenario's JSON text, its seed as its exact digits (above 2^53 a JavaScript number would
 *  round it). */
function scenarioText(m, state) {
  const sc = { ...scenarioOf(m, state), seed: "@seed@" };
  return JSON.stringify(sc, null, 2).replace('"@seed@"', String(BigInt(m.seed)));
}

/** steerlab-core as a dependency: by path (a copy of steerlab's repository) and version (what
 *  crates.io resolves once it is published there). */
export const CRATE_DEP = (version) => `steerlab-core = { version = "${version}", path = "../steerlab/crates/steerlab-core" }`;

export function writeRustCrate(m, tpl, w, state) {
  const m2 = m.start ? { ...m, restartKinds: [...m.restartKinds, "rng", "clock"] } : m;
  const dep = CRATE_DEP("0.1");
  const out = [];
  out.push(comment(header(m2, w, { usage: [w("code.usage.rust_crate"), w("code.usage.rust_crate_dep", { dep })], agentsOnly: true, determinism: w("code.head.determinism.rust") }), "//"));
  out.push("use steerlab_core::Sim;\n");
  out.push(`// ${w("code.head.params")}`);
  const json = scenarioText(m, state);
  const hashes = "#".repeat(Math.max(1, ...[...json.matchAll(/"(#+)/g)].map((x) => x[1].length + 1)));
  out.push(`pub const SCENARIO: &str = r${hashes}"${json}"${hashes};\n`);
  out.push(CRATE_MAIN);
  return out.join("\n");
}

const CRATE_MAIN =
  "pub fn world() -> Sim {\n    Sim::from_json(SCENARIO).unwrap_or_else(|e| panic!(\"the exported scenario: {e}\"))\n}\n\n" +
  "fn main() {\n    let mut sim = world();\n    for _ in 0..600 {\n        sim.step();\n    }\n" +
  "    for a in sim.agents().iter().take(5) {\n        println!(\"{:?} {:?}\", a.position, a.velocity);\n    }\n}\n";

/** The cargo project on steerlab-core: Cargo.toml (the crate by path and version), the scenario as
 *  a file and src/main.rs that reads it. */
export function rustCratePackage(m, tpl, w, version, state) {
  const name = snake(m.name).replace(/_/g, "-");
  const dir = `steerlab-${name}`;
  const file = `${snake(m.name)}.json`;
  const m2 = m.start ? { ...m, restartKinds: [...m.restartKinds, "rng", "clock"] } : m;
  const head = comment(header(m2, w, { usage: [w("code.usage.rust_crate_project", { file })], agentsOnly: true, determinism: w("code.head.determinism.rust") }), "//");
  const main =
    `${head}\nuse steerlab_core::Sim;\n\n// ${w("code.head.params")}\npub const SCENARIO: &str = include_str!("../${file}");\n\n${CRATE_MAIN}`;
  return {
    [`${dir}/Cargo.toml`]: `[package]\nname = "${dir}"\nversion = "0.1.0"\nedition = "2021"\nlicense = "MIT-0"\npublish = false\n\n[dependencies]\n# ${w("code.head.crate_dep")}\n${CRATE_DEP(version)}\n`,
    [`${dir}/src/main.rs`]: main,
    [`${dir}/${file}`]: `${scenarioText(m, state)}\n`,
    [`${dir}/README.md`]: readme(tpl, "rust-crate", w.lang, { name: m.name, file, version }),
    [`${dir}/LICENSE.md`]: licence(tpl, w.lang),
  };
}

/** The cargo project on glam and libm: Cargo.toml and the one-file export as src/main.rs. */
export function rustPackage(m, tpl, w, version) {
  const name = snake(m.name).replace(/_/g, "-");
  const dir = `steerlab-${name}`;
  return {
    [`${dir}/Cargo.toml`]: `[package]\nname = "${dir}"\nversion = "${version}"\nedition = "2021"\nlicense = "MIT-0"\npublish = false\n\n[dependencies]\nglam = "0.34"\nlibm = "0.2"\n`,
    [`${dir}/src/main.rs`]: writeRust(m, tpl, w),
    [`${dir}/README.md`]: readme(tpl, "rust", w.lang, { name: m.name }),
    [`${dir}/LICENSE.md`]: licence(tpl, w.lang),
  };
}
