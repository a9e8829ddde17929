// Issue 55, items 3 to 6: the three Spanish chapters as a Spanish-speaking student reads them on a
// phone (375 × 800, 2×, touch), in light and in dark, with the fingers of tests/e2e/fingers.mjs.
//
// - Figures that fit (4): a plain figure (caption, canvas, bar, readout) is at most 560 px tall,
//   a comparison or a challenge at most 800; the inspector starts closed, and opened from the
//   menu it takes at most 40 % of the screen; the settings, a comparison's sliders and its chart
//   start folded.
// - Touch that lands (5): try and bar buttons 44 px tall or more, every control 24 px or more,
//   sliders 44 px tall with − and + that move them exactly one step; agents drawn 6 px or more;
//   a tap 8 px beside an agent picks it and a tap on empty canvas keeps the selection (Bandada: a
//   tap adds an obstacle, as its caption says, and ⋯ → "Elegir un agente" picks a boid).
// - A pinned figure is a small companion (3): after every try button in order, as the reader comes
//   to it, a pinned figure takes at most 35 % of the screen, the tapped button is wholly clear of
//   it (below it, or above it where it docks at the bottom because the buttons stand close
//   together) and can be tapped, no button is under it or cut by its edges; the first one leaves
//   by itself when the reader moves on past the next heading, another with its ×. The leaders'
//   chapter in French (dark), Portuguese and English (light): every try button in order, the same.
// - The two promises, seen with a finger (6): in Bandada a finger held on the canvas is the
//   pointer the boids flee (and after "dejar de huir del puntero" they come near it), and a swipe
//   after it still scrolls; in the leaders' chapter, with slow_radius 4 and the leader sent away
//   with a tap, the followers stand right on their point when it stops (the readout's mean
//   distance to their point), where as the figure starts they stay several px away.
//
// And a laptop at 200 % zoom (640 × 400 CSS px): a pinned figure never covers the screen.
// Screenshots: artifacts/phone-walk-*.png.
//
// - Code that reads (7): ✎ ⚙ ⋯ show a word under their symbol (the excerpt and the pseudocode:
//   tests/e2e/phone-code.test.mjs).
//
//   node --test tests/e2e/phone-walk.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, allProblems, ensureArtifacts } from "./helpers.mjs";
import { openPhone, settle, tapAt, touch, swipe, agentSizes } from "./fingers.mjs";

const CHAPTERS = ["flocking", "leader-queue-path", "bandada"];
// The French and Portuguese chapters share the layout: PHONE_WALK_LANGS=fr,pt walks them.
const LANGS = (process.env.PHONE_WALK_LANGS || "es").split(",");
const SCREEN = { width: 375, height: 800 };
const shot = (name) => path.join(ensureArtifacts(), `phone-walk-${name}.png`);

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Tap the middle of an element (scrolled into view first if it is not on screen). */
async function tapOn(page, cdp, locator) {
  await locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) e.scrollIntoView({ block: "center", behavior: "instant" });
  });
  await page.waitForTimeout(100);
  const r = await locator.boundingBox();
  await tapAt(page, cdp, r.x + r.width / 2, r.y + r.height / 2);
}

/** A canvas's agents on screen (CSS px, the page's viewport), its scale and selection. */
const agentsOnScreen = (page, id) =>
  page.evaluate((id) => {
    const c = document.getElementById(id);
    const s = window.steerlab.viewerFor(c).state();
    const r = c.getBoundingClientRect();
    const k = r.width / s.scenario.world.width;
    return {
      rect: { left: r.left, top: r.top, width: r.width, height: r.height },
      k,
      selected: s.selected,
      obstacles: s.obstacles.length,
      agents: s.agents.map((a) => [r.left + a.position[0] * k, r.top + a.position[1] * k]),
    };
  }, id);

/** An agent with no other within 18 CSS px, 12 px or more inside the canvas, and the point 8 px
 *  beside it away from its nearest neighbour (nearer to it than to any other); and a point 26 px
 *  or more from every agent (a finger's 24 px of reach misses them all). */
