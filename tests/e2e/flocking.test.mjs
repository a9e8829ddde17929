// Issue 4 end to end: the spatial hash shows its colours, follows the pointer, and its metric
// follows the agent count.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, allProblems, waitForSteerlab, waitForDrawn, ensureArtifacts } from "./helpers.mjs";

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

const SH = 'canvas[data-scenario="spatial-hash"]';
// The colours the tutorial names (src/web/paint.rs): self red, checked violet, the 3×3 cells a
// translucent green over the light background.
const RED = [0xe1, 0x1d, 0x48];
const VIOLET = [0x8b, 0x5c, 0xf6];
const GREEN_CELL = [188, 235, 208];

/** Pixel counts near each colour, and the centroid of the red pixels (canvas pixels). */
const colours = (page) =>
  page.evaluate(
    ({ sel, targets }) => {
      const c = document.querySelector(sel);
      const ctx = c.getContext("2d");
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const out = targets.map(() => 0);
      let rx = 0, ry = 0;
      for (let i = 0; i < d.length; i += 4) {
        targets.forEach((t, k) => {
          if (Math.abs(d[i] - t[0]) <= 12 && Math.abs(d[i + 1] - t[1]) <= 12 && Math.abs(d[i + 2] - t[2]) <= 12) {
            out[k]++;
            if (k === 0) {
              rx += (i / 4) % c.width;
              ry += Math.floor(i / 4 / c.width);
            }
          }
        });
      }
      return { red: out[0], violet: out[1], green: out[2], redAt: out[0] ? [rx / out[0], ry / out[0]] : null, width: c.width };
    },
    { sel: SH, targets: [RED, VIOLET, GREEN_CELL] },
  );

test("spatial hash: red self, green cells, violet checked; a click moves self; the count moves the metric", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  await page.locator(SH).scrollIntoViewIfNeeded();
  await waitForDrawn(page, SH);
  // Pause so that the picture holds still while we sample it.
  await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).pause(), SH);
  await page.waitForTimeout(100);
  await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).render(), SH);
  const a = await colours(page);
  assert.ok(a.red > 10, `no red self: ${JSON.stringify(a)}`);
  assert.ok(a.violet > 20, `no violet checked agents: ${JSON.stringify(a)}`);
  assert.ok(a.green > 1000, `no green cells: ${JSON.stringify(a)}`);

  // Click on an agent far from self: it becomes self, and the red moves there.
  const st = await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).state(), SH);
  const me = st.agents[st.selected].position;
  let far = 0, best = -1;
  st.agents.forEach((ag, k) => {
    const d = Math.hypot(ag.position[0] - me[0], ag.position[1] - me[1]);
    if (d > best && ag.position[0] > 20 && ag.position[0] < 620 && ag.position[1] > 20 && ag.position[1] < 380) { best = d; far = k; }
  });
  const box = await page.locator(SH).boundingBox();
  const scale = box.width / 640;
  const [wx, wy] = st.agents[far].position;
  await page.mouse.click(box.x + wx * scale, box.y + wy * scale);
  const st2 = await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).state(), SH);
  assert.equal(st2.selected, far);
  const b = await colours(page);
  const px = b.width / 640; // canvas pixels per world unit
  assert.ok(b.redAt, "red vanished");
  assert.ok(Math.hypot(b.redAt[0] / px - wx, b.redAt[1] / px - wy) < 15, `red at ${b.redAt} vs clicked agent at ${[wx, wy]}`);
  assert.ok(Math.hypot(b.redAt[0] - a.redAt[0], b.redAt[1] - a.redAt[1]) > 50, "the red agent did not move");
  await page.locator(SH).screenshot({ path: path.join(ensureArtifacts(), "spatial-hash-clicked.png") });

  // The agent-count slider updates the metric (naive n·(n−1) for the new n).
  const metric = page.locator("#viz-spatial-hash .steerlab-metric");
  await page.locator('#viz-spatial-hash input[data-param="agents.count"]').fill("1000");
  await page.locator('#viz-spatial-hash button[data-action="step"]').click();
  await page.waitForTimeout(300);
  const text = await metric.textContent();
  // (Numbers grouped as the reader's locale writes them: English here.)
  assert.match(text, /naive n·\(n−1\) = 999,000/, text);
  const checks = Number(/([\d,]+) checks this step/.exec(text)[1].replaceAll(",", ""));
  assert.ok(checks > 0 && checks < 999000 / 5, text);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("bandada: a click places an obstacle; the pointer is the player", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="bandada"]';
  await page.locator(sel).scrollIntoViewIfNeeded();
  await waitForDrawn(page, sel);
  const get = () => page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).state(), sel);
  // Paused, so that no food is eaten while we count it.
  await page.evaluate((s) => window.steerlab.viewerFor(document.querySelector(s)).pause(), sel);
  const n = (await get()).obstacles.length;
  const box = await page.locator(sel).boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.8);
  assert.equal((await get()).obstacles.length, n + 1);
  await page.locator('#viz-bandada select[data-param="click"]').selectOption("food");
  const f = (await get()).food.length;
  await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.2);
  assert.equal((await get()).food.length, f + 1);
  await page.locator('#viz-bandada select[data-param="world.edges"]').selectOption("bounce");
  assert.equal((await get()).scenario.world.edges, "bounce");
  await page.locator('#viz-bandada input[data-param="flee_pointer.enabled"]').uncheck();
  assert.equal((await get()).scenario.behaviours[3].enabled, false);
  assert.match(await page.locator("#viz-bandada .steerlab-hud").textContent(), /fps · step [\d.]+ ms · draw [\d.]+ ms/);
  assert.deepEqual(await allProblems(page, problems), []);
});
