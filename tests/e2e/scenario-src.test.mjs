// Issue 47, item 4: figures from a URL. `<canvas data-scenario-src="…">`, `<steer-lab src="…">`
// and `steerlab.mountFrom(canvas, url)` fetch a scenario's JSON and mount it with the same checks
// and messages as inline text; a failed fetch is named on the canvas (URL and why) like a refused
// scenario, with `steerlab:error`, and the other canvases of the page go on.
//
//   node --test tests/e2e/scenario-src.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, ensureArtifacts } from "./helpers.mjs";

const mine = JSON.parse(fs.readFileSync(path.join(ROOT, "scenarios", "flock.json"), "utf8"));
mine.name = "mine";
mine.agents = { count: 30 };
const bad = { ...mine, world: { width: "wide", height: 300 }, colour: "red" };

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>src</title>
<link rel="stylesheet" href="/www/steerlab.css">
<script type="module" src="/src.js"></script>
<script type="module" src="/www/boot.js"></script>
<script type="module" src="/www/steer-lab.js"></script></head>
<body>
<canvas id="ok" data-scenario-src="posts/mine.json" data-seed="7"></canvas>
<canvas id="missing" data-scenario-src="/posts/missing.json"></canvas>
<canvas id="bad" data-scenario-src="/posts/bad.json"></canvas>
<canvas id="builtin" data-scenario="queue"></canvas>
<steer-lab id="el" src="/posts/mine.json"></steer-lab>
<canvas id="later"></canvas>
</body></html>`;
const LOGGER = `window.__errors = [];
document.addEventListener("steerlab:error", (e) => window.__errors.push([e.target.id, e.detail.message]));`;

let server, browser;
before(async () => {
  server = await serveDist({
    extra: {
      "/src.html": PAGE,
      "/src.js": LOGGER,
      "/posts/mine.json": JSON.stringify(mine),
      "/posts/bad.json": JSON.stringify(bad),
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("data-scenario-src, <steer-lab src> and mountFrom: fetched, checked and named like inline scenarios", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/src.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.waitForFunction(() => window.steerlab.viewerFor(document.getElementById("ok")) && document.getElementById("el").viewer, null, { timeout: 60000 });
  await waitForDrawn(page, "#ok");
  const r = await page.evaluate(() => {
    const v = window.steerlab.viewerFor(document.getElementById("ok"));
    const el = document.getElementById("el");
    return { name: v.state().scenario.name, seed: v.state().seed, agents: v.state().agents.length, el: el.viewer.state().agents.length };
  });
  assert.deepEqual([r.name, r.seed, r.agents, r.el], ["mine", 7, 30, 30], "the fetched scenario, with the canvas's data-seed");
  // A failed fetch and a bad scenario: named on their canvases and in steerlab:error.
  await page.waitForFunction(() => window.__errors.length >= 2, null, { timeout: 30000 });
  const errors = Object.fromEntries(await page.evaluate(() => window.__errors));
  assert.equal(errors.missing, "data-scenario-src: could not load /posts/missing.json: HTTP 404 Not Found");
  assert.equal(errors.bad.split("\n").length, 2, errors.bad);
  assert.match(errors.bad, /^colour: unknown field/m);
  assert.match(errors.bad, /^world\.width: invalid type: string "wide", expected a number$/m);
  const boxes = await page.evaluate(() =>
    ["missing", "bad"].map((id) => document.getElementById(id).nextElementSibling?.matches(".steerlab-error[role=alert]") && document.getElementById(id).nextElementSibling.textContent),
  );
  assert.deepEqual(boxes, [errors.missing, errors.bad]);
  // mountFrom from the page's own module; a network error rejects with the same message.
  const api = await page.evaluate(async () => {
    const s = window.steerlab;
    const v = await s.mountFrom(document.getElementById("later"), "/posts/mine.json");
    const c = document.createElement("canvas");
    document.body.append(c);
    const refused = await s.mountFrom(c, "/posts/nope.json").then(() => "mounted", (e) => e.message);
    return { name: v.state().scenario.name, refused, live: s.liveViewers() };
  });
  assert.equal(api.name, "mine");
  assert.equal(api.refused, "data-scenario-src: could not load /posts/nope.json: HTTP 404 Not Found");
  // The built-in canvas of the same page is unaffected.
  assert.equal(await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("builtin")).state().scenario.name), "queue");
  ensureArtifacts();
  await page.screenshot({ path: path.join(ROOT, "artifacts", "scenario-src.png"), fullPage: true });
  // The 404s are the test's own; nothing else went wrong.
  const other = (await allProblems(page, problems)).filter((p) => !/missing\.json|nope\.json|404|steerlab: /.test(p));
  assert.deepEqual(other, []);
});
