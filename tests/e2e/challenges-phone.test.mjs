// Issue 45 item 5: challenges a phone can do. All nine challenges played as a student on a phone
// (375 × 800, 2×, touch), in a seeded random order (STEERLAB_CHALLENGE_SEED replays it), in both
// languages:
// - each challenge has its own canvas, which starts as written whatever was done to the others;
// - its status is right above its canvas, and both are on screen together; it is printed once;
// - its canvas keeps running while the reader works on it;
// - the status names measures and parameters in the reader's words (no measure id, no path) and
//   writes numbers as the reader's language does; a late challenge names the button as labelled;
// - tuned with its own sliders and toggles (the solution's values, set as a drag or a tap sets
//   them), it is done; "↺ Start again" puts the canvas back as it started, settings included.
// Screenshots of each challenge done: artifacts/challenge-<lang>-<n>.png (es dark, en light).
//
//   node --test tests/e2e/challenges-phone.test.mjs      (needs dist/ from scripts/build.sh)
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, allProblems, waitForSteerlab, ensureArtifacts, seededRandom as rng } from "./helpers.mjs";

const CHAPTERS = ["chapters/flocking.html", "chapters/leader-queue-path.html", "chapters/bandada.html"];
const SEED = Number(process.env.STEERLAB_CHALLENGE_SEED || 45);
/** Names from code (a measure's id, a parameter's path) as they must not appear in the reader's
 *  status; in Spanish the measures' ids that are English words too. */
const CODE = /\b([a-z]+_[a-z_]+|[a-z]+\.[a-z_]+)\b/;
const IDS_ES = /\b(polarisation|groups|throughput|overlaps|perception)\b/;

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});


/** Where the challenge's parts are on screen, and what it says. */
function look(i) {
  const el = document.querySelectorAll("[data-challenge]")[i];
  const canvas = document.getElementById(el.dataset.for);
  const status = el.querySelector(".challenge-status");
  const r = (e) => {
    const b = e.getBoundingClientRect();
    return { top: b.top, bottom: b.bottom, height: b.height };
  };
  const text = status.textContent;
  // What a reader sees of the card: its text, without what is hidden from sight (a screen
  // reader's live region, 1 px and clipped).
  const parts = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const box = n.parentElement.getBoundingClientRect();
    if (box.width > 1 && box.height > 1 && n.parentElement.checkVisibility()) parts.push(n.textContent);
  }
  const shown = parts.join(" ");
  return {
    state: el.dataset.state,
    status: text,
    times: text ? shown.split(text).length - 1 : 0,
    statusBox: r(status.closest("p")),
    canvasBox: r(canvas),
    step: window.steerlab.viewerFor(canvas)?.history().step ?? -1,
    viewport: innerHeight,
  };
}

