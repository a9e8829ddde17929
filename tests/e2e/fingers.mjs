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
