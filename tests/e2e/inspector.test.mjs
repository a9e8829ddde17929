// The inspector (issue 22 item 3): for the selected agent, the pseudocode of its scenario's rules,
// each line with that agent's values at the current step, as DOM text under the canvas (or in the
// chapter's slot for it).
//
// - after a step, every number the panel shows equals `v.explain()` (to the decimals shown), on
//   every canvas of two chapters, and again after more steps; every step while stepping updates it;
// - its toggle in the viewer's bar and `v.inspector` open and close it; `data-inspector="true"`
//   opens it at mount, in the page's slot; `destroy()` takes it away and leaves the slot empty;
// - it is a labelled group, not a live region, one tab stop whose arrow keys move between lines;
// - on a Spanish page it is Spanish;
// - hovering or focusing a line draws that line's vector on the canvas, where the vector is;
// - while playing it changes at most ~10 times a second (DOM mutations counted over 2 s);
// - all of it under the strict CSP; screenshots at 375 px, 2×, light and dark, in both languages.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts } from "./helpers.mjs";

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Wait until every canvas of the page has a viewer. */
async function mounted(page) {
  await waitForSteerlab(page);
  await page.waitForFunction(
    () => [...document.querySelectorAll("canvas[data-scenario]")].every((c) => window.steerlab.viewerFor(c)),
    null,
    { timeout: 30_000 },
  );
}

/**
 * Step the viewer of canvas `id` (paused) and read, in the same task, its panel and `explain()`:
 * { explain, title, lines: [{ term, key, code, value }] }.
 */
function stepAndRead(page, id, n) {
  return page.evaluate(
    ({ id, n }) => {
      const c = document.getElementById(id);
      const v = window.steerlab.viewerFor(c);
      v.pause();
      v.step(n);
      const panel = document.getElementById(document.querySelector(`#${id}`).closest(".steerlab").querySelector('[data-action="inspector"]').getAttribute("aria-controls"));
      return {
        explain: v.explain(),
        steps: v.state().steps,
        title: panel.querySelector(".steerlab-inspector-agent").textContent,
        lines: [...panel.querySelectorAll(".steerlab-inspector-line")].map((l) => ({
          term: l.dataset.term === undefined ? null : Number(l.dataset.term),
          key: l.dataset.key,
          code: l.querySelector("code").textContent,
          value: l.querySelector(".steerlab-inspector-value").textContent,
        })),
      };
    },
    { id, n },
  );
}

/** The numbers of a value text, each with its number of decimals; written as `lang`'s readers
 *  write them (values follow the locale: "(30,05; 17,40)" in Spanish, "12,345.5" in English). */
function numbersOf(text, lang = "en") {
  const [group, decimal] = lang === "es" ? [".", ","] : [",", "."];
  const plain = text.replace(new RegExp(`(\\d)\\${group}(?=\\d{3})`, "g"), "$1").replace(new RegExp(`(\\d)\\${decimal}(?=\\d)`, "g"), "$1.");
  return [...plain.matchAll(/-?\d+(?:\.(\d+))?/g)].map((m) => ({ x: Number(m[0]), decimals: m[1] ? m[1].length : 0 }));
}

const WITH_LENGTH = new Set(["desired", "steer", "weighted", "velocity", "total"]);

/**
 * Check every line that shows a value of `explain()` against it; returns how many values were
 * compared. Words: yes/no (sí/no) for flags, "#k" or none/ninguno for indices.
 */
