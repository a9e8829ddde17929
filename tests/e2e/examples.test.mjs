// Issue 34: the example projects under examples/, installed from the packed bundle
// (scripts/package.sh → dist-pkg/steerlab-<version>.tgz) with `npm ci` from their own lockfiles,
// built with their own tools, and opened in Chromium as a reader would:
//   plain-page   a static blog under a subpath (/blog/, GitHub Pages style), no bundler
//   vite-react   Vite + React with the package's <SteerLab> component, in <StrictMode>: the
//                production build and the dev server (the one line: optimizeDeps.exclude)
//   astro        Astro (pages rendered in Node) with <steer-lab> and client-side navigation
// Each: canvases draw, no console error, a route change leaves no live viewer.
//
//   node --test tests/e2e/examples.test.mjs      (needs dist/ from scripts/build.sh and the npm
//                                                 registry or npm's cache for the first install)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { ROOT, ARTIFACTS, serveDist, launchBrowser, openPage, allProblems, waitForDrawn, canvasChange, ensureArtifacts, packArchive } from "./helpers.mjs";

const VERSION = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
const TGZ = path.join(ROOT, "dist-pkg", `steerlab-${VERSION}.tgz`);
const EX = (name) => path.join(ROOT, "examples", name);
const NPM_ENV = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", ASTRO_TELEMETRY_DISABLED: "1" };

function sh(cwd, cmd, args) {
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd, env: NPM_ENV, encoding: "utf8", maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `${cmd} ${args.join(" ")} in ${path.relative(ROOT, cwd)} failed:\n${r.stdout}\n${r.stderr}`);
  console.log(`# ${path.relative(ROOT, cwd)}: ${cmd} ${args.join(" ")} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return r.stdout;
}

// `npm ci` from the example's lockfile. The lockfile names the archive by path, without a hash
// (the archive changes with every build); a test below checks that it stays so.
const installed = new Map();
function install(name) {
  if (!installed.has(name)) {
    sh(EX(name), "npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"]);
    installed.set(name, true);
  }
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

let browser;
before(async () => {
  packArchive();
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
});

const live = (page) => page.evaluate(() => window.steerlab.liveViewers());
const waitLive = (page, n, timeout = 5000) => page.waitForFunction((k) => window.steerlab?.liveViewers() === k, n, { timeout });

async function drawsAndMoves(page, selectors) {
  for (const sel of selectors) {
    await page.locator(sel).scrollIntoViewIfNeeded();
    const s = await waitForDrawn(page, sel);
    assert.ok(s.drawn > 0 && s.colours >= 2, `${sel} drew: ${JSON.stringify(s)}`);
    assert.ok((await canvasChange(page, sel, 400)).changed > 0, `${sel} animates`);
  }
}

test("each example depends on this version's archive, by path and without a hash, in package.json and the lockfile", () => {
  for (const name of ["plain-page", "vite-react", "astro"]) {
    const pkg = JSON.parse(fs.readFileSync(path.join(EX(name), "package.json"), "utf8"));
    assert.equal(pkg.dependencies.steerlab, `file:../../dist-pkg/steerlab-${VERSION}.tgz`, `${name}/package.json`);
    const lock = JSON.parse(fs.readFileSync(path.join(EX(name), "package-lock.json"), "utf8"));
    const entry = lock.packages["node_modules/steerlab"];
    assert.equal(entry.resolved, `file:../../dist-pkg/steerlab-${VERSION}.tgz`, `${name}/package-lock.json`);
    assert.equal(entry.integrity, undefined, `${name}/package-lock.json: no integrity for the archive (it changes with every build)`);
  }
});

test("plain page under a subpath: a dark blog at /blog/ with a canvas and a <steer-lab>", async (t) => {
  install("plain-page");
  sh(EX("plain-page"), "npm", ["run", "build", "--silent"]);
  const server = await serveDist({ root: path.join(EX("plain-page"), "dist") });
  t.after(() => server.close());
  const { context, page, problems } = await openPage(browser, server.url("/blog/"));
  t.after(() => context.close());
  await page.waitForFunction(() => window.steerlab, null, { timeout: 30000 });
  await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("flock")));
  await drawsAndMoves(page, ["#flock", "#queue canvas"]);
  assert.equal(await live(page), 2);
  // Dark, from the page's background (the reader's system is light): the viewer, and the poster
  // shown before it (boot.js marks the canvas for posters.css).
  assert.equal(await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("flock")).theme), "dark");
  assert.ok(await page.evaluate(() => document.getElementById("flock").classList.contains("steerlab-poster-dark")), "the dark poster");
  for (const p of server.requests.map((r) => r.path)) assert.ok(p.startsWith("/blog/"), `request ${p} stays under /blog/`);
  await page.screenshot({ path: path.join(ARTIFACTS, "example-plain-page.png") });
  assert.deepEqual(await allProblems(page, problems), []);
});

async function checkReactApp(page, problems, { strict }) {
  await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 2, null, { timeout: 30000 });
  await drawsAndMoves(page, ["#flock canvas", "#queue canvas"]);
  const state = () =>
    page.evaluate(() => {
      const v = (id) => window.steerlab.viewerFor(document.querySelector(`#${id} canvas`));
      return {
        canvases: document.querySelectorAll("canvas").length,
        weight: v("flock").get("separation.weight"),
        seed: v("flock").state().seed,
        queueTheme: v("queue").theme,
      };
    });
  // One canvas per component even in StrictMode (its effects run twice in development).
  assert.deepEqual(await state(), { canvases: 2, weight: 1.5, seed: 7, queueTheme: "dark" }, strict ? "in StrictMode" : "");
  // The page's own slider drives the `set` prop.
  await page.locator("#weight").fill("3");
  await page.waitForFunction(() => window.steerlab.viewerFor(document.querySelector("#flock canvas"))?.get("separation.weight") === 3);
  // Route changes: nothing left behind, and back again.
  for (let k = 0; k < 3; k++) {
    await page.click('a[href="#/about"]');
    await waitLive(page, 0);
    assert.equal(await page.evaluate(() => document.querySelectorAll("canvas").length), 0);
    await page.click('a[href="#/"]');
    await waitLive(page, 2);
  }
  await drawsAndMoves(page, ["#flock canvas"]);
  assert.deepEqual(await allProblems(page, problems), []);
}

