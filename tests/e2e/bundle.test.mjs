// Issue 21, the drop-in bundle: scripts/package.sh turns the built dist/ into
// dist-pkg/steerlab-<version>.tgz (an npm-style package). This test unpacks it in an empty folder
// with no Rust tool on PATH, serves it on 127.0.0.1 under /steerlab/ as the author's README says,
// embeds canvases from an author's page and module, checks they draw, that the console shows
// the class names, that the hand-written types declare the whole API (every export of the built
// module, every member of Viewer) and that `tsc --noEmit` accepts a page using them and refuses
// wrong calls.
//
//   node --test tests/e2e/bundle.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { pathToFileURL } from "node:url";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, canvasChange, ROOT, packArchive } from "./helpers.mjs";

const TSC = path.join(ROOT, "tools", "node_modules", ".bin", "tsc");
const VERSION = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
const RUST_TOOLS = ["cargo", "rustc", "rustup", "trunk", "wasm-bindgen", "wasm-pack"];

// PATH without any directory that holds a Rust tool.
const PATH_NO_RUST = (process.env.PATH || "")
  .split(path.delimiter)
  .filter((d) => d && !RUST_TOOLS.some((t) => fs.existsSync(path.join(d, t))))
  .join(path.delimiter);
const ENV = { ...process.env, PATH: PATH_NO_RUST, CARGO_HOME: "/nonexistent", RUSTUP_HOME: "/nonexistent" };

let dir;
let server;
let browser;

const AUTHOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An author's page</title>
<link rel="stylesheet" href="/steerlab/www/steerlab.css">
<script type="module" src="/steerlab/www/boot.js"></script>
<script type="module" src="/steerlab/www/steer-lab.js"></script>
<script type="module" src="/app.js"></script>
</head><body>
<h1>Flocks</h1>
<canvas id="c" data-scenario="flock"></canvas>
<steer-lab scenario="queue"></steer-lab>
<canvas id="mine"></canvas>
</body></html>`;

const AUTHOR_MODULE = `import { ready } from "/steerlab/www/boot.js";
const steerlab = await ready;
const v = steerlab.mount(document.getElementById("mine"), {
  name: "mine",
  world: { width: 400, height: 250, edges: "wrap" },
  agents: { count: 40 },
  behaviours: [{ type: "separation" }, { type: "wander" }],
});
window.__app = { live: steerlab.liveViewers(), playing: v.playing };
`;

function run(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { encoding: "utf8", env: ENV, maxBuffer: 16 << 20, ...opts });
}

before(async () => {
  packArchive();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-author-"));
  const tgz = path.join(ROOT, "dist-pkg", `steerlab-${VERSION}.tgz`);
  const x = run("tar", ["-xzf", tgz, "-C", dir]);
  assert.equal(x.status, 0, x.stderr);
  fs.renameSync(path.join(dir, "package"), path.join(dir, "steerlab"));
  fs.writeFileSync(path.join(dir, "index.html"), AUTHOR_PAGE);
  fs.writeFileSync(path.join(dir, "app.js"), AUTHOR_MODULE);
  server = await serveDist({ root: dir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("the archive is an npm-style package: package.json with exports and types, every file it names", () => {
  const w = run("bash", ["-c", `for t in ${RUST_TOOLS.join(" ")}; do command -v $t; done; true`]);
  assert.equal(w.stdout.trim(), "", `no Rust tool on the test's PATH: ${w.stdout}`);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "steerlab", "package.json"), "utf8"));
  assert.equal(pkg.name, "steerlab");
  assert.equal(pkg.version, VERSION);
  assert.equal(pkg.type, "module");
  assert.equal(pkg.types, "./steerlab.d.ts");
  const targets = [pkg.main, pkg.types];
  for (const v of Object.values(pkg.exports)) targets.push(...(typeof v === "string" ? [v] : Object.values(v)));
  for (const f of targets) {
    // "./scenarios/*": the folder.
    const file = f.endsWith("/*") ? f.slice(0, -2) : f;
    assert.ok(fs.existsSync(path.join(dir, "steerlab", file)), `${f} (named in package.json) is in the archive`);
  }
  for (const f of ["steerlab.js", "steerlab_bg.wasm", "www/boot.js", "www/steer-lab.js", "www/steerlab.css", "README.md"]) {
    assert.ok(fs.existsSync(path.join(dir, "steerlab", f)), f);
  }
  // The author's README uses the layout it recommends (/steerlab/) and the names in the archive.
  const readme = fs.readFileSync(path.join(dir, "steerlab", "README.md"), "utf8");
  for (const m of readme.matchAll(/["'(]\/steerlab\/([\w./-]+)(\?v=[0-9a-f]+)?["')]/g)) {
    assert.ok(fs.existsSync(path.join(dir, "steerlab", m[1])), `README names /steerlab/${m[1]}, which the archive has`);
  }
});

