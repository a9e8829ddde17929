// The "try this" buttons of the chapters (pages/chapters/*.html, pages/es/chapters/*.html).
//
//   <button type="button" class="try" data-for="c-flock" data-set='{"separation.weight": 0}' disabled>…</button>
//   <button type="button" class="try-reset" data-for="c-flock" disabled>…</button>
//
// A `try` button applies each `path: value` of its `data-set` (JSON) to the viewer of the canvas
// whose id is `data-for`, through the JS API (`viewerFor(canvas).set(path, value)`), and starts the
// canvas if it was paused. A `try-reset` button puts back, for its canvas, every parameter the try
// buttons changed, as it was before the first change. If `set` refuses a value, its message is
// shown next to the button (and the page goes on working).
//
// Buttons are written `disabled` and enabled once the module is ready (`window.steerlab`): boot.js
// mounts a canvas only when the reader scrolls near it, and a click on a button whose canvas is
// still waiting mounts it (`viewerFor` does). Asking for every viewer up front would mount every
// canvas of the chapter at load. This module looks on `steerlab:ready` and once at start in case
// it runs after it. A module file, no inline script, so the strict CSP holds. Its words come from
// ./words.js (the catalogs' page.chapter.* keys).

import { t } from "./words.js";

const SELECTOR = "button.try[data-for], button.try-reset[data-for]";

/** canvas → viewer (the wrapper viewerFor returned; kept so it is asked for once). */
const viewers = new WeakMap();
/** canvas → Map(path → value before the first try button changed it). */
const originals = new WeakMap();

function viewerOf(canvas) {
  if (!canvas) return undefined;
  const cached = viewers.get(canvas);
  if (cached) return cached;
  const sl = window.steerlab;
  const v = sl && typeof sl.viewerFor === "function" ? sl.viewerFor(canvas) : undefined;
  if (v) viewers.set(canvas, v);
  return v;
}

/** A parameter's current value: `v.get(path)` when the API has it, else read from the scenario in
 *  `v.state()` the way `set` finds it (behaviours[i].field, kind.field, a bare field shared by
 *  behaviours, or a top-level path). */
function currentValue(v, path) {
  if (typeof v.get === "function") {
    try {
      return v.get(path);
    } catch {
      return undefined;
    }
  }
  const sc = v.state().scenario || {};
  const list = Array.isArray(sc.behaviours) ? sc.behaviours : [];
  const indexed = /^behaviours\[(\d+)\]\.(\w+)$/.exec(path);
  if (indexed) return list[Number(indexed[1])]?.[indexed[2]];
  const parts = path.split(".");
  if (parts.length === 2) {
    const b = list.find((b) => b.type === parts[0] && Object.hasOwn(b, parts[1]));
    if (b) return b[parts[1]];
  }
  if (parts.length === 1 && !Object.hasOwn(sc, path)) return list.find((b) => Object.hasOwn(b, path))?.[path];
  return parts.reduce((o, k) => (o == null ? undefined : o[k]), sc);
}

/** The message element right after a button (created on first use). */
function messageFor(button) {
  const next = button.nextElementSibling;
  if (next && next.classList.contains("try-msg")) return next;
  const out = document.createElement("span");
  out.className = "try-msg";
  out.setAttribute("role", "status");
  button.after(out);
  return out;
}

function say(button, text, detail, isError = false) {
  const out = messageFor(button);
  out.replaceChildren();
  out.classList.toggle("is-error", isError);
  if (!text) return;
  out.append(text);
  if (detail) {
    const code = document.createElement("code");
    code.textContent = detail;
    out.append(" ", code);
  }
}

function errorText(err) {
  return err && typeof err.message === "string" ? err.message : String(err);
}

function buttonsFor(id) {
  return document.querySelectorAll(`button.try[data-for="${CSS.escape(id)}"]`);
}

function apply(button) {
  const id = button.dataset.for;
  const canvas = document.getElementById(id);
  if (!canvas) return say(button, t("page.chapter.no_canvas"), `#${id}`, true);
  let settings;
  try {
    settings = JSON.parse(button.dataset.set || "");
  } catch (err) {
    return say(button, t("page.chapter.bad_button"), errorText(err), true);
  }
  if (!settings || typeof settings !== "object" || Array.isArray(settings)) {
    return say(button, t("page.chapter.bad_button"), String(button.dataset.set), true);
  }
  const v = viewerOf(canvas);
  if (!v) return say(button, t("page.chapter.not_ready"), "", true);
  const saved = originals.get(canvas) || new Map();
  originals.set(canvas, saved);
  try {
    for (const [path, value] of Object.entries(settings)) {
      const before = saved.has(path) ? undefined : currentValue(v, path);
      v.set(path, value);
      if (!saved.has(path) && before !== undefined) saved.set(path, before);
    }
    if (!v.playing) v.play();
  } catch (err) {
    return say(button, t("page.chapter.refused"), errorText(err), true);
  }
  say(button, "");
  button.classList.add("is-applied");
  keepInView(canvas, button);
}

