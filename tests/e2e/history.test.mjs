// Issue 23 items 1–3 end to end: rewind and scrub, links to an exact moment, embed code.
// Run with the rest: node --test tests/e2e/  (needs a built dist/: ./scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, mountEvery } from "./helpers.mjs";

let server;
let browser;

const SCENARIOS = [
  "flock", "separation", "alignment", "cohesion", "spatial-hash", "bandada", "follow-leader", "queue",
  "path-waypoints", "path-tube", "stress", "seek", "flee", "arrive", "pursuit", "evade", "wander",
  "obstacle-avoidance", "containment", "flow-field",
];

test("every built-in scenario is in this file's list", () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "../../scenarios");
  const all = fs.readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "scenario.schema.json").map((f) => f.slice(0, -5));
  assert.deepEqual([...all].sort(), [...SCENARIOS].sort());
});

// One canvas of a fixed size at the top of the page, so that pointer positions are the same world
// positions for every viewer mounted on it.
const ONE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>one canvas</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/one.css">
<script type="module" src="/www/boot.js"></script></head>
<body><div id="box"></div></body></html>`;

const BLANK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body>
<p>A page with nothing of steerlab's yet.</p>
<!--SNIPPET-->
</body></html>`;

const BAD_SETS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bad data-set</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script></head><body>
<canvas id="neg" data-scenario="flock" data-set='{"separation.weight": -1}'></canvas>
<canvas id="typo" data-scenario="flock" data-set='{"separation.wieght": 1}'></canvas>
<canvas id="json" data-scenario="flock" data-set='{separation.weight: 1}'></canvas>
<canvas id="step" data-scenario="flock" data-step="soon"></canvas>
<canvas id="good" data-scenario="flock" data-set='{"separation.weight": 0.5, "agents.count": 40}' data-step="90"></canvas>
</body></html>`;

before(async () => {
  server = await serveDist({
    extra: { "/one.html": ONE, "/one.css": "body { margin: 0; } #box { width: 640px; padding: 8px; }", "/bad-sets.html": BAD_SETS },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Mount `name` on a fresh canvas in #box (paused, new seeds from a fixed "random" number). */
async function mountOne(page, name) {
  await page.evaluate((name) => {
    Math.random = () => 0.3125; // the "New seed" button's seed: the same in every run
    const box = document.getElementById("box");
    box.replaceChildren();
    const c = document.createElement("canvas");
    c.id = "a";
    c.dataset.autoplay = "false";
    box.append(c);
    window.v = window.steerlab.mount(c, name);
  }, name);
}

const state = (page) => page.evaluate(() => window.v.state());

/**
 * A session as a reader drives it: steps, the pointer (real mouse input on the canvas: press,
 * drag, release, double-click), a slider, set() from the page, "New seed". Calls `at(step)` after
 * the inputs of each checkpoint step.
 */
async function session(page, name, at) {
  const box = await page.locator("#a").boundingBox();
  const xy = (fx, fy) => [box.x + box.width * fx, box.y + box.height * fy];
  const step = (n) => page.evaluate((n) => window.v.step(n), n);
  // The stress scenario stays at 3000 boids (at 70 000 a snapshot is 2 MB and 16 MiB hold 56 steps).
  const controls = await page.evaluate(() =>
    window.v.state().scenario.controls.filter((c) => (c.kind ?? "slider") === "slider" && c.param !== "agents.count"),
  );
  if (name === "stress") await page.evaluate(() => window.v.set("agents.count", 3000));
  await step(5);
  await page.mouse.move(...xy(0.3, 0.4));
  await page.mouse.down();
  await page.mouse.move(...xy(0.45, 0.5), { steps: 3 });
  await step(2);
  await page.mouse.move(...xy(0.5, 0.55), { steps: 2 });
  await page.mouse.up();
  await step(13);
  if (controls[0]) {
    const c = controls[0];
    const v = c.min + Math.round(((c.max - c.min) * 0.7) / c.step) * c.step;
    await page.locator(`#box input[data-param="${c.param}"]`).fill(String(Number(v.toFixed(6))));
  }
  await step(20);
  await page.mouse.dblclick(...xy(0.6, 0.6));
  await step(20);
  await page.locator('#box [data-action="seed"]').click();
  await at(0);
  await step(10);
  await page.mouse.click(...xy(0.5, 0.5));
  await at(10);
  await step(15);
  if (controls.length > 1) {
    const c = controls[controls.length - 1];
    const v = c.min + Math.round(((c.max - c.min) * 0.25) / c.step) * c.step;
    await page.evaluate(([p, v]) => window.v.set(p, v), [c.param, Number(v.toFixed(6))]);
  }
  await page.mouse.move(...xy(0.2, 0.8));
  await page.mouse.move(...xy(0.9, 0.9));
  await at(25);
  await step(25);
  await at(50);
  await step(30);
  await at(80);
}

