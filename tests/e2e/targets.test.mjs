// Issue 25: touch targets at 375 px (WCAG 2.5.8, target size minimum, as axe's `target-size` rule
// reads it): every control of a viewer, and the chapters' "try this" buttons, is at least 24 × 24
// CSS px, or a 24 px circle centred on it touches no other control (nor another small control's
// circle). In both languages, after the canvases have mounted.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab } from "./helpers.mjs";

let server;
let browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const PAGES = ["/", "/es/", "/www/embed.html", "/es/embed.html", "/chapters/flocking.html", "/es/chapters/leader-queue-path.html", "/es/chapters/bandada.html"];

for (const url of PAGES) {
  test(`touch targets at 375 px: ${url}`, async () => {
    const { context, page, problems } = await openPage(browser, server.url(url), { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
    try {
      await waitForSteerlab(page);
      // Mount every canvas (viewerFor mounts one still waiting to come near the viewport).
      const n = await page.evaluate(() => [...document.querySelectorAll("canvas[data-scenario]")].filter((c) => window.steerlab.viewerFor(c)).length);
      assert.ok(n >= 1, "no viewer on the page");
      await page.waitForTimeout(200);
      const bad = await page.evaluate(() => {
        const sel = ".steerlab button, .steerlab input, .steerlab select, .steerlab a[href], button.try, button.try-reset";
        const els = [...document.querySelectorAll(sel)].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
        });
        const boxes = els.map((e) => ({ e, r: e.getBoundingClientRect() }));
        const small = (r) => r.width < 24 - 0.01 || r.height < 24 - 0.01;
        const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
        const distToRect = ([x, y], r) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
        const name = (e) => `${e.tagName.toLowerCase()}${e.type ? `[${e.type}]` : ""} "${(e.getAttribute("aria-label") || e.textContent || e.dataset.param || "").trim().slice(0, 30)}"`;
        const out = [];
        for (const a of boxes) {
          if (!small(a.r)) continue;
          const c = centre(a.r);
          for (const b of boxes) {
            if (b === a || b.e.contains(a.e) || a.e.contains(b.e)) continue;
            const d = small(b.r) ? Math.hypot(c[0] - centre(b.r)[0], c[1] - centre(b.r)[1]) : distToRect(c, b.r);
            const need = small(b.r) ? 24 : 12;
            if (d < need - 0.01) {
              out.push(`${name(a.e)} ${a.r.width.toFixed(0)}×${a.r.height.toFixed(0)} is ${d.toFixed(1)} px from ${name(b.e)} (needs ${need})`);
              break;
            }
          }
        }
        return { out, count: boxes.length };
      });
      assert.ok(bad.count >= 5, `only ${bad.count} controls found`);
      assert.deepEqual(bad.out, [], `${url}: targets too small and too close`);
      assert.deepEqual(await allProblems(page, problems), []);
    } finally {
      await context.close();
    }
  });
}
