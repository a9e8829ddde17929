// Issue 60, items 4 and 5, as an author writing in her own language meets them:
// - a figure whose scenario has mistakes shows them once, in its box, under a heading in the page's
//   language; the alert beside the canvas is for screen readers only (it showed the message a
//   second time, in the site's font);
// - the Embed dialog writes what the author wrote: `data-scenario-src` for a figure from a file
//   (not the file's JSON), the package's files with the `?v=` the page named the loader with, and
//   a note that matches the snippet.
//
//   node --test tests/e2e/errors.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { DIST, serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, ensureArtifacts } from "./helpers.mjs";

const build = JSON.parse(fs.readFileSync(path.join(DIST, "manifest.json"), "utf8")).build;
const words = (tag) => JSON.parse(fs.readFileSync(path.join(DIST, "words", `${tag}.json`), "utf8"));
const BROKEN = '{"name":"x","world":{"width":640,"height":360,"edges":"wrapp"},"agents":{"count":30},"behaviours":[{"type":"alignment","wieght":1,"perception":-3}]}';
// The module's messages, one a line (the authors' tools add the near misses: www/near-miss.js).
const MISTAKES = [/^behaviours\[0\]\.wieght: unknown field `wieght`, expected /, /^world\.edges: unknown value `wrapp`, expected one of `wrap`/, /^behaviours\[0\]\.perception: must be > 0, got -3$/];

const page = (lang, body) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>post</title>
<link rel="stylesheet" href="/www/steerlab.css?v=${build}">
<script type="module" src="/www/boot.js?v=${build}"></script></head>
<body><p>Text before the figure.</p>${body}<p>Text after.</p></body></html>`;

let server, browser;
before(async () => {
  const figure = `<figure><canvas id="bad" data-scenario='${BROKEN}'></canvas><figcaption>A figure</figcaption></figure>`;
  server = await serveDist({
    extra: {
      "/es.html": page("es", figure),
      "/en.html": page("en", figure),
      "/pt.html": page("pt-BR", figure),
      "/posts/mine.json": fs.readFileSync(path.join(DIST, "scenarios", "flock.json"), "utf8").replace('"name": "flock"', '"name": "mine"'),
      "/posts/embed.html": page("es", `<canvas id="mine" data-scenario-src="mine.json" data-seed="5" data-autoplay="false"></canvas><canvas id="flock" data-scenario="flock" data-autoplay="false"></canvas>`),
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test("a figure's mistakes show once, in its box, under a heading in the page's language", async (t) => {
  for (const [file, tag] of [["/es.html", "es"], ["/en.html", "en"], ["/pt.html", "pt"]]) {
    const { context, page: p, problems } = await openPage(browser, server.url(file));
    t.after(() => context.close());
    await p.waitForSelector("#bad + .steerlab-error", { state: "attached", timeout: 30000 });
    const seen = await p.evaluate(() => {
      const alert = document.querySelector(".steerlab-error");
      const r = alert.getBoundingClientRect();
      const canvas = document.getElementById("bad");
      // Every element whose text a reader sees that holds the message (the alert is clipped).
      const visible = [...document.body.querySelectorAll("*")].filter((e) => {
        const b = e.getBoundingClientRect();
        return e.children.length === 0 && /wieght/.test(e.textContent) && b.width > 2 && b.height > 2;
      });
      return { role: alert.getAttribute("role"), text: alert.textContent, w: r.width, h: r.height, canvasH: canvas.getBoundingClientRect().height, visible: visible.map((e) => e.tagName) };
    });
    assert.equal(seen.role, "alert", `${tag}: screen readers hear it`);
    const lines = seen.text.split("\n");
    assert.equal(lines.length, MISTAKES.length, `${tag}: every mistake, one a line: ${seen.text}`);
    MISTAKES.forEach((re, i) => assert.match(lines[i], re, tag));
    assert.ok(seen.w <= 1 && seen.h <= 1, `${tag}: the alert is hidden from sight (${seen.w}×${seen.h})`);
    assert.deepEqual(seen.visible, [], `${tag}: no second copy of the message on the page`);
    assert.ok(seen.canvasH >= 120, `${tag}: the box shows it (${seen.canvasH} px)`);
    // The box's heading, in the page's language (drawn again to read it: the same call the mount made).
    const drawn = await p.evaluate(() => {
      const texts = [];
      const orig = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (s, ...rest) {
        texts.push(String(s));
        return orig.call(this, s, ...rest);
      };
      const c = document.getElementById("bad");
      window.steerlab.refuse(c, c.nextElementSibling.textContent);
      CanvasRenderingContext2D.prototype.fillText = orig;
      return texts;
    });
    assert.equal(drawn[0], words(tag)["ui.error.title"], `${tag}: the heading`);
    assert.equal(drawn.slice(1).join(" ").replace(/\s+/g, " "), seen.text.replace(/\s+/g, " "), `${tag}: the mistakes under it`);
    assert.equal(await p.locator(".steerlab-error").count(), 1, `${tag}: one alert after drawing again`);
    await p.screenshot({ path: path.join(ensureArtifacts(), `errors-once-${tag}.png`) });
    const left = (await allProblems(p, problems)).filter((x) => !/steerlab: (behaviours|world)/.test(x));
    assert.deepEqual(left, [], tag);
  }
});

test("the Embed dialog writes data-scenario-src as the author wrote it, the page's ?v=, and a note that says so", async (t) => {
  const { context, page: p, problems } = await openPage(browser, server.url("/posts/embed.html"));
  t.after(() => context.close());
  await waitForSteerlab(p);
  await p.waitForFunction(() => window.steerlab.viewerFor(document.getElementById("mine")));
  const es = words("es");
  for (const [id, canvas, note] of [
    ["mine", `<canvas data-scenario-src="mine.json" data-seed="5">`, es["ui.embed.note_src"]],
    ["flock", `<canvas data-scenario="flock">`, es["ui.embed.note"]],
  ]) {
    const want = `<link rel="stylesheet" href="/www/steerlab.css?v=${build}">\n${canvas}</canvas>\n<script type="module" src="/www/boot.js?v=${build}"></script>\n`;
    assert.equal(await p.evaluate((i) => window.steerlab.viewerFor(document.getElementById(i)).embedCode(), id), want, id);
    const root = p.locator(".steerlab", { has: p.locator(`#${id}`) });
    await root.locator('[data-action="embed"]').click({ force: true });
    assert.equal(await root.locator("dialog textarea").inputValue(), want, `${id}: the dialog's snippet`);
    assert.equal(await root.locator("dialog .steerlab-dialog-note").textContent(), note, `${id}: the note`);
    assert.doesNotMatch(note, /\/steerlab\//, "the note names no path the snippet replaced");
    // (The dialog is modal: closed, as a reader closes it, before the next figure's button.)
    if (id !== "flock") await p.keyboard.press("Escape");
  }
  await p.screenshot({ path: path.join(ensureArtifacts(), "errors-embed-src.png") });
  assert.deepEqual(await allProblems(p, problems), []);
});
