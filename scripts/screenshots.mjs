// Refresh the README's screenshots from a built dist/ (trunk build --release).
//
//   node scripts/screenshots.mjs            # everything below
//   node scripts/screenshots.mjs canvases   # docs/screenshots/<scenario>.png, one per gallery figure, after
//                                           # each has run for a few seconds, and the stress canvas at
//                                           # 100 000 boids (stress-100k.png)
//   node scripts/screenshots.mjs pages      # the Spanish gallery and a Spanish chapter as a phone shows
//                                           # them (375 px wide, 2×, dark scheme): docs/screenshots/
//                                           # es-gallery.png, es-chapter.png; the English twins go to
//                                           # artifacts/ (en-gallery.png, en-chapter.png) to compare
import path from "node:path";
import { serveDist, launchBrowser, openPage, waitForSteerlab, waitForDrawn, ensureArtifacts, ROOT } from "../tests/e2e/helpers.mjs";

const out = path.join(ROOT, "docs", "screenshots");
const what = process.argv[2] || "all";
if (!["all", "canvases", "pages"].includes(what)) {
  console.error(`usage: node scripts/screenshots.mjs [all|canvases|pages], got ${what}`);
  process.exit(2);
}

async function canvases(browser, server) {
  const { context, page } = await openPage(browser, server.url("/"), { viewport: { width: 1280, height: 900 } });
  await waitForSteerlab(page);
  const names = await page.$$eval("canvas[data-scenario]", (cs) => cs.map((c) => c.dataset.scenario));
  for (const name of names) {
    const fig = page.locator(`#viz-${name}`);
    await fig.scrollIntoViewIfNeeded();
    await waitForDrawn(page, `canvas[data-scenario="${name}"]`);
    await page.waitForTimeout(name === "stress" ? 3000 : 5000);
    await fig.screenshot({ path: path.join(out, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
  }
  // The stress canvas with its slider at 100 000 (the README's performance section).
  const stress = page.locator("#viz-stress");
  await stress.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="stress"]')).set("agents.count", 100000));
  await page.waitForTimeout(10000);
  await stress.screenshot({ path: path.join(out, "stress-100k.png") });
  console.log("docs/screenshots/stress-100k.png");
  await context.close();
}

/** One phone-sized view of a page: the top of the gallery, a chapter at its separation figure. */
async function phone(browser, server, url, file, scrollTo) {
  const { context, page } = await openPage(browser, server.url(url), {
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    colorScheme: "dark",
  });
  await waitForSteerlab(page);
  if (scrollTo) {
    await page.evaluate((sel) => {
      const el = document.querySelector(sel);
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 8);
    }, scrollTo);
  }
  await page.waitForTimeout(4000);
  await page.screenshot({ path: file });
  console.log(path.relative(ROOT, file));
  await context.close();
}

async function pages(browser, server) {
  const art = ensureArtifacts();
  await phone(browser, server, "/es/", path.join(out, "es-gallery.png"));
  await phone(browser, server, "/es/chapters/flocking.html", path.join(out, "es-chapter.png"), "#separation-title");
  await phone(browser, server, "/", path.join(art, "en-gallery.png"));
  await phone(browser, server, "/chapters/flocking.html", path.join(art, "en-chapter.png"), "#separation-title");
}

const server = await serveDist();
const browser = await launchBrowser();
try {
  if (what !== "pages") await canvases(browser, server);
  if (what !== "canvases") await pages(browser, server);
} finally {
  await browser.close();
  await server.close();
}
