// Issue 21 item 8, the playground (/playground.html, /es/playground.html): pick a built-in scenario,
// edit its JSON with live validation (the message and the field it names at once, the field marked
// in the text), the canvas following the text (debounced destroy + mount), and "copy embed code",
// whose snippet mounts on a blank page with the same scenario.
//
//   node --test tests/e2e/playground.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, ensureArtifacts } from "./helpers.mjs";

const NAMES = fs
  .readdirSync(path.join(ROOT, "scenarios"))
  .filter((f) => f.endsWith(".json") && !f.includes("schema"))
  .map((f) => f.slice(0, -5))
  .sort();

let server, browser;
const extra = {};
before(async () => {
  server = await serveDist({ extra });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function openPlayground(url, opts = {}) {
  const r = await openPage(browser, server.url(url), { viewport: { width: 1280, height: 1000 }, ...opts });
  await waitForSteerlab(r.page);
  await r.page.waitForFunction(() => document.getElementById("pg-text").value.length > 100 && document.getElementById("pg-embed").value.length > 0);
  return r;
}

/** Replace the editor's text as typing would (one input event). */
function typeText(page, value) {
  return page.evaluate((value) => {
    const t = document.getElementById("pg-text");
    t.value = value;
    t.dispatchEvent(new Event("input", { bubbles: true }));
    // Read at once, in the same task: the message must not wait for the debounce.
    return {
      message: document.getElementById("pg-message").textContent,
      invalid: t.getAttribute("aria-invalid"),
      mark: document.querySelector("#pg-backdrop mark")?.textContent ?? null,
      goto: !document.getElementById("pg-goto").hidden,
    };
  }, value);
}

test("the picker offers every built-in scenario, and the canvas shows the one picked", async () => {
  const { context, page, problems } = await openPlayground("/playground.html");
  const options = await page.$$eval("#pg-scenario option", (os) => os.map((o) => o.value).sort());
  assert.deepEqual(options, NAMES);
  for (const name of ["queue", "path-tube"]) {
    await page.selectOption("#pg-scenario", name);
    await page.waitForFunction((n) => window.steerlab.viewerFor(document.getElementById("pg-canvas"))?.state().scenario.name === n, name);
    const text = await page.inputValue("#pg-text");
    assert.equal(text, fs.readFileSync(path.join(ROOT, "scenarios", `${name}.json`), "utf8"), "the editor holds the built-in's file");
    assert.match(await page.inputValue("#pg-embed"), new RegExp(`<canvas data-scenario="${name}"></canvas>`));
  }
  assert.equal(await page.evaluate(() => window.steerlab.liveViewers()), 1, "one viewer: the old one was destroyed");
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

test("a bad value shows its field's message at once and marks the field in the text", async () => {
  const { context, page, problems } = await openPlayground("/playground.html");
  const good = await page.inputValue("#pg-text");
  const before = await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("pg-canvas")).state().agents.length);
  // A value out of range inside a behaviour.
  const bad = good.replace(/"sep_dist": 22/, '"sep_dist": -5');
  assert.notEqual(bad, good);
  let r = await typeText(page, bad);
  assert.match(r.message, /^behaviours\[0\]\.sep_dist: must be > 0, got -5 \(line \d+, column \d+\)$/);
  assert.equal(r.invalid, "true");
  assert.equal(r.mark, '"sep_dist": -5', "the member is marked");
  assert.ok(r.goto, "a button selects it");
  await page.click("#pg-goto");
  const sel = await page.evaluate(() => {
    const t = document.getElementById("pg-text");
    return t.value.slice(t.selectionStart, t.selectionEnd);
  });
  assert.equal(sel, '"sep_dist": -5');
  // Two mistakes at once: both named, a line each as the reader sees them, the place marked (the
  // first's) right after the first.
  const two = bad.replace(/"weight": 1\.5/, '"weight": -1.5');
  assert.notEqual(two, bad);
  r = await typeText(page, two);
  const shown = await page.evaluate(() => document.getElementById("pg-message").innerText.split("\n").filter(Boolean));
  assert.equal(shown.length, 2, `two mistakes, two lines: ${JSON.stringify(shown)}`);
  assert.ok(shown.some((l) => /^behaviours\[0\]\.weight: /.test(l)) && shown.some((l) => /^behaviours\[0\]\.sep_dist: /.test(l)), JSON.stringify(shown));
  assert.match(shown[0], /\(line \d+, column \d+\)$/, "the marked place follows the first mistake");
  // An unknown field, and a syntax error with its place.
  r = await typeText(page, good.replace('"world"', '"wrold"'));
  assert.match(r.message, /^wrold: unknown field `wrold`/);
  assert.ok(r.mark.startsWith('"wrold": {'), r.mark);
  r = await typeText(page, good.replace('"seed": 7,', '"seed": 7,,'));
  assert.match(r.message, /at line \d+ column \d+/);
  assert.ok(r.mark !== null);
  // The canvas keeps the last good scenario while the text is wrong.
  await page.waitForTimeout(600);
  const after = await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("pg-canvas")).state().agents.length);
  assert.equal(after, before);
  // And the good text again clears the message.
  r = await typeText(page, good);
  assert.match(r.message, /^✓/);
  assert.equal(r.mark, null);
  const dir = ensureArtifacts();
  await typeText(page, bad);
  fs.writeFileSync(path.join(dir, "playground-error.png"), await page.screenshot());
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();
});

