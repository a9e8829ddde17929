// Issues 33 (items 1, 2, 3, 7) and 45 (item 2): reading and playing on a phone (375 × 800, 2×, touch).
//
// - A one-finger swipe that starts on any canvas of the galleries and chapters (both languages,
//   light and dark), untouched or right after a tap on it, scrolls the page and changes no scene;
//   nothing of fixed position covers the text.
// - Editing is deliberate: a two-finger drag moves a waypoint; a tap acts and no more; one finger
//   drags only while the bar's ✎ is pressed (shown on touch screens, where a drag edits).
// - A vertical swipe that starts on the scrub bar or a slider scrolls and changes nothing; a
//   sideways drag moves the slider.
// - The default widget under the flock canvas is no taller than the canvas; the menu and the
//   settings open on demand (keyboard too: Escape closes and gives the focus back).
// - (After every try button of the chapters, what it is about is on screen: phone-fit.test.mjs.)
// - Time: the step-back button gives back the previous step bit for bit; the scrub bar's fine mode
//   reaches one chosen step with a tap.
//
// Fingers are CDP's Input.dispatchTouchEvent (touchStart, touchMove…, touchEnd): they go through
// the browser's input pipeline, so touch-action and the page's scrolling apply as on a phone.
// (Input.synthesizeScrollGesture with gestureSourceType "touch" scrolls nothing in this headless
// Chromium, not even plain text, so it cannot tell a canvas that blocks scrolling from one that
// does not.)
//
//   node --test tests/e2e/phone-touch.test.mjs      (needs dist/ from scripts/build.sh)
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, allProblems, mountEvery, ensureArtifacts } from "./helpers.mjs";
import { openPhone as openPhoneAt, swipe, drag1, drag2, tapAt, settle } from "./fingers.mjs";

const PAGES = [
  ["/", "en"],
  ["/es/", "es"],
  ["/chapters/flocking.html", "en"],
  ["/es/chapters/flocking.html", "es"],
  ["/chapters/leader-queue-path.html", "en"],
  ["/es/chapters/leader-queue-path.html", "es"],
  ["/chapters/bandada.html", "en"],
  ["/es/chapters/bandada.html", "es"],
];

// data-controls: what an author chooses to show.
const CONTROLS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/www/steerlab.css">
<link rel="icon" href="/www/favicon.svg"><title>controls</title><script type="module" src="/www/boot.js"></script></head><body>
<canvas id="all" data-scenario="flock" data-mount="eager"></canvas>
<canvas id="compact" data-scenario="flock" data-controls="compact" data-mount="eager"></canvas>
<canvas id="parts" data-scenario="flock" data-controls="play time" data-mount="eager"></canvas>
<canvas id="settings" data-scenario="flock" data-controls="menu settings" data-mount="eager"></canvas>
<canvas id="none" data-scenario="flock" data-controls="false" data-mount="eager"></canvas>
</body></html>`;

let server, browser;
before(async () => {
  server = await serveDist({ extra: { "/controls.html": CONTROLS_PAGE } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const openPhone = (url, opts) => openPhoneAt(browser, server, url, opts);

/** The page's canvases but a compare's two views: those step on the compare's own clock (www/compare.js)
 *  and take no pointer (pointer-events: none), so a swipe over them scrolls by itself. */
const CANVASES = "canvas[data-scenario]:not(.sl-compare canvas)";

/** What covers the page's text: elements of fixed position on screen (a pinned figure aside). */
const fixedOnScreen = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => getComputedStyle(e).position === "fixed" && !e.closest(".is-pinned"))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && getComputedStyle(e).visibility !== "hidden" && getComputedStyle(e).opacity !== "0";
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent.slice(0, 40)}`)
  );

