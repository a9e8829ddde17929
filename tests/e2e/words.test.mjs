// Issue 46, words as data, in Chromium: the test pages in French, Brazilian Portuguese and an
// author's half-translated Italian (pages/languages/) show their own words in the flock figure
// with its folds open — buttons, menu, settings, legend, scrub bar, readout, inspector, chart —
// with numbers as the locale writes them, English only where Italian has no words and never a key
// name; a scenario's "pt" title on a pt-BR page; each page fetches the one words file it needs;
// words added or hosted after mounting reach the figures on screen; bad words are refused with
// messages that name them; the module holds no sentence of any language. Screenshots of each page,
// light and dark, desktop and phone, go to artifacts/ (words-*.png).
//
//   node --test tests/e2e/words.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts, DIST, ROOT } from "./helpers.mjs";

const words = (tag) => JSON.parse(fs.readFileSync(path.join(ROOT, "words", `${tag}.json`), "utf8"));
const EN = words("en");

// A page in German (not shipped) with a hosted words file, and canvases whose language comes from
// their own data-lang or the closest [lang].
const DE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>de</title>
<link rel="steerlab-words" hreflang="de" href="/de-words.json">
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script></head><body>
<canvas id="de" data-scenario="flock" data-autoplay="false"></canvas>
<div lang="fr"><canvas id="fr" data-scenario="seek" data-autoplay="false"></canvas></div>
<canvas id="br" data-scenario="queue" data-lang="pt-BR" data-autoplay="false"></canvas>
</body></html>`;

let server;
let browser;

before(async () => {
  ensureArtifacts();
  server = await serveDist({
    extra: {
      "/languages/de.html": DE,
      "/de-words.json": JSON.stringify({ "ui.share": "Teilen", "touch.settings": "Einstellungen" }),
      "/de-more.json": JSON.stringify({ "ui.embed": "Einbetten" }),
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Every text and accessible name of the figure (its wrapper, its inspector's panel), code left
 *  out (the inspector's pseudocode and the scenario's own texts are checked by the tests of the
 *  module); `own`: the scenario's texts. */
async function texts(page) {
  return page.evaluate(() => {
    const root = document.querySelector(".steerlab");
    const out = [];
    for (const e of [root, ...root.querySelectorAll("*")]) {
      if (e.closest(".steerlab-inspector-body code, .steerlab-inspector-comment, .steerlab-title, .steerlab-caption, .steerlab-controls")) continue;
      for (const a of ["aria-label", "aria-valuetext", "title"]) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
      for (const n of e.childNodes) if (n.nodeType === 3 && n.data.trim()) out.push(n.data.trim());
    }
    return out;
  });
}

/** The page's figure with its menu and settings open (a narrow or compact figure folds them). */
async function openFigure(page) {
  await waitForSteerlab(page, 60_000);
  await page.waitForFunction(() => document.querySelector(".steerlab-metric")?.textContent, null, { timeout: 60_000 });
  // (A phone starts with the chart and the inspector folded: the reader opens them.)
  await page.evaluate(() => {
    const v = window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]"));
    v.chart(true);
    v.inspector = true;
  });
  await page.waitForFunction(() => document.querySelector(".steerlab-chart-legend button"), null, { timeout: 60_000 });
  await page.evaluate(() => {
    for (const b of document.querySelectorAll(".steerlab [data-action=menu], .steerlab [data-action=settings]")) if (b.getAttribute("aria-expanded") === "false") b.click();
    window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]")).pause();
  });
}

const KEY_NAME = /\b(ui|touch|readout|chart|meaning|rule|word|page|pseudo|legend|canvas|inspector|hud|still)\.[a-z_]+/;

/** The page's language's words are on screen, English's (where they differ) are not, and no key
 *  name is: `keys` must show with their text in `lang`. */
function assertSpeaks(shown, lang, keys) {
  const own = words(lang);
  const all = shown.join("\n");
  for (const k of keys) assert.ok(shown.includes(own[k]) || all.includes(own[k]), `${lang}: ${k} = ${JSON.stringify(own[k])} on screen`);
  for (const [k, en] of Object.entries(EN)) {
    if (en === own[k] || /[{[]/.test(en) || !/[a-z]{4}/i.test(en)) continue;
    assert.ok(!shown.includes(en), `${lang}: English ${JSON.stringify(en)} (${k}) on screen`);
  }
  assert.doesNotMatch(all, KEY_NAME, `${lang}: a key name on screen`);
}

const FIGURE_KEYS = ["ui.share", "ui.embed", "ui.save", "ui.seed", "ui.inspector", "ui.chart", "touch.settings_name", "touch.more_name", "touch.step_name", "ui.overlay.velocity", "ui.overlays", "ui.timeline", "chart.m.groups", "ui.chart_meanings", "ui.inspector.next"];

/** The words files the page asked for. */
const wordsFetched = (from) => server.requests.slice(from).map((r) => r.path).filter((p) => p.startsWith("/words/"));

test("a French page shows French words in the flock figure, numbers written the French way, from words/fr.json alone", async () => {
  const from = server.requests.length;
  const { page, problems } = await openPage(browser, server.url("/languages/fr.html"));
  await openFigure(page);
  const shown = await texts(page);
  assertSpeaks(shown, "fr", FIGURE_KEYS);
  const metric = await page.textContent(".steerlab-metric");
  assert.match(metric, /polarisation 0,\d\d/, metric);
  assert.match(metric, /\d\u202f\d{3} tests de distance\/pas/, `French grouping: ${metric}`);
  assert.ok(shown.some((t) => /^séparation ×1,50 → \d+$/.test(t)), "the legend's rows in French");
  assert.match(await page.textContent(".steerlab-chart-legend"), /voisins en moyenne/);
  assert.equal(await page.getAttribute(".steerlab", "lang"), "fr");
  assert.equal(await page.textContent(".steerlab-title"), "Une nuée\u00a0: les trois règles", "the scenario's own French title");
  assert.deepEqual(wordsFetched(from), ["/words/fr.json"], "one words file, French's: English is not needed");
  assert.deepEqual(await allProblems(page, problems), []);
  for (const [scheme, name] of [["light", "fr"], ["dark", "fr-dark"]]) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]")).refreshTheme());
    await page.screenshot({ path: path.join(ROOT, "artifacts", `words-${name}.png`), fullPage: true });
  }
  await page.close();
});

test("a pt-BR page shows Portuguese words (pt), the scenario's \"pt\" texts and Brazilian numbers", async () => {
  const from = server.requests.length;
  const { page, problems } = await openPage(browser, server.url("/languages/pt-BR.html"), { colorScheme: "dark" });
  await openFigure(page);
  const shown = await texts(page);
  assertSpeaks(shown, "pt", FIGURE_KEYS);
  assert.equal(await page.getAttribute(".steerlab", "lang"), "pt-BR");
  assert.equal(await page.textContent(".steerlab-title"), "Um bando: as três regras", "the scenario's \"pt\" title on a pt-BR page");
  assert.match(await page.textContent(".steerlab-caption"), /^Separação, alinhamento e coesão/);
  assert.deepEqual(await page.$$eval(".steerlab-controls option", (os) => os.map((o) => o.textContent)), ["dar a volta", "quicar", "voltar para o centro"]);
  assert.ok((await page.$$eval(".steerlab-controls .steerlab-label", (ls) => ls.map((l) => l.textContent))).includes("Coesão"));
  const metric = await page.textContent(".steerlab-metric");
  assert.match(metric, /polarização 0,\d\d/, metric);
  assert.match(metric, /\d\.\d{3} verificações\/passo/, `Brazilian grouping: ${metric}`);
  assert.match(await page.textContent(".steerlab-scrub-label"), /^passo \d+ \/ \d+ · \d+,\d\d s$/);
  assert.deepEqual(wordsFetched(from), ["/words/pt.json"], "pt-BR reads pt's file, and nothing else");
  assert.deepEqual(await allProblems(page, problems), []);
  await page.screenshot({ path: path.join(ROOT, "artifacts", "words-pt-BR-dark.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]")).refreshTheme());
  await page.screenshot({ path: path.join(ROOT, "artifacts", "words-pt-BR.png"), fullPage: true });
  await page.close();
});

test("on a phone, the French and Portuguese figures' folded menu and settings open in their language", async () => {
  for (const [url, lang, scheme] of [["/languages/fr.html", "fr", "light"], ["/languages/pt-BR.html", "pt", "dark"]]) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(server.url(url));
    await openFigure(page);
    const shown = await texts(page);
    assertSpeaks(shown, lang, FIGURE_KEYS);
    assert.equal(await page.getAttribute(".steerlab [data-action=settings]", "aria-expanded"), "true");
    await page.locator(".steerlab-settings").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ROOT, "artifacts", `words-${lang}-phone-${scheme}.png`) });
    await context.close();
  }
});

test("an Italian page shows the author's half Italian (addWords) and English for the rest, no key names, one warning", async () => {
  const from = server.requests.length;
  // (The console is listened to from the start: the warning comes as the words do.)
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const warnings = [];
  const errors = [];
  page.on("console", (m) => {
    if (m.type() === "warning" && m.text().startsWith("steerlab")) warnings.push(m.text());
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url("/languages/it.html"));
  await openFigure(page);
  const shown = await texts(page);
  const it = { "ui.share": "Condividi", "touch.settings_name": "Impostazioni: parametri e livelli", "ui.overlay.forces": "forze", "chart.m.mean_neighbours": "vicini in media" };
  for (const text of Object.values(it)) assert.ok(shown.includes(text), `Italian ${text} on screen`);
  for (const k of ["ui.inspector.next", "chart.m.groups", "ui.chart_meanings"]) assert.ok(shown.includes(EN[k]), `English for ${k}, which Italian lacks`);
  assert.doesNotMatch(shown.join("\n"), KEY_NAME);
  assert.ok(shown.some((t) => /^separazione ×1,50 → \d+$/.test(t)), "Italian legend rows, Italian numbers");
  assert.match(await page.textContent(".steerlab-metric"), /^120 agenti · polarizzazione 0,\d\d/);
  assert.equal(await page.textContent(".steerlab-title"), "Uno stormo: le tre regole");
  assert.deepEqual(wordsFetched(from), ["/words/en.json"], "Italian is not shipped: English for the rest");
  for (let i = 0; i < 100 && !warnings.length; i++) await page.waitForTimeout(100);
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /"it" lack \d+ of \d+ keys, shown in English: .*ui\.inspector\.next/);
  await page.screenshot({ path: path.join(ROOT, "artifacts", "words-it.png"), fullPage: true });

  // More words after mounting: the figure writes them (marked labels, the chart, the readout).
  const events = await page.evaluate(async () => {
    const seen = [];
    document.addEventListener("steerlab:words", (e) => seen.push(e.detail.tag));
    window.steerlab.addWords("it", { "chart.m.groups": "gruppi", "ui.inspector.next": "Agente successivo", "touch.step_name": "Un passo avanti", "readout.flock": "{agents} uccelli · polarizzazione {polarisation}" });
    return seen;
  });
  assert.deepEqual(events, ["it"]);
  await page.waitForFunction(() => [...document.querySelectorAll(".steerlab-chart-legend button")].some((b) => b.textContent === "gruppi"), null, { timeout: 30_000 });
  assert.equal(await page.getAttribute(".steerlab [data-action=inspect-next]", "aria-label"), "Agente successivo");
  assert.equal(await page.getAttribute(".steerlab [data-action=step]", "aria-label"), "Un passo avanti");
  await page.waitForFunction(() => document.querySelector(".steerlab-metric").textContent.startsWith("120 uccelli · polarizzazione 0,"), null, { timeout: 30_000 });
  assert.equal(warnings.length, 1, "one warning per language");
  assert.deepEqual(errors, []);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("canvas[data-scenario]")).refreshTheme());
  await page.screenshot({ path: path.join(ROOT, "artifacts", "words-it-dark.png"), fullPage: true });
  await context.close();
});

test("languages come from data-lang, the closest [lang] or the page; hosted words files (<link>, loadWords) reach the figures", async () => {
  const { page, problems } = await openPage(browser, server.url("/languages/de.html"));
  await waitForSteerlab(page, 60_000);
  const bar = (id) => page.$eval(`#${id}`, (c) => c.closest(".steerlab").querySelector(".steerlab-bar").textContent);
  await page.waitForFunction(() => document.querySelectorAll(".steerlab").length === 3, null, { timeout: 60_000 });
  assert.match(await bar("de"), /Teilen/, "the <link rel=steerlab-words> file's words");
  assert.match(await bar("de"), /Embed/, "English where German has none");
  assert.match(await bar("fr"), /Partager/, "the closest [lang]: French");
  assert.match(await bar("br"), /Compartilhar/, "data-lang=pt-BR: Portuguese");
  assert.equal(await page.$eval("#br", (c) => c.closest(".steerlab").lang), "pt-BR");
  await page.evaluate(() => window.steerlab.loadWords("de", "/de-more.json"));
  await page.waitForFunction(() => document.querySelector("#de").closest(".steerlab").querySelector(".steerlab-bar").textContent.includes("Einbetten"), null, { timeout: 30_000 });
  assert.doesNotMatch(await bar("fr"), /Einbetten/, "German words stay German");
  // Mistakes: named, and nothing else breaks.
  const errors = await page.evaluate(() => {
    const out = [];
    for (const [tag, w] of [["not a tag!", {}], ["it", []], ["it", "text"]]) {
      try {
        window.steerlab.addWords(tag, w);
        out.push("accepted");
      } catch (e) {
        out.push(e.message);
      }
    }
    return out;
  });
  assert.match(errors[0], /addWords: "not a tag!" is not a language tag/);
  assert.match(errors[1], /addWords\("it", words\): words must be an object/);
  assert.match(errors[2], /words must be an object/);
  const warned = [];
  page.on("console", (m) => m.type() === "warning" && warned.push(m.text()));
  await page.evaluate(() => window.steerlab.addWords("de", { "ui.save": 3, "ui.seed": "Neuer Zufallswert" }));
  await page.waitForFunction(() => document.querySelector("#de").closest(".steerlab").querySelector(".steerlab-bar").textContent.includes("Neuer Zufallswert"), null, { timeout: 30_000 });
  assert.ok(warned.some((w) => /addWords\("de"\): not a text, left out: ui\.save/.test(w)), warned.join("\n"));
  // checkWords: what a file lacks, what English does not have, placeholders that differ.
  const check = await page.evaluate(() => window.steerlab.checkWords({ "ui.play": "x", hud: "{fps} fps", zzz: "y", "ui.seed": 3, $schema: "../words.schema.json" }));
  assert.equal(check.ok, false);
  assert.deepEqual(check.extra, ["zzz"]);
  assert.deepEqual(check.invalid, ["ui.seed"]);
  assert.deepEqual(check.placeholders, [{ key: "hud", expected: ["agents", "draw_ms", "fps", "step_ms"], got: ["fps"] }]);
  assert.equal(check.missing.length, Object.keys(EN).length - 3);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test("a figure's menu and overlays are named with its title, and still are when words arrive for its language ({title})", async () => {
  const { page, problems } = await openPage(browser, server.url("/languages/de.html"));
  await waitForSteerlab(page, 60_000);
  await page.waitForFunction(() => document.querySelectorAll(".steerlab").length === 3, null, { timeout: 60_000 });
  // Each group's accessible name, by canvas: [menu, overlays] (a page has one of each per figure).
  const names = () =>
    page.evaluate(() =>
      Object.fromEntries(
        ["de", "fr", "br"].map((id) => {
          const root = document.getElementById(id).closest(".steerlab");
          return [id, [".steerlab-menu", ".steerlab-overlays"].map((s) => root.querySelector(s)?.getAttribute("aria-label") ?? null)];
        }),
      ),
    );
  const FR = words("fr");
  const PT = words("pt");
  const want = {
    de: [EN["touch.more_of"], EN["ui.overlays_of"]].map((w) => w.replace("{title}", "Flocking: the three rules combined")),
    // (The built-ins' titles are words too: the French and Portuguese figures name theirs in their language.)
    fr: [FR["touch.more_of"].replace("{title}", FR["scenario.seek.title"]), null],
    br: [PT["touch.more_of"].replace("{title}", PT["scenario.queue.title"]), null],
  };
  assert.deepEqual(await names(), want, "named at mount");
  assert.equal(want.de[0], "More: Flocking: the three rules combined");
  // Words arrive for German (a hosted file, then an author's): every figure writes its words again,
  // the groups keep their figure's title, and a translated template fills it in.
  // (The German figure plays meanwhile: its ▶ button's word stays "Pause", not the written-again "Play".)
  await page.evaluate(() => window.steerlab.viewerFor(document.querySelector("#de")).play());
  await page.evaluate(() => window.steerlab.loadWords("de", "/de-more.json"));
  await page.waitForFunction(() => document.querySelector("#de").closest(".steerlab").querySelector(".steerlab-bar").textContent.includes("Einbetten"), null, { timeout: 30_000 });
  assert.deepEqual(await names(), want, "after a hosted words file");
  assert.deepEqual(await page.$eval("#de", (c) => [...c.closest(".steerlab").querySelectorAll("[data-action=play], [data-action=play] .steerlab-word")].map((e) => e.getAttribute("aria-label") ?? e.textContent)), [EN["ui.pause_name"], EN["ui.pause_name"]]);
  await page.evaluate(() => window.steerlab.addWords("de", { "touch.more_of": "Mehr: {title}", "touch.more": "Mehr" }));
  await page.waitForFunction(() => document.querySelector("#de").closest(".steerlab").querySelector(".steerlab-menu").getAttribute("aria-label").startsWith("Mehr"), null, { timeout: 30_000 });
  assert.deepEqual(await names(), { ...want, de: ["Mehr: Flocking: the three rules combined", want.de[1]] }, "after addWords");
  assert.match(await page.$eval("#de", (c) => c.closest(".steerlab").querySelector("[data-action=menu]").textContent), /Mehr/);
  // The built-in's own texts are words as well: German ones, given after mounting, reach its title
  // (the canvas's accessible name, its groups' names), its caption and its control's label.
  await page.evaluate(() =>
    window.steerlab.addWords("de", {
      "scenario.flock.title": "Ein Schwarm",
      "scenario.flock.caption": "{Tippe auf|Klicke auf} einen Boid.",
      "scenario.flock.label.separation.weight": "Trennung",
    }),
  );
  await page.waitForFunction(() => document.querySelector("#de").getAttribute("aria-label").startsWith("Ein Schwarm"), null, { timeout: 30_000 });
  const de = await page.$eval("#de", (c) => {
    const root = c.closest(".steerlab");
    const label = [...root.querySelectorAll(".steerlab-controls .steerlab-label")].map((l) => l.textContent);
    return { caption: root.querySelector(".steerlab-caption")?.textContent, label, menu: root.querySelector(".steerlab-menu").getAttribute("aria-label") };
  });
  assert.equal(de.caption, "Klicke auf einen Boid.", "the caption, for a mouse");
  assert.equal(de.label[0], "Trennung");
  assert.equal(de.label[1], EN["scenario.flock.label.alignment.weight"], "English for the labels German lacks");
  assert.equal(de.menu, "Mehr: Ein Schwarm");
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test("the command checks a words file: a shipped one passes, a wrong one is named key by key", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steerlab-words-"));
  try {
    const bad = path.join(dir, "it.json");
    fs.writeFileSync(bad, JSON.stringify({ "ui.play_name": "Avvia", hud: "{fps} fps", "ui.bogus": "x" }));
    const tool = path.join(ROOT, "pkg", "tools", "check-words.mjs");
    const ok = spawnSync(process.execPath, [tool, path.join(ROOT, "words", "fr.json")], { encoding: "utf8" });
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /fr\.json: (\d+) of \1 keys, ok/);
    const no = spawnSync(process.execPath, [tool, bad], { encoding: "utf8" });
    assert.equal(no.status, 1, no.stdout + no.stderr);
    assert.match(no.stdout, /not keys of English \(left unused\): ui\.bogus/);
    assert.match(no.stdout, /hud: placeholders \{fps\}, English has \{agents\} \{draw_ms\} \{fps\} \{step_ms\}/);
    assert.match(no.stdout, /missing \(English shows for them\): .*ui\.pause_name/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the module holds no sentence of any language: its words are the files'", () => {
  const wasm = fs.readFileSync(path.join(DIST, "steerlab_bg.wasm"));
  const phrases = [
    ...["rule.separation", "ui.play_name", "ui.save", "ui.seed", "touch.settings_name", "readout.flock", "ui.embed.note"].map((k) => words("es")[k]),
    ...["ui.save", "ui.seed", "touch.settings_name", "ui.canvas", "ui.keys"].map((k) => EN[k]),
    ...["ui.reset", "touch.more_name"].map((k) => words("fr")[k]),
  ];
  for (const p of phrases) assert.equal(wasm.indexOf(Buffer.from(p)), -1, `${JSON.stringify(p)} is inside the .wasm`);
  // (Its keys are: it looks texts up by them.)
  assert.notEqual(wasm.indexOf(Buffer.from("touch.settings_name")), -1);
});
