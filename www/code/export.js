// steerlab's code exporter: a self-contained program (JavaScript, Rust with glam, or a Unity C#
// script) from a viewer's state() — the scenario's current parameters and agents — and the
// templates of that target, templates/<key>.json (generated from the core's template files,
// feature `code`), fetched when the target is first asked for. Loaded on first use by
// `v.code(target)`; never with the page.

/** The targets and their files. */
export const TARGETS = {
  js: { ext: "js", mime: "text/javascript" },
  rust: { ext: "rs", mime: "text/x-rust" },
  unity: { ext: "cs", mime: "text/x-csharp" },
};
const ALIASES = { javascript: "js", rs: "rust", cs: "unity", csharp: "unity", "c#": "unity" };
const TEMPLATE_KEY = { js: "js", rust: "rs", unity: "cs" };

const loading = new Map();
/** One target's templates (`templates/<key>.json` next to this module), fetched once, when that
 *  target is first asked for. */
export function templates(target) {
  const key = TEMPLATE_KEY[targetOf(target)];
  if (!loading.has(key)) {
    const file = `templates/${key}.json`;
    const p = fetch(new URL(`./${file}`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`steerlab code: ${file}: HTTP ${r.status}`);
      return r.json();
    });
    // A failed fetch is tried again next time.
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return loading.get(key);
}

/** The program for `target` ("js" | "rust" | "unity") from `state` (a viewer's `state()`). */
export async function code(state, target, { lang = "en" } = {}) {
  return write(state, target, await templates(target), lang);
}

export function targetOf(target) {
  const t = ALIASES[String(target).toLowerCase()] ?? String(target).toLowerCase();
  if (!TARGETS[t]) throw new Error(`steerlab code: target must be "unity", "js" or "rust", got ${JSON.stringify(target)}`);
  return t;
}

/** A file name for the program: `flock.js`, `flock.rs`, `Flock.cs`. */
export function fileName(state, target) {
  const t = targetOf(target);
  const name = state?.scenario?.name || "steerlab";
  return t === "unity" ? `Steerlab${camel(name)}.cs` : `${snake(name)}.${TARGETS[t].ext}`;
}

// ------------------------------------------------------------------------------------------------
// Reading the state

const WORDS = {
  en: {
    exported: (name, step, seed) => `"${name}" exported from steerlab at step ${step} (seed ${seed}).`,
    midRun:
      "Exported mid-run: behaviours' own state (wander angles, path progress) and the random numbers start afresh.",
    params: "Parameters: the values on the canvas when it was exported.",
    agents: "The agents when it was exported: x, y, vx, vy.",
    scene: "Obstacles, food and the path.",
    usage: "Usage: const w = makeWorld(); w.step(); w.agents  (one fixed step of 1/60 s per step())",
    rsUsage: "Usage: World::new(), then world.step() (one fixed step of 1/60 s); world.agents. Needs glam = \"0.34\".",
    csUsage: "Unity: add it to a GameObject; one fixed step of 1/60 s per FixedUpdate (set Time.fixedDeltaTime = 1/60). The agents move on the XY plane.",
    pending: (kind, t) => `The ${t} code of "${kind}" is not written yet.`,
    bigSeed: "The seed is above 2^53 and JavaScript rounded it: random numbers differ from the canvas's.",
  },
  es: {
    exported: (name, step, seed) => `"${name}" exportado de steerlab en el paso ${step} (semilla ${seed}).`,
    midRun:
      "Exportado a mitad de ejecución: el estado propio de los comportamientos (ángulos de wander, avance por el camino) y los números aleatorios empiezan de nuevo.",
    params: "Parámetros: los valores del lienzo al exportar.",
    agents: "Los agentes al exportar: x, y, vx, vy.",
    scene: "Obstáculos, comida y camino.",
    usage: "Uso: const w = makeWorld(); w.step(); w.agents  (un paso fijo de 1/60 s por step())",
    rsUsage: "Uso: World::new() y luego world.step() (un paso fijo de 1/60 s); world.agents. Necesita glam = \"0.34\".",
    csUsage: "Unity: añádelo a un GameObject; un paso fijo de 1/60 s por FixedUpdate (pon Time.fixedDeltaTime = 1/60). Los agentes se mueven en el plano XY.",
    pending: (kind, t) => `El código ${t} de "${kind}" aún no está escrito.`,
    bigSeed: "La semilla pasa de 2^53 y JavaScript la redondeó: los números aleatorios no son los del lienzo.",
  },
};

