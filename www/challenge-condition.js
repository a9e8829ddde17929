// The challenges' condition language (www/challenge.js checks them on a canvas): its form
// (`validate`, a bad condition refused naming its field), its tests (`tests`), and whether it holds
// (`why`: null, or why not in the reader's words). No DOM: tests/unit/challenge-condition.test.mjs
// runs it in Node. The language itself is described at the top of www/challenge.js.

import { fill } from "./words.js";

import { closest } from "./near-miss.js";

export { closest };
export const OPS = [">=", "<=", ">", "<", "=="];
const KEYS = new Set(["all", "any", "measure", "param", "for", "after", "within", ...OPS]);
/** Measures that are not in `state().metrics`: computed here from the state. */
export const DERIVED = new Set(["time", "agents"]);

/** A readable value for messages (JSON for anything but plain numbers). */
export function show(v) {
  return typeof v === "number" ? String(v) : JSON.stringify(v);
}

/** Check a condition's form; returns null or every mistake, one a line, each naming its field
 *  (`all[1].>=: must be a number, got "0.9"`). Which measures exist depends on the canvas:
 *  `attach` (and `npx steerlab validate`) check the names against it. */
export function validate(cond) {
  const out = mistakes(cond);
  return out.length ? out.join("\n") : null;
}

/** Every mistake of a condition's form, one a line (`path: reason`); [] when it is well formed. */
export function mistakes(cond) {
  const out = [];
  check(cond, "", true, (path, msg) => out.push(`${path || "the condition"}: ${msg}`));
  return out;
}

function check(c, path, top, fail) {
  if (!c || typeof c !== "object" || Array.isArray(c)) return fail(path, `must be an object such as {"measure": "polarisation", ">=": 0.9}, got ${show(c)}`);
  for (const k of Object.keys(c)) {
    if (!KEYS.has(k)) {
      const near = closest(k, [...KEYS]);
      fail(join(path, k), near ? `unknown field, did you mean "${near}"?` : `unknown field (expected one of "all", "any", "measure", "param", ${OPS.map((o) => `"${o}"`).join(", ")}, "for", "after", "within")`);
    }
  }
  for (const k of ["for", "after", "within"]) {
    if (!(k in c)) continue;
    if (!top) fail(join(path, k), "is allowed only at the top of the condition");
    else if (typeof c[k] !== "number" || !Number.isFinite(c[k]) || c[k] < 0) fail(join(path, k), `must be a number of seconds ≥ 0, got ${show(c[k])}`);
  }
  const kinds = ["all", "any", "measure", "param"].filter((k) => k in c);
  if (kinds.length !== 1) return fail(path, `needs exactly one of "all", "any", "measure" or "param", got ${kinds.length ? kinds.map((k) => `"${k}"`).join(" and ") : "none"}`);
  const kind = kinds[0];
  if (kind === "all" || kind === "any") {
    const list = c[kind];
    for (const k of OPS) if (k in c) fail(join(path, k), `a comparison belongs inside "${kind}"'s conditions`);
    if (!Array.isArray(list) || list.length === 0) return fail(join(path, kind), `must be a non-empty list of conditions, got ${show(list)}`);
    list.forEach((x, i) => check(x, `${join(path, kind)}[${i}]`, false, fail));
    return;
  }
  if (typeof c[kind] !== "string" || !c[kind].trim()) fail(join(path, kind), `must be a name such as "polarisation", got ${show(c[kind])}`);
  const ops = OPS.filter((o) => o in c);
  if (ops.length !== 1) return fail(path, `needs exactly one comparison (${OPS.join(" ")}), got ${ops.length || "none"}`);
  const v = c[ops[0]];
  if (typeof v !== "number" || !Number.isFinite(v)) fail(join(path, ops[0]), `must be a number, got ${show(v)}`);
}

export function join(path, k) {
  return path ? `${path}.${k}` : k;
}

/** Every measure/param test of a condition, with its field path. */
export function tests(c, path = "", out = []) {
  if (c.all || c.any) {
    const k = c.all ? "all" : "any";
    c[k].forEach((x, i) => tests(x, `${join(path, k)}[${i}]`, out));
  } else out.push([c, path]);
  return out;
}

/** Whether `x op target` holds. */
export function compare(x, op, target) {
  return op === ">=" ? x >= target : op === "<=" ? x <= target : op === ">" ? x > target : op === "<" ? x < target : x === target;
}