// Both languages at once (each chapter in its own context): a challenge mostly waits for its figure to get there.
describe("the nine challenges on a phone", { concurrency: 2 }, () => ["es", "en"].forEach((lang) => {
  test(`the nine challenges on a phone (${lang}), in a random order (seed ${SEED}): own canvas, status with it, done with its own controls, start again`, { timeout: 900_000 }, async (t) => {
    const random = rng(SEED + (lang === "es" ? 1 : 0));
    const dir = ensureArtifacts();
    const played = [];
    for (const chapter of [...CHAPTERS].sort(() => random() - 0.5)) {
      const url = lang === "en" ? `/${chapter}` : `/es/${chapter}`;
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, colorScheme: lang === "es" ? "dark" : "light", serviceWorkers: "block" });
      t.after(() => context.close().catch(() => {}));
      const page = await context.newPage();
      const problems = { console: [], pageErrors: [], csp: [], offHost: [], failed: [], http: [] };
      page.on("console", (m) => m.type() === "error" && problems.console.push(m.text()));
      page.on("pageerror", (e) => problems.pageErrors.push(String(e)));
      await page.goto(server.url(url));
      await waitForSteerlab(page);
      const n = await page.evaluate(() => document.querySelectorAll("[data-challenge]").length);
      assert.ok(n >= 3, `${url}: ${n} challenges`);
      const ids = await page.evaluate(() => [...document.querySelectorAll("[data-challenge]")].map((el) => el.dataset.for));
      assert.equal(new Set(ids).size, n, `${url}: a canvas per challenge (${ids})`);
      const resetLabel = lang === "es" ? "↺ Empezar de nuevo" : "↺ Start again";
      let sawLate = false;
      for (const i of [...Array(n).keys()].sort(() => random() - 0.5)) {
        const where = `${url} challenge ${i + 1} (after ${played.join(", ") || "none"}; STEERLAB_CHALLENGE_SEED=${SEED})`;
        // The reader scrolls to it and reads the task; the challenge connects to its canvas.
        await page.evaluate((i) => document.querySelectorAll("[data-challenge]")[i].scrollIntoView({ block: "start" }), i);
        await page.waitForFunction((i) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          const c = document.getElementById(el.dataset.for);
          return el.dataset.state && el.dataset.state !== "waiting" && window.steerlab.viewerFor(c) && el.querySelector(".challenge-status").textContent;
        }, i, { timeout: 60_000 });
        const info = await page.evaluate((i) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          const v = window.steerlab.viewerFor(document.getElementById(el.dataset.for));
          const solution = JSON.parse(el.dataset.solution);
          return { cond: JSON.parse(el.dataset.challenge), solution, start: Object.fromEntries(Object.keys(solution).map((p) => [p, v.get(p)])) };
        }, i);
        // Its canvas starts as written, whatever was done to the others.
        const written = await page.evaluate(
          ([i, paths]) => {
            const el = document.querySelectorAll("[data-challenge]")[i];
            const probe = document.createElement("canvas");
            probe.setAttribute("data-autoplay", "false");
            document.body.append(probe);
            const v = window.steerlab.mount(probe, document.getElementById(el.dataset.for).dataset.scenario);
            const out = Object.fromEntries(paths.map((p) => [p, v.get(p)]));
            v.destroy();
            probe.remove();
            return out;
          },
          [i, Object.keys(info.solution)],
        );
        assert.deepEqual(info.start, written, `${where}: its canvas starts as written`);
        // Status right above the canvas, both on screen (the canvas scrolled fully into view).
        await page.evaluate((i) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          el.querySelector(".challenge-status").closest("p").scrollIntoView({ block: "start" });
        }, i);
        let l = await page.evaluate(look, i);
        assert.ok(l.statusBox.bottom <= l.canvasBox.top + 1 && l.canvasBox.top - l.statusBox.bottom <= 48, `${where}: the status right above the canvas (${JSON.stringify([l.statusBox, l.canvasBox])})`);
        assert.ok(l.statusBox.top >= -1 && l.canvasBox.bottom <= l.viewport + 1, `${where}: status and canvas on one screen (${JSON.stringify([l.statusBox, l.canvasBox])})`);
        assert.equal(l.times, 1, `${where}: the status is printed once: “${l.status}”`);
        // Its canvas runs while the reader is on it.
        const s0 = l.step;
        await page.waitForFunction(([i, s0]) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          return window.steerlab.viewerFor(document.getElementById(el.dataset.for)).history().step > s0 + 30;
        }, [i, s0], { timeout: 60_000 });
        // The status in the reader's words: no measure id, no path; numbers as the language writes them.
        await page.waitForFunction((i) => /\d/.test(document.querySelectorAll("[data-challenge]")[i].querySelector(".challenge-status").textContent), i, { timeout: 60_000 });
        l = await page.evaluate(look, i);
        assert.doesNotMatch(l.status, CODE, `${where}: names from code in the status “${l.status}”`);
        if (lang === "es") assert.doesNotMatch(l.status, IDS_ES, `${where}: a measure's id in the Spanish status “${l.status}”`);
        if (lang === "es") assert.doesNotMatch(l.status, /\d\.\d/, `${where}: a decimal point in Spanish: “${l.status}”`);
        // Too late, once: the message names the button as it is labelled.
        if (!sawLate && info.cond.within != null) {
          sawLate = true;
          await page.waitForFunction((i) => document.querySelectorAll("[data-challenge]")[i].dataset.state === "late", i, { timeout: 120_000 });
          l = await page.evaluate(look, i);
          assert.ok(l.status.includes(resetLabel), `${where}: the late message names “${resetLabel}”: “${l.status}”`);
          const button = await page.evaluate((i) => document.querySelectorAll("[data-challenge]")[i].querySelector(".challenge-btn-reset").textContent, i);
          assert.equal(button, resetLabel);
        }
        // The student tunes its own controls: each slider dragged to the solution's value (the
        // input event a drag gives), each toggle tapped.
        for (const [p, x] of Object.entries(info.solution)) {
          const input = page.locator(`[data-challenge] >> nth=${i}`).locator(`[data-param="${p}"]`);
          assert.equal(await input.count(), 1, `${where}: a control for ${p}`);
          const type = await input.getAttribute("type");
          if (type === "checkbox") {
            await input.scrollIntoViewIfNeeded();
            if ((await input.isChecked()) !== x) await input.tap();
          } else {
            await input.evaluate((e, x) => {
              e.value = String(x);
              e.dispatchEvent(new Event("input", { bubbles: true }));
              e.dispatchEvent(new Event("change", { bubbles: true }));
            }, x);
          }
        }
        const got = await page.evaluate(([i, paths]) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          const v = window.steerlab.viewerFor(document.getElementById(el.dataset.for));
          return Object.fromEntries(paths.map((p) => [p, v.get(p)]));
        }, [i, Object.keys(info.solution)]);
        assert.deepEqual(got, info.solution, `${where}: the controls set the solution`);
        // (With a time limit the change started the canvas again.) The reader watches: status
        // and canvas on screen until it is done.
        await page.evaluate((i) => document.querySelectorAll("[data-challenge]")[i].querySelector(".challenge-status").closest("p").scrollIntoView({ block: "start" }), i);
        await page.waitForFunction((i) => document.querySelectorAll("[data-challenge]")[i].dataset.state === "done", i, { timeout: 240_000 });
        l = await page.evaluate(look, i);
        assert.equal(l.times, 1, `${where}: the status is printed once when done: “${l.status}”`);
        await page.screenshot({ path: path.join(dir, `challenge-${lang}-${played.length + 1}.png`) });
        // Start again: as it started, settings included, from its first step. (The first state
        // shown after the tap is read through the viewer's step hook, armed by the tap itself: a
        // busy machine may run many steps before the test reads the viewer.)
        await page.evaluate((i) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          const v = window.steerlab.viewerFor(document.getElementById(el.dataset.for));
          let armed = false;
          window.__restart = null;
          el.querySelector(".challenge-btn-reset").addEventListener("click", () => (armed = true), { capture: true, once: true });
          const hook = (step) => armed && window.__restart === null && ((window.__restart = step), v.offStep(hook));
          v.onStep(hook);
        }, i);
        await page.locator(`[data-challenge] >> nth=${i}`).locator(".challenge-btn-reset").tap();
        await page.waitForFunction(() => window.__restart !== null, null, { timeout: 30_000 });
        const back = await page.evaluate(([i, paths]) => {
          const el = document.querySelectorAll("[data-challenge]")[i];
          const v = window.steerlab.viewerFor(document.getElementById(el.dataset.for));
          const inputs = Object.fromEntries(paths.map((p) => {
            const e = el.querySelector(`[data-param="${p}"]`);
            return [p, e.type === "checkbox" ? e.checked : Number(e.value)];
          }));
          return { values: Object.fromEntries(paths.map((p) => [p, v.get(p)])), inputs, step: window.__restart, state: el.dataset.state };
        }, [i, Object.keys(info.solution)]);
        assert.deepEqual(back.values, info.start, `${where}: start again puts the settings back`);
        assert.deepEqual(back.inputs, info.start, `${where}: start again puts the controls back`);
        assert.ok(back.step < 30, `${where}: start again starts the canvas again (step ${back.step})`);
        assert.notEqual(back.state, "done");
        played.push(`${chapter.split("/")[1]} #${i + 1}`);
      }
      assert.deepEqual([...problems.console, ...problems.pageErrors], [], `${url}: problems`);
      assert.deepEqual((await allProblems(page, { console: [], pageErrors: [], csp: [], offHost: [], failed: [], http: [] })), []);
      await context.close();
    }
    assert.equal(played.length, 9, `played ${played.join(", ")}`);
  });
}));
