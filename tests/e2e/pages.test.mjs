// The pages in both languages (issue 22, items 1 and 2): the galleries, the example article and the
// three chapters, each in English and Spanish.
//
// - every page sets <html lang>, lists both languages as hreflang alternates, the two versions
//   point at each other, and its visible language switch links to the other version (HTTP 200);
// - on every Spanish page, once its canvases are mounted and have drawn their readouts (and its
//   challenges say why they are not met yet), the visible text (and the aria-label / title / alt /
//   placeholder of visible elements, and the title) holds no common English word and no name from
//   code (snake_case on its own, a parameter path, camelCase) outside <code>, <pre>, <kbd>, <var>
//   and translate="no";
// - every "try this" button of the chapters changes the parameter it names (read back from the
//   viewer) and nothing else but back to how the figure started (it starts from the figure's
//   settings: tests/e2e/try-buttons.test.mjs checks the order does not matter), every reset button
//   puts its canvas's scenario back as it was, and a button whose set() is refused shows the
//   message next to it without breaking the page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts } from "./helpers.mjs";

/** Each page in English and in Spanish (paths under dist/). */
export const PAGES = [
  { name: "gallery", en: "/", es: "/es/" },
  { name: "article", en: "/www/embed.html", es: "/es/embed.html" },
  { name: "flocking chapter", en: "/chapters/flocking.html", es: "/es/chapters/flocking.html" },
  { name: "steering IV chapter", en: "/chapters/leader-queue-path.html", es: "/es/chapters/leader-queue-path.html" },
  { name: "bandada chapter", en: "/chapters/bandada.html", es: "/es/chapters/bandada.html" },
  { name: "playground", en: "/playground.html", es: "/es/playground.html" },
];
const CHAPTERS = PAGES.filter((p) => p.en.startsWith("/chapters/"));

/** Common English words that are not Spanish words (matched whole, any case). */
export const ENGLISH_WORDS = [
  // function words
  "the", "and", "with", "of", "to", "is", "are", "was", "were", "be", "been", "it", "its", "this",
  "that", "these", "those", "from", "for", "into", "by", "on", "at", "or", "an", "but", "not",
  "when", "where", "which", "while", "what", "who", "how", "why", "each", "every", "all", "any",
  "more", "less", "than", "then", "only", "also", "there", "their", "they", "them", "you", "your",
  "we", "our", "have", "had", "will", "would", "could", "should", "must", "does", "done", "new",
  "other", "same", "here", "just", "over", "under", "between", "around", "behind", "ahead",
  "inside", "outside", "near", "far", "after", "before", "until", "whole", "fewer",
  // the viewer's and the tutorials' vocabulary
  "agent", "agents", "speed", "speeds", "step", "steps", "play", "pause", "reset", "seed",
  "overlays", "velocity", "velocities", "force", "forces", "follower", "followers", "neighbour",
  "neighbours", "neighbor", "neighbors", "mean", "distance", "distances", "through", "braking",
  "brake", "weight", "weights", "click", "drag", "press", "show", "hide", "slider", "sliders",
  "leader", "throughput", "overlap", "overlaps", "separation", "alignment", "cohesion", "flock",
  "checks", "naive", "frame", "frames", "draw", "simulation", "active", "direction",
  "predictions", "truncated", "points", "point", "queue", "path", "tube",
  // the values a <select> shows
  "single", "column", "squad", "dynamic", "prediction", "wrap", "bounce", "food", "obstacle",
  "loop",
  // the behaviours' and measures' names (issue 45: gallery titles, inspector headings, slots,
  // the challenges' status): in Spanish text they are words, the name beside them in <code> or
  // translate="no" where the text teaches it
  // ("evade" is also Spanish: evadir)
  "seek", "flee", "arrive", "pursuit", "wander", "flow", "field", "spatial", "hash",
  "slot", "slots", "polarisation", "groups", "nearest", "perception",
];

/** Names from code in prose (outside <code> and translate="no"): a snake_case name on its own (it
 *  may stand in parentheses beside the word it names: "distancia de separación (sep_dist)"), a
 *  parameter path (`alignment.weight`), a camelCase function name (`makeWorld`). */
