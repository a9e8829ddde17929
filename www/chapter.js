// The "try this" buttons of the chapters (pages/<tag>/chapters/*.html).
//
//   <button type="button" class="try" data-for="c-flock" data-set='{"separation.weight": 0}' disabled>…</button>
//   <button type="button" class="try" data-for="c-flock" data-set='{"perception": 25}' data-restart disabled>…</button>
//   <button type="button" class="try-reset" data-for="c-flock" disabled>…</button>
//
// A `try` button shows its sentence whatever was pressed before it: it puts back every parameter
// another try button of its canvas or one of the canvas's own controls (the reader's sliders)
// changed, as the figure started, then applies each `path: value` of its `data-set` (JSON) through
// the JS API (`viewerFor(canvas).set(path, value)`), and starts the canvas if it was paused. With
// `data-restart` the figure then starts again from its first step (for a sentence about what grows
// from the start: "from the crowd it starts with…"). The reader's own edits of the scene (a
// waypoint, an obstacle) stay. A `try-reset` button puts the figure back as it started: every such
// parameter, and the simulation from its first step. If `set` refuses a value, its message is
// shown next to the button (and the page goes on working).
//
// "As the figure started" is read once per canvas, when it mounts (`steerlab:mounted`), before the
// reader can change anything.
//
// Buttons are written `disabled` and enabled once the module is ready (`window.steerlab`): boot.js
// mounts a canvas only when the reader scrolls near it, and a click on a button whose canvas is
// still waiting mounts it (`viewerFor` does). Asking for every viewer up front would mount every
// canvas of the chapter at load. This module looks on `steerlab:ready` and once at start in case
// it runs after it. A module file, no inline script, so the strict CSP holds. Its words come from
// ./words.js (the words files' page.chapter.* keys).

// (The registry's plain `word`: www/words.js, which fills holes, loads with the first script that
// needs it.)
import { ensureWords, word as t } from "./loader.js";

const SELECTOR = "button.try[data-for], button.try-reset[data-for]";

/** canvas → viewer (the wrapper viewerFor returned; kept so it is asked for once). */
const viewers = new WeakMap();
/** canvas → Map(path → value as the figure started), for every path a try button of the canvas
 *  sets and every control of its scenario. */
const defaults = new WeakMap();

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

const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A button's settings, or null when its `data-set` is not a JSON object. */
function settingsOf(button) {
  try {
    const s = JSON.parse(button.dataset.set || "");
    return s && typeof s === "object" && !Array.isArray(s) ? s : null;
  } catch {
    return null;
  }
}

/** The canvas's parameters as the figure started (read once, the first time it is asked). */
function startOf(canvas, v) {
  let m = defaults.get(canvas);
  if (m) return m;
  const paths = new Set();
  for (const b of buttonsFor(canvas.id)) for (const k of Object.keys(settingsOf(b) || {})) paths.add(k);
  // The canvas's controls, from its widget (`state()` would copy every agent: 20 000 on the
  // stress canvas).
  for (const c of canvas.closest(".steerlab")?.querySelectorAll("[data-param]") ?? []) paths.add(c.getAttribute("data-param"));
  m = new Map();
  for (const p of paths) {
    const x = currentValue(v, p);
    if (x !== undefined) m.set(p, x);
  }
  defaults.set(canvas, m);
  return m;
}

// Read as the canvas mounts (the event comes from inside `mount()`: read just after it).
document.addEventListener("steerlab:mounted", (ev) => {
  const canvas = ev.target;
  const v = ev.detail?.viewer;
  if (!(canvas instanceof HTMLCanvasElement) || !canvas.id || !v || !buttonsFor(canvas.id).length) return;
  queueMicrotask(() => {
    if (!defaults.has(canvas)) startOf(canvas, v);
  });
});

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

function resetsFor(id) {
  return document.querySelectorAll(`button.try-reset[data-for="${CSS.escape(id)}"]`);
}

/** Put every parameter of `base` back, except those in `keep`; then `settings`. */
function setAll(v, base, keep, settings) {
  for (const [path, value] of base) {
    if (!Object.hasOwn(keep, path) && !same(currentValue(v, path), value)) v.set(path, value);
  }
  for (const [path, value] of Object.entries(settings)) {
    if (!same(currentValue(v, path), value)) v.set(path, value);
  }
}

