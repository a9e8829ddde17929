// Issue 47, item 6 (compare part): a compare finished as a reader sees it.
//
// - Side by side, the two canvases start on the same line whatever the labels' lengths (two
//   changes make the right label wrap: its canvas stays level with the left one).
// - Each label says where its view is in the layout in use: left/right side by side, above/below
//   when the views stack at 375 px (the author's text can say either).
// - The scenario's own sliders are there: a slider moves both views, except on a parameter the
//   compare changes, which only the first view (as written) takes; a reset or seek keeps them true.
//
// (compare.js is the one boot.js loaded, versioned: `?v=<build>`.)
//
//   node --test tests/e2e/compare.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts } from "./helpers.mjs";

const CSS = "body { margin: 0 auto; max-width: 640px; padding: 8px; font: 16px system-ui; }";
const page = (lang, theme) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>compare</title>
<link rel="stylesheet" href="/www/steerlab.css"><link rel="stylesheet" href="/cmp-${theme}.css">
<script type="module" src="/www/boot.js"></script></head><body>
<p>${lang === "es" ? "A la izquierda, la bandada tal como está escrita." : "On the left, the flock as written."}</p>
<canvas id="two" data-scenario="flock" data-seed="4" data-compare='{"cohesion.weight": 0, "alignment.weight": 0, "separation.sep_dist": 40}'></canvas>
</body></html>`;

let server, browser;
before(async () => {
  server = await serveDist({ extra: { "/cmp-en.html": page("en", "light"), "/cmp-es.html": page("es", "light"), "/cmp-es-dark.html": page("es", "dark"), "/cmp-light.css": CSS, "/cmp-dark.css": `${CSS} html { background: #0b1120; color: #e2e8f0; }` } });
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(t, url, opts) {
  const o = await openPage(browser, server.url(url), opts);
  t.after(() => o.context.close());
  await waitForSteerlab(o.page);
  await o.page.locator("#two").scrollIntoViewIfNeeded();
  await o.page.waitForFunction(() => document.querySelectorAll(".sl-compare canvas.steerlab-canvas, .sl-compare canvas").length === 2 && window.steerlab.viewerFor(document.getElementById("two-compare")), null, { timeout: 30_000 });
  return o;
}

/** What the reader sees: each label's visible text and where each canvas starts. */
const seen = (p) =>
  p.evaluate(() => ({
    labels: [...document.querySelectorAll(".sl-compare-label")].map((l) => l.innerText.replace(/\s+/g, " ").trim()),
    heights: [...document.querySelectorAll(".sl-compare-label")].map((l) => Math.round(l.getBoundingClientRect().height)),
    tops: ["two", "two-compare"].map((id) => Math.round(document.getElementById(id).getBoundingClientRect().top)),
    lefts: ["two", "two-compare"].map((id) => Math.round(document.getElementById(id).getBoundingClientRect().left)),
  }));

test("side by side: the canvases level whatever the labels' lengths, the labels say left and right", async (t) => {
  for (const [url, left, right] of [
    ["/cmp-en.html", "Left: as written", "Right: cohesion 0, alignment 0, separation distance (sep_dist) 40"],
    ["/cmp-es.html", "Izquierda: tal como está escrito", "Derecha: cohesión a 0, alineación a 0, distancia de separación (sep_dist) a 40"],
  ]) {
    const { page: p, problems } = await open(t, url, { viewport: { width: 1100, height: 900 } });
    const s = await seen(p);
    assert.deepEqual(s.labels, [left, right], url);
    assert.ok(s.heights[1] > s.heights[0], `${url}: the right label wraps (${s.heights})`);
    assert.ok(s.lefts[1] > s.lefts[0], `${url}: side by side (${s.lefts})`);
    assert.equal(s.tops[0], s.tops[1], `${url}: the two canvases start on the same line (${s.tops})`);
    await p.screenshot({ path: path.join(ensureArtifacts(), `compare-${url.slice(5, -5)}-desktop.png`) });
    assert.deepEqual(await allProblems(p, problems), []);
  }
});

test("stacked on a phone: the labels say above and below", async (t) => {
  for (const [url, first, second] of [
    ["/cmp-en.html", "Above: as written", "Below: cohesion 0, alignment 0, separation distance (sep_dist) 40"],
    ["/cmp-es-dark.html", "Arriba: tal como está escrito", "Abajo: cohesión a 0, alineación a 0, distancia de separación (sep_dist) a 40"],
  ]) {
    const { page: p, problems } = await open(t, url, { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 });
    const s = await seen(p);
    assert.deepEqual(s.labels, [first, second], url);
    assert.ok(s.tops[1] > s.tops[0], `${url}: stacked (${s.tops})`);
    await p.screenshot({ path: path.join(ensureArtifacts(), `compare-${url.slice(5, -5)}-phone.png`), fullPage: true });
    assert.deepEqual(await allProblems(p, problems), []);
  }
});

test("the scenario's sliders: one moves both views, a compared parameter only the first; they follow a reset", async (t) => {
  const { page: p, problems } = await open(t, "/cmp-en.html", { viewport: { width: 1100, height: 900 } });
  const names = await p.evaluate(() => [...document.querySelectorAll(".sl-compare .steerlab-controls-slot .steerlab-control > .steerlab-label")].map((s) => s.textContent));
  assert.deepEqual(names, ["Separation", "Alignment", "Cohesion", "Perception", "Separation distance (sep_dist)"]);
  // (By its place: "Separation" is also in "Separation distance (sep_dist)".)
  // (The first view's own panel, the module's, in the slot under the bar: one control panel.)
  const control = (name) => p.locator(".sl-compare .steerlab-controls-slot .steerlab-control").nth(names.indexOf(name));
  const slider = (name) => control(name).locator('input[type="range"]');
  const both = (param) =>
    p.evaluate(async (param) => {
      const c = (await import(performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/compare.js"))).compareFor(document.getElementById("two"));
      return [c.a.get(param), c.b.get(param)];
    }, param);
  // The reader drags (keyboard on the focused slider: two steps of 0.1 from 1.5).
  assert.deepEqual(await both("separation.weight"), [1.5, 1.5]);
  await slider("Separation").focus();
  await p.keyboard.press("ArrowRight");
  await p.keyboard.press("ArrowRight");
  assert.deepEqual(await both("separation.weight"), [1.7, 1.7], "a shared parameter moves in both views");
  assert.equal(await control("Separation").locator("output").textContent(), "1.7");
  await slider("Alignment").focus();
  await p.keyboard.press("ArrowLeft");
  assert.deepEqual(await both("alignment.weight"), [0.9, 0], "a compared parameter moves only the view as written");
  // Through the API (a replay, a reset of the view): the slider shows what the view runs with.
  await p.evaluate(async () => {
    const c = (await import(performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/compare.js"))).compareFor(document.getElementById("two"));
    c.a.set("perception", 40);
  });
  await p.waitForFunction(() => document.querySelector(".sl-compare .steerlab-controls-slot .steerlab-control:nth-child(4) input").value === "40");
  // An author's own import of compare.js (unversioned: another module instance) finds it too.
  const own = await p.evaluate(async () => (await import("/www/compare.js")).compareFor(document.getElementById("two"))?.a.get("perception"));
  assert.equal(own, 40);
  assert.deepEqual(await allProblems(p, problems), []);
});
