// Issue 21 in Chromium: embedding for real authors — readiness, two-way parameters, a lifecycle
// that cannot leak or stack, failed mounts that clean up after themselves.
// (Theming: tests/e2e/theme.test.mjs; the drop-in bundle and its types: tests/e2e/bundle.test.mjs.)
//
//   node --test tests/e2e/embedding.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
  serveDist,
  launchBrowser,
  openPage,
  allProblems,
  waitForSteerlab,
  waitForDrawn,
  ensureArtifacts,
  DIST,
  openCountedPage,
  measure,
} from "./helpers.mjs";

// The viewer's grace period for a canvas out of the document (src/web/lifecycle.rs, GRACE_MS).
const GRACE_MS = 1000;
const settle = (page) => page.waitForTimeout(GRACE_MS + 400);

const HEAD = `<meta charset="utf-8"><link rel="stylesheet" href="/www/steerlab.css">`;
const BOOT = `<script type="module" src="/www/boot.js"></script>`;

// Readiness: a probe module, before boot.js, records the order of events and what a handler sees.
const PROBE = `
window.__order = [];
document.addEventListener("steerlab:mounted", (e) => {
  window.__order.push({ ev: "mounted", id: e.target.id, found: !!window.__sl_api?.viewerFor(e.target),
    detailPlaying: e.detail.viewer.playing, global: !!window.steerlab });
});
window.addEventListener("steerlab:ready", (e) => {
  const v = e.detail.viewerFor(document.getElementById("a"));
  window.__order.push({ ev: "ready", found: !!v, playing: v ? v.playing : null, live: e.detail.liveViewers(),
    global: window.steerlab === e.detail, hasReady: window.steerlab.ready instanceof Promise });
});
const boot = await import("/www/boot.js");
const sl = await boot.ready;
window.__order.push({ ev: "promise", found: !!sl.viewerFor(document.getElementById("b")), same: sl === window.steerlab,
  globalReady: (await window.steerlab.ready) === sl });
`;
// The probe cannot reach the module before boot.js exposes it, so the mounted handler uses the
// module imported directly: the same instance boot.js initialises, so by the URL boot.js imports
// (scripts/hooks/version.mjs adds `?v=<build>` to it: another URL is another, uninitialised instance).
const MODULE_URL = `/steerlab.js${fs.readFileSync(path.join(DIST, "www/boot.js"), "utf8").match(/\.\.\/steerlab\.js(\?v=\w+)?["']/)?.[1] ?? ""}`;
const PROBE_API = `import * as m from "${MODULE_URL}"; window.__sl_api = m;`;
const READY_PAGE = `<!doctype html><html lang="en"><head>${HEAD}<title>ready</title>
<script type="module" src="/probe-api.js"></script><script type="module" src="/probe.js"></script>${BOOT}</head>
<body><canvas id="a" data-scenario="flock"></canvas><canvas id="b" data-scenario="queue"></canvas></body></html>`;

const PLAIN_PAGE = (body, lang = "en") =>
  `<!doctype html><html lang="${lang}"><head>${HEAD}<title>t</title>${BOOT}</head><body>${body}</body></html>`;

const FLOCK_PAGE = PLAIN_PAGE(`<div id="host"><canvas id="c" data-scenario="flock" data-autoplay="false"></canvas></div><div id="elsewhere"></div>`);
const EMPTY_PAGE = PLAIN_PAGE(`<div id="app" style-note="routes go here"></div><div id="side"></div>`);

let server;
let browser;