function checkAgainstExplain(read, lang, where) {
  const e = read.explain;
  assert.ok(e, `${where}: an agent is selected`);
  const word = lang === "es" ? { yes: "sí", no: "no", none: "ninguno" } : { yes: "yes", no: "no", none: "none" };
  assert.equal(read.title, lang === "es" ? `agente ${e.agent} · paso ${e.step}` : `agent ${e.agent} · step ${e.step}`, `${where}: title`);
  assert.equal(e.step, read.steps, `${where}: explain is at the current step`);
  let compared = 0;
  for (const l of read.lines) {
    if (!l.key) continue;
    const src = l.term === null ? e : e.terms[l.term];
    assert.ok(src, `${where}: line “${l.code}” names term ${l.term}, which explain() does not have`);
    let v = src[l.key];
    if (l.key === "mean" && src.rule === "cohesion") v = src.centroid; // the line shows the centroid
    if (l.key === "brake" && v === undefined) continue;
    const at = `${where}: ${src.rule ?? "agent"} “${l.code}” = “${l.value}”`;
    if (typeof v === "boolean") {
      assert.equal(l.value, v ? word.yes : word.no, at);
    } else if (["blocker", "active", "obstacle"].includes(l.key)) {
      assert.equal(l.value, v === null || v === undefined ? word.none : `#${v}`, at);
    } else {
      assert.notEqual(v, undefined, `${at}: explain() has no ${l.key}`);
      const want = Array.isArray(v) ? (WITH_LENGTH.has(l.key) ? [...v, Math.hypot(v[0], v[1])] : v) : [v];
      const got = numbersOf(l.value, lang);
      assert.equal(got.length, want.length, `${at}: ${want.length} numbers`);
      got.forEach(({ x, decimals }, k) => {
        const tol = 0.5 * 10 ** -decimals + 1e-6 * Math.abs(want[k]);
        assert.ok(Math.abs(x - want[k]) <= tol + 1e-9, `${at}: number ${k} is ${x}, explain() says ${want[k]}`);
      });
    }
    compared++;
  }
  // Every term of explain() has a block in the panel.
  const terms = new Set(read.lines.filter((l) => l.term !== null).map((l) => l.term));
  assert.equal(terms.size, e.terms.length, `${where}: a block per term (${e.terms.map((t) => t.rule)})`);
  return compared;
}

for (const [page, ids] of [
  ["/chapters/flocking.html", ["c-separation", "c-alignment", "c-cohesion", "c-flock", "c-hash"]],
  ["/chapters/leader-queue-path.html", ["c-leader", "c-queue", "c-waypoints", "c-tube"]],
]) {
  test(`${page}: after a step the inspector shows the selected agent's numbers from explain()`, async () => {
    const { context, page: p, problems } = await openPage(browser, server.url(page));
    try {
      await mounted(p);
      for (const id of ids) {
        // In the chapter's slot for this canvas, open from the start (data-inspector="true").
        const inSlot = await p.evaluate((id) => !!document.querySelector(`.steerlab-inspector-slot[data-for="${id}"] > .steerlab-inspector`), id);
        assert.ok(inSlot, `#${id}: the panel is in its slot`);
        let compared = 0;
        for (const n of [1, 1, 7, 40]) {
          compared += checkAgainstExplain(await stepAndRead(p, id, n), "en", `#${id} after ${n} more`);
        }
        assert.ok(compared >= 4 * 4, `#${id}: compared ${compared} values`);
      }
      assert.deepEqual(await allProblems(p, problems), [], "no problems (CSP included)");
    } finally {
      await context.close();
    }
  });
}