function isolated(a) {
  const inside = ([x, y], m) => x > a.rect.left + m && x < a.rect.left + a.rect.width - m && y > a.rect.top + m && y < a.rect.top + a.rect.height - m;
  const d = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const nearest = (p, i) => a.agents.reduce((best, q, j) => (j !== i && (!best || d(p, q) < d(p, best)) ? q : best), null);
  const i = a.agents.findIndex((p, i) => i !== a.selected && inside(p, 12) && d(p, nearest(p, i)) >= 18);
  let beside = null;
  if (i >= 0) {
    const p = a.agents[i], n = nearest(p, i), l = d(p, n);
    beside = [p[0] + (8 * (p[0] - n[0])) / l, p[1] + (8 * (p[1] - n[1])) / l];
  }
  let empty = null;
  for (let y = a.rect.top + 12; y < a.rect.top + a.rect.height - 12 && !empty; y += 4) {
    for (let x = a.rect.left + 12; x < a.rect.left + a.rect.width - 12 && !empty; x += 4) {
      if (a.agents.every((q) => d([x, y], q) >= 26)) empty = [x, y];
    }
  }
  return { i, beside, empty };
}

/** A canvas on screen, started again and paused (a flock that has flown a while gathers into
 *  tight groups), stepped until it has an isolated agent and an empty spot. */
async function pausedWithRoom(page, id) {
  await page.evaluate((id) => {
    const c = document.getElementById(id);
    c.scrollIntoView({ block: "center", behavior: "instant" });
    const v = window.steerlab.viewerFor(c);
    v.reset();
    v.pause();
    v.step(30);
    v.render();
  }, id);
  await settle(page);
  for (let k = 0; k < 40; k++) {
    const a = await agentsOnScreen(page, id);
    const found = isolated(a);
    if (found.i >= 0 && found.empty) return { a, ...found };
    await page.evaluate((id) => {
      const v = window.steerlab.viewerFor(document.getElementById(id));
      v.step(30);
      v.render();
    }, id);
  }
  const a = await agentsOnScreen(page, id);
  throw new Error(`#${id}: no agent stood apart to be tapped (${a.agents.length} agents, canvas ${JSON.stringify(a.rect)}, steps ${await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).state().steps, id)})`);
}

/** Buttons under a pinned figure (at the top of the screen or docked at its bottom) or cut by one
 *  of its edges (1 px of slack: a scroll lands on device pixels). */
const underPin = (page) =>
  page.evaluate(() => {
    const pin = document.querySelector("figure.is-pinned");
    if (!pin) return null;
    const p = pin.getBoundingClientRect();
    const rects = [...document.querySelectorAll("article button")]
      .filter((x) => !pin.contains(x))
      .map((x) => [x.textContent.trim().slice(0, 40), x.getBoundingClientRect()])
      .filter(([, r]) => r.width && r.height);
    const across = (r, y) => r.top < y - 1 && r.bottom > y + 1;
    return {
      id: pin.querySelector("canvas").id,
      height: p.height,
      top: p.top,
      bottom: p.bottom,
      under: rects.filter(([, r]) => r.top < p.bottom - 1 && r.bottom > p.top + 1).map(([t]) => t),
      cut: rects.filter(([, r]) => (p.top > 0 && across(r, p.top)) || (p.bottom < innerHeight && across(r, p.bottom))).map(([t]) => t),
    };
  });

/** Every try button in order, tapped where the reader comes to it reading (in the lower part of
 *  the screen, above a figure docked at the bottom): after each, a pinned figure takes at most
 *  35 % of the screen, the button tapped is clear of it, on screen and can be tapped again, and no
 *  button is under it or cut by its edge. `each(k, pin, what)` runs after each pinned one. */
