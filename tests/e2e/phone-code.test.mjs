// Issue 45, item 3: the code never swallows the page (375 × 800, 2×, touch; en, es, fr, pt and
// themes). The chapters' "Implementation" listings (www/code/chapter.js):
//
// - no element of the article is a vertical scroll box (a listing included): a one-finger swipe
//   over the listing scrolls the page;
// - closed, a listing is an excerpt shorter than half the screen, with "Show all N lines" (N, written as the reader writes numbers, the
//   lines of the program) and Download; no line runs past its box (long lines wrap);
// - opened, every line is in the page; "Show less", from the listing's foot, closes it with the
//   bar where the finger was; Download gives the whole program as a file.
//
//   node --test tests/e2e/phone-code.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { serveDist, launchBrowser, allProblems, ensureArtifacts } from "./helpers.mjs";
import { openPhone, swipe, tapAt, settle } from "./fingers.mjs";

const CHAPTERS = ["flocking", "leader-queue-path", "bandada"];
const WORDS = {
  en: { all: (n) => `Show all ${n} lines`, less: "Show less", download: "Download" },
  es: { all: (n) => `Mostrar las ${n} líneas`, less: "Mostrar menos", download: "Descargar" },
  fr: { all: (n) => `Afficher les ${n} lignes`, less: "Afficher moins", download: "Télécharger" },
  pt: { all: (n) => `Mostrar as ${n} linhas`, less: "Mostrar menos", download: "Baixar" },
};

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Every element of the article that scrolls vertically on its own (its content taller than its
 *  box, and overflow-y that lets a finger scroll it). */
