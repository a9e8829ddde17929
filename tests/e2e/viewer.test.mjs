// Issue 3 end to end: the gallery as a learner uses it, an article with a broken scenario, reduced
// motion, the <steer-lab> element. Run with the rest: node --test tests/e2e/
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, canvasChange, ensureArtifacts, mountEvery } from "./helpers.mjs";

let server;
let browser;

// An article with a deliberately broken scenario next to a working one, loading the same module.
const BROKEN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>broken</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script></head>
<body><p>An article.</p>
<script type="application/json" id="bad">{"name": "bad", "world": {"width": 640, "height": 400},
 "agents": {"count": 10}, "behaviours": [{"type": "alignment"}, {"type": "cohesion", "perception": -3}]}</script>
<canvas id="broken" data-scenario="bad" data-scenario-json="#bad"></canvas>
<canvas id="good" data-scenario="flock"></canvas>
</body></html>`;

// The custom element, for authors who prefer markup.
const ELEMENT_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>element</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/steer-lab.js"></script>
<script type="module" src="/www/boot.js"></script></head>
<body><steer-lab scenario="cohesion" seed="5"></steer-lab></body></html>`;

before(async () => {
  server = await serveDist({ extra: { "/broken.html": BROKEN_PAGE, "/element.html": ELEMENT_PAGE } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** `state()` of the viewer on `selector`, from the page. */
const state = (page, selector) =>
  page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).state(), selector);

test("every gallery canvas mounts and draws", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const names = await page.$$eval("canvas[data-scenario]", (cs) => cs.map((c) => c.dataset.scenario));
  assert.ok(names.length >= 6, `only ${names.length} canvases: ${names}`);
  for (const name of names) {
    const sel = `canvas[data-scenario="${name}"]`;
    await page.locator(sel).scrollIntoViewIfNeeded();
    const stats = await waitForDrawn(page, sel);
    assert.ok(stats.total > 0 && stats.drawn / stats.total > 0.002, `${name} did not draw (${stats.drawn}/${stats.total})`);
    const wrapped = await page.$eval(sel, (c) => c.parentElement.classList.contains("steerlab"));
    assert.ok(wrapped, `${name} has no controls around it`);
    // Hold the picture still for the screenshot (the stress canvas redraws 20 000 boids a frame).
    await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).pause(), sel);
    await page.locator(sel).screenshot({ path: path.join(ensureArtifacts(), `viz-${name}.png`) });
  }
  assert.equal(await page.evaluate(() => window.steerlab.liveViewers()), names.length);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("moving a slider changes the parameter that state() reports", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const canvas = 'canvas[data-scenario="flock"]';
  await waitForDrawn(page, canvas);
  const before = await state(page, canvas);
  assert.equal(before.scenario.behaviours[0].weight, 1.5);
  const slider = page.locator('#viz-flock input[data-param="separation.weight"]');
  await slider.fill("3.2");
  const after = await state(page, canvas);
  assert.equal(after.scenario.behaviours[0].weight, 3.2);
  const shown = await page.locator('#viz-flock output[data-for="0"]').textContent();
  assert.equal(shown, "3.2");
  // A slider for a shared name (perception) sets every rule that has it.
  await page.locator('#viz-flock input[data-param="perception"]').fill("70");
  const p = await state(page, canvas);
  assert.deepEqual(p.scenario.behaviours.slice(1).map((b) => b.perception), [70, 70]);
  // JS set() moves the slider too.
  await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).set("cohesion.weight", 2), canvas);
  assert.equal(await page.locator('#viz-flock input[data-param="cohesion.weight"]').inputValue(), "2");
  assert.deepEqual(await allProblems(page, problems), []);
});

test("every control's label is shown whole, in English and in Spanish", async (t) => {
  for (const url of ["/", "/element.html"]) {
    const { context, page, problems } = await openPage(browser, server.url(url));
    t.after(() => context.close());
    await waitForSteerlab(page);
    // Every canvas mounted (boot.js mounts those further down when scrolled near; viewerFor at once).
    await mountEvery(page);
    await page.waitForSelector(".steerlab-label");
    // A label whose text is wider or taller than its box is clipped ("predict_ahead …").
    const { count, clipped } = await page.$$eval(".steerlab-label", (ls) => ({
      count: ls.length,
      clipped: ls.filter((l) => l.scrollWidth > l.clientWidth || l.scrollHeight > l.clientHeight).map((l) => `${l.textContent} (${l.scrollWidth}>${l.clientWidth})`),
    }));
    assert.ok(count >= (url === "/" ? 20 : 1), `${url}: only ${count} labels`);
    assert.deepEqual(clipped, [], `${url}: clipped labels`);
    assert.deepEqual(await allProblems(page, problems), []);
  }
});

