// steerlab's code exporter: a program for Unity (C#), Godot 4 (GDScript), JavaScript or Rust from a
// viewer's state() — the scenario's current parameters, and its agents when it is exported
// mid-run — and the templates of that target, templates/<key>.json (generated from the core's
// template files, feature `code`), fetched when the target is first asked for. Loaded on first use
// by `v.code(target)`; never with the page. The writers are ./write-<target>.js; docs/exporting.md
// says what each export proves.
import { model, wordsFor, camel, fingerprint, snake } from "./model.js";

/** The targets: their file's extension and type, and their templates' key (none: no templates). */
export const TARGETS = {
  unity: { ext: "cs", mime: "text/x-csharp", key: "cs" },
  godot: { ext: "gd", mime: "text/plain", key: "gd" },
  js: { ext: "js", mime: "text/javascript", key: "js" },
  rust: { ext: "rs", mime: "text/x-rust", key: "rs" },
  "rust-crate": { ext: "rs", mime: "text/x-rust", key: null },
};
const ALIASES = { javascript: "js", rs: "rust", cs: "unity", csharp: "unity", "c#": "unity", gd: "godot", gdscript: "godot", crate: "rust-crate" };
// Each target's writer, imported when that target is first asked for.
const WRITERS = {
  js: () => import("./write-js.js").then((m) => m.writeJs),
  rust: () => import("./write-rust.js").then((m) => m.writeRust),
  "rust-crate": () => import("./write-rust.js").then((m) => m.writeRustCrate),
  unity: () => import("./write-unity.js").then((m) => m.writeUnity),
  godot: () => import("./write-godot.js").then((m) => m.writeGodot),
};
const writers = new Map();

/** Load the writers of these targets (`code()` does it for its own; `write()` needs them loaded). */
export async function load(...targets) {
  for (const target of targets) {
    const t = targetOf(target);
    if (!writers.has(t)) writers.set(t, await WRITERS[t]());
  }
}

export function targetOf(target) {
  const t = ALIASES[String(target).toLowerCase()] ?? String(target).toLowerCase();
  if (!Object.hasOwn(TARGETS, t)) {
    throw new Error(`steerlab code: target must be "unity", "godot", "js", "rust" or "rust-crate", got ${JSON.stringify(target)}`);
  }
  return t;
}

const loading = new Map();
/** One target's templates (`templates/<key>.json` next to this module), fetched once, when that
 *  target is first asked for. */
export function templates(target) {
  const key = TARGETS[targetOf(target)].key;
  if (!key) return Promise.resolve({ target: null, engine: "", behaviours: {}, pending: [] });
  if (!loading.has(key)) {
    const file = `templates/${key}.json`;
    // (The path written out: the build's hash is added to it, scripts/hooks/version.mjs.)
    const p = fetch(new URL(`./templates/${key}.json`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`steerlab code: ${file}: HTTP ${r.status}`);
      return r.json();
    });
    // A failed fetch is tried again next time.
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return loading.get(key);
}

/** The program for `target` from `state` (a viewer's `state()`), its words in `lang`. */
export async function code(state, target, { lang = "en" } = {}) {
  const [tpl] = await Promise.all([templates(target), load(target)]);
  return write(state, target, tpl, lang);
}

/** The same with the target's templates at hand and its writer loaded (`load`; what the tests call). */
export function write(state, target, tpl, lang = "en") {
  const t = targetOf(target);
  if (!writers.has(t)) throw new Error(`steerlab code: load("${t}") first`);
  const m = model(state);
  const text = writers.get(t)(m, tpl, wordsFor(lang), state);
  return text.replace(/\n{3,}/g, "\n\n");
}

export { model, wordsFor, unityClass, unityNamespace } from "./model.js";

/** A file name for the program: `bandada.js`, `bandada.rs`, `SteerlabBandada3f2a1c.cs`, `bandada.gd`. */
export function fileName(state, target) {
  const t = targetOf(target);
  if (t === "unity") return `Steerlab${camel(state?.scenario?.name || "scene")}${fingerprint(model(state))}.cs`;
  return `${snake(state?.scenario?.name || "steerlab")}.${TARGETS[t].ext}`;
}

/** What an export says about the moment it was taken (the dialog shows it). */
export function momentNote(state, lang = "en") {
  const m = model(state);
  if (!m.start) return "";
  const w = wordsFor(lang);
  const what = m.restartKinds.map((k) => w(`code.state.${k}`));
  if (!what.length) return w("code.dialog.moment_exact", { step: m.steps });
  return w("code.dialog.moment", { step: m.steps, restarts: w("code.head.restarts", { what: what.join("; ") }) });
}

