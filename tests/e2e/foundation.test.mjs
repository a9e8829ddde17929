// End-to-end tests of the built page (dist/, from `trunk build --release`) in headless Chromium.
// Run: node --test tests/e2e/   (scripts/test.sh builds dist/ first).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
  DIST, CSP, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, canvasStats,
  canvasChange, waitForDrawn, ensureArtifacts, nativeState, firstAgentDifference,
} from "./helpers.mjs";

let server;
let browser;

before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("the build exists: page, module, loader, example article", () => {
  for (const f of ["index.html", "steerlab.js", "steerlab_bg.wasm", "www/boot.js", "www/gallery.css", "www/embed.html"]) {
    assert.ok(fs.existsSync(path.join(DIST, f)), `dist/${f} is missing: run trunk build --release`);
  }
  const wasm = fs.readFileSync(path.join(DIST, "steerlab_bg.wasm"));
  assert.deepEqual([...wasm.subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d], "steerlab_bg.wasm does not start with the wasm magic number");
  // CSP: script-src 'self' forbids inline scripts, so every <script> in the built pages must load a file.
  for (const page of ["index.html", "www/embed.html"]) {
    const html = fs.readFileSync(path.join(DIST, page), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.ok(scripts.length >= 1, `${page} loads no script`);
    for (const [, attrs, body] of scripts) {
      if (/\btype="application\/json"/.test(attrs)) continue; // data (a scenario), never run
      assert.match(attrs, /\bsrc=/, `${page} has an inline <script>: ${attrs}`);
      assert.equal(body.trim(), "", `${page} has a <script src> with inline code`);
    }
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i, `${page} has an inline event handler attribute`);
    assert.doesNotMatch(html, /\sstyle\s*=/i, `${page} has a style attribute (blocked by default-src 'self')`);
  }
});

test("the gallery loads under the CSP with no console errors and no CSP violations", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  const res = await page.request.get(server.url("/"));
  assert.equal(res.headers()["content-security-policy"], CSP, "the test server must send the page's CSP");
  await waitForSteerlab(page);
  const flock = await waitForDrawn(page, 'canvas[data-scenario="flock"]');
  assert.ok(flock.drawn > 0, "the flock canvas never drew");
  await page.waitForTimeout(300);
  assert.deepEqual(await allProblems(page, problems), []);
  const wasm = server.requests.find((r) => r.path === "/steerlab_bg.wasm");
  assert.ok(wasm, "the page never requested /steerlab_bg.wasm");
  // The page names its icon, so browsers do not fetch a missing /favicon.ico (a 404 in the console).
  const icon = await page.$eval('link[rel="icon"]', (l) => l.href);
  const got = await page.request.get(icon);
  assert.equal(got.status(), 200, `${icon}: ${got.status()}`);
  assert.match(got.headers()["content-type"], /^image\/svg\+xml/);
});

test("the flock canvas draws non-background pixels, and the picture changes between frames", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="flock"]';
  // On screen: an offscreen viewer draws no frames (the steering basics come first now).
  await page.locator(sel).scrollIntoViewIfNeeded();
  const stats = await waitForDrawn(page, sel);
  // 120 boids on a 640 × 400 world: each boid is a few pixels wide, so well over 0.2 % of the
  // canvas must differ from the background colour.
  assert.ok(stats.total > 0, `the canvas has no backing store (${stats.width} × ${stats.height})`);
  assert.ok(stats.drawn / stats.total > 0.002, `only ${stats.drawn} of ${stats.total} pixels differ from the background ${stats.background}`);
  assert.ok(stats.colours >= 2, "the canvas is a single colour");
  const box = await page.locator(sel).boundingBox();
  assert.ok(box && box.width > 100 && box.height > 50, `the canvas is too small on the page: ${JSON.stringify(box)}`);
  const diff = await canvasChange(page, sel, 500);
  assert.ok(diff.changed > 0, "the picture did not change in 500 ms: the flock is not animating");
  const dir = ensureArtifacts();
  await page.screenshot({ path: path.join(dir, "gallery-1x.png"), fullPage: true });
  await page.locator(sel).screenshot({ path: path.join(dir, "flock-canvas.png") });
  assert.deepEqual(await allProblems(page, problems), []);
});