before(async () => {
  server = await serveDist({
    extra: {
      "/ready.html": READY_PAGE,
      "/probe.js": PROBE,
      "/probe-api.js": PROBE_API,
      "/flock.html": FLOCK_PAGE,
      "/empty.html": EMPTY_PAGE,
      "/blank.html": "<!doctype html><title>blank</title>",
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("readiness: steerlab:mounted per canvas, then steerlab:ready and the ready promise, each finding the viewers", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/ready.html"));
  t.after(() => context.close());
  await page.waitForFunction(() => window.__order?.some((e) => e.ev === "promise"));
  const order = await page.evaluate(() => window.__order);
  assert.deepEqual(order.map((e) => e.ev), ["mounted", "mounted", "ready", "promise"], JSON.stringify(order));
  const [ma, mb, ready, promise] = order;
  assert.deepEqual([ma.id, mb.id], ["a", "b"]);
  assert.ok(ma.found && mb.found, "viewerFor(canvas) finds the viewer inside steerlab:mounted");
  assert.ok(ma.detailPlaying, "detail.viewer is the live viewer");
  assert.equal(ma.global, false, "window.steerlab is set after every canvas is mounted");
  assert.deepEqual(ready, { ev: "ready", found: true, playing: true, live: 2, global: true, hasReady: true });
  assert.deepEqual(promise, { ev: "promise", found: true, same: true, globalReady: true });
  assert.deepEqual(await allProblems(page, problems), []);
});

test("get(path) and steerlab:change: built-in slider, set(), a listener calling back, reset, new seed", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/flock.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const r = await page.evaluate(() => {
    const c = document.getElementById("c");
    const v = window.steerlab.viewerFor(c);
    const seen = [];
    // A listener that calls back into the viewer (events are fired once its state is released).
    c.addEventListener("steerlab:change", (e) => seen.push({ ...e.detail, readBack: v.get(e.detail.path) }));
    let bubbled = 0;
    document.body.addEventListener("steerlab:change", () => bubbled++);
    const out = { initial: v.get("separation.weight"), edges: v.get("world.edges"), seed: v.get("seed") };
    v.set("separation.weight", 2.25);
    v.set("separation.weight", 2.25); // unchanged: no event
    v.set("world.edges", "bounce");
    let message = null;
    try {
      v.get("cohesion.wieght");
    } catch (e) {
      message = e.message;
    }
    let setMessage = null;
    try {
      v.set("cohesion.wieght", 1);
    } catch (e) {
      setMessage = e.message;
    }
    v.reset();
    return { ...out, seen: [...seen], message, setMessage, bubbled, after: v.get("separation.weight") };
  });
  assert.equal(r.initial, 1.5, "the tutorial's separation weight");
  assert.equal(r.edges, "wrap");
  assert.equal(typeof r.seed, "number");
  assert.deepEqual(r.seen, [
    { path: "separation.weight", value: 2.25, source: "api", readBack: 2.25 },
    { path: "world.edges", value: "bounce", source: "api", readBack: "bounce" },
  ]);
  assert.equal(r.bubbled, 2, "change events bubble");
  assert.equal(r.message, "cohesion.wieght: unknown parameter");
  assert.equal(r.setMessage, r.message, "get and set give the same message for a bad path");
  assert.equal(r.after, 2.25, "reset keeps the parameters (and fires no change event)");

  // The viewer's own slider, moved as a reader would (the range input's value and its input event).
  await page.evaluate(() => {
    window.__seen = [];
    document.getElementById("c").addEventListener("steerlab:change", (e) => window.__seen.push(e.detail));
  });
  const slider = page.locator('.steerlab input[data-param="cohesion.weight"]');
  await slider.fill("2.5");
  await page.locator('.steerlab button[data-action="seed"]').click();
  const seen = await page.evaluate(() => window.__seen);
  assert.equal(seen.length, 2, JSON.stringify(seen));
  assert.deepEqual(seen[0], { path: "cohesion.weight", value: 2.5, source: "control" });
  assert.equal(seen[1].path, "seed");
  assert.equal(seen[1].source, "control");
  assert.equal(seen[1].value, await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).get("seed")));
  assert.deepEqual(await allProblems(page, problems), []);
});

test("a page-owned slider follows the built-in one and drives it back (steerlab:change + set)", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/flock.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.evaluate(() => {
    const c = document.getElementById("c");
    const v = window.steerlab.viewerFor(c);
    const mine = document.createElement("input");
    Object.assign(mine, { type: "range", min: "0", max: "3", step: "0.1", id: "mine" });
    mine.value = String(v.get("alignment.weight"));
    document.getElementById("elsewhere").append(mine);
    mine.addEventListener("input", () => v.set("alignment.weight", mine.valueAsNumber));
    c.addEventListener("steerlab:change", (e) => {
      if (e.detail.path === "alignment.weight") mine.value = String(e.detail.value);
    });
  });
  await page.locator('.steerlab input[data-param="alignment.weight"]').fill("0.3");
  assert.equal(await page.locator("#mine").inputValue(), "0.3", "the page's slider followed the built-in one");
  await page.locator("#mine").fill("2.7");
  const builtIn = await page.locator('.steerlab input[data-param="alignment.weight"]').inputValue();
  assert.equal(builtIn, "2.7", "the built-in slider followed the page's");
  assert.equal(await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).get("alignment.weight")), 2.7);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("mount() on a mounted canvas throws and stacks nothing; after destroy() it mounts again", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/flock.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const r = await page.evaluate(() => {
    const c = document.getElementById("c");
    const sl = window.steerlab;
    const errors = [];
    for (const arg of ["flock", "queue", "flock"]) {
      try {
        sl.mount(c, arg);
      } catch (e) {
        errors.push(e.message);
      }
    }
    const out = {
      errors,
      live: sl.liveViewers(),
      roots: document.querySelectorAll(".steerlab").length,
      panels: document.querySelectorAll(".steerlab-controls").length,
      bars: document.querySelectorAll(".steerlab-bar").length,
      alerts: document.querySelectorAll(".steerlab-error").length,
      autoMount: sl.autoMount().length,
      stillAlive: sl.viewerFor(c).get("separation.weight"),
    };
    sl.viewerFor(c).destroy();
    const again = sl.mount(c, "queue");
    out.remounted = sl.viewerFor(c) !== undefined && again.frames >= 0 && sl.liveViewers();
    return out;
  });
  assert.equal(r.errors.length, 3);
  for (const m of r.errors) assert.match(m, /^mount: this canvas already has a viewer; use viewerFor\(canvas\)/);
  assert.deepEqual(
    { live: r.live, roots: r.roots, panels: r.panels, bars: r.bars, alerts: r.alerts, autoMount: r.autoMount },
    { live: 1, roots: 1, panels: 1, bars: 1, alerts: 0, autoMount: 0 },
  );
  assert.equal(r.stillAlive, 1.5, "the first viewer keeps running");
  assert.equal(r.remounted, 1);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("a control naming a missing parameter fails the mount with set()'s message", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/flock.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const r = await page.evaluate(() => {
    const sl = window.steerlab;
    const setMessage = (() => {
      try {
        sl.viewerFor(document.getElementById("c")).set("cohesion.wieght", 1);
      } catch (e) {
        return e.message;
      }
    })();
    const scenario = {
      name: "typo",
      world: { width: 400, height: 300 },
      agents: { count: 20 },
      behaviours: [{ type: "separation" }, { type: "cohesion" }],
      controls: [
        { param: "separation.weight", label: "separation", min: 0, max: 3, step: 0.1 },
        { param: "cohesion.wieght", label: "cohesion", min: 0, max: 3, step: 0.1 },
      ],
    };
    const canvas = document.createElement("canvas");
    document.getElementById("elsewhere").append(canvas);
    const events = [];
    canvas.addEventListener("steerlab:error", (e) => events.push(e.detail.message));
    try {
      sl.mount(canvas, scenario);
      return { mounted: true };
    } catch (e) {
      return { setMessage, message: e.message, events, alert: canvas.nextElementSibling?.textContent };
    }
  });
  assert.equal(r.setMessage, "cohesion.wieght: unknown parameter");
  assert.equal(r.message, `controls[1].param: ${r.setMessage}`);
  assert.deepEqual(r.events, [r.message], "steerlab:error carries the message");
  assert.equal(r.alert, r.message);
  // The console error of the failed mount is expected; nothing else.
  const rest = (await allProblems(page, problems)).filter((p) => !p.includes("cohesion.wieght"));
  assert.deepEqual(rest, []);
});

