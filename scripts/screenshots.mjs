// Refresh the screenshots of the docs (docs/screenshots/) from a built dist/ (trunk build --release).
//
//   node scripts/screenshots.mjs                 # everything below
//   node scripts/screenshots.mjs canvases [name …]
//        docs/screenshots/<scenario>.png, one per gallery figure (the steering basics paused at a
//        fixed step, so they are the same picture every run; the others after a few seconds), and
//        the stress canvas at 100 000 boids (stress-100k.png, only without names)
//   node scripts/screenshots.mjs pages
//        the Spanish gallery and a Spanish chapter as a phone shows them (375 px wide, 2×, dark):
//        docs/screenshots/es-gallery.png, es-chapter.png; the English twins go to artifacts/
//   node scripts/screenshots.mjs views name …
//        into artifacts/: each named figure at 375 px, 2×, light and dark, English and Spanish
//   node scripts/screenshots.mjs inspector
//        the inspector: the follow-leader canvas of the English chapter with a line hovered
//        (inspector.png), the Spanish separation canvas on a phone, dark (es-inspector.png)
import path from "node:path";
import { serveDist, launchBrowser, openPage, waitForSteerlab, waitForDrawn, ensureArtifacts, ROOT } from "../tests/e2e/helpers.mjs";

const out = path.join(ROOT, "docs", "screenshots");
const [what = "all", ...names] = process.argv.slice(2);
if (!["all", "canvases", "pages", "views", "inspector"].includes(what)) {
  console.error(`usage: node scripts/screenshots.mjs [all|canvases [name …]|pages|views name …|inspector], got ${what}`);
  process.exit(2);
}

/** Steps from reset before the shot, paused: the steering basics get the same picture every run. */
const AT = { seek: 70, flee: 30, arrive: 265, pursuit: 300, evade: 360, wander: 240, "obstacle-avoidance": 20, containment: 400, "flow-field": 900 };

/** Screenshot the figure of each of `only` (default: every canvas) on `url` into `dir`. */
async function shoot(browser, server, url, only, dir, suffix, opts = {}) {
  const { context, page } = await openPage(browser, server.url(url), { viewport: { width: 1280, height: 900 }, ...opts });
  await waitForSteerlab(page);
  const all = await page.$$eval("canvas[data-scenario]", (cs) => cs.map((c) => c.dataset.scenario));
  for (const name of only.length ? only : all) {
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
      // The readout line under the canvas refreshes at most twice a second.
      await page.waitForTimeout(600);
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

async function canvases(browser, server) {
  const { context, page } = await shoot(browser, server, "/", names, out, "");
  if (!names.length) {
    // The stress canvas with its slider at 100 000 (docs/performance.md).
    const stress = page.locator("#viz-stress");
    await stress.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.steerlab.viewerFor(document.querySelector('canvas[data-scenario="stress"]')).set("agents.count", 100000));
    await page.waitForTimeout(10000);
    await stress.screenshot({ path: path.join(out, "stress-100k.png") });
    console.log("docs/screenshots/stress-100k.png");
  }
  await context.close();
}

async function views(browser, server) {
  const dir = ensureArtifacts();
  for (const scheme of ["light", "dark"]) {
    for (const [url, lang] of [["/", "en"], ["/es/", "es"]]) {
      const opts = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, colorScheme: scheme };
      const { context } = await shoot(browser, server, url, names, dir, `-375-2x-${scheme}-${lang}`, opts);
      await context.close();
    }
  }
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

/** A chapter's canvas and its inspector, paused after `steps`, with the line `key` hovered. */
async function inspector(browser, server, url, id, key, steps, file, options) {
  const { context, page } = await openPage(browser, server.url(url), options);
  await waitForSteerlab(page);
  await page.waitForFunction((id) => window.steerlab.viewerFor(document.getElementById(id)), id);
  await page.evaluate(({ id, steps }) => {
    const v = window.steerlab.viewerFor(document.getElementById(id));
    v.pause();
    v.step(steps);
    v.render();
  }, { id, steps });
  const line = page.locator(`[data-for="${id}"] .steerlab-inspector-line[data-key="${key}"]`).first();
  await line.hover();
  const r = await page.evaluate((id) => {
    const top = document.getElementById(id).closest("figure").getBoundingClientRect().top + scrollY;
    const bottom = document.querySelector(`[data-for="${id}"] .steerlab-inspector`).getBoundingClientRect().bottom + scrollY;
    return { top, bottom };
  }, id);
  const width = options.viewport.width;
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: r.top - 8, width, height: r.bottom - r.top + 16 } });
  console.log(path.relative(ROOT, file));
  await context.close();
}

async function inspectors(browser, server) {
  await inspector(browser, server, "/chapters/leader-queue-path.html", "c-leader", "behind", 150, path.join(out, "inspector.png"), {
    viewport: { width: 860, height: 900 },
  });
  await inspector(browser, server, "/es/chapters/flocking.html", "c-separation", "desired", 60, path.join(out, "es-inspector.png"), {
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    colorScheme: "dark",
  });
}

const server = await serveDist();
const browser = await launchBrowser();
try {
  if (what === "views") await views(browser, server);
  if (what === "all" || what === "canvases") await canvases(browser, server);
  if (what === "all" || what === "pages") await pages(browser, server);
  if (what === "all" || what === "inspector") await inspectors(browser, server);
} finally {
  await browser.close();
  await server.close();
}
