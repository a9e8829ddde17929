// The pages in every language (issue 22, items 1 and 2; issue 57: French and Portuguese, made from
// one layout): the galleries, the example article, the three chapters and the playground.
//
// - every page sets <html lang>, lists every language that has it as hreflang alternates (the
//   versions point at each other) and its visible language switch links to each other version
//   (HTTP 200);
// - on every page in Spanish, French and Portuguese, once its canvases are mounted and have drawn
//   their readouts (and its challenges say why they are not met yet), the visible text (and the
//   aria-label / title / alt / placeholder of visible elements, and the title) holds no common
//   English word and no name from code (snake_case on its own, a parameter path, camelCase)
//   outside <code>, <pre>, <kbd>, <var> and translate="no";
// - the pseudo-language walk: every page in every shipped language, its words files replaced by
//   their texts in ⟦ ⟧: every text and accessible name of its figures, comparisons, challenges
//   and try buttons' messages comes from the words files (nothing outside ⟦ ⟧ but numbers, code
//   and an author's own scenario's texts);
// - every "try this" button of the chapters changes the parameter it names (read back from the
//   viewer) and nothing else but back to how the figure started (it starts from the figure's
//   settings: tests/e2e/try-buttons.test.mjs checks the order does not matter), every reset button
//   puts its canvas's scenario back as it was, and a button whose set() is refused shows the
//   message next to it without breaking the page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, ROOT } from "./helpers.mjs";

/** The languages of the site (pages/<tag>/ with a words file), English first. */
export const LANGS = fs
  .readdirSync(path.join(ROOT, "pages"))
  .filter((t) => fs.existsSync(path.join(ROOT, "words", `${t}.json`)))
  .sort((a, b) => (a === "en" ? -1 : b === "en" ? 1 : a.localeCompare(b)));

/** Each page: its content file under pages/<tag>/ and where English's is served (another
 *  language's is /<tag>/ + `out`), as xtask/src/pages.rs serves them. */
const SITE = [
  { name: "gallery", file: "index.html", en: "/", out: "" },
  { name: "article", file: "embed.html", en: "/www/embed.html", out: "embed.html" },
  { name: "flocking chapter", file: "chapters/flocking.html", en: "/chapters/flocking.html", out: "chapters/flocking.html" },
  { name: "steering IV chapter", file: "chapters/leader-queue-path.html", en: "/chapters/leader-queue-path.html", out: "chapters/leader-queue-path.html" },
  { name: "bandada chapter", file: "chapters/bandada.html", en: "/chapters/bandada.html", out: "chapters/bandada.html" },
  { name: "playground", file: "playground.html", en: "/playground.html", out: "playground.html" },
];
/** Each page with its address in every language that has it: `{ name, en: "/", es: "/es/", … }`. */
export const PAGES = SITE.map(({ name, file, en, out }) => {
  const p = { name };
  for (const t of LANGS) if (fs.existsSync(path.join(ROOT, "pages", t, file))) p[t] = t === "en" ? en : `/${t}/${out}`;
  return p;
});
const langsOf = (p) => LANGS.filter((t) => p[t]);
const CHAPTERS = PAGES.filter((p) => p.en.startsWith("/chapters/"));

/** Common English words that are not Spanish words (matched whole, any case); French and Portuguese
 *  pages leave out those that are words of theirs too (OWN_WORDS). */
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

/** Words of the list that are also French or Portuguese words ("on", "point", "agent"…). */
const OWN_WORDS = {
  fr: ["on", "an", "or", "point", "points", "distance", "distances", "direction", "simulation", "force", "forces", "agent", "agents", "queue", "tube", "active", "obstacle", "perception", "slot", "pause", "polarisation", "arrive", "but"],
  pt: ["for"],
};

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

const wordRe = (lang = "es") =>
  new RegExp(`(?<![\\p{L}\\p{N}_])(${ENGLISH_WORDS.filter((w) => !(OWN_WORDS[lang] ?? []).includes(w)).join("|")})(?![\\p{L}\\p{N}_])`, "giu");

/** A name the text teaches, in parentheses beside the word it names: "buscar (seek)",
 *  "(spatial hash)", "(predict_ahead, s)" (a behaviour's name, or one from code). */
const NAME_BESIDE = /\((?:seek|flee|arrive|pursuit|evade|wander|flow field|spatial hash|perception|[a-z]+(?:_[a-z0-9]+)+)(?:, [^()]{1,12})?\)/g;

/** English words in the items (the canvases' widgets are held to the same rule as the page); a
 *  name in parentheses beside its word is let through. `lang`: the page's (its own words pass). */