async function walkTryButtons(page, cdp, each = async () => {}) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await settle(page);
  const n = await page.locator("button.try").count();
  let pins = 0, bottom = 0;
  for (let k = 0; k < n; k++) {
    const b = page.locator("button.try").nth(k);
    if (!(await b.isVisible())) continue;
    await b.evaluate((e) => {
      const pin = document.querySelector("figure.is-pinned.is-docked-bottom")?.getBoundingClientRect();
      const at = Math.min(0.85 * innerHeight, pin ? pin.top - 8 : innerHeight);
      window.scrollBy({ top: e.getBoundingClientRect().bottom - at, behavior: "instant" });
    });
    await settle(page);
    const r = await b.boundingBox();
    await tapAt(page, cdp, r.x + Math.min(r.width / 2, 20), r.y + r.height / 2);
    await settle(page);
    const pin = await underPin(page);
    if (!pin) continue;
    pins++;
    if (pin.top > 0.5) bottom++;
    const what = `try button ${k} ("${(await b.textContent()).trim()}"), #${pin.id} pinned${pin.top > 0.5 ? " at the bottom" : ""}`;
    const me = await b.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
      return { top: r.top, bottom: r.bottom, hit: !!hit && e.contains(hit) };
    });
    assert.ok(pin.height <= 0.35 * SCREEN.height + 0.5, `${what}: ${Math.round(pin.height)} px tall, more than 35 % of the screen`);
    const clear = me.top >= pin.bottom - 0.5 || me.bottom <= pin.top + 0.5;
    assert.ok(clear && me.top >= -0.5 && me.bottom <= SCREEN.height + 0.5 && me.hit, `${what}: the button tapped is under it or off screen (${JSON.stringify(me)}, the pin from ${Math.round(pin.top)} to ${Math.round(pin.bottom)} px)`);
    assert.deepEqual(pin.cut, [], `${what}: buttons cut by its edge`);
    assert.deepEqual(pin.under, [], `${what}: buttons under it`);
    await each(k, pins, what);
  }
  return { n, pins, bottom };
}

