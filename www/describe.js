// The described scene (issue 49): what a figure shows, in sentences of the reader's language, for
// screen readers. Loaded on first use (www/boot.js: the first focus in a figure, a key on a
// canvas, a parameter change, or `v.describe()`), never with the page.
//
// The core computes the scene as numbers and keys (`v.scene()`: crates/steerlab-core/src/
// describe.rs); this module only puts them into words (`describe.*` keys
// in the words files, read through www/words.js) and decides when to speak:
// - the canvas's accessible description (aria-describedby) gets a paragraph that says what is on
//   screen now, written when the figure gets the focus and again after each action; it is not a
//   live region, so nothing is heard while the figure merely plays;
// - after a reader's action (a try button or a slider: `steerlab:change`; a key on the canvas; a
//   tap or click on it; a button of the bar) one short sentence goes to the figure's polite live
//   region (`.steerlab-live`): what changed. A change's effect takes time to show while playing,
//   so that sentence comes SETTLE_MS after the change, comparing the scene then with the scene
//   before it; paused, it comes at once.

import { t, fill } from "./words.js";
import { onKey, onBlur, cursorOf } from "./cursor.js";

/** How long a playing figure is watched after a change before its effect is said. */
export const SETTLE_MS = 3000;

/** The first letter up, unless the sentence starts with an identifier (`sep_dist 60: …`). */
const cap = (s) => (/^\S*[_.]\S/.test(s) ? s : s.charAt(0).toUpperCase() + s.slice(1));

/** The scene (`v.scene()`) in sentences, in `lang`. Pure: no DOM. */
export function sentences(scene, lang) {
  const w = (k, v = {}) => fill(t(`describe.${k}`, lang), v, lang);
  const place = (p) => w(`place.${p}`);
  const dir = (h) => w(`dir.${h}`);
  const out = [];
  const n = scene.agents;
  if (n === 0) out.push(w("agents.none"));
  else if (n === 1) out.push(w("agents.one"));
  else out.push(w("agents", { n }));
  const g = scene.flock || [];
  if (n > 1 && scene.groups === 1 && g[0]) out.push(w("groups.one", { place: place(g[0][1]), dir: dir(g[0][2]) }));
  else if (n > 1 && scene.groups > 1) {
    const list = g.map(([size, p, h]) => w("group", { n: size, place: place(p), dir: dir(h) })).join("; ");
    out.push(w("groups", { n: scene.groups, list }));
  } else if (n > 1 && g[0]) out.push(w("whole", { place: place(g[0][1]), dir: dir(g[0][2]) }));
  if (n > 2 && scene.polarisation >= 0.8) out.push(w("aligned"));
  else if (n > 2 && scene.polarisation < 0.3 && scene.groups !== n) out.push(w("disordered"));
  for (const [key, count, p, h] of scene.roles || []) out.push(w(`role.${key}`, { n: count, place: place(p), dir: dir(h) }));
  if (scene.selected) out.push(w("selected", { place: place(scene.selected[1]), dir: dir(scene.selected[2]) }));
  return out.map((s) => cap(s.trim()).replace(/([^.!?])$/, "$1.")).join(" ");
}

/** Where the keyboard cursor is (`[x, y]` in a world of `size`), and whether it holds something. */
export function cursorSentence(at, size, grab, lang) {
  const col = Math.min(2, Math.max(0, Math.floor((at[0] / size[0]) * 3)));
  const row = Math.min(2, Math.max(0, Math.floor((at[1] / size[1]) * 3)));
  const s = fill(t("describe.cursor", lang), { place: t(`describe.place.${row * 3 + col}`, lang), x: Math.round(at[0]), y: Math.round(at[1]) }, lang);
  return grab ? `${s} ${t("describe.cursor.grab", lang)}` : s;
}

