// The keyboard cursor (issues 49, 58): what a mouse does on a canvas, by keys, for a reader without
// a pointer. Part of the described scene (www/describe.js loads it with itself, on first use).
//
// On a focused canvas: Enter shows a cursor in the middle of the world; the arrows move it (a
// fortieth of the world a press; Shift: an eighth); Enter acts there as a click does (adds a
// waypoint, places an obstacle or food, moves the target, sends the leader, selects an agent,
// chooses "self"); G grabs what is under it — a waypoint, an obstacle, food, the target — and
// drops it (the arrows drag it meanwhile); N and Shift+N go to the next and previous object
// (waypoints, obstacles and food, the target, else the agents) and select it where a click
// selects (a waypoint, an agent); Delete removes the selected waypoint (the viewer's own key);
// Escape hides the cursor. Every action is the pointer event a mouse would give, dispatched on the
// canvas: the viewer takes it as a mouse's (the same history, the same trajectories). The cursor
// is drawn over the canvas as a ring (not in the picture). What it says is a few words, and only
// when something changed: the ninth of the world it entered, the object it is over.

import { t } from "./words.js";

const cursors = new WeakMap();
const POINTER = { pointerId: 49, pointerType: "mouse", isPrimary: true, bubbles: true, cancelable: true, composed: true };
/** How near (world units) the cursor must be to an object to be over it (the core's pick radius). */
const PICK = 14;

/** How the canvas shows the world (the viewer's `View::fit`: scaled to fit, centred). */
function view(canvas, state) {
  const r = canvas.getBoundingClientRect();
  const [w, h] = [state.scenario.world.width, state.scenario.world.height];
  const s = Math.min(r.width / w, r.height / h);
  return { r, w, h, s, ox: (r.width - w * s) / 2, oy: (r.height - h * s) / 2 };
}

/** The cursor of `canvas`: `{ at: [x, y] | null, grab, next, place, over }`. */
export function cursorOf(canvas) {
  let c = cursors.get(canvas);
  if (!c) cursors.set(canvas, (c = { at: null, grab: false, next: -1, el: null, place: -1, over: "" }));
  return c;
}

function send(canvas, type, state, [x, y], buttons) {
  const v = view(canvas, state);
  const clientX = v.r.left + v.ox + x * v.s;
  const clientY = v.r.top + v.oy + y * v.s;
  canvas.dispatchEvent(new PointerEvent(type, { ...POINTER, clientX, clientY, button: type === "pointermove" ? -1 : 0, buttons }));
}

function draw(canvas, c, state) {
  const root = canvas.closest(".steerlab") || canvas.parentElement;
  if (!c.at) return c.el?.remove();
  if (!c.el) {
    c.el = document.createElement("div");
    c.el.className = "steerlab-cursor";
    c.el.setAttribute("aria-hidden", "true");
  }
  if (!c.el.isConnected) root.append(c.el);
  const v = view(canvas, state);
  const base = root.getBoundingClientRect();
  c.el.style.left = `${v.r.left - base.left + v.ox + c.at[0] * v.s}px`;
  c.el.style.top = `${v.r.top - base.top + v.oy + c.at[1] * v.s}px`;
  c.el.classList.toggle("steerlab-cursor-grab", c.grab);
}

/** The objects of the scene a reader can go to and grab, each `{ kind, at, k, n, r }`: the
 *  waypoints; the obstacles, the food and the target (seek's, arrive's; flee's threat); else the
 *  agents. `select`: whether a click on one selects it. */
function objects(state) {
  const how = state.scenario.interaction;
  const list = (kind, pts, r = () => PICK) => pts.map((p, k) => ({ kind, at: p, k: k + 1, n: pts.length, r: r(k) }));
  if (state.waypoints?.length) return { points: list("waypoint", state.waypoints), select: how === "waypoints" };
  const obstacles = state.obstacles || [];
  const things = [...list("obstacle", obstacles.map((o) => o.center), (k) => Math.max(obstacles[k].radius, PICK / 2)), ...list("food", state.food || [])];
  for (const [kind, p] of [["target", state.target], ["threat", state.threat]]) if (Array.isArray(p)) things.push({ kind, at: p, k: 1, n: 1, r: PICK });
  if (things.length) return { points: things, select: false };
  return { points: list("agent", (state.agents || []).map((a) => a.position)), select: how === "select" || how === "choose_self" };
}

/** The object under `at`, if any (the nearest). */
function under(state, at) {
  let best = null;
  for (const o of objects(state).points) {
    const d = Math.hypot(o.at[0] - at[0], o.at[1] - at[1]);
    if (d <= o.r && (!best || d < best.d)) best = { ...o, d };
  }
  return best;
}