test("every step while stepping shows at once; the lines are one tab stop with arrow keys", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"));
  try {
    await mounted(page);
    const seen = await page.evaluate(() => {
      const c = document.getElementById("c-cohesion");
      const v = window.steerlab.viewerFor(c);
      v.pause();
      const title = () => document.querySelector('[data-for="c-cohesion"] .steerlab-inspector-agent').textContent;
      const out = [];
      for (let k = 0; k < 5; k++) {
        v.step(1);
        out.push([title(), v.state().steps]);
      }
      return out;
    });
    for (const [title, steps] of seen) assert.match(title, new RegExp(`· step ${steps}$`));
    // Not a live region, anywhere in or around it; a labelled group.
    const aria = await page.evaluate(() => {
      const panel = document.querySelector('[data-for="c-cohesion"] .steerlab-inspector');
      return {
        role: panel.getAttribute("role"),
        label: panel.getAttribute("aria-label"),
        live: [panel, ...panel.querySelectorAll("*")].filter((e) => e.closest("[aria-live], [role=status], [role=log], [role=alert], output")).length,
        tabStops: panel.querySelectorAll('.steerlab-inspector-line[tabindex="0"]').length,
        lines: panel.querySelectorAll(".steerlab-inspector-line").length,
      };
    });
    assert.equal(aria.role, "group");
    assert.match(aria.label, /Inspector/);
    assert.equal(aria.live, 0, "nothing in the panel is a live region");
    assert.equal(aria.tabStops, 1, "one tab stop");
    assert.ok(aria.lines > 8);
    // Focus the first line, then ↓ ↓ End Home.
    const first = page.locator('[data-for="c-cohesion"] .steerlab-inspector-line').first();
    await first.focus();
    const focusedIndex = () =>
      page.evaluate(() => [...document.querySelectorAll('[data-for="c-cohesion"] .steerlab-inspector-line')].indexOf(document.activeElement));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    assert.equal(await focusedIndex(), 2);
    await page.keyboard.press("End");
    assert.equal(await focusedIndex(), aria.lines - 1);
    await page.keyboard.press("Home");
    assert.equal(await focusedIndex(), 0);
    await page.keyboard.press("ArrowDown");
    // The focus stays on its line across steps (values change in place).
    await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-cohesion")).step(3));
    assert.equal(await focusedIndex(), 1);
    assert.equal(await page.locator('[data-for="c-cohesion"] .steerlab-inspector-line[tabindex="0"]').count(), 1);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("the toggle in the bar, v.inspector and destroy()", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  try {
    await mounted(page);
    const sel = 'canvas[data-scenario="queue"]';
    const root = page.locator(sel).locator("xpath=..");
    const button = root.locator('.steerlab-bar [data-action="inspector"]');
    assert.equal(await button.count(), 1, "an Inspector button in the bar");
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await root.locator(".steerlab-inspector").count(), 0, "closed: no panel");
    assert.equal(await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).inspector, sel), false);
    assert.equal(await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).explain(), sel), null, "no agent selected yet");

    await button.click();
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    const panel = root.locator(".steerlab-inspector");
    assert.equal(await panel.count(), 1, "open: the panel under the canvas (no slot on this page)");
    assert.ok(await panel.isVisible());
    assert.equal(await button.getAttribute("aria-controls"), await panel.getAttribute("id"));
    const v = await page.evaluate((s) => {
      const v = window.steerlab.viewerFor(document.querySelector(s));
      return { open: v.inspector, agent: v.explain()?.agent };
    }, sel);
    assert.deepEqual(v, { open: true, agent: 0 }, "opening selects an agent");
    assert.match(await panel.locator(".steerlab-inspector-agent").textContent(), /^agent 0 · step \d+$/);
    assert.ok((await panel.locator(".steerlab-inspector-title").allTextContents()).includes("queue"));

    // ‹ › choose the agent.
    await panel.locator('[data-action="inspect-next"]').click();
    assert.equal(await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).explain().agent, sel), 1);
    // (While playing, the panel follows at its next refresh: twice a second, on a frame that stepped.)
    await page.waitForFunction((s) => /^agent 1 ·/.test(document.querySelector(s).parentElement.querySelector(".steerlab-inspector-agent")?.textContent ?? ""), sel, { timeout: 5000 }).catch(() => {});
    assert.match(await panel.locator(".steerlab-inspector-agent").textContent(), /^agent 1 ·/);
    await panel.locator('[data-action="inspect-prev"]').click();
    await panel.locator('[data-action="inspect-prev"]').click();
    const n = await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).state().agents.length, sel);
    assert.equal(await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).explain().agent, sel), n - 1, "‹ wraps around");

    await button.click();
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await root.locator(".steerlab-inspector").count(), 0, "closed again");
    // From script.
    await page.evaluate((s) => { window.steerlab.viewerFor(document.querySelector(s)).inspector = true; }, sel);
    assert.equal(await root.locator(".steerlab-inspector").count(), 1);
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    await page.evaluate((s) => { window.steerlab.viewerFor(document.querySelector(s)).inspector = false; }, sel);
    assert.equal(await root.locator(".steerlab-inspector").count(), 0);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }

  // destroy(): the panel leaves its slot, which is empty (and hidden) again.
  const ch = await openPage(browser, server.url("/chapters/flocking.html"));
  try {
    await mounted(ch.page);
    const after = await ch.page.evaluate(() => {
      const slot = document.querySelector('.steerlab-inspector-slot[data-for="c-flock"]');
      const before = slot.childElementCount;
      window.steerlab.viewerFor(document.getElementById("c-flock")).destroy();
      return { before, after: slot.childNodes.length, empty: slot.matches(":empty"), shown: slot.checkVisibility() };
    });
    assert.deepEqual(after, { before: 1, after: 0, empty: true, shown: false });
    assert.deepEqual(await allProblems(ch.page, ch.problems), []);
  } finally {
    await ch.context.close();
  }
});