/** What changed between two scenes, in one short clause (or the "no visible change" one). */
export function change(before, after, lang) {
  const w = (k, v = {}) => fill(t(`describe.${k}`, lang), v, lang);
  const parts = [];
  if (before.agents !== after.agents) parts.push(w("change.agents", { n: after.agents, was: before.agents }));
  const [a, b] = [before.groups, after.groups];
  if (a != null && b != null && a !== b) {
    if (b === 1) parts.push(w("change.one_group"));
    else if (a === 1) parts.push(w("change.split", { n: b }));
    else parts.push(w("change.groups", { n: b, was: a }));
  }
  const [pa, pb] = [before.polarisation, after.polarisation];
  if (after.agents > 2 && pa < 0.8 && pb >= 0.8) parts.push(w("change.aligned"));
  else if (after.agents > 2 && pa >= 0.5 && pb < 0.3) parts.push(w("change.disordered"));
  const roles = (s) => new Map((s.roles || []).map((r) => [r[0], r]));
  const [ra, rb] = [roles(before), roles(after)];
  for (const [key, r] of rb) {
    const old = ra.get(key);
    if (!old || old[1] !== r[1] || (r[1] === 1 && old[2] !== r[2])) parts.push(w(`role.${key}`, { n: r[1], place: w(`place.${r[2]}`), dir: w(`dir.${r[3]}`) }));
  }
  for (const key of ra.keys()) if (!rb.has(key)) parts.push(w(`gone.${key === "active_waypoint" ? "waypoint" : "any"}`));
  const sa = before.selected, sb = after.selected;
  if (sb && (!sa || sa[0] !== sb[0])) parts.push(w("selected", { place: w(`place.${sb[1]}`), dir: w(`dir.${sb[2]}`) }));
  return parts.length ? parts.join("; ") : w("change.none");
}

// ---------------------------------------------------------------------------------------------
// The page side: one description paragraph per canvas, the live region's sentences.

const figures = new WeakMap();
let ids = 0;
let steerlab = null;

const langOf = (canvas) => canvas.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || "en";

