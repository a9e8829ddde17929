// Issue 58: figures that speak as they play, read as a screen reader reads them (CDP
// Accessibility.getFullAXTree / getPartialAXTree) on the three chapters, in English and Spanish:
// 1. the description follows the scene: a focused figure's accessible description is renewed
//    while it plays (at most every few seconds) with no live-region chatter (≤ 3 changes in 10 s
//    with no action); D says the whole scene now;
// 2. each behaviour tells its lesson: after a try button, one sentence in the lesson's terms
//    (what moved, before → after, or the headline "so far"), never "no visible change";
// 3. names that stay and differ: every figure's canvas is named as the page names it (its
//    caption's title, its task's title, a comparison's side and parameters), no two alike, no raw
//    `{tap|click}` forms;
// 4. short: the focus says ≤ 60 words (the name and one sentence), a slider's value once, the
//    keys on request (H);
// 5. few stops: ≤ 120 tab stops through the flocking chapter; a figure's bar is one ARIA toolbar
//    (one stop, ← → Home End inside, Tab leaves it); every button of the bar says what it did.
//
//   node --test tests/e2e/a11y-speech.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, mountEvery, ensureArtifacts, ARTIFACTS } from "./helpers.mjs";

const CHAPTERS = ["flocking", "leader-queue-path", "bandada"];
const urlOf = (lang, ch) => (lang === "es" ? `/es/chapters/${ch}.html` : `/chapters/${ch}.html`);
const wordsIn = (s) => s.trim().split(/\s+/).filter(Boolean).length;

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The figure canvases `ids` as the page's accessibility tree has them: `{ id, name, description,
 *  role }`, from ONE full tree (matched to the canvases by their backend node ids). */
async function canvasesInTree(page, ids) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("Accessibility.enable");
  const backend = new Map();
  for (const id of ids) {
    const { result } = await cdp.send("Runtime.evaluate", { expression: `document.getElementById(${JSON.stringify(id)})` });
    const { node } = await cdp.send("DOM.describeNode", { objectId: result.objectId });
    backend.set(node.backendNodeId, id);
  }
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const out = [];
  for (const n of nodes) {
    const id = backend.get(n.backendDOMNodeId);
    if (id) out.push({ id, role: n.role?.value, name: n.name?.value ?? "", description: n.description?.value ?? "" });
  }
  return { out, nodes };
}

/** How many tab stops the page has, pressing Tab from its top until the focus comes round. */
async function tabStops(page) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.evaluate(() => window.scrollTo(0, 0));
  let first = null;
  let stops = 0;
  for (let k = 0; k < 400; k++) {
    await page.keyboard.press("Tab");
    const key = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      return (e.dataset.tabKey ??= String(Math.random()));
    });
    if (!key) continue;
    if (key === first) break;
    first ??= key;
    stops++;
  }
  return stops;
}

/** One element's accessibility node (name, description, role), by a handle on it. */
async function axNode(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send("Runtime.evaluate", { expression: `document.querySelector(${JSON.stringify(selector)})` });
  assert.ok(result.objectId, `${selector}: no such element`);
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { objectId: result.objectId, fetchRelatives: false });
  await cdp.detach();
  const n = nodes[0];
  return { role: n.role?.value, name: n.name?.value ?? "", description: n.description?.value ?? "", ignored: n.ignored, value: n.value?.value };
}

for (const lang of ["en", "es"]) {
  test(`${lang}: names that stay and differ, and the focus says ≤ 60 words (the name and one sentence), on the three chapters`, async (t) => {
    for (const ch of CHAPTERS) {
      const { context, page, problems } = await openPage(browser, server.url(urlOf(lang, ch)));
      await waitForSteerlab(page);
      await mountEvery(page);
      // (A comparison builds its second view once its first has mounted.)
      await page.waitForFunction(() => document.querySelectorAll(".sl-compare canvas.steerlab-canvas").length === 2 && [...document.querySelectorAll("canvas[data-scenario]")].every((c) => c.classList.contains("steerlab-canvas")), null, { timeout: 15_000 });
      await page.waitForTimeout(500);
      const figures = await page.$$eval("canvas.steerlab-canvas", (cs) => cs.map((c, i) => (c.id ||= `a11y-speech-${i}`)));
      // Focus each figure as a reader tabbing to it does: its one sentence is written.
      for (const id of figures) {
        await page.focus(`#${id}`);
        await page.waitForFunction((id) => {
          const by = document.getElementById(id).getAttribute("aria-describedby");
          return by && document.getElementById(by)?.classList.contains("steerlab-scene") && document.getElementById(by).textContent.length > 5;
        }, id, { timeout: 10_000 }).catch((e) => assert.fail(`${lang} ${ch} #${id}: no description after the focus (${e.message})`));
      }
      const { out } = await canvasesInTree(page, figures);
      assert.equal(out.length, figures.length, `${lang} ${ch}: every figure in the tree`);
      // What the page names each figure: its caption's title, its task's title, a comparison's
      // label (the side shown, and what that view runs).
      const expected = await page.$$eval("canvas.steerlab-canvas", (cs) =>
        cs.map((c) => {
          const label = c.getAttribute("aria-labelledby");
          if (label) return [...document.getElementById(label).querySelectorAll(".sl-compare-where > span, .sl-compare-name")].filter((e) => e.getClientRects().length).map((e) => e.textContent).join("");
          const own = c.closest("figure")?.querySelector("figcaption strong") ?? c.closest("[data-challenge]")?.querySelector(".challenge-task strong");
          return own?.textContent.trim().replace(/[.:—–-]\s*$/, "") ?? null;
        }),
      );
      const names = new Map();
      t.diagnostic(`${lang} ${ch}: ${out.length} figures, at most ${Math.max(...out.map((n) => wordsIn(`${n.name}. ${n.description}`)))} words at the focus`);
      for (const n of out) {
        const want = expected[figures.indexOf(n.id)];
        assert.ok(!/[{}|]/.test(n.name) && !/tapclick|tocaclic|tocarclic/i.test(n.name), `${lang} ${ch} #${n.id}: a raw form in its name: ${n.name}`);
        if (want) assert.equal(n.name.replace(/\s+/g, " ").trim(), want.replace(/\s+/g, " ").trim(), `${lang} ${ch} #${n.id}: named as the page names it`);
        assert.ok(!names.has(n.name), `${lang} ${ch}: "${n.name}" names #${n.id} and #${names.get(n.name)}`);
        names.set(n.name, n.id);
        const said = `${n.name}. ${n.description}`;
        assert.ok(wordsIn(said) <= 60, `${lang} ${ch} #${n.id}: ${wordsIn(said)} words at the focus:\n${said}`);
        assert.match(n.description, /\d/, `${lang} ${ch} #${n.id}: one sentence of scene with its numbers: ${n.description}`);
        assert.ok(!/Space plays|Espacio reproduce|Keys:|Teclas:/.test(said), `${lang} ${ch} #${n.id}: the keys are said on request, not at every focus: ${said}`);
      }
      // A comparison's panes say which side and what each runs (the right one its parameters).
      const panes = out.filter((n) => expected[figures.indexOf(n.id)] && /:/.test(n.name) && n.id.length && figures.indexOf(n.id) >= 0);
      const inCompare = await page.$$eval(".sl-compare canvas.steerlab-canvas", (cs) => cs.map((c) => c.id));
      assert.equal(inCompare.length, 2, `${lang} ${ch}: a comparison's two panes`);
      const [l, r] = inCompare.map((id) => out.find((n) => n.id === id).name);
      assert.ok(l !== r && /\d|off|no |apagad|sin /i.test(r), `${lang} ${ch}: the panes "${l}" and "${r}"`);
      assert.ok(panes.length >= 2);
      // A slider's value once: its name is its label, its <output> is not read again.
      const slider = await page.$eval(".steerlab-controls input[type=range]", (i) => (i.id ||= "a11y-slider"));
      const s = await axNode(page, `#${slider}`);
      const out2 = await page.$eval(`#${slider}`, (i) => i.closest("label").querySelector("output").textContent);
      assert.ok(out2 && !s.name.includes(out2), `${lang} ${ch}: the slider's name "${s.name}" repeats its value ${out2}`);
      const o = await page.$eval(`#${slider}`, (i) => (i.closest("label").querySelector("output").id ||= "a11y-output"));
      assert.equal((await axNode(page, `#${o}`)).ignored, true, `${lang} ${ch}: the value's <output> is not a second reading`);
      assert.deepEqual(await allProblems(page, problems), []);
      await context.close();
    }
  });

  // One figure of each chapter: the flock, the queue, the bandada.
  const FOLLOWED = [
    ["flocking", "c-flock", lang === "es" ? /^120 agentes\. .*polarización/ : /^120 agents\. .*polarisation/],
    ["leader-queue-path", "c-queue", lang === "es" ? /^24 agentes\. .*(fila|frenan)/ : /^24 agents\. .*(line|brake)/],
    ["bandada", "c-bandada", lang === "es" ? /^150 agentes\. .*obstáculos/ : /^150 agents\. .*obstacles/],
  ];
  for (const [ch, id, whole] of FOLLOWED)
  test(`${lang} ${ch}: the description follows the scene while it plays, quietly; D says it all, H the keys`, async (t) => {
    const { context, page, problems } = await openPage(browser, server.url(urlOf(lang, ch)));
    await waitForSteerlab(page);
    await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: "center" }), id);
    await page.waitForFunction((id) => window.steerlab.viewerFor(document.getElementById(id))?.playing, id);
    await page.focus(`#${id}`);
    await page.waitForFunction((id) => document.getElementById(id).closest(".steerlab").querySelector(".steerlab-scene")?.textContent, id);
    await page.waitForTimeout(1500); // (the keys, once a page, were said at the first focus)
    await page.evaluate(() => {
      window.__live = [];
      const mo = new MutationObserver((ms) => {
        for (const m of ms) {
          const e = m.target.nodeType === 1 ? m.target : m.target.parentElement;
          const r = e?.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]');
          if (r && !r.closest("[hidden]")) window.__live.push(r.textContent.slice(0, 80));
        }
      });
      mo.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const seen = [];
    const named = new Set();
    const t0 = Date.now();
    for (let k = 0; k < 12; k++) {
      const n = await axNode(page, `#${id}`);
      seen.push(n.description);
      named.add(n.name);
      await page.waitForTimeout(1000);
    }
    assert.equal(named.size, 1, `${lang} ${ch}: the name stays while the scene plays: ${[...named].join(" | ")}`);
    const secs = (Date.now() - t0) / 1000;
    const distinct = seen.filter((d, i) => i === 0 || d !== seen[i - 1]);
    assert.ok(distinct.length >= 2, `${lang}: the focused figure's description followed the scene in ${secs} s:\n${[...new Set(seen)].join("\n")}`);
    // (At most every few seconds — RENEW_MS, 3 s — not every frame; the samples may take longer
    // than a second each on a busy machine.)
    assert.ok(distinct.length - 1 <= Math.ceil(secs / 2.5), `${lang}: ${distinct.length - 1} renewals in ${secs} s`);
    const live = await page.evaluate(() => window.__live);
    t.diagnostic(`${lang} ${ch}: ${distinct.length - 1} renewals and ${live.length} live-region changes in ${secs} s`);
    assert.ok(live.length <= 3, `${lang}: ${live.length} live-region changes in 12 s with no action:\n${live.join("\n")}`);
    // D: the whole scene now; H: the keys.
    const liveText = () => page.$eval(`#${id}`, (c) => c.closest(".steerlab").querySelector(".steerlab-live").textContent);
    await page.keyboard.press("d");
    await page.waitForTimeout(200);
    const d = await liveText();
    assert.match(d, whole, d);
    assert.ok(wordsIn(d) > wordsIn(seen.at(-1)), "D says more than the one sentence");
    await page.keyboard.press("h");
    await page.waitForTimeout(200);
    assert.match(await liveText(), lang === "es" ? /^Teclas: Espacio/ : /^Keys: Space/);
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
  });

  test(`${lang}: after a try button, one sentence in the lesson's terms (separation, alignment, the flock, the queue)`, async () => {
    const cases = [
      ["flocking", "c-separation", '{"separation.weight": 0}', lang === "es" ? /solapan|distancia/ : /overlap|spacing|spaced/],
      ["flocking", "c-separation", '{"separation.sep_dist": 60}', lang === "es" ? /distancia|separan|a \d+ px/ : /spacing|spread|spaced/],
      ["flocking", "c-alignment", '{"alignment.perception": 150}', lang === "es" ? /polarización|grupo/ : /polarisation|group/],
      ["flocking", "c-flock", '{"alignment.weight": 0}', lang === "es" ? /→|por ahora/ : /→|so far/],
      ["leader-queue-path", null, '{"queue.braking": false}', lang === "es" ? /fila|frena|solapan|pasan/ : /line|brake|overlap|go through/],
    ];
    let open = null;
    for (const [ch, id, set, want] of cases) {
      if (open?.ch !== ch) {
        await open?.context.close();
        open = { ch, ...(await openPage(browser, server.url(urlOf(lang, ch)))) };
        await waitForSteerlab(open.page);
      }
      const page = open.page;
      const b = page.locator(`button.try[data-set='${set}']${id ? `[data-for="${id}"]` : ""}`).first();
      assert.equal(await b.count(), 1, `${ch}: a try button ${set}`);
      const target = id ?? (await b.getAttribute("data-for"));
      await b.scrollIntoViewIfNeeded();
      await page.waitForFunction((id) => document.getElementById(id).hasAttribute("data-steerlab-mounted"), target, { timeout: 15_000 });
      await page.waitForFunction((b) => !b.disabled, await b.elementHandle());
      await page.$eval(`#${target}`, (c) => (c.closest(".steerlab").querySelector(".steerlab-live").textContent = ""));
      await b.click();
      const said = await page
        .waitForFunction(
          (id) => {
            const t = document.getElementById(id).closest(".steerlab").querySelector(".steerlab-live").textContent;
            return /:\s/.test(t) && !/^(Keys|Teclas)/.test(t) && t;
          },
          target,
          { timeout: 20_000 },
        )
        .then((h) => h.jsonValue());
      assert.match(said, want, `${lang} ${set}: ${said}`);
      assert.doesNotMatch(said, /no visible change|sin cambio visible/, `${lang} ${set}: ${said}`);
      assert.ok(wordsIn(said) <= 40, `${lang} ${set}: one short sentence: ${said}`);
    }
    assert.deepEqual(await allProblems(open.page, open.problems), []);
    await open.context.close();
  });

  test(`${lang}: few stops — a figure's bar is one ARIA toolbar, ≤ 120 tab stops through the flocking chapter; every button says what it did`, async (t) => {
    const { context, page, problems } = await openPage(browser, server.url(urlOf(lang, "flocking")));
    await waitForSteerlab(page);
    await mountEvery(page);
    await page.waitForTimeout(1500);
    // The toolbars: one stop each, play first.
    const bars = await page.$$eval(".steerlab-bar", (bs) =>
      bs.map((b) => ({ role: b.getAttribute("role"), label: b.getAttribute("aria-label"), zero: [...b.closest(".steerlab").querySelectorAll("[tabindex='0']")].filter((e) => e.closest(".steerlab-bar") || e.matches("[data-action=fine], .steerlab-overlays input, .steerlab-meanings")).map((e) => e.getAttribute("data-action") ?? e.tagName) })),
    );
    assert.ok(bars.length >= 6, `${bars.length} bars`);
    for (const b of bars) {
      assert.equal(b.role, "toolbar");
      assert.ok(b.label && b.label.length > 3, `a toolbar is named: ${b.label}`);
      assert.deepEqual(b.zero, ["play"], `one tab stop in a bar and its own: ${JSON.stringify(b)}`);
    }
    assert.equal(new Set(bars.map((b) => b.label)).size, bars.length, "the bars' names differ");
    // ← → Home End inside; Tab leaves. (Its keys come with the description, which the first focus
    // in a figure loads: a reader's first arrow a moment later finds them there.)
    const bar = '#c-flock >> xpath=ancestor::div[contains(@class,"steerlab")][1] >> [data-action="play"]';
    await page.locator(bar).focus();
    await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-flock")).describe());
    const at = () => page.evaluate(() => document.activeElement.getAttribute("data-action") ?? document.activeElement.className);
    await page.keyboard.press("ArrowRight");
    assert.equal(await at(), "step-back");
    await page.keyboard.press("End");
    const last = await at();
    await page.keyboard.press("ArrowRight");
    assert.equal(await at(), "play", "wraps to the first");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await at(), last, "and back to the last");
    await page.keyboard.press("Home");
    assert.equal(await at(), "play");
    await page.keyboard.press("ArrowRight");
    await page.screenshot({ path: path.join(ARTIFACTS, `a11y-toolbar-focus-${lang}.png`), clip: await page.$eval("#c-flock", (c) => { const r = c.closest(".steerlab").querySelector(".steerlab-bar").getBoundingClientRect(); return { x: r.x - 8, y: r.y - 40, width: r.width + 16, height: r.height + 80 }; }) });
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Tab");
    assert.ok(await page.evaluate(() => !document.activeElement.closest(".steerlab-bar")), "Tab leaves the toolbar");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await at(), "step-back", "and comes back to the control used last");
    // Every button says what it did: Step back, Save image, New seed (and step, reset, play).
    const liveText = () => page.$eval("#c-flock", (c) => c.closest(".steerlab").querySelector(".steerlab-live").textContent);
    await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("c-flock")).pause());
    for (const action of ["step", "step-back", "seed", "save", "reset", "play"]) {
      await page.$eval("#c-flock", (c) => (c.closest(".steerlab").querySelector(".steerlab-live").textContent = ""));
      const button = page.locator(`#c-flock >> xpath=ancestor::div[contains(@class,"steerlab")][1] >> [data-action="${action}"]`);
      const download = action === "save" ? page.waitForEvent("download").catch(() => null) : null;
      await button.focus();
      await page.keyboard.press("Enter");
      await download;
      await page.waitForFunction(() => document.getElementById("c-flock").closest(".steerlab").querySelector(".steerlab-live").textContent, null, { timeout: 5000 }).catch(() => {});
      const said = await liveText();
      assert.ok(said.length > 3, `${lang}: ${action} said nothing`);
    }
    // The tab stops through the chapter, as a keyboard reader meets them.
    const stops = await tabStops(page);
    t.diagnostic(`${lang} flocking: ${stops} tab stops`);
    assert.ok(stops <= 120, `${lang}: ${stops} tab stops through the flocking chapter`);
    assert.ok(stops >= 40, `${lang}: ${stops} tab stops: the count reached the figures`);
    assert.deepEqual(await allProblems(page, problems), []);
    await context.close();
    // The other chapters: as few.
    for (const ch of ["leader-queue-path", "bandada"]) {
      const { context, page } = await openPage(browser, server.url(urlOf(lang, ch)));
      await waitForSteerlab(page);
      await mountEvery(page);
      await page.waitForTimeout(1500);
      const n = await tabStops(page);
      t.diagnostic(`${lang} ${ch}: ${n} tab stops`);
      assert.ok(n <= 120 && n >= 30, `${lang} ${ch}: ${n} tab stops`);
      await context.close();
    }
  });
}
