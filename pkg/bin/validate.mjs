// `steerlab validate <file or folder>…`: every scenario (.json) and every figure and challenge of
// the pages (.html, .md with the recipes' shortcodes) checked with the module itself, run in Node:
// all mistakes at once, each with its place (file:line: field: reason) and a near miss where there
// is one; and each challenge with a `data-solution` proved solvable by running that solution as
// the page does (the figure's scenario, data-set and data-seed, the solution's parameters, then
// from the first step: the same trajectory) and checking the condition at every step.
import fs from "node:fs";
import path from "node:path";
import { jsonLines, lineOf, readHtml, readMarkdown } from "./pages.mjs";

const here = (p) => new URL(p, import.meta.url);
/** A file of the package (beside bin/), or of steerlab's repository (pkg/bin/ → the root, dist/). */
export const packageFile = (...ps) => ps.map(here).find((u) => fs.existsSync(u));
const { challengeMistakes, closest, tests, why, DERIVED, OP_TEXT } = await import(packageFile("../www/challenge-condition.js", "../../www/challenge-condition.js").href);
const { nearMisses } = await import(packageFile("../www/near-miss.js", "../../www/near-miss.js").href);

/** The module, initialised from its bytes, with the built-in scenarios registered. */
export async function loadModule() {
  const glue = packageFile("../steerlab.js", "../../dist/steerlab.js");
  if (!glue) throw new UsageError("the module (steerlab.js) is not beside bin/: in steerlab's repository, run scripts/build.sh first");
  const m = await import(glue.href);
  await m.default({ module_or_path: fs.readFileSync(new URL("steerlab_bg.wasm", glue)) });
  const dir = packageFile("../scenarios/", "../../scenarios/");
  const builtins = [];
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "scenario.schema.json").sort()) {
    const name = f.slice(0, -5);
    try {
      m.registerScenario(name, fs.readFileSync(new URL(f, dir), "utf8"));
      builtins.push(name);
    } catch {
      /* not a built-in's file */
    }
  }
  return { m, builtins };
}

export class UsageError extends Error {}

// Built sites, dependencies, and templates (Hugo's layouts/, Eleventy's _includes/: their
// attributes are template expressions until a page is built).
const SKIP = new Set(["node_modules", ".git", "public", "_site", "resources", "dist", "dist-pkg", "target", "layouts", "_includes"]);
/** The files under `p` that validate reads, and whether each was named (a named .json is a
 *  scenario whatever it holds). A folder holding the package itself (its manifest.json) is skipped. */
function collect(p, named = true, out = []) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) throw new UsageError(`${p}: no such file or folder`);
  if (st.isDirectory()) {
    const manifest = path.join(p, "manifest.json");
    if (!named && fs.existsSync(manifest) && /"name":\s*"steerlab"/.test(fs.readFileSync(manifest, "utf8"))) return out;
    for (const e of fs.readdirSync(p).sort()) if (!SKIP.has(e) && !e.startsWith(".")) collect(path.join(p, e), false, out);
  } else if (/\.(json|html?|md|markdown)$/i.test(p)) out.push({ file: p, named });
  return out;
}

/** A JSON file a folder walk takes for a scenario: it names the scenario schema, or has a world or behaviours. */
function looksLikeScenario(text) {
  try {
    const v = JSON.parse(text);
    return !!v && typeof v == "object" && !Array.isArray(v) && (/scenario\.schema\.json$/.test(v.$schema ?? "") || "behaviours" in v || "world" in v);
  } catch {
    return /scenario\.schema\.json|"behaviours"|"world"/.test(text);
  }
}