// Issue 60, items 1 and 2: one version everywhere, a manifest of exactly the package's files, and
// the README's snippets with the build's version (as the recipes and the Embed dialog write them).
test("one version: package.json, manifest.json, boot.js, the command; the manifest lists exactly the package's files; snippets carry ?v=", async () => {
  const pkgDir = path.join(dir, "steerlab");
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));
  const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, "manifest.json"), "utf8"));
  const boot = fs.readFileSync(path.join(pkgDir, "www", "boot.js"), "utf8");
  const command = run("node", [path.join(pkgDir, "bin", "steerlab.mjs"), "--version"]);
  const versions = { "Cargo.toml": VERSION, "package.json": pkg.version, "manifest.json": manifest.version, "www/boot.js (steerlab.version)": (await import(pathToFileURL(path.join(pkgDir, "www", "boot.js")).href)).version, "steerlab --version": command.stdout.trim() };
  assert.deepEqual(Object.entries(versions).filter(([, v]) => v !== VERSION), [], `versions that disagree with Cargo.toml's ${VERSION}: ${JSON.stringify(versions)}`);
  assert.equal(pkg.bin?.steerlab, "./bin/steerlab.mjs");
  const files = fs.readdirSync(pkgDir, { recursive: true }).map((f) => f.split(path.sep).join("/")).filter((f) => fs.statSync(path.join(pkgDir, f)).isFile() && f !== "manifest.json").sort();
  const listed = Object.keys(manifest.files).sort();
  assert.deepEqual(listed.filter((f) => !files.includes(f)), [], "manifest.json names files the package lacks");
  assert.deepEqual(files.filter((f) => !listed.includes(f)), [], "files of the package manifest.json does not list");
  for (const f of files.slice(0, 40)) {
    const sha = crypto.createHash("sha256").update(fs.readFileSync(path.join(pkgDir, f))).digest("hex").slice(0, 16);
    assert.equal(manifest.files[f], sha, `${f}'s hash`);
  }
  // Every file the loader names carries the build's ?v=, and so do the README's snippets.
  assert.match(boot, new RegExp(`v=${manifest.build}`), "boot.js's specifiers carry the build");
  const readme = fs.readFileSync(path.join(pkgDir, "README.md"), "utf8");
  const named = [...readme.matchAll(/(?:src|href)="\/steerlab\/(www\/[\w.-]+\.(?:js|css)|posters\/posters\.css)([^"]*)"/g)];
  assert.ok(named.length >= 4, `${named.length} snippets name the package's files`);
  for (const [all, , query] of named) assert.equal(query, `?v=${manifest.build}`, all);
  assert.match(readme, new RegExp(`import \\{ ready \\} from "/steerlab/www/boot\\.js\\?v=${manifest.build}"`), "the module's import names boot.js as the page does");
});