const scrollBoxes = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("article *")]
      .filter((e) => /auto|scroll/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${e.scrollHeight} in ${e.clientHeight} px)`)
  );

let n = 0;
for (const lang of ["en", "es", "fr", "pt"]) {
  for (const ch of CHAPTERS) {
    const colorScheme = n++ % 2 ? "dark" : "light";
    test(`${lang} ${ch} (${colorScheme}): the listing is an excerpt that scrolls with the page, opens whole and downloads`, async (t) => {
      const url = lang === "en" ? `/chapters/${ch}.html` : `/${lang}/chapters/${ch}.html`;
      const { context, page, cdp, problems } = await openPhone(browser, server, url, { lang, colorScheme });
      t.after(() => context.close());
      const box = page.locator(".code-listing").first();
      await box.evaluate((b) => b.scrollIntoView({ block: "start", behavior: "instant" }));
      await page.waitForFunction(() => document.querySelector(".code-listing pre")?.textContent.includes("MonoBehaviour"), null, { timeout: 30_000 });
      const text = await box.locator("pre").textContent();
      const lines = text.replace(/\n$/, "").split("\n").length;
      assert.ok(lines > 100, `${url}: a long listing (${lines} lines)`);
      // Closed: an excerpt, every line inside its box, and the way to the whole.
      const closed = await box.evaluate((b) => {
        const pre = b.querySelector("pre");
        const r = pre.getBoundingClientRect();
        const wide = [...pre.querySelectorAll(".code-line")].filter((l) => l.getBoundingClientRect().right > r.right + 0.5).length;
        return { height: r.height, scrollW: pre.scrollWidth, clientW: pre.clientWidth, wide, right: r.right };
      });
      assert.ok(closed.height <= 400, `${url}: the excerpt is ${closed.height} px tall`);
      assert.ok(closed.scrollW <= closed.clientW + 1 && closed.wide === 0 && closed.right <= 375, `${url}: lines run past the box (${closed.wide}; ${closed.scrollW} in ${closed.clientW} px)`);
      // The excerpt starts at the behaviours (issue 55, item 7): the licence's line (SPDX), then
      // within a few lines the first behaviour's class; the licence's text, the notes and the
      // world's parameters folded.
      const shown = await box.evaluate((b) => {
        const bottom = b.querySelector("pre").getBoundingClientRect().bottom;
        return [...b.querySelectorAll("pre .code-line")].filter((l) => l.getClientRects().length && l.getBoundingClientRect().top < bottom).map((l) => l.textContent.trim());
      });
      assert.match(shown[0], /SPDX-License-Identifier/, `${url}: the excerpt's first line is the licence's (${shown[0]})`);
      assert.ok(shown.slice(1, 6).some((l) => /\bclass \w+/.test(l)), `${url}: a behaviour's class within the excerpt's first lines: ${JSON.stringify(shown.slice(0, 6))}`);
      assert.ok(!shown.slice(1).some((l) => /Copyright|Permission to use|THE SOFTWARE IS PROVIDED/i.test(l)), `${url}: the licence's text is folded`);
      const toggle = box.locator('[data-more="toggle"]');
      assert.equal(await toggle.textContent(), WORDS[lang].all(new Intl.NumberFormat(lang).format(lines)));
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(await box.locator('[data-more="download"]').textContent(), WORDS[lang].download);
      assert.deepEqual(await scrollBoxes(page), [], `${url}: scroll boxes in the article`);
      // A one-finger swipe on the listing scrolls the page (nothing to scroll inside it).
      await settle(page);
      const at = await box.locator("pre").evaluate((p) => {
        const r = p.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: Math.min(r.bottom - 20, innerHeight - 20), sy: scrollY };
      });
      await swipe(page, cdp, at.x, at.y, -300);
      await settle(page);
      assert.ok((await page.evaluate(() => scrollY)) - at.sy > 150, `${url}: a swipe on the listing scrolled the page`);
      // Opened: the whole program in the article, as tall as its lines.
      await toggle.evaluate((b) => b.scrollIntoView({ block: "center", behavior: "instant" }));
      await toggle.tap();
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      assert.equal(await toggle.textContent(), WORDS[lang].less);
      const open = await box.evaluate((b) => {
        const pre = b.querySelector("pre");
        const last = [...pre.querySelectorAll(".code-line")].pop().getBoundingClientRect();
        return { inside: last.bottom <= pre.getBoundingClientRect().bottom + 0.5, clipped: pre.scrollHeight > pre.clientHeight + 1, height: pre.clientHeight };
      });
      assert.ok(open.inside && !open.clipped && open.height > 2000, `${url}: opened, ${open.height} px, last line inside: ${open.inside}`);
      assert.deepEqual(await scrollBoxes(page), [], `${url}: scroll boxes in the article, opened`);
      await toggle.evaluate((b) => b.scrollIntoView({ block: "end", behavior: "instant" }));
      await page.screenshot({ path: path.join(ensureArtifacts(), `phone-code-open-${lang}-${colorScheme}-${ch}.png`) });
      // Closed again from its foot: the bar stays under the finger.
      const y0 = (await toggle.boundingBox()).y;
      const b = await toggle.boundingBox();
      await tapAt(page, cdp, b.x + b.width / 2, b.y + b.height / 2);
      await page.waitForTimeout(200);
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      const y1 = (await toggle.boundingBox()).y;
      assert.ok(Math.abs(y1 - y0) <= 2, `${url}: closing moved the bar from ${y0} to ${y1} px`);
      await box.evaluate((b) => b.scrollIntoView({ block: "start", behavior: "instant" }));
      await page.screenshot({ path: path.join(ensureArtifacts(), `phone-code-${lang}-${colorScheme}-${ch}.png`) });
      // Download: the whole program, under the exporter's file name.
      const [download] = await Promise.all([page.waitForEvent("download"), box.locator('[data-more="download"]').tap()]);
      assert.match(download.suggestedFilename(), /^Steerlab\w+\.cs$/);
      assert.equal(fs.readFileSync(await download.path(), "utf8"), text, `${url}: the file is the listing`);
      // Wrapped pseudocode keeps its indentation (item 7): every row after a line's first starts
      // under its line's own text, two characters in (a hanging indent), not at the block's edge.
      const pseudo = await page.evaluate(() => {
        const out = { wrapped: 0, bad: [] };
        for (const pre of document.querySelectorAll("pre.pseudo")) {
          const code = pre.querySelector("code");
          const probe = document.createElement("span");
          probe.textContent = "0000000000";
          code.append(probe);
          const ch = probe.getBoundingClientRect().width / 10;
          probe.remove();
          const left = code.getBoundingClientRect().left;
          for (const l of pre.querySelectorAll(".code-line")) {
            const range = document.createRange();
            range.selectNodeContents(l);
            const rows = [...range.getClientRects()].filter((r) => r.width > 0).reduce((acc, r) => {
              const row = acc.find((a) => Math.abs(a.top - r.top) < 2);
              if (row) row.left = Math.min(row.left, r.left);
              else acc.push({ top: r.top, left: r.left });
              return acc;
            }, []);
            if (rows.length < 2) continue;
            out.wrapped++;
            const indent = /^[ ]*/.exec(l.textContent)[0].length;
            for (const r of rows.slice(1)) {
              if (r.left < left + (indent + 2) * ch - 1) out.bad.push(`${l.textContent.trim().slice(0, 40)}: a row at ${(r.left - left).toFixed(1)} px, its indent ${indent}`);
            }
          }
        }
        return out;
      });
      t.diagnostic(`${url}: ${pseudo.wrapped} pseudocode lines wrap`);
      assert.ok(pseudo.wrapped > 0, `${url}: some pseudocode line wraps on a phone`);
      assert.deepEqual(pseudo.bad, [], `${url}: wrapped pseudocode rows at the block's edge`);
      assert.deepEqual(await allProblems(page, problems), []);
    });
  }
}
