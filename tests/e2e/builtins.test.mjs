// The built-in scenarios are files the page fetches as its canvases mount, not part of the module
// (feature lazy-builtins): the gallery asks only for the scenarios of its canvases, each once, with
// no synchronous request, and mounts those near the viewport; window.steerlab takes a built-in's name anywhere as before; code that
// skips boot.js gets a message saying what to do, and works once it gives the text.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, waitForSteerlab } from "./helpers.mjs";

const BLANK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>raw</title>
<link rel="stylesheet" href="/www/steerlab.css"></head><body>
<canvas id="c" width="320" height="200"></canvas>
<script type="module" src="/raw.js"></script></body></html>`;

// The module alone, without boot.js.
const RAW = `import init, { mount, registerScenario, missingScenario } from "/steerlab.js";
await init();
const canvas = document.getElementById("c");
const out = { missing: missingScenario("queue"), missingJson: missingScenario('{"name": "x"}') ?? null };
try { mount(canvas, "queue"); out.first = "mounted"; } catch (e) { out.first = String(e.message); }
try { registerScenario("queu", "{}"); } catch (e) { out.badName = String(e.message); }
registerScenario("queue", await (await fetch("/scenarios/queue.json")).text());
out.missingAfter = missingScenario("queue") ?? null;
const v = mount(canvas, "queue");
v.step(30);
out.agents = v.state().agents.length;
window.__raw = out;`;

let server;
let browser;
before(async () => {
  server = await serveDist({ extra: { "/raw.html": BLANK, "/raw.js": RAW, "/empty.html": "<!doctype html><title>empty</title>" } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("the gallery fetches the scenarios of its canvases, each once, and no others; it mounts those near the viewport", async () => {
  const { context, page } = await openPage(browser, server.url("/empty.html"), { viewport: { width: 1280, height: 900 } });
  try {
    const asked = [];
    page.on("request", (r) => {
      const m = /\/scenarios\/([a-z-]+)\.json$/.exec(new URL(r.url()).pathname);
      if (m) asked.push(m[1]);
    });
    const warnings = [];
    page.on("console", (m) => /Synchronous XMLHttpRequest/i.test(m.text()) && warnings.push(m.text()));
    await page.goto(server.url("/"), { waitUntil: "load" });
    await waitForSteerlab(page);
    const mounted = await page.evaluate(() =>
      [...document.querySelectorAll(".steerlab canvas[data-scenario]")].map((c) => c.getAttribute("data-scenario")),
    );
    const all = await page.evaluate(() => [...document.querySelectorAll("canvas[data-scenario]")].map((c) => c.getAttribute("data-scenario")));
    assert.ok(mounted.length > 0 && mounted.length < all.length, `some canvases wait (${mounted.length} of ${all.length})`);
    // Every canvas's file is asked for from the start (small, each once: `ready` waits for them, so
    // that viewerFor mounts a waiting canvas at once with no synchronous request); the canvases
    // themselves mount as they come near.
    assert.deepEqual([...new Set(asked)].sort(), [...new Set(all)].sort(), "the files asked for are the page's canvases' scenarios");
    assert.equal(asked.length, new Set(asked).size, "each file once");
    assert.deepEqual(warnings, [], "no synchronous request on the way in");
    // A canvas further down: scrolling near it fetches its scenario and mounts it.
    const far = await page.evaluate(() => {
      const c = [...document.querySelectorAll("canvas[data-scenario]")].find((c) => !c.closest(".steerlab"));
      c.id ||= "far-one";
      return { id: c.id, name: c.getAttribute("data-scenario") };
    });
    await page.locator(`#${far.id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((id) => !!document.getElementById(id).closest(".steerlab"), far.id, { timeout: 20_000 });
    assert.ok(asked.includes(far.name), `${far.name} fetched`);
  } finally {
    await context.close();
  }
});

test("window.steerlab mounts a built-in by name that no canvas of the page asked for", async () => {
  const { context, page } = await openPage(browser, server.url("/chapters/flocking.html"));
  try {
    await waitForSteerlab(page);
    const r = await page.evaluate(() => {
      const c = document.createElement("canvas");
      document.body.append(c);
      const before = window.steerlab.missingScenario("path-tube");
      const v = window.steerlab.mount(c, "path-tube");
      v.step(10);
      return { before, name: v.state().scenario.name, valid: window.steerlab.validate("wander") };
    });
    assert.equal(r.before, "path-tube", "the chapter had not fetched it");
    assert.equal(r.name, "path-tube");
    assert.equal(r.valid, null, "validate() takes a name too");
  } finally {
    await context.close();
  }
});

test("without boot.js: mount names what to do, and registerScenario makes the name work", async () => {
  const { context, page } = await openPage(browser, server.url("/raw.html"));
  try {
    await page.waitForFunction(() => window.__raw, null, { timeout: 30_000 });
    const r = await page.evaluate(() => window.__raw);
    assert.equal(r.missing, "queue");
    assert.equal(r.missingJson, null, "scenario text needs no file");
    assert.match(r.first, /built-in scenario `queue` is not loaded yet/);
    assert.match(r.first, /registerScenario\("queue", text\)/);
    assert.match(r.badName, /`queu` is not a built-in scenario/);
    assert.equal(r.missingAfter, null);
    assert.ok(r.agents > 0, "mounted once its text was given");
  } finally {
    await context.close();
  }
});

// A canvas taken from the mount queue while its files are on their way (its scenario, and chart.js
// for a canvas that shows its chart from the start) is mounted by viewerFor at once, like one still
// queued (it returned undefined in that window: a phone test's race).
test("viewerFor mounts a canvas whose files are on their way", async () => {
  const delays = { "/www/chart.js": 3000 };
  const page1 = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>due</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/due.css"></head><body>
<canvas id="a" data-scenario="seek"></canvas><div class="gap"></div>
<canvas id="c" data-scenario="flock" data-chart></canvas>
<script type="module" src="/www/boot.js"></script></body></html>`;
  const slow = await serveDist({ delays, extra: { "/due.html": page1, "/due.css": ".gap { height: 4000px }" } });
  const { context, page } = await openPage(browser, slow.url("/due.html"), { viewport: { width: 800, height: 900 } });
  try {
    await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 1);
    // Scrolled near: the canvas leaves the queue, its scenario comes, chart.js does not yet.
    await page.evaluate(() => document.getElementById("c").scrollIntoView());
    await page.waitForTimeout(600);
    assert.equal(await page.evaluate(() => document.getElementById("c").hasAttribute("data-steerlab-mounted")), false);
    const got = await page.evaluate(() => {
      const v = window.steerlab.viewerFor(document.getElementById("c"));
      return v ? v.state().agents.length : null;
    });
    assert.equal(got, 120);
    await page.waitForSelector(".steerlab-chart-canvas", { timeout: 15_000 });
    assert.equal(await page.evaluate(() => window.steerlab.liveViewers()), 2);
  } finally {
    await context.close();
    await slow.close();
  }
});