export function codeIn(items) {
  const found = [];
  for (const { text, ctx } of items) {
    // (A canvas's caption writes its formulas with the parameters' names: T = distance / max_speed.)
    if (ctx === "steerlab-caption") continue;
    const bare = text.replace(/\([^()]*\)/g, " ");
    for (const re of [/(?<![\p{L}\p{N}_.])[a-z]+(?:_[a-z0-9]+)+(?![\p{L}\p{N}_])/gu, /(?<![\p{L}\p{N}_.])[a-z_]+\.[a-z_]+(?![\p{L}\p{N}_(])/gu, /(?<![\p{L}\p{N}_])[a-z]+[A-Z][A-Za-z]*(?![\p{L}\p{N}_])/gu]) {
      for (const m of bare.matchAll(re)) found.push(`"${m[0]}" in ${ctx}: “${text.slice(0, 160)}”`);
    }
  }
  return found;
}

const EXCLUDED = "code, pre, kbd, var, samp, script, style, noscript, template, [translate='no']";
const WIDGET_CTX = ".steerlab-metric, .steerlab-live, .steerlab-hud, .steerlab-caption, .steerlab-label, .steerlab-error, option";

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Wait until every canvas of the page has a viewer, then draw each once so its readout is written. */
async function waitMounted(page) {
  await waitForSteerlab(page);
  await page.waitForFunction(
    () => [...document.querySelectorAll("canvas[data-scenario]")].every((c) => window.steerlab.viewerFor(c)),
    null,
    { timeout: 30_000 },
  );
  const n = await page.evaluate(() => {
    const cs = [...document.querySelectorAll("canvas[data-scenario]")];
    for (const c of cs) window.steerlab.viewerFor(c).render();
    return cs.length;
  });
  // The readout is written at most every 250 ms; wait until every viewer has one.
  await page.waitForFunction(
    () => [...document.querySelectorAll(".steerlab-metric")].every((m) => m.textContent.trim() !== ""),
    null,
    { timeout: 15_000 },
  );
  return n;
}

/** Visible text of the page as { text, ctx } items, without code-like and translate="no" parts. */
async function visibleText(page) {
  return page.evaluate(
    ({ EXCLUDED, WIDGET_CTX }) => {
      const items = [{ text: document.title, ctx: "title" }];
      const ctxOf = (el) => {
        const w = el.closest(WIDGET_CTX);
        if (!w) return "page";
        return w.tagName === "OPTION" ? "option" : [...w.classList].find((c) => c.startsWith("steerlab-")) || "page";
      };
      const visible = (el) => {
        const sel = el.closest("select");
        const box = sel || el;
        return box.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent.replace(/\s+/g, " ").trim();
        if (!el || !text || el.closest(EXCLUDED) || !visible(el)) continue;
        items.push({ text, ctx: ctxOf(el) });
      }
      for (const el of document.body.querySelectorAll("[aria-label], [title], [alt], [placeholder], [aria-description]")) {
        if (el.closest(EXCLUDED) || !visible(el)) continue;
        for (const a of ["aria-label", "title", "alt", "placeholder", "aria-description"]) {
          const v = el.getAttribute(a);
          if (v && v.trim()) items.push({ text: v.trim(), ctx: `${ctxOf(el)} @${a}` });
        }
      }
      return items;
    },
    { EXCLUDED, WIDGET_CTX },
  );
}

const WORD_RE = new RegExp(`(?<![\\p{L}\\p{N}_])(${ENGLISH_WORDS.join("|")})(?![\\p{L}\\p{N}_])`, "giu");

/** A name the text teaches, in parentheses beside the word it names: "buscar (seek)",
 *  "(spatial hash)", "(predict_ahead, s)" (a behaviour's name, or one from code). */
const NAME_BESIDE = /\((?:seek|flee|arrive|pursuit|evade|wander|flow field|spatial hash|perception|[a-z]+(?:_[a-z0-9]+)+)(?:, [^()]{1,12})?\)/g;

/** English words in the items (the canvases' widgets are held to the same rule as the page); a
 *  name in parentheses beside its word is let through. */
export function englishIn(items) {
  const found = [];
  for (const { text, ctx } of items) {
    for (const m of text.replace(NAME_BESIDE, " ").matchAll(WORD_RE)) found.push(`"${m[1]}" in ${ctx}: “${text.slice(0, 160)}”`);
  }
  return { found };
}

test("the word scan finds English words and lets Spanish through", () => {
  const es = englishIn([{ text: "Los seguidores llegan al punto detrás del líder; sube sep_dist a 60.", ctx: "page" }]);
  assert.deepEqual(es.found, []);
  const en = englishIn([{ text: "The followers arrive behind the leader", ctx: "page" }]);
  assert.equal(en.found.length, 6, en.found.join("\n")); // The, followers, arrive, behind, the, leader
  // A name beside its word is let through; on its own it is not.
  assert.deepEqual(englishIn([{ text: "Buscar (seek) nunca frena; la rejilla espacial (spatial hash)", ctx: "page" }]).found, []);
  assert.equal(englishIn([{ text: "Seek nunca frena", ctx: "page" }]).found.length, 1);
  // The widgets' text is scanned like the page's.
  const readout = "24 followers (single) · distancia media a su punto 3.1 px";
  assert.equal(englishIn([{ text: readout, ctx: "steerlab-metric" }]).found.length, 2); // followers, single
  // Names from code: bare, as a path or camelCase; beside a word in parentheses they teach it.
  assert.deepEqual(codeIn([{ text: "Distancia de separación (sep_dist) · radio (predict_ahead, s)", ctx: "steerlab-label" }]), []);
  assert.equal(codeIn([{ text: "behind_dist", ctx: "steerlab-label" }]).length, 1);
  assert.equal(codeIn([{ text: "Todavía no: mean_nearest vale 18", ctx: "page" }]).length, 1);
  assert.equal(codeIn([{ text: "alignment.weight = 0", ctx: "page" }]).length, 1);
  assert.equal(codeIn([{ text: "makeWorld() da un mundo y drawLoop lo dibuja", ctx: "page" }]).length, 2);
  assert.deepEqual(codeIn([{ text: "1.5 px/s · n·(n−1) = 39.800 · 3,5 s", ctx: "page" }]), []);
});

/** The challenges of the page with a reason on screen: each attached, its canvas 6 s on. */
async function showChallenges(page) {
  await page.evaluate(async () => {
    if (!document.querySelector("[data-challenge]")) return;
    const { attachAll } = await import("/www/challenge.js");
    for (const c of attachAll()) {
      if (!c.viewer) c.connect();
      c.viewer?.pause();
      c.viewer?.step(360);
      c.check();
    }
  });
}

for (const p of PAGES) {
  test(`${p.name}: <html lang>, hreflang both ways and a visible switch that resolves (en ${p.en}, es ${p.es})`, async () => {
    const seen = {};
    for (const lang of ["en", "es"]) {
      const url = server.url(p[lang]);
      const { context, page, problems } = await openPage(browser, url, { viewport: { width: 375, height: 800 } });
      try {
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${url}: <html lang>`);
        const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (ls) =>
          Object.fromEntries(ls.map((l) => [l.hreflang, l.href])),
        );
        assert.equal(alternates.en, server.url(p.en), `${url}: hreflang="en" alternate`);
        assert.equal(alternates.es, server.url(p.es), `${url}: hreflang="es" alternate`);
        const other = lang === "en" ? "es" : "en";
        const sw = page.locator(`.lang-switch a[hreflang="${other}"]`);
        assert.equal(await sw.count(), 1, `${url}: one language switch link to ${other}`);
        assert.ok(await sw.isVisible(), `${url}: the language switch is visible`);
        const box = await sw.boundingBox();
        assert.ok(box && box.width >= 24 && box.height >= 12, `${url}: the switch is big enough to tap (${JSON.stringify(box)})`);
        const href = await sw.evaluate((a) => a.href);
        assert.equal(href, server.url(p[other]), `${url}: the switch leads to the ${other} version`);
        const res = await page.request.get(href);
        assert.equal(res.status(), 200, `${href}: HTTP ${res.status()}`);
        seen[lang] = alternates;
        await waitForSteerlab(page);
        assert.deepEqual(await allProblems(page, problems), [], `${url}: problems`);
      } finally {
        await context.close();
      }
    }
    assert.deepEqual(seen.en, seen.es, "both versions list the same alternates");
  });
}

for (const p of PAGES) {
  test(`${p.name} in Spanish (${p.es}): no English words in the visible text`, async () => {
    const { context, page, problems } = await openPage(browser, server.url(p.es), { viewport: { width: 1280, height: 1000 } });
    try {
      const canvases = await waitMounted(page);
      assert.ok(canvases >= 1, `${p.es} has canvases`);
      await showChallenges(page);
      const items = await visibleText(page);
      assert.ok(items.length > 10, "collected the page's text");
      assert.ok(items.some((i) => i.ctx === "steerlab-metric"), "the canvases' readouts were scanned");
      if (await page.$("[data-challenge]")) {
        assert.ok(items.some((i) => /^Todavía no: /.test(i.text)), "the challenges' reasons were scanned");
      }
      if (await page.$(".sl-compare")) {
        // (A label is the side's word — "Left:" or "Top:", the one of the layout in use shown — and
        // the view's name: its visible text nodes are what must have been scanned.)
        const labels = await page.$$eval(".sl-compare-label", (ls) =>
          ls.map((l) =>
            [...l.querySelectorAll("*")]
              .filter((e) => e.checkVisibility({ visibilityProperty: true }))
              .flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim()).map((n) => n.textContent.replace(/\s+/g, " ").trim())),
          ),
        );
        assert.ok(labels.length >= 2 && labels.every((l) => l.length >= 2 && l.every((x) => items.some((i) => i.text === x))), `the compares' labels were scanned: ${JSON.stringify(labels)}`);
      }
      const { found } = englishIn(items);
      assert.deepEqual(found, [], `${p.es}: English on the Spanish page:\n${found.join("\n")}`);
      const code = codeIn(items);
      assert.deepEqual(code, [], `${p.es}: names from code in Spanish prose:\n${code.join("\n")}`);
      assert.deepEqual(await allProblems(page, problems), [], `${p.es}: problems`);
    } finally {
      await context.close();
    }
  });
}

/** The scenario of the canvas with this id, as the viewer reports it. */
function scenarioOf(page, id) {
  return page.evaluate((id) => window.steerlab.viewerFor(document.getElementById(id)).state().scenario, id);
}

/** Leaves that differ between two JSON values: [{ path: ["behaviours", 0, "weight"], from, to }]. */
function changedLeaves(a, b, at = []) {
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => changedLeaves(a[k], b[k], [...at, Array.isArray(a) ? Number(k) : k]));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path: at, from: a, to: b }];
}

