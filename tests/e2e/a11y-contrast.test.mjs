// Issue 58, every agent seen: on the drawn canvases, each agent stands out ≥ 3:1 (WCAG 1.4.11)
// from what lies around it — the canvas, the spatial hash's green cells, the tube, the cones,
// the leader's zone — in both themes, as a low-vision reader meets it. Measured at the agents'
// positions (`state().agents`) on the canvas the viewer drew (2 device pixels a CSS pixel): the
// agent's pixel that stands out most (a disc of 0.6 of its length) against the median of a ring
// around it (0.9 to 1.6 of its length). An agent whose ring is not one colour (other agents packed round it, an
// overlay's arrow) is counted as crowded and not judged; at most a tenth may be.
//
//   node --test tests/e2e/a11y-contrast.test.mjs      (needs dist/ from scripts/build.sh)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { serveDist, launchBrowser, openPage, waitForSteerlab, ensureArtifacts, ARTIFACTS } from "./helpers.mjs";

// Scenario and steps: every role of the chapters (followers arriving and evading, braking agents,
// self / checked / others on the hash's cells, the stress canvas's raster coloured by heading).
const FIGURES = { "spatial-hash": 1, stress: 60, "follow-leader": 200, flock: 200, queue: 600, separation: 100, cohesion: 300, bandada: 300, "path-tube": 100, flee: 60, evade: 100 };

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
  ensureArtifacts();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

for (const scheme of ["light", "dark"]) {
  test(`${scheme}: every agent ≥ 3:1 against what lies around it on the drawn canvas`, async (t) => {
    const { context, page } = await openPage(browser, server.url("/"), { colorScheme: scheme, deviceScaleFactor: 2, viewport: { width: 900, height: 900 } });
    await waitForSteerlab(page);
    const report = [];
    for (const [name, steps] of Object.entries(FIGURES)) {
      const r = await page.evaluate(
        async ({ name, steps }) => {
          const c = document.createElement("canvas");
          c.style.width = "640px";
          c.id = "contrast-figure";
          document.body.prepend(c);
          const v = window.steerlab.mount(c, name);
          v.pause();
          v.step(steps);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          v.render();
          const st = v.state();
          const rect = c.getBoundingClientRect();
          const [W, H] = [st.scenario.world.width, st.scenario.world.height];
          const dpr = c.width / rect.width;
          const s = Math.min(rect.width / W, rect.height / H);
          const [ox, oy] = [(rect.width - W * s) / 2, (rect.height - H * s) / 2];
          // (A copy's pixels: the viewer's own context is left alone.)
          const copy = new OffscreenCanvas(c.width, c.height);
          const g2 = copy.getContext("2d");
          g2.drawImage(c, 0, 0);
          const g = g2.getImageData(0, 0, c.width, c.height);
          const px = (x, y) => {
            const i = (y * c.width + x) * 4;
            return [g.data[i], g.data[i + 1], g.data[i + 2]];
          };
          const lin = (v) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
          const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
          const dist = (p, q) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]);
          const size = (st.scenario.agent_size ?? 7) * s * dpr;
          const out = { n: 0, crowded: 0, low: [], min: Infinity };
          for (const a of st.agents.slice(0, 3000)) {
            const X = Math.round((ox + a.position[0] * s) * dpr), Y = Math.round((oy + a.position[1] * s) * dpr);
            const R2 = Math.max(4, Math.ceil(size * 1.6)), R1 = Math.max(2, Math.ceil(size * 0.6));
            if (X < R2 || Y < R2 || X >= c.width - R2 || Y >= c.height - R2) continue;
            const ring = [], body = [];
            for (let dy = -R2; dy <= R2; dy++)
              for (let dx = -R2; dx <= R2; dx++) {
                const d = Math.hypot(dx, dy);
                if (d <= R1) body.push(px(X + dx, Y + dy));
                else if (d >= size * 0.9) ring.push(px(X + dx, Y + dy));
              }
            ring.sort((p, q) => lum(p) - lum(q));
            const around = ring[ring.length >> 1];
            out.n++;
            if (ring.filter((p) => dist(p, around) < 24).length < ring.length * 0.6) {
              out.crowded++;
              continue;
            }
            // The agent as drawn: its pixel that stands out most from what is around it (an agent
            // is seen when some of it does: its fill, or its outline).
            const own = body.reduce((b, p) => (ratio(p, around) > ratio(b, around) ? p : b), body[0]);
            const r = ratio(own, around);
            out.min = Math.min(out.min, r);
            if (r < 3) out.low.push(`${r.toFixed(2)}:1 rgb(${own}) on rgb(${around}) at (${a.position.map(Math.round)})`);
          }
          return out;
        },
        { name, steps },
      );
      if (r.low.length) await page.locator("#contrast-figure").screenshot({ path: path.join(ARTIFACTS, `a11y-contrast-${name}-${scheme}.png`) });
      await page.evaluate(() => {
        const c = document.getElementById("contrast-figure");
        window.steerlab.viewerFor(c)?.destroy();
        c.remove();
      });
      report.push(`${name}: ${r.low.length} of ${r.n - r.crowded} under 3:1, the least ${r.min.toFixed(2)}:1 (${r.crowded} crowded)${r.low.length ? `: ${r.low.slice(0, 3).join("; ")}` : ""}`);
      t.diagnostic(`${scheme} ${report.at(-1)}`);
      assert.ok(r.n >= 1, `${name}: agents measured`);
      assert.ok(r.crowded <= Math.max(2, r.n / 10), `${scheme} ${name}: ${r.crowded} of ${r.n} crowded: the measure judged too few`);
      assert.equal(r.low.length, 0, `${scheme} ${name}: ${report.at(-1)}`);
    }
    await context.close();
  });
}