test("the canvas is crisp on a 2× screen: backing store in device pixels", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { deviceScaleFactor: 2 });
  t.after(() => context.close());
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="flock"]';
  const stats = await waitForDrawn(page, sel);
  const box = await page.locator(sel).boundingBox();
  // A backing store of CSS size × devicePixelRatio (±1 px of rounding) is what makes it crisp.
  assert.ok(Math.abs(stats.width - Math.round(box.width * 2)) <= 2, `backing width ${stats.width} for ${box.width} CSS px at 2×`);
  assert.ok(Math.abs(stats.height - Math.round(box.height * 2)) <= 2, `backing height ${stats.height} for ${box.height} CSS px at 2×`);
  await page.screenshot({ path: path.join(ensureArtifacts(), "gallery-2x.png"), fullPage: true });
  assert.deepEqual(await allProblems(page, problems), []);
});

test("the gallery follows prefers-color-scheme: light and dark backgrounds", async (t) => {
  const luminance = (page) =>
    page.evaluate(() => {
      const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
  const light = await openPage(browser, server.url("/"), { colorScheme: "light" });
  t.after(() => light.context.close());
  const dark = await openPage(browser, server.url("/"), { colorScheme: "dark" });
  t.after(() => dark.context.close());
  assert.ok((await luminance(light.page)) > 0.8, "the light scheme should have a light page background");
  assert.ok((await luminance(dark.page)) < 0.2, "the dark scheme should have a dark page background");
  await waitForSteerlab(dark.page);
  await waitForDrawn(dark.page, 'canvas[data-scenario="flock"]');
  await dark.page.screenshot({ path: path.join(ensureArtifacts(), "gallery-dark.png"), fullPage: true });
  assert.deepEqual(await allProblems(dark.page, dark.problems), []);
});

test("the example article loads the same module and all of its canvases draw", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/www/embed.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const canvases = await page.locator("canvas[data-scenario]").count();
  assert.ok(canvases >= 2, `embed.html should embed at least two canvases, found ${canvases}`);
  for (let i = 0; i < canvases; i++) {
    await page.locator("canvas[data-scenario]").nth(i).scrollIntoViewIfNeeded();
    await page.evaluate((i) => { document.querySelectorAll("canvas[data-scenario]")[i].id = `embed-canvas-${i}`; }, i);
    const stats = await waitForDrawn(page, `#embed-canvas-${i}`);
    assert.ok(stats.total > 0 && stats.drawn / stats.total > 0.002, `embedded canvas ${i} did not draw (${stats.drawn} of ${stats.total})`);
  }
  const moduleLoads = server.requests.filter((r) => r.path === "/steerlab_bg.wasm").length;
  assert.ok(moduleLoads >= 1, "the article never loaded the module");
  await page.screenshot({ path: path.join(ensureArtifacts(), "embed-article.png"), fullPage: true });
  assert.deepEqual(await allProblems(page, problems), []);
});

/**
 * Steps `scenario` from its seed `steps` times in the page (mounted, paused and stepped in one
 * synchronous task, so no animation frame runs in between) and natively, and asserts every
 * agent's numbers are equal, and that the steps moved the flock.
 */
async function assertSameAsNative(t, scenario, steps, agents) {
  const native = nativeState(scenario, steps);
  assert.equal(native.steps, steps);
  assert.equal(native.agents.length, agents);

  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const browserState = await page.evaluate(
    ({ scenario, steps }) => {
      const canvas = document.createElement("canvas");
      document.body.append(canvas);
      const v = window.steerlab.mount(canvas, scenario);
      try {
        v.pause();
        v.reset();
        v.step(steps);
        const s = v.state();
        return { steps: Number(s.steps), agents: s.agents };
      } finally {
        v.destroy();
        canvas.remove();
      }
    },
    { scenario, steps },
  );
  assert.equal(browserState.steps, steps);
  const diff = firstAgentDifference(native.agents, browserState.agents);
  assert.equal(diff, null, `native and browser trajectories of ${scenario} differ after ${steps} steps: ${diff}`);
  // And the comparison is not vacuous: the agents moved away from the initial state.
  const start = nativeState(scenario, 0);
  assert.notEqual(firstAgentDifference(start.agents, native.agents), null, `${steps} steps did not move the flock`);
  assert.deepEqual(await allProblems(page, problems), []);
}

test("same seed + scenario: the browser's trajectory equals the native one, number for number", async (t) => {
  await assertSameAsNative(t, "flock", 1000, 120);
});

test("the fast engine too: the stress scenario steps to the same numbers in the browser (4-lane simd128) as natively (the CPU's widest kernel)", async (t) => {
  // 20 000 boids on the fast engine: the cell index, the group windows, the vector kernels and
  // phase two take other code paths in wasm than on x86_64, and must still give the same bits.
  await assertSameAsNative(t, "stress", 120, 20000);
});