function apply(button) {
  const id = button.dataset.for;
  const canvas = document.getElementById(id);
  if (!canvas) return say(button, t("page.chapter.no_canvas"), `#${id}`, true);
  const settings = settingsOf(button);
  if (!settings) return say(button, t("page.chapter.bad_button"), String(button.dataset.set), true);
  const v = viewerOf(canvas);
  if (!v) return say(button, t("page.chapter.not_ready"), "", true);
  try {
    setAll(v, startOf(canvas, v), settings, settings);
    if (button.hasAttribute("data-restart")) v.reset();
    if (!v.playing) v.play();
  } catch (err) {
    return say(button, t("page.chapter.refused"), errorText(err), true);
  }
  for (const b of buttonsFor(id)) {
    b.classList.toggle("is-applied", b === button);
    say(b, "");
  }
  for (const r of resetsFor(id)) say(r, "");
  // A button of another canvas: the pinned figure goes back to its place now, with the tap (it
  // would hide this one, and what it moves counts as the tap's).
  pin?.leaveFor(canvas);
  // Measured two frames later, when the layout the button changed has settled: its readout may
  // gain a line, and after a figure went back into the text above, the browser's scroll anchoring
  // moves the page. A smooth scroll aimed before that lands off by as much (up to ~190 px on a
  // loaded phone).
  withPin(() => requestAnimationFrame(() => requestAnimationFrame(() => pin.keepInView(canvas, button))));
}

// ---- The canvas stays with its text (issues 33 and 45): www/pin.js, loaded with the first try
// button a reader taps.

/** www/pin.js once loaded (`pin`), and its loading (`pinning`). */
let pin = null;
let pinning = null;
const withPin = (f) => (pin ? f(pin) : (pinning ??= import("./pin.js").then((m) => (pin = m))).then(f));

