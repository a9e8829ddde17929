// What every export reads from a viewer's state() and the helpers the writers share: the model
// (parameters, spawn or moment, scene), the header in the reader's words, templates' sections and
// language lines, names, parameter sliders and field types. Part of the exporter (./export.js).
import { chain, t as say } from "../words.js";

// ------------------------------------------------------------------------------------------------
// Words

/** The exporter's words in `lang` (a BCP 47 tag: www/words.js falls back on its base and English
 *  key by key), with `{name}` holes filled by www/words.js's filler (numbers as the code writes
 *  them: a seed or a step as it is). */
export function wordsFor(lang) {
  const l = String(lang || "en");
  const w = (key, vars = {}) => say(key, l, Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])));
  w.lang = l;
  return w;
}

// ------------------------------------------------------------------------------------------------
// Reading the state

const DISPLAY_ONLY = new Set(["overlay"]);
// Behaviours whose own state (beyond the agents, the scene and the random numbers) an exported
// moment does not carry: from there on its run parts from the canvas's.
const OWN_STATE = new Set(["wander", "follow_leader", "queue", "path_waypoints", "path_tube", "pursuit", "evade"]);

/** What every target needs, read from `state()`. */
export function model(state) {
  const sc = state?.scenario;
  if (!sc || !Array.isArray(state.agents)) throw new Error("steerlab code: needs a viewer's state() (with its scenario and agents)");
  const world = { width: +sc.world.width, height: +sc.world.height, edges: sc.world.edges ?? "wrap", margin: +(sc.world.margin ?? 40) };
  const motion = { max_speed: +sc.motion.max_speed, max_force: +sc.motion.max_force, min_speed: +(sc.motion.min_speed ?? 0) };
  const steps = state.steps ?? 0;
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
  const spec = sc.agents;
  // At step 0 a spawned scenario is spawned from the seed (as Reset does); otherwise the agents
  // are written out: hand-placed ones, or a moment of the run.
  const spawn = steps === 0 && spec && !Array.isArray(spec) && spec.count !== undefined ? { count: spec.count, area: spec.area ?? null, speed: spec.speed ?? null } : null;
  const start = steps > 0 ? { steps, time: +state.time, rng: String(state.rng ?? state.seed ?? sc.seed ?? 0) } : null;
  const kinds = [...new Set(behaviours.map((b) => b.type))];
  const stopped = start && state.agents.some((a) => Math.hypot(a.velocity[0], a.velocity[1]) <= 1e-4);
  return {
    name: sc.name ?? "steerlab",
    title: sc.title,
    world,
    motion,
    seed: String(state.seed ?? sc.seed ?? 0),
    // JSON.parse rounds integers above 2^53: such a seed reached this page already rounded.
    bigSeed: typeof (state.seed ?? sc.seed) === "number" && !Number.isSafeInteger(state.seed ?? sc.seed),
    steps,
    neighbours: sc.neighbours ?? "grid",
    behaviours,
    kinds,
    spawn,
    agents: spawn ? null : state.agents.map((a) => [a.position[0], a.position[1], a.velocity[0], a.velocity[1]]),
    start,
    // What a moment does not carry (`code.state.<kind>` names it in the reader's words).
    restartKinds: start ? [...kinds.filter((k) => OWN_STATE.has(k)), ...(stopped ? ["stopped"] : [])] : [],
    obstacles: (state.obstacles ?? []).map((o) => ({ center: o.center, radius: o.radius })),
    food: state.food ?? [],
    path: { waypoints: state.waypoints ?? sc.path?.waypoints ?? [], mode: state.path_mode ?? sc.path?.mode ?? "loop" },
    controls: sc.controls ?? [],
    agentSize: +(sc.agent_size ?? 7),
  };
}

/** The header every program starts with, one line each (the writers add the comment marks):
 *  what was exported, the licence (MIT-0; the msun port's own notice where it is), where the numbers
 *  are the canvas's (`determinism`: a code.head.determinism.* text), the moment, the units, how
 *  to use it. */
export function header(m, w, { usage, units = w("code.head.units"), msun = false, agentsOnly = false, determinism = null }) {
  const lines = [w("code.head.exported", { name: m.name, step: m.steps, seed: m.seed }), `SPDX-License-Identifier: ${msun ? "MIT-0 AND SunPro" : "MIT-0"}`, w("code.head.licence")];
  if (msun) lines.push(w("code.head.licence_msun"));
  if (determinism) lines.push(determinism);
  if (m.bigSeed && !m.start) lines.push(w("code.head.big_seed"));
  if (m.start) {
    // (The steerlab-core export carries the agents only: its Sim starts its clock and random numbers.)
    lines.push(agentsOnly ? w("code.head.moment_agents", { step: m.steps }) : w("code.head.moment", { step: m.steps }));
    const what = m.restartKinds.map((k) => w(`code.state.${k}`));
    lines.push(what.length ? w("code.head.restarts", { what: what.join("; ") }) : w("code.head.exact"));
  } else if (m.spawn) lines.push(w("code.head.spawned"));
  lines.push(units, ...[].concat(usage));
  return lines;
}