test("every built-in: seek back and forth lands on the live state, a fresh viewer replaying the same inputs agrees, a link restores it in a new context", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/one.html"), { viewport: { width: 700, height: 700 } });
  t.after(() => context.close());
  await waitForSteerlab(page);
  for (const name of SCENARIOS) {
    await mountOne(page, name);
    const live = new Map();
    await session(page, name, async (k) => live.set(k, await state(page)));
    assert.equal((await state(page)).steps, 80, `${name}: the reseed starts the history again at step 0`);
    const h = await page.evaluate(() => window.v.history());
    assert.equal(h.start, 0, `${name}: ${JSON.stringify(h)}`);
    assert.equal(h.end, 80, name);
    assert.ok(h.inputs >= 2, `${name}: ${h.inputs} inputs logged after the reseed`);
    // Seek back and forth: each time the state the viewer had at that step, number for number.
    for (const k of [0, 50, 10, 80, 25, 10, 0, 50, 80]) {
      const reached = await page.evaluate((k) => window.v.seek(k), k);
      assert.equal(reached, k);
      assert.deepStrictEqual(await state(page), live.get(k), `${name}: seek(${k})`);
    }
    // The link to step 50, made after seeking there.
    await page.evaluate(() => window.v.seek(50));
    const link = await page.evaluate(() => window.v.link());
    assert.match(link, new RegExp(`^#sl\\.a=1~${name}~`));
    // A fresh viewer on the same canvas, the same inputs, no seeking: the same states.
    await page.evaluate(() => window.v.destroy());
    await mountOne(page, name);
    await session(page, name, async (k) => {
      assert.deepStrictEqual(await state(page), live.get(k), `${name}: a fresh viewer replaying the inputs, step ${k}`);
    });
    // The link, opened in a new browser context (another profile, nothing shared).
    const other = await openPage(browser, server.url(`/one.html${link}`), { viewport: { width: 700, height: 700 } });
    await waitForSteerlab(other.page);
    await other.page.evaluate((name) => {
      const c = document.createElement("canvas");
      c.id = "a";
      document.getElementById("box").append(c);
      window.v = window.steerlab.mount(c, name);
    }, name);
    await other.page.waitForFunction(() => !window.v.history().restoring);
    assert.deepStrictEqual(await state(other.page), live.get(50), `${name}: the link in a new context`);
    assert.equal(await other.page.evaluate(() => window.v.playing), false, "a link opens paused at its step");
    assert.deepEqual(await allProblems(other.page, other.problems), []);
    await other.context.close();
  }
  assert.deepEqual(await allProblems(page, problems), []);
});