/** The folder a page's site starts at (Hugo's config, Eleventy's, a package.json), else its own. */
function siteOf(file) {
  for (let d = path.dirname(path.resolve(file)); ; d = path.dirname(d)) {
    for (const f of ["hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "eleventy.config.js", "eleventy.config.mjs", ".eleventy.js", "package.json"]) {
      if (fs.existsSync(path.join(d, f))) return { root: d, hugo: f.startsWith("hugo") || f === "config.toml" };
    }
    if (path.dirname(d) === d) return { root: path.dirname(path.resolve(file)), hugo: false };
  }
}

/** The file a page's `src` (data-scenario-src, a shortcode's src) names, and where it looked. */
function resolveSrc(page, src) {
  const { root, hugo } = siteOf(page);
  const rel = src.replace(/[?#].*$/, "");
  const looked = [];
  const bases = [hugo ? path.join(root, "static") : null, root].filter(Boolean);
  if (!rel.startsWith("/")) looked.push(path.resolve(path.dirname(page), rel));
  const parts = rel.replace(/^\/+/, "").split("/");
  // A site under a base path (/blog/scenarios/mine.json): its first parts may be the base's.
  for (let k = 0; k < parts.length; k++) for (const b of bases) looked.push(path.join(b, ...parts.slice(k)));
  return { file: looked.find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null, looked: [...new Set(looked)] };
}

/** The messages of a scenario text (the module's `validate`), with near misses. */
function scenarioMistakes(m, builtins, arg) {
  const msg = m.validate(arg);
  if (msg == null) return [];
  return nearMisses(String(msg))
    .split("\n")
    .map((line) => {
      const unknown = /^unknown scenario `([^`]*)`/.exec(line);
      const near = unknown && closest(unknown[1], builtins);
      return near ? `unknown scenario "${unknown[1]}", did you mean "${near}"?` : line;
    });
}

/**
 * Validate `paths`; `say(line)` prints. `seconds`: how long a solution may take to meet its
 * condition (simulation time, after its `after`), when the condition sets no `within`.
 * Returns { mistakes, files, proved }.
 */
export async function validate(paths, { say = console.log, seconds = 60, cwd = process.cwd() } = {}) {
  if (!paths.length) throw new UsageError("give a file or a folder: steerlab validate content/");
  const files = paths.flatMap((p) => collect(path.resolve(cwd, p)));
  const { m, builtins } = await loadModule();
  const rel = (f) => path.relative(cwd, f) || f;
  const report = new Map(); // file → [{ line, text }]
  const add = (file, line, text) => (report.has(file) ? report.get(file) : report.set(file, []).get(file)).push({ line, text });
  const notes = [];
  const scenarioFiles = new Map(); // absolute path → { ok, text }
  let proved = 0;

  /** A scenario file, checked once (named or reached through a page's src). */
  const scenarioFile = (file) => {
    const abs = path.resolve(file);
    if (!scenarioFiles.has(abs)) {
      const text = fs.readFileSync(abs, "utf8");
      const where = jsonLines(text);
      const found = where.error ? [] : scenarioMistakes(m, builtins, text);
      if (where.error) add(abs, where.line, `not JSON: ${where.error}`);
      for (const f of found) add(abs, lineOf(where.lines, f), f);
      scenarioFiles.set(abs, { ok: !where.error && !found.length, text });
    }
    return scenarioFiles.get(abs);
  };

  for (const { file, named } of files) {
    const abs = path.resolve(file);
    const text = fs.readFileSync(abs, "utf8");
    if (/\.json$/i.test(file)) {
      if (named || looksLikeScenario(text)) scenarioFile(abs);
      continue;
    }
    const page = /\.html?$/i.test(file) ? readHtml(text) : readMarkdown(text);
    const figures = page.figures.map((f) => figure(f));
    function figure(f) {
      const line = (k) => f.at[k] ?? f.line;
      let arg = null;
      if (f.src) {
        const { file: found, looked } = resolveSrc(abs, f.src);
        if (!found) add(abs, line("data-scenario-src"), `data-scenario-src: no file for "${f.src}" (looked for ${looked.map(rel).join(", ")})`);
        else if (scenarioFile(found).ok) arg = scenarioFile(found).text;
        else return { f, broken: `its scenario, ${rel(found)}, has mistakes` };
      } else if (f.json) {
        const s = page.scripts.get(f.json.replace(/^#/, ""));
        if (!s) add(abs, line("data-scenario-json"), `data-scenario-json: no <script type="application/json" id="${f.json.replace(/^#/, "")}"> on this page`);
        else {
          const found = scenarioMistakes(m, builtins, s.text);
          const where = jsonLines(s.text).lines;
          for (const x of found) add(abs, s.line - 1 + lineOf(where, x), x);
          if (!found.length) arg = s.text;
        }
      } else if (f.scenario != null) {
        const found = scenarioMistakes(m, builtins, f.scenario);
        const where = f.scenario.trim().startsWith("{") ? jsonLines(f.scenario).lines : new Map();
        for (const x of found) add(abs, line("scenario") - 1 + lineOf(where, x), f.scenario.trim().startsWith("{") ? `data-scenario: ${x}` : `data-scenario: ${x}`);
        if (!found.length) arg = f.scenario;
      }
      if (arg == null) return { f, broken: "its scenario has mistakes" };
      let seed;
      if (f.seed != null) {
        if (/^\s*\d+\s*$/.test(f.seed)) seed = +f.seed;
        else add(abs, line("data-seed"), `data-seed: a whole number ≥ 0, got "${f.seed}"`);
      }
      const start = (set) => new m.Run(arg, set ?? undefined, seed);
      let run = null;
      try {
        run = start(f.set);
      } catch (err) {
        add(abs, line("data-set"), String(err.message ?? err));
      }
      if (f.compare != null) {
        try {
          const c = JSON.parse(f.compare);
          if (!c || typeof c != "object" || Array.isArray(c)) add(abs, line("data-compare"), `data-compare: must be an object of parameters such as {"alignment.weight": 0}, got ${f.compare}`);
          else start(f.compare).free();
        } catch (err) {
          add(abs, line("data-compare"), `data-compare: ${String(err.message ?? err).replace(/^data-set: /, "")}`);
        }
      }
      return { f, run, start: () => start(f.set) };
    }
    for (const c of page.challenges) {
      const line = (k) => c.at[k] ?? c.line;
      const target = c.for ? figures.find((x) => x.f.id === c.for) : figures[c.figure];
      if (!target) {
        add(abs, line("for") ?? c.line, c.for ? `data-for: no figure with id "${c.for}" on this page` : "data-challenge: no figure before it on this page (or name one with data-for)");
        continue;
      }
      if (target.broken || !target.run) {
        for (const x of challengeMistakes(c.condition, c.solution).mistakes) add(abs, placeIn(c, x), x);
        continue;
      }
      const run = target.run;
      const measures = Object.keys(run.measures().metrics);
      const read = challengeMistakes(c.condition, c.solution, { measures, get: (p) => run.get(p) });
      for (const x of read.mistakes) add(abs, placeIn(c, x), x);
      if (read.mistakes.length) continue;
      if (!read.solution) {
        notes.push(`${rel(abs)}:${c.line}: data-challenge: not proved solvable: it has no data-solution`);
        continue;
      }
      const verdict = prove(target.start(), read.condition, read.solution, seconds);
      if (verdict.ok) {
        proved++;
        notes.push(`${rel(abs)}:${c.line}: data-challenge: solvable (its data-solution meets it at ${verdict.time.toFixed(2)} s)`);
      } else add(abs, line("data-solution"), `data-solution: does not meet data-challenge: ${verdict.why}`);
    }
    for (const x of figures) x.run?.free();
  }

  const count = [...report.values()].reduce((n, l) => n + l.length, 0);
  for (const [file, list] of [...report].sort(([a], [b]) => a.localeCompare(b))) {
    for (const { line, text } of list.sort((a, b) => a.line - b.line)) say(`${rel(file)}:${line}: ${text}`);
  }
  for (const n of notes) say(n);
  const scenarios = scenarioFiles.size;
  say(
    `steerlab validate: ${files.length} file${files.length == 1 ? "" : "s"} (${scenarios} scenario${scenarios == 1 ? "" : "s"}), ` +
      (count ? `${count} mistake${count == 1 ? "" : "s"} in ${report.size} file${report.size == 1 ? "" : "s"}` : "no mistakes") +
      `, ${proved} challenge${proved == 1 ? "" : "s"} proved solvable`,
  );
  return { mistakes: count, files: files.length, proved };
}

/** The line of a challenge's message: its attribute's, and the field's within a JSON value written over several lines. */
function placeIn(c, message) {
  const attr = message.startsWith("data-solution") ? "data-solution" : "data-challenge";
  const base = c.at[attr] ?? c.line;
  const value = attr === "data-solution" ? c.solution : c.condition;
  if (!value || !value.includes("\n")) return base;
  return base - 1 + lineOf(jsonLines(value).lines, message.slice(attr.length + 2));
}

/**
 * Run `solution` as the page's "solution" does (its parameters set, then from the first step) and
 * check `cond` at every step as www/challenge.js does at every frame: `for` counts time during
 * which it held, `after` when counting starts, `within` the latest time it may be met. The run
 * lasts `within`, else `after` + `for` + `seconds`.
 */
export function prove(run, cond, solution, seconds = 60) {
  try {
    for (const [p, v] of Object.entries(solution)) run.set(p, v);
    run.reset();
    const need = cond.for || 0;
    const end = cond.within ?? (cond.after || 0) + need + seconds;
    const seen = new Map(); // test → [min, max]
    const value = (c, s) => ("param" in c ? run.get(c.param) : c.measure === "time" ? s.time : c.measure === "agents" ? s.agents : s.metrics[c.measure]);
    const read = (s) => ({ value: (c) => value(c, s), name: (c) => c.measure ?? c.param, num: (x) => String(Math.round(x * 1000) / 1000), words: { or: "or", noValue: "{measure} has no value", needs: "{measure} is {value}, needs {op} {target}" } });
    let hold = null;
    for (;;) {
      const s = run.measures();
      for (const [c] of tests(cond)) {
        const x = value(c, s);
        if (typeof x == "number" && Number.isFinite(x)) {
          const r = seen.get(c) ?? [x, x];
          seen.set(c, [Math.min(r[0], x), Math.max(r[1], x)]);
        }
      }
      if (cond.within != null && s.time > cond.within + 1e-9) break;
      if (!(cond.after && s.time < cond.after)) {
        if (why(cond, read(s))) hold = null;
        else {
          hold ??= s.time;
          if (s.time - hold + 1e-9 >= need) return { ok: true, time: s.time };
        }
      }
      if (s.time >= end) break;
      run.step(1);
    }
    const ranges = [...seen].map(([c, [lo, hi]]) => {
      const op = Object.keys(OP_TEXT).find((o) => o in c);
      const n = (x) => String(Math.round(x * 100) / 100);
      return `${c.measure ?? c.param} ${lo === hi ? `stayed ${n(lo)}` : `stayed between ${n(lo)} and ${n(hi)}`} where ${OP_TEXT[op]}${n(c[op])} was asked`;
    });
    const span = cond.within != null ? `within ${cond.within} s` : `in ${Math.round(end * 100) / 100} s of simulation`;
    const held = need ? ` for ${need} s` : "";
    return { ok: false, why: `it never held${held} ${span}: ${ranges.join("; ") || "no value"}` };
  } catch (err) {
    return { ok: false, why: String(err.message ?? err) };
  } finally {
    run.free();
  }
}

export { DERIVED };
