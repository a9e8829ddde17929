// Issue 35 items 1 and 2: the chart under a canvas (off by default; `data-chart`, `v.chart(on)`),
// drawn from the history by www/chart.js (loaded on first use), whose cursor follows a seek and
// whose marks name each parameter change; `v.series()`'s shape and numbers; the chart in the
// SVG and PNG stills; the measures' meanings by hover, focus and tap; screenshots at 375 px and
// 1280 px, in both languages and themes (artifacts/chart-*.png).
//
//   node --test tests/e2e/chart.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts } from "./helpers.mjs";

const page = (lang, dark, body) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>chart</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script>
<link rel="stylesheet" href="/chart-${dark ? "dark" : "light"}.css"></head>
<body><main id="m">${body}</main></body></html>`;

const FLOCK = `<canvas id="c" data-scenario="flock" data-autoplay="false" data-chart></canvas>`;
const PLAIN = `<canvas id="c" data-scenario="queue" data-autoplay="false"></canvas>`;

let server, browser;
before(async () => {
  server = await serveDist({
    extra: {
      "/chart-en.html": page("en", false, FLOCK),
      "/chart-es.html": page("es", false, FLOCK),
      "/chart-en-dark.html": page("en", true, FLOCK),
      "/chart-es-dark.html": page("es", true, FLOCK),
      "/plain.html": page("en", false, PLAIN),
      "/chart-light.css": "body{margin:16px;font-family:system-ui;background:#fff;color:#111}",
      "/chart-dark.css": "body{margin:16px;font-family:system-ui;background:#0b1120;color:#e2e8f0;color-scheme:dark}",
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const viewer = (p) => p.evaluateHandle(() => window.steerlab.viewerFor(document.getElementById("c")));

test("off by default, and chart.js is not loaded until the chart is asked for", async () => {
  const { context, page: p, problems } = await openPage(browser, server.url("/plain.html"));
  await waitForSteerlab(p);
  await p.waitForTimeout(300);
  const loaded = () => p.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
  assert.equal(await p.locator(".steerlab-chart").count(), 0);
  assert.ok(!(await loaded()).some((u) => u.endsWith("/chart.js")), "chart.js is loaded on first use only");
  assert.equal(await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).chart()), false);
  // v.chart(true): the chart appears with the queue's own measures.
  await p.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("c"));
    v.step(300);
    v.chart(true);
  });
  await p.waitForSelector(".steerlab-chart canvas");
  assert.ok((await loaded()).some((u) => u.endsWith("/chart.js")));
  const keys = await p.locator(".steerlab-chart-key").allTextContents();
  assert.deepEqual(keys, ["throughput (agents/s)", "overlapping pairs"]);
  // And away again.
  await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).chart(false));
  await p.waitForSelector(".steerlab-chart", { state: "detached" });
  assert.deepEqual(await allProblems(p, problems), []);
  await context.close();
});

test("series(): its shape, numbers equal to state().metrics, a labelled mark per change", async () => {
  const { context, page: p, problems } = await openPage(browser, server.url("/chart-es.html"));
  await waitForSteerlab(p);
  const r = await p.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("c"));
    v.step(60);
    const m60 = v.state().metrics;
    v.set("alignment.weight", 0);
    v.step(60);
    return { s: v.series(), m60, m120: v.state().metrics };
  });
  const s = r.s;
  assert.deepEqual(s.measures, ["polarisation", "mean_nearest", "min_nearest", "mean_neighbours", "groups"]);
  assert.equal(s.every, 15);
  assert.equal(s.step.length, 9);
  assert.deepEqual(s.step.slice(0, 3), [0, 15, 30]);
  assert.deepEqual(s.time.slice(0, 3), [0, 0.25, 0.5]);
  for (const id of s.measures) assert.equal(s.values[id].length, s.step.length, id);
  assert.equal(s.cursor, 120);
  assert.equal(s.chart, true);
  assert.equal(s.lang, "es");
  const at = (k) => s.step.indexOf(k);
  for (const id of s.measures) {
    assert.equal(s.values[id][at(60)], r.m60[id], `${id} at step 60`);
    assert.equal(s.values[id][at(120)], r.m120[id], `${id} at step 120`);
  }
  assert.deepEqual(s.marks, [{ step: 60, path: "alignment.weight", from: 1, to: 0, label: "Alineación 1 → 0" }]);
  assert.deepEqual(await allProblems(p, problems), []);
  await context.close();
});

/** The chart canvas's pixels in a column at step `k` (its x from the layout's scale). */
test("the chart shows, its cursor follows a seek and a change makes a labelled mark; the still has it", async () => {
  const { context, page: p, problems } = await openPage(browser, server.url("/chart-en.html"));
  await waitForSteerlab(p);
  await p.waitForSelector(".steerlab-chart canvas");
  await p.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("c"));
    v.step(120);
    v.set("alignment.weight", 0);
    v.step(240);
    v.render();
  });
  const chart = p.locator(".steerlab-chart-canvas");
  await p.waitForFunction(() => document.querySelector(".steerlab-chart-canvas").dataset.cursor === "360");
  assert.match(await chart.getAttribute("aria-label"), /up to step 360\. Alignment 1 → 0/);
  assert.equal(await chart.getAttribute("data-marks"), "1");
  const box = await chart.boundingBox();
  assert.ok(box.height > 200 && box.width > 600, JSON.stringify(box));
  const before = await chart.screenshot();
  // Seek back: the cursor moves there and the mark (at 120, after it) is no longer named.
  await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).seek(90));
  await p.waitForFunction(() => document.querySelector(".steerlab-chart-canvas").dataset.cursor === "90");
  assert.doesNotMatch(await chart.getAttribute("aria-label"), /Alignment 1 → 0/);
  assert.ok(!before.equals(await chart.screenshot()), "the picture changed with the cursor");
  // The scrub bar drives it as well.
  await p.evaluate(() => {
    const r = document.querySelector("[data-scrub]");
    r.value = "200";
    r.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await p.waitForFunction(() => document.querySelector(".steerlab-chart-canvas").dataset.cursor === "200");
  // The still: the frame's SVG and the chart's under it, in one document; the PNG is taller.
  const st = await p.evaluate(async () => {
    const v = window.steerlab.viewerFor(document.getElementById("c"));
    const svg = v.still("svg");
    const png = await v.still("png", 1);
    const bmp = await createImageBitmap(png);
    v.chart(false);
    const plain = v.still("svg");
    const png2 = await createImageBitmap(await v.still("png", 1));
    return { svg, plain, h: bmp.height, h2: png2.height };
  });
  assert.match(st.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="(\d+)"/);
  const total = Number(/height="(\d+)"/.exec(st.svg)[1]);
  assert.ok(total > 400 + 200, `still height ${total}`);
  assert.match(st.svg, /<g transform="translate\(0 400\)">/);
  assert.match(st.svg, />Alignment 1 → 0</);
  assert.match(st.svg, />polarisation {2}[\d.]+</);
  assert.match(st.svg, />time \(s\)</);
  assert.doesNotMatch(st.plain, /Alignment 1 → 0/);
  // The cursor (the accent's 1.5 px line) crosses each panel's plot and none of the titles where
  // the values are read: one segment per panel, clear of every title's line.
  const chartPart = st.svg.slice(st.svg.indexOf('<g transform="translate(0 400)">'));
  const cursor = [...chartPart.matchAll(/<polyline points="([\d.]+) ([\d.]+) \1 ([\d.]+)"[^>]*stroke-width="1.5"/g)].map((m) => [Number(m[2]), Number(m[3])]);
  const titles = [...chartPart.matchAll(/<text x="[\d.]+" y="([\d.]+)"[^>]*font-weight="600"/g)].map((m) => Number(m[1]));
  assert.equal(cursor.length, titles.length, JSON.stringify({ cursor, titles }));
  for (const y of titles) assert.ok(cursor.every(([a, b]) => y < a - 2 || y - 11 > b), `a title at ${y} crossed by ${JSON.stringify(cursor)}`);
  assert.equal(st.h, total);
  assert.equal(st.h2, 400);
  fs.writeFileSync(path.join(ensureArtifacts(), "chart-still-en.svg"), st.svg);
  assert.deepEqual(await allProblems(p, problems), []);
  await context.close();
});

test("every measure on screen explains itself: hover, focus and tap, in the reader's language", async () => {
  const { context, page: p, problems } = await openPage(browser, server.url("/chart-es.html"), {
    viewport: { width: 375, height: 800 },
    deviceScaleFactor: 2,
  });
  await waitForSteerlab(p);
  // On a phone the chart starts folded (docs/phone.md): the reader opens it.
  await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).chart(true));
  await p.waitForSelector(".steerlab-chart-key");
  const q = p.locator(".steerlab-meanings");
  assert.equal(await q.getAttribute("aria-label"), "Qué significan estas medidas");
  await p.waitForFunction(() => document.querySelector(".steerlab-meanings").dataset.measures);
  // Focus (the keyboard).
  await q.focus();
  const tip = p.locator(".steerlab-tip");
  await tip.waitFor({ state: "visible" });
  const text = await tip.textContent();
  assert.match(text, /Polarización = \|media de las direcciones\|: 1 si todos van igual, 0 si no hay dirección común\./);
  assert.match(text, /Vecinos medios/);
  assert.equal(await q.getAttribute("aria-describedby"), "steerlab-tip");
  await p.keyboard.press("Escape");
  await tip.waitFor({ state: "hidden" });
  // Numbers in the reader's locale, the same in the chart as in the readout under the canvas: a
  // decimal comma in Spanish (they once disagreed: the chart wrote 0,27 beside the readout's 0.27).
  const es = await p.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("c"));
    v.step(300);
    v.render();
    const svg = v.still("svg");
    return { chart: svg.slice(svg.indexOf('<g transform="translate(0 400)">')), readout: document.querySelector(".steerlab-metric").textContent };
  });
  assert.match(es.chart, />polarización {2}\d,\d+</, "the chart's numbers as the readout's, in the reader's locale");
  assert.doesNotMatch(es.chart, />[^<]*\d\.\d[^<]*</, "no decimal point in the Spanish chart's texts");
  assert.match(es.readout, /polarización \d,\d+/);
  // A tap on a chart key pins its own meaning; a tap elsewhere closes it.
  const ctx2 = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const t = await ctx2.newPage();
  await t.goto(server.url("/chart-es.html"));
  await waitForSteerlab(t);
  await t.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).chart(true));
  await t.waitForSelector(".steerlab-chart-key");
  await t.locator('.steerlab-chart-key[data-measure="groups"]').tap();
  const tt = t.locator(".steerlab-tip");
  await tt.waitFor({ state: "visible" });
  assert.match(await tt.textContent(), /^Grupos = conjuntos de agentes unidos por cadenas de vecinos/);
  const shot = ensureArtifacts();
  await t.screenshot({ path: path.join(shot, "chart-375-es-tip.png") });
  await t.locator("h1, main").first().tap({ position: { x: 5, y: 5 } });
  await tt.waitFor({ state: "hidden" });
  // Hover (a mouse) on the readout's "?" of another page.
  const { context: c3, page: h } = await openPage(browser, server.url("/chart-en.html"));
  await waitForSteerlab(h);
  await h.waitForFunction(() => document.querySelector(".steerlab-meanings").dataset.measures);
  await h.locator(".steerlab-meanings").hover();
  await h.locator(".steerlab-tip").waitFor({ state: "visible" });
  assert.match(await h.locator(".steerlab-tip").textContent(), /Polarisation = \|mean of the headings\|/);
  await ctx2.close();
  await c3.close();
  assert.deepEqual(await allProblems(p, problems), []);
  await context.close();
});

test("screenshots: 375 and 1280 px, English and Spanish, light and dark", async () => {
  const dir = ensureArtifacts();
  for (const lang of ["en", "es"]) {
    for (const dark of [false, true]) {
      for (const [w, dpr] of [
        [375, 2],
        [1280, 1],
      ]) {
        const { context, page: p, problems } = await openPage(browser, server.url(`/chart-${lang}${dark ? "-dark" : ""}.html`), {
          viewport: { width: w, height: 1100 },
          deviceScaleFactor: dpr,
          colorScheme: dark ? "dark" : "light",
        });
        await waitForSteerlab(p);
        // (On a phone the chart starts folded: the reader opens it.)
        await p.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).chart(true));
        await p.waitForSelector(".steerlab-chart canvas");
        await p.evaluate(() => {
          const v = window.steerlab.viewerFor(document.getElementById("c"));
          v.step(180);
          v.set("alignment.weight", 0);
          v.step(300);
          v.set("separation.weight", 3);
          v.step(240);
          v.seek(600);
        });
        await p.waitForFunction(() => document.querySelector(".steerlab-chart-canvas").dataset.cursor === "600");
        // Readable at 375 px: the chart is as wide as the canvas, no wider than the window.
        const { cw, vw, sw } = await p.evaluate(() => ({
          cw: document.querySelector(".steerlab-chart-canvas").getBoundingClientRect().width,
          vw: document.querySelector("#c").getBoundingClientRect().width,
          sw: document.documentElement.scrollWidth,
        }));
        assert.equal(Math.round(cw), Math.round(vw));
        assert.ok(sw <= w, `no sideways scroll at ${w}px (${sw})`);
        await p.screenshot({ path: path.join(dir, `chart-${w}-${lang}-${dark ? "dark" : "light"}.png`), fullPage: true });
        assert.deepEqual(await allProblems(p, problems), []);
        await context.close();
      }
    }
  }
});

// Issue 35 item 3: a compare with `data-chart` has one chart under both views and their bar, the
// changed run dashed over the first, from the second view's own series.
test("a compare's chart overlays its two runs", async () => {
  const { context, page: p } = await openPage(browser, server.url("/chapters/flocking.html"), { viewport: { width: 1280, height: 900 } });
  try {
    await waitForSteerlab(p);
    await p.locator("#c-flock-vs").scrollIntoViewIfNeeded().catch(() => {});
    await p.evaluate(() => document.querySelector(".sl-compare, #c-flock-vs")?.scrollIntoView());
    const chart = p.locator('.sl-compare .steerlab-chart-canvas[data-runs="2"]');
    await chart.waitFor({ timeout: 30_000 });
    // The compare plays: a few samples of both runs.
    await p.waitForFunction(() => window.steerlab.viewerFor(document.getElementById("c-flock-vs-compare"))?.series().step.length >= 4, null, { timeout: 30_000 });
    const r = await p.evaluate(async () => {
      const wrap = document.querySelector(".sl-compare");
      const fig = wrap.querySelector(".steerlab-chart");
      const runs = [...wrap.querySelectorAll(".steerlab-chart-run")].map((e) => e.textContent);
      const a = window.steerlab.viewerFor(document.getElementById("c-flock-vs"));
      const b = window.steerlab.viewerFor(document.getElementById("c-flock-vs-compare"));
      const m = await import("/www/chart.js");
      const colours = { bg: "#fff", fg: "#000", muted: "#444", grid: "#ddd", border: "#ccc", accent: "#00f", series: ["#111", "#222", "#333", "#444", "#555", "#666"] };
      const sa = a.series(), sb = b.series();
      const dashed = m.layout(sa, 600, colours, "en", sb).items.filter((i) => i.run === 2).length;
      const alone = m.layout(sa, 600, colours, "en").items.filter((i) => i.run === 2).length;
      return {
        afterBar: fig.previousElementSibling?.classList.contains("sl-compare-bar"),
        charts: wrap.querySelectorAll(".steerlab-chart").length,
        runs,
        dashed,
        alone,
        sameSteps: JSON.stringify(sa.step) === JSON.stringify(sb.step),
        differ: JSON.stringify(sa.values.polarisation) !== JSON.stringify(sb.values.polarisation),
      };
    });
    assert.equal(r.charts, 1, "one chart for the two views");
    assert.ok(r.afterBar, "under the views' bar");
    assert.deepEqual(r.runs, ["as written", "alignment 0"]);
    assert.ok(r.dashed > 0 && r.alone === 0, `the second run is drawn dashed (${r.dashed} lines), and only with it`);
    assert.ok(r.sameSteps, "the two runs are sampled at the same steps (lockstep)");
    assert.ok(r.differ, "the runs differ (alignment off changes polarisation)");
  } finally {
    await context.close();
  }
});
