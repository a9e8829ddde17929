// Issue 34 item 4, one truth for parameters: however a parameter changes — a control, set(), a
// link, seek(), the scrub bar, a replayed input, reset — every built-in control shows the value the
// simulation uses, and `steerlab:change` reports it with a `source` saying which way it came.
// The test seeks across a set() and reads the controls.
//
//   node --test tests/e2e/change-events.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab } from "./helpers.mjs";

// Every change event of the page, from before any viewer exists (links restore at mount).
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>changes</title>
<link rel="stylesheet" href="/www/steerlab.css">
<script type="module" src="/changes.js"></script>
<script type="module" src="/www/boot.js"></script></head>
<body><canvas id="c" data-scenario="flock" data-autoplay="false" data-mount="eager"></canvas></body></html>`;
const LOGGER = `window.__changes = [];
document.addEventListener("steerlab:change", (e) => window.__changes.push(e.detail));`;

let server, browser;
before(async () => {
  server = await serveDist({ extra: { "/changes.html": PAGE, "/changes.js": LOGGER } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const PATH = "separation.weight";

// What the page shows and what the simulation uses, for PATH; and the change events since last asked.
async function read(page) {
  return page.evaluate((p) => {
    const c = document.getElementById("c");
    const v = window.steerlab.viewerFor(c);
    const root = c.closest(".steerlab");
    const input = root.querySelector(`input[data-param="${p}"]`);
    const out = root.querySelector(`output[data-for="${input.getAttribute("data-control")}"]`);
    const changes = window.__changes.filter((d) => d.path === p);
    window.__changes.length = 0;
    return { uses: v.get(p), slider: Number(input.value), shown: Number(out.textContent), changes, step: v.state().steps };
  }, PATH);
}

const declaredSources = () => {
  const dts = fs.readFileSync(path.join(ROOT, "pkg", "steerlab.d.ts"), "utf8");
  const m = dts.match(/source: ((?:"[a-z-]+"(?: \| )?)+);/);
  return new Set([...m[1].matchAll(/"([a-z-]+)"/g)].map((x) => x[1]));
};

test("seek, scrub, reset and a control: the controls show the value in use and each change is reported with its source", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/changes.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const v = (js) => page.evaluate((js) => new Function("v", `return ${js}`)(window.steerlab.viewerFor(document.getElementById("c"))), js);
  let r = await read(page);
  assert.deepEqual([r.uses, r.slider, r.shown], [1.5, 1.5, 1.5]);
  const seen = new Set();
  const expect = (r, value, source) => {
    assert.deepEqual([r.uses, r.slider, r.shown], [value, value, value], `after ${source}: uses, slider, shown`);
    assert.deepEqual(r.changes, [{ path: PATH, value, source }], `one ${source} change`);
    seen.add(source);
  };

  // set() at step 100, then on to 200.
  await v("v.step(100)");
  await v(`v.set("${PATH}", 3)`);
  expect(await read(page), 3, "api");
  await v("v.step(100)");
  // seek() back before the set: the replayed history has 1.5 there.
  await v("v.seek(50)");
  expect(await read(page), 1.5, "seek");
  // seek() forward across the set: the logged input is replayed.
  await v("v.seek(150)");
  expect(await read(page), 3, "seek");
  // The scrub bar, as the reader drags it.
  await page.evaluate(() => {
    const bar = document.querySelector("#c").closest(".steerlab").querySelector("input[data-scrub]");
    bar.value = "20";
    bar.dispatchEvent(new Event("input", { bubbles: true }));
  });
  r = await read(page);
  assert.equal(r.step, 20);
  expect(r, 1.5, "scrub");
  // A seek that changes no parameter reports nothing.
  await v("v.seek(30)");
  r = await read(page);
  assert.deepEqual([r.uses, r.slider, r.changes], [1.5, 1.5, []]);
  // The reader's slider.
  await page.evaluate((p) => {
    const input = document.querySelector(`#c`).closest(".steerlab").querySelector(`input[data-param="${p}"]`);
    input.value = "2";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, PATH);
  expect(await read(page), 2, "control");
  // reset() restarts with the parameters in use: nothing changes, nothing is reported, and the
  // controls still agree.
  await v("v.reset()");
  r = await read(page);
  assert.deepEqual([r.uses, r.slider, r.shown, r.changes], [2, 2, 2, []]);
  // Every source seen is declared in the types.
  for (const s of seen) assert.ok(declaredSources().has(s), `ChangeDetail.source declares "${s}"`);
  assert.deepEqual(await allProblems(page, problems), []);
});

