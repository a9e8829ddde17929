// Refresh the README's screenshots: docs/screenshots/<scenario>.png, one per gallery figure, after
// each has run for a few seconds, and the stress canvas at 100 000 boids (stress-100k.png). Needs a
// built dist/ (trunk build --release).
// Usage: node scripts/screenshots.mjs [name …]     (only these figures; no stress-100k.png then)
//        node scripts/screenshots.mjs --views name … (into artifacts/: each figure 2×, light and
//                                                      dark, English and Spanish at 375 px wide)
// The page is the gallery with the "Steering basics" section in it (tests/e2e/basics-page.mjs: the
// gallery itself once it carries the section).
import path from "node:path";
import { serveDist, launchBrowser, openPage, waitForSteerlab, waitForDrawn, ROOT, ensureArtifacts } from "../tests/e2e/helpers.mjs";
import { basicsPages } from "../tests/e2e/basics-page.mjs";

const args = process.argv.slice(2);
const views = args[0] === "--views";
const only = views ? args.slice(1) : args;
const out = path.join(ROOT, "docs", "screenshots");
const server = await serveDist({ extra: basicsPages() });
const browser = await launchBrowser();

/** Steps from reset before the shot, paused: the steering basics get the same picture every run. */
const AT = { seek: 70, flee: 30, arrive: 265, pursuit: 300, evade: 360, wander: 240, "obstacle-avoidance": 20, containment: 400, "flow-field": 900 };

/** Screenshot the figure of each of `names` on `url` into `dir`, as `<name><suffix>.png`. */
async function shoot(url, names, dir, suffix, opts = {}) {
  const { context, page } = await openPage(browser, server.url(url), { viewport: { width: 1280, height: 900 }, ...opts });
  await waitForSteerlab(page);
  const all = await page.$$eval("canvas[data-scenario]", (cs) => cs.map((c) => c.dataset.scenario));
  for (const name of names ?? all) {
    const fig = page.locator(`#viz-${name}`);
    await fig.scrollIntoViewIfNeeded();
    await waitForDrawn(page, `canvas[data-scenario="${name}"]`);
    if (name in AT) {
      await page.evaluate(([name, n]) => {
        const v = window.steerlab.viewerFor(document.querySelector(`canvas[data-scenario="${name}"]`));
        v.pause();
        v.reset();
        v.step(n);
        v.render();
      }, [name, AT[name]]);
      // The readout line under the canvas refreshes at most four times a second.
      await page.waitForTimeout(400);
      await page.evaluate((name) => window.steerlab.viewerFor(document.querySelector(`canvas[data-scenario="${name}"]`)).render(), name);
    } else {
      await page.waitForTimeout(name === "stress" ? 3000 : 5000);
    }
    const file = path.join(dir, `${name}${suffix}.png`);
    await fig.screenshot({ path: file });
    console.log(path.relative(ROOT, file));
  }
  return { context, page };
}

try {
  if (views) {
    const dir = ensureArtifacts();
    for (const scheme of ["light", "dark"]) {
      for (const [url, lang] of [["/basics.html", "en"], ["/basics-es.html", "es"]]) {
        const opts = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, colorScheme: scheme };
        const { context } = await shoot(url, only, dir, `-375-2x-${scheme}-${lang}`, opts);
        await context.close();
      }
    }
  } else {
    const { context, page } = await shoot("/basics.html", only.length ? only : undefined, out, "");
    if (!only.length) {
      // The stress canvas with its slider at 100 000 (the README's performance section).
      const stress = page.locator("#viz-stress");
      await stress.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="stress"]')).set("agents.count", 100000));
      await page.waitForTimeout(10000);
      await stress.screenshot({ path: path.join(out, "stress-100k.png") });
      console.log("docs/screenshots/stress-100k.png");
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
