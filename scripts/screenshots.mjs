// Refresh the README's screenshots: docs/screenshots/<scenario>.png, one per gallery figure, after
// each has run for a few seconds, and the stress canvas at 100 000 boids (stress-100k.png). Needs a
// built dist/ (trunk build --release).
// Usage: node scripts/screenshots.mjs
import path from "node:path";
import { serveDist, launchBrowser, openPage, waitForSteerlab, waitForDrawn, ROOT } from "../tests/e2e/helpers.mjs";

const out = path.join(ROOT, "docs", "screenshots");
const server = await serveDist();
const browser = await launchBrowser();
try {
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
} finally {
  await browser.close();
  await server.close();
}