const DISPLAY_ONLY = new Set(["overlay"]);

/** What every target needs, read from `state()`. */
function model(state) {
  const sc = state?.scenario;
  if (!sc || !Array.isArray(state.agents)) throw new Error("steerlab code: needs a viewer's state() (with its scenario and agents)");
  const world = { width: +sc.world.width, height: +sc.world.height, edges: sc.world.edges ?? "wrap", margin: +(sc.world.margin ?? 40) };
  const motion = { max_speed: +sc.motion.max_speed, max_force: +sc.motion.max_force, min_speed: +(sc.motion.min_speed ?? 0) };
  const steps = state.steps ?? 0;
  const spawned = !Array.isArray(sc.agents) && sc.agents?.count;
  const centre = [world.width / 2, world.height / 2];
  const behaviours = (sc.behaviours ?? []).map((b) => {
    // type and weight first, then the rest.
    const out = { type: b.type, weight: b.weight };
    for (const [k, v] of Object.entries(b)) if (!DISPLAY_ONLY.has(k) && !(k in out)) out[k] = v;
    // Seek's and arrive's target, flee's threat: where the pointer put them.
    if (b.type === "seek" || b.type === "arrive") out.target = state.target ?? b.target ?? centre;
    if (b.type === "flee") out.target = state.threat ?? b.target ?? centre;
    if (b.type === "flow_field") out.reseeds = state.field?.reseeds ?? 0;
    if (b.type === "queue") out.respawn = b.respawn ?? null;
    if (b.type === "follow_leader") {
      out.leader_target = state.leader?.target ?? null;
      out.leader_heading = state.leader?.heading ?? null;
    }
    return out;
  });
  return {
    name: sc.name ?? "steerlab",
    title: sc.title,
    world,
    motion,
    seed: String(state.seed ?? sc.seed ?? 0),
    steps,
    // Spawning drew three random numbers per agent: skip them so that the rest match.
    rngSkip: steps === 0 && spawned ? 3 * sc.agents.count : 0,
    neighbours: sc.neighbours ?? "grid",
    behaviours,
    agents: state.agents.map((a) => [a.position[0], a.position[1], a.velocity[0], a.velocity[1]]),
    obstacles: (state.obstacles ?? []).map((o) => ({ center: o.center, radius: o.radius })),
    food: state.food ?? [],
    path: { waypoints: state.waypoints ?? sc.path?.waypoints ?? [], mode: state.path_mode ?? sc.path?.mode ?? "loop" },
  };
}

// ------------------------------------------------------------------------------------------------
// Templates

/** Keep `//en` or `//es` comment lines in the reader's language (as plain `//` comments). */
function speak(text, lang) {
  const other = lang === "es" ? "en" : "es";
  return text
    .split("\n")
    .filter((l) => !new RegExp(`^\\s*//${other}( |$)`).test(l))
    .map((l) => l.replace(new RegExp(`^(\\s*)//${lang === "es" ? "es" : "en"}( |$)`), "$1//$2"))
    .join("\n");
}

/** `//@section name` parts of an engine template. */
function sections(text) {
  const out = {};
  let name = "";
  for (const line of text.split("\n")) {
    const m = /^\s*\/\/@section (\w+)/.exec(line);
    if (m) name = m[1];
    else (out[name] ??= []).push(line);
  }
  for (const k in out) out[k] = out[k].join("\n").replace(/\n+$/, "") + "\n";
  return out;
}

/** Whether a behaviour's template calls a shared part of the engine's (e.g. `separate(`). */
const uses = (kinds, tpl, call) => kinds.some((k) => tpl.behaviours[k].includes(call));

function kindsOf(m, tpl, w) {
  const kinds = [...new Set(m.behaviours.map((b) => b.type))];
  for (const k of kinds) {
    const t = tpl.behaviours[k];
    if (!t || !t.trim() || tpl.pending.includes(k)) throw new Error(`steerlab code: ${w.pending(k, tpl.target)}`);
  }
  return kinds;
}

// ------------------------------------------------------------------------------------------------
// Literals