for (const lang of LANGS) for (const ch of CHAPTERS) {
  for (const colorScheme of ["light", "dark"]) {
    const url = `/${lang}/chapters/${ch}.html`;
    const tag = `${lang === "es" ? "" : `${lang}-`}${ch}-${colorScheme}`;
    test(`${url} (${colorScheme}): figures that fit, touch that lands, a pinned figure as a small companion, the promises seen with a finger`, { timeout: 900_000 }, async (t) => {
      const { context, page, cdp, problems } = await openPhone(browser, server, url, { lang, colorScheme });
      t.after(() => context.close());
      await page.waitForFunction(() => [...document.querySelectorAll("button.try")].every((b) => !b.disabled), null, { timeout: 30_000 });

      // ---- 4. Figures that fit ------------------------------------------------------------
      await page.evaluate(() => document.querySelectorAll("canvas[data-scenario]").forEach((c) => window.steerlab.viewerFor(c)));
      // (The challenges' script loads as the reader comes near them.)
      for (const li of await page.locator("[data-challenge]").all()) {
        await li.evaluate((e) => e.scrollIntoView({ block: "center", behavior: "instant" }));
        await page.waitForTimeout(300);
      }
      await page.waitForFunction(
        () =>
          document.querySelectorAll(".sl-compare").length === document.querySelectorAll("[data-compare]").length &&
          // (A challenge opens its figure's settings: its sliders are how it is solved.)
          [...document.querySelectorAll("[data-challenge]")].every((li) => li.querySelector('.steerlab-bar [data-action="settings"][aria-expanded="true"]')),
        null,
        { timeout: 30_000 },
      );
      await page.waitForTimeout(800);
      const figs = await page.evaluate(() =>
        [...document.querySelectorAll("article figure.viz")].map((f) => {
          const li = f.closest("[data-challenge]");
          const kind = li ? "challenge" : f.querySelector(".sl-compare") ? "compare" : "plain";
          const shown = (sel) => [...f.querySelectorAll(sel)].some((e) => e.getClientRects().length > 0);
          return {
            id: f.querySelector("canvas").id,
            kind,
            height: (li ?? f).getBoundingClientRect().height,
            settingsOpen: !li && shown(".steerlab-settings"),
            compareFolded: kind !== "compare" || (!shown(".sl-compare-controls") && !shown(".steerlab-chart")),
          };
        })
      );
      t.diagnostic(`${url}: ${figs.map((f) => `${f.id} ${f.kind} ${Math.round(f.height)}`).join(", ")}`);
      for (const f of figs) {
        const most = f.kind === "plain" ? 560 : 800;
        assert.ok(f.height <= most, `#${f.id} (${f.kind}) is ${Math.round(f.height)} px tall, more than ${most}`);
        assert.equal(f.settingsOpen, false, `#${f.id}: its settings start folded`);
        assert.ok(f.compareFolded, `#${f.id}: a comparison's sliders and chart start folded`);
      }
      const inspectable = await page.evaluate(() =>
        [...document.querySelectorAll('canvas[data-inspector="true"]')].map((c) => ({ id: c.id, open: window.steerlab.viewerFor(c).inspector }))
      );
      assert.ok(inspectable.length >= 1, "figures with an inspector");
      assert.deepEqual(inspectable.filter((x) => x.open), [], "the inspector starts closed on a phone");
      assert.equal(await page.locator(".steerlab-inspector").count(), 0, "no inspector panel in the page");
      // Opened from the menu (⋯ Más → Inspector), with a finger.
      const first = inspectable[0].id;
      const root = page.locator(`.steerlab:has(> #${first})`);
      await tapOn(page, cdp, root.locator('.steerlab-bar > [data-action="menu"]'));
      await tapOn(page, cdp, root.locator('.steerlab-menu [data-action="inspector"]'));
      await page.waitForTimeout(600);
      const panel = page.locator(".steerlab-inspector").first();
      const ph = (await panel.boundingBox())?.height ?? 0;
      t.diagnostic(`#${first}: the inspector opened from the menu is ${Math.round(ph)} px tall`);
      assert.ok(ph > 60 && ph <= 0.4 * SCREEN.height, `#${first}: the inspector open is ${Math.round(ph)} px tall`);
      await panel.screenshot({ path: shot(`${tag}-inspector`) });
      await tapOn(page, cdp, root.locator('.steerlab-bar > [data-action="menu"]'));
      await tapOn(page, cdp, root.locator('.steerlab-menu [data-action="inspector"]'));

      // ---- 7. The bar's buttons have names a reader can see: ✎ ⚙ ⋯ with a word under them ----
      const unnamed = await page.evaluate(() =>
        [...document.querySelectorAll('.steerlab-bar > :is([data-action="edit"], [data-action="settings"], [data-action="menu"])')]
          .filter((b) => b.getClientRects().length)
          .filter((b) => {
            const w = b.querySelector(".steerlab-word");
            const r = w?.getBoundingClientRect();
            return !w || !w.textContent.trim() || !r || r.height < 8 || !w.checkVisibility({ visibilityProperty: true, opacityProperty: true });
          })
          .map((b) => `${b.closest(".steerlab")?.querySelector("canvas")?.id} ${b.dataset.action}`)
      );
      assert.deepEqual(unnamed, [], "✎ ⚙ ⋯ show their word under the symbol on a phone");

      // ---- 5. Touch that lands --------------------------------------------------------------
      const sizes = await page.evaluate(() => {
        const seen = (e) => e.getClientRects().length > 0 && e.checkVisibility({ visibilityProperty: true });
        const name = (e) => `${e.tagName.toLowerCase()}${e.type ? `[${e.type}]` : ""} "${(e.getAttribute("aria-label") || e.textContent || e.dataset.param || "").trim().slice(0, 30)}"`;
        const box = (e) => e.getBoundingClientRect();
        const tall = [...document.querySelectorAll("button.try, button.try-reset, .steerlab-bar > .steerlab-btn, .sl-compare-bar button")].filter(seen);
        const controls = [...document.querySelectorAll("article button, article input, article select")].filter(seen);
        const ranges = controls.filter((e) => e.type === "range");
        return {
          tall: tall.length,
          short: tall.filter((e) => box(e).height < 44 - 0.01).map((e) => `${name(e)} ${Math.round(box(e).height)} px`),
          controls: controls.length,
          small: controls.filter((e) => box(e).width < 24 - 0.01 || box(e).height < 24 - 0.01).map((e) => `${name(e)} ${Math.round(box(e).width)}×${Math.round(box(e).height)}`),
          ranges: ranges.length,
          thin: ranges.filter((e) => box(e).height < 44 - 0.01).map((e) => `${name(e)} ${Math.round(box(e).height)} px`),
        };
      });
      t.diagnostic(`${url}: ${sizes.tall} try and bar buttons, ${sizes.controls} controls, ${sizes.ranges} sliders on screen`);
      assert.ok(sizes.tall > 10 && sizes.ranges > 3, "buttons and sliders found");
      assert.deepEqual(sizes.short, [], "try and bar buttons under 44 px");
      assert.deepEqual(sizes.small, [], "controls under 24 px");
      assert.deepEqual(sizes.thin, [], "sliders under 44 px");
      // A slider's + and − (a challenge's settings are open): exactly one step each.
      const row = page.locator("[data-challenge] .steerlab-control:not(.is-aside):has(> .steerlab-nudge)").first();
      const slider = row.locator('input[type="range"]');
      const read = () => slider.evaluate((e) => ({ value: Number(e.value), step: Number(e.step), min: Number(e.min), max: Number(e.max), param: e.dataset.param, set: window.steerlab.viewerFor(e.closest(".steerlab").querySelector("canvas")).get(e.dataset.param) }));
      const v0 = await read();
      await tapOn(page, cdp, row.locator('[data-nudge="down"]'));
      const v1 = await read();
      await tapOn(page, cdp, row.locator('[data-nudge="up"]'));
      await tapOn(page, cdp, row.locator('[data-nudge="up"]'));
      const v2 = await read();
      // (The figure keeps its parameters in single precision.)
      const near = (a, b) => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(a));
      assert.ok(near(v1.value, Math.max(v0.min, v0.value - v0.step)) && near(v1.set, v1.value), `− sets ${v0.param} one step down: ${v0.value} → ${v1.value} (the figure: ${v1.set})`);
      assert.ok(near(v2.value, Math.min(v0.max, v1.value + 2 * v0.step)) && near(v2.set, v2.value), `+ + sets it two steps up: ${v1.value} → ${v2.value} (the figure: ${v2.set})`);
      // Agents big enough to tap, and a tap 8 px beside one picks it; a miss keeps it.
      const id = { flocking: "c-flock", "leader-queue-path": "c-queue", bandada: "c-bandada" }[ch];
      const viaMenu = ch === "bandada";
      const room = await pausedWithRoom(page, id);
      const sz = await agentSizes(page, id);
      t.diagnostic(`#${id}: isolated agents drawn ${sz.map((s) => s.toFixed(1)).join(" ")} px`);
      assert.ok(sz.length >= 1 && Math.min(...sz) >= 6, `#${id}: agents ${sz.join(", ")} px across`);
      const fig = page.locator(`.steerlab:has(> #${id})`);
      if (viaMenu) {
        await tapOn(page, cdp, fig.locator('.steerlab-bar > [data-action="menu"]'));
        await tapOn(page, cdp, fig.locator('.steerlab-menu [data-action="pick"]'));
        assert.equal(await page.locator(`#${id}.steerlab-picking`).count(), 1, "◎ pressed: the canvas says a tap picks");
      }
      const at = await agentsOnScreen(page, id);
      // (Where the agent is now on screen: the menu's taps may have scrolled the page.)
      const [ax, ay] = at.agents[room.i], [bx, by] = room.a.agents[room.i];
      await tapAt(page, cdp, room.beside[0] + ax - bx, room.beside[1] + ay - by);
      await page.waitForTimeout(200);
      const picked = await agentsOnScreen(page, id);
      assert.equal(picked.selected, room.i, `#${id}: a tap 8 px beside agent ${room.i} picks it (selected: ${picked.selected})`);
      assert.equal(picked.obstacles, at.obstacles, `#${id}: picking adds nothing`);
      await tapAt(page, cdp, room.empty[0] + ax - bx, room.empty[1] + ay - by);
      await page.waitForTimeout(200);
      const missed = await agentsOnScreen(page, id);
      assert.equal(missed.selected, room.i, `#${id}: a tap on empty canvas keeps the selection`);
      if (viaMenu) {
        assert.equal(missed.obstacles, at.obstacles + 1, `#${id}: there, as the caption says, a tap places an obstacle`);
        assert.equal(await page.locator(`#${id}.steerlab-picking`).count(), 0, "◎ lets go once it picked");
      }
      await page.locator(`figure:has(#${id})`).screenshot({ path: shot(`${tag}-picked`) });
      await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).play(), id);

      // ---- 6. The promises, seen with a finger --------------------------------------------
      if (ch === "bandada") {
        // A finger held 2.4 s where boid 0, 50, then 100 is, 60 steps after the figure starts again
        // (as tests/try_buttons.rs does with a pointer): the mean number of boids within 45 px of
        // it from 0.6 s on (the finger is the pointer after 0.45 s).
        const held = async () => {
          let near = 0, n = 0, scrolled = 0;
          for (const j of [0, 50, 100]) {
            // The same flock each time (started again, 60 steps flown), so that with and without
            // fleeing only the finger differs.
            await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-bandada")).reset());
            await page.waitForFunction(() => window.steerlab.viewerFor(document.getElementById("c-bandada")).state().steps >= 60, null, { timeout: 10_000, polling: 16 });
            const [hx, hy] = await page.evaluate((j) => {
              const cv = document.getElementById("c-bandada");
              const s = window.steerlab.viewerFor(cv).state();
              const r = cv.getBoundingClientRect();
              const k = r.width / s.scenario.world.width;
              const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
              return [clamp(r.left + s.agents[j].position[0] * k, r.left + 4, r.right - 4), clamp(r.top + s.agents[j].position[1] * k, r.top + 4, r.bottom - 4)];
            }, j);
            const y0 = await page.evaluate(() => scrollY);
            await touch(cdp, "touchStart", [[hx, hy]]);
            for (let k = 0; k < 8; k++) {
              await page.waitForTimeout(300);
              if (k < 1) continue;
              near += await page.evaluate(([hx, hy]) => {
                const cv = document.getElementById("c-bandada");
                const s = window.steerlab.viewerFor(cv).state();
                const r = cv.getBoundingClientRect();
                const k = s.scenario.world.width / r.width;
                const p = [(hx - r.left) * k, (hy - r.top) * k];
                return s.agents.filter((a) => Math.hypot(a.position[0] - p[0], a.position[1] - p[1]) < 45).length;
              }, [hx, hy]);
              n++;
            }
            scrolled += Math.abs((await page.evaluate(() => scrollY)) - y0);
            await touch(cdp, "touchEnd", []);
            await page.waitForTimeout(300);
          }
          return { near: near / n, scrolled };
        };
        await page.evaluate(() => document.getElementById("c-bandada").scrollIntoView({ block: "center", behavior: "instant" }));
        await settle(page);
        const fleeing = await held();
        // "dejar de huir del puntero", where the text has it (the figure pinned above it), and the
        // finger held on the pinned canvas.
        const stop = page.locator('button.try[data-set*="flee_pointer.enabled"]');
        await stop.evaluate((e) => window.scrollBy({ top: e.getBoundingClientRect().bottom - 0.85 * innerHeight, behavior: "instant" }));
        await settle(page);
        await tapOn(page, cdp, stop);
        await settle(page);
        assert.ok(await page.evaluate(() => !!document.querySelector("figure.is-pinned #c-bandada")), "the figure is pinned above the button");
        const calm = await held();
        t.diagnostic(`a finger held on Bandada: ${fleeing.near.toFixed(2)} boids within 45 px fleeing it, ${calm.near.toFixed(2)} after "dejar de huir del puntero"`);
        assert.equal(fleeing.scrolled + calm.scrolled, 0, "a held finger does not scroll the page");
        assert.ok(calm.near >= 1.6 * fleeing.near && calm.near >= 2, `the finger is the pointer: ${fleeing.near.toFixed(2)} boids near it fleeing, ${calm.near.toFixed(2)} without fleeing`);
        await page.screenshot({ path: shot(`${tag}-held`) });
        // A swipe on the canvas right after: the page scrolls.
        const c = await page.locator("#c-bandada").boundingBox();
        const y0 = await page.evaluate(() => scrollY);
        await swipe(page, cdp, c.x + c.width / 2, c.y + c.height / 2 + 40, -300);
        await settle(page);
        const dy = (await page.evaluate(() => scrollY)) - y0;
        assert.ok(dy > 150, `a swipe after the held finger scrolls the page (${dy} px)`);
        await page.evaluate(() => document.querySelector(".pin-close")?.click());
      }
      if (ch === "leader-queue-path") {
        // Send the leader 150 px ahead with a tap; from 0.5 s to 2 s after it stops, the readout's
        // mean distance of the followers to their point.
        const resting = async (button) => {
          await tapOn(page, cdp, page.locator(button));
          await settle(page);
          // (A try button brings its canvas on screen; after ↺ the reader goes back up to it.)
          await page.evaluate(() => {
            const r = document.getElementById("c-leader").getBoundingClientRect();
            if (r.top < 0 || r.bottom > innerHeight) window.scrollBy({ top: r.top - 8, behavior: "instant" });
          });
          await settle(page);
          await page.waitForTimeout(2000);
          const to = await page.evaluate(() => {
            const c = document.getElementById("c-leader");
            const s = window.steerlab.viewerFor(c).state();
            const r = c.getBoundingClientRect();
            const k = r.width / s.scenario.world.width;
            const [lx, ly] = s.leader.position, [hx, hy] = s.leader.heading;
            const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
            const w = s.scenario.world;
            const tx = clamp(lx + hx * 150, 60, w.width - 60), ty = clamp(ly + hy * 150, 60, w.height - 60);
            return [r.left + tx * k, r.top + ty * k];
          });
          const under = await page.evaluate(([x, y]) => { const e = document.elementFromPoint(x, y); return e ? `${e.tagName}#${e.id}.${e.className}` : "nothing"; }, to);
          assert.match(under, /^CANVAS#c-leader/, `the tap to send the leader lands on its canvas (${to.map(Math.round)}: ${under})`);
          await tapAt(page, cdp, to[0], to[1]);
          // Until it stops at its goal (it arrives, rests a few seconds, then wanders on).
          let last = null;
          for (let k = 0; k < 300; k++) {
            last = await page.evaluate(() => {
              const s = window.steerlab.viewerFor(document.getElementById("c-leader")).state();
              const [vx, vy] = s.agents[s.leader.index].velocity;
              const t = s.leader.target;
              return { target: t, speed: Math.hypot(vx, vy), off: t ? Math.hypot(s.leader.position[0] - t[0], s.leader.position[1] - t[1]) : null };
            });
            if (last.target && last.speed < 6 && last.off < 6) break;
            await page.waitForTimeout(50);
          }
          assert.ok(last.target && last.speed < 6 && last.off < 6, `the leader sent with a tap stops at its goal: ${JSON.stringify(last)}`);
          await page.waitForTimeout(500);
          const seen = [];
          for (let k = 0; k < 6; k++) {
            seen.push(await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-leader")).state().metrics.mean_target_distance));
            await page.waitForTimeout(250);
          }
          const text = await page.locator(".steerlab:has(> #c-leader) > .steerlab-metric").textContent();
          return { mean: seen.reduce((a, b) => a + b, 0) / seen.length, text };
        };
        const four = await resting('button.try[data-set*="follow_leader.slow_radius"] >> nth=0');
        await page.locator("figure:has(#c-leader)").screenshot({ path: shot(`${tag}-slow-radius`) });
        const start = await resting('button.try-reset[data-for="c-leader"] >> nth=0');
        t.diagnostic(`the leader stopped: followers ${four.mean.toFixed(1)} px from their point with slow_radius 4, ${start.mean.toFixed(1)} px as the figure starts ("${four.text}")`);
        assert.ok(four.mean <= 3.5, `slow_radius 4: the followers stand on their point (${four.mean.toFixed(1)} px)`);
        assert.ok(start.mean >= 6, `as the figure starts they stay away from it (${start.mean.toFixed(1)} px)`);
        const said = { es: /distancia media a su punto/, fr: /distance moyenne à leur point/, pt: /distância média ao seu ponto/ }[lang];
        assert.match(four.text, new RegExp(`${said.source} \\d+(,\\d+)? px`), "the readout says it");
      }

      // ---- 3. A pinned figure is a small companion ----------------------------------------
      let left = false, closed = false;
      const { n, pins, bottom } = await walkTryButtons(page, cdp, async (k, pins, what) => {
        if (pins === 1) {
          await page.screenshot({ path: shot(`${tag}-pinned`) });
          // The reader reads on: past the next heading the figure goes back into the text.
          const gone = await page.evaluate(async (k) => {
            const b = document.querySelectorAll("button.try")[k];
            // (Its edge the text goes behind: the bottom one, or the top one of a figure docked at the bottom.)
            const pin = document.querySelector("figure.is-pinned");
            const bottom = pin.getBoundingClientRect()[pin.classList.contains("is-docked-bottom") ? "top" : "bottom"];
            const heads = [...document.querySelectorAll("article h2, article h3")];
            const next = heads.find((h) => b.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING);
            if (!next) return "no heading after";
            // Down 60 px at a time, two frames each: it leaves as the heading reaches it.
            for (let i = 0; i < 200 && document.querySelector("figure.is-pinned"); i++) {
              window.scrollBy({ top: 60, behavior: "instant" });
              await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            }
            const top = next.getBoundingClientRect().top;
            return document.querySelector("figure.is-pinned") ? "still pinned" : top <= bottom && top > bottom - 130 ? "gone" : `gone with the heading at ${Math.round(top)} px, the pin to ${Math.round(bottom)}`;
          }, k);
          assert.equal(gone, "gone", `${what}: past the next heading`);
          left = true;
        } else if (!closed) {
          await tapOn(page, cdp, page.locator(".pin-close"));
          await settle(page);
          assert.equal(await page.locator("figure.is-pinned, .pin-spacer").count(), 0, `${what}: its × puts it back`);
          closed = true;
        } else if (await page.locator("figure.is-pinned.is-docked-bottom").count()) {
          await page.screenshot({ path: shot(`${tag}-pinned-bottom`) });
        }
      });
      t.diagnostic(`${url}: ${n} try buttons, a figure pinned after ${pins} (docked at the bottom after ${bottom})`);
      // (In the flocking chapter every button is within a screen of its canvas: nothing is pinned.)
      if (ch !== "flocking") assert.ok(pins >= 2 && left && closed, `${url}: figures pinned (${pins}), one left by itself, one closed`);
      assert.deepEqual(await allProblems(page, problems), []);
    });
  }
}