/** Scroll canvas k of the page to the middle of the screen and tell where it is. */
const centre = (page, k) =>
  page.evaluate(([k, sel]) => {
    const c = document.querySelectorAll(sel)[k];
    c.scrollIntoView({ block: "center", behavior: "instant" });
    const r = c.getBoundingClientRect();
    const edits = (window.steerlab.viewerFor(c).state().scenario.interaction || "select") !== "select";
    const edit = c.closest(".steerlab").querySelector('.steerlab-bar [data-action="edit"]');
    return {
      // Right of the centre: on a scene with an agent in the middle, a tap lands beside it.
      x: Math.round(r.left + r.width * 0.6), y: Math.round(r.top + r.height / 2), sy: scrollY, name: c.id || c.dataset.scenario, edits,
      edit: edit ? edit.getClientRects().length > 0 : null,
    };
  }, [k, CANVASES]);

/** Canvas k's scene, as text (v.state(), which has the scenario, agents, waypoints…). */
const sceneOf = (page, k) => page.evaluate(([k, sel]) => JSON.stringify(window.steerlab.viewerFor(document.querySelectorAll(sel)[k]).state()), [k, CANVASES]);

// Issue 45, item 2: a tap on a canvas (choose another «yo», send the leader, add a waypoint, place
// an obstacle) acts and leaves touch as it was: the next one-finger swipe scrolls and changes nothing.
// Two pages at a time (each in its own context): a swipe mostly waits for the page to settle.
describe("a one-finger swipe on every canvas", { concurrency: 2 }, () => PAGES.forEach(([url, lang], n) => {
  const colorScheme = n % 2 ? "dark" : "light";
  test(`${url} (${lang}, ${colorScheme}): a one-finger swipe on every canvas, untouched or just tapped, scrolls the page and changes nothing; no hint over the text`, async (t) => {
    const { context, page, cdp, problems } = await openPhone(url, { lang, colorScheme });
    t.after(() => context.close());
    await mountEvery(page);
    // A compare (data-compare) mounts its two views once www/compare.js has come.
    await page.waitForFunction(() => document.querySelectorAll(".sl-compare").length === document.querySelectorAll("[data-compare]").length, null, { timeout: 30_000 });
    // Paused, so that a scene that changes is a scene the swipe changed.
    await page.evaluate((sel) => document.querySelectorAll(sel).forEach((c) => window.steerlab.viewerFor(c).pause()), CANVASES);
    const count = await page.evaluate((sel) => document.querySelectorAll(sel).length, CANVASES);
    assert.ok(count > 0, "canvases");
    let editable = 0, tapped = 0;
    for (let k = 0; k < count; k++) {
      for (const tap of [false, true]) {
        await settle(page);
        let at = await centre(page, k);
        if (tap) {
          await tapAt(page, cdp, at.x, at.y);
          await page.waitForTimeout(150);
          tapped++;
          at = await centre(page, k);
        }
        const before = await sceneOf(page, k);
        await swipe(page, cdp, at.x, at.y, -300, 12);
        await page.waitForTimeout(150);
        const sy = await page.evaluate(() => scrollY);
        const after = await sceneOf(page, k);
        const what = `${url} ${at.name}${tap ? ", after a tap on it" : ""}`;
        assert.ok(sy - at.sy > 150, `${what}: a 300 px swipe on the canvas scrolled the page ${sy - at.sy} px`);
        assert.ok(after === before, `${what}: the swipe changed the scene`);
        assert.deepEqual(await fixedOnScreen(page), [], `${what}: something covers the text`);
      }
      // The editing gestures stay discoverable: ✎ in the figure's bar where a drag edits.
      const at = await centre(page, k);
      if (at.edits) editable++;
      assert.equal(at.edit, at.edits ? true : null, `${url} ${at.name}: ✎ in the bar (${at.edits ? "a drag edits" : "nothing to drag"})`);
    }
    t.diagnostic(`${url}: ${count} canvases swiped untouched and after a tap (${tapped} taps), ${editable} with ✎`);
    assert.ok(editable > 0, `${url}: a canvas that edits`);
    await page.screenshot({ path: path.join(ensureArtifacts(), `phone-touch-swipes-${lang}-${colorScheme}-${url.replace(/\W+/g, "_")}.png`) });
    assert.deepEqual(await allProblems(page, problems), []);
  });
}));

