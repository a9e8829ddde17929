#!/usr/bin/env node
// Updates that never mix (issue 47): every file the loader fetches is asked for with the build's
// hash, from one manifest.
//
//   node scripts/hooks/version.mjs <out>     (Trunk's last post_build hook; <out>: its staging dir)
//
// 1. The manifest: the SHA-256 of every file a page's JavaScript loads (the module and its glue,
//    www/'s modules and JSON, the built-in scenarios, words/), and the build's hash over them all:
//    <out>/manifest.json = { name, version, build, files: { "www/chart.js": "<sha-256, 16 hex>" } }.
// 2. Every relative module specifier in those JavaScript files (static and dynamic `import`, and
//    `new URL("<file>", import.meta.url)`, templates included) gets `?v=<build>` (`&v=` after a
//    query of its own): a new loader never meets an old module, glue, chunk or scenario from a
//    reader's cache, whatever the server's cache headers. A static import of `boot.js` is left as
//    it is named (pages, bundlers and authors' scripts name it so, and a second URL would load a
//    second copy); the package's modules reach the loader the page loaded through the global it
//    publishes, and import it (versioned) only where the page has none (www/steer-lab.js).
// 3. www/boot.js's `version` ("0.0.0-dev" in the source) becomes the package's (Cargo.toml).
// 4. Every page's `<link rel="preload">` and `<link rel="modulepreload">` of one of those files
//    names the URL the loader fetches, `?v=<build>` included: a preload under another URL is a
//    second download of the same file ("preloaded but not used"; tests/e2e/requests.test.mjs).
//
// Bundlers (Vite, esbuild, webpack) and Node read `./x.js?v=…` as the file ./x.js.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!out) {
  console.error("version.mjs: give the output directory (dist/ or Trunk's staging directory)");
  process.exit(2);
}
const version = /^version = "([^"]+)"/m.exec(fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8"))?.[1];
if (!version) throw new Error("version.mjs: no version in Cargo.toml");

const walk = (dir) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];
const rel = (f) => path.relative(out, f).split(path.sep).join("/");
/** What a page's JavaScript may load: the module, its glue, www/'s modules and data, the scenarios, words/. */
const loaded = [
  ...["steerlab.js", "steerlab_bg.wasm"].map((f) => path.join(out, f)).filter((f) => fs.existsSync(f)),
  ...walk(path.join(out, "www")).filter((f) => /\.(js|json|wgsl)$/.test(f)),
  ...walk(path.join(out, "scenarios")).filter((f) => f.endsWith(".json")),
  ...walk(path.join(out, "words")).filter((f) => f.endsWith(".json")),
].sort();

const sha = (buf) => crypto.createHash("sha256").update(buf).digest("hex");
// The build: the hash of every loaded file's content as built (before this hook's rewriting).
const build = sha(loaded.map((f) => `${rel(f)}\0${sha(fs.readFileSync(f))}\n`).join("")).slice(0, 12);

/** A file's path in a specifier: `./a.js`, `../scenarios/${name}.json`, `steerlab_bg.wasm`. */
const FILE = String.raw`[\w$@{}()./-]*?\.(?:js|mjs|json|wasm|wgsl)`;
/** `spec` with `v=<build>` in its query (a `v=` of an earlier run replaced: the hook can run twice). */
const withV = (spec, query = "", dynamic = false) => {
  if (!dynamic && /(^|\/)boot\.js$/.test(spec)) return spec + query;
  const rest = query.replace(/^\?/, "").split("&").filter((p) => p && !p.startsWith("v="));
  return `${spec}?${[...rest, `v=${build}`].join("&")}`;
};
let rewritten = 0;
function versioned(text) {
  const count = (f) => (...a) => (rewritten++, f(...a));
  return (
    text
      // import x from "./a.js"; export … from "./a.js"; import "./a.js"; import("./a.js")
      .replace(
        new RegExp(String.raw`(\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)(["'])(\.{1,2}\/${FILE})(\?[^"']*)?\2`, "g"),
        count((_, kw, q, spec, query) => `${kw}${q}${withV(spec, query, /\(/.test(kw))}${q}`),
      )
      // new URL("./a.json", import.meta.url), new URL(`../scenarios/${name}.json?no-inline`, import.meta.url)
      .replace(
        new RegExp(String.raw`(\bnew URL\(\s*)(["\x60])(${FILE})(\?[^"\x60]*)?\2(\s*,\s*import\.meta\.url)`, "g"),
        count((_, head, q, spec, query, tail) => `${head}${q}${withV(spec, query)}${q}${tail}`),
      )
  );
}

const boot = path.join(out, "www", "boot.js");
if (fs.existsSync(boot) && !/(["'])0\.0\.0-dev\1/.test(fs.readFileSync(boot, "utf8")) && !/\bv=[0-9a-f]{12}\b/.test(fs.readFileSync(boot, "utf8"))) {
  throw new Error('version.mjs: www/boot.js has no "0.0.0-dev" to replace (its version)');
}
for (const f of loaded.filter((f) => f.endsWith(".js") || f.endsWith(".mjs"))) {
  const text = fs.readFileSync(f, "utf8");
  let next = versioned(text);
  if (rel(f) === "www/boot.js") next = next.replace(/(["'])0\.0\.0-dev\1/, JSON.stringify(version));
  if (next !== text) fs.writeFileSync(f, next);
}

// 4. The pages' preloads (every .html in <out>, resolved from the page's own folder).
const loadedSet = new Set(loaded.map(rel));
let preloads = 0;
for (const page of walk(out).filter((f) => f.endsWith(".html"))) {
  const text = fs.readFileSync(page, "utf8");
  const next = text.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/\brel\s*=\s*["']?[^"'>]*\b(?:modulepreload|preload)\b/i.test(tag)) return tag;
    return tag.replace(/(\bhref\s*=\s*)(["'])([^"'?#]+)(\?[^"'#]*)?\2/i, (all, head, q, href, query) => {
      if (/^[a-z][\w+.-]*:|^\/\//i.test(href)) return all; // another origin's file
      const at = href.startsWith("/") ? path.join(out, href) : path.join(path.dirname(page), href);
      if (!loadedSet.has(rel(at))) return all;
      preloads++;
      return `${head}${q}${withV(href, query ?? "")}${q}`;
    });
  });
  if (next !== text) fs.writeFileSync(page, next);
}

const files = Object.fromEntries(loaded.map((f) => [rel(f), sha(fs.readFileSync(f)).slice(0, 16)]));
const manifest = { name: "steerlab", version, build, files };
fs.writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`version.mjs: build ${build} (version ${version}), ${loaded.length} files, ${rewritten} specifiers and ${preloads} preloads versioned`);