/** Comment lines, wrapped at `width` characters. */
export function comment(lines, mark, width = 100) {
  const out = [];
  for (const line of lines) {
    let cur = "";
    for (const word of line.split(" ")) {
      if (cur && mark.length + 1 + cur.length + 1 + word.length > width) {
        out.push(`${mark} ${cur}`);
        cur = word;
      } else cur = cur ? `${cur} ${word}` : word;
    }
    out.push(cur ? `${mark} ${cur}` : mark);
  }
  return out.join("\n") + "\n";
}

// ------------------------------------------------------------------------------------------------
// Templates

/** Which of the templates' two comment languages (`en`, `es`) a reader of `tag` reads: the first
 *  of them in the page's language chain (www/words.js: `es-MX` → `es`; `fr` → `en`). */
const written = (tag) => chain(String(tag || "en")).find((t) => t === "en" || t === "es") ?? "en";

/** Keep the comment lines (`//en …`, `#en …`) in the reader's language, as plain comments. */
export function speak(text, tag, mark = "//") {
  // The templates' own comment lines are written in English and Spanish (`//en `, `//es `); a
  // reader of another language reads the English ones.
  const lang = written(tag);
  const other = lang === "es" ? "en" : "es";
  const m = mark.replace(/\//g, "\\/");
  return text
    .split("\n")
    .filter((l) => !new RegExp(`^\\s*${m}${other}( |$)`).test(l))
    .map((l) => l.replace(new RegExp(`^(\\s*)${m}${lang}( |$)`), `$1${mark}$2`))
    .join("\n");
}

/** `//@section name` parts of an engine template. */
export function sections(text, mark = "//") {
  const out = {};
  let name = "";
  for (const line of text.split("\n")) {
    const m = new RegExp(`^\\s*${mark.replace(/\//g, "\\/")}@section (\\w+)`).exec(line);
    if (m) name = m[1];
    else (out[name] ??= []).push(line);
  }
  for (const k in out) out[k] = out[k].join("\n").replace(/\n+$/, "") + "\n";
  return out;
}

/** Whether a behaviour's template calls a shared part of the engine's (e.g. `separate(`). */
export const uses = (m, tpl, call) => m.kinds.some((k) => tpl.behaviours[k].includes(call));

/** The kinds the program needs, each with its template (an error names the one not written). */
export function kindsOf(m, tpl, w) {
  for (const k of m.kinds) {
    const t = tpl.behaviours[k];
    if (!t || !t.trim() || tpl.pending.includes(k)) throw new Error(`steerlab code: ${w("code.pending", { target: tpl.target, kind: k })}`);
  }
  return m.kinds;
}

// ------------------------------------------------------------------------------------------------
// Names and parameters

export const snake = (s) => String(s).replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toLowerCase() || "steerlab";
export const camel = (s) => snake(s).split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");

/** The MonoBehaviour's class name in the one-file export: `SteerlabBandada` (the same whatever the
 *  step or the parameters: a new export replaces the old file, and the GameObject keeps its
 *  component). */
export const unityClass = (state) => `Steerlab${camel(state?.scenario?.name || "scene")}`;
/** Its namespace: `Steerlab.Scenarios.Bandada` (the package's own is `Steerlab`, with a class per behaviour: a scenario called "seek" cannot clash with it). */
export const unityNamespace = (state) => `Steerlab.Scenarios.${camel(state?.scenario?.name || "scene")}`;

/** The export document: what the packages read at run time (`<scenario>.json`), the canvas's
 *  parameters, scene and moment as data. The same for every target; numbers are the canvas's
 *  32-bit values written as the shortest decimal that reads back as them (through a 64-bit double,
 *  as every JSON reader does), 64-bit integers (the seed, the random state) as text. */
export function exportData(m) {
  const num = (v) => (typeof v === "number" && Number.isFinite(v) ? Number(f32Text(v)) : v);
  const deep = (v) => (Array.isArray(v) ? v.map(deep) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)])) : num(v));
  return {
    steerlab: 1,
    name: m.name,
    world: deep(m.world),
    motion: deep(m.motion),
    neighbours: m.neighbours,
    seed: m.seed,
    agent_size: num(m.agentSize),
    spawn: m.spawn ? { count: m.spawn.count, area: deep(m.spawn.area), speed: num(m.spawn.speed) } : null,
    start: m.start ? { steps: m.start.steps, time: m.start.time, rng: m.start.rng } : null,
    behaviours: m.behaviours.map((b) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, INT_FIELDS.has(k) ? Math.trunc(v) : deep(v)]))),
    scene: { obstacles: deep(m.obstacles), food: deep(m.food), path: deep(m.path) },
    agents: m.agents ? m.agents.map((a) => a.map(num)) : null,
  };
}

