// Rewind and scrub in Chromium (issue 23): how long a seek takes anywhere in a viewer's history,
// and what the history holds. For every built-in scenario at its defaults: mount it paused, step
// it (a minute of simulated time, 3600 steps; the stress scenario 1500), then seek to 40 steps
// spread over the history in a shuffled order, each timed with performance.now(); and the stress
// scenario at 100 000 boids. Prints a table (median and maximum ms per seek; the history's start,
// end, snapshots, bytes and interval) and the step cost each scenario measured.
//
//   ./scripts/build.sh && node scripts/bench/history.mjs [scenario …]
//
// Not part of the test command: timings belong to benchmarks (docs/embedding.md, "Rewind and scrub").
import { serveDist, launchBrowser, openPage, waitForSteerlab } from "../../tests/e2e/helpers.mjs";

const ALL = ["flock", "separation", "alignment", "cohesion", "spatial-hash", "bandada", "follow-leader", "queue", "path-waypoints", "path-tube", "seek", "flee", "arrive", "pursuit", "evade", "wander", "obstacle-avoidance", "containment", "flow-field", "stress", "stress@100000"];
const only = process.argv.slice(2);
const names = only.length ? ALL.filter((n) => only.includes(n) || only.includes(n.split("@")[0])) : ALL;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>history bench</title>
<link rel="stylesheet" href="/www/steerlab.css"><script type="module" src="/www/boot.js"></script></head>
<body><div id="box"></div></body></html>`;

const server = await serveDist({ extra: { "/bench-history.html": PAGE } });
const browser = await launchBrowser();
const { context, page } = await openPage(browser, server.url("/bench-history.html"), { viewport: { width: 900, height: 700 } });
await waitForSteerlab(page);
const rows = [];
for (const spec of names) {
  const [name, count] = spec.split("@");
  const r = await page.evaluate(
    ({ name, count }) => {
      const box = document.getElementById("box");
      box.replaceChildren();
      const c = document.createElement("canvas");
      c.dataset.autoplay = "false";
      box.append(c);
      const v = window.steerlab.mount(c, name);
      v.pause();
      let steps = name === "stress" ? 1500 : 3600;
      if (count) {
        v.set("agents.count", Number(count));
        steps = 400;
      }
      const t0 = performance.now();
      v.step(steps);
      const stepMs = (performance.now() - t0) / steps;
      const h = v.history();
      // 40 targets spread over the history, shuffled (a fixed permutation).
      const targets = [];
      for (let k = 0; k < 40; k++) targets.push(Math.round(h.start + ((h.end - h.start) * ((k * 17) % 40)) / 39));
      const times = [];
      for (const t of targets) {
        const a = performance.now();
        v.seek(t);
        times.push(performance.now() - a);
      }
      times.sort((a, b) => a - b);
      const agents = v.state().agents.length;
      v.destroy();
      return { stepMs, agents, h, median: times[times.length >> 1], max: times[times.length - 1] };
    },
    { name, count },
  );
  rows.push({ spec, ...r });
  console.log(
    `${spec.padEnd(16)} agents ${String(r.agents).padStart(6)}  step ${r.stepMs.toFixed(3).padStart(7)} ms  ` +
      `seek median ${r.median.toFixed(1).padStart(6)} ms, max ${r.max.toFixed(1).padStart(6)} ms  ` +
      `history ${r.h.start}–${r.h.end} (${r.h.end - r.h.start} steps), ${r.h.snapshots} snapshots, ` +
      `${(r.h.bytes / 1048576).toFixed(2)} MiB, every ${r.h.every}`,
  );
}
await context.close();
await browser.close();
await server.close();