/** The lowest row of the error box's canvas with the message's dark red in it (in the page). */
function lowestMessageRow(id) {
  const c = document.getElementById(id);
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let lowest = -1;
  for (let y = 0; y < c.height; y++)
    for (let x = 20; x < c.width - 20; x++) {
      const i = (y * c.width + x) * 4;
      if (d[i] > 100 && d[i] < 200 && d[i + 1] < 90 && d[i + 2] < 90) lowest = y; // #991b1b, antialiased
    }
  return { lowest, height: c.height };
}

test("a failed mount's alert leaves with its canvas, and a second mount clears it; the error box fits its message", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/empty.html"), { viewport: { width: 700, height: 900 } });
  t.after(() => context.close());
  await waitForSteerlab(page);
  const bad = JSON.stringify({
    name: "bad",
    world: { width: 640, height: 400 },
    agents: { count: 10 },
    behaviours: [{ type: "alignment" }, { type: "cohesion", perception: -3 }],
  });
  const box = await page.evaluate((bad) => {
    const app = document.getElementById("app");
    app.innerHTML = `<section id="s1"><canvas id="x"></canvas></section>`;
    try {
      window.steerlab.mount(document.getElementById("x"), bad);
    } catch (_) {}
    const c = document.getElementById("x");
    const r = c.getBoundingClientRect();
    return { w: r.width, h: r.height, bw: c.width, bh: c.height, app: app.getBoundingClientRect().width, alerts: document.querySelectorAll(".steerlab-error").length };
  }, bad);
  assert.equal(box.alerts, 1);
  assert.equal(Math.round(box.w), Math.round(box.app), "the error box takes the column's width, not 300 px");
  assert.ok(Math.abs(box.bw / box.bh - box.w / box.h) < 0.02, `backing store ${box.bw}×${box.bh} keeps the box's ${box.w}×${box.h} aspect (no stretched text)`);
  // The whole message is painted: its last line sits in the lower part of the box, above the margin.
  const lastLine = await page.evaluate(lowestMessageRow, "x");
  assert.ok(lastLine.lowest > 0 && lastLine.lowest < lastLine.height - 4, JSON.stringify(lastLine));

  // Narrow column: a long message wraps onto more lines and the box grows to show them all.
  await page.evaluate(() => (document.getElementById("app").style.width = "320px"));
  const narrow = await page.evaluate((bad) => {
    const c = document.createElement("canvas");
    c.id = "y";
    document.getElementById("app").append(c);
    try {
      window.steerlab.mount(c, bad.replace('"type":"cohesion","perception":-3', '"type":"cohesio"'));
    } catch (e) {
      window.__long = e.message;
    }
    const r = c.getBoundingClientRect();
    return { w: r.width, h: r.height, message: window.__long };
  }, bad);
  assert.ok(narrow.message.length > 200, narrow.message);
  assert.ok(narrow.w <= 321 && narrow.h > 150, `narrow error box ${narrow.w}×${narrow.h} for ${narrow.message.length} characters`);
  const narrowLast = await page.evaluate(lowestMessageRow, "y");
  assert.ok(narrowLast.lowest > narrowLast.height * 0.6 && narrowLast.lowest < narrowLast.height - 4, JSON.stringify(narrowLast));
  await page.screenshot({ path: path.join(ensureArtifacts(), "embedding-error-box.png"), fullPage: true });

  // The route changes: the canvases go, and after the grace period so do their alerts.
  await page.evaluate(() => {
    document.getElementById("x").remove();
    document.getElementById("y").remove();
  });
  assert.equal(await page.locator(".steerlab-error").count(), 2, "kept during the grace period");
  await settle(page);
  assert.equal(await page.locator(".steerlab-error").count(), 0, "no stale alert");

  // Mounting again on a canvas that failed clears its alert at once.
  const again = await page.evaluate((bad) => {
    const c = document.createElement("canvas");
    document.getElementById("app").append(c);
    try {
      window.steerlab.mount(c, bad);
    } catch (_) {}
    const before = document.querySelectorAll(".steerlab-error").length;
    const v = window.steerlab.mount(c, "flock");
    const out = { before, after: document.querySelectorAll(".steerlab-error").length, errorClass: c.classList.contains("steerlab-error-canvas") };
    v.destroy();
    return out;
  }, bad);
  assert.deepEqual(again, { before: 1, after: 0, errorClass: false });
  const rest = (await allProblems(page, problems)).filter((p) => !p.includes("perception") && !p.includes("cohesio`"));
  assert.deepEqual(rest, []);
});

