// The canvas stays with its text: a chapter's pinned figure (www/chapter.js loads this file with
// the first try button a reader taps; nothing is pinned before).
import { word as t } from "./loader.js";

// ---- The canvas stays with its text (issues 33 and 45) -----------------------------------------
//
// After a try button, what its sentence is about is on screen with the button: the canvas, its
// bar and its readout (the measures; `core`). When they are not all in view (below a pinned
// figure, if any), and they fit on one screen with the button, the page scrolls (smoothly, unless
// the reader asks for reduced motion) to show them with the button under them; when they are
// farther apart (a chapter with one canvas at the top and its buttons in later sections), the
// figure is pinned to the top of the screen, a small companion (`.is-pinned`: its canvas and its
// player's buttons, at most 35 % of the screen's height, beside each other on a wide short screen;
// a placeholder with its margins keeps its place in the text, so nothing there moves), and the
// page scrolls so that no button is under it: the one tapped and those around it (issue 55); where
// they stand too close for that (a short text between them), it docks at the bottom of the screen,
// the buttons above it. It leaves when the reader moves on past the section of the button (the
// next heading reaches it) or back above that section, scrolls back to where the figure stands,
// taps its ×, or taps a button of another canvas (a pinned figure never hides the canvas a button
// is for).

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The canvas's top and the bottom of its readout (or of its bar, or of the canvas), in
 *  viewport px. */
function core(canvas) {
  const root = canvas.closest(".steerlab");
  const last = root?.querySelector(":scope > .steerlab-metric") || root?.querySelector(":scope > .steerlab-bar") || canvas;
  return { top: canvas.getBoundingClientRect().top, bottom: Math.max(canvas.getBoundingClientRect().bottom, last.getBoundingClientRect().bottom) };
}

let pinned = null; // { figure, spacer, observer, close, watch, start, end, dock }

export function unpin() {
  if (!pinned) return;
  const { figure, spacer, observer, close, watch } = pinned;
  pinned = null;
  observer.disconnect();
  removeEventListener("scroll", watch);
  close.remove();
  figure.classList.remove("is-pinned", "is-docked-bottom");
  spacer.remove();
}

/** The headings around a button: the last one before it and the first one after it (its
 *  section's bounds), in the article's order. */
function sectionOf(button) {
  let start = null, end = null;
  for (const h of document.querySelectorAll("article h2, article h3")) {
    if (h.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING) start = h;
    else {
      end = h;
      break;
    }
  }
  return { start, end };
}

/** The buttons a reader can reach (on or near the screen, outside the pinned figure). */
function reachable(figure) {
  const out = [];
  for (const b of document.querySelectorAll("article button")) {
    if (figure.contains(b)) continue;
    const r = b.getBoundingClientRect();
    if (r.width && r.height && r.bottom > -innerHeight && r.top < 2 * innerHeight) out.push(r);
  }
  return out;
}

/** Scroll so that neither the tapped button nor any other is under the pinned figure, the tapped
 *  one on screen: each button wholly clear of the pin (beside it on screen, or off screen). Where
 *  the buttons around the one tapped stand too close for that at the top of the screen (a short
 *  text between them), the figure docks at the bottom instead, the tapped button above it and the
 *  next section's heading not yet on screen; where neither can be had, none is cut by the pin's
 *  edge: each is wholly clear of it or wholly behind it, never half seen and caught by it. */
function clearOfPin(button) {
  if (!pinned) return;
  const h = pinned.figure.getBoundingClientRect().height;
  const H = innerHeight;
  const me = button.getBoundingClientRect();
  const rects = reachable(pinned.figure);
  const end = pinned.end?.getBoundingClientRect().top ?? Infinity;
  // d: how far the page scrolls (what is at y goes to y − d), within what keeps the tapped button
  // between the pin and the screen's other edge (8 px clear); the least scroll first. A button is
  // under the pin for d in an interval, cut by its edge for d in a narrower one; the candidates
  // are the ends of these, 2 px clear of them (a scroll lands on device pixels).
  const docks = {
    top: {
      lo: me.bottom - H, hi: me.top - h - 8, ok: () => true,
      under: (r) => [r.top - h - 8, r.bottom + 2],
      cut: (r) => [r.top - h - 8, r.bottom - h + 2],
    },
    // Docked at the bottom, the pin must not meet the next section's heading (it would leave).
    bottom: {
      lo: me.bottom - (H - h - 8), hi: me.top - 8, ok: (d) => end - d > H - h,
      under: (r) => [r.top - H - 2, r.bottom - (H - h - 8)],
      cut: (r) => [r.top - (H - h) - 2, r.bottom - (H - h - 8)],
    },
  };
  const order = pinned.dock === "bottom" ? ["bottom", "top"] : ["top", "bottom"];
  const d0 = Math.min(Math.max(0, docks.top.lo), docks.top.hi);
  for (const tier of ["under", "cut"]) {
    for (const name of order) {
      const k = docks[name];
      const inside = (r, d) => {
        const [a, b] = k[tier](r);
        return a < d && d < b;
      };
      const clear = (x) => x >= k.lo && x <= k.hi && k.ok(x) && !rects.some((r) => inside(r, x));
      const at = Math.min(Math.max(0, k.lo), k.hi);
      const xs = [at, ...rects.flatMap(k[tier])].filter(clear);
      if (!xs.length) continue;
      dock(name);
      const d = xs.reduce((a, b) => (Math.abs(b - at) < Math.abs(a - at) ? b : a));
      if (Math.abs(d) >= 0.5) window.scrollBy({ top: d, behavior: "instant" });
      return;
    }
  }
  dock("top");
  if (Math.abs(d0) >= 0.5) window.scrollBy({ top: d0, behavior: "instant" });
}