/** Canvas `id` paused, in the middle of the screen. */
async function pausedAtCentre(page, id) {
  await page.evaluate((id) => {
    const c = document.getElementById(id);
    window.steerlab.viewerFor(c).pause();
    c.scrollIntoView({ block: "center", behavior: "instant" });
  }, id);
  await page.waitForTimeout(300);
}

/** The waypoints canvas's k-th waypoint in page px, and the world→page scale. */
async function waypointAt(page, id, k) {
  return page.evaluate(
    ([id, k]) => {
      const c = document.getElementById(id);
      const v = window.steerlab.viewerFor(c);
      const r = c.getBoundingClientRect();
      const s = r.width / v.state().scenario.world.width;
      const [x, y] = v.state().waypoints[k];
      return { x: r.left + x * s, y: r.top + y * s, s, wp: [x, y], n: v.state().waypoints.length };
    },
    [id, k]
  );
}

test("editing is deliberate: two fingers drag a waypoint; a tap acts and no more; one finger drags only while ✎ is pressed", async (t) => {
  const { context, page, cdp, problems } = await openPhone("/chapters/leader-queue-path.html");
  t.after(() => context.close());
  const id = "c-waypoints";
  const state = () => page.evaluate((id) => JSON.stringify(window.steerlab.viewerFor(document.getElementById(id)).state()), id);
  await pausedAtCentre(page, id);
  // One finger from waypoint 1, sideways (the page has nothing to scroll sideways): nothing moves.
  let w = await waypointAt(page, id, 1);
  const before = await state();
  await drag1(page, cdp, w.x, w.y, 40, 0);
  await page.waitForTimeout(150);
  assert.equal(await state(), before, "one finger edited");
  // Two fingers on it, moved 40 px right and 30 px down: it follows, by the same world distance.
  w = await waypointAt(page, id, 1);
  await drag2(page, cdp, w.x, w.y, 40, 30);
  await page.waitForTimeout(150);
  const moved = await waypointAt(page, id, 1);
  assert.ok(Math.abs(moved.wp[0] - (w.wp[0] + 40 / w.s)) < 3 && Math.abs(moved.wp[1] - (w.wp[1] + 30 / w.s)) < 3, `two fingers: ${w.wp} → ${moved.wp}`);
  assert.equal(moved.n, w.n, "two fingers added no waypoint");
  // A tap on it selects it and leaves touch as it was: one finger still moves nothing.
  await tapAt(page, cdp, moved.x, moved.y);
  await page.waitForTimeout(100);
  const canvasState = () =>
    page.evaluate((id) => {
      const c = document.getElementById(id);
      return { cls: c.classList.contains("steerlab-active"), ta: c.style.touchAction, pressed: c.closest(".steerlab").querySelector('[data-action="edit"]').getAttribute("aria-pressed") };
    }, id);
  assert.deepEqual(await canvasState(), { cls: false, ta: "pan-x pan-y pinch-zoom", pressed: "false" }, "a tap leaves the canvas as it was");
  const tapped = await waypointAt(page, id, 1);
  assert.deepEqual(tapped.wp, moved.wp, "the tap did not move it");
  const afterTap = await state();
  await drag1(page, cdp, tapped.x, tapped.y, -50, 0);
  await page.waitForTimeout(150);
  assert.equal(await state(), afterTap, "after a tap, one finger edited");
  // ✎ (in the figure's bar, named for screen readers): one finger drags now.
  const edit = page.locator(`#${id}`).locator("xpath=..").locator('.steerlab-bar [data-action="edit"]');
  assert.equal(await edit.getAttribute("aria-label"), "Edit with one finger (two fingers drag at any time)");
  await edit.tap();
  assert.deepEqual(await canvasState(), { cls: true, ta: "none", pressed: "true" }, "✎ makes the canvas active");
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: "center", behavior: "instant" }), id);
  const on = await waypointAt(page, id, 1);
  await drag1(page, cdp, on.x, on.y, -50, 20);
  await page.waitForTimeout(150);
  const dragged = await waypointAt(page, id, 1);
  assert.ok(Math.abs(dragged.wp[0] - (on.wp[0] - 50 / w.s)) < 3 && Math.abs(dragged.wp[1] - (on.wp[1] + 20 / w.s)) < 3, `one finger, ✎ pressed: ${on.wp} → ${dragged.wp}`);
  // ✎ again ends it (the canvas had the focus: the button keeps the canvas active until its click).
  await edit.tap();
  assert.deepEqual(await canvasState(), { cls: false, ta: "pan-x pan-y pinch-zoom", pressed: "false" }, "✎ again");
  // A tap outside the figure (on the text) ends it too.
  await edit.tap();
  assert.equal((await canvasState()).pressed, "true");
  await page.evaluate((id) => document.getElementById(id).focus(), id);
  await tapAt(page, cdp, 20, 20);
  await page.waitForTimeout(100);
  assert.deepEqual(await canvasState(), { cls: false, ta: "pan-x pan-y pinch-zoom", pressed: "false" }, "tap outside");
  assert.deepEqual(await allProblems(page, problems), []);
});

