// Issue 21 item 7, a first picture before the module: every built-in scenario's first frame is an
// SVG still written natively at build time (dist/posters/, scripts/hooks/posters.sh); posters.css shows
// it in each unmounted <canvas data-scenario> near the viewport (boot.js marks those) in the
// canvas's language and theme, so a picture is in every visible canvas box ≤ 100 ms after
// DOMContentLoaded even when the module is slow (median of five loads; the paint time comes from
// Element Timing; on this shared 2-core machine the page's own first paint can come later than
// that, and then the poster must be in its first two frames); the viewer's first frame replaces it (the
// poster is that frame: the same document as the viewer's still at step 0); without JavaScript
// <noscript> shows the same pictures.
//
//   node --test tests/e2e/posters.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT, DIST, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, waitForDrawn } from "./helpers.mjs";

const NAMES = fs
  .readdirSync(path.join(ROOT, "scenarios"))
  .filter((f) => f.endsWith(".json") && !f.includes("schema"))
  .map((f) => f.slice(0, -5));
/** How long the module is held back in the timing test (the posters must not wait for it). */
const WASM_DELAY_MS = 2500;
const BUDGET_MS = 100;

let server, browser;
const delays = {};
before(async () => {
  server = await serveDist({
    delays,
    extra: {
      "/still.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>stills</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script></head><body><main id="m"></main></body></html>`,
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("every built-in scenario has its posters, and each is the viewer's first frame", async () => {
  const css = fs.readFileSync(path.join(DIST, "posters", "posters.css"), "utf8");
  const files = [];
  for (const name of NAMES) {
    for (const [sub, lang] of [["", "en"], ["es/", "es"]]) {
      for (const [suffix, theme] of [["", "light"], [".dark", "dark"]]) {
        const rel = `${sub}${name}${suffix}.svg`;
        const file = path.join(DIST, "posters", rel);
        assert.ok(fs.existsSync(file), `dist/posters/${rel}`);
        assert.ok(css.includes(`url("${rel}")`), `posters.css shows ${rel}`);
        files.push({ name, lang, theme, text: fs.readFileSync(file, "utf8") });
      }
    }
  }
  const { context, page, problems } = await openPage(browser, server.url("/still.html"));
  await waitForSteerlab(page);
  for (const f of files) {
    const svg = await page.evaluate(async ({ name, lang, theme }) => {
      const c = document.createElement("canvas");
      c.setAttribute("data-autoplay", "false");
      c.setAttribute("data-lang", lang);
      c.setAttribute("data-theme", theme);
      document.getElementById("m").append(c);
      await window.steerlab.ensureWords(c); // (its language's words, as boot.js loads a page's)
      const v = window.steerlab.mount(c, name);
      const s = v.still("svg");
      v.destroy();
      c.remove();
      return s;
    }, f);
    assert.ok(svg === f.text, `the ${f.lang} ${f.theme} poster of ${f.name} is the viewer's first frame`);
  }
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

/**
 * Open `url` with the module held back by WASM_DELAY_MS; report, for every canvas in the first
 * screen, when its poster was painted (Element Timing on the canvas's background image) relative
 * to DOMContentLoaded, and which picture it shows.
 */
async function posterTimes(url, opts) {
  // (The module is held back by the server: routing requests through the test would slow every
  // request of the page, posters included.)
  delays["/steerlab_bg.wasm"] = WASM_DELAY_MS;
  const context = await browser.newContext({ viewport: { width: 1280, height: 1200 }, colorScheme: opts.colorScheme || "light", serviceWorkers: "block" });
  await context.addInitScript(() => {
    // Element Timing: the paint time of each canvas's background image (the poster). The
    // attribute is added as the parser inserts each canvas, before the first paint.
    window.__posters = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.identifier.startsWith("poster:")) window.__posters.set(e.identifier, e.renderTime || e.loadTime);
    }).observe({ type: "element", buffered: true });
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.nodeName === "CANVAS" && n.dataset.scenario) n.setAttribute("elementtiming", `poster:${n.dataset.scenario}:${Math.random()}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const start = Date.now();
  await page.goto(url, { waitUntil: "domcontentloaded" });
  // While the module is still held back: every visible canvas shows its poster.
  const painted = () =>
    page.evaluate(() => {
      const vis = [...document.querySelectorAll("canvas[data-scenario]")].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight && r.width > 0;
      });
      return { visible: vis.length, missing: vis.filter((c) => !window.__posters.has(c.getAttribute("elementtiming"))).map((c) => c.dataset.scenario) };
    });
  for (let k = 0; ; k++) {
    const p = await painted();
    if (p.visible > 0 && p.missing.length === 0) break;
    if (Date.now() - start > WASM_DELAY_MS - 300) throw new Error(`posters not painted before the module: ${JSON.stringify(p)}`);
    await page.waitForTimeout(25);
  }
  const before = Date.now() - start;
  const r = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const dcl = nav.domContentLoadedEventStart;
    const fp = performance.getEntriesByName("first-paint")[0]?.startTime ?? dcl;
    window.__firstPaint = fp - dcl;
    return [...document.querySelectorAll("canvas[data-scenario]")]
      .filter((c) => {
        const b = c.getBoundingClientRect();
        return b.bottom > 0 && b.top < innerHeight && b.width > 0;
      })
      .map((c) => {
        const b = c.getBoundingClientRect();
        return {
          name: c.dataset.scenario,
          after: window.__posters.get(c.getAttribute("elementtiming")) - dcl,
          image: getComputedStyle(c).backgroundImage,
          box: [b.width, b.height],
          mounted: !!window.steerlab,
        };
      });
  });
  const firstPaint = await page.evaluate(() => window.__firstPaint);
  const shot = await page.screenshot();
  delete delays["/steerlab_bg.wasm"];
  return { context, page, list: r, before, errors, shot, firstPaint };
}

/** Page loads per page in the timing test: the median is asserted (this machine is shared). */
const LOADS = 5;

for (const [label, url, opts, suffix] of [
  ["the English gallery", "/", {}, ""],
  ["the Spanish gallery, dark", "/es/", { colorScheme: "dark" }, ".dark"],
  ["a Spanish chapter", "/es/chapters/bandada.html", {}, ""],
  // No data-poster="eager" here: boot.js shows the posters of the canvases in view.
  ["the example article", "/www/embed.html", {}, ""],
]) {
  test(`${label}: a poster in every visible canvas box ≤ ${BUDGET_MS} ms after DOMContentLoaded (median of ${LOADS} loads), then the live canvas`, async (t) => {
    const es = url.startsWith("/es/");
    const lasts = [];
    for (let load = 0; load < LOADS; load++) {
      const { context, page, list, before, errors, shot, firstPaint } = await posterTimes(server.url(url), opts);
      assert.ok(list.length >= 1, "canvases on the first screen");
      for (const c of list) {
        assert.equal(c.mounted, false, "measured before the module was ready");
        assert.ok(c.image.includes(`/posters/${es ? "es/" : ""}${c.name}${suffix}.svg`), `${c.name}: ${c.image}`);
        // The unmounted canvas already has the world's aspect (no jump when the viewer takes over).
        assert.ok(c.box[0] > 200 && c.box[1] > 100, `${c.name}: box ${c.box}`);
      }
      assert.ok(before < WASM_DELAY_MS, `posters before the module (${before} ms)`);
      // Over budget by: 100 ms after DOMContentLoaded, or, when the page's own first paint comes
      // later than that (this machine is shared), two frames after it.
      const budget = Math.max(BUDGET_MS, firstPaint + 34);
      const last = Math.max(...list.map((c) => c.after));
      lasts.push(last - budget);
      t.diagnostic(`load ${load + 1}: ${list.map((c) => `${c.name} ${c.after.toFixed(1)}`).join(", ")} ms after DOMContentLoaded (first paint ${firstPaint.toFixed(1)})`);
      if (load === LOADS - 1) {
        fs.writeFileSync(path.join(ensureArtifacts(), `posters-${label.replace(/\W+/g, "-")}.png`), shot);
        // Then the module: every canvas mounts, drops its poster and draws.
        await waitForSteerlab(page, 30_000);
        // (A compare's two views mount once www/compare.js has come, after `ready`.)
        await page.waitForFunction(() => [...document.querySelectorAll("canvas[data-scenario]")].every((c) => window.steerlab.viewerFor(c)), null, { timeout: 30_000 });
        const after = await page.evaluate(() =>
          [...document.querySelectorAll("canvas[data-scenario]")].map((c) => ({ mounted: !!window.steerlab.viewerFor(c), image: getComputedStyle(c).backgroundImage })),
        );
        for (const c of after) {
          assert.ok(c.mounted);
          assert.equal(c.image, "none", "the poster goes once the viewer draws");
        }
        await waitForDrawn(page, "canvas[data-scenario]");
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
    const median = lasts.slice().sort((a, b) => a - b)[LOADS >> 1];
    t.diagnostic(`median: the last visible poster ${median.toFixed(1)} ms within its budget`);
    assert.ok(median <= 0, `median ${median.toFixed(1)} ms over budget (loads: ${lasts.map((x) => x.toFixed(0)).join(", ")})`);
  });
}

test("without JavaScript, <noscript> shows each canvas's poster (both languages, both schemes)", async () => {
  const dir = ensureArtifacts();
  for (const [url, colorScheme, prefix, suffix] of [
    ["/", "light", "posters/", ""],
    ["/es/", "dark", "posters/es/", ".dark"],
    ["/chapters/leader-queue-path.html", "light", "posters/", ""],
  ]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, colorScheme });
    const page = await context.newPage();
    const bad = [];
    page.on("response", (r) => r.status() >= 400 && bad.push(`${r.status()} ${r.url()}`));
    await page.goto(server.url(url), { waitUntil: "load" });
    const r = await page.evaluate(() => ({
      canvases: [...document.querySelectorAll("canvas[data-scenario]")].map((c) => getComputedStyle(c).display),
      images: [...document.querySelectorAll("img.steerlab-poster")].map((img) => ({
        src: img.currentSrc,
        loaded: img.complete && img.naturalWidth > 0,
        box: [img.getBoundingClientRect().width, img.getBoundingClientRect().height],
        alt: img.alt,
      })),
    }));
    assert.ok(r.images.length >= 4, `${url}: ${r.images.length} posters`);
    assert.equal(r.images.length, r.canvases.length, `${url}: one poster per canvas`);
    for (const d of r.canvases) assert.equal(d, "none", "the empty canvases are hidden");
    for (const img of r.images) {
      assert.ok(img.loaded, `${img.src} loaded`);
      assert.ok(img.src.includes(`/${prefix}`) && img.src.endsWith(`${suffix}.svg`), img.src);
      assert.ok(img.box[0] > 300 && img.box[1] > 150, `${img.src}: ${img.box}`);
      assert.ok(img.alt.length > 5, "alt text");
    }
    assert.deepEqual(bad, []);
    fs.writeFileSync(path.join(dir, `noscript-${url.replace(/\W+/g, "-")}.png`), await page.locator("img.steerlab-poster").first().screenshot());
    await context.close();
  }
});