/** The figure's description paragraph (made on first use), tied to the canvas by aria-describedby. */
function figure(canvas) {
  let f = figures.get(canvas);
  const root = canvas.closest(".steerlab");
  // (A canvas destroyed and mounted again has a new wrapper: its paragraph is made again.)
  if (f && f.root === root && f.p.isConnected) return f;
  const p = document.createElement("p");
  p.className = "steerlab-scene";
  p.id = `steerlab-scene-${ids++}`;
  (root || canvas.parentElement).append(p);
  const by = (canvas.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
  canvas.setAttribute("aria-describedby", [...by, p.id].join(" "));
  f = { p, root, live: root?.querySelector(".steerlab-live"), timer: 0, before: null, said: 0 };
  figures.set(canvas, f);
  return f;
}

const viewerOf = (canvas) => steerlab?.viewerFor(canvas);
const sceneOf = (v) => {
  try {
    return v.scene();
  } catch {
    return null; // destroyed or failed: nothing to say
  }
};

/** Write what the figure shows now into its description; returns `{ text, scene }`. */
function refresh(canvas, v = viewerOf(canvas)) {
  const scene = v && sceneOf(v);
  if (!scene) return null;
  const lang = langOf(canvas);
  // The selected agent's forces, as the legend over the canvas lists them in the reader's words
  // (hidden from screen readers there: it changes twice a second while playing).
  const rows = [...(canvas.closest(".steerlab")?.querySelectorAll(".steerlab-legend:not([hidden]) .steerlab-legend-row:not([hidden])") ?? [])].map((r) => r.textContent.trim()).filter(Boolean);
  const forces = scene.selected && rows.length ? ` ${fill(t("describe.forces", lang), { list: rows.join("; ") }, lang)}` : "";
  const text = `${sentences(scene, lang)}${forces} ${t("describe.keys", lang)}`;
  const f = figure(canvas);
  if (f.p.textContent !== text) f.p.textContent = text;
  return { text, scene };
}

/** One polite sentence in the figure's live region (the description follows). */
function say(canvas, sentence) {
  const f = figure(canvas);
  refresh(canvas);
  if (!f.live || !sentence) return;
  f.live.textContent = sentence;
  f.said = performance.now();
}

/** `v.describe()`: the scene in sentences, and the numbers they come from. */
export function describe(v) {
  const canvas = v.canvas;
  const got = canvas ? refresh(canvas, v) : null;
  const scene = got?.scene ?? v.scene();
  return { text: got?.text ?? sentences(scene, langOf(canvas ?? document.documentElement)), scene };
}

/** After an action on `canvas` (`what`: the words for the action), say what it changed: at once
 *  when paused, after SETTLE_MS of play otherwise (a second action meanwhile restarts the wait,
 *  keeping the first scene as "before"). */
function acted(canvas, what, before) {
  const v = viewerOf(canvas);
  if (!v) return;
  const f = figure(canvas);
  f.before ??= before ?? sceneOf(v);
  f.what = what;
  clearTimeout(f.timer);
  const speak = () => {
    const after = sceneOf(v);
    const b = f.before;
    f.before = null;
    f.timer = 0;
    if (!after || !b) return;
    const lang = langOf(canvas);
    const head = f.what ? `${f.what}: ` : "";
    say(canvas, cap(head + change(b, after, lang)) + ".");
  };
  if (v.playing) f.timer = setTimeout(speak, SETTLE_MS);
  else requestAnimationFrame(speak);
}

/** The words for a parameter change: the figure's control for that path (its label, without the
 *  value it shows) and the value, else the try button that made it, else the path and the value. */
function changeWords(canvas, d) {
  const root = canvas.closest(".steerlab");
  const input = root?.querySelector(`[data-param="${CSS.escape(d.path)}"]`);
  let label = input?.getAttribute("aria-label") || "";
  const box = input?.closest("label");
  if (!label && box) {
    const copy = box.cloneNode(true);
    copy.querySelectorAll("output, input, select").forEach((e) => e.remove());
    label = copy.textContent;
  }
  label = label.replace(/\s+/g, " ").trim();
  const active = document.activeElement;
  if (!label && active?.matches?.("button.try")) return active.textContent.replace(/\s+/g, " ").trim();
  const value = typeof d.value === "number" ? new Intl.NumberFormat(langOf(canvas), { maximumFractionDigits: 2 }).format(d.value) : String(d.value);
  return `${label || d.path} ${value}`;
}

/** Hook the page (once): focus, keys, clicks and changes on every figure; `early`, the events
 *  that came while this module loaded (boot.js), are handled as if they came now. */
export function attach(module, early = []) {
  if (steerlab) return;
  steerlab = module;
  // Only what a reader does: a page's script dispatching a key or a click is not (isTrusted).
  const on = (type, f, capture) => {
    const g = (e) => (e.isTrusted || e instanceof CustomEvent) && f(e);
    document.addEventListener(type, g, capture);
    for (const e of early) if (e.type === type) g(e);
  };
  const canvasOf = (e) => e.target.closest?.(".steerlab")?.querySelector("canvas.steerlab-canvas");
  on("focusin", (e) => {
    if (e.target.matches?.("canvas.steerlab-canvas")) refresh(e.target);
  });
  // The cursor's keys come first (capture): the viewer's own handler would step on an arrow.
  on(
    "keydown",
    (e) => {
      const c = e.target;
      const v = c.matches?.("canvas.steerlab-canvas") && viewerOf(c);
      if (!v) return;
      const before = sceneOf(v);
      const was = cursorOf(c).at;
      if (!onKey(e, v, c)) return;
      e.preventDefault();
      e.stopPropagation();
      const lang = langOf(c);
      const { at, grab } = cursorOf(c);
      const world = v.state().scenario.world;
      const where = at ? cursorSentence(at, [world.width, world.height], grab, lang) : "";
      // A click there (Enter, N on an object) says what it changed; a move or Esc only where it is.
      if (e.key === "Enter" && was) return acted(c, where.replace(/\.$/, ""), before);
      if (/^[nN]$/.test(e.key)) return acted(c, where.replace(/\.$/, ""), before);
      say(c, where || t("describe.cursor.off", lang));
    },
    true,
  );
  on("focusout", (e) => {
    const v = e.target.matches?.("canvas.steerlab-canvas") && viewerOf(e.target);
    if (v) onBlur(v, e.target);
  });
  on("keydown", (e) => {
    const c = e.target;
    if (!c.matches?.("canvas.steerlab-canvas")) return;
    const v = viewerOf(c);
    if (!v) return;
    // (This listener runs after the viewer's own: the state already shows the key's effect.)
    const lang = langOf(c);
    // S: the sound (www/sound.js, loaded now): the pitch follows the figure's main measure.
    if (/^[sS]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey)
      import("./sound.js").then((m) => {
        const k = m.toggle(v, c);
        say(c, t(k ? `describe.sound.${k}` : "describe.sound.off", lang));
      });
    if (e.key === " ") say(c, t(v.playing ? "describe.playing" : "describe.paused", lang));
    else if (/^(ArrowRight|ArrowLeft)$/.test(e.key)) acted(c, fill(t("describe.step", lang), { n: v.state().steps }, lang), figure(c).last);
    else if (/^[rR]$/.test(e.key)) say(c, t("describe.reset", lang));
    else if (e.key === "Delete" || e.key === "Backspace") acted(c, "", figure(c).last);
    figure(c).last = sceneOf(v);
  });
  // A click or tap on the canvas (a waypoint, a target, an agent): what it changed.
  on("pointerdown", (e) => {
    if (e.target.matches?.("canvas.steerlab-canvas")) {
      const v = viewerOf(e.target);
      if (v) figure(e.target).before = sceneOf(v);
    }
  });
  on("pointerup", (e) => {
    if (e.target.matches?.("canvas.steerlab-canvas")) acted(e.target, "");
  });
  // The bar's buttons: play, step, back, reset, new seed.
  on("click", (e) => {
    const b = e.target.closest?.(".steerlab [data-action]");
    const c = b && canvasOf(e);
    if (!c) return;
    const v = viewerOf(c);
    const lang = langOf(c);
    const a = b.getAttribute("data-action");
    if (a === "play") say(c, t(v?.playing ? "describe.playing" : "describe.paused", lang));
    else if (a === "step" || a === "back") acted(c, fill(t("describe.step", lang), { n: v?.state().steps ?? 0 }, lang), figure(c).last);
    else if (a === "reset" || a === "seed") acted(c, t("describe.reset", lang), figure(c).last);
  });
  // A change the reader made (the figure's controls, a try button, a key or a click a moment ago),
  // not one a page's script made on its own (an app re-rendering, a challenge checking).
  let input = -Infinity;
  for (const k of ["click", "keydown", "input"]) document.addEventListener(k, (e) => e.isTrusted && (input = performance.now()), true);
  on("steerlab:change", (e) => {
    const c = e.target;
    const reader = e.detail?.source === "control" || performance.now() - input < 1000;
    if (reader && c.matches?.("canvas.steerlab-canvas") && c.isConnected) acted(c, changeWords(c, e.detail));
  });
  // The scene as it was before an action: kept for each figure the reader is on.
  const keep = () => {
    const c = document.activeElement?.closest?.(".steerlab")?.querySelector("canvas.steerlab-canvas");
    const v = c && viewerOf(c);
    if (v && !figure(c).timer) figure(c).last = sceneOf(v);
  };
  document.addEventListener("pointerover", keep, true);
  document.addEventListener("focusin", keep, true);
}
