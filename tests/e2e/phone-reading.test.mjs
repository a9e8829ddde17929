// Issue 33, reading on a phone (375 × 800, 2×, touch): every pseudocode block of every chapter
// fits its column (no text hidden to the side), and the Spanish chapters show no camelCase name
// outside code (the chapters use the seeds' snake_case names or Spanish words).
//
//   node --test tests/e2e/phone-reading.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems, mountEvery, waitForSteerlab } from "./helpers.mjs";

const CHAPTERS = ["flocking", "leader-queue-path", "bandada"];
const PHONE = { viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 };

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

for (const lang of ["en", "es"]) {
  for (const ch of CHAPTERS) {
    test(`${lang} ${ch}: at 375 px every pseudocode block fits its column`, async () => {
      const url = lang === "es" ? `/es/chapters/${ch}.html` : `/chapters/${ch}.html`;
      const { context, page, problems } = await openPage(browser, server.url(url), PHONE);
      const blocks = await page.$$eval("pre.pseudo", (ps) =>
        ps.map((p) => ({ text: p.textContent.slice(0, 40), scroll: p.scrollWidth, client: p.clientWidth, right: p.getBoundingClientRect().right }))
      );
      assert.ok(blocks.length > 0, `${url} has pseudocode`);
      for (const b of blocks) {
        assert.ok(b.scroll <= b.client + 1, `${url}: "${b.text}…" is ${b.scroll} px wide in a ${b.client} px box`);
        assert.ok(b.right <= 375 + 0.5, `${url}: "${b.text}…" ends at ${b.right} px, past the 375 px screen`);
      }
      if (lang === "es") {
        await waitForSteerlab(page);
        await mountEvery(page);
        // Visible text outside code, buttons' labels included (the controls' labels come from the
        // scenarios), in words: an identifier like slowRadius is a lower-case letter then a capital.
        const camel = await page.evaluate(() => {
          const out = [];
          const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const el = n.parentElement;
            if (!el || el.closest("code, pre, script, style, [hidden]") || !el.getClientRects().length) continue;
            for (const m of n.textContent.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\b/g)) out.push(`${m[0]} (in <${el.tagName.toLowerCase()}>)`);
          }
          return out;
        });
        assert.deepEqual(camel, [], `${url}: camelCase in visible Spanish text`);
      }
      assert.deepEqual(await allProblems(page, problems), []);
      await context.close();
    });
  }
}