// ---- A comparison on a phone (issue 55) ------------------------------------------------------
//
// Two views one above the other, their readouts and their bar already fill a phone's screen: the
// comparison's chart and its sliders (www/compare.js puts them after its bar) fold under two
// buttons at the end of the bar, ⚙ Settings and Chart, shown under 560 px (chapter.css).
function foldCompare(wrap) {
  const bar = wrap?.querySelector(":scope > .sl-compare-bar");
  if (!bar || bar.querySelector(".sl-compare-folds")) return;
  const row = document.createElement("span");
  row.className = "sl-compare-folds";
  for (const [part, key] of [["controls", "touch.settings"], ["chart", "ui.chart"]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.fold = part;
    b.setAttribute("aria-expanded", "false");
    // (Words of the module, which keeps them: as its bar writes them on this page.)
    b.textContent = document.querySelector(`[data-sl-text="${key}"]`)?.textContent ?? "";
    b.addEventListener("click", () => {
      const on = !wrap.classList.contains(`show-${part}`);
      wrap.classList.toggle(`show-${part}`, on);
      b.setAttribute("aria-expanded", String(on));
    });
    row.append(b);
  }
  bar.append(row);
}
document.addEventListener("steerlab:mounted", (ev) => {
  if (ev.target instanceof Element) foldCompare(ev.target.closest(".sl-compare"));
});

// ---- A challenge on a phone (issue 55) -------------------------------------------------------
//
// A challenge opens its figure's settings (www/challenge.js): on a phone its sliders are the
// ones it is about — its solution's and its condition's parameters — and the others fold under
// "Other settings" at their end (the overlays' toggles too), so the card stays within 800 px.
function paramsOf(li) {
  const out = new Set();
  const walk = (x) => {
    if (!x || typeof x !== "object") return;
    if (typeof x.param === "string") out.add(x.param);
    for (const v of Object.values(x)) walk(v);
  };
  try {
    for (const k of Object.keys(JSON.parse(li.dataset.solution || "{}"))) out.add(k);
    walk(JSON.parse(li.dataset.challenge || "{}"));
  } catch {
    // (challenge.js names a malformed attribute.)
  }
  return out;
}
function foldChallenge(canvas) {
  const li = canvas.closest("[data-challenge]");
  const settings = canvas.closest(".steerlab")?.querySelector(".steerlab-settings");
  if (!li || !settings || settings.querySelector(".challenge-more")) return;
  const wanted = paramsOf(li);
  // A parameter named by its path or its last part ("perception", "alignment.perception").
  const about = (p) => [...wanted].some((w) => w === p || p.endsWith(`.${w}`) || w.endsWith(`.${p}`));
  let aside = 0;
  for (const row of settings.querySelectorAll(".steerlab-control")) {
    const p = row.querySelector("[data-param]")?.getAttribute("data-param") ?? "";
    const off = !about(p);
    row.classList.toggle("is-aside", off);
    aside += off;
  }
  if (!aside) return;
  const more = document.createElement("button");
  more.type = "button";
  more.className = "steerlab-btn challenge-more";
  more.setAttribute("aria-expanded", "false");
  more.textContent = t("page.chapter.other_settings");
  more.addEventListener("click", () => {
    const on = !settings.classList.contains("show-aside");
    settings.classList.toggle("show-aside", on);
    more.setAttribute("aria-expanded", String(on));
  });
  settings.append(more);
}
document.addEventListener("steerlab:mounted", (ev) => {
  if (ev.target instanceof HTMLCanvasElement) foldChallenge(ev.target);
});

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

/** Pseudocode keeps its shape when a long line wraps on a phone (issue 55): each line of a
 *  `pre.pseudo` becomes a block with a hanging indent of its own indentation plus two characters
 *  (`--i`, as the code listings: chapter.css's .code-line), so a wrapped part reads under its
 *  line, not at the left edge. Its text is unchanged (each line keeps its newline). */
function hangPseudo() {
  for (const code of document.querySelectorAll("pre.pseudo > code")) {
    if (code.querySelector(":scope > .code-line")) continue;
    const lines = [[]];
    for (const n of [...code.childNodes]) {
      if (n.nodeType !== Node.TEXT_NODE) {
        lines.at(-1).push(n);
        continue;
      }
      n.data.split("\n").forEach((part, k) => {
        if (k) lines.push([]);
        if (part) lines.at(-1).push(document.createTextNode(part));
      });
    }
    if (lines.length > 1 && !lines.at(-1).length) lines.pop();
    code.replaceChildren(
      ...lines.map((nodes, k) => {
        const l = document.createElement("span");
        l.className = "code-line";
        const lead = nodes[0]?.nodeType === Node.TEXT_NODE ? nodes[0].data : "";
        const indent = /^[ \t]*/.exec(lead)[0].replace(/\t/g, "    ").length;
        if (indent) l.style.setProperty("--i", String(indent));
        l.append(...nodes, k < lines.length - 1 ? "\n" : "");
        return l;
      }),
    );
  }
}
hangPseudo();

/** The figure as it started: its parameters, and the simulation from its first step (the scene
 *  too: waypoints, obstacles and food as the scenario writes them). */
function restore(button) {
  const id = button.dataset.for;
  const canvas = document.getElementById(id);
  const v = viewerOf(canvas);
  if (!v) return say(button, canvas ? t("page.chapter.not_ready") : t("page.chapter.no_canvas"), canvas ? "" : `#${id}`, true);
  try {
    setAll(v, startOf(canvas, v), {}, {});
    v.reset();
    if (!v.playing) v.play();
  } catch (err) {
    return say(button, t("page.chapter.refused"), errorText(err), true);
  }
  for (const b of buttonsFor(id)) {
    b.classList.remove("is-applied");
    say(b, "");
  }
  for (const r of resetsFor(id)) say(r, "");
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
// (Written once the page's words have come: `t()` before that fetched the same file a second time,
// synchronously, while boot.js's fetch of it was on its way. Everything above runs first.)
await ensureWords(document.documentElement);
for (const [k, fig] of [...document.querySelectorAll("figure.viz")].entries()) {
  if (!fig.querySelector("canvas")) continue;
  const to = document.createElement("span");
  to.id = `after-figure-${k + 1}`;
  to.tabIndex = -1;
  fig.after(to);
  const a = document.createElement("a");
  a.className = "skip-figure";
  a.href = `#${to.id}`;
  // Its title (the caption's <strong>): the rest of a caption holds code names and the words for a
  // finger and for a mouse, one of them hidden, which read as one run-on phrase out of place.
  // (A challenge's figure has no caption: its task's title names it.)
  const cap = fig.querySelector("figcaption");
  const task = fig.closest("[data-challenge]")?.querySelector(".challenge-task");
  const name = (cap?.querySelector("strong")?.textContent ?? cap?.innerText ?? task?.querySelector("strong")?.textContent)?.trim().replace(/\.$/, "");
  a.textContent = name ? `${t("page.chapter.skip")}: ${name}` : t("page.chapter.skip");
  fig.before(a);
}