/** The export document as text: two-space JSON, each agent and each point on one line. */
export function exportJson(m) {
  const text = JSON.stringify(exportData(m), null, 2);
  // Short arrays of numbers (points, agents, rectangles) on one line.
  return `${text.replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (all, inner) => `[${inner.split(/,\s*/).join(", ")}]`)}\n`;
}

/** The scenario's slider for a parameter (`motion.max_speed`, or field `field` of behaviour `k`):
 *  `{ min, max, step }`, or null. Paths as `set()` takes them: `kind.field`, a bare field name,
 *  `behaviours[k].field`, `motion.x`, `world.x`, `agents.count`. */
export function sliderFor(m, path, k = null) {
  for (const c of m.controls) {
    if (c.kind && c.kind !== "slider") continue;
    if (!Number.isFinite(c.min) || !Number.isFinite(c.max)) continue;
    const p = String(c.param);
    let hit = p === path;
    if (!hit && k !== null) {
      const field = path.split(".").pop();
      const b = m.behaviours[k];
      hit = p === `behaviours[${k}].${field}` || p === `${b.type}.${field}` || p === field;
    }
    if (hit) return { min: c.min, max: c.max, step: c.step ?? null };
  }
  return null;
}

/** The tooltip key of a parameter: `code.tip.<field>`. */
export const tipKey = (field) => `code.tip.${field}`;

/** Fields that are whole numbers (agent indices, counts). */
export const INT_FIELDS = new Set(["quarry", "hunter", "leader", "reseeds"]);
/** Fields whose value is one of a few names, with those names (the templates' enums). */
export const ENUMS = {
  edges: ["wrap", "bounce", "steer_to_center"],
  neighbours: ["grid", "naive"],
  path_mode: ["one_shot", "loop", "ping_pong"],
  sep_form: ["flocking", "unity", "push"],
  variant: ["single", "v", "column", "squad", "dynamic", "prediction"],
};
/** Points that may be absent. */
export const OPTIONAL = new Set(["leader_target", "leader_heading", "respawn"]);

/** The kind of a behaviour field's value: "float", "int", "bool", "enum", "point", "points", "rect". */
export function fieldType(field, value) {
  if (INT_FIELDS.has(field)) return "int";
  if (Object.hasOwn(ENUMS, field)) return "enum";
  if (field === "respawn") return "rect";
  if (OPTIONAL.has(field)) return "point";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return "float";
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === "number") return "point";
  if (Array.isArray(value)) return "points";
  throw new Error(`steerlab code: cannot write ${field} = ${JSON.stringify(value)}`);
}

/** A float literal: the 32-bit value's shortest text with a point (`90.0`, `0.6`, `1e-9`), or the
 *  language's words for infinities and NaN (`[inf, -inf, nan]`). */
export function floatLiteral(x, [inf, ninf, nan]) {
  const n = Number(x);
  if (!Number.isFinite(n)) return n > 0 ? inf : n < 0 ? ninf : nan;
  const t = f32Text(n);
  return /[.e]/.test(t) ? t : `${t}.0`;
}

/** A number as the shortest decimal that reads back as the same 32-bit float. */
export function f32Text(x) {
  const n = Number(x);
  if (!Number.isFinite(n)) return String(n);
  const f = Math.fround(n);
  for (let p = 1; p <= 9; p++) {
    const s = String(Number(f.toPrecision(p)));
    if (Math.fround(Number(s)) === f) return s;
  }
  return String(f);
}

// ------------------------------------------------------------------------------------------------
// The packages' texts

/** A section of the packages' Markdown (templates' `readme`: `@section name`, lines `@en …` and
 *  `@es …` in the reader's language, the others as they are), `{name}` holes filled. */
export function markdown(tpl, section, lang, vars = {}) {
  const parts = {};
  let name = "";
  for (const line of String(tpl.readme ?? "").split("\n")) {
    const m = /^@section ([\w-]+)$/.exec(line);
    if (m) name = m[1];
    else (parts[name] ??= []).push(line);
  }
  const mine = written(lang);
  const text = (parts[section] ?? [])
    .filter((l) => !/^@(en|es)( |$)/.test(l) || l.startsWith(`@${mine}`))
    .map((l) => l.replace(/^@(en|es) ?/, ""))
    .join("\n")
    .replace(/\{(\w+)\}/g, (all, k) => (k in vars ? String(vars[k]) : all));
  return `${text.replace(/\n{3,}/g, "\n\n").trim()}\n`;
}

/** The packages' LICENCE file: what is MIT-0, what keeps Sun's notice and why. */
export const licence = (tpl, lang) => markdown(tpl, "licence", lang);

/** The packages' README: the target's section, then what is deterministic where. */
export const readme = (tpl, target, lang, vars) => `${markdown(tpl, target, lang, vars)}\n${markdown(tpl, "determinism", lang, vars)}`;