/** Which ninth of the world `at` is in (`describe.place.<0–8>`). */
const ninth = (at, [w, h]) => Math.min(2, Math.max(0, Math.floor((at[1] / h) * 3))) * 3 + Math.min(2, Math.max(0, Math.floor((at[0] / w) * 3)));

/** An object in words ("waypoint 2 of 4", "an obstacle", "the target"). */
const thing = (o, lang) => t(`describe.thing.${o.kind}`, lang).replace("{k}", o.k).replace("{n}", o.n);

/** What the cursor's key `key` did, in a few words, or "" when nothing worth saying changed (a
 *  move within the same ninth of the world, over nothing new). `was`: where it was before the
 *  key; `held`: whether it held something. */
export function cursorWords(canvas, v, lang, key, was, held) {
  const c = cursorOf(canvas);
  if (!c.at) return key === "Escape" ? t("describe.cursor.off", lang) : "";
  const state = v.state();
  const { width: W, height: H } = state.scenario.world;
  const place = ninth(c.at, [W, H]);
  const where = t(`describe.place.${place}`, lang);
  const o = under(state, c.at);
  const over = o ? thing(o, lang) : "";
  const moved = place !== c.place || over !== c.over;
  [c.place, c.over] = [place, over];
  const fill = (k, x = {}) => t(`describe.cursor.${k}`, lang).replace(/\{(\w+)\}/g, (_, n) => x[n] ?? "");
  if (/^[gG]$/.test(key)) {
    if (c.grab) return fill("grab", { thing: over || fill("here") });
    return held ? fill("drop", { place: where }) : fill("nothing");
  }
  if (/^[nN]$/.test(key)) return `${over || where}`;
  if (key === "Enter" && !was) return fill("shown", { place: where }) + (over ? `, ${fill("over", { thing: over })}` : "");
  if (key === "Enter" && held) return fill("drop", { place: where });
  if (key === "Enter") return fill("tap", { place: where });
  if (!moved) return "";
  if (c.grab) return where;
  return over ? fill("over", { thing: over }) : where;
}

/** A key on `canvas` (viewer `v`), before the viewer's own handler: true when the cursor took it
 *  (the caller then stops it there). */
export function onKey(e, v, canvas) {
  const c = cursorOf(canvas);
  const k = e.key;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const state = v.state();
  const { width: W, height: H } = state.scenario.world;
  const d = Math.min(W, H) / (e.shiftKey ? 8 : 40);
  const move = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, -d], ArrowDown: [0, d] }[k];
  const tap = (p) => (send(canvas, "pointerdown", state, p, 1), send(canvas, "pointerup", state, p, 0));
  if (move && c.at) {
    c.at = [Math.min(W, Math.max(0, c.at[0] + move[0])), Math.min(H, Math.max(0, c.at[1] + move[1]))];
    send(canvas, "pointermove", state, c.at, c.grab ? 1 : 0);
  } else if (k === "Enter" && !c.at) c.at = [W / 2, H / 2];
  else if (k === "Enter" && c.grab) (c.grab = false), send(canvas, "pointerup", state, c.at, 0);
  else if (k === "Enter") tap(c.at);
  else if ((k === "g" || k === "G") && c.at) {
    if (c.grab) (c.grab = false), send(canvas, "pointerup", state, c.at, 0);
    else {
      // Over an object the press holds it (a waypoint, an obstacle, food, the target: the core
      // drags what a mouse pressed on). On the playground's empty ground a press would place a
      // new obstacle: G there holds nothing.
      const o = under(state, c.at);
      if (!o && state.scenario.interaction === "playground") return true;
      if (o) c.at = [...o.at];
      c.grab = true;
      send(canvas, "pointerdown", state, c.at, 1);
    }
  } else if (k === "n" || k === "N") {
    const { points, select } = objects(state);
    if (!points.length) return true;
    const n = points.length;
    c.next = c.at ? (c.next + (e.shiftKey ? n - 1 : 1)) % n : 0;
    c.at = [...points[c.next].at];
    if (select) tap(c.at);
  } else if (k === "Escape" && c.at) {
    if (c.grab) (c.grab = false), send(canvas, "pointerup", state, c.at, 0);
    c.at = null;
  } else return false;
  draw(canvas, c, v.state());
  return true;
}

/** The canvas lost the focus: the cursor drops what it holds and hides. */
export function onBlur(v, canvas) {
  const c = cursors.get(canvas);
  if (!c?.at) return;
  if (c.grab) (c.grab = false), send(canvas, "pointerup", v.state(), c.at, 0);
  c.at = null;
  draw(canvas, c);
}
