// Issue 25, cheap frames, end to end: on a page of ten playing canvases the text around them (the
// readout under each canvas, the scrub bar's label) changes four times a second, and every
// viewer's text changes at the same animation frames, so the page lays out and paints text four
// times a second rather than at forty scattered frames. A paused canvas writes nothing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems } from "./helpers.mjs";

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

test("ten playing canvases change their text four times a second, all at the same frames", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/ten.html"), { viewport: { width: 1280, height: 900 } });
  try {
    await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 10, null, { timeout: 60_000 });
    await page.waitForFunction(() => [...document.querySelectorAll("canvas")].every((c) => window.steerlab.viewerFor(c).frames > 5), null, { timeout: 30_000 });
    const seconds = 3;
    const seen = await recordText(page, seconds * 1000);
    const readouts = seen.filter((s) => s.kind === "readout");
    const canvases = new Set(readouts.map((s) => s.canvas));
    assert.equal(canvases.size, 10, `every canvas's readout changed (${[...canvases]})`);
    // Four periods a second (one more for the edges); a slow frame can only merge periods.
    const frames = new Set(seen.map((s) => s.frame));
    assert.ok(frames.size <= seconds * 4 + 2, `text changed at ${frames.size} frames in ${seconds} s (want ≤ ${seconds * 4 + 2}: the viewers share their periods)`);
    const perCanvas = Math.max(...[...canvases].map((c) => new Set(readouts.filter((s) => s.canvas === c).map((s) => s.frame)).size));
    assert.ok(perCanvas <= seconds * 4 + 2, `a readout changed at ${perCanvas} frames in ${seconds} s`);
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
