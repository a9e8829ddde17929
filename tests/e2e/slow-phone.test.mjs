// Issue 45, item 8, and issue 55: load on a slow phone. Chromium as a slow phone (CDP: CPU 4×
// slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips; 375 × 800, 2×, touch); the reader
// opens a chapter and, as soon as it shows (its first paint; the module still on its way), taps
// "2. Separación" in its contents. The figure there must come and move (two of its frames
// differ), served as a host should serve it (compressed: docs/embedding.md, "Serving") and as it
// is on disk (uncompressed), in both languages, with nothing going wrong on the page; compressed,
// the module crosses the wire compressed.
//
// How fast is a benchmark's, not a test's (a busy machine only slows the phone down):
// scripts/bench/slow-phone.mjs prints the figures against their targets (scripts/test.sh runs it);
// this test reports its times and holds them only to 10 s.
//
//   node --test tests/e2e/slow-phone.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, allProblems } from "./helpers.mjs";
import { openPhone, tapAt } from "./fingers.mjs";

const SLOW = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const AT_ALL_MS = 10_000;

let browser;
const servers = {};
before(async () => {
  browser = await launchBrowser();
  servers.on = await serveDist({ compress: true });
  servers.off = await serveDist();
  // A host compresses ahead of time: the module's brotli and gzip bytes made before the clock runs.
  for (const enc of ["br", "gzip"]) await fetch(servers.on.url("/steerlab_bg.wasm"), { headers: { "Accept-Encoding": enc } }).then((r) => r.arrayBuffer());
});
after(async () => {
  await browser?.close();
  for (const s of Object.values(servers)) await s.close();
});

/** Open `url` on the slow phone; tap the contents' link to #separation as soon as the page has
 *  painted; the time (ms) from the tap until two frames of #c-separation differ, and the bytes. */
async function reach(server, url, lang) {
  const { context, page, cdp, problems } = await openPhone(browser, server, null, { lang, wait: false });
  try {
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const wire = new Map();
    cdp.on("Network.responseReceived", (e) => wire.set(e.requestId, { url: e.response.url, encoding: e.response.headers["Content-Encoding"] || e.response.headers["content-encoding"] || "identity" }));
    cdp.on("Network.loadingFinished", (e) => wire.has(e.requestId) && (wire.get(e.requestId).bytes = e.encodedDataLength));
    // The reader taps as soon as the contents are painted (the module may still be on its way).
    await page.goto(server.url(url), { waitUntil: "domcontentloaded", timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 30_000, polling: 50 });
    const loaded = await page.evaluate(() => Math.round(performance.now()));
    const link = page.locator('.toc a[href="#separation"]');
    await link.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
    const r = await link.boundingBox();
    // The page's own clock: the tap, then every frame compares the figure's pixels with the last.
    await page.evaluate(() => {
      window.__tap = performance.now();
      window.__moved = null;
      let last = null;
      const copy = document.createElement("canvas");
      const ctx = copy.getContext("2d", { willReadFrequently: true });
      const look = () => {
        const c = document.getElementById("c-separation");
        if (c.classList.contains("steerlab-canvas") && c.width > 0) {
          copy.width = 64;
          copy.height = 40;
          ctx.drawImage(c, 0, 0, 64, 40);
          const now = ctx.getImageData(0, 0, 64, 40).data.join();
          if (last !== null && now !== last) return void (window.__moved = performance.now());
          last = now;
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await tapAt(page, cdp, r.x + 10, r.y + r.height / 2);
    await page.waitForFunction(() => window.__moved !== null, null, { timeout: 30_000, polling: 100 });
    const ms = await page.evaluate(() => window.__moved - window.__tap);
    const module = [...wire.values()].find((w) => new URL(w.url).pathname.endsWith("/steerlab_bg.wasm"));
    const total = [...wire.values()].reduce((s, w) => s + (w.bytes || 0), 0);
    return { ms, loaded, module, total, problems: await allProblems(page, problems) };
  } finally {
    await context.close();
  }
}

for (const [url, lang] of [["/es/chapters/flocking.html", "es"], ["/chapters/flocking.html", "en"]]) {
  test(`${url}, compressed: the figure reached from the contents comes and moves on a slow phone`, async (t) => {
    const r = await reach(servers.on, url, lang);
    t.diagnostic(`${url}, compressed: moved ${Math.round(r.ms)} ms after the tap (at ${r.loaded} ms, the first paint); module ${r.module?.bytes} B over the wire (${r.module?.encoding}), ${r.total} B in all`);
    assert.notEqual(r.module?.encoding, "identity", "the module crossed the wire compressed");
    assert.ok(r.module.bytes < 300_000, `the module took ${r.module.bytes} B`);
    assert.ok(r.ms <= AT_ALL_MS, `moved ${Math.round(r.ms)} ms after the tap`);
    assert.deepEqual(r.problems, [], JSON.stringify(r.problems));
  });
  test(`${url}, uncompressed: the figure reached from the contents still comes and moves on a slow phone`, async (t) => {
    const r = await reach(servers.off, url, lang);
    t.diagnostic(`${url}, uncompressed: moved ${Math.round(r.ms)} ms after the tap (at ${r.loaded} ms, the first paint); module ${r.module?.bytes} B over the wire (${r.module?.encoding}), ${r.total} B in all`);
    assert.equal(r.module?.encoding, "identity");
    assert.ok(r.ms <= AT_ALL_MS, `moved ${Math.round(r.ms)} ms after the tap`);
    assert.deepEqual(r.problems, []);
  });
}
