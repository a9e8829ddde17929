// Issue 25, cheap frames, end to end: on a page of ten playing canvases the text around them (the
// readout under each canvas, the scrub bar's label) changes twice a second, and every viewer's
// text changes at the same animation frames, so the page lays out and paints text twice a second
// rather than at twenty scattered frames. A paused canvas writes nothing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, DIST } from "./helpers.mjs";

const TEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ten</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/ten.css"></head><body>
${Array.from({ length: 10 }, (_, i) => `<figure><canvas data-scenario="flock" data-seed="${i + 1}" width="240" height="150"></canvas></figure>`).join("\n")}
<script type="module" src="/www/boot.js"></script></body></html>`;
const TEN_CSS = "body { margin: 8px; display: flex; flex-wrap: wrap; gap: 8px } figure { margin: 0; width: 240px }";

let server;
let browser;
before(async () => {
  server = await serveDist({ extra: { "/ten.html": TEN, "/ten.css": TEN_CSS } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Every change of the readouts' and scrub labels' text for `ms`, with the animation frame it
 *  happened in (document.timeline.currentTime is the frame's time throughout a frame). */
function recordText(page, ms) {
  return page.evaluate(async (ms) => {
    const seen = [];
    const mo = new MutationObserver((records) => {
      const frame = document.timeline.currentTime;
      for (const r of records) {
        const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const kind = el.closest(".steerlab-metric") ? "readout" : el.closest(".steerlab-scrub") ? "scrub" : null;
        if (kind) seen.push({ kind, frame, canvas: [...document.querySelectorAll(".steerlab")].indexOf(el.closest(".steerlab")) });
      }
    });
    mo.observe(document.body, { subtree: true, childList: true, characterData: true });
    await new Promise((r) => setTimeout(r, ms));
    mo.disconnect();
    return seen;
  }, ms);
}

test("ten playing canvases change their text twice a second, all at the same frames", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/ten.html"), { viewport: { width: 1280, height: 900 } });
  try {
    await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 10, null, { timeout: 60_000 });
    await page.waitForFunction(() => [...document.querySelectorAll("canvas")].every((c) => window.steerlab.viewerFor(c).frames > 5), null, { timeout: 30_000 });
    const seconds = 3;
    const seen = await recordText(page, seconds * 1000);
    const readouts = seen.filter((s) => s.kind === "readout");
    const canvases = new Set(readouts.map((s) => s.canvas));
    assert.equal(canvases.size, 10, `every canvas's readout changed (${[...canvases]})`);
    // Two periods a second (one more for the edges); a slow frame can only merge periods.
    const frames = new Set(seen.map((s) => s.frame));
    assert.ok(frames.size <= seconds * 2 + 2, `text changed at ${frames.size} frames in ${seconds} s (want ≤ ${seconds * 2 + 2}: the viewers share their periods)`);
    const perCanvas = Math.max(...[...canvases].map((c) => new Set(readouts.filter((s) => s.canvas === c).map((s) => s.frame)).size));
    assert.ok(perCanvas <= seconds * 2 + 2, `a readout changed at ${perCanvas} frames in ${seconds} s`);
    assert.ok(perCanvas >= seconds, `a readout changed at only ${perCanvas} frames in ${seconds} s`);
    assert.ok(readouts.length >= 10 * seconds, `the readouts kept changing while playing (${readouts.length} changes)`);

    // Paused: nothing is written.
    await page.evaluate(() => document.querySelectorAll("canvas").forEach((c) => window.steerlab.viewerFor(c).pause()));
    await page.waitForTimeout(300);
    const quiet = await recordText(page, 1000);
    assert.deepEqual(quiet, [], "paused canvases write no text");
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