test("Space pauses and plays, → steps, R resets", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const canvas = 'canvas[data-scenario="flock"]';
  await waitForDrawn(page, canvas);
  const playing = () => page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).playing, canvas);
  assert.equal(await playing(), true);
  await page.focus(canvas);
  await page.keyboard.press("Space");
  assert.equal(await playing(), false);
  // Its accessible name is what it does now, without glyphs, and agrees with its text; no
  // aria-pressed (it read "❚❚ Pausa, pressed").
  const play = page.locator('#viz-flock button[data-action="play"]');
  assert.deepEqual([await play.getAttribute("aria-pressed"), await play.getAttribute("aria-label"), await play.textContent()], [null, "Play", "▶ Play"]);
  await page.keyboard.press("Space");
  assert.deepEqual([await play.getAttribute("aria-label"), await play.textContent()], ["Pause", "❚❚ Pause"]);
  await page.keyboard.press("Space");
  // The canvas is described by the scene's one sentence (www/describe.js, loaded by the focus);
  // its caption is read where it is, under it (issue 58: short at the focus).
  await page.waitForFunction((s) => document.getElementById(document.querySelector(s).getAttribute("aria-describedby") ?? "")?.textContent, canvas);
  const described = await page.evaluate((s) => {
    const c = document.querySelector(s);
    const ids = c.getAttribute("aria-describedby").split(" ");
    return [ids.map((id) => document.getElementById(id)?.className), !!c.closest(".steerlab").querySelector(".steerlab-caption")?.textContent];
  }, canvas);
  assert.deepEqual(described, [["steerlab-scene"], true]);
  const s0 = (await state(page, canvas)).steps;
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.equal((await state(page, canvas)).steps, s0 + 2);
  // Paused means paused: no steps while we wait.
  await page.waitForTimeout(300);
  assert.equal((await state(page, canvas)).steps, s0 + 2);
  await page.keyboard.press("r");
  assert.equal((await state(page, canvas)).steps, 0);
  await page.keyboard.press("Space");
  assert.equal(await playing(), true);
  await page.waitForTimeout(300);
  assert.ok((await state(page, canvas)).steps > 0);
  // The page did not scroll on Space (the canvas took the key).
  assert.deepEqual(await allProblems(page, problems), []);
});

test("a broken scenario shows its message; the canvas beside it keeps animating", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/broken.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const message = "behaviours[1].perception: must be > 0, got -3";
  await page.waitForSelector(".steerlab-error");
  assert.equal(await page.locator(".steerlab-error").textContent(), message);
  assert.match(await page.getAttribute("#broken", "aria-label"), /behaviours\[1\]\.perception/);
  const drawn = await waitForDrawn(page, "#broken");
  assert.ok(drawn.drawn > 0, "the broken canvas shows nothing");
  assert.ok(problems.console.some((m) => m.includes(message)), `console: ${problems.console}`);
  const good = await waitForDrawn(page, "#good");
  assert.ok(good.drawn / good.total > 0.002);
  const diff = await canvasChange(page, "#good", 500);
  assert.ok(diff.changed > 0, "the good canvas stopped animating");
  await page.screenshot({ path: path.join(ensureArtifacts(), "broken-scenario.png"), fullPage: true });
  problems.console = problems.console.filter((m) => !m.includes(message));
  assert.deepEqual(await allProblems(page, problems), []);
});

test("prefers-reduced-motion starts paused on a drawn first frame with a visible Play button", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { reducedMotion: "reduce" });
  t.after(() => context.close());
  await waitForSteerlab(page);
  const canvas = 'canvas[data-scenario="flock"]';
  await page.locator(canvas).scrollIntoViewIfNeeded();
  const stats = await waitForDrawn(page, canvas);
  assert.ok(stats.drawn > 0);
  const v = await page.evaluate((s) => {
    const v = window.steerlab.viewerFor(document.querySelector(s));
    return { playing: v.playing, inFlight: v.frameInFlight };
  }, canvas);
  assert.deepEqual(v, { playing: false, inFlight: false });
  const button = page.locator('#viz-flock button[data-action="play"]');
  assert.ok(await button.isVisible());
  assert.match(await button.textContent(), /Play/);
  assert.equal((await state(page, canvas)).steps, 0);
  const diff = await canvasChange(page, canvas, 300);
  assert.equal(diff.changed, 0, "nothing moves under reduced motion");
  await button.click();
  await page.waitForTimeout(300);
  assert.ok((await state(page, canvas)).steps > 0);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("offscreen canvases do not run; they resume when scrolled into view", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"), { viewport: { width: 1280, height: 700 } });
  t.after(() => context.close());
  await waitForSteerlab(page);
  const last = 'canvas[data-scenario="bandada"]';
  // Mounted while offscreen (viewerFor mounts a canvas boot.js keeps waiting), then left alone.
  await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)), last);
  await page.waitForTimeout(500);
  const inFlight = () => page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).frameInFlight, last);
  const s1 = (await state(page, last)).steps;
  await page.waitForTimeout(400);
  assert.equal((await state(page, last)).steps, s1, "an offscreen viewer kept stepping");
  assert.equal(await inFlight(), false);
  await page.locator(last).scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  assert.ok((await state(page, last)).steps > s1, "it did not resume on screen");
  assert.deepEqual(await allProblems(page, problems), []);
});

test("the <steer-lab> element mounts on connect and destroys on disconnect; Spanish labels", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/element.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.waitForSelector("steer-lab .steerlab canvas");
  const stats = await waitForDrawn(page, "steer-lab canvas");
  assert.ok(stats.drawn > 0);
  assert.match(await page.locator('steer-lab button[data-action="reset"]').textContent(), /Reiniciar/);
  assert.equal(await page.evaluate(() => document.querySelector("steer-lab").viewer.state().seed), 5);
  assert.equal(await page.evaluate(() => window.steerlab.liveViewers()), 1);
  await page.evaluate(() => document.querySelector("steer-lab").remove());
  assert.equal(await page.evaluate(() => window.steerlab.liveViewers()), 0);
  assert.deepEqual(await allProblems(page, problems), []);
});