/** How the reader reads a comparison (`{op} ` in `page.challenge.needs`). */
export const OP_TEXT = { ">=": "≥ ", "<=": "≤ ", ">": "> ", "<": "< ", "==": "" };

/** null when `c` holds, else why not, in the reader's words. `read` gives a test's `value(c)`
 *  (a number, or anything else when there is none), its `name(c)` in prose, `num(x)` a number as
 *  the reader writes it, and `words`: the texts of `page.challenge.or`, `.no_value` and `.needs`
 *  (`{ or, noValue, needs }`). */
export function why(c, read) {
  if (c.all) {
    for (const x of c.all) {
      const w = why(x, read);
      if (w) return w;
    }
    return null;
  }
  if (c.any) {
    const ws = [];
    for (const x of c.any) {
      const w = why(x, read);
      if (!w) return null;
      ws.push(w);
    }
    return ws.join(` ${read.words.or} `);
  }
  const op = OPS.find((o) => o in c);
  const target = c[op];
  const x = read.value(c);
  const name = read.name(c);
  if (typeof x !== "number" || !Number.isFinite(x)) return fill(read.words.noValue, { measure: name });
  if (compare(x, op, target)) return null;
  // (`{op} `: the comparison's sign and its space, nothing for ==.)
  return fill(read.words.needs.replace("{op} ", "{op}"), { measure: name, value: read.num(x), op: OP_TEXT[op], target: read.num(target) });
}

/** Every mistake of a challenge at once, one a line, each naming its attribute and field
 *  (`data-challenge: all[0].measure: …`, `data-solution: alignment.wieght: …`): its condition's
 *  text, its solution's text (null without one) and, once its figure is known, that figure's
 *  `{ measures: [names], get(path) }` (`get` throws the message of a path it does not have), which
 *  the names are checked against. The page (www/challenge.js) and `npx steerlab validate` both
 *  read challenges through it. Returns `{ condition, solution, mistakes }`. */
export function challengeMistakes(conditionText, solutionText, figure = null) {
  const out = [];
  let condition = null;
  let solution = null;
  try {
    condition = JSON.parse(conditionText);
  } catch (err) {
    out.push(`data-challenge: not JSON (${err.message})`);
  }
  const form = condition === null ? [] : mistakes(condition);
  for (const m of form) out.push(`data-challenge: ${m}`);
  if (solutionText != null) {
    try {
      solution = JSON.parse(solutionText);
      if (!solution || typeof solution !== "object" || Array.isArray(solution)) {
        out.push(`data-solution: must be an object of parameters such as {"perception": 40}, got ${show(solution)}`);
        solution = null;
      }
    } catch (err) {
      out.push(`data-solution: not JSON (${err.message})`);
    }
  }
  if (figure) {
    const have = [...figure.measures, ...DERIVED];
    // (The names of the tests it could read, even when other fields have mistakes.)
    for (const [c, path] of condition && typeof condition == "object" ? readable(condition) : []) {
      if (typeof c.measure == "string" && !have.includes(c.measure)) {
        const near = closest(c.measure, have);
        out.push(`data-challenge: ${join(path, "measure")}: "${c.measure}" is not a measure of this figure${near ? `, did you mean "${near}"?` : ` (its measures: ${have.join(", ")})`}`);
      }
      if (typeof c.param == "string") {
        try {
          figure.get(c.param);
        } catch (err) {
          out.push(`data-challenge: ${join(path, "param")}: ${err.message ?? err}`);
        }
      }
    }
    for (const [p, value] of Object.entries(solution ?? {})) {
      try {
        figure.get(p);
      } catch (err) {
        out.push(`data-solution: ${err.message ?? err}`);
        continue;
      }
      if (typeof value !== "number" && typeof value !== "boolean" && typeof value !== "string") out.push(`data-solution: ${p}: give a number, a boolean or a string, got ${show(value)}`);
    }
  }
  return { condition, solution, mistakes: out };
}

/** The tests of a condition that may have mistakes: those of its well-formed lists. */
function readable(c, path = "", out = []) {
  const k = Array.isArray(c.all) ? "all" : Array.isArray(c.any) ? "any" : null;
  if (k) c[k].forEach((x, i) => x && typeof x == "object" && readable(x, `${join(path, k)}[${i}]`, out));
  else out.push([c, path]);
  return out;
}