for (const [url, lang] of [["/chapters/flocking.html", "en"], ["/es/chapters/bandada.html", "es"]]) {
  test(`${url}: a vertical swipe that starts on the scrub bar or a slider scrolls and changes nothing; sideways, the slider moves`, async (t) => {
    const { context, page, cdp, problems } = await openPhone(url, { lang });
    t.after(() => context.close());
    const sel = url.includes("bandada") ? "#c-bandada" : "#c-flock";
    const v = (f) => page.evaluate(([sel, f]) => new Function("v", f)(window.steerlab.viewerFor(document.querySelector(sel))), [sel, f]);
    await v("v.pause(); v.step(240); v.render()");
    const root = page.locator(sel).locator("xpath=..");
    await root.locator('.steerlab-bar [data-action="settings"]').tap();
    for (const [what, input] of [["scrub bar", "input[data-scrub]"], ["slider", 'input[type="range"][data-param]']]) {
      const r = root.locator(input).first();
      await r.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
      await settle(page);
      const b = await r.evaluate((e) => {
        const b = e.getBoundingClientRect();
        return { x: b.left + b.width * 0.3, y: b.top + b.height / 2, value: e.value, sy: scrollY };
      });
      const scene = await v("return JSON.stringify(v.state())");
      await swipe(page, cdp, b.x, b.y, -300, 12);
      await page.waitForTimeout(150);
      const sy = await page.evaluate(() => scrollY);
      assert.ok(sy - b.sy > 150, `${url}: a vertical swipe from the ${what} scrolled ${sy - b.sy} px`);
      assert.equal(await r.inputValue(), b.value, `${url}: the ${what} kept its value`);
      assert.ok((await v("return JSON.stringify(v.state())")) === scene, `${url}: the swipe from the ${what} changed the scene`);
      assert.equal(await r.isDisabled(), false, `${url}: the ${what} is enabled after the swipe`);
    }
    // Sideways from the slider's thumb: it follows the finger (here to its left end).
    const r = root.locator('input[type="range"][data-param]').first();
    await r.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
    await settle(page);
    const b = await r.evaluate((e) => {
      const b = e.getBoundingClientRect();
      const f = (e.value - e.min) / (e.max - e.min);
      return { x: b.left + 8 + f * (b.width - 16), y: b.top + b.height / 2, min: e.min, value: e.value, path: e.dataset.param, left: b.left };
    });
    assert.notEqual(b.value, b.min, "the slider starts above its minimum");
    await drag1(page, cdp, b.x, b.y, b.left - b.x, 0);
    await page.waitForTimeout(150);
    assert.equal(await r.inputValue(), b.min, `${url}: dragged to the left end`);
    assert.equal(await v(`return v.get(${JSON.stringify(b.path)})`), Number(b.min), `${url}: ${b.path} follows the slider`);
    assert.deepEqual(await allProblems(page, problems), []);
  });
}

