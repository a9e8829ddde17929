// Issue 25 end to end: a canvas far from the viewport costs nothing until the reader scrolls near
// it (boot.js's `autoMount({ lazy: true })`); `viewerFor` mounts a waiting canvas at once;
// `data-mount="eager"` opts out; `mount()` on a waiting canvas wins over the lazy chain; the
// chapters' "try this" buttons work on canvases that have not mounted yet.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn } from "./helpers.mjs";

const TALL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lazy</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/lazy.css"></head><body>
<canvas id="near" data-scenario="seek" width="320" height="200"></canvas>
<div class="gap"></div>
<canvas id="eager" data-scenario="flock" data-mount="eager" width="320" height="200"></canvas>
<div class="gap"></div>
<canvas id="far" data-scenario="arrive" width="320" height="200"></canvas>
<div class="gap"></div>
<canvas id="taken" data-scenario="arrive" width="320" height="200"></canvas>
<div class="gap"></div>
<canvas id="removed" data-scenario="flee" width="320" height="200"></canvas>
<script type="module" src="/www/boot.js"></script></body></html>`;

let server;
let browser;
before(async () => {
  server = await serveDist({ extra: { "/lazy.html": TALL, "/lazy.css": ".gap { height: 4000px }" } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const mounted = (page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll("canvas[data-scenario]")].map((c) => [c.id || c.dataset.scenario, !!c.closest(".steerlab")])));

test("the gallery mounts the canvases near the viewport at load and the others as the reader scrolls", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { viewport: { width: 1280, height: 900 } });
  try {
    await waitForSteerlab(page);
    const total = await page.locator("canvas[data-scenario]").count();
    const live0 = await page.evaluate(() => window.steerlab.liveViewers());
    const first = await mounted(page);
    assert.ok(live0 >= 1 && live0 < total, `at load ${live0} of ${total} viewers`);
    assert.equal(first.stress, false, "the stress canvas (100 000 boids, at the bottom) waits");
    assert.equal(first.seek, true, "the first canvas is mounted");
    // Scrolled near, the last canvas mounts and draws; nothing was asked of it by script.
    await page.locator('canvas[data-scenario="stress"]').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !!document.querySelector('canvas[data-scenario="stress"]').closest(".steerlab"), null, { timeout: 15_000 });
    const stats = await waitForDrawn(page, 'canvas[data-scenario="stress"]');
    assert.ok(stats.drawn / stats.total > 0.002, `stress drew ${stats.drawn}/${stats.total}`);
    assert.ok((await page.evaluate(() => window.steerlab.liveViewers())) > live0);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("viewerFor mounts a waiting canvas at once; data-mount=eager; mount() on a waiting canvas; a removed one is forgotten", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/lazy.html"), { viewport: { width: 800, height: 600 } });
  try {
    await waitForSteerlab(page);
    await page.waitForFunction(() => !!document.getElementById("eager").closest(".steerlab"), null, { timeout: 15_000 });
    assert.deepEqual(await mounted(page), { near: true, eager: true, far: false, taken: false, removed: false });
    const r = await page.evaluate(() => {
      const sl = window.steerlab;
      const far = document.getElementById("far");
      let events = 0;
      far.addEventListener("steerlab:mounted", () => events++);
      const v = sl.viewerFor(far); // synchronous: the viewer exists when it returns
      const out = { got: !!v, scenario: v && v.state().scenario.name, events, again: sl.viewerFor(far) === undefined ? "none" : "same" };
      // mount() with another scenario on a waiting canvas: the author's call wins.
      const taken = document.getElementById("taken");
      out.taken = sl.mount(taken, "pursuit").state().scenario.name;
      document.getElementById("removed").remove();
      return out;
    });
    assert.deepEqual(r, { got: true, scenario: "arrive", events: 1, again: "same", taken: "pursuit" });
    // Scrolling past everything mounts nothing twice and raises nothing.
    for (const y of [4000, 8000, 12000, 16000, 20000]) {
      await page.evaluate((y) => window.scrollTo(0, y), y);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(300);
    const live = await page.evaluate(() => window.steerlab.liveViewers());
    assert.equal(live, 4, "near, eager, far and taken; the removed canvas never mounted");
    assert.equal(await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("taken")).state().scenario.name), "pursuit");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("a chapter loads without mounting its canvases below the fold; a try button mounts its canvas and applies", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"), { viewport: { width: 1280, height: 900 } });
  try {
    await waitForSteerlab(page);
    const btn = page.locator('button.try[data-for="c-flock"]').first();
    await page.waitForFunction(() => !document.querySelector('button.try[data-for="c-flock"]').disabled);
    assert.equal(await page.evaluate(() => !!document.getElementById("c-flock").closest(".steerlab")), false, "c-flock waits at load");
    const set = JSON.parse(await btn.getAttribute("data-set"));
    await btn.scrollIntoViewIfNeeded();
    await btn.click();
    const [path, value] = Object.entries(set)[0];
    assert.equal(await page.evaluate((p) => window.steerlab.viewerFor(document.getElementById("c-flock")).get(p), path), value);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});
