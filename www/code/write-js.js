// The JavaScript export (an ES module): PARAMS, the engine and the behaviours from the templates,
// makeWorld() / w.step() / w.agents, and drawLoop(canvas) for a page. Every number is rounded to
// 32 bits where the canvas's core rounds, so it runs the canvas's trajectory bit for bit.
import { comment, exportJson, header, kindsOf, licence, readme, sections, speak, snake, uses } from "./model.js";

/** A value as a JavaScript literal. */
function lit(v) {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : v > 0 ? "Infinity" : v < 0 ? "-Infinity" : "NaN";
  if (typeof v === "string" || typeof v === "boolean") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(lit).join(", ")}]`;
  return `{ ${Object.entries(v)
    .map(([k, x]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : JSON.stringify(k)}: ${lit(x)}`)
    .join(", ")} }`;
}

/** `key: value,` lines at `indent`, one per entry (long objects one field a line). */
function entry(indent, key, value) {
  const one = `${indent}${key}: ${lit(value)},`;
  if (one.length <= 100 || !value || typeof value !== "object" || Array.isArray(value)) return one;
  return `${indent}${key}: {\n${Object.entries(value)
    .map(([k, v]) => `${indent}  ${k}: ${lit(v)},`)
    .join("\n")}\n${indent}},`;
}

export function writeJs(m, tpl, w) {
  const kinds = kindsOf(m, tpl, w);
  const eng = sections(tpl.engine);
  const file = `${snake(m.name)}.js`;
  const out = [];
  out.push(comment(header(m, w, { usage: w("code.usage.js", { file }), msun: true, determinism: w("code.head.determinism.js") }), "//"));
  out.push(`// ${w("code.head.params")}`);
  out.push("export const PARAMS = {");
  out.push(entry("  ", "world", m.world));
  out.push(entry("  ", "motion", m.motion));
  out.push(`  neighbours: ${lit(m.neighbours)},`);
  out.push(`  seed: ${lit(m.seed)},`);
  out.push(`  spawn: ${lit(m.spawn)},`);
  out.push(`  start: ${lit(m.start)},`);
  out.push("  behaviours: [");
  for (const b of m.behaviours) {
    const one = `    ${lit(b)},`;
    if (one.length <= 100) out.push(one);
    else out.push(`    {\n${Object.entries(b).map(([k, v]) => `      ${k}: ${lit(v)},`).join("\n")}\n    },`);
  }
  out.push("  ],");
  out.push(`  // ${w("code.head.scene")}`);
  out.push("  scene: {");
  out.push(`    obstacles: ${lit(m.obstacles)},`);
  out.push(`    food: ${lit(m.food)},`);
  out.push(`    path: ${lit(m.path)},`);
  out.push("  },");
  if (m.agents) {
    out.push(`  // ${w("code.head.agents", { step: m.steps })}`);
    out.push("  agents: [");
    for (const a of m.agents) out.push(`    ${lit(a)},`);
    out.push("  ],");
  } else out.push("  agents: null,");
  out.push("};\n");
  // (The module's own parameters are the default world.)
  const world = eng.world.replace("export function makeWorld(params) {", "export function makeWorld(params = PARAMS) {");
  out.push(eng.vec, uses(m, tpl, "separate(") ? eng.separate : "", eng.rng, eng.grid, world);
  for (const k of kinds) out.push(tpl.behaviours[k]);
  out.push(`const KINDS = { ${kinds.join(", ")} };\n`);
  out.push("export default makeWorld;\n", eng.draw.replace("export function drawLoop(canvas, w) {", "export function drawLoop(canvas, w = makeWorld()) {"));
  return speak(out.join("\n"), w.lang);
}

/** The JavaScript package (`steerlab-js/`): the ES module for every behaviour with its types, the
 *  scenario as data, a page that draws it, the README and the licence. */
export function jsPackage(m, tpl, w, version) {
  const eng = sections(tpl.engine);
  const kinds = Object.keys(tpl.behaviours);
  const data = `${snake(m.name)}.json`;
  const head = comment([w("code.head.package", { name: "steerlab.js" }), "SPDX-License-Identifier: MIT-0 AND SunPro", w("code.head.licence"), w("code.head.licence_msun"), w("code.head.determinism.js"), w("code.usage.js_package", { file: data })], "//");
  const body = [eng.vec, eng.separate, eng.rng, eng.grid, eng.world, ...kinds.map((k) => tpl.behaviours[k]), `const KINDS = { ${kinds.join(", ")} };\n`, eng.draw];
  const dir = "steerlab-js";
  return {
    [`${dir}/steerlab.js`]: speak(`${head}\n${body.join("\n")}`, w.lang),
    [`${dir}/steerlab.d.ts`]: `${comment([w("code.head.package", { name: "steerlab.js" }), "SPDX-License-Identifier: MIT-0"], "//")}\n${sections(tpl.package).types}`,
    [`${dir}/${data}`]: exportJson(m),
    [`${dir}/index.html`]: `<!doctype html>\n<meta charset="utf-8">\n<title>${m.name}</title>\n<canvas width="${Math.round(m.world.width)}" height="${Math.round(m.world.height)}"></canvas>\n<script type="module">\n  import { makeWorld, drawLoop } from "./steerlab.js";\n  const params = await (await fetch("./${data}")).json();\n  const w = makeWorld(params);\n  const canvas = document.querySelector("canvas");\n  canvas.addEventListener("pointermove", (e) => (w.pointer = [e.offsetX * (w.width / canvas.clientWidth), e.offsetY * (w.height / canvas.clientHeight)]));\n  canvas.addEventListener("pointerleave", () => (w.pointer = null));\n  drawLoop(canvas, w);\n</script>\n`,
    [`${dir}/package.json`]: `${JSON.stringify({ name: "steerlab-steering", version, description: w("code.package.description"), type: "module", main: "./steerlab.js", types: "./steerlab.d.ts", exports: { ".": { types: "./steerlab.d.ts", default: "./steerlab.js" } }, license: "MIT-0", sideEffects: false }, null, 2)}\n`,
    [`${dir}/README.md`]: readme(tpl, "js", w.lang, { name: m.name, file: data }),
    [`${dir}/LICENSE.md`]: licence(tpl, w.lang),
  };
}