// Issue 47, item 1: the reference travels. The archive holds the reference as Markdown and the
// changelog; every link between them (and from the README) names a file of the archive and, with
// a `#`, a heading of it (GitHub's anchors); package.json names a homepage and a repository; no
// default is written with float noise (0.6, not 0.6000000238418579).
const slug = (h) => h.toLowerCase().replace(/<[^>]*>/g, "").replace(/[^\p{L}\p{N}\s_-]/gu, "").trim().replace(/\s/g, "-");
test("the reference and the changelog travel: every link resolves, homepage and repository named, no float noise", () => {
  const root = path.join(dir, "steerlab");
  const pages = ["scenario-format", "api", "measures", "challenges", "theming", "errors", "index"].map((p) => `reference/${p}.md`);
  for (const f of [...pages, "CHANGELOG.md", "README.md"]) assert.ok(fs.existsSync(path.join(root, f)), `${f} is in the archive`);
  const bad = [];
  for (const f of [...pages, "CHANGELOG.md", "README.md"]) {
    const text = fs.readFileSync(path.join(root, f), "utf8");
    for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(href)) continue;
      const [file, anchor] = href.split("#");
      const target = file ? path.join(path.dirname(path.join(root, f)), file) : path.join(root, f);
      if (!fs.existsSync(target)) {
        bad.push(`${f}: ${href} (no such file)`);
        continue;
      }
      if (anchor && target.endsWith(".md")) {
        const ids = [...fs.readFileSync(target, "utf8").matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1].replace(/`/g, "")));
        ids.push(...[...fs.readFileSync(target, "utf8").matchAll(/<a id="([^"]+)">/g)].map((m) => m[1]));
        if (!ids.includes(anchor)) bad.push(`${f}: ${href} (no heading #${anchor})`);
      }
    }
  }
  assert.deepEqual(bad, []);
  // The README links every page of the reference and the changelog.
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  for (const f of [...pages.filter((p) => !p.endsWith("index.md")), "CHANGELOG.md"]) assert.ok(readme.includes(`](${f})`), `README links ${f}`);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  assert.ok(new URL(pkg.homepage) && new URL(pkg.repository.url.replace(/^git\+/, "")), "homepage and repository are URLs");
  assert.ok(pkg.files.includes("reference/") && pkg.files.includes("CHANGELOG.md"));
  // Every behaviour's parameters are in the reference, with defaults as written.
  const ref = fs.readFileSync(path.join(root, "reference", "scenario-format.md"), "utf8");
  const schema = fs.readFileSync(path.join(root, "scenarios", "scenario.schema.json"), "utf8");
  for (const [name, text] of [["scenario-format.md", ref], ["scenario.schema.json", schema]]) {
    assert.deepEqual(text.match(/\d\.\d*0000000\d+|\d\.\d*9999999\d+/g) ?? [], [], `${name}: no float noise`);
  }
  assert.match(ref, /\| `jitter` \| number \| 0\.6 \|/, "wander's jitter default is 0.6");
});

test("served from the unpacked folder, an author's page and module embed canvases that draw", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/index.html"), { deviceScaleFactor: 2 });
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.waitForFunction(() => window.__app);
  // validate: null for a good scenario (not undefined), the message for a bad one.
  assert.deepEqual(
    await page.evaluate(() => [window.steerlab.validate("flock"), typeof window.steerlab.validate('{"name": 1}')]),
    [null, "string"],
  );
  // The author's viewer plays; <steer-lab> mounts once its scenario's file has come (three in all).
  assert.equal(await page.evaluate(() => window.__app.playing), true);
  await page.waitForFunction(() => window.steerlab.liveViewers() === 3, null, { timeout: 15_000 });
  for (const sel of ["#c", "#mine", "steer-lab canvas"]) {
    await page.locator(sel).scrollIntoViewIfNeeded(); // off-screen canvases draw no frames
    const s = await waitForDrawn(page, sel);
    assert.ok(s.drawn > 0, `${sel} drew`);
    assert.ok((await canvasChange(page, sel, 300)).changed > 0, `${sel} animates`);
  }
  // A viewer says what it is: the glue is minified with its identifiers (0.7 KB of the payload),
  // and scripts/hooks/glue-names.mjs gives its exported classes their names back
  // (`v.constructor.name`, what a script or a logger reads; Chromium's console preview still
  // shows the class's minified name).
  assert.equal(
    await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).constructor.name),
    "Viewer",
    "a viewer's class is named Viewer",
  );
  const paths = server.requests.map((r) => r.path);
  for (const p of paths) assert.ok(p === "/index.html" || p === "/app.js" || p.startsWith("/steerlab/"), `request ${p}`);
  assert.deepEqual(await allProblems(page, problems), []);
});