// The leaders' chapter in the other languages (its try buttons stand closest together, and each
// language's words space them otherwise; issue 55: in French three of them were under the pin):
// every try button in order, the pin never over one. (PHONE_WALK_LANGS walks them whole.)
const OTHERS = [["fr", "dark"], ["pt", "light"], ["en", "light"]].filter(([lang]) => !LANGS.includes(lang));
for (const [lang, colorScheme] of OTHERS) {
  const url = lang === "en" ? "/chapters/leader-queue-path.html" : `/${lang}/chapters/leader-queue-path.html`;
  test(`${url} (${colorScheme}): every try button in order, a pinned figure never over one`, { timeout: 600_000 }, async (t) => {
    const { context, page, cdp, problems } = await openPhone(browser, server, url, { lang, colorScheme });
    t.after(() => context.close());
    await page.waitForFunction(() => [...document.querySelectorAll("button.try")].every((b) => !b.disabled), null, { timeout: 30_000 });
    const { n, pins, bottom } = await walkTryButtons(page, cdp, async (k, pins) => {
      if (await page.locator("figure.is-pinned.is-docked-bottom").count()) await page.screenshot({ path: shot(`${lang}-leader-queue-path-${colorScheme}-pinned-bottom`) });
    });
    t.diagnostic(`${url}: ${n} try buttons, a figure pinned after ${pins} (docked at the bottom after ${bottom})`);
    assert.ok(pins >= 2, `${url}: figures pinned (${pins})`);
    assert.deepEqual(await allProblems(page, problems), []);
  });
}