test("the gallery: Share copies a URL that restores the canvas elsewhere; ← and the scrub bar rewind", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { viewport: { width: 1100, height: 900 } });
  t.after(() => context.close());
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url("/") });
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="queue"]';
  const root = page.locator(".steerlab", { has: page.locator(sel) });
  await page.locator(sel).scrollIntoViewIfNeeded();
  await page.evaluate((s) => {
    const v = window.steerlab.viewerFor(document.querySelector(s));
    v.pause();
    v.step(200);
    v.set("queue.braking", false);
    v.step(100);
  }, sel);
  const v = (f) => page.evaluate(([s, f]) => new Function("v", `return ${f}`)(window.steerlab.viewerFor(document.querySelector(s))), [sel, f]);
  const at300 = await v("v.state()");
  // ← on the focused canvas: one step back, paused.
  await page.locator(sel).focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  assert.equal((await v("v.state()")).steps, at300.steps - 2);
  // The scrub bar: keyboard (End, then Home) and a drag.
  const range = root.locator("input[data-scrub]");
  assert.equal(await range.getAttribute("aria-label"), "Time: drag to rewind or replay (←, → step by step)");
  await range.focus();
  await page.keyboard.press("End");
  assert.deepStrictEqual(await v("v.state()"), at300, "End on the scrub bar: the newest step");
  await page.keyboard.press("Home");
  assert.equal((await v("v.state()")).steps, 0);
  const label = await root.locator(".steerlab-scrub-label").textContent();
  assert.match(label, /^step 0 \/ \d+ · 0\.00 s$/);
  const box = await range.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const mid = (await v("v.state()")).steps;
  assert.ok(mid > 100 && mid < 200, `the middle of the bar is step ${mid}`);
  await page.keyboard.press("End");
  // Share: the dialog shows the URL, and the clipboard has it.
  await root.locator('[data-action="share"]').click();
  const dialog = root.locator("dialog.steerlab-dialog");
  await dialog.waitFor({ state: "visible" });
  await page.waitForFunction(() => document.querySelector(".steerlab-dialog-status")?.textContent !== "");
  assert.equal(await dialog.locator(".steerlab-dialog-status").textContent(), "Copied to the clipboard.");
  const url = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(url, await dialog.locator("textarea").inputValue());
  assert.ok(url.startsWith(server.url("/#sl.")), url);
  // Modal (docs/accessibility.md): the focus stays in it until Escape gives it back.
  assert.equal(await dialog.evaluate((d) => d.matches(":modal")), true, "the dialog is modal");
  await page.screenshot({ path: path.join(ensureArtifacts(), "history-share-dialog.png") });
  await dialog.locator("textarea").focus();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  const other = await openPage(browser, url);
  await waitForSteerlab(other.page);
  await other.page.waitForFunction((s) => !window.steerlab.viewerFor(document.querySelector(s)).history().restoring, sel);
  const restored = await other.page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).state(), sel);
  assert.deepStrictEqual(restored, at300, "the shared URL restores the queue canvas in another context");
  // The other canvases of that page start as usual.
  const flock = await other.page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="flock"]')).history());
  assert.equal(flock.inputs, 0);
  assert.deepEqual(await allProblems(other.page, other.problems), []);
  await other.context.close();
  assert.deepEqual(await allProblems(page, problems), []);
});

test("embedCode(): the snippet pasted into a blank page mounts with the same parameters, at the same step", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="bandada"]';
  await page.locator(sel).scrollIntoViewIfNeeded();
  const { code, want } = await page.evaluate((s) => {
    const v = window.steerlab.viewerFor(document.querySelector(s));
    v.pause();
    v.set("separation.weight", 0.5);
    v.set("perception", 70);
    v.set("world.edges", "bounce");
    v.set("click", "food");
    v.reset(); // the parameters stay, the history starts again: the snippet reproduces the state too
    v.step(120);
    return { code: v.embedCode(), want: v.state() };
  }, sel);
  // (The package where this page loaded it from: the site's root here.)
  assert.match(code, /^<link rel="stylesheet" href="\/www\/steerlab.css">\n<canvas data-scenario="bandada" /);
  assert.match(code, / data-set='\{"alignment.perception":70,"click":"food","cohesion.perception":70,"separation.weight":0.5,"world.edges":"bounce"\}' /);
  assert.match(code, /data-step="120"/);
  assert.match(code, /<script type="module" src="\/www\/boot.js"><\/script>\n$/);
  // Press the Embed button: the dialog shows the same snippet.
  const root = page.locator(".steerlab", { has: page.locator(sel) });
  await root.locator('[data-action="embed"]').click();
  assert.equal(await root.locator("dialog textarea").inputValue(), code);
  await page.screenshot({ path: path.join(ensureArtifacts(), "history-embed-dialog.png") });
  // Pasted into a blank page of the same site, as it is.
  const blank = BLANK.replace("<!--SNIPPET-->", code);
  const s2 = await serveDist({ extra: { "/blank.html": blank } });
  t.after(() => s2.close());
  const other = await openPage(browser, s2.url("/blank.html"));
  await waitForSteerlab(other.page);
  await other.page.waitForFunction(() => !window.steerlab.viewerFor(document.querySelector("canvas")).history().restoring);
  const got = await other.page.evaluate(() => window.steerlab.viewerFor(document.querySelector("canvas")).state());
  assert.deepStrictEqual(got.scenario, want.scenario, "the same parameters");
  assert.deepStrictEqual(got, want, "the same state at data-step");
  assert.equal(await other.page.evaluate(() => window.steerlab.viewerFor(document.querySelector("canvas")).playing), false);
  assert.deepEqual(await allProblems(other.page, other.problems), []);
  await other.context.close();
  assert.deepEqual(await allProblems(page, problems), []);
});

