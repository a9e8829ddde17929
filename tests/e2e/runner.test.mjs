// Issue 56, end to end: one page, one runner.
//
// - One clock: a chapter read to its end with nothing playing (reduced motion) costs ≤ 0.5 % of a
//   core over 5 s (CDP Performance.getMetrics: TaskDuration) and asks for no animation frame at
//   all (requestAnimationFrame wrapped by an init script); ten playing canvases, a comparison and
//   its chart ask for one frame per frame, and none once they are paused.
// - One loader: a comparison of a figure from a URL (`data-scenario-src` with `data-compare`) is a
//   comparison of that scenario; `<steer-lab src>`, `steerlab.load(canvas, { src })` and a bad
//   URL say what they say in the figure, once; the embed dialog writes the URL back.
// - One formatter: on a Spanish page the viewer's sliders, the comparison's, the chart's marks,
//   the comparison's label and a challenge's status all write 1,5 (and the GPU panel: gpu.test's
//   browser, below).
// - No synchronous request: a chapter (its words, its scenarios, its challenges and comparison)
//   makes none (XMLHttpRequest.open wrapped by an init script).
//
//   node --test tests/e2e/runner.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, ROOT, ARTIFACTS } from "./helpers.mjs";

const FLOCK = JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", "flock.json"), "utf8"));
const MINE = JSON.stringify({ ...FLOCK, name: "mine", title: "My flock", title_es: "Mi bandada", seed: 11 });
const HEAD = (lang, title) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/www/steerlab.css">
<script type="module" src="/www/boot.js"></script></head><body>`;
const TEN = `${HEAD("en", "ten").replace("</head>", '<link rel="stylesheet" href="/ten.css"></head>')}
<div class="ten">${Array.from({ length: 10 }, (_, i) => `<figure><canvas data-scenario="flock" data-seed="${i + 1}" width="240" height="150"></canvas></figure>`).join("")}</div>
<canvas id="vs" data-scenario="flock" data-compare='{"alignment.weight": 0}' data-chart></canvas></body></html>`;
const TEN_CSS = ".ten { display: flex; flex-wrap: wrap; gap: 8px } .ten figure { margin: 0; width: 240px } body { margin: 8px; max-width: 1260px }";
const URLS = `${HEAD("en", "from a URL")}
<canvas id="vs" data-scenario-src="/posts/mine.json" data-compare='{"alignment.weight": 0}'></canvas>
<canvas id="plain" data-scenario-src="posts/mine.json" data-autoplay="false"></canvas>
<canvas id="gone" data-scenario-src="/posts/gone.json" data-compare='{"alignment.weight": 0}'></canvas>
<steer-lab id="el" src="/posts/mine.json" autoplay="false"></steer-lab>
<canvas id="api"></canvas>
<script type="module" src="/www/steer-lab.js"></script></body></html>`;
const ES = `${HEAD("es", "números")}
<canvas id="v" data-scenario="flock" data-chart data-autoplay="false"></canvas>
<canvas id="vs" data-scenario="flock" data-compare='{"separation.weight": 2.5}' data-mount="eager"></canvas>
<div class="challenge" data-for="v" data-challenge='{"measure": "polarisation", ">=": 1.5}'><p class="challenge-task">Polarización</p></div>
</body></html>`;

/** Counts every requestAnimationFrame call and frame callback, and every XMLHttpRequest opened
 *  synchronously, from before the page's first script. */
function counters() {
  window.__raf = { calls: 0, frames: 0 };
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = function (f) {
    window.__raf.calls++;
    return raf.call(window, (ts) => (window.__raf.frames++, f(ts)));
  };
  window.__sync = [];
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, async = true, ...rest) {
    if (async === false) window.__sync.push(String(url));
    return open.call(this, method, url, async, ...rest);
  };
}

let server, browser;
before(async () => {
  server = await serveDist({ extra: { "/ten.html": TEN, "/ten.css": TEN_CSS, "/urls.html": URLS, "/es-numbers.html": ES, "/posts/mine.json": MINE } });
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(t, url, opts = {}) {
  const o = await openPage(browser, "about:blank", opts);
  t.after(() => o.context.close());
  await o.page.addInitScript(counters);
  await o.page.goto(server.url(url));
  await waitForSteerlab(o.page);
  return o;
}

/** The page's main-thread busy time (CDP TaskDuration) as a share of one core over `ms`, and the
 *  frame requests and callbacks in that time. */
async function busy(page, cdp, ms) {
  const metric = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value;
  const raf0 = await page.evaluate(() => ({ ...window.__raf }));
  const [t0, w0] = [await metric(), Date.now()];
  await page.waitForTimeout(ms);
  const [t1, w1] = [await metric(), Date.now()];
  const raf1 = await page.evaluate(() => ({ ...window.__raf }));
  return { share: (100 * (t1 - t0)) / ((w1 - w0) / 1000), calls: raf1.calls - raf0.calls, frames: raf1.frames - raf0.frames };
}

test("a chapter at rest (reduced motion, read to its end) costs ≤ 0.5 % of a core and asks for no frame; no synchronous request", { timeout: 180_000 }, async (t) => {
  for (const url of ["/es/chapters/flocking.html", "/chapters/leader-queue-path.html"]) {
    const { page, context, problems } = await open(t, url, { reducedMotion: "reduce" });
    // Read to the end: every figure mounts, the challenges and the comparison load.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 500) {
      await page.evaluate((y) => scrollTo(0, y), y);
      await page.waitForTimeout(120);
    }
    await page.waitForFunction(() => document.querySelector(".sl-compare") && document.querySelector(".challenge-status"), null, { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const rest = await busy(page, cdp, 5000);
    const viewers = await page.evaluate(() => window.steerlab.liveViewers());
    t.diagnostic(`${url}: ${viewers} viewers at rest: ${rest.share.toFixed(2)} % of a core, ${rest.calls} frame requests in 5 s`);
    assert.ok(viewers >= 8, `${url}: the figures mounted (${viewers})`);
    assert.equal(rest.calls, 0, `${url}: no frame asked for at rest`);
    assert.ok(rest.share <= 0.5, `${url}: ${rest.share.toFixed(2)} % of a core at rest (≤ 0.5 %)`);
    // Nothing was fetched synchronously: not the words, not a scenario.
    assert.deepEqual(await page.evaluate(() => window.__sync), [], `${url}: synchronous requests`);
    assert.deepEqual(await allProblems(page, problems), []);
  }
});

test("ten playing canvases, a comparison and its chart: one frame request per frame, none once paused", { timeout: 120_000 }, async (t) => {
  const { page, context, problems } = await open(t, "/ten.html", { viewport: { width: 1280, height: 1400 } });
  await page.waitForFunction(() => window.steerlab.liveViewers() === 12 && document.querySelector(".sl-compare .steerlab-chart"), null, { timeout: 60_000 });
  await page.evaluate(async () => {
    const c = (await import(performance.getEntriesByType("resource").map((e) => e.name).find((n) => new URL(n).pathname === "/www/compare.js"))).compareFor(document.getElementById("vs"));
    if (!c.playing) c.play();
    window.__cmp = c;
  });
  await page.waitForTimeout(1000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const playing = await busy(page, cdp, 3000);
  t.diagnostic(`playing: ${playing.calls} frame requests for ${playing.frames} frames in 3 s (${playing.share.toFixed(1)} % of a core)`);
  assert.ok(playing.frames > 20, `frames ran (${playing.frames})`);
  // One request a frame for the page (ten viewers, the comparison's two and its chart: twelve loops
  // before), a few more at most for one-off frames.
  assert.ok(playing.calls <= playing.frames * 1.1 + 3, `${playing.calls} requests for ${playing.frames} frames`);
  const moved = await page.evaluate(() => [...document.querySelectorAll("canvas[data-seed]")].every((c) => window.steerlab.viewerFor(c).history().step > 30) && window.__cmp.step > 30);
  assert.ok(moved, "every viewer and the comparison stepped");
  // Everything paused: the loop stops.
  await page.evaluate(() => {
    for (const c of document.querySelectorAll("canvas[data-seed]")) window.steerlab.viewerFor(c).pause();
    window.__cmp.pause();
  });
  await page.waitForTimeout(300);
  const paused = await busy(page, cdp, 2000);
  assert.equal(paused.calls, 0, "no frame asked for once everything paused");
  assert.ok(paused.frames <= 1, `at most the one already asked for ran (${paused.frames})`);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("one loader: a comparison from a URL, <steer-lab src>, load({ src }), a URL that fails, the embed dialog's snippet", { timeout: 120_000 }, async (t) => {
  const { page, problems } = await open(t, "/urls.html", { viewport: { width: 1100, height: 2400 } });
  await page.waitForFunction(() => document.getElementById("vs-compare") && window.steerlab.viewerFor(document.getElementById("vs-compare")) && window.steerlab.viewerFor(document.getElementById("plain")), null, { timeout: 60_000 });
  const r = await page.evaluate(async () => {
    const sl = window.steerlab;
    const a = sl.viewerFor(document.getElementById("vs")), b = sl.viewerFor(document.getElementById("vs-compare"));
    const v = await sl.load(document.getElementById("api"), { src: "posts/mine.json" });
    const el = document.getElementById("el");
    for (let k = 0; k < 100 && !el.viewer; k++) await new Promise((r) => setTimeout(r, 50));
    let failed = null;
    try {
      await sl.load(document.createElement("canvas"), { src: "/posts/nowhere.json" });
    } catch (e) {
      failed = e.message;
    }
    return {
      compare: [a.state().scenario.name, b.state().scenario.name, a.get("alignment.weight"), b.get("alignment.weight"), a.state().scenario.seed],
      wraps: document.querySelectorAll(".sl-compare").length,
      api: v.state().scenario.name,
      element: el.viewer?.state().scenario.name,
      embed: sl.viewerFor(document.getElementById("plain")).embedCode(),
      embedApi: v.embedCode(),
      gone: [...document.querySelectorAll(".steerlab-error")].map((e) => e.textContent),
      failed,
    };
  });
  assert.deepEqual(r.compare, ["mine", "mine", 1, 0, 11], "the comparison runs the URL's scenario, the change on the right");
  assert.equal(r.wraps, 1, "one comparison: the one whose URL failed says so in its figure instead");
  assert.equal(r.api, "mine");
  assert.equal(r.element, "mine");
  assert.match(r.embed, /<canvas data-scenario-src="posts\/mine\.json"/, "the embed dialog writes the URL as the author wrote it");
  assert.doesNotMatch(r.embed, /data-scenario="/);
  assert.match(r.embedApi, /<canvas data-scenario-src="\/posts\/mine\.json"/, "a URL given to load(), from the site's root");
  assert.equal(r.gone.length, 1, `the failed URL is named once, in its figure: ${JSON.stringify(r.gone)}`);
  assert.match(r.gone[0], /^data-scenario-src: could not load \/posts\/gone\.json: HTTP 404/);
  assert.match(r.failed, /could not load \/posts\/nowhere\.json: HTTP 404/);
  // (The two 404s are the test's own.)
  const left = (await allProblems(page, problems)).filter((p) => !/gone\.json|nowhere\.json|404/.test(p));
  assert.deepEqual(left, []);
  await page.screenshot({ path: path.join(ARTIFACTS, "runner-urls.png"), fullPage: true });
});

test("one formatter: a Spanish page writes 1,5 in the viewer, the comparison, the chart's marks and a challenge", { timeout: 120_000 }, async (t) => {
  const { page, problems } = await open(t, "/es-numbers.html", { viewport: { width: 1100, height: 2400 } });
  await page.waitForFunction(() => document.querySelector(".sl-compare .steerlab-controls-slot .steerlab-value") && document.querySelector(".steerlab-chart") && document.querySelector(".challenge-status")?.textContent, null, { timeout: 60_000 });
  const r = await page.evaluate(async () => {
    const sl = window.steerlab;
    const v = sl.viewerFor(document.getElementById("v"));
    v.set("separation.weight", 2.5);
    v.step(30);
    v.render();
    await new Promise((r) => setTimeout(r, 300));
    const out = (root) => root.querySelector('.steerlab-control:has([data-param="separation.weight"]) .steerlab-value')?.textContent;
    return {
      viewer: out(document.getElementById("v").closest(".steerlab")),
      compare: out(document.querySelector(".sl-compare .steerlab-controls-slot")),
      compareLabel: document.querySelectorAll(".sl-compare-name")[1].textContent,
      mark: v.series().marks[0].label,
      chart: document.querySelector(".steerlab-chart-canvas").getAttribute("aria-label"),
      challenge: document.querySelector(".challenge-status").textContent,
    };
  });
  t.diagnostic(JSON.stringify(r));
  assert.equal(r.viewer, "2,5", "the viewer's slider");
  assert.equal(r.compare, "1,5", "the comparison's slider (the module's panel)");
  assert.match(r.compareLabel, /2,5/, "the comparison's label");
  assert.match(r.mark, /1,5 → 2,5$/, "the chart's mark");
  assert.match(r.chart, /1,5 → 2,5/, "the chart's name");
  assert.match(r.challenge, /1,5/, "the challenge's status");
  for (const [k, s] of Object.entries(r)) assert.doesNotMatch(s, /\d\.\d/, `${k}: no number written the English way: ${s}`);
  assert.deepEqual(await page.evaluate(() => window.__sync), []);
  assert.deepEqual(await allProblems(page, problems), []);
});
