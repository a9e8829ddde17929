// Issue 24 end to end: the nine steering-basics canvases mount and draw (English and Spanish), the
// pointer works as a reader uses it (a drag carries seek's target, by mouse and by touch; a click
// places an obstacle; a click reseeds the flow field), and bad control values give messages.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { settle } from "./fingers.mjs";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, ensureArtifacts, canvasStats, shownText } from "./helpers.mjs";
const BASICS = ["seek", "flee", "arrive", "pursuit", "evade", "wander", "obstacle-avoidance", "containment", "flow-field"];

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

const sel = (name) => `canvas[data-scenario="${name}"]`;
const viewer = (page, name, fn, arg) =>
  page.evaluate(([s, f, a]) => new Function("v", "a", f)(window.steerlab.viewerFor(document.querySelector(s)), a), [sel(name), fn, arg]);
const state = (page, name) => viewer(page, name, "return v.state()");

/** World → page coordinates (the world fills the canvas's width; 640 wide for all nine). */
async function toPage(page, name, [x, y], worldWidth = 640) {
  const box = await page.locator(sel(name)).boundingBox();
  const s = box.width / worldWidth;
  return [box.x + x * s, box.y + y * s];
}

/** Open a basics page with its canvas `name` on screen, drawn and paused. */
async function openAt(url, name, opts) {
  const { context, page, problems } = await openPage(browser, server.url(url), opts);
  await waitForSteerlab(page);
  await page.locator(sel(name)).scrollIntoViewIfNeeded();
  await waitForDrawn(page, sel(name));
  await viewer(page, name, "v.pause()");
  return { context, page, problems };
}

for (const [url, lang] of [["/", "en"], ["/es/", "es"]]) {
  test(`the nine steering-basics canvases mount, draw, animate and read out (${lang})`, async (t) => {
    const { context, page, problems } = await openPage(browser, server.url(url));
    t.after(() => context.close());
    await waitForSteerlab(page);
    for (const name of BASICS) {
      const fig = `#viz-${name}`;
      await page.locator(sel(name)).scrollIntoViewIfNeeded();
      const stats = await waitForDrawn(page, sel(name));
      assert.ok(stats.drawn / stats.total > 0.005, `${name} did not draw (${stats.drawn}/${stats.total})`);
      const sc = (await state(page, name)).scenario;
      assert.equal(await page.locator(`${fig} .steerlab-controls [data-param]`).count(), sc.controls.length, `${name}: controls`);
      const caption = await page.locator(`${fig} .steerlab-caption`).textContent();
      // (A caption's `{touch|mouse}` instructions as a reader with a mouse reads them.)
      const forMouse = (t) => t.replace(/\{([^{}|]*)\|([^{}|]*)\}/g, "$2");
      assert.equal(caption, forMouse(shownText(sc.caption, lang)), `${name}: caption`);
      const label = await page.locator(`${fig} .steerlab-label`).first().textContent();
      assert.equal(label, shownText(sc.controls[0].label, lang), `${name}: control label`);
      // It moves (autoplay) and its readout is a sentence in the page's language.
      const s0 = (await state(page, name)).steps;
      await page.waitForTimeout(400);
      assert.ok((await state(page, name)).steps > s0, `${name} does not animate`);
      const line = await page.locator(`${fig} .steerlab-metric`).textContent();
      const word = { en: /distance|inside|look-ahead|hunter|target|obstacles|feeler|field/, es: /distancia|dentro|predicción|cazador|objetivo|obstáculos|sensor|campo/ }[lang];
      assert.match(line, word, `${name}: readout "${line}"`);
      await viewer(page, name, "v.pause()");
      await page.locator(fig).screenshot({ path: path.join(ensureArtifacts(), `basics-${name}-${lang}.png`) });
    }
    // One viewer per mounted canvas (the gallery's canvases further down mount when scrolled near).
    const r = await page.evaluate(() => ({ live: window.steerlab.liveViewers(), wrapped: document.querySelectorAll(".steerlab canvas[data-scenario]").length }));
    assert.equal(r.live, r.wrapped);
    assert.ok(r.wrapped >= 9, `the nine basics mounted (${r.wrapped})`);
    assert.deepEqual(await allProblems(page, problems), []);
  });
}