// The member names declared in a block of the .d.ts (`export class Viewer { … }`).
function declared(block) {
  return new Set([...block.matchAll(/^\s+(?:readonly\s+)?([A-Za-z_$][\w$]*)\s*[(:?]/gm)].map((m) => m[1]));
}

test("the types declare every export of the built module and every member of Viewer", async () => {
  const dts = fs.readFileSync(path.join(dir, "steerlab", "steerlab.d.ts"), "utf8");
  const mod = await import(pathToFileURL(path.join(dir, "steerlab", "steerlab.js")).href);
  const exported = new Set([...dts.matchAll(/^export (?:default )?(?:declare )?(?:function|class|const) ([\w$]+)/gm)].map((m) => m[1]));
  if (/^export default function init/m.test(dts)) exported.add("default");
  for (const name of Object.keys(mod)) assert.ok(exported.has(name), `export ${name} of steerlab.js is declared in steerlab.d.ts`);
  for (const name of exported) if (name !== "init") assert.ok(name in mod || name === "default", `steerlab.d.ts declares ${name}, which steerlab.js exports`);
  const viewerBlock = dts.slice(dts.indexOf("export class Viewer {"), dts.indexOf("\n}\n", dts.indexOf("export class Viewer {")));
  const members = declared(viewerBlock);
  const runtime = Object.getOwnPropertyNames(mod.Viewer.prototype).filter((n) => n !== "constructor" && !n.startsWith("__"));
  assert.ok(runtime.length >= 15, runtime.join(", "));
  for (const n of runtime) assert.ok(members.has(n), `Viewer.${n} is declared`);
  for (const n of members) if (n !== "constructor") assert.ok(runtime.includes(n), `Viewer.${n} is declared but not in the module`);
  // window.steerlab (boot.js: the module's exports, `ready` and the words' API, whose addWords
  // takes the module's place) is SteerlabGlobal, member for member.
  const gBlock = dts.slice(dts.indexOf("export interface SteerlabGlobal {"), dts.indexOf("\n}\n", dts.indexOf("export interface SteerlabGlobal {")));
  const words = ["loadWords", "ensureWords", "langOf", "checkWords"];
  assert.deepEqual([...declared(gBlock)].sort(), [...Object.keys(mod), "ready", "load", "loadScenario", "mountFrom", "version", ...words].sort(), "SteerlabGlobal declares window.steerlab's members");
  // The events the code dispatches are the events the types declare.
  const dispatched = new Set();
  for (const d of ["src/web", "www"]) {
    for (const f of fs.readdirSync(path.join(ROOT, d), { recursive: true })) {
      if (!/\.(rs|js)$/.test(f)) continue;
      for (const m of fs.readFileSync(path.join(ROOT, d, f), "utf8").matchAll(/"(steerlab:[a-z]+)"/g)) dispatched.add(m[1]);
    }
  }
  const declaredEvents = new Set([...dts.matchAll(/^\s+"(steerlab:[a-z]+)": CustomEvent/gm)].map((m) => m[1]));
  assert.deepEqual([...declaredEvents].sort(), [...dispatched].sort(), "events declared = events dispatched");
  // boot.js's export too.
  const boot = fs.readFileSync(path.join(dir, "steerlab", "www", "boot.js"), "utf8");
  assert.match(boot, /export\s*\{[^}]*\bready\b/, "boot.js exports ready");
  assert.match(fs.readFileSync(path.join(dir, "steerlab", "www", "boot.d.ts"), "utf8"), /export const ready: Promise<SteerlabGlobal>/);
  // …and its version, which the build writes (issue 47): the package's.
  assert.match(boot, new RegExp(`="${VERSION.replace(/\./g, "\\.")}"`), "boot.js carries the package's version");
  assert.match(fs.readFileSync(path.join(dir, "steerlab", "www", "boot.d.ts"), "utf8"), /export const version: string/);
});

const TS_OK = `import init, { mount, viewerFor, liveViewers, autoMount, type Viewer, type ChangeDetail, type ViewerState } from "steerlab";
import { ready } from "steerlab/www/boot.js";
import "steerlab/www/steer-lab.js";

async function main(): Promise<void> {
  const sl = await ready;
  const canvas = document.querySelector<HTMLCanvasElement>("canvas#c");
  if (!canvas) return;
  const found: Viewer | undefined = viewerFor(canvas) ?? sl.viewerFor(canvas);
  const v: Viewer = found ?? mount(canvas, { name: "mine", world: { width: 300, height: 200 } });
  v.set("separation.weight", 2);
  v.set("world.edges", "bounce");
  v.set("flee_pointer.enabled", true);
  const w = v.get("separation.weight");
  if (typeof w === "number") console.log(w.toFixed(2));
  const st: ViewerState = v.state();
  console.log(st.agents[0]?.position[0], st.metrics.polarisation, v.theme, v.playing, v.frames, liveViewers(), autoMount().length);
  canvas.addEventListener("steerlab:change", (e) => {
    const d: ChangeDetail = e.detail;
    console.log(d.path, d.value, d.source === "api");
  });
  canvas.addEventListener("steerlab:mounted", (e) => e.detail.viewer.play());
  canvas.addEventListener("steerlab:error", (e) => console.log(e.detail.message.length));
  window.addEventListener("steerlab:ready", (e) => console.log(e.detail.liveViewers()));
  document.querySelector("steer-lab")?.viewer?.pause();
  await window.steerlab?.ready;
  const exports = await init();
  console.log(exports.memory.buffer.byteLength);
  v.step(10);
  v.step();
  v.render();
  v.reset();
  v.addWaypoint(1, 2);
  const svg: string = v.still("svg");
  const png: Blob = await v.still("png", 2);
  console.log(svg.length, png.size);
  v.refreshTheme();
  const listing: string = await v.code("godot3", { lang: "es" });
  const files: Record<string, string> = await v.code("unity", { package: true });
  console.log(listing.length, Object.keys(files).length);
  v.destroy();
}
void main();
`;

// Each line after the first two is one wrong use; tsc must report every one of them.
const TS_BAD = `import { mount, type Viewer } from "steerlab";
const canvas = document.createElement("canvas");
mount(canvas);
mount(canvas, 42);
const v: Viewer = mount(canvas, "flock"); v.set("separation.weight", { x: 1 });
v.nope();
const t: "blue" = v.theme;
canvas.addEventListener("steerlab:change", (e) => e.detail.nope);
v.playing = true;
v.step("ten");
v.still("gif");
`;
const BAD_LINES = [3, 4, 5, 6, 7, 8, 9, 10, 11];

function tsc(dirTs, file, ext = "ts") {
  fs.writeFileSync(
    path.join(dirTs, `tsconfig.${file}.json`),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom", "dom.iterable"], types: [], skipLibCheck: false, jsx: "react-jsx" },
      files: [`${file}.${ext}`],
    }),
  );
  return run(TSC, ["-p", `tsconfig.${file}.json`, "--pretty", "false"], { cwd: dirTs });
}

