// Issue 34: the package imports anywhere. Static-site generators and server renderers (Astro,
// Docusaurus, VitePress, Next) import a page's modules in Node first: every JavaScript module of
// the packed bundle must import there without touching window, document or WebAssembly at its top
// level, the element must not register where there is no customElements, and the React component
// must render on the server (an empty box the browser fills).
//
//   node --test tests/e2e/ssr.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { ROOT, packArchive } from "./helpers.mjs";

const VERSION = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
let dir, pkgDir, pkg;

before(() => {
  packArchive();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-ssr-"));
  const nm = path.join(dir, "node_modules");
  fs.mkdirSync(nm);
  const x = spawnSync("tar", ["-xzf", path.join(ROOT, "dist-pkg", `steerlab-${VERSION}.tgz`), "-C", nm], { encoding: "utf8" });
  assert.equal(x.status, 0, x.stderr);
  pkgDir = path.join(nm, "steerlab");
  fs.renameSync(path.join(nm, "package"), pkgDir);
  // React for the component, as an author's app has it (tools/node_modules).
  for (const dep of ["react", "react-dom"]) fs.symlinkSync(path.join(ROOT, "tools", "node_modules", dep), path.join(nm, dep));
  pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
});

after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// Every JavaScript file the package's exports name.
function jsEntries() {
  const files = new Set();
  for (const v of Object.values(pkg.exports)) {
    const t = typeof v === "string" ? v : v.default;
    if (t.endsWith(".js")) files.add(t);
  }
  return [...files].sort();
}

test("every JavaScript module of the bundle imports in Node with no window, document or WebAssembly touched", async () => {
  // Every JavaScript file of the package (the exports and what they import on demand).
  const entries = fs.readdirSync(pkgDir, { recursive: true }).filter((f) => f.endsWith(".js")).map((f) => `./${f}`).sort();
  for (const e of jsEntries()) assert.ok(entries.includes(e), `${e} (exported) is a file of the package`);
  for (const e of ["./react.js", "./steerlab.js", "./www/boot.js", "./www/steer-lab.js"]) assert.ok(entries.includes(e), e);
  for (const g of ["window", "document", "customElements", "HTMLElement", "navigator", "location"]) {
    if (g === "navigator") continue; // Node 21+ has a navigator; nothing may need one anyway
    assert.equal(typeof globalThis[g], "undefined", `Node has no ${g}`);
  }
  // Any use of WebAssembly or fetch at import time is recorded.
  const touched = [];
  const imported = [];
  const realWasm = globalThis.WebAssembly;
  const realFetch = globalThis.fetch;
  // (Only from the package's files: Node itself compiles a WebAssembly lexer when an ES module
  // imports a CommonJS one, as react.js imports React.)
  const fromPackage = () => (new Error().stack ?? "").includes(pkgDir);
  globalThis.WebAssembly = new Proxy(realWasm, { get: (t, k) => (fromPackage() && touched.push(`WebAssembly.${String(k)}`), t[k]) });
  globalThis.fetch = (...a) => (touched.push(`fetch(${a[0]})`), realFetch(...a));
  try {
    for (const e of entries) {
      const m = await import(pathToFileURL(path.join(pkgDir, e)).href);
      if (e !== "./www/steer-lab.js") assert.ok(Object.keys(m).length > 0, `${e} has exports`);
      imported.push(e);
    }
    // Importing by package name resolves the same files (exports map).
    const req = createRequire(path.join(dir, "x.js"));
    for (const spec of ["steerlab", "steerlab/www/boot.js", "steerlab/www/steer-lab.js", "steerlab/react"]) {
      await import(pathToFileURL(req.resolve(spec)).href);
    }
    await new Promise((r) => setTimeout(r, 50)); // anything a module set off
  } finally {
    globalThis.WebAssembly = realWasm;
    globalThis.fetch = realFetch;
  }
  assert.deepEqual(touched, []);
  assert.deepEqual(imported, entries);
  assert.equal(typeof globalThis.customElements, "undefined", "no element registry appeared");
});

test("on a server, boot.js's ready rejects with a message (handled: nothing crashes)", async () => {
  const { ready } = await import(pathToFileURL(path.join(pkgDir, "www", "boot.js")).href);
  await assert.rejects(ready, /browser/);
});

test("the React component renders on the server as an empty box, its props not leaked as attributes", async () => {
  const { SteerLab } = await import(pathToFileURL(path.join(pkgDir, "react.js")).href);
  const req = createRequire(path.join(pkgDir, "react.js"));
  const { createElement } = await import(pathToFileURL(req.resolve("react")).href);
  const { renderToString } = await import(pathToFileURL(req.resolve("react-dom/server")).href);
  const html = renderToString(
    createElement(SteerLab, { scenario: "queue", seed: 3, theme: "dark", lang: "es", set: { "separation.weight": 2 }, id: "q", className: "wide" }),
  );
  assert.equal(html, '<div id="q" class="steerlab-react wide"></div>');
});

test("the bundle carries the schema and every built-in scenario, which name it relatively", () => {
  const dirS = path.join(pkgDir, "scenarios");
  const want = fs.readdirSync(path.join(ROOT, "scenarios")).filter((f) => f.endsWith(".json")).sort();
  assert.deepEqual(fs.readdirSync(dirS).sort(), want);
  assert.ok(want.length >= 21, want.join(" "));
  for (const f of want) {
    const doc = JSON.parse(fs.readFileSync(path.join(dirS, f), "utf8"));
    if (f !== "scenario.schema.json") assert.equal(doc.$schema, "./scenario.schema.json", f);
  }
  // Every built-in is named in the bundle's README.
  const readme = fs.readFileSync(path.join(pkgDir, "README.md"), "utf8");
  const missing = want.filter((f) => f !== "scenario.schema.json").map((f) => f.replace(/\.json$/, "")).filter((n) => !readme.includes("`" + n + "`"));
  assert.deepEqual(missing, [], "built-ins the bundle's README does not list: add each as `name` to the built-ins of pkg/README.md");
});
