// Issue 47, item 2: updates that never mix. Every file the loader fetches is asked for with the
// build's hash from dist/manifest.json (scripts/hooks/version.mjs), so a reader whose cache holds
// an old build's module never runs it with a new loader; `steerlab.version` is the package's.
//
// The test serves one build, lets the browser cache everything but the HTML and boot.js for a
// year (what a CDN's defaults do to a plain folder), loads a page whose canvases use the lazy
// modules, then puts a second build in place and reloads: every module, the glue and the wasm
// must be the second build's. As a control, the same with the loader's specifiers written
// without the hash shows the mix the mechanism prevents.
//
//   node --test tests/e2e/updates.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import http from "node:http";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, DIST, CSP, mimeType, launchBrowser } from "./helpers.mjs";

const VERSION = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, "manifest.json"), "utf8"));

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>updates</title>
<link rel="stylesheet" href="/www/steerlab.css">
<script type="module" src="/www/boot.js"></script></head>
<body><canvas id="a" data-scenario="flock" data-chart data-autoplay="false"></canvas>
<canvas id="b" data-scenario="queue" data-compare='{"queue.braking": false}' data-autoplay="false"></canvas></body></html>`;

/** A copy of dist/ whose glue and chart module say which build they are (`window.__builds`). */
function buildCopy(name, { rehash = true } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `steerlab-${name}-`));
  fs.cpSync(DIST, dir, { recursive: true });
  for (const f of ["steerlab.js", "www/chart.js", "www/compare.js"]) {
    fs.appendFileSync(path.join(dir, f), `\n;(globalThis.__builds ??= {})[${JSON.stringify(f)}] = ${JSON.stringify(name)};\n`);
  }
  fs.writeFileSync(path.join(dir, "updates.html"), PAGE);
  if (rehash) {
    const r = spawnSync("node", [path.join(ROOT, "scripts", "hooks", "version.mjs"), dir], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
  }
  return dir;
}

/** A server whose root can be swapped; everything but HTML and boot.js is cached for a year. */
async function cachingServer(root) {
  const state = { root, requests: [] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    state.requests.push(url.pathname + url.search);
    const file = path.join(state.root, decodeURIComponent(url.pathname));
    const fresh = /\.html$|\/www\/boot\.js$/.test(url.pathname);
    const headers = { "Content-Security-Policy": CSP, "Cache-Control": fresh ? "no-cache" : "public, max-age=31536000, immutable" };
    try {
      const body = fs.readFileSync(file);
      res.writeHead(200, { ...headers, "Content-Type": mimeType(file) }).end(body);
    } catch {
      res.writeHead(404, headers).end("not found");
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  state.url = (p) => `http://127.0.0.1:${server.address().port}${p}`;
  state.close = () => new Promise((r) => (server.closeAllConnections?.(), server.close(r)));
  return state;
}

let browser;
const dirs = [];
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function loadBoth(page, server) {
  await page.goto(server.url("/updates.html"));
  await page.waitForFunction(() => window.steerlab && window.__builds?.["www/chart.js"] && window.__builds?.["www/compare.js"], null, { timeout: 60000 });
  return page.evaluate(() => ({ builds: { ...window.__builds }, version: window.steerlab.version }));
}

test("steerlab.version is the package's; the manifest lists every file the loader fetches, each fetched with the build's hash", async (t) => {
  assert.equal(manifest.version, VERSION);
  assert.match(manifest.build, /^[0-9a-f]{12}$/);
  for (const f of ["steerlab.js", "steerlab_bg.wasm", "www/chart.js", "www/compare.js", "www/challenge.js", "www/code/templates/js.json", "scenarios/flock.json"]) {
    assert.match(manifest.files[f] ?? "", /^[0-9a-f]{16}$/, `${f} in the manifest`);
  }
  const server = await cachingServer(DIST);
  t.after(() => server.close());
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(server.url("/www/embed.html"));
  await page.waitForFunction(() => window.steerlab, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.steerlab.version), VERSION, "steerlab.version");
  const { version } = await page.evaluate(() => import("/www/boot.js"));
  assert.equal(version, VERSION, "boot.js's version export");
  // Every request for a file of the manifest, but boot.js, names the build.
  // (The page's own scripts are named by its HTML, as an author names boot.js: not the loader's.)
  const PAGE_SCRIPTS = ["/www/boot.js", "/www/embed.js", "/www/steer-lab.js", "/www/chapter.js", "/www/playground.js"];
  const unversioned = server.requests.filter((r) => {
    const [p, q = ""] = r.split("?");
    return manifest.files[p.slice(1)] && !PAGE_SCRIPTS.includes(p) && !new URLSearchParams(q).get("v");
  });
  assert.deepEqual(unversioned, [], "requests without ?v=");
  const wrong = server.requests.filter((r) => /[?&]v=/.test(r) && !r.includes(`v=${manifest.build}`));
  assert.deepEqual(wrong, []);
});

test("a new build never runs with an old build's cached glue, wasm or lazy modules; without the hashes it would", async (t) => {
  const a = buildCopy("old");
  const b = buildCopy("new");
  dirs.push(a, b);
  const server = await cachingServer(a);
  t.after(() => server.close());
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const first = await loadBoth(page, server);
  assert.deepEqual(first.builds, { "steerlab.js": "old", "www/chart.js": "old", "www/compare.js": "old" });
  // The update: the new build in place, the reader comes back (old files in the cache for a year).
  server.root = b;
  const before = server.requests.length;
  const second = await loadBoth(page, server);
  assert.deepEqual(second.builds, { "steerlab.js": "new", "www/chart.js": "new", "www/compare.js": "new" }, "every module of the new build");
  const fetched = server.requests.slice(before).map((r) => r.split("?")[0]);
  for (const f of ["/steerlab.js", "/steerlab_bg.wasm", "/www/chart.js", "/www/compare.js"]) assert.ok(fetched.includes(f), `${f} fetched again`);

  // The control: two builds whose specifiers carry no hash (what the loader did before).
  const strip = (dir) => {
    for (const f of ["www/boot.js", "steerlab.js", "www/compare.js", "www/chart.js"]) {
      const p = path.join(dir, f);
      fs.writeFileSync(p, fs.readFileSync(p, "utf8").replace(/\?v=[0-9a-f]{12}(?=["'`])/g, "").replace(/&v=[0-9a-f]{12}/g, ""));
    }
  };
  const a0 = buildCopy("old", { rehash: false });
  const b0 = buildCopy("new", { rehash: false });
  dirs.push(a0, b0);
  strip(a0);
  strip(b0);
  const plain = await cachingServer(a0);
  t.after(() => plain.close());
  const context0 = await browser.newContext();
  t.after(() => context0.close());
  const page0 = await context0.newPage();
  await loadBoth(page0, plain);
  plain.root = b0;
  const mixed = await loadBoth(page0, plain);
  assert.equal(mixed.builds["steerlab.js"], "old", "without the hashes the cache serves the old glue to the new loader (the mix)");
});
