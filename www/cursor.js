// The keyboard cursor (issue 49): what a mouse does on a canvas, by keys, for a reader without a
// pointer. Part of the described scene (www/describe.js loads it with itself, on first use).
//
// On a focused canvas: Enter shows a cursor in the middle of the world; the arrows move it (a
// fortieth of the world a press; Shift: an eighth); Enter acts there as a click does (adds a
// waypoint, places an obstacle or food, moves the target, sends the leader, selects an agent,
// chooses "self"); G grabs what is under it and drops it (the arrows drag it meanwhile); N and
// Shift+N go to the next and previous object (waypoints, obstacles and food, else the agents) and
// select it where a click selects (a waypoint, an agent); Delete removes the selected waypoint
// (the viewer's own key); Escape hides the cursor. Every action is the pointer event a mouse would
// give, dispatched on the canvas: the viewer takes it as a mouse's (the same history, the same
// trajectories). The cursor is drawn over the canvas as a ring (not in the picture).

const cursors = new WeakMap();
const POINTER = { pointerId: 49, pointerType: "mouse", isPrimary: true, bubbles: true, cancelable: true, composed: true };

/** How the canvas shows the world (the viewer's `View::fit`: scaled to fit, centred). */
function view(canvas, state) {
  const r = canvas.getBoundingClientRect();
  const [w, h] = [state.scenario.world.width, state.scenario.world.height];
  const s = Math.min(r.width / w, r.height / h);
  return { r, w, h, s, ox: (r.width - w * s) / 2, oy: (r.height - h * s) / 2 };
}

/** The cursor of `canvas`: `{ at: [x, y] | null, grab, next }`. */
export function cursorOf(canvas) {
  let c = cursors.get(canvas);
  if (!c) cursors.set(canvas, (c = { at: null, grab: false, next: -1, el: null }));
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

/** The objects N goes through, with whether a click there selects it. */
function objects(state) {
  const how = state.scenario.interaction;
  if (state.waypoints?.length) return { points: state.waypoints, select: how === "waypoints" };
  const things = [...(state.obstacles || []).map((o) => o.center), ...(state.food || [])];
  if (things.length) return { points: things, select: false };
  return { points: (state.agents || []).map((a) => a.position), select: how === "select" || how === "choose_self" };
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
    c.grab = !c.grab;
    send(canvas, c.grab ? "pointerdown" : "pointerup", state, c.at, c.grab ? 1 : 0);
  } else if (k === "n" || k === "N") {
    const { points, select } = objects(state);
    if (!points.length) return true;
    const n = points.length;
    c.next = c.at ? (c.next + (e.shiftKey ? n - 1 : 1)) % n : 0;
    c.at = [...points[c.next]];
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