// Issue 47, item 8: a change the history replays as it steps or plays through its recorded future
// (after a seek back) moves the controls and is reported as `replay`; through the API, with the
// step button and with the Play button; and after a link's replay.
test("stepping or playing through a logged change: the controls follow and `replay` is reported", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/changes.html"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const v = (js) => page.evaluate((js) => new Function("v", `return ${js}`)(window.steerlab.viewerFor(document.getElementById("c"))), js);
  const click = (action) => page.evaluate((a) => document.querySelector("#c").closest(".steerlab").querySelector(`[data-action="${a}"]`).click(), action);
  await v("v.step(100)");
  await v(`v.set("${PATH}", 3)`);
  await v("v.step(100)");
  await read(page); // (forget the api change)
  const replayed = (r, value) => {
    assert.deepEqual([r.uses, r.slider, r.shown], [value, value, value], "uses, slider, shown");
    assert.deepEqual(r.changes, [{ path: PATH, value, source: "replay" }], "one replay change");
  };

  // Through the API: back before the change, then steps across it.
  await v("v.seek(50)");
  assert.equal((await read(page)).uses, 1.5);
  await v("v.step(40)");
  let r = await read(page);
  assert.equal(r.step, 90);
  assert.deepEqual([r.uses, r.slider, r.changes], [1.5, 1.5, []], "nothing replayed yet");
  await v("v.step(20)");
  replayed(await read(page), 3);
  assert.equal((await v("v.history().end")), 200, "the recorded future is kept");

  // With the step button (→), one step at a time onto the change.
  await v("v.seek(98)");
  await read(page);
  await click("step");
  assert.deepEqual((await read(page)).changes, []);
  await click("step");
  r = await read(page);
  assert.equal(r.step, 100);
  replayed(r, 3);

  // With the Play button: the frame loop plays across it.
  await v("v.seek(80)");
  await read(page);
  await click("play");
  await page.waitForFunction(() => window.steerlab.viewerFor(document.getElementById("c")).state().steps > 110, null, { timeout: 60000 });
  await click("play");
  replayed(await read(page), 3);
  assert.deepEqual(await allProblems(page, problems), []);
});

/** A link made after 60 steps, a change of PATH to 3.5 and 30 more steps, opened in a new
 *  context once it has replayed. */
async function openLinked(t) {
  const first = await openPage(browser, server.url("/changes.html"));
  t.after(() => first.context.close());
  await waitForSteerlab(first.page);
  const link = await first.page.evaluate((p) => {
    const v = window.steerlab.viewerFor(document.getElementById("c"));
    v.step(60);
    v.set(p, 3.5);
    v.step(30);
    return v.link();
  }, PATH);
  const opened = await openPage(browser, server.url(`/changes.html${link}`));
  t.after(() => opened.context.close());
  await waitForSteerlab(opened.page);
  await opened.page.waitForFunction(() => !window.steerlab.viewerFor(document.getElementById("c")).history().restoring);
  return opened;
}

test("after a link's replay, seeking back and stepping through its change reports `replay`", async (t) => {
  const { page, problems } = await openLinked(t);
  await read(page);
  await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).seek(30));
  assert.deepEqual(((await read(page)).changes).map((c) => [c.value, c.source]), [[1.5, "seek"]]);
  await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c")).step(40));
  const r = await read(page);
  assert.deepEqual([r.uses, r.slider, r.shown], [3.5, 3.5, 3.5]);
  assert.deepEqual(r.changes, [{ path: PATH, value: 3.5, source: "replay" }]);
  assert.ok(declaredSources().has("replay"), 'ChangeDetail.source declares "replay"');
  assert.deepEqual(await allProblems(page, problems), []);
});

test("a link restores the parameters it carries: the controls show them and the change is reported as `link`", async (t) => {
  const { page, problems } = await openLinked(t);
  await page.waitForTimeout(100);
  const r = await read(page);
  assert.equal(r.step, 90);
  assert.deepEqual([r.uses, r.slider, r.shown], [3.5, 3.5, 3.5]);
  assert.deepEqual(r.changes, [{ path: PATH, value: 3.5, source: "link" }]);
  assert.ok(declaredSources().has("link"));
  assert.deepEqual(await allProblems(page, problems), []);
});