/** Heights under a canvas: the controls (scrub bar, bar, open settings) and all of the widget. */
const widget = (page, sel) =>
  page.evaluate((sel) => {
    const c = document.querySelector(sel);
    const root = c.closest(".steerlab");
    const cb = c.getBoundingClientRect();
    const shown = (e) => e && e.getClientRects().length > 0;
    const controls = [...root.querySelectorAll(".steerlab-scrub, .steerlab-bar, .steerlab-settings")].filter(shown);
    const bottom = Math.max(...controls.map((e) => e.getBoundingClientRect().bottom));
    // (Not the chart's keys: the chart is a figure the author asked for with data-chart.)
    const visible = [...root.querySelectorAll("button, input, select")].filter((e) => shown(e) && !e.closest(".steerlab-chart")).map((e) => e.dataset.action || e.dataset.param || e.dataset.overlay || (e.dataset.scrub !== undefined ? "scrub" : e.hasAttribute("data-meanings") ? "meanings" : e.tagName));
    return { canvas: cb.height, controls: bottom - cb.bottom, widget: root.getBoundingClientRect().bottom - cb.bottom, visible };
  }, sel);

for (const [url, lang] of [["/", "en"], ["/es/", "es"], ["/chapters/flocking.html", "en"], ["/es/chapters/flocking.html", "es"]]) {
  test(`${url}: at 375 px the flock canvas's default widget is no taller than the canvas; menu and settings open on demand`, async (t) => {
    const { context, page, problems } = await openPhone(url, { lang });
    t.after(() => context.close());
    const sel = url.includes("chapters") ? "#c-flock" : 'canvas[data-scenario="flock"]';
    await page.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: "start", behavior: "instant" }), sel);
    await page.evaluate((sel) => window.steerlab.viewerFor(document.querySelector(sel)).pause(), sel);
    await page.waitForTimeout(300);
    const w = await widget(page, sel);
    t.diagnostic(`${url}: canvas ${w.canvas} px, controls ${w.controls.toFixed(0)} px, widget (caption and readout too) ${w.widget.toFixed(0)} px`);
    // The controls (scrub bar, buttons, settings): what the issue measured at 528 px. The caption
    // and the readout under them are the figure's text.
    assert.ok(w.controls <= w.canvas, `${url}: ${w.controls} px of controls under a ${w.canvas} px canvas`);
    // (Then the readout's "?": what its measures mean, issue 35.)
    assert.deepEqual(w.visible, ["scrub", "fine", "play", "step-back", "step", "settings", "menu", "meanings"], "the default widget");
    const root = page.locator(sel).locator("xpath=..");
    // The settings: sliders and overlays, on demand.
    const settings = root.locator('.steerlab-bar [data-action="settings"]');
    assert.equal(await settings.getAttribute("aria-expanded"), "false");
    await settings.tap();
    assert.equal(await settings.getAttribute("aria-expanded"), "true");
    assert.ok(await root.locator('input[data-param="separation.weight"]').isVisible(), "a slider in the settings");
    assert.ok(await root.locator('input[data-overlay="forces"]').isVisible(), "an overlay toggle in the settings");
    await settings.tap();
    assert.equal(await root.locator('input[data-param="separation.weight"]').isVisible(), false, "settings fold again");
    // The menu: every other action, keyboard-operable; Escape closes it and focuses its toggle.
    const menu = root.locator('.steerlab-bar [data-action="menu"]');
    await menu.focus();
    await page.keyboard.press("Enter");
    assert.equal(await menu.getAttribute("aria-expanded"), "true");
    const items = await root.locator(".steerlab-menu button").evaluateAll((bs) => bs.filter((b) => b.getClientRects().length).map((b) => b.dataset.action));
    assert.deepEqual(items, ["share", "embed", "code", "save", "seed", "inspector", "chart", "reset"]);
    // (The bar is one ARIA toolbar, the menu's entries among its items: → goes into the menu.
    // Its keys come with the described scene, which this first focus loads.)
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.activeElement.dataset.action === "share", null, { timeout: 5000 }).catch(() => {});
    assert.equal(await page.evaluate(() => document.activeElement.dataset.action), "share", "→ goes into the menu");
    await page.keyboard.press("Escape");
    assert.equal(await menu.getAttribute("aria-expanded"), "false");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.action), "menu", "Escape gives the focus back");
    await page.screenshot({ path: path.join(ensureArtifacts(), `phone-touch-widget-${lang}-${url.replace(/\W+/g, "_")}.png`) });
    assert.deepEqual(await allProblems(page, problems), []);
  });
}