test("moving a canvas keeps its viewer (in one task, or back within the grace period); a removed one is destroyed", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/flock.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).play());
  const r = await page.evaluate(async () => {
    const sl = window.steerlab;
    const c = document.getElementById("c");
    const root = c.closest(".steerlab");
    const v = sl.viewerFor(c);
    v.set("separation.weight", 2.75); // a mark that survives only if the viewer does
    const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
    const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
    // 1. Moved within one task.
    document.getElementById("elsewhere").append(root);
    await sleep(50);
    const sync = { same: sl.viewerFor(c)?.get("separation.weight"), live: sl.liveViewers() };
    // 2. Out for 400 ms, then back: parked (no frames meanwhile), then resumed.
    root.remove();
    await sleep(100);
    const f0 = v.frames;
    const parked = { inFlight: v.frameInFlight };
    await sleep(300);
    parked.framesWhileOut = v.frames - f0;
    document.getElementById("host").append(root);
    // Resumed: the next frame that takes a step draws (a frame with no step draws nothing new).
    for (let k = 0; k < 30 && v.frames <= f0; k++) await frame();
    const back = { same: sl.viewerFor(c)?.get("separation.weight"), drawing: v.frames > f0, live: sl.liveViewers() };
    // 3. Out for longer than the grace period: destroyed as by destroy().
    root.remove();
    await sleep(1400);
    let refused = false;
    try {
      v.play();
    } catch (e) {
      refused = /destroyed/.test(e.message);
    }
    const gone = { live: sl.liveViewers(), found: !!sl.viewerFor(c), listeners: v.listenerCount, refused, wrapper: !!c.closest(".steerlab") };
    return { sync, parked, back, gone };
  });
  assert.deepEqual(r.sync, { same: 2.75, live: 1 });
  assert.deepEqual(r.parked, { inFlight: false, framesWhileOut: 0 }, "a parked viewer draws no frames");
  assert.deepEqual(r.back, { same: 2.75, drawing: true, live: 1 });
  assert.deepEqual(r.gone, { live: 0, found: false, listeners: 0, refused: true, wrapper: false });
  assert.deepEqual(await allProblems(page, problems), []);
});