const num = (x) => {
  const n = Number(x);
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : n < 0 ? "-Infinity" : "NaN";
  return String(n);
};
function jsLit(v) {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") return num(v);
  if (typeof v === "string" || typeof v === "boolean") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(jsLit).join(", ")}]`;
  return `{ ${Object.entries(v)
    .map(([k, x]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : JSON.stringify(k)}: ${jsLit(x)}`)
    .join(", ")} }`;
}

const snake = (s) => String(s).replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toLowerCase() || "steerlab";
const camel = (s) => snake(s).split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");

function header(m, w, comment, usage) {
  const lines = [w.exported(m.name, m.steps, m.seed)];
  if (m.steps > 0) lines.push(w.midRun);
  if (!/^\d+$/.test(m.seed) || BigInt(m.seed) > BigInt(Number.MAX_SAFE_INTEGER)) lines.push(w.bigSeed);
  lines.push(usage);
  return lines.map((l) => `${comment} ${l}`).join("\n") + "\n";
}

// ------------------------------------------------------------------------------------------------
// The writers

export function write(state, target, tpl, lang = "en") {
  const t = targetOf(target);
  const l = lang === "es" ? "es" : "en";
  const m = model(state);
  const w = WORDS[l];
  const text = t === "js" ? writeJs(m, tpl, w) : t === "rust" ? writeRust(m, tpl, w) : writeUnity(m, tpl, w);
  return speak(text, l).replace(/\n{3,}/g, "\n\n");
}

function writeJs(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const out = [];
  out.push(header(m, w, "//", w.usage));
  out.push(`// ${w.params}`);
  out.push("const DT = 1 / 60;");
  out.push(`const WORLD = ${jsLit(m.world)};`);
  out.push(`const MOTION = ${jsLit(m.motion)};`);
  out.push(`const SEED = ${m.seed}n;`);
  out.push(`const RNG_SKIP = ${m.rngSkip};`);
  out.push(`const NEIGHBOURS = ${JSON.stringify(m.neighbours)};`);
  out.push("const BEHAVIOURS = [");
  for (const b of m.behaviours) {
    const one = `  ${jsLit(b)},`;
    if (one.length <= 100) out.push(one);
    else out.push(`  {\n${Object.entries(b).map(([k, v]) => `    ${k}: ${jsLit(v)},`).join("\n")}\n  },`);
  }
  out.push("];");
  out.push(`// ${w.agents}`);
  out.push("const AGENTS = [");
  for (const a of m.agents) out.push(`  ${jsLit(a)},`);
  out.push("];");
  out.push(`// ${w.scene}`);
  out.push("const SCENE = () => ({");
  out.push(`  obstacles: ${jsLit(m.obstacles)},`);
  out.push(`  food: ${jsLit(m.food)},`);
  out.push(`  path: ${jsLit(m.path)},`);
  out.push("});");
  out.push("");
  out.push(eng.vec, uses(kinds, tpl, "separate(") ? eng.separate : "", eng.rng, eng.grid, eng.scan);
  for (const k of kinds) out.push(tpl.behaviours[k]);
  out.push(`const KINDS = { ${kinds.join(", ")} };\n`);
  out.push(eng.world, "export default makeWorld;\n", eng.draw);
  return out.join("\n");
}

// Fields that are whole numbers (agent indices, counts) in Rust and C#.
const INT_FIELDS = new Set(["quarry", "hunter", "leader", "reseeds"]);
// Points that may be absent (Option<Vec2> in Rust, Vector2? in C#).
const OPTIONAL_POINTS = new Set(["leader_target", "leader_heading"]);
const ENUM = (s) => camel(s);

function rsFloat(x) {
  const n = Number(x);
  if (!Number.isFinite(n)) return n > 0 ? "f32::INFINITY" : n < 0 ? "f32::NEG_INFINITY" : "f32::NAN";
  const t = String(n);
  return /[.e]/.test(t) ? t : `${t}.0`;
}
const rsVec = (p) => `vec2(${rsFloat(p[0])}, ${rsFloat(p[1])})`;
function rsField(k, v) {
  if (OPTIONAL_POINTS.has(k)) return v ? `Some(${rsVec(v)})` : "None";
  if (k === "respawn") return v ? `Some([${v.map(rsFloat).join(", ")}])` : "None";
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") return INT_FIELDS.has(k) ? String(Math.trunc(v)) : rsFloat(v);
  if (Array.isArray(v) && v.length && Array.isArray(v[0])) return `vec![${v.map(rsVec).join(", ")}]`;
  if (Array.isArray(v) && v.length === 2) return rsVec(v);
  throw new Error(`steerlab code: cannot write ${k} = ${JSON.stringify(v)} in Rust`);
}

function writeRust(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const out = [];
  out.push(header(m, w, "//", w.rsUsage));
  out.push("use glam::{vec2, Vec2};\nuse std::cell::Cell;\nuse std::f32::consts::{PI, TAU};\n");
  out.push(`// ${w.params}`);
  out.push("pub const DT: f32 = 1.0 / 60.0;");
  out.push(`pub const WIDTH: f32 = ${rsFloat(m.world.width)};`);
  out.push(`pub const HEIGHT: f32 = ${rsFloat(m.world.height)};`);
  out.push(`pub const EDGES: Edges = Edges::${ENUM(m.world.edges)};`);
  out.push(`pub const MARGIN: f32 = ${rsFloat(m.world.margin)};`);
  out.push(`pub const MAX_SPEED: f32 = ${rsFloat(m.motion.max_speed)};`);
  out.push(`pub const MAX_FORCE: f32 = ${rsFloat(m.motion.max_force)};`);
  out.push(`pub const MIN_SPEED: f32 = ${rsFloat(m.motion.min_speed)};`);
  out.push(`pub const SEED: u64 = ${m.seed};`);
  out.push(`pub const RNG_SKIP: usize = ${m.rngSkip};`);
  out.push(`pub const NEIGHBOURS_GRID: bool = ${m.neighbours === "grid"};\n`);
  out.push("pub fn behaviours() -> Vec<Box<dyn Behaviour>> {\n    vec![");
  for (const b of m.behaviours) {
    const fields = Object.entries(b)
      .filter(([k]) => k !== "type")
      .map(([k, v]) => `${k}: ${rsField(k, v)}`);
    const one = `        Box::new(${camel(b.type)} { ${fields.join(", ")}, ..Default::default() }),`;
    if (one.length <= 100) out.push(one);
    else out.push(`        Box::new(${camel(b.type)} {\n${fields.map((f) => `            ${f},`).join("\n")}\n            ..Default::default()\n        }),`);
  }
  out.push("    ]\n}\n");
  out.push(`// ${w.agents}`);
  out.push("pub const AGENTS: &[[f32; 4]] = &[");
  for (const a of m.agents) out.push(`    [${a.map(rsFloat).join(", ")}],`);
  out.push("];\n");
  out.push(`// ${w.scene}`);
  out.push("pub fn scene() -> Scene {\n    Scene {");
  out.push(`        obstacles: vec![${m.obstacles.map((o) => `Obstacle { center: ${rsVec(o.center)}, radius: ${rsFloat(o.radius)} }`).join(", ")}],`);
  out.push(`        food: vec![${m.food.map(rsVec).join(", ")}],`);
  out.push(`        path: vec![${m.path.waypoints.map(rsVec).join(", ")}],`);
  out.push(`        path_mode: PathMode::${ENUM(m.path.mode)},`);
  out.push("    }\n}\n");
  out.push(eng.vec, uses(kinds, tpl, "separate(") ? eng.separate : "", eng.rng, eng.grid, eng.world);
  for (const k of kinds) out.push(tpl.behaviours[k]);
  out.push(eng.main);
  return out.join("\n");
}

function csFloat(x) {
  const n = Number(x);
  if (!Number.isFinite(n)) return n > 0 ? "float.PositiveInfinity" : n < 0 ? "float.NegativeInfinity" : "float.NaN";
  return `${n}f`;
}
const csVec = (p) => `new Vector2(${csFloat(p[0])}, ${csFloat(p[1])})`;
function csField(k, v) {
  if (OPTIONAL_POINTS.has(k)) return v ? csVec(v) : "null";
  if (k === "respawn") return v ? `new float[] { ${v.map(csFloat).join(", ")} }` : "null";
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean" || typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") return INT_FIELDS.has(k) ? String(Math.trunc(v)) : csFloat(v);
  if (Array.isArray(v) && (v.length === 0 || Array.isArray(v[0]))) return `new Vector2[] { ${v.map(csVec).join(", ")} }`;
  if (Array.isArray(v) && v.length === 2) return csVec(v);
  throw new Error(`steerlab code: cannot write ${k} = ${JSON.stringify(v)} in C#`);
}

/** The MonoBehaviour's class name: `SteerlabFlock`. */
export const unityClass = (state) => `Steerlab${camel(state?.scenario?.name || "scene")}`;
/** Its namespace: `Steerlab.FlockScene`. */
export const unityNamespace = (name) => `Steerlab.${camel(name || "scene")}Scene`;

function writeUnity(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const cls = `Steerlab${camel(m.name)}`;
  const names = [];
  const seen = {};
  for (const b of m.behaviours) {
    seen[b.type] = (seen[b.type] ?? 0) + 1;
    names.push(seen[b.type] > 1 ? `${b.type}_${seen[b.type]}` : b.type);
  }
  const out = [];
  out.push(header(m, w, "//", w.csUsage));
  out.push("using System;\nusing System.Collections.Generic;\nusing UnityEngine;\n");
  // Everything in a namespace of its own: several exported scripts live in one Unity project.
  out.push(`namespace ${unityNamespace(m.name)}\n{`);
  const body = out.length;
  out.push(`public class ${cls} : MonoBehaviour\n{`);
  out.push(`    // ${w.params}`);
  out.push('    [Header("World")]');
  out.push(`    public float width = ${csFloat(m.world.width)};`);
  out.push(`    public float height = ${csFloat(m.world.height)};`);
  out.push(`    public Edges edges = Edges.${ENUM(m.world.edges)};`);
  out.push(`    public float margin = ${csFloat(m.world.margin)};`);
  out.push(`    public bool neighbours_grid = ${m.neighbours === "grid"};`);
  out.push('    [Header("Motion")]');
  out.push(`    public float max_speed = ${csFloat(m.motion.max_speed)};`);
  out.push(`    public float max_force = ${csFloat(m.motion.max_force)};`);
  out.push(`    public float min_speed = ${csFloat(m.motion.min_speed)};`);
  out.push(`    public ulong seed = ${m.seed}UL;`);
  out.push(`    public int rng_skip = ${m.rngSkip};`);
  if (m.behaviours.length) out.push('    [Header("Behaviours")]');
  m.behaviours.forEach((b, k) => {
    const fields = Object.entries(b)
      .filter(([f]) => f !== "type")
      .map(([f, v]) => `${f} = ${csField(f, v)}`);
    const one = `    public ${camel(b.type)} ${names[k]} = new ${camel(b.type)} { ${fields.join(", ")} };`;
    if (one.length <= 100) out.push(one);
    else out.push(`    public ${camel(b.type)} ${names[k]} = new ${camel(b.type)}\n    {\n${fields.map((f) => `        ${f},`).join("\n")}\n    };`);
  });
  out.push(`    // ${w.agents}`);
  out.push('    [Header("Agents")]');
  out.push(`    public Vector2[] positions = {\n${m.agents.map((a) => `        ${csVec(a)},`).join("\n")}\n    };`);
  out.push(`    public Vector2[] velocities = {\n${m.agents.map((a) => `        ${csVec([a[2], a[3]])},`).join("\n")}\n    };`);
  out.push(`    // ${w.scene}`);
  out.push('    [Header("Scene")]');
  out.push(`    public Obstacle[] obstacles = { ${m.obstacles.map((o) => `new Obstacle(${csVec(o.center)}, ${csFloat(o.radius)})`).join(", ")} };`);
  out.push(`    public Vector2[] food = { ${m.food.map(csVec).join(", ")} };`);
  out.push(`    public Vector2[] path = { ${m.path.waypoints.map(csVec).join(", ")} };`);
  out.push(`    public PathMode path_mode = PathMode.${ENUM(m.path.mode)};\n`);
  out.push("    public World MakeWorld()\n    {");
  out.push("        var w = new World { width = width, height = height, edges = edges, margin = margin, min_speed = min_speed, neighboursGrid = neighbours_grid, seed = seed, rng = new Rng(seed), pathMode = path_mode };");
  out.push("        w.agents = new Agent[positions.Length];");
  out.push("        for (int i = 0; i < positions.Length; i++) w.agents[i] = new Agent(positions[i], velocities[i], max_speed, max_force);");
  out.push("        w.obstacles.AddRange(obstacles);\n        w.food.AddRange(food);\n        w.path.AddRange(path);");
  out.push("        for (int k = 0; k < rng_skip; k++) w.rng.Float();");
  out.push(`        w.behaviours.AddRange(new SteeringBehaviour[] { ${names.join(", ")} });`);
  out.push("        w.Start();\n        return w;\n    }\n");
  out.push(eng.unity + "}\n");
  out.push(eng.vec, uses(kinds, tpl, "Crowd.") ? eng.separate : "", eng.rng, eng.grid, eng.world);
  for (const k of kinds) out.push(tpl.behaviours[k]);
  const inner = out.splice(body).join("\n").replace(/\n+$/, "");
  out.push(inner.split("\n").map((l) => (l ? `    ${l}` : l)).join("\n"), "}\n");
  return out.join("\n");
}