test("desktop (1280 px, mouse): the widget unfolded as before, the menu's toggle hidden", async (t) => {
  const { context, page, problems } = await openPhone("/chapters/flocking.html", { touch: false, viewport: { width: 1280, height: 900 } });
  t.after(() => context.close());
  await page.evaluate(() => document.querySelector("#c-flock").scrollIntoView({ block: "start", behavior: "instant" }));
  // (Mounted now, whatever the machine's pace: boot.js mounts a canvas as it comes near.)
  await page.evaluate(() => ["#c-flock", "#c-hash"].forEach((s) => window.steerlab.viewerFor(document.querySelector(s))));
  await page.waitForTimeout(300);
  const w = await widget(page, "#c-flock");
  for (const a of ["play", "step-back", "step", "share", "embed", "save", "seed", "inspector", "reset", "separation.weight", "forces"]) {
    assert.ok(w.visible.includes(a), `desktop shows ${a}: ${w.visible}`);
  }
  assert.ok(!w.visible.includes("menu") && !w.visible.includes("settings"), `no folds on desktop: ${w.visible}`);
  // A mouse drags anyway: no ✎ (on the spatial hash canvas, where a drag moves «self»).
  assert.equal(await page.locator('#c-hash').locator("xpath=..").locator('[data-action="edit"]').isVisible(), false, "✎ with a mouse");
  assert.deepEqual(await allProblems(page, problems), []);
});