test("a laptop at 200 % zoom (640 × 400 CSS px): a pinned figure takes at most 35 % of the screen, beside its buttons", { timeout: 600_000 }, async (t) => {
  const { context, page, problems } = await openPhone(browser, server, "/chapters/bandada.html", { lang: "en", viewport: { width: 640, height: 400 }, touch: false });
  t.after(() => context.close());
  await page.waitForFunction(() => [...document.querySelectorAll("button.try")].every((b) => !b.disabled), null, { timeout: 30_000 });
  const n = await page.locator("button.try").count();
  let pins = 0;
  for (let k = 0; k < n; k++) {
    const b = page.locator("button.try").nth(k);
    if (!(await b.isVisible())) continue;
    await b.evaluate((e) => window.scrollBy({ top: e.getBoundingClientRect().bottom - 0.85 * innerHeight, behavior: "instant" }));
    await settle(page);
    await b.click();
    await settle(page);
    const pin = await underPin(page);
    if (!pin) continue;
    pins++;
    const side = await page.evaluate(() => {
      const f = document.querySelector("figure.is-pinned");
      const c = f.querySelector("canvas").getBoundingClientRect();
      const bar = f.querySelector(".steerlab-bar").getBoundingClientRect();
      return { beside: bar.left >= c.right - 0.5, canvas: c.height };
    });
    const what = `try button ${k}, #${pin.id} pinned`;
    assert.ok(pin.height <= 0.35 * 400 + 0.5, `${what}: ${Math.round(pin.height)} px of a 400 px screen`);
    assert.ok(side.beside && side.canvas > 80, `${what}: its canvas (${Math.round(side.canvas)} px tall) and its buttons side by side`);
    assert.deepEqual(pin.cut, [], `${what}: buttons cut by its edge`);
    if (pins === 1) await page.screenshot({ path: shot("zoom-200-pinned") });
  }
  t.diagnostic(`${pins} pins of ${n} buttons`);
  assert.ok(pins >= 3, `figures were pinned (${pins})`);
  assert.deepEqual(await allProblems(page, problems), []);
});
