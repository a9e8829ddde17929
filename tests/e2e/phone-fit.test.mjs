// Issue 45, item 7: figures that fit a phone (375 × 800, 2×, touch; both languages and themes).
//
// - Every chapter figure: its canvas, its bar and its readout (for a side-by-side figure: both
//   views and their bar) fit one screen; before its viewer mounts, the figure holds the place of
//   what the viewer adds (within 24 px), so the text after it stays put when it mounts in view.
// - After every try button of a chapter, in order, as a reader taps them: the canvas it is for,
//   its bar and readout are wholly on screen and under no pinned figure (pinned, its canvas and
//   bar), and so is the button; a pinned figure (at the top, or docked at the bottom where the
//   buttons stand close together) takes at most 35 % of the screen and no button is cut by its
//   edges (issue 55).
// - Agents big enough to see where the text is about them: an isolated follower (follow the
//   leader), a boid of the flock, a walker of the queue is ≥ 6 CSS px across on the canvas's
//   pixels (they are drawn at a minimum on-screen size; the simulation is untouched).
//
//   node --test tests/e2e/phone-fit.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, allProblems, ensureArtifacts } from "./helpers.mjs";
import { openPhone, settle, agentSizes } from "./fingers.mjs";

const CHAPTERS = ["flocking", "leader-queue-path", "bandada"];
const PAGES = ["en", "es"].flatMap((lang) => CHAPTERS.map((ch) => [lang === "es" ? `/es/chapters/${ch}.html` : `/chapters/${ch}.html`, lang]));
const SCREEN = { width: 375, height: 800 };

let server, browser;
const delays = {};
before(async () => {
  server = await serveDist({ delays });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Each chapter figure's height, its canvas's id, and (mounted) the span from the top of its
 *  canvas (a side-by-side figure: its first view) to the bottom of its readout (the views' bar). */
const figures = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("article figure.viz")].map((f) => {
      const c = f.querySelector("canvas[data-scenario]");
      const root = f.querySelector(".steerlab, .sl-compare");
      const first = f.querySelector("canvas");
      const last = root?.querySelector(":scope > .sl-compare-bar") || root?.querySelector(":scope > .steerlab-metric");
      return {
        id: c.id,
        height: f.getBoundingClientRect().height,
        core: last ? last.getBoundingClientRect().bottom - first.getBoundingClientRect().top : null,
      };
    })
  );

PAGES.forEach(([url, lang], n) => {
  const colorScheme = n % 2 ? "dark" : "light";
  test(`${url} (${colorScheme}): every figure's canvas, bar and readout fit one screen; an unmounted figure holds the mounted one's place`, async (t) => {
    // The module held back: every figure as the page lays it out before its viewer mounts.
    delays["/steerlab_bg.wasm"] = 4000;
    const { context, page, problems } = await openPhone(browser, server, url, { lang, colorScheme, wait: false });
    t.after(() => context.close());
    const waiting = await figures(page);
    delete delays["/steerlab_bg.wasm"];
    await page.waitForFunction(() => window.steerlab && typeof window.steerlab.viewerFor === "function", null, { timeout: 30_000 });
    await page.evaluate(() => document.querySelectorAll("canvas[data-scenario]").forEach((c) => window.steerlab.viewerFor(c)));
    await page.waitForFunction(() => document.querySelectorAll(".sl-compare").length === document.querySelectorAll("[data-compare]").length, null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const mounted = await figures(page);
    const rows = [];
    for (const [k, f] of mounted.entries()) {
      rows.push(`${f.id} ${Math.round(f.core)}/${Math.round(f.height)} (${Math.round(waiting[k].height)} before)`);
      assert.ok(f.core <= SCREEN.height - 16, `${url} #${f.id}: canvas to readout ${Math.round(f.core)} px, more than the screen`);
      // (The lead figure of a chapter that opens with a canvas holds a whole screen instead.)
      if (waiting[k].height < SCREEN.height) {
        assert.ok(Math.abs(f.height - waiting[k].height) <= 24, `${url} #${f.id}: ${Math.round(waiting[k].height)} px before its viewer, ${Math.round(f.height)} px after`);
      }
    }
    t.diagnostic(`${url}: canvas→readout / figure, px: ${rows.join(", ")}`);
    assert.deepEqual(await allProblems(page, problems), []);
  });
});

/** Where a try button's canvas is and what covers what, after the tap. */
const after_ = (page, id, k) =>
  page.evaluate(
    ([id, k]) => {
      const b = document.querySelectorAll("button.try")[k];
      const c = document.getElementById(id);
      const root = c.closest(".steerlab");
      // (A pinned figure is its canvas and bar: its readout is out of sight.)
      const metric = root.querySelector(":scope > .steerlab-metric");
      const last = metric.getClientRects().length ? metric : root.querySelector(":scope > .steerlab-bar");
      const pin = document.querySelector("figure.is-pinned");
      // (At the top of the screen, or docked at its bottom where buttons stand close together.)
      const p = pin?.getBoundingClientRect();
      const low = !!pin?.classList.contains("is-docked-bottom");
      const [pinTop, pinBottom] = !pin ? [innerHeight, 0] : low ? [p.top, 0] : [innerHeight, p.bottom];
      const mine = !!pin && pin.contains(c);
      const cr = c.getBoundingClientRect();
      const br = b.getBoundingClientRect();
      const hit = document.elementFromPoint(br.left + Math.min(br.width / 2, 20), br.top + br.height / 2);
      return {
        top: cr.top,
        bottom: last.getBoundingClientRect().bottom,
        floor: mine ? 0 : pinBottom,
        ceiling: mine ? innerHeight : pinTop,
        below: pinTop,
        pin: pin ? pin.getBoundingClientRect().height : 0,
        mine,
        button: { top: br.top, bottom: br.bottom, hit: !!hit && b.contains(hit) },
        // Buttons cut by the pin's edge: half seen, their visible half is the pin's.
        cut: !pin
          ? []
          : [...document.querySelectorAll("article button")]
              .filter((x) => !pin.contains(x))
              .map((x) => [x.textContent.trim(), x.getBoundingClientRect()])
              .filter(([, r]) => r.width && [p.top, p.bottom].some((y) => y > 0 && y < innerHeight && r.top < y - 1 && r.bottom > y + 1))
              .map(([t]) => t),
      };
    },
    [id, k]
  );

PAGES.forEach(([url, lang], n) => {
  const colorScheme = n % 2 ? "light" : "dark";
  test(`${url} (${colorScheme}): after every try button, its canvas, bar and readout are on screen, under no pinned figure, with the button`, async (t) => {
    const { context, page, problems } = await openPhone(browser, server, url, { lang, colorScheme });
    t.after(() => context.close());
    await page.waitForFunction(() => [...document.querySelectorAll("button.try")].every((b) => !b.disabled));
    const n = await page.locator("button.try").count();
    let pins = 0;
    for (let k = 0; k < n; k++) {
      const b = page.locator("button.try").nth(k);
      if (!(await b.isVisible())) continue;
      const id = await b.getAttribute("data-for");
      // The reader reaches the button from above, reading: it is in the lower part of the screen
      // (above a figure docked at the bottom).
      await b.evaluate((e) => {
        const pin = document.querySelector("figure.is-pinned.is-docked-bottom")?.getBoundingClientRect();
        window.scrollBy({ top: e.getBoundingClientRect().bottom - Math.min(0.85 * innerHeight, pin ? pin.top - 8 : innerHeight), behavior: "instant" });
      });
      await page.waitForTimeout(50);
      await b.tap();
      await settle(page);
      const a = await after_(page, id, k);
      const what = `${url}: try button ${k} ("${(await b.textContent()).trim()}") for #${id}`;
      if (a.pin) pins++;
      assert.ok(a.top >= a.floor - 0.5 && a.bottom <= a.ceiling + 0.5, `${what}: canvas ${Math.round(a.top)}–${Math.round(a.bottom)} px, the screen from ${Math.round(a.floor)} to ${Math.round(a.ceiling)} px`);
      assert.ok(a.button.top >= a.floor - 0.5 && a.button.bottom <= a.below + 0.5 && a.button.hit, `${what}: the button is hidden (${JSON.stringify(a.button)}, the screen from ${Math.round(a.floor)} to ${Math.round(a.below)} px)`);
      assert.ok(a.pin <= 0.35 * SCREEN.height + 0.5, `${what}: the pinned figure is ${Math.round(a.pin)} px tall`);
      assert.deepEqual(a.cut, [], `${what}: buttons cut by the pinned figure's edge`);
      if (a.pin && a.mine && pins === 1) await page.screenshot({ path: path.join(ensureArtifacts(), `phone-fit-pinned-${lang}-${colorScheme}-${url.replace(/\W+/g, "_")}.png`) });
    }
    t.diagnostic(`${url}: ${n} buttons, a figure pinned after ${pins}`);
    // The inspector comes after the buttons, not between them and their canvas.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll(".steerlab-inspector-slot[data-for]")].map((s) => {
        const row = document.querySelector(`button.try[data-for="${s.dataset.for}"]`)?.closest(".try-row");
        return !row || !!(row.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING) || s.dataset.for;
      })
    );
    assert.ok(order.every((o) => o === true), `slots before their buttons: ${order}`);
    assert.deepEqual(await allProblems(page, problems), []);
  });
});