test("mouse: a drag moves a waypoint at once, as before (no ✎ to press)", async (t) => {
  const { context, page, problems } = await openPhone("/chapters/leader-queue-path.html", { touch: false, viewport: { width: 1280, height: 900 } });
  t.after(() => context.close());
  const id = "c-waypoints";
  await pausedAtCentre(page, id);
  const w = await waypointAt(page, id, 1);
  await page.mouse.move(w.x, w.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(w.x + 5 * k, w.y + 4 * k);
  await page.mouse.up();
  const moved = await waypointAt(page, id, 1);
  assert.ok(Math.abs(moved.wp[0] - (w.wp[0] + 40 / w.s)) < 3 && Math.abs(moved.wp[1] - (w.wp[1] + 32 / w.s)) < 3, `mouse: ${w.wp} → ${moved.wp}`);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("data-controls: everything (unfolded on a wide figure), compact, a list of parts, none", async (t) => {
  const { context, page, problems } = await openPhone("/controls.html", { touch: false, viewport: { width: 1000, height: 900 } });
  t.after(() => context.close());
  await mountEvery(page);
  await page.waitForTimeout(300);
  const parts = {};
  // (Each readout's "?" aside: the controls only.)
  for (const id of ["all", "compact", "parts", "settings", "none"]) parts[id] = (await widget(page, `#${id}`)).visible.filter((x) => x !== "meanings");
  assert.deepEqual(
    parts.all.slice(0, 14),
    ["scrub", "fine", "play", "step-back", "step", "share", "embed", "code", "save", "seed", "inspector", "chart", "reset", "perception"],
    "unfolded",
  );
  assert.deepEqual(parts.compact, ["scrub", "fine", "play", "step-back", "step", "settings", "menu"], "compact on a wide figure too");
  assert.deepEqual(parts.parts, ["scrub", "fine", "play", "step-back", "step"], "play time");
  assert.ok(!parts.settings.includes("play") && !parts.settings.includes("scrub") && parts.settings.includes("seed") && parts.settings.includes("separation.weight"), `menu settings: ${parts.settings}`);
  assert.deepEqual(parts.none, [], "false");
  assert.deepEqual(await allProblems(page, problems), []);
});

test("time on touch: ← gives back the previous step bit for bit; the fine scrub reaches one chosen step", async (t) => {
  const { context, page, cdp, problems } = await openPhone("/chapters/flocking.html");
  t.after(() => context.close());
  const sel = "#c-flock";
  await page.evaluate((sel) => document.querySelector(sel).scrollIntoView({ block: "start", behavior: "instant" }), sel);
  const v = (f, a) => page.evaluate(([sel, f, a]) => new Function("v", "a", f)(window.steerlab.viewerFor(document.querySelector(sel)), a), [sel, f, a]);
  await v("v.pause()");
  const root = page.locator(sel).locator("xpath=..");
  // Step forward three times with the button, remembering each state.
  const states = [await v("return JSON.stringify(v.state())")];
  for (let k = 0; k < 3; k++) {
    await root.locator('.steerlab-bar [data-action="step"]').tap();
    states.push(await v("return JSON.stringify(v.state())"));
  }
  assert.notEqual(states[3], states[2], "step moved");
  for (let k = 2; k >= 0; k--) {
    await root.locator('.steerlab-bar [data-action="step-back"]').tap();
    assert.ok((await v("return JSON.stringify(v.state())")) === states[k], `← back to the state of ${k} steps ago`);
  }
  // A long run: 3000 steps (50 s). The whole bar: several steps a pixel.
  await v("v.step(3000); v.render()");
  await page.waitForTimeout(100);
  const range = root.locator("input[data-scrub]");
  const coarse = await range.evaluate((r) => (Number(r.max) - Number(r.min)) / r.getBoundingClientRect().width);
  assert.ok(coarse > 5, `without fine mode, ${coarse.toFixed(1)} steps a pixel`);
  const fine = root.locator('[data-action="fine"]');
  await fine.tap();
  assert.equal(await fine.getAttribute("aria-pressed"), "true");
  const bar = await range.evaluate((r) => {
    const b = r.getBoundingClientRect();
    return { min: Number(r.min), max: Number(r.max), value: Number(r.value), left: b.left, width: b.width, y: b.top + b.height / 2 };
  });
  const perStep = bar.width / (bar.max - bar.min);
  assert.ok(perStep >= 2, `fine mode: ${perStep.toFixed(2)} px a step`);
  assert.ok(bar.min <= bar.value && bar.value <= bar.max, "the window holds the step");
  // Tap where step (value - 37) is: the canvas goes to exactly that step.
  const target = bar.value - 37;
  const thumb = 16; // Chromium's range thumb: values spread over the width less the thumb
  const x = bar.left + thumb / 2 + ((target - bar.min) / (bar.max - bar.min)) * (bar.width - thumb);
  await tapAt(page, cdp, x, bar.y);
  await page.waitForTimeout(200);
  const reached = await v("return v.state().steps");
  assert.equal(reached, target, `tapped for step ${target}, reached ${reached}`);
  // Let go: the window centres on it; the buttons then step one at a time from there.
  await root.locator('.steerlab-bar [data-action="step-back"]').tap();
  assert.equal(await v("return v.state().steps"), target - 1);
  assert.deepEqual(await allProblems(page, problems), []);
});