test("on a Spanish page the inspector is Spanish", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/es/chapters/leader-queue-path.html"));
  try {
    await mounted(page);
    const r = await stepAndRead(page, "c-leader", 30);
    checkAgainstExplain(r, "es", "#c-leader (es)");
    const words = await page.evaluate(() => {
      const panel = document.querySelector('[data-for="c-leader"] .steerlab-inspector');
      return {
        lang: panel.closest("[lang]").getAttribute("lang"),
        label: panel.getAttribute("aria-label"),
        titles: [...panel.querySelectorAll(".steerlab-inspector-title")].map((t) => t.textContent),
        prev: panel.querySelector('[data-action="inspect-prev"]').getAttribute("aria-label"),
        comments: [...panel.querySelectorAll(".steerlab-inspector-comment")].map((t) => t.textContent),
        code: [...panel.querySelectorAll("code")].map((t) => t.textContent),
      };
    });
    assert.equal(words.lang, "es");
    assert.equal(words.label, "Inspector: reglas y valores del agente elegido");
    assert.deepEqual(words.titles, ["evadir", "seguir al líder", "separación", "total"]);
    assert.equal(words.prev, "Agente anterior");
    assert.ok(words.code.includes("count = otros dentro de sep_radius"), words.code.join("\n"));
    for (const c of words.comments) assert.doesNotMatch(c, /\b(the|not|in|no force|nearest|distance checks)\b/, c);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

/** The canvas's pixels near `rgb` (within 40 per channel), in CSS pixels relative to the canvas. */
function accentPixels(page, id, rgb) {
  return page.evaluate(
    ({ id, rgb }) => {
      const src = document.getElementById(id);
      const copy = document.createElement("canvas");
      copy.width = src.width;
      copy.height = src.height;
      const ctx = copy.getContext("2d", { willReadFrequently: true });
      ctx.drawImage(src, 0, 0);
      const d = ctx.getImageData(0, 0, copy.width, copy.height).data;
      const k = src.width / src.getBoundingClientRect().width;
      const out = [];
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - rgb[0]) < 40 && Math.abs(d[i + 1] - rgb[1]) < 40 && Math.abs(d[i + 2] - rgb[2]) < 40) {
          const p = i / 4;
          out.push([(p % copy.width) / k, Math.floor(p / copy.width) / k]);
        }
      }
      return out;
    },
    { id, rgb },
  );
}

/** World → CSS pixel of the canvas (the viewer fits the world, keeping its aspect, centred). */
function toCss(box, world) {
  const s = Math.min(box.width / world.width, box.height / world.height);
  const ox = (box.width - world.width * s) / 2, oy = (box.height - world.height * s) / 2;
  return ([x, y]) => [ox + x * s, oy + y * s];
}