export function englishIn(items, lang = "es") {
  const found = [];
  const re = wordRe(lang);
  for (const { text, ctx } of items) {
    for (const m of text.replace(NAME_BESIDE, " ").matchAll(re)) found.push(`"${m[1]}" in ${ctx}: “${text.slice(0, 160)}”`);
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
  const langs = langsOf(p);
  test(`${p.name}: <html lang>, hreflang every way and a visible switch to every other language that resolves (${langs.map((t) => p[t]).join(", ")})`, async () => {
    assert.ok(langs.length >= 2 && langs[0] === "en", `${p.name}: in English and another language (${langs})`);
    const seen = {};
    for (const lang of langs) {
      const url = server.url(p[lang]);
      const { context, page, problems } = await openPage(browser, url, { viewport: { width: 375, height: 800 } });
      try {
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${url}: <html lang>`);
        const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (ls) =>
          Object.fromEntries(ls.map((l) => [l.hreflang, l.href])),
        );
        const want = Object.fromEntries([...langs.map((t) => [t, server.url(p[t])]), ["x-default", server.url(p.en)]]);
        assert.deepEqual(alternates, want, `${url}: one hreflang alternate for each language that has the page, and x-default`);
        assert.equal(await page.locator(".lang-switch [aria-current=page]").textContent(), await page.evaluate(() => document.querySelector(".lang-switch [aria-current=page]").textContent), "the page's own language is named, not linked");
        for (const other of langs.filter((t) => t !== lang)) {
          const sw = page.locator(`.lang-switch a[hreflang="${other}"]`);
          assert.equal(await sw.count(), 1, `${url}: one language switch link to ${other}`);
          assert.ok(await sw.isVisible(), `${url}: the language switch is visible`);
          const box = await sw.boundingBox();
          assert.ok(box && box.width >= 24 && box.height >= 12, `${url}: the switch is big enough to tap (${JSON.stringify(box)})`);
          assert.equal(await sw.getAttribute("lang"), other, `${url}: the link to ${other} says its language`);
          const href = await sw.evaluate((a) => a.href);
          assert.equal(href, server.url(p[other]), `${url}: the switch leads to the ${other} version`);
          const res = await page.request.get(href);
          assert.equal(res.status(), 200, `${href}: HTTP ${res.status()}`);
        }
        seen[lang] = alternates;
        await waitForSteerlab(page);
        assert.deepEqual(await allProblems(page, problems), [], `${url}: problems`);
      } finally {
        await context.close();
      }
    }
    for (const lang of langs) assert.deepEqual(seen[lang], seen.en, "every version lists the same alternates");
  });
}

for (const p of PAGES) {
  for (const lang of langsOf(p).filter((t) => t !== "en")) {
    test(`${p.name} in ${lang} (${p[lang]}): no English words in the visible text`, async () => {
      const { context, page, problems } = await openPage(browser, server.url(p[lang]), { viewport: { width: 1280, height: 1000 } });
      try {
        const canvases = await waitMounted(page);
        assert.ok(canvases >= 1, `${p[lang]} has canvases`);
        await showChallenges(page);
        const items = await visibleText(page);
        assert.ok(items.length > 10, "collected the page's text");
        assert.ok(items.some((i) => i.ctx === "steerlab-metric"), "the canvases' readouts were scanned");
        if (await page.$("[data-challenge]")) {
          const words = JSON.parse(fs.readFileSync(path.join(ROOT, "words", `${lang}.json`), "utf8"));
          // (Why a challenge is not met yet: "Todavía no: …", "Pas encore : …".)
          const notYet = words["page.challenge.not_yet"].split("{")[0].replace(/\s+/g, " ").trim();
          assert.ok(items.some((i) => i.text.startsWith(notYet)), "the challenges' reasons were scanned");
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
        const { found } = englishIn(items, lang);
        assert.deepEqual(found, [], `${p[lang]}: English on the ${lang} page:\n${found.join("\n")}`);
        const code = codeIn(items);
        assert.deepEqual(code, [], `${p[lang]}: names from code in ${lang} prose:\n${code.join("\n")}`);
        assert.deepEqual(await allProblems(page, problems), [], `${p[lang]}: problems`);
      } finally {
        await context.close();
      }
    });
  }
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
  for (const lang of langsOf(p)) {
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
          let afterState = await scenarioOf(page, b.id);
          // (A button whose canvas mounts on first use applies once it is there: on a busy machine,
          // a moment after the click, as a reader sees it.)
          for (let k = 0; k < 50 && !b.reset && changedLeaves(before, afterState).length === 0; k++) {
            await page.waitForTimeout(100);
            afterState = await scenarioOf(page, b.id);
          }
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

/** What the figures, comparisons, challenges and try buttons of a page show and say (text and
 *  accessible names), less code and an author's own scenario's texts: `[{ text, at }]`. */
async function widgetTexts(page) {
  return page.evaluate(() => {
    const WIDGETS = ".steerlab, .steerlab-inspector, .sl-compare, .challenge-row, .challenge-actions, .challenge-live, .challenge-status, .challenge-solution, .challenge-error, .try-msg, .steerlab-dialog";
    const CODE = "code, pre, kbd, var, .steerlab-inspector-comment, script, style";
    // An author's scenario (its own JSON) has texts of its own: not the words files'.
    const own = [];
    for (const c of document.querySelectorAll("canvas[data-scenario-json], canvas[data-scenario-src]")) {
      const sc = window.steerlab.viewerFor(c)?.state().scenario;
      const texts = (x) => (typeof x == "string" ? [x] : x && typeof x == "object" && !("words" in x) ? Object.values(x) : []);
      if (!sc) continue;
      own.push(...texts(sc.title), ...texts(sc.caption));
      for (const k of sc.controls ?? []) own.push(...texts(k.label), ...(k.option_labels ?? []).flatMap(texts), ...(k.options ?? []));
    }
    const pageName = (c) => {
      const cap = c.closest("figure")?.querySelector("figcaption");
      const task = c.closest("[data-challenge]")?.querySelector(".challenge-task");
      return (cap?.querySelector("strong") ?? cap ?? task?.querySelector("strong") ?? task)?.textContent.trim().replace(/[.:—–-]\s*$/, "");
    };
    const out = [];
    const roots = [...document.querySelectorAll(WIDGETS)].filter((r) => !r.parentElement?.closest(WIDGETS));
    for (const root of roots) {
      for (const e of [root, ...root.querySelectorAll("*")]) {
        if (e.closest(CODE)) continue;
        for (const n of e.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push({ text: n.textContent, at: e.className || e.tagName });
        for (const a of ["aria-label", "aria-valuetext", "aria-description", "title", "alt", "placeholder"]) {
          // (A figure the page names keeps the page's name, its caption's or its task's title: the
          // page's own text, which `cargo xtask pages check` reads with the page.)
          if (a === "aria-label" && e.matches("canvas") && e.getAttribute(a) === pageName(e)) continue;
          if (e.hasAttribute(a)) out.push({ text: e.getAttribute(a), at: `${e.className || e.tagName} @${a}` });
        }
      }
    }
    // Longest first, so that an author's text inside another is taken out whole.
    own.sort((a, b) => b.length - a.length);
    return out.map(({ text, at }) => ({ text: own.reduce((t, o) => (o ? t.replaceAll(o, "") : t), text), at }));
  });
}

/** A words file's texts in ⟦ ⟧ (the pseudo-language walk). */
const pseudo = (tag) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(fs.readFileSync(path.join(ROOT, "words", `${tag}.json`), "utf8"))).map(([k, v]) => [k, `⟦${v}⟧`])));

/** What is left of a text outside the (nested) ⟦ ⟧ spans. */
function outside(s) {
  let depth = 0;
  let out = "";
  for (const c of s) {
    if (c === "⟦") depth++;
    else if (c === "⟧") depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

for (const lang of LANGS) {
  test(`the pseudo-language walk in ${lang}: every page's figures, comparisons, challenges and try messages say only the words files' words`, async () => {
    // Every words file in ⟦ ⟧: a letter outside them is a word that did not come from the files.
    const walk = await serveDist({ extra: Object.fromEntries(LANGS.map((t) => [`/words/${t}.json`, pseudo(t)])) });
    try {
      for (const p of PAGES.filter((q) => q[lang])) {
        const url = walk.url(p[lang]);
        const { context, page, problems } = await openPage(browser, url, { viewport: { width: 1280, height: 1000 } });
        try {
          await waitMounted(page);
          await showChallenges(page);
          // The comparisons are made when they come near: scroll to each.
          for (const c of await page.$$("canvas[data-compare]")) await c.scrollIntoViewIfNeeded();
          await page.waitForFunction(() => document.querySelectorAll("canvas[data-compare]").length === 0 || document.querySelectorAll(".sl-compare").length > 0, null, { timeout: 30_000 });
          // A refused try button's message, and one applied.
          const tries = await page.$$("button.try");
          if (tries.length) {
            await page.waitForFunction(() => [...document.querySelectorAll("button.try")].every((b) => !b.disabled), null, { timeout: 15_000 });
            await page.evaluate(() => {
              const b = document.querySelector("button.try").cloneNode(true);
              b.dataset.set = '{"separation.nope": 1}';
              b.id = "walk-bad";
              document.querySelector("button.try").after(b);
            });
            await page.click("#walk-bad");
          }
          const items = await widgetTexts(page);
          assert.ok(items.length > 20 && items.some((i) => /steerlab-metric/.test(i.at)), `${url}: the figures' texts were read (${items.length})`);
          assert.ok(items.some((i) => /steerlab-caption|steerlab-title|steerlab-label/.test(i.at) && i.text.includes("⟦")), `${url}: the figures' own texts (titles, captions, labels) were read, in words`);
          const bad = items.filter((i) => /\p{L}/u.test(outside(i.text))).map((i) => `${i.at}: “${i.text.slice(0, 160)}” (outside the words: “${outside(i.text).trim().slice(0, 80)}”)`);
          assert.deepEqual(bad, [], `${url}: words that are not the words files':\n${bad.join("\n")}`);
          assert.deepEqual(await allProblems(page, problems), [], `${url}: problems`);
        } finally {
          await context.close();
        }
      }
    } finally {
      await walk.close();
    }
  });
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
