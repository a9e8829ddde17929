// Issue 23 item 4, stills: `v.still("svg")` in Chromium is the document the native example
// `still` writes for the same scenario, step, palette and language, byte for byte (same draw list,
// same numbers, the palette read from the page's --sl-* variables equal to the core's table);
// `v.still("png", scale)` is a PNG of the requested size; the bar's "Save image" button
// downloads the SVG (under the strict CSP); bad arguments give a message.
//
//   node --test tests/e2e/stills.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, nativeStill } from "./helpers.mjs";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>stills</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script></head>
<body><main id="m"></main></body></html>`;

// A scenario of the author's own (a file natively, its text in the browser): ping-pong waypoints,
// whose direction label is drawn on the canvas.
const pingPong = JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", "path-waypoints.json"), "utf8"));
pingPong.name = "ping-pong";
pingPong.path.mode = "ping_pong";
const PING_PONG_FILE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-still-")), "ping-pong.json");
fs.writeFileSync(PING_PONG_FILE, JSON.stringify(pingPong, null, 2));

// [scenario, step, language, theme]: every kind of shape, both palettes, both languages, the
// spatial-hash chart, the force legend, the tube, the pixel agent layer, each steering basic.
const CASES = [
  ["flock", 0, "en", "light"],
  ["flock", 120, "es", "dark"],
  ["separation", 45, "en", "dark"],
  ["cohesion", 200, "es", "light"],
  ["spatial-hash", 60, "es", "light"],
  ["bandada", 100, "es", "dark"],
  ["follow-leader", 150, "en", "dark"],
  ["queue", 300, "es", "light"],
  ["path-tube", 90, "en", "light"],
  [PING_PONG_FILE, 420, "es", "light"],
  ["stress", 30, "en", "dark"],
  // The steering basics: velocity, desired velocity and force arrows, the panic radius, the
  // wander circle and jitter, feelers and the threat, walls and hits, the flow field's arrows.
  ["seek", 40, "en", "light"],
  ["flee", 40, "es", "dark"],
  ["arrive", 150, "en", "dark"],
  ["pursuit", 60, "es", "light"],
  ["evade", 60, "en", "light"],
  ["wander", 90, "es", "dark"],
  ["obstacle-avoidance", 120, "en", "light"],
  ["containment", 200, "es", "light"],
  ["flow-field", 80, "en", "dark"],
];

let server, browser;
before(async () => {
  server = await serveDist({ extra: { "/still.html": PAGE } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Mount `scenario` on a new paused canvas with `attrs`, take `steps` steps, return the SVG still
 *  (its language's words loaded first, as boot.js does for a page's canvases). */
function browserStill(page, scenario, steps, attrs) {
  return page.evaluate(
    async ({ scenario, steps, attrs }) => {
      const c = document.createElement("canvas");
      c.setAttribute("data-autoplay", "false");
      for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
      document.getElementById("m").append(c);
      await window.steerlab.ensureWords(c);
      const v = window.steerlab.mount(c, scenario);
      v.step(steps);
      const svg = v.still("svg");
      v.destroy();
      c.remove();
      return svg;
    },
    { scenario, steps, attrs },
  );
}

test("the browser's SVG still is the native example's document, byte for byte", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/still.html"));
  await waitForSteerlab(page);
  const dir = ensureArtifacts();
  for (const [name, steps, lang, theme] of CASES) {
    const scenario = name === PING_PONG_FILE ? JSON.stringify(pingPong) : name;
    const got = await browserStill(page, scenario, steps, { "data-lang": lang, "data-theme": theme });
    const want = nativeStill(name, steps, { lang, theme });
    const label = `${path.basename(name)} step ${steps} ${lang} ${theme}`;
    if (got !== want) {
      let i = 0;
      while (i < got.length && got[i] === want[i]) i++;
      assert.fail(`${label}: first difference at ${i}: browser …${got.slice(i - 60, i + 60)}… native …${want.slice(i - 60, i + 60)}…`);
    }
    assert.match(got, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/, label);
    // The document is the picture: a background, the world's frame, shapes.
    assert.match(got, /<rect width="\d+" height="\d+" fill="#[0-9a-f]{6}"\/>/, `${label}: the background`);
    const shapes = (got.match(/<(path|circle|line|polyline|text) /g) ?? []).length;
    assert.ok(shapes >= 2, `${label}: ${shapes} shapes`);
    if (lang === "es") assert.match(got, /<title>[^<]*· paso \d+<\/title>/, label);
    fs.writeFileSync(path.join(dir, `still-${path.basename(name, ".json")}-${steps}-${lang}-${theme}.svg`), got);
  }
  // Words in the reader's language on the canvas, in the still: the chart's title, the legend,
  // ping-pong's direction.
  const es = await browserStill(page, "spatial-hash", 10, { "data-lang": "es" });
  assert.match(es, />comprobaciones\/paso frente a n</);
  const legend = await browserStill(page, "flock", 3, { "data-lang": "es" });
  // (Whether the total says "(limitado a max_force)" depends on the step: only when it was
  // clipped; tests/promises.rs checks when.)
  assert.match(legend, />separación ×1,50 → \d+</, "numbers as Spanish writes them");
  assert.match(legend, />total \d+( \(limitado a max_force\))?</);
  const pp = await browserStill(page, JSON.stringify(pingPong), 420, { "data-lang": "es" });
  assert.match(pp, />sentido [+−]1</);
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

test("the still takes the page's own colours (--sl-*) and the viewer's current state", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/still.html"));
  await waitForSteerlab(page);
  const r = await page.evaluate(() => {
    document.documentElement.style.setProperty("--sl-canvas", "rgb(32, 64, 96)");
    document.documentElement.style.setProperty("--sl-agent", "#ffcc00");
    const c = document.createElement("canvas");
    c.setAttribute("data-autoplay", "false");
    document.getElementById("m").append(c);
    const v = window.steerlab.mount(c, "flock");
    const a = v.still("svg");
    v.set("agents.count", 7);
    const b = v.still("svg");
    v.destroy();
    return { a, b };
  });
  assert.match(r.a, /<rect width="640" height="400" fill="#204060"\/>/);
  assert.match(r.a, /fill="#ffcc00"/);
  assert.notEqual(r.a, r.b, "a set() shows in the next still");
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

test("the PNG still decodes and has the requested size", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/still.html"), { deviceScaleFactor: 2 });
  await waitForSteerlab(page);
  const r = await page.evaluate(async () => {
    const out = [];
    for (const [name, scale] of [["flock", 1], ["flock", 2], ["path-tube", 0.5], ["stress", 1.5]]) {
      const c = document.createElement("canvas");
      c.setAttribute("data-autoplay", "false");
      document.getElementById("m").append(c);
      const v = window.steerlab.mount(c, name);
      v.step(20);
      const blob = await v.still("png", scale);
      const bmp = await createImageBitmap(blob);
      // Pixels that are not the background: something is drawn.
      const cv = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = cv.getContext("2d");
      ctx.drawImage(bmp, 0, 0);
      const d = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
      let drawn = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 24) drawn++;
      const head = new Uint8Array(await blob.slice(0, 8).arrayBuffer());
      out.push({ name, scale, type: blob.type, width: bmp.width, height: bmp.height, drawn, magic: [...head] });
      v.destroy();
      c.remove();
    }
    const c = document.createElement("canvas");
    document.getElementById("m").append(c);
    const v = window.steerlab.mount(c, "flock");
    const errors = [];
    for (const args of [["gif"], ["png", 0], ["png", -1], ["png", Number.NaN], ["png", 100]]) {
      try {
        v.still(...args);
        errors.push(null);
      } catch (e) {
        errors.push(e.message);
      }
    }
    v.destroy();
    return { out, errors };
  });
  const want = { flock: [640, 400], "path-tube": [640, 400], stress: [1280, 720] };
  for (const o of r.out) {
    assert.equal(o.type, "image/png", o.name);
    assert.deepEqual(o.magic, [137, 80, 78, 71, 13, 10, 26, 10], `${o.name}: PNG signature`);
    assert.deepEqual([o.width, o.height], want[o.name].map((x) => Math.round(x * o.scale)), `${o.name} × ${o.scale}`);
    assert.ok(o.drawn > o.width * o.height * 0.002, `${o.name}: ${o.drawn} drawn pixels`);
  }
  assert.match(r.errors[0], /still: the kind is "svg" or "png", got "gif"/);
  for (const e of r.errors.slice(1, 4)) assert.match(e, /still: scale must be a number > 0/);
  assert.match(r.errors[4], /at most 8192 px a side/);
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

test("Save image downloads the SVG still, in both languages, under the strict CSP", async () => {
  for (const [p, label] of [["/", "Save image"], ["/es/", "Guardar imagen"]]) {
    const { context, page, problems } = await openPage(browser, server.url(p));
    await waitForSteerlab(page);
    const fig = page.locator("#viz-flock");
    // (boot.js mounts the canvases further down when the reader scrolls near them.)
    await fig.scrollIntoViewIfNeeded();
    const button = fig.locator('button[data-action="save"]');
    assert.equal((await button.textContent()).trim(), label);
    await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("#viz-flock canvas")).pause());
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const file = await download.path();
    const text = fs.readFileSync(file, "utf8");
    const expected = await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("#viz-flock canvas")).still("svg"));
    assert.match(download.suggestedFilename(), /^flock-step-\d+\.svg$/);
    assert.equal(text, expected, "the file is the still of the frame on screen");
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
  }
});