test("tsc --noEmit: a page using the types passes, wrong calls fail (no Rust on PATH)", () => {
  const dirTs = path.join(dir, "ts");
  fs.mkdirSync(path.join(dirTs, "node_modules"), { recursive: true });
  fs.symlinkSync(path.join(dir, "steerlab"), path.join(dirTs, "node_modules", "steerlab"), "dir");
  fs.writeFileSync(path.join(dirTs, "ok.ts"), TS_OK);
  fs.writeFileSync(path.join(dirTs, "bad.ts"), TS_BAD);
  const ok = tsc(dirTs, "ok");
  assert.equal(ok.status, 0, `tsc on ok.ts:\n${ok.stdout}${ok.stderr}`);
  const bad = tsc(dirTs, "bad");
  assert.notEqual(bad.status, 0, "tsc must refuse bad.ts");
  const lines = new Set([...`${bad.stdout}${bad.stderr}`.matchAll(/bad\.ts[(:](\d+)[,:]\d+/g)].map((m) => Number(m[1])));
  assert.deepEqual([...lines].sort((a, b) => a - b), BAD_LINES, `errors reported:\n${bad.stdout}`);
});

// React: the component's props and <steer-lab> in JSX (React 19's types, jsx: react-jsx).
const TSX_OK = `import { useState } from "react";
import { SteerLab } from "steerlab/react";
import type { Viewer } from "steerlab";
export function Page() {
  const [w, setW] = useState(1.5);
  return (
    <main>
      <SteerLab scenario="flock" seed={7} theme="dark" lang="es" controls={false} set={{ "separation.weight": w }}
        onReady={(v: Viewer) => v.play()} onError={(m: string) => console.log(m.length)} className="wide" id="f" />
      <SteerLab scenario={{ name: "mine", world: { width: 300, height: 200 } }} />
      <steer-lab scenario="queue" theme="light" lang="en" seed="3" autoplay="false" />
      <input type="range" onChange={(e) => setW(+e.target.value)} />
    </main>
  );
}
`;
const TSX_BAD = `import { SteerLab } from "steerlab/react";
export const a = <SteerLab scenario={42} />;
export const b = <SteerLab theme="blue" />;
export const c = <SteerLab set={{ "separation.weight": { x: 1 } }} />;
export const d = <steer-lab theme="blue" />;
export const e = <SteerLab nope={1} />;
`;
const TSX_BAD_LINES = [2, 3, 4, 5, 6];

test("tsc: <SteerLab> and <steer-lab> in React JSX are typed; wrong props fail", () => {
  const dirTs = path.join(dir, "tsx");
  fs.mkdirSync(path.join(dirTs, "node_modules"), { recursive: true });
  fs.symlinkSync(path.join(dir, "steerlab"), path.join(dirTs, "node_modules", "steerlab"), "dir");
  // React and its types where both the page and the unpacked package (../steerlab) find them.
  fs.mkdirSync(path.join(dir, "node_modules", "@types"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "tools", "node_modules", "react"), path.join(dir, "node_modules", "react"), "dir");
  fs.symlinkSync(path.join(ROOT, "tools", "node_modules", "@types", "react"), path.join(dir, "node_modules", "@types", "react"), "dir");
  fs.writeFileSync(path.join(dirTs, "ok.tsx"), TSX_OK);
  fs.writeFileSync(path.join(dirTs, "bad.tsx"), TSX_BAD);
  const ok = tsc(dirTs, "ok", "tsx");
  assert.equal(ok.status, 0, `tsc on ok.tsx:\n${ok.stdout}${ok.stderr}`);
  const bad = tsc(dirTs, "bad", "tsx");
  assert.notEqual(bad.status, 0, "tsc must refuse bad.tsx");
  const lines = new Set([...`${bad.stdout}${bad.stderr}`.matchAll(/bad\.tsx[(:](\d+)[,:]\d+/g)].map((m) => Number(m[1])));
  assert.deepEqual([...lines].sort((a, b) => a - b), TSX_BAD_LINES, `errors reported:\n${bad.stdout}`);
});