test("seek: a mouse drag carries the target, and the agent turns to it", async (t) => {
  const { context, page, problems } = await openAt("/", "seek");
  t.after(() => context.close());
  const [ax, ay] = await toPage(page, "seek", [200, 100]);
  const [bx, by] = await toPage(page, "seek", [560, 320]);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  assert.ok(Math.hypot(...(await state(page, "seek")).target.map((c, k) => c - [200, 100][k])) < 1.5, "a press puts the target there");
  await page.mouse.move((ax + bx) / 2, (ay + by) / 2, { steps: 4 });
  const mid = (await state(page, "seek")).target;
  assert.ok(Math.hypot(mid[0] - 380, mid[1] - 210) < 1.5, `mid-drag the target is under the pointer: ${mid}`);
  await page.mouse.move(bx, by, { steps: 4 });
  await page.mouse.up();
  // A move without the button does not carry it any more.
  await page.mouse.move(ax, ay, { steps: 2 });
  const s = await state(page, "seek");
  assert.ok(Math.hypot(s.target[0] - 560, s.target[1] - 320) < 1.5, `target ${s.target}, dropped at (560, 320)`);
  // The agent then goes for it: closer after two seconds.
  const d = (st) => Math.hypot(st.agents[0].position[0] - st.target[0], st.agents[0].position[1] - st.target[1]);
  const later = await viewer(page, "seek", "v.step(120); return v.state()");
  assert.ok(d(later) < d(s) - 50, `distance ${d(s).toFixed(1)} → ${d(later).toFixed(1)}`);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("seek and arrive: one finger scrolls and leaves the target, after a tap too; with ✎ pressed, a touch drag carries it", async (t) => {
  const { context, page, problems } = await openAt("/", "seek");
  t.after(() => context.close());
  const cdp = await context.newCDPSession(page);
  const touch = (type, [x, y]) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  const path = [[120, 80], [250, 150], [380, 220], [500, 300]];
  const drag = async (name) => {
    const points = [];
    for (const p of path) points.push(await toPage(page, name, p));
    await touch("touchStart", points[0]);
    for (const p of points.slice(1)) await touch("touchMove", p);
    await touch("touchEnd", points.at(-1));
  };
  for (const name of ["seek", "arrive"]) {
    await page.locator(sel(name)).scrollIntoViewIfNeeded();
    await viewer(page, name, "v.pause()");
    // Issue 33: a one-finger drag that starts on a canvas is the page's (it scrolls), not the scene's.
    const before = (await state(page, name)).target;
    await drag(name);
    await settle(page); // (the page's fling after the swipe)
    assert.deepEqual((await state(page, name)).target, before, `${name}: one finger moved the target`);
    // A tap acts (the target goes there) and no more (issue 45): one finger is still the page's.
    await page.locator(sel(name)).scrollIntoViewIfNeeded();
    const at = await toPage(page, name, path[0]);
    await touch("touchStart", at);
    await touch("touchEnd", at);
    const tapped = (await state(page, name)).target;
    assert.ok(Math.hypot(tapped[0] - 120, tapped[1] - 80) < 1.5, `${name}: target ${tapped} after a tap at (120, 80)`);
    await drag(name);
    await settle(page);
    assert.deepEqual((await state(page, name)).target, tapped, `${name}: after a tap, one finger moved the target`);
    // The bar's ✎ (shown on touch screens): one finger drags it now.
    await page.locator(sel(name)).scrollIntoViewIfNeeded();
    await settle(page);
    await page.locator(sel(name)).evaluate((c) => c.closest(".steerlab").querySelector('[data-action="edit"]').click());
    await drag(name);
    const s = await state(page, name);
    assert.ok(Math.hypot(s.target[0] - 500, s.target[1] - 300) < 1.5, `${name}: target ${s.target} after a touch drag to (500, 300), ✎ pressed`);
  }
  assert.deepEqual(await allProblems(page, problems), []);
});

test("flee: a click moves the threat, and agents inside the panic radius turn away", async (t) => {
  const { context, page, problems } = await openAt("/", "flee");
  t.after(() => context.close());
  const a = (await state(page, "flee")).agents[3].position;
  const t0 = [a[0] + (a[0] < 320 ? 30 : -30), a[1]];
  await page.mouse.click(...(await toPage(page, "flee", t0)));
  const s = await state(page, "flee");
  assert.ok(Math.hypot(s.threat[0] - t0[0], s.threat[1] - t0[1]) < 1.5, `threat ${s.threat}, clicked ${t0}`);
  // Inside the panic radius (100 px) it flees: 1.5 s later it is far beyond the 30 px it started at.
  const after = await viewer(page, "flee", "v.step(90); return v.state()");
  const p = after.agents[3].position;
  const d = Math.hypot(p[0] - s.threat[0], p[1] - s.threat[1]);
  assert.ok(d > 70, `the agent is ${d.toFixed(1)} px from the threat`);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("obstacle avoidance: a click places an obstacle there, and the agents keep clear of it", async (t) => {
  const { context, page, problems } = await openAt("/", "obstacle-avoidance");
  t.after(() => context.close());
  const name = "obstacle-avoidance";
  const s0 = await state(page, name);
  // Where to click: the free spot of a coarse grid farthest from every agent and obstacle (an
  // obstacle dropped on top of an agent leaves it inside).
  let spot = null;
  let room = -Infinity;
  for (let x = 60; x <= 580; x += 20) {
    for (let y = 60; y <= 340; y += 20) {
      const free = Math.min(
        ...s0.agents.map((a) => Math.hypot(a.position[0] - x, a.position[1] - y)),
        ...s0.obstacles.map((o) => Math.hypot(o.center[0] - x, o.center[1] - y) - o.radius),
      );
      if (free > room) [spot, room] = [[x, y], free];
    }
  }
  await page.mouse.click(...(await toPage(page, name, spot)));
  const s = await state(page, name);
  assert.equal(s.obstacles.length, s0.obstacles.length + 1);
  const o = s.obstacles.at(-1);
  assert.ok(Math.hypot(o.center[0] - spot[0], o.center[1] - spot[1]) < 1.5 && o.radius > 0, JSON.stringify(o));
  // Ten seconds later nobody went into an obstacle.
  let worst = Infinity;
  for (let k = 0; k < 20; k++) worst = Math.min(worst, (await viewer(page, name, "v.step(30); return v.state()")).metrics.closest_approach);
  assert.ok(worst > 0, `an agent went ${-worst} px into an obstacle`);
  await viewer(page, name, "v.render()");
  await page.locator(`#viz-${name}`).screenshot({ path: path.join(ensureArtifacts(), "basics-obstacle-placed.png") });
  assert.deepEqual(await allProblems(page, problems), []);
});

test("flow field: a click reseeds the field and the arrows change", async (t) => {
  const { context, page, problems } = await openAt("/", "flow-field");
  t.after(() => context.close());
  const name = "flow-field";
  await viewer(page, name, "v.render()");
  const before = await state(page, name);
  const pixels = (await canvasStats(page, sel(name))).hash;
  await page.mouse.click(...(await toPage(page, name, [320, 200])));
  const after = await state(page, name);
  assert.equal(after.field.reseeds, before.field.reseeds + 1);
  assert.notEqual(after.field.seed, before.field.seed);
  assert.deepEqual(after.agents, before.agents, "a click changes the field, not the agents");
  assert.notEqual((await canvasStats(page, sel(name))).hash, pixels, "the arrows were redrawn");
  // Reset brings the first field back.
  await page.locator('#viz-flow-field button[data-action="reset"]').click();
  assert.equal((await state(page, name)).field.seed, before.field.seed);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("bad control values are refused with a message naming the field", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const cases = [
    ["seek", "motion.max_force", -1, "motion.max_force: must be >= 0, got -1"],
    ["flee", "flee.panic_radius", 0, "behaviours[0].panic_radius: must be > 0, got 0"],
    ["arrive", "arrive.time_to_target", 0, "behaviours[0].time_to_target: must be > 0, got 0"],
    ["pursuit", "pursuit.max_prediction", -1, "behaviours[0].max_prediction: must be >= 0, got -1"],
    ["evade", "evade.panic_radius", 0, "behaviours[0].panic_radius: must be > 0, got 0"],
    ["wander", "wander.jitter", -0.5, "behaviours[0].jitter: must be >= 0, got -0.5"],
    ["obstacle-avoidance", "obstacle_avoidance.look_ahead", -5, "behaviours[0].look_ahead: must be >= 0, got -5"],
    ["containment", "containment.feeler_angle", 2, "behaviours[0].feeler_angle: must be <= 1.5707964, got 2"],
    ["flow-field", "flow_field.resolution", 0, "behaviours[0].resolution: must be > 0, got 0"],
  ];
  const expected = [];
  for (const [name, param, bad, message] of cases) {
    await page.locator(sel(name)).scrollIntoViewIfNeeded();
    await waitForDrawn(page, sel(name));
    await viewer(page, name, "v.pause()");
    const was = await viewer(page, name, `return v.state().scenario`);
    // From JS: `set` throws with the message.
    const thrown = await viewer(page, name, `try { v.set(${JSON.stringify(param)}, ${bad}); return null } catch (e) { return e.message }`);
    assert.ok(thrown && thrown.includes(message), `${name}: set threw ${thrown}`);
    // From the slider, widened past its range (as a page script could): refused, shown, logged.
    const input = page.locator(`#viz-${name} input[data-param="${param}"]`);
    await input.evaluate((el, bad) => {
      el.min = String(Math.min(bad, Number(el.min)));
      el.max = String(Math.max(bad, Number(el.max)));
      el.value = String(bad);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, bad);
    const shown = await page.locator(`#viz-${name} .steerlab-metric`).textContent();
    assert.ok(shown.includes(message), `${name}: readout shows "${shown}"`);
    assert.deepEqual(await viewer(page, name, "return v.state().scenario"), was, `${name}: the scenario changed`);
    expected.push(message);
  }
  // Those refusals are logged (one per slider); nothing else is.
  const refused = problems.console.filter((m) => expected.some((e) => m.includes(e)));
  assert.equal(refused.length, cases.length, problems.console.join("\n"));
  problems.console = problems.console.filter((m) => !refused.includes(m));
  assert.deepEqual(await allProblems(page, problems), []);
});