test('data-lifecycle="manual" keeps a detached viewer until destroy()', async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/flock.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const r = await page.evaluate(async () => {
    const sl = window.steerlab;
    const c = document.createElement("canvas");
    c.dataset.lifecycle = "manual";
    document.getElementById("elsewhere").append(c);
    const v = sl.mount(c, "separation");
    c.closest(".steerlab").remove();
    await new Promise((res) => setTimeout(res, 1500));
    const kept = sl.liveViewers();
    v.destroy();
    return { kept, after: sl.liveViewers() };
  });
  assert.deepEqual(r, { kept: 2, after: 1 });
  assert.deepEqual(await allProblems(page, problems), []);
});

// A single-page app: 200 route changes that swap the DOM holding canvases and never call destroy().
// Before issue 21, 20 route changes left 22 live viewers and 200 grew wasm memory 1.1 → 5.6 MB.
const ROUTES = Number(process.env.STEERLAB_ROUTES || 200);
const routeChanges = (page, from, to) =>
  page.evaluate(
    async ({ from, to }) => {
      // Five names: a multiple of five route changes ends on the same pair of scenarios.
      const names = ["flock", "queue", "separation", "path-waypoints", "follow-leader"];
      const app = document.getElementById("app");
      const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
      const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
      let maxLive = 0;
      let maxFrames = 0;
      for (let k = from; k < to; k++) {
        // What a router does: replace the view, then let the page's scripts enhance it.
        const view = document.createElement("section");
        view.innerHTML =
          `<h2>route ${k}</h2><canvas data-scenario="${names[k % names.length]}"></canvas>` +
          `<p>text</p><div><canvas data-scenario="${names[(k + 1) % names.length]}" data-seed="${k}"></canvas></div>`;
        app.replaceChildren(view);
        window.steerlab.autoMount();
        await frame();
        const c = view.querySelector("canvas");
        const v = window.steerlab.viewerFor(c);
        if (k % 3 === 0) v.set("motion.max_speed", 60 + (k % 40));
        if (k % 4 === 0) c.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        // A steady pace (a route every ~50 ms), so that as many viewers are parked at once in the
        // warm-up as in the measured run.
        await sleep(50);
        maxLive = Math.max(maxLive, window.steerlab.liveViewers());
        maxFrames = Math.max(maxFrames, window.__sl.frames);
      }
      return { maxLive, maxFrames };
    },
    { from, to },
  );

