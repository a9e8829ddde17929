// Issue 5 end to end: waypoints edited with the pointer, the tube's red prediction, the four
// steering canvases drawing.
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

const viewer = (page, sel, fn, arg) =>
  page.evaluate(([s, f, a]) => new Function("v", "a", f)(window.steerlab.viewerFor(document.querySelector(s)), a), [sel, fn, arg]);

/** World → page coordinates for a canvas whose world is `w` wide (the world fills the width). */
async function toPage(page, sel, w, [x, y]) {
  const box = await page.locator(sel).boundingBox();
  const s = box.width / w;
  return [box.x + x * s, box.y + y * s];
}

test("the four steering canvases draw", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  for (const name of ["follow-leader", "queue", "path-waypoints", "path-tube"]) {
    const sel = `canvas[data-scenario="${name}"]`;
    await page.locator(sel).scrollIntoViewIfNeeded();
    const stats = await waitForDrawn(page, sel);
    assert.ok(stats.total > 0 && stats.drawn / stats.total > 0.002, `${name} did not draw`);
    await page.waitForTimeout(1500);
    await page.locator(sel).screenshot({ path: path.join(ensureArtifacts(), `viz-${name}.png`) });
  }
  assert.deepEqual(await allProblems(page, problems), []);
});

test("waypoints: a click on empty canvas adds one there, a drag moves it, the agent visits it", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="path-waypoints"]';
  await page.locator(sel).scrollIntoViewIfNeeded();
  await waitForDrawn(page, sel);
  await viewer(page, sel, "v.pause()");
  const before = await viewer(page, sel, "return v.state().waypoints");
  const [px, py] = await toPage(page, sel, 640, [450, 220]);
  await page.mouse.click(px, py);
  const after = await viewer(page, sel, "return v.state().waypoints");
  assert.equal(after.length, before.length + 1);
  const added = after.find((w) => !before.some((b) => b[0] === w[0] && b[1] === w[1]));
  assert.ok(added, "no new waypoint");
  assert.ok(Math.hypot(added[0] - 450, added[1] - 220) < 2, `added at ${added}, clicked (450, 220)`);
  // Drag it to (470, 250).
  const [qx, qy] = await toPage(page, sel, 640, [470, 250]);
  await page.mouse.move(px, py);
  await page.mouse.down();
  await page.mouse.move((px + qx) / 2, (py + qy) / 2, { steps: 3 });
  await page.mouse.move(qx, qy, { steps: 3 });
  await page.mouse.up();
  const moved = await viewer(page, sel, "return v.state().waypoints");
  assert.equal(moved.length, after.length, "a drag must not add or remove waypoints");
  assert.ok(moved.some((w) => Math.hypot(w[0] - 470, w[1] - 250) < 2), `not moved: ${JSON.stringify(moved)}`);
  // The agent then visits it: within arrive_radius of (470, 250) at some step of a full loop.
  const visited = await viewer(page, sel, `
    for (let k = 0; k < 60 * 60; k++) {
      v.step(1);
      const p = v.state().agents[0].position;
      if (Math.hypot(p[0] - 470, p[1] - 250) < 14) return k;
    }
    return -1;`);
  assert.ok(visited >= 0, "the agent never reached the dragged waypoint in 60 s");
  await viewer(page, sel, "v.render()");
  await page.locator(sel).screenshot({ path: path.join(ensureArtifacts(), "path-waypoints-edited.png") });
  // Double-click removes it again.
  await page.mouse.dblclick(qx, qy);
  const removed = await viewer(page, sel, "return v.state().waypoints");
  assert.equal(removed.length, before.length);
  assert.deepEqual(await allProblems(page, problems), []);
});

test("tube: a narrow tube turns the prediction red", async (t) => {
  const { context, page, problems } = await openPage(browser, server.url("/"));
  t.after(() => context.close());
  await waitForSteerlab(page);
  const sel = 'canvas[data-scenario="path-tube"]';
  await page.locator(sel).scrollIntoViewIfNeeded();
  await waitForDrawn(page, sel);
  await viewer(page, sel, "v.pause()");
  const redPixels = () =>
    page.evaluate((s) => {
      const c = document.querySelector(s);
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 90 && d[i + 2] < 90) n++;
      return n;
    }, sel);
  // Wide tube: after settling, the prediction stays inside (no red).
  await page.locator('#viz-path-tube input[data-param="path_tube.tube_radius"]').fill("60");
  await viewer(page, sel, "v.step(600); v.render()");
  const wide = await redPixels();
  // Narrow tube: the prediction keeps leaving it; within a few frames some are red.
  await page.locator('#viz-path-tube input[data-param="path_tube.tube_radius"]').fill("2");
  let narrow = 0;
  for (let k = 0; k < 40 && narrow === 0; k++) {
    await viewer(page, sel, "v.step(3); v.render()");
    narrow = await redPixels();
  }
  assert.ok(narrow > 0, "no red prediction with a 2 px tube");
  assert.ok(narrow > wide, `red pixels: wide tube ${wide}, narrow ${narrow}`);
  await page.locator(sel).screenshot({ path: path.join(ensureArtifacts(), "path-tube-narrow.png") });
  assert.deepEqual(await allProblems(page, problems), []);
});