test("bad links are refused with a message on their canvas; the page goes on", async (t) => {
  // The gallery's canvases have no id: a link's key is the canvas's index on the page.
  const first = await openPage(browser, server.url("/"));
  await waitForSteerlab(first.page);
  const key = Object.fromEntries(
    await first.page.$$eval("canvas", (cs) => cs.map((c, i) => [c.dataset.scenario, i]).filter(([s]) => s)),
  );
  await first.context.close();
  const frag =
    `#sl.${key.flock}=hello&sl.${key.separation}=1~separation~zzzz~1~10&sl.${key.alignment}=2~alignment~1~1~1` +
    `&sl.${key.cohesion}=1~flock~0~1~10&sl.${key["spatial-hash"]}=1~spatial-hash`;
  const { context, page, problems } = await openPage(browser, server.url(`/${frag}`));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const notices = await page.$$eval(".steerlab-notice", (ps) => ps.map((p) => [p.nextElementSibling?.dataset.scenario, p.textContent]));
  const by = Object.fromEntries(notices);
  const lead = "This link could not be restored, so the canvas starts as the page made it: link: ";
  assert.equal(by.flock, `${lead}not a steerlab link (it should start with 1~)`);
  assert.equal(by.separation, `${lead}made for another version of the \`separation\` scenario (it changed since the link was made)`);
  assert.equal(by.alignment, `${lead}made by another version of steerlab (format 2); this page reads format 1`);
  assert.equal(by.cohesion, `${lead}made for the scenario \`flock\`, but this canvas shows \`cohesion\``);
  assert.equal(by["spatial-hash"], `${lead}cut short (it needs 1~name~fingerprint~seed~step)`);
  // Every linked canvas mounted at once (the others when scrolled near), and each runs.
  const r = await page.evaluate(() => ({ live: window.steerlab.liveViewers(), wrapped: document.querySelectorAll(".steerlab canvas[data-scenario]").length }));
  assert.equal(r.live, r.wrapped);
  assert.ok(r.wrapped >= 5, `the five linked canvases mounted (${r.wrapped})`);
  const steps = await page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="flock"]')).state().steps);
  assert.ok(steps >= 0);
  assert.deepEqual(await allProblems(page, problems), [], "a refused link is a warning, not an error");
});

test("data-set and data-step: a bad value gives a message naming the field, not a broken page", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/bad-sets.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  // Every canvas mounted (boot.js mounts those further down when scrolled near; viewerFor at once).
  await mountEvery(page);
  const alert = (id) => page.$eval(`#${id}`, (c) => c.nextElementSibling?.textContent);
  assert.equal(await alert("neg"), "data-set: separation.weight: behaviours[0].weight: must be >= 0, got -1");
  assert.equal(await alert("typo"), "data-set: separation.wieght: unknown parameter");
  assert.match(await alert("json"), /^data-set: .*key must be a string/);
  assert.equal(await alert("step"), "data-step: a whole number of steps from 0 to 10000000, got `soon`");
  const good = await page.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("good"));
    return { s: v.state(), playing: v.playing };
  });
  assert.equal(good.s.steps, 90);
  assert.equal(good.s.agents.length, 40);
  assert.equal(good.s.scenario.behaviours[0].weight, 0.5);
  assert.equal(good.playing, false, "data-step starts paused");
  // The mount errors are the expected console errors; nothing else went wrong.
  const rest = (await allProblems(page, problems)).filter((p) => !/^console: steerlab: data-(set|step): /.test(p));
  assert.deepEqual(rest, []);
});

test("memory stays within 16 MiB of snapshots; the stress scenario at 100 000 boids keeps a shorter history", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/one.html"), { viewport: { width: 700, height: 700 } });
  t.after(() => context.close());
  await waitForSteerlab(page);
  await mountOne(page, "stress");
  const h20 = await page.evaluate(() => {
    window.v.step(1500);
    return window.v.history();
  });
  assert.ok(h20.bytes <= 16 * 1024 * 1024, `${h20.bytes} B`);
  assert.ok(h20.start > 0, "20 000 boids: the oldest steps went");
  const h100 = await page.evaluate(() => {
    window.v.set("agents.count", 100000);
    window.v.step(200);
    return window.v.history();
  });
  assert.ok(h100.bytes <= 16 * 1024 * 1024, `${h100.bytes} B`);
  assert.ok(h100.end - h100.start >= 20, `100 000 boids: ${h100.end - h100.start} steps of history`);
  t.diagnostic(`stress 20k after 1500 steps: ${JSON.stringify(h20)}; 100k after 200 more: ${JSON.stringify(h100)}`);
  assert.deepEqual(await allProblems(page, problems), []);
});