test("a good edit updates the canvas, and the copied embed code mounts it on a blank page", async () => {
  const { context, page, problems } = await openPlayground("/es/playground.html", { deviceScaleFactor: 2, colorScheme: "dark" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const good = await page.inputValue("#pg-text");
  const edited = good.replace(/"count": \d+/, '"count": 7').replace(/"weight": 1\.5/, '"weight": 0.25');
  const r = await typeText(page, edited);
  assert.match(r.message, /^✓ Escenario válido/);
  await page.waitForFunction(() => window.steerlab.viewerFor(document.getElementById("pg-canvas"))?.state().agents.length === 7, null, { timeout: 5000 });
  const weight = await page.evaluate(() => window.steerlab.viewerFor(document.getElementById("pg-canvas")).get("separation.weight"));
  assert.equal(weight, 0.25);
  await waitForDrawn(page, "#pg-canvas");
  await page.click("#pg-copy");
  await page.waitForFunction(() => document.getElementById("pg-copied").textContent !== "");
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(snippet, await page.inputValue("#pg-embed"));
  // The package where this page loads it from (the site's root here: the site is laid out as the package).
  assert.match(snippet, /^<link rel="stylesheet" href="\/www\/steerlab\.css">\n<canvas data-scenario='\{.*\}'><\/canvas>\n<script type="module" src="\/www\/boot\.js"><\/script>$/s);
  fs.writeFileSync(path.join(ensureArtifacts(), "playground-es-dark.png"), await page.screenshot());
  assert.deepEqual(await allProblems(page, problems), []);
  await context.close();

  // The snippet on a page of its own on the same site, as it is.
  extra["/blank-embed.html"] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body>\n${snippet}\n</body></html>`;
  const blank = await openPage(browser, server.url("/blank-embed.html"));
  await waitForSteerlab(blank.page);
  const st = await blank.page.evaluate(() => {
    const v = window.steerlab.viewerFor(document.querySelector("canvas"));
    return { agents: v.state().agents.length, weight: v.get("separation.weight") };
  });
  assert.deepEqual(st, { agents: 7, weight: 0.25 });
  await waitForDrawn(blank.page, "canvas");
  assert.deepEqual(await allProblems(blank.page, blank.problems), []);
  await blank.context.close();
});

test("the galleries link to the playground in their language", async () => {
  for (const [url, href] of [["/", "/playground.html"], ["/es/", "/es/playground.html"]]) {
    const { context, page } = await openPage(browser, server.url(url));
    const links = await page.$$eval("a", (as) => as.map((a) => new URL(a.href).pathname));
    assert.ok(links.includes(href), `${url} links to ${href}`);
    await context.close();
  }
});
