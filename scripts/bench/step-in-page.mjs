#!/usr/bin/env node
// The flock's step and a redraw as a page pays them: ten default `flock` viewers mounted in headless
// Chromium (the same page as page-cost.mjs's "frames"), paused, then `v.step(1)`, `v.render()` and
// `v.state()` called 100 times on each, timed with performance.now(), three rounds; prints µs per
// call. A bench, not a test. Build first (scripts/build.sh).
//
//   node scripts/bench/step-in-page.mjs [--dist=dir]
//
// Compare two builds by running it on each, alternated, several times (the machine is noisy).
import { createRequire } from "node:module";
import { CHROMIUM, CHROMIUM_FLAGS, DIST, ROOT, serveDist } from "../../tests/e2e/helpers.mjs";

const { chromium } = createRequire(`${ROOT}/tools/package.json`)("playwright-core");
const arg = process.argv.find((a) => a.startsWith("--dist="));
const root = arg ? arg.slice(7) : DIST;
const CSS = "body { margin: 8px; display: flex; flex-wrap: wrap; gap: 8px } figure { margin: 0; width: 240px }";
const TEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ten canvases</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/ten.css"></head><body>
${Array.from({ length: 10 }, (_, i) => `<figure><canvas data-scenario="flock" data-seed="${i + 1}" width="240" height="150"></canvas></figure>`).join("\n")}
<script type="module" src="/www/boot.js"></script></body></html>`;

const server = await serveDist({ root, extra: { "/ten.html": TEN, "/ten.css": CSS } });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url("/ten.html"));
  await page.waitForFunction(() => window.steerlab && window.steerlab.liveViewers() === 10, null, { timeout: 60_000 });
  await page.waitForTimeout(2000);
  const out = await page.evaluate(async () => {
    const vs = [...document.querySelectorAll("canvas")].map((c) => window.steerlab.viewerFor(c));
    vs.forEach((v) => v.pause());
    const out = {};
    for (let round = 0; round < 3; round++) {
      for (const [name, f] of [
        ["step(1)", (v) => v.step(1)],
        ["render()", (v) => v.render()],
        ["state()", (v) => v.state()],
      ]) {
        const t0 = performance.now();
        for (let i = 0; i < 100; i++) for (const v of vs) f(v);
        (out[name] ??= []).push((((performance.now() - t0) / 1000) * 1000).toFixed(1));
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return out;
  });
  for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(9)} µs per call, three rounds: ${v.join(", ")} (${root})`);
} finally {
  await browser.close();
  await server.close();
}
