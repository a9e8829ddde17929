// Issue 45 item 1: a try button gives the same state whatever was pressed before it, in both
// languages; ↺ Back to the start puts the figure back as it started.
//
// For every chapter (en, es) and every canvas with try buttons: each button pressed right after
// the figure's ↺ gives a state (the scenario's parameters as `state().scenario` reports them, and
// the canvas's sliders, toggles and selects); then the buttons are pressed in a random order (seeded:
// STEERLAB_TRY_SEED replays it, a failure names the seed and the order), each after others, and
// each must give the same state as pressed first. A button with `data-restart` also starts the
// figure again. ↺ gives the scenario as the figure mounted, from its first step, and the reader's
// edits of the scene (a tapped obstacle) are gone. The native promise tests (tests/try_buttons.rs)
// check what each state shows.
//
//   node --test tests/e2e/try-buttons.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, mountEvery, seededRandom as rng } from "./helpers.mjs";

const CHAPTERS = ["chapters/flocking.html", "chapters/leader-queue-path.html", "chapters/bandada.html"];
const SEED = Number(process.env.STEERLAB_TRY_SEED || 45);

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});


/** In the page: click a button (a real DOM click, through chapter.js's listener) and read the
 *  state of its canvas: the parameters, the controls as shown, the step, the scene's obstacles. */
function pressAndRead([selector, index]) {
  const b = document.querySelectorAll(selector)[index];
  b.click();
  const canvas = document.getElementById(b.dataset.for);
  const v = window.steerlab.viewerFor(canvas);
  const st = v.state();
  const root = canvas.closest(".steerlab");
  const controls = [...(root?.querySelectorAll(".steerlab-controls input, .steerlab-controls select") ?? [])].map((c) =>
    c.type === "checkbox" ? c.checked : c.value,
  );
  const error = b.nextElementSibling?.classList.contains("try-msg") && b.nextElementSibling.classList.contains("is-error") ? b.nextElementSibling.textContent : null;
  return { scenario: JSON.stringify(st.scenario), controls, step: st.steps, obstacles: st.obstacles?.length ?? 0, error, applied: b.classList.contains("is-applied") };
}

for (const chapter of CHAPTERS) {
  for (const lang of ["en", "es"]) {
    const url = lang === "en" ? `/${chapter}` : `/es/${chapter}`;
    test(`${url}: each try button gives the same state pressed first or after others (seed ${SEED}); ↺ gives the figure as it started`, async (t) => {
      const { context, page, problems } = await openPage(browser, server.url(url), { viewport: { width: 1280, height: 900 } });
      t.after(() => context.close());
      await waitForSteerlab(page);
      await mountEvery(page);
      await page.waitForFunction(() => [...document.querySelectorAll("button.try, button.try-reset")].every((b) => !b.disabled), null, { timeout: 30_000 });
      const groups = await page.evaluate(() => {
        const out = {};
        [...document.querySelectorAll("button.try")].forEach((b, i) => (out[b.dataset.for] ??= { tries: [], resets: [] }).tries.push({ i, label: b.textContent.trim(), restart: b.hasAttribute("data-restart") }));
        [...document.querySelectorAll("button.try-reset")].forEach((b, i) => out[b.dataset.for]?.resets.push(i));
        return out;
      });
      const random = rng(SEED ^ (chapter.length * 7919 + (lang === "es" ? 1 : 0)));
      for (const [id, { tries, resets }] of Object.entries(groups)) {
        assert.ok(resets.length >= 1, `#${id}: a visible way back (↺)`);
        // As the figure mounted (before any button or slider), and after ↺.
        const mounted = await page.evaluate((id) => JSON.stringify(window.steerlab.viewerFor(document.getElementById(id)).state().scenario), id);
        const start = await page.evaluate(pressAndRead, ["button.try-reset", resets[0]]);
        assert.equal(start.scenario, mounted, `#${id}: ↺ before anything: the scenario as it mounted`);
        // Each button pressed first (right after ↺).
        const first = [];
        for (const b of tries) {
          await page.evaluate(pressAndRead, ["button.try-reset", resets[0]]);
          const s = await page.evaluate(pressAndRead, ["button.try", b.i]);
          assert.equal(s.error, null, `“${b.label}”: ${s.error}`);
          assert.ok(s.applied, `“${b.label}” is marked as applied`);
          if (b.restart) assert.ok(s.step <= 2, `“${b.label}” (data-restart) starts the figure again: step ${s.step}`);
          first.push(s);
        }
        // A random order, each button after others: the same state as pressed first.
        const order = Array.from({ length: Math.max(8, tries.length * 2) }, () => Math.floor(random() * tries.length));
        const done = [];
        for (const k of order) {
          const b = tries[k];
          const s = await page.evaluate(pressAndRead, ["button.try", b.i]);
          done.push(`“${b.label}”`);
          const where = `#${id}, pressed after ${done.slice(0, -1).join(", ") || "nothing"} (STEERLAB_TRY_SEED=${SEED})`;
          assert.equal(s.scenario, first[k].scenario, `“${b.label}” ${where}: parameters differ from pressing it first`);
          assert.deepEqual(s.controls, first[k].controls, `“${b.label}” ${where}: the controls show other values than pressing it first`);
          const applied = await page.evaluate((id) => [...document.querySelectorAll(`button.try[data-for="${id}"].is-applied`)].length, id);
          assert.equal(applied, 1, `${where}: one button of the figure marked as applied`);
        }
        // A slider moved by the reader, an obstacle tapped: ↺ puts the figure back as it started.
        await page.evaluate((id) => {
          const v = window.steerlab.viewerFor(document.getElementById(id));
          const c = v.state().scenario.controls?.find((c) => (c.kind ?? "slider") === "slider");
          if (c) v.set(c.param, c.min);
          v.step(90);
        }, id);
        const back = await page.evaluate(pressAndRead, ["button.try-reset", resets[resets.length - 1]]);
        assert.equal(back.scenario, start.scenario, `#${id}: ↺ after the buttons and a slider: the parameters as the figure started`);
        assert.deepEqual(back.controls, start.controls, `#${id}: ↺: the controls as the figure started`);
        assert.ok(back.step <= 2, `#${id}: ↺ starts the figure again (step ${back.step})`);
        assert.equal(await page.evaluate((id) => document.querySelectorAll(`button.try[data-for="${id}"].is-applied`).length, id), 0, `#${id}: ↺ clears the applied marks`);
      }
      assert.deepEqual(await allProblems(page, problems), []);
    });
  }
}

test("bandada: a tapped obstacle stays through the buttons and goes with ↺", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/es/chapters/bandada.html"), { viewport: { width: 1280, height: 900 } });
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.waitForFunction(() => !document.querySelector('button.try[data-for="c-bandada"]').disabled, null, { timeout: 30_000 });
  const canvas = page.locator("#c-bandada");
  await canvas.scrollIntoViewIfNeeded();
  const n0 = await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-bandada")).state().obstacles.length);
  const box = await canvas.boundingBox();
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.8);
  const obstacles = () => page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-bandada")).state().obstacles.length);
  assert.equal(await obstacles(), n0 + 1, "a click places an obstacle");
  await page.evaluate(() => document.querySelector('button.try[data-for="c-bandada"][data-set*="alignment.weight"]').click());
  assert.equal(await obstacles(), n0 + 1, "a try button keeps the reader's obstacle");
  await page.evaluate(() => document.querySelector('button.try-reset[data-for="c-bandada"]').click());
  assert.equal(await obstacles(), n0, "↺ puts the scene back as it started");
  assert.deepEqual(await allProblems(page, problems), []);
});