/** The pinned figure at the top of the screen or at its bottom. */
function dock(name) {
  pinned.dock = name;
  pinned.figure.classList.toggle("is-docked-bottom", name === "bottom");
}

function pin(canvas, button) {
  const figure = canvas.closest("figure") || canvas.closest(".steerlab");
  if (!figure) return;
  if (pinned?.figure === figure) return;
  unpin();
  const spacer = document.createElement("div");
  spacer.className = "pin-spacer";
  // Its place, margins included: the text after it stays where it was.
  const cs = getComputedStyle(figure);
  spacer.style.height = `${figure.getBoundingClientRect().height}px`;
  spacer.style.margin = `${cs.marginTop} 0 ${cs.marginBottom}`;
  figure.before(spacer);
  figure.classList.add("is-pinned");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "pin-close";
  close.setAttribute("aria-label", t("page.touch.unpin"));
  close.textContent = "×";
  close.addEventListener("click", unpin);
  figure.prepend(close);
  // Back where the figure stands in the text: it goes back there.
  let first = true;
  const observer = new IntersectionObserver((entries) => {
    const seen = entries.some((e) => e.isIntersecting);
    if (first) first = false;
    else if (seen) unpin();
  });
  observer.observe(spacer);
  // Past the button's section (its next heading reaches the pin) or back above it (its heading
  // below the screen): the figure goes back into the text. Read once a frame while scrolling.
  const { start, end } = sectionOf(button);
  let queued = false;
  const check = () => {
    queued = false;
    if (!pinned || pinned.figure !== figure) return;
    // (Docked at the bottom: its top edge is where the text goes behind it.)
    const p = figure.getBoundingClientRect();
    const [edge, below] = pinned.dock === "bottom" ? [p.top, p.top] : [p.bottom, innerHeight];
    if ((end && end.getBoundingClientRect().top < edge) || (start && start.getBoundingClientRect().top > below)) unpin();
  };
  const watch = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(check);
    }
  };
  addEventListener("scroll", watch, { passive: true });
  pinned = { figure, spacer, observer, close, watch, start, end, dock: "top" };
  // The button the reader tapped, and the others around it, stay in view under the figure.
  clearOfPin(button);
}

export function keepInView(canvas, button, again = false) {
  // A button of another canvas: the pinned figure goes back to its place (it would hide this one);
  // one of another section, too (it is pinned again for this one's: the reader may have scrolled
  // past the heading a moment ago, before the pin saw it).
  if (pinned && (!pinned.figure.contains(canvas) || sectionOf(button).start !== pinned.start)) unpin();
  if (pinned) return clearOfPin(button);
  const c = core(canvas);
  const b = button.getBoundingClientRect();
  if (c.top >= 0 && c.bottom <= innerHeight && b.top >= 0 && b.bottom <= innerHeight) return;
  const top = Math.min(c.top, b.top);
  const bottom = Math.max(c.bottom, b.bottom);
  if (bottom - top <= innerHeight - 16) {
    // All on one screen: the canvas's top 8 px from the screen's (or the lowest of them 8 px from
    // the screen's bottom, if that moves less).
    const by = c.top < 0 ? c.top - 8 : bottom - innerHeight + 8;
    const smooth = !again && !reduced();
    if (smooth) lookAgain(canvas, button);
    window.scrollBy({ top: by, behavior: smooth ? "smooth" : "instant" });
  } else if (!again) {
    pin(canvas, button);
  }
}

/** When the smooth scroll ends, put right at once what moved while it ran (on a loaded phone a heavy
 *  scene's readout can still grow a line after it was aimed). Only for this scroll: never after a
 *  reader's own tap, click, touch, wheel or key, nor after 2 s; one at a time. */
let lookingAgain = null;
const INPUTS = ["pointerdown", "touchstart", "wheel", "keydown"];
function lookAgain(canvas, button) {
  lookingAgain?.();
  const stop = () => {
    clearTimeout(timer);
    lookingAgain = null;
    removeEventListener("scrollend", end);
    for (const k of INPUTS) removeEventListener(k, stop, true);
  };
  const end = () => {
    stop();
    keepInView(canvas, button, true);
  };
  const timer = setTimeout(stop, 2000);
  addEventListener("scrollend", end);
  for (const k of INPUTS) addEventListener(k, stop, { capture: true, passive: true });
  lookingAgain = stop;
}

/** A button of another canvas was tapped: the pinned figure goes back to its place (it would hide
 *  that one). */
export function leaveFor(canvas) {
  if (pinned && !pinned.figure.contains(canvas)) unpin();
}