// ---- The canvas stays with its text (issue 33) ----------------------------------------------
//
// After a try button, its canvas is on screen: when less than 90 % of it is, and canvas and button
// fit on one screen, the page scrolls (smoothly, unless the reader asks for reduced motion) to show
// the canvas with the button under it; when they are farther apart and less than half of it shows (a chapter with one canvas at
// the top and its buttons in later sections), the figure is pinned to the top of the screen
// (`.is-pinned`, a placeholder keeps its place in the text) until the reader taps its close button
// or scrolls back to where it stands.

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The share of the canvas's height that is on screen (0–1). */
function onScreen(canvas) {
  const r = canvas.getBoundingClientRect();
  if (r.height <= 0) return 0;
  return Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) / r.height;
}

let pinned = null; // { figure, spacer, observer, close }

function unpin() {
  if (!pinned) return;
  const { figure, spacer, observer, close } = pinned;
  pinned = null;
  observer.disconnect();
  close.remove();
  figure.classList.remove("is-pinned");
  spacer.remove();
}

function pin(canvas) {
  const figure = canvas.closest("figure") || canvas.closest(".steerlab");
  if (!figure) return;
  if (pinned?.figure === figure) return;
  unpin();
  const spacer = document.createElement("div");
  spacer.className = "pin-spacer";
  spacer.style.height = `${figure.getBoundingClientRect().height}px`;
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
  pinned = { figure, spacer, observer, close };
}

function keepInView(canvas, button) {
  if (pinned && pinned.figure.contains(canvas)) return;
  const seen = onScreen(canvas);
  if (seen >= 0.9) return;
  const c = canvas.getBoundingClientRect();
  const b = button.getBoundingClientRect();
  const top = Math.min(c.top, b.top);
  const bottom = Math.max(c.bottom, b.bottom);
  if (bottom - top <= innerHeight - 16) {
    // Both on one screen: the canvas's top 8 px from the screen's (or the button's bottom 8 px
    // from the screen's bottom, if that moves less).
    const by = c.top < 0 ? c.top - 8 : Math.max(b.bottom - innerHeight + 8, c.bottom - innerHeight + 8);
    window.scrollBy({ top: by, behavior: reduced() ? "auto" : "smooth" });
  } else if (seen < 0.5) {
    pin(canvas);
  }
}

/** Each inspector slot goes after the try buttons that follow it, so that on a phone the buttons
 *  sit right under their figure (the inspector is long: it pushed them a screen away). */
function placeSlots() {
  for (const slot of document.querySelectorAll(".steerlab-inspector-slot[data-for]")) {
    let last = null;
    for (let n = slot.nextElementSibling; n && n.classList.contains("try-row"); n = n.nextElementSibling) last = n;
    if (last) last.after(slot);
  }
}
placeSlots();

function restore(button) {
  const id = button.dataset.for;
  const canvas = document.getElementById(id);
  const v = viewerOf(canvas);
  if (!v) return say(button, canvas ? t("page.chapter.not_ready") : t("page.chapter.no_canvas"), canvas ? "" : `#${id}`, true);
  const saved = originals.get(canvas);
  if (!saved || saved.size === 0) return say(button, t("page.chapter.nothing"));
  try {
    for (const [path, value] of saved) v.set(path, value);
  } catch (err) {
    return say(button, t("page.chapter.refused"), errorText(err), true);
  }
  saved.clear();
  for (const b of buttonsFor(id)) {
    b.classList.remove("is-applied");
    say(b, "");
  }
  say(button, t("page.chapter.restored"));
}

document.addEventListener("click", (ev) => {
  const button = ev.target instanceof Element ? ev.target.closest(SELECTOR) : null;
  if (!button || button.disabled) return;
  if (button.classList.contains("try-reset")) restore(button);
  else apply(button);
});

/** Enable the buttons whose canvas is on the page, once the module is ready. */
function enableReady() {
  if (!window.steerlab || typeof window.steerlab.viewerFor !== "function") return;
  for (const button of document.querySelectorAll(SELECTOR)) {
    if (button.disabled && document.getElementById(button.dataset.for)) button.disabled = false;
  }
}

window.addEventListener("steerlab:ready", enableReady);
enableReady();

// The "Implementation" sections' listings (issue #36): their module, the exporter and its templates
// load when a listing comes within a screen of the viewport, never with the page.
{
  const boxes = [...document.querySelectorAll(".code-listing[data-code]")];
  if (boxes.length) {
    const load = () => import("./code/chapter.js").then((m) => m.fill()).catch((e) => console.error("steerlab: the listings failed:", e));
    if ("IntersectionObserver" in window) {
      const io = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            io.disconnect();
            load();
          }
        },
        { rootMargin: "100% 0px" },
      );
      boxes.forEach((b) => io.observe(b));
    } else {
      load();
    }
  }
}

// A way past each figure (issue 49): a figure holds a dozen or more tab stops (its canvas, bar,
// settings and inspector); a link before it, shown when focused, jumps to what follows it.
for (const [k, fig] of [...document.querySelectorAll("figure.viz")].entries()) {
  if (!fig.querySelector("canvas")) continue;
  const to = document.createElement("span");
  to.id = `after-figure-${k + 1}`;
  to.tabIndex = -1;
  fig.after(to);
  const a = document.createElement("a");
  a.className = "skip-figure";
  a.href = `#${to.id}`;
  const name = fig.querySelector("figcaption strong, figcaption")?.textContent.trim();
  a.textContent = name ? `${t("page.chapter.skip")}: ${name}` : t("page.chapter.skip");
  fig.before(a);
}