/**
 * Whether a `set` path names this leaf of the scenario: `kind.field` a field of every behaviour of
 * that type, a bare `field` that field in any behaviour, `behaviours[i].field` one behaviour's
 * field, anything else the top-level path itself (`motion.max_speed`, `path.mode`, `click`).
 */
function names(key, leaf, scenario) {
  if (leaf[0] === "behaviours" && leaf.length === 3) {
    const [, i, field] = leaf;
    const type = scenario.behaviours[i]?.type;
    return key === `${type}.${field}` || key === field || key === `behaviours[${i}].${field}`;
  }
  return leaf.join(".") === key;
}

for (const p of CHAPTERS) {
  for (const lang of ["en", "es"]) {
    test(`${p.name} (${p[lang]}): every "try this" button changes what it names; reset puts it back`, async () => {
      const { context, page, problems } = await openPage(browser, server.url(p[lang]), { viewport: { width: 1280, height: 900 } });
      try {
        await waitMounted(page);
        // chapter.js enables the buttons once their canvas has a viewer.
        await page.waitForFunction(() => [...document.querySelectorAll("button.try, button.try-reset")].every((b) => !b.disabled), null, { timeout: 15_000 });
        const buttons = await page.$$eval("button.try, button.try-reset", (bs) =>
          bs.map((b, i) => {
            b.dataset.testIndex = String(i);
            return { i, reset: b.classList.contains("try-reset"), id: b.dataset.for, set: b.dataset.set || null, label: b.textContent.trim() };
          }),
        );
        const tries = buttons.filter((b) => !b.reset);
        assert.ok(tries.length >= 5, `${p[lang]}: at least five try buttons (${tries.length})`);
        for (const b of buttons) {
          assert.ok(await page.evaluate((id) => !!document.getElementById(id)?.matches("canvas[data-scenario]"), b.id), `button “${b.label}”: data-for="${b.id}" names a canvas`);
        }
        const initial = {};
        for (const id of new Set(buttons.map((b) => b.id))) initial[id] = await scenarioOf(page, id);
        const hasGet = await page.evaluate((id) => typeof window.steerlab.viewerFor(document.getElementById(id)).get === "function", buttons[0].id);

        for (const b of buttons) {
          const before = await scenarioOf(page, b.id);
          // (What a button sets may already be so: "raise separation to 6" keeps cohesion at 4.)
          const had = b.reset ? {} : await page.evaluate(({ id, keys }) => Object.fromEntries(keys.map((k) => [k, window.steerlab.viewerFor(document.getElementById(id)).get(k)])), { id: b.id, keys: Object.keys(JSON.parse(b.set)) });
          await page.locator(`[data-test-index="${b.i}"]`).click();
          const afterState = await scenarioOf(page, b.id);
          const msg = await page.locator(`[data-test-index="${b.i}"] + .try-msg.is-error`).count();
          assert.equal(msg, 0, `button “${b.label}” reported an error`);
          if (b.reset) {
            assert.deepEqual(afterState, initial[b.id], `reset “${b.label}” puts #${b.id} back as it was`);
            continue;
          }
          const settings = JSON.parse(b.set);
          const changed = changedLeaves(before, afterState);
          assert.ok(changed.length > 0, `button “${b.label}” ${b.set} changed nothing on #${b.id}`);
          const asStarted = (path) => path.reduce((o, k) => (o == null ? undefined : o[k]), initial[b.id]);
          for (const c of changed) {
            const own = Object.keys(settings).some((k) => names(k, c.path, afterState));
            const back = JSON.stringify(c.to) === JSON.stringify(asStarted(c.path));
            assert.ok(own || back, `button “${b.label}” ${b.set} also changed ${c.path.join(".")} (to ${JSON.stringify(c.to)}, not back to how the figure started)`);
          }
          for (const [key, value] of Object.entries(settings)) {
            if (hasGet) {
              const got = await page.evaluate(({ id, key }) => window.steerlab.viewerFor(document.getElementById(id)).get(key), { id: b.id, key });
              assert.deepEqual(got, value, `button “${b.label}”: get(${key})`);
            }
            // Read back from the scenario: the leaves the path names changed, to the value.
            const now = changed.filter((c) => names(key, c.path, afterState));
            assert.ok(now.length > 0 || JSON.stringify(had[key]) === JSON.stringify(value), `button “${b.label}”: ${key} did not change`);
            for (const c of now) {
              assert.deepEqual(c.to, value, `button “${b.label}”: ${c.path.join(".")} should read ${JSON.stringify(value)}`);
            }
          }
          assert.ok(await page.locator(`[data-test-index="${b.i}"]`).evaluate((e) => e.classList.contains("is-applied")), `button “${b.label}” is marked as applied`);
        }
        assert.deepEqual(await allProblems(page, problems), [], `${p[lang]}: problems`);
      } finally {
        await context.close();
      }
    });
  }
}

