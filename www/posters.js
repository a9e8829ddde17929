// steerlab's posters, for www/boot.js (loaded with it, before the module).

// Posters (posters/posters.css): each unmounted built-in canvas shows its scenario's first frame,
// an SVG written at build time, until its viewer draws. Only the canvases near the viewport get
// theirs (the class below), now and as the reader scrolls: every SVG image costs the page parsing
// work, and a page with eleven canvases would otherwise load eleven pictures before its module.
// (A canvas mounts a screen ahead of the reader, so a poster shows mostly while the module loads,
// or after a jump down the page while its canvas waits in the queue.)
export function showPosters() {
  const canvases = document.querySelectorAll("canvas[data-scenario]");
  const show = (c) => {
    // The auto theme's poster follows the page's background, as the viewer will (theme.rs).
    const t = (c.getAttribute("data-theme") || "auto").trim();
    if (t === "auto") c.classList.add(pageIsDark(c) ? "steerlab-poster-dark" : "steerlab-poster-light");
    c.classList.add("steerlab-poster-shown");
  };
  const near = (r) => r.bottom > -MARGIN && r.top < innerHeight + MARGIN && r.right > -MARGIN && r.left < innerWidth + MARGIN;
  if (typeof IntersectionObserver !== "function") {
    canvases.forEach(show);
    return null;
  }
  // Those on screen now at once (one layout), the others when they come near.
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          show(e.target);
          io.unobserve(e.target);
        }
      }
    },
    { rootMargin: `${MARGIN}px` },
  );
  for (const c of canvases) {
    if (near(c.getBoundingClientRect())) show(c);
    else io.observe(c);
  }
  return io;
}
const MARGIN = 200;

/** Whether the page behind `el` is dark, as src/web/theme.rs decides for `data-theme="auto"`: the
 *  ancestors' backgrounds composited from the innermost up to the first opaque one, over the
 *  browser's own canvas colour; dark below a relative luminance of 0.179 (payload: 240 KB). */
function pageIsDark(el) {
  const layers = [];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const [r, g, b, a = 1] = (/rgba?\(([^)]+)/.exec(getComputedStyle(e).backgroundColor)?.[1].split(/[\s,/]+/) ?? [0, 0, 0, 0]).map(Number);
    if (a > 0) layers.unshift([r / 255, g / 255, b / 255, a]);
    if (a >= 1) break;
  }
  // (The root's color-scheme only: the viewer also reads <meta name="color-scheme">, a page
  // that sets no background of its own and only that meta gets the light poster.)
  const w = getComputedStyle(document.documentElement).colorScheme.split(/\s+/);
  const k = w.includes("dark") && (!w.includes("light") || matchMedia("(prefers-color-scheme: dark)").matches) ? 0x12 / 255 : 1;
  const rgb = [k, k, k];
  for (const l of layers) for (let i = 0; i < 3; i++) rgb[i] = l[i] * l[3] + rgb[i] * (1 - l[3]);
  return 0.2126 * rgb[0] ** 2 + 0.7152 * rgb[1] ** 2 + 0.0722 * rgb[2] ** 2 < 0.179;
}
