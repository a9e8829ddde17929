// A phone and its fingers for the end-to-end tests (issues 33 and 45): a 375 × 800 page at 2×
// with touch, and one- and two-finger gestures sent through CDP's Input.dispatchTouchEvent
// (touchStart, touchMove every 16 ms, touchEnd). They go through the browser's input pipeline,
// so touch-action and the page's scrolling apply as on a phone. (Input.synthesizeScrollGesture
// with gestureSourceType "touch" scrolls nothing in this headless Chromium, not even plain text.)
import { waitForSteerlab } from "./helpers.mjs";

/** A phone: 375 × 800, 2×, touch, the page's language and colour scheme; problems collected as
 *  helpers.mjs's openPage does. `touch: false`: a desktop with a mouse (1×). `url` null: the page
 *  stays blank (to set up throttling or init scripts before the first request). */
export async function openPhone(browser, server, url, { lang = "en", colorScheme = "light", viewport = { width: 375, height: 800 }, touch = true, wait = true } = {}) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: touch ? 2 : 1,
    hasTouch: touch,
    isMobile: touch,
    colorScheme,
    locale: lang === "es" ? "es-ES" : "en-GB",
    serviceWorkers: "block",
    acceptDownloads: true,
  });
  const problems = { console: [], pageErrors: [], csp: [], offHost: [], failed: [], http: [] };
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && problems.console.push(m.text()));
  page.on("pageerror", (e) => problems.pageErrors.push(String(e)));
  page.on("response", (r) => r.status() >= 400 && problems.http.push(`${r.status()} ${r.url()}`));
  const cdp = await context.newCDPSession(page);
  if (url === null) return { context, page, cdp, problems };
  await page.goto(server.url(url), { waitUntil: "load" });
  if (wait) await waitForSteerlab(page);
  return { context, page, cdp, problems };
}

export const touch = (cdp, type, points) =>
  cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], i) => ({ x, y, id: i + 1, radiusX: 4, radiusY: 4, force: 1 })) });

/** One finger from (x, y), `dy` px down (negative: up, which scrolls the page down), in steps. */
export async function swipe(page, cdp, x, y, dy = -300, steps = 12) {
  await drag1(page, cdp, x, y, 0, dy, steps);
}

/** One finger dragged from (x, y) by (dx, dy). */
export async function drag1(page, cdp, x, y, dx, dy, steps = 12) {
  await touch(cdp, "touchStart", [[x, y]]);
  for (let k = 1; k <= steps; k++) {
    await touch(cdp, "touchMove", [[x + (dx * k) / steps, y + (dy * k) / steps]]);
    await page.waitForTimeout(16);
  }
  await touch(cdp, "touchEnd", []);
}

/** Two fingers 30 px apart, centred on (x, y), moved together by (dx, dy). */
export async function drag2(page, cdp, x, y, dx, dy, steps = 12) {
  const at = (k) => [
    [x - 15 + (dx * k) / steps, y + (dy * k) / steps],
    [x + 15 + (dx * k) / steps, y + (dy * k) / steps],
  ];
  await touch(cdp, "touchStart", at(0));
  for (let k = 1; k <= steps; k++) {
    await touch(cdp, "touchMove", at(k));
    await page.waitForTimeout(16);
  }
  await touch(cdp, "touchEnd", []);
}

export async function tapAt(page, cdp, x, y) {
  await touch(cdp, "touchStart", [[x, y]]);
  await page.waitForTimeout(40);
  await touch(cdp, "touchEnd", []);
}

/** Until the page's scroll (a fling after a swipe, a smooth scroll) has come to rest: the same
 *  `scrollY` over three frames in a row and at least 200 ms. Counted in frames, not in time: a tap
 *  that loads a heavy scene (3 000 or 100 000 boids) makes frames slow, and two readings 100 ms
 *  apart then saw a smooth scroll that had not begun, or a frame's worth of one in flight. */
export async function settle(page) {
  await page.waitForTimeout(100);
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const t0 = performance.now();
        let last = scrollY, same = 0;
        const tick = () => {
          same = scrollY === last ? same + 1 : 0;
          last = scrollY;
          const t = performance.now() - t0;
          if ((same >= 3 && t >= 200) || t > 8000) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })
  );
}

/** The on-screen size (CSS px, the larger side of its bounding box) of every agent of canvas `id`
 *  with no other agent within 12 CSS px, read from the canvas's pixels: the connected pixels
 *  around its centre that differ from the background. */
export const agentSizes = (page, id) =>
  page.evaluate((id) => {
    const c = document.getElementById(id);
    const v = window.steerlab.viewerFor(c);
    const s = v.state();
    const r = c.getBoundingClientRect();
    const dpr = c.width / r.width;
    const scale = r.width / s.scenario.world.width;
    const copy = document.createElement("canvas");
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(c, 0, 0);
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    const at = (x, y) => (y * c.width + x) * 4;
    const bg = [...data.slice(at(2, 2), at(2, 2) + 3)];
    const ink = (x, y) => {
      const i = at(x, y);
      return Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 60;
    };
    const px = s.agents.map((a) => [a.position[0] * scale, a.position[1] * scale]);
    const out = [];
    px.forEach(([x, y], i) => {
      if (i === s.leader || i === s.selected) return;
      if (px.some(([u, w], j) => j !== i && Math.hypot(u - x, w - y) < 12)) return;
      if (x < 12 || y < 12 || x > r.width - 12 || y > r.height - 12) return;
      // Flood from the ink nearest the centre, within 8 CSS px of it.
      const cx = Math.round(x * dpr), cy = Math.round(y * dpr), lim = Math.round(8 * dpr);
      let seed = null;
      for (let d = 0; d <= 3 && !seed; d++)
        for (let dy = -d; dy <= d && !seed; dy++) for (let dx = -d; dx <= d && !seed; dx++) if (ink(cx + dx, cy + dy)) seed = [cx + dx, cy + dy];
      if (!seed) return out.push(0);
      const seen = new Set([seed.join()]);
      const todo = [seed];
      let [x0, y0, x1, y1] = [seed[0], seed[1], seed[0], seed[1]];
      while (todo.length) {
        const [u, w] = todo.pop();
        x0 = Math.min(x0, u); x1 = Math.max(x1, u); y0 = Math.min(y0, w); y1 = Math.max(y1, w);
        for (const [du, dw] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const [p, q] = [u + du, w + dw];
          if (Math.abs(p - cx) > lim || Math.abs(q - cy) > lim || seen.has(`${p},${q}`) || !ink(p, q)) continue;
          seen.add(`${p},${q}`);
          todo.push([p, q]);
        }
      }
      out.push(Math.max(x1 - x0 + 1, y1 - y0 + 1) / dpr);
    });
    return out;
  }, id);