test("a try button whose set() is refused shows the message next to it and the page goes on", async () => {
  const url = server.url("/es/chapters/flocking.html");
  const { context, page, problems } = await openPage(browser, url);
  try {
    await waitMounted(page);
    await page.waitForFunction(() => !document.querySelector('button.try[data-for="c-flock"]').disabled);
    await page.evaluate(() => {
      const row = document.querySelector('button.try[data-for="c-flock"]').parentElement;
      const bad = (id, set) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "try";
        b.id = id;
        b.dataset.for = "c-flock";
        b.dataset.set = set;
        b.textContent = id;
        row.append(b);
      };
      bad("bad-path", '{"separation.nope": 1}');
      bad("bad-value", '{"separation.weight": -3}');
      bad("bad-json", "{separation.weight: 0");
      bad("bad-canvas", '{"separation.weight": 0}');
      document.getElementById("bad-canvas").dataset.for = "no-such-canvas";
    });
    const weight = () => page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-flock")).state().scenario.behaviours.find((b) => b.type === "separation").weight);
    const w0 = await weight();
    for (const [id, expect] of [
      ["bad-path", /No se pudo aplicar:.*separation\.nope/s],
      ["bad-value", /No se pudo aplicar:.*separation\.weight/s],
      ["bad-json", /mal escrito/],
      ["bad-canvas", /no encuentra su canvas.*no-such-canvas/s],
    ]) {
      await page.click(`#${id}`);
      const msg = page.locator(`#${id} + .try-msg.is-error`);
      assert.equal(await msg.count(), 1, `${id}: a message next to the button`);
      assert.match(await msg.innerText(), expect, `${id}: the message`);
      assert.ok(await msg.isVisible(), `${id}: the message is shown`);
    }
    assert.equal(await weight(), w0, "a refused value leaves the parameter as it was");
    // The page still works: a good button applies, the viewer still steps.
    await page.click('button.try[data-for="c-flock"][data-set*="separation.weight"]');
    assert.equal(await weight(), 0);
    const steps = await page.evaluate(() => {
      const v = window.steerlab.viewerFor(document.getElementById("c-flock"));
      const s = v.state().steps;
      v.step(3);
      return v.state().steps - s;
    });
    assert.equal(steps, 3);
    assert.deepEqual(await allProblems(page, problems), [], "no page errors");
  } finally {
    await context.close();
  }
});

test("screenshots: the Spanish gallery and a Spanish chapter at 375 px, 2×, dark", async () => {
  const dir = ensureArtifacts();
  for (const [name, p] of [["es-gallery", "/es/"], ["es-chapter-flocking", "/es/chapters/flocking.html"]]) {
    const { context, page, problems } = await openPage(browser, server.url(p), { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, colorScheme: "dark" });
    try {
      await waitMounted(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${p}: the page scrolls sideways by ${overflow} px at 375 px`);
      await page.screenshot({ path: path.join(dir, `${name}-375-dark-2x.png`) });
      assert.deepEqual(await allProblems(page, problems), [], `${p}: problems`);
    } finally {
      await context.close();
    }
  }
});