for (const [url, id, lang, colorScheme] of [
  ["/es/chapters/leader-queue-path.html", "c-leader", "es", "light"],
  ["/chapters/leader-queue-path.html", "c-queue", "en", "dark"],
  ["/es/chapters/flocking.html", "c-flock", "es", "dark"],
  ["/chapters/flocking.html", "c-separation", "en", "light"],
]) {
  test(`${url} #${id} (${colorScheme}): its agents are drawn at least 6 CSS px across at 375 px`, async (t) => {
    const { context, page, problems } = await openPhone(browser, server, url, { lang, colorScheme });
    t.after(() => context.close());
    await page.evaluate((id) => {
      const c = document.getElementById(id);
      c.scrollIntoView({ block: "center", behavior: "instant" });
      window.steerlab.viewerFor(c).pause();
    }, id);
    // At a few moments, until enough agents stand apart to be measured one by one.
    const sizes = [];
    for (let k = 0; k < 6 && sizes.length < 4; k++) {
      await page.evaluate((id) => {
        const v = window.steerlab.viewerFor(document.getElementById(id));
        v.step(90);
        v.render();
      }, id);
      sizes.push(...(await agentSizes(page, id)));
    }
    t.diagnostic(`#${id}: ${sizes.length} isolated agents, ${sizes.map((s) => s.toFixed(1)).join(" ")} px`);
    assert.ok(sizes.length >= 2, `#${id}: isolated agents to measure (${sizes.length})`);
    assert.ok(Math.min(...sizes) >= 6, `#${id}: agents ${sizes.map((s) => s.toFixed(1)).join(", ")} px across`);
    await page.locator(`#${id}`).screenshot({ path: path.join(ensureArtifacts(), `phone-fit-agents-${lang}-${colorScheme}-${id}.png`) });
    assert.deepEqual(await allProblems(page, problems), []);
  });
}