test("hovering or focusing a line draws its vector on the canvas", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"));
  try {
    await mounted(page);
    const id = "c-flock";
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    const r = await stepAndRead(page, id, 20);
    await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).render(), id);
    const accent = [0x25, 0x63, 0xeb]; // --sl-accent, light theme
    const before = await accentPixels(page, id, accent);
    const e = r.explain;
    const term = e.terms.findIndex((t) => t.rule === "cohesion" && t.desired);
    assert.ok(term >= 0, "the selected boid has a cohesion term with a desired velocity");
    const line = page.locator(`[data-for="${id}"] .steerlab-inspector-line[data-term="${term}"][data-key="desired"]`);
    await line.scrollIntoViewIfNeeded();
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await line.hover();
    const lit = await accentPixels(page, id, accent);
    assert.ok(lit.length > before.length + 20, `hovering lights pixels in the accent colour (${before.length} → ${lit.length})`);
    // They lie along the desired velocity: from the agent to position + desired · 0.4 (the
    // velocity scale of the canvas's arrows), within a few pixels.
    const box = await page.locator(`#${id}`).boundingBox();
    const world = (await page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).state().scenario.world, id));
    const css = toCss(box, world);
    const a = css(e.position), b = css([e.position[0] + e.terms[term].desired[0] * 0.4, e.position[1] + e.terms[term].desired[1] * 0.4]);
    const dist = ([x, y]) => {
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy || 1)));
      return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
    };
    const had = new Set(before.map((p) => p.join()));
    const fresh = lit.filter((p) => !had.has(p.join()));
    const near = fresh.filter((p) => dist(p) < 6).length;
    assert.ok(near / fresh.length > 0.9, `the new accent pixels lie on the desired vector (${near} of ${fresh.length})`);
    // Away from the panel: the highlight goes.
    await page.mouse.move(1, 1);
    assert.ok((await accentPixels(page, id, accent)).length <= before.length + 5, "the highlight goes when the pointer leaves");
    // Keyboard: focusing the total line draws the total force.
    const total = page.locator(`[data-for="${id}"] .steerlab-inspector-line[data-key="total"]`);
    await total.focus();
    const focused = await accentPixels(page, id, accent);
    const ta = css(e.position), tb = css([e.position[0] + e.total[0] * 0.25, e.position[1] + e.total[1] * 0.25]);
    const onTotal = focused.filter(([x, y]) => !had.has(`${x},${y}`) && Math.hypot(x - tb[0], y - tb[1]) + Math.hypot(x - ta[0], y - ta[1]) < Math.hypot(tb[0] - ta[0], tb[1] - ta[1]) + 8);
    assert.ok(onTotal.length > 10, `focusing the total line draws the total (${onTotal.length} pixels)`);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("while playing the panel changes at most ~10 times a second", async () => {
  const { context, page, problems } = await openPage(browser, server.url("/chapters/flocking.html"));
  try {
    await mounted(page);
    await page.locator("#c-flock").scrollIntoViewIfNeeded();
    const r = await page.evaluate(async () => {
      const c = document.getElementById("c-flock");
      const v = window.steerlab.viewerFor(c);
      v.play();
      await new Promise((res) => setTimeout(res, 300));
      const panel = document.querySelector('[data-for="c-flock"] .steerlab-inspector');
      let batches = 0, records = 0;
      const mo = new MutationObserver((list) => { batches++; records += list.length; });
      mo.observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
      const f0 = v.frames, s0 = v.state().steps;
      await new Promise((res) => setTimeout(res, 2000));
      mo.disconnect();
      return { batches, records, frames: v.frames - f0, steps: v.state().steps - s0 };
    });
    assert.ok(r.frames >= 40, `the canvas played (${r.frames} frames, ${r.steps} steps in 2 s)`);
    assert.ok(r.batches <= 24, `at most ~10 updates a second: ${r.batches} in 2 s (${r.frames} frames)`);
    // It follows the text period (2 a second: 4 in 2 s when no frame is late); a loaded machine
    // misses some, so at least half of them.
    assert.ok(r.batches >= 2, `it does update while playing: ${r.batches} in 2 s`);
    assert.deepEqual(await allProblems(page, problems), []);
  } finally {
    await context.close();
  }
});

test("screenshots: the inspector at 375 px, 2×, light and dark, English and Spanish", async () => {
  const dir = ensureArtifacts();
  for (const lang of ["en", "es"]) {
    for (const scheme of ["light", "dark"]) {
      const url = server.url(lang === "en" ? "/chapters/flocking.html" : "/es/chapters/flocking.html");
      const { context, page, problems } = await openPage(browser, url, { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, colorScheme: scheme });
      try {
        await mounted(page);
        // On a phone the inspector starts closed, and open it shows each rule's result: opened,
        // with all its lines.
        await page.evaluate(() => (window.steerlab.viewerFor(document.getElementById("c-separation")).inspector = true));
        await page.locator('[data-for="c-separation"] .steerlab-inspector-all').click();
        await stepAndRead(page, "c-separation", 30);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${lang} ${scheme}: the page scrolls sideways by ${overflow} px`);
        const line = page.locator('[data-for="c-separation"] .steerlab-inspector-line[data-key="desired"]');
        if (await line.count()) {
          await line.first().hover();
        }
        // From above the canvas to the bottom of the panel, in page coordinates.
        const r = await page.evaluate(() => {
          const c = document.getElementById("c-separation").getBoundingClientRect();
          const p = document.querySelector('[data-for="c-separation"] .steerlab-inspector').getBoundingClientRect();
          return { top: c.top + scrollY, bottom: p.bottom + scrollY, left: p.left, right: p.right, cw: c.width };
        });
        assert.ok(r.left >= 0 && r.right <= 375 + 0.5, `${lang} ${scheme}: the panel fits the width (${r.left}–${r.right})`);
        assert.ok(r.cw > 300, "the canvas is as wide as the column");
        await page.screenshot({
          path: path.join(dir, `inspector-${lang}-${scheme}-375-2x.png`),
          fullPage: true,
          clip: { x: 0, y: Math.max(0, r.top - 8), width: 375, height: r.bottom - r.top + 16 },
        });
        assert.deepEqual(await allProblems(page, problems), [], `${lang} ${scheme}: problems`);
      } finally {
        await context.close();
      }
    }
  }
});
