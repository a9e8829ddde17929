// steerlab's code exporter: a program for Unity (C#), Godot 4 (GDScript), JavaScript or Rust from a
// viewer's state() — the scenario's current parameters, and its agents when it is exported
// mid-run — and the templates of that target, templates/<key>.json (generated from the core's
// template files, feature `code`), fetched when the target is first asked for. Loaded on first use
// by `v.code(target)`; never with the page. The writers are ./write-<target>.js; docs/exporting.md
// says what each export proves.
import { model, wordsFor, camel, snake } from "./model.js";

/** The targets: their file's extension and type, and their templates' key. */
export const TARGETS = {
  unity: { ext: "cs", mime: "text/x-csharp", key: "cs" },
  godot: { ext: "gd", mime: "text/plain", key: "gd" },
  godot3: { ext: "gd", mime: "text/plain", key: "gd" },
  js: { ext: "js", mime: "text/javascript", key: "js" },
  rust: { ext: "rs", mime: "text/x-rust", key: "rs" },
  "rust-crate": { ext: "rs", mime: "text/x-rust", key: "rs" },
};
const ALIASES = { javascript: "js", rs: "rust", cs: "unity", csharp: "unity", "c#": "unity", gd: "godot", gdscript: "godot", godot4: "godot", crate: "rust-crate" };
// Each target's writers (its one-file listing and its package), imported when that target is first
// asked for.
const WRITERS = {
  js: () => import("./write-js.js").then((m) => [m.writeJs, m.jsPackage]),
  rust: () => import("./write-rust.js").then((m) => [m.writeRust, m.rustPackage]),
  "rust-crate": () => import("./write-rust.js").then((m) => [m.writeRustCrate, m.rustCratePackage]),
  unity: () => import("./write-unity.js").then((m) => [m.writeUnity, m.unityPackage]),
  godot: () => import("./write-godot.js").then((m) => [m.writeGodot, m.godotAddon]),
  godot3: () => import("./write-godot.js").then((m) => [(...a) => m.godot3(m.writeGodot(...a)), (...a) => m.godot3Addon(m.godotAddon(...a))]),
};
/** The packages' version (their package.json, plugin.cfg, Cargo.toml). */
export const PACKAGE_VERSION = "0.1.0";
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
    throw new Error(`steerlab code: target must be "unity", "godot", "godot3", "js", "rust" or "rust-crate", got ${JSON.stringify(target)}`);
  }
  return t;
}

const loading = new Map();
/** One target's templates (`templates/<key>.json` next to this module), fetched once, when that
 *  target is first asked for. */
export function templates(target) {
  const key = TARGETS[targetOf(target)].key;
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

let packaging = null;
/** What the packages add to the templates (`templates/packages.json`): fetched when a package is
 *  first asked for; a listing needs none of it. */
export function packageTemplates() {
  if (!packaging) {
    packaging = fetch(new URL("./templates/packages.json", import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`steerlab code: templates/packages.json: HTTP ${r.status}`);
      return r.json();
    });
    packaging.catch(() => (packaging = null));
  }
  return packaging;
}

/** A target's templates with what its package adds. */
export const withPackage = (tpl, pk) => ({ ...tpl, package: pk.package[tpl.target] ?? "", readme: pk.readme, defaults: pk.defaults });

/** The program for `target` from `state` (a viewer's `state()`), its words in `lang`: one file's
 *  text (the listing the chapters show), or with `package: true` the target's package, `{ path:
 *  text }` (what the Code dialog's Download packs into a zip). */
export async function code(state, target, { lang = "en", package: pkg = false } = {}) {
  const [tpl, pk] = await Promise.all([templates(target), pkg ? packageTemplates() : null, load(target)]);
  return pkg ? files(state, target, withPackage(tpl, pk), lang) : write(state, target, tpl, lang);
}

/** The listing with the target's templates at hand and its writer loaded (`load`; what the tests call). */
export function write(state, target, tpl, lang = "en") {
  const t = targetOf(target);
  if (!writers.has(t)) throw new Error(`steerlab code: load("${t}") first`);
  const m = model(state);
  const text = writers.get(t)[0](m, tpl, wordsFor(lang), state);
  return text.replace(/\n{3,}/g, "\n\n");
}

/** The package, `{ path: text }`: every file under one folder of stable names (the same whatever
 *  the step or the parameters; the parameters are the data file's). `tpl`: the target's templates
 *  withPackage(). */
export function files(state, target, tpl, lang = "en") {
  const t = targetOf(target);
  if (!writers.has(t)) throw new Error(`steerlab code: load("${t}") first`);
  const out = writers.get(t)[1](model(state), tpl, wordsFor(lang), PACKAGE_VERSION, state);
  for (const k of Object.keys(out)) out[k] = out[k].replace(/\n{3,}/g, "\n\n");
  return out;
}

export { model, wordsFor, unityClass, unityNamespace, exportJson } from "./model.js";

/** A file name for the listing: `bandada.js`, `bandada.rs`, `SteerlabBandada.cs`, `bandada.gd`; and
 *  for the package's archive: `com.steerlab.steering-bandada.zip`, `steerlab-godot-bandada.zip`. */
export function fileName(state, target, { package: pkg = false } = {}) {
  const t = targetOf(target);
  const name = snake(state?.scenario?.name || "steerlab");
  if (pkg) return `${PACKAGE_ARCHIVE[t]}-${name}.zip`;
  if (t === "unity") return `Steerlab${camel(state?.scenario?.name || "scene")}.cs`;
  return `${name}.${TARGETS[t].ext}`;
}
const PACKAGE_ARCHIVE = { unity: "com.steerlab.steering", godot: "steerlab-godot", godot3: "steerlab-godot3", js: "steerlab-js", rust: "steerlab-rust", "rust-crate": "steerlab-core-project" };

/** What an export says about the moment it was taken (the dialog shows it). */
export function momentNote(state, lang = "en") {
  const m = model(state);
  if (!m.start) return "";
  const w = wordsFor(lang);
  const what = m.restartKinds.map((k) => w(`code.state.${k}`));
  if (!what.length) return w("code.dialog.moment_exact", { step: m.steps });
  return w("code.dialog.moment", { step: m.steps, restarts: w("code.head.restarts", { what: what.join("; ") }) });
}