test("Vite + React, production build: <SteerLab> draws, its props and `set` apply, route changes leave no viewer", async (t) => {
  install("vite-react");
  const out = sh(EX("vite-react"), "npx", ["--no-install", "vite", "build", "--logLevel", "warn"]);
  assert.doesNotMatch(out, /warn/i, out);
  const server = await serveDist({ root: path.join(EX("vite-react"), "dist") });
  t.after(() => server.close());
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await checkReactApp(page, problems, { strict: false });
  await page.screenshot({ path: path.join(ARTIFACTS, "example-vite-react.png") });
});

// A dev server (vite or astro dev) on a free port; resolves to { url, log() } once it is up.
async function devServer(t, name, bin, ready) {
  const port = await freePort();
  const child = spawn(path.join(EX(name), "node_modules", ".bin", bin), ["dev", "--host", "127.0.0.1", "--port", String(port)], {
    cwd: EX(name),
    env: NPM_ENV,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  t.after(() => child.kill());
  const deadline = Date.now() + 60000;
  while (!ready.test(log)) {
    assert.ok(Date.now() < deadline && child.exitCode === null, `${bin} dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: `http://127.0.0.1:${port}/`, log: () => log };
}

test("Vite + React, dev server (StrictMode's double effects, the wasm served unbundled)", async (t) => {
  install("vite-react");
  const dev = await devServer(t, "vite-react", "vite", /ready in/i);
  const { context, page, problems } = await openPage(browser, dev.url);
  t.after(() => context.close());
  await checkReactApp(page, problems, { strict: true });
  assert.doesNotMatch(dev.log(), /error/i, dev.log());
});

test("Astro, dev server: <steer-lab> draws", async (t) => {
  install("astro");
  const dev = await devServer(t, "astro", "astro", /watching for file changes/i);
  const { context, page, problems } = await openPage(browser, dev.url);
  t.after(() => context.close());
  await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 2, null, { timeout: 30000 });
  await drawsAndMoves(page, ["#flock canvas", "#queue canvas"]);
  assert.deepEqual(await allProblems(page, problems), []);
  assert.doesNotMatch(dev.log(), /error/i, dev.log());
});

test("Astro: pages rendered in Node read the package, <steer-lab> draws, client-side navigation leaves no viewer", async (t) => {
  install("astro");
  sh(EX("astro"), "npx", ["--no-install", "astro", "build", "--silent"]);
  const html = fs.readFileSync(path.join(EX("astro"), "dist", "index.html"), "utf8");
  const flock = JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", "flock.json"), "utf8"));
  assert.ok(html.includes(flock.title), "the title came from steerlab/scenarios/flock.json at build time");
  // Astro inlines its small client-router script: served without the strict policy.
  const server = await serveDist({ root: path.join(EX("astro"), "dist"), csp: null });
  t.after(() => server.close());
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 2, null, { timeout: 30000 });
  await drawsAndMoves(page, ["#flock canvas", "#queue canvas"]);
  await page.evaluate(() => (window.__samePage = true));
  for (let k = 0; k < 3; k++) {
    // (Each navigation done before the next: the router aborts a page fetch a newer click overtakes.)
    await page.click('a[href="/about/"]');
    await page.waitForURL(/about/);
    await waitLive(page, 0);
    await page.waitForLoadState("networkidle");
    await page.click('a[href="/"]');
    await waitLive(page, 2);
    await page.waitForLoadState("networkidle");
  }
  assert.equal(await page.evaluate(() => window.__samePage), true, "navigation stayed in the page (Astro's client router)");
  await drawsAndMoves(page, ["#flock canvas", "#queue canvas"]);
  await page.screenshot({ path: path.join(ARTIFACTS, "example-astro.png") });
  // The router prefetches a page when the pointer is over its link and drops the fetch when the
  // click overtakes it: an aborted request for a page, which no reader sees.
  const dropped = (p) => /^failed: http:\/\/127\.0\.0\.1:\d+\/(about\/)?: net::ERR_ABORTED$/.test(p);
  assert.deepEqual((await allProblems(page, problems)).filter((p) => !dropped(p)), []);
});