test(`single-page app: ${ROUTES} route changes without destroy() leave live viewers, listeners, observers and wasm memory at their baseline`, async (t) => {
  const { context, page, problems, cdp } = await openCountedPage(browser, server, server.url("/empty.html"));
  t.after(() => context.close());
  const empty = await measure(page, cdp);
  // Warm-up longer than the grace period: the number of parked viewers reaches its steady state
  // (wasm memory only grows, so the baseline is taken at the steady state's size).
  const t0 = Date.now();
  let warm = 0;
  while (Date.now() - t0 < GRACE_MS * 2.5) {
    await routeChanges(page, warm, warm + 10);
    warm += 10;
  }
  await settle(page);
  const base = await measure(page, cdp);
  const loop = await routeChanges(page, warm, warm + ROUTES);
  await settle(page);
  const end = await measure(page, cdp);
  // Then the app leaves the page altogether.
  await page.evaluate(() => document.getElementById("app").replaceChildren());
  await settle(page);
  const gone = await measure(page, cdp);
  const report = { routes: ROUTES, warmUpRoutes: warm, empty, base, end, gone, loop };
  fs.writeFileSync(path.join(ensureArtifacts(), "embedding-spa.json"), JSON.stringify(report, null, 2));
  const MiB = (b) => (b / 1048576).toFixed(2);
  t.diagnostic(
    `live ${base.live} → ${end.live} (at most ${loop.maxLive} during the loop) → ${gone.live}; listeners ${empty.listeners} / ${base.listeners} → ${end.listeners} → ${gone.listeners}; ` +
      `observers ${base.observing} → ${end.observing}; mutation observers ${base.mutation} → ${end.mutation} → ${gone.mutation}; ` +
      `wasm ${MiB(empty.wasm)} → ${MiB(base.wasm)} MiB (after ${warm} warm-up routes) → ${MiB(end.wasm)} → ${MiB(gone.wasm)} MiB; nodes ${base.nodes} → ${end.nodes}`,
  );
  for (const k of ["live", "listeners", "observing", "mutation", "nodes"]) {
    assert.equal(end[k], base[k], `${k}: ${base[k]} at the baseline, ${end[k]} after ${ROUTES} route changes`);
  }
  assert.equal(base.live, 2, "the current route's two viewers");
  assert.ok(end.frames <= base.frames + 1, `frames pending: ${base.frames} → ${end.frames}`);
  assert.ok(end.wasm - base.wasm <= 256 * 1024, `wasm memory grew by ${MiB(end.wasm - base.wasm)} MiB over ${ROUTES} route changes`);
  // Parked viewers draw nothing: the pending frames are the current route's (and the loop's own).
  assert.ok(loop.maxFrames <= 3, `at most ${loop.maxFrames} frame callbacks pending during the loop`);
  assert.ok(loop.maxLive <= 2 + 2 * Math.ceil(GRACE_MS / 16) + 2, `live viewers stay bounded by the grace period: ${loop.maxLive}`);
  for (const k of ["live", "listeners", "observing", "mutation", "frames"]) {
    assert.equal(gone[k], empty[k], `${k} back to the empty page's ${empty[k]} once the app is gone`);
  }
  assert.equal(await page.$$eval(".steerlab, .steerlab-error", (l) => l.length), 0);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("the <steer-lab> element keeps its viewer across a move and ends it on removal", async (t) => {
  const page0 = PLAIN_PAGE(`<div id="a"><steer-lab scenario="cohesion" seed="5" theme="dark"></steer-lab></div><div id="b"></div>`);
  const srv = await serveDist({ extra: { "/el.html": page0.replace(BOOT, `<script type="module" src="/www/steer-lab.js"></script>`) } });
  t.after(() => srv.close());
  const { context, page, problems } = await openPage(browser, srv.url("/el.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.waitForSelector("steer-lab .steerlab canvas");
  await waitForDrawn(page, "steer-lab canvas");
  const r = await page.evaluate(async () => {
    const el = document.querySelector("steer-lab");
    const v = el.viewer;
    v.set("cohesion.weight", 2.5);
    document.getElementById("b").append(el); // a move: disconnected, connected, same task
    await new Promise((res) => setTimeout(res, 50));
    const moved = { same: el.viewer?.get("cohesion.weight"), live: window.steerlab.liveViewers(), theme: el.viewer.theme };
    el.remove();
    await new Promise((res) => setTimeout(res, 0));
    return { moved, after: window.steerlab.liveViewers() };
  });
  assert.deepEqual(r, { moved: { same: 2.5, live: 1, theme: "dark" }, after: 0 });
  assert.deepEqual(await allProblems(page, problems), []);
});