// Issue 25, blocking at load: mounting builds the viewer without reading the page's style or
// layout (a read right after the page changed makes the browser compute them at once, inside the
// mount), and the first frame is drawn by the next animation frame, before that frame is painted,
// in the page's colours. A mount draws once (it drew twice: in mount() and again when the
// ResizeObserver first reported the canvas's size).
const ONE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>one</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/one.css">
<script type="module" src="/one.js"></script></head><body><p>text</p><div id="host"></div></body></html>`;
const ONE_CSS = "body { background: #101418; color: #eee } #host { width: 320px }";
const ONE_JS = `import init, * as sl from "/steerlab.js";
await init();
// The module alone (no boot.js): a built-in's text is given first.
sl.registerScenario("seek", await (await fetch("/scenarios/seek.json")).text());
const reads = { layout: 0, style: 0 };
for (const k of ["getBoundingClientRect", "getClientRects"]) {
  const f = Element.prototype[k];
  Element.prototype[k] = function (...a) { reads.layout++; return f.apply(this, a); };
}
for (const k of ["offsetWidth", "offsetHeight", "clientWidth", "clientHeight"]) {
  const d = Object.getOwnPropertyDescriptor(HTMLElement.prototype, k) || Object.getOwnPropertyDescriptor(Element.prototype, k);
  Object.defineProperty(HTMLElement.prototype, k, { get() { reads.layout++; return d.get.call(this); }, configurable: true });
}
const gcs = window.getComputedStyle;
window.getComputedStyle = function (...a) { reads.style++; return gcs.apply(this, a); };
const fillRect = CanvasRenderingContext2D.prototype.fillRect;
let fills = 0;
CanvasRenderingContext2D.prototype.fillRect = function (...a) { fills++; return fillRect.apply(this, a); };
const c = document.createElement("canvas");
document.getElementById("host").append(c);
const v = sl.mount(c, "seek");
const atMount = { ...reads, fills, width: c.width };
// The picture at the first paint after the mount: read in a task queued from the frame's callback,
// which runs after that frame was rendered.
const painted = await new Promise((r) => requestAnimationFrame(() => setTimeout(() => {
  const px = c.getContext("2d").getImageData(2, 2, 1, 1).data;
  r({ width: c.width, rectWidth: Math.round(c.getBoundingClientRect().width), px: [...px], theme: v.theme });
})));
window.out = { atMount, painted };`;

test("mounting reads no style or layout; the first frame is drawn before the next paint, in the page's colours", async () => {
  const server2 = await serveDist({ extra: { "/one.html": ONE, "/one.js": ONE_JS, "/one.css": ONE_CSS } });
  const { context, page, problems } = await openPage(browser, server2.url("/one.html"), { deviceScaleFactor: 2 });
  try {
    await page.waitForFunction(() => window.out, null, { timeout: 60_000 });
    const { atMount, painted } = await page.evaluate(() => window.out);
    assert.equal(atMount.layout, 0, `mount() read the layout ${atMount.layout} times`);
    assert.equal(atMount.style, 0, `mount() read computed style ${atMount.style} times`);
    assert.equal(atMount.fills, 0, "mount() itself draws nothing");
    assert.equal(painted.rectWidth, 320);
    assert.equal(painted.width, 640, "the backing store is the CSS width at 2× by the first paint");
    assert.equal(painted.theme, "dark", "the dark page gives the dark theme");
    // The canvas background of the dark theme (--_sl-canvas), opaque: drawn, not transparent.
    assert.equal(painted.px[3], 255, `the corner pixel is drawn (${painted.px})`);
    assert.ok(painted.px[0] + painted.px[1] + painted.px[2] < 3 * 80, `a dark background (${painted.px})`);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
    await server2.close();
  }
});

// A chapter that opens with a canvas holds a screen for it until its viewer mounts: at phone width
// the widget (controls, inspector) is ~2 000 px tall, and the text after the figure used to jump
// out of the first screen when it appeared (Lighthouse: cumulative layout shift 0.139).
// The same with the lead canvas showing its chart from the start (`data-chart`): the chart's code
// comes with the viewer, so the chart appears in the viewer's first frame (it used to arrive after
// it and push the text down: layout shift 0.028).
const withChart = (file) =>
  fs.readFileSync(path.join(DIST, file), "utf8").replace('<canvas id="c-bandada" data-scenario="bandada"', '<canvas id="c-bandada" data-scenario="bandada" data-chart');
test("the bandada chapter's text does not move when its canvas mounts, at 375 px, in both languages", async () => {
  const delays = {};
  const extra = {
    "/chapters/bandada-chart.html": withChart("chapters/bandada.html"),
    "/es/chapters/bandada-chart.html": withChart("es/chapters/bandada.html"),
  };
  const server2 = await serveDist({ delays, extra });
  try {
    for (const url of ["/chapters/bandada.html", "/es/chapters/bandada.html", ...Object.keys(extra)]) {
      // The module arrives after the first paint, as on a slow connection.
      delays["/steerlab_bg.wasm"] = 800;
      const { context, page, problems } = await openPage(browser, server2.url(url), { viewport: { width: 375, height: 812 } });
      try {
        await page.evaluate(() => {
          window.__shift = 0;
          new PerformanceObserver((l) => {
            for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
          }).observe({ type: "layout-shift", buffered: true });
        });
        const before = await page.evaluate(() => document.getElementById("rules").getBoundingClientRect().top);
        await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 1, null, { timeout: 30_000 });
        // (A phone starts with the chart folded: the reader opens it, which is an action of theirs.)
        if (url.includes("-chart")) {
          await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("figure.viz-lead canvas[data-scenario]")).chart(true));
          await page.waitForSelector("figure.viz-lead .steerlab-chart-canvas");
        }
        await page.waitForTimeout(500);
        const { shift, after, figure } = await page.evaluate(() => ({
          shift: window.__shift,
          after: document.getElementById("rules").getBoundingClientRect().top,
          figure: document.querySelector("figure.viz-lead").getBoundingClientRect().height,
        }));
        assert.ok(before >= 812, `${url}: before the mount the next section starts below the first screen (at ${before})`);
        // On a phone the inspector starts folded (docs/phone.md): the mounted widget may be shorter
        // than the screen it held, so the text below the first screen moves up while out of sight;
        // what a reader at the top sees is the shift measured below.
        assert.ok(after > 0, `${url}: the text after the figure is there (${before} → ${after})`);
        assert.ok(figure > 300, `${url}: the mounted figure is ${figure} px`);
        assert.ok(shift < 0.01, `${url}: layout shift ${shift.toFixed(3)}`);
        assert.deepEqual(await allProblems(page, problems), []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await server2.close();
  }
});
