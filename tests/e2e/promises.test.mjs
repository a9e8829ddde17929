// Issue 33 item 6 (promises kept) and item 5 (instructions that match the pointer), end to end.
// The try buttons' promises, the default agents, the selection colour and the legend's clipping
// are checked natively (tests/promises.rs); here what only the page shows:
// - paused, the inspector's step is the canvas's and the scrub bar's;
// - the queue's lanes and agents are yellow only while someone brakes (braking off: no yellow);
// - a touch screen reads "tap" in the chapters' figure captions and in the canvases' own captions,
//   a mouse reads "click"; keyboard hints only with a mouse.
//
//   node --test tests/e2e/promises.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, mountEvery } from "./helpers.mjs";

let server, browser;
before(async () => {
  server = await serveDist({
    extra: {
      "/queue.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>queue</title>
<link rel="stylesheet" href="/www/steerlab.css"></head><body>
<canvas id="q" data-scenario="queue" width="640" height="400"></canvas>
<script type="module" src="/www/boot.js"></script></body></html>`,
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("paused, the inspector's step is the canvas's and the scrub bar's", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"));
  await waitForSteerlab(page);
  await page.locator("#c-flock").scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const c = document.querySelector("#c-flock");
    const v = c && window.steerlab.viewerFor(c);
    return v && v.inspector && v.state().steps > 30;
  }, null, { timeout: 30_000 });
  for (let round = 0; round < 5; round++) {
    // Pause at a moment unrelated to the 250 ms text period.
    await page.waitForTimeout(137 + 61 * round);
    const r = await page.evaluate(() => {
      const c = document.querySelector("#c-flock");
      const v = window.steerlab.viewerFor(c);
      v.pause();
      const root = c.closest(".steerlab");
      // (The chapter gives each canvas's inspector a slot of its own.)
      const title = (document.querySelector('[data-for="c-flock"] .steerlab-inspector-agent') ?? root.querySelector(".steerlab-inspector-agent")).textContent;
      return { steps: v.state().steps, title, scrub: Number(root.querySelector(".steerlab-scrub input").value), label: root.querySelector(".steerlab-scrub-label").textContent };
    });
    const shown = Number(/step (\d+)/.exec(r.title)?.[1]);
    assert.equal(shown, r.steps, `inspector "${r.title}" vs the canvas's step ${r.steps}`);
    assert.equal(r.scrub, r.steps, `scrub bar ${r.scrub} vs ${r.steps}`);
    assert.match(r.label, new RegExp(`\\b${r.steps}\\b`), r.label);
    await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("#c-flock")).play());
  }
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

/** Pixels of the canvas close to the braking yellow (#eab308 and its translucent lane). */
function yellowPixels(page) {
  return page.evaluate(() => {
    const c = document.querySelector("#q");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
      if (r > 180 && g > 130 && g < 215 && b < 110 && r - b > 120) n++;
    }
    return n;
  });
}

test("the queue's yellow means braking: none with the brake off", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/queue.html"));
  await waitForSteerlab(page);
  await page.waitForFunction(() => window.steerlab.viewerFor(document.querySelector("#q"))?.state().steps > 0, null, { timeout: 30_000 });
  const run = (settings) =>
    page.evaluate((settings) => {
      const v = window.steerlab.viewerFor(document.querySelector("#q"));
      v.pause();
      v.reset();
      v.pause();
      for (const [k, x] of Object.entries(settings)) v.set(k, x);
      v.step(600);
      v.render();
      return v.state().metrics.braking ?? null;
    }, settings);
  const braking = await run({ "queue.braking": true });
  const on = await yellowPixels(page);
  assert.ok(braking > 0, `someone brakes with the brake on (${braking})`);
  assert.ok(on > 50, `yellow with the brake on: ${on} px`);
  await run({ "queue.braking": false });
  const off = await yellowPixels(page);
  assert.equal(off, 0, `no yellow with the brake off (${off} px)`);
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

for (const touch of [true, false]) {
  test(`${touch ? "a touch screen reads “toca”" : "a mouse reads “haz clic”"}: figure captions and the canvases' captions (es)`, async () => {
    const context = await browser.newContext(
      touch ? { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: "es-ES" } : { viewport: { width: 1280, height: 900 }, locale: "es-ES" },
    );
    const page = await context.newPage();
    await page.goto(server.url("/es/chapters/flocking.html"));
    assert.equal(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), touch, "the emulated pointer");
    await waitForSteerlab(page);
    await mountEvery(page);
    const text = await page.evaluate(() => {
      const visible = (el) => el.getClientRects().length > 0;
      const fig = [...document.querySelectorAll("figcaption")].filter(visible).map((f) => f.innerText).join("\n");
      const caps = [...document.querySelectorAll(".steerlab-caption")].map((p) => p.textContent).join("\n");
      return { fig, caps };
    });
    if (touch) {
      assert.match(text.fig, /toca un boid/);
      assert.match(text.caps, /Toca un boid para ver sus fuerzas/);
      assert.doesNotMatch(text.fig + text.caps, /haz clic|Haz clic|arrastra/);
    } else {
      assert.match(text.fig, /haz clic en un boid/);
      assert.match(text.caps, /Haz clic en un boid para ver sus fuerzas/);
      assert.doesNotMatch(text.fig + text.caps, /\btoca\b|\bToca\b/);
    }
    assert.doesNotMatch(text.caps, /[{}|]/, "no alternatives left in a caption");
    // The gallery's keyboard hint only with a mouse.
    await page.goto(server.url("/es/"));
    const kbd = await page.evaluate(() => [...document.querySelectorAll("kbd")].some((k) => k.getClientRects().length > 0));
    assert.equal(kbd, !touch, "keyboard hints shown");
    await context.close();
  });
}
