// The described scene (issues 49, 58): what a figure shows, in sentences of the reader's language,
// for screen readers, as PhET's interactive descriptions do. Loaded on first use (www/boot.js: the
// first focus in a figure, a key on a canvas, a parameter change, or `v.describe()`), never with
// the page.
//
// The core computes the scene as numbers and keys (`v.scene()`: crates/steerlab-core/src/
// describe.rs; each behaviour's facts of its lesson come from its own file, `Behave::describe`);
// this module only puts them into words (`describe.*` keys in the words files, read through
// www/words.js) and decides when to speak:
// - the canvas's accessible description (aria-describedby) is ONE sentence: the agents and each
//   behaviour's headline (separation's spacing, alignment's heading, the queue's line …). It is
//   written when the figure takes the focus and, while it plays with the focus in it, renewed
//   when a fact its lesson watches moves (at most every RENEW_MS). It is not a live region:
//   nothing is heard while the figure merely plays;
// - after a reader's action (a try button or a slider: `steerlab:change`; a key on the canvas; a
//   tap or click on it; a button of the bar) one short sentence goes to the figure's polite live
//   region (`.steerlab-live`): what changed, in the lesson's terms ("Alignment 0: the headings
//   spread out, polarisation 0.93 → 0.31"). A change's effect takes time to show while playing,
//   so that sentence comes SETTLE_MS after the change, comparing the scene then with the scene
//   before it; paused, it comes at once;
// - D says the whole scene now (groups, every lesson, the roles, the selected agent); H or ? the
//   keys, which are also said once a page, the first time a figure takes the focus.
// It brings the keys inside the figures' toolbars with it (www/roving.js).

import { t, fill, formatNumber } from "./words.js";
import { onKey, onBlur, cursorOf, cursorWords } from "./cursor.js";
import * as roving from "./roving.js";

/** How long a playing figure is watched after a change before its effect is said. */
export const SETTLE_MS = 3000;
/** How often, at most, a playing figure's description follows its scene (while it has the focus). */
export const RENEW_MS = 3000;
/** The most words of the one sentence (the name adds a few: the focus says ≤ 60). */
export const SUMMARY_WORDS = 45;

/** Each behaviour's lesson, over its facts (`v.scene().facts`: `[kind, {key: value}]`):
 *  - `say`: the clauses of its sentence, `describe.<kind>.<clause>` in the words, each with the
 *    test that says it: those named in `head` make its headline (the focus's one sentence), all
 *    of them the whole scene (D);
 *  - `watch`: the facts an action's sentence names when they move (`describe.<kind>.up.<key>`,
 *    `.down.<key>`, with `{was}` and `{now}`), each with the least change worth saying (and a
 *    tenth of the value, whichever is more). A behaviour without an entry says its facts with
 *    `describe.<kind>` alone. */
const yes = () => true;
export const LESSONS = {
  separation: {
    head: "spacing overlaps apart",
    say: [["spacing", (f) => f.spacing != null], ["overlaps", (f) => f.overlaps > 0], ["apart", (f) => f.overlaps === 0], ["closest", (f) => f.closest != null]],
    watch: { spacing: 2, overlaps: 2 },
  },
  alignment: { head: "heading", say: [["heading", yes], ["perception", yes]], watch: { polarisation: 0.1 } },
  cohesion: {
    head: "one groups alone",
    say: [["one", (f) => f.groups === 1], ["groups", (f) => f.groups > 1], ["alone", (f) => f.alone > 0], ["perception", yes]],
    watch: { groups: 2, largest: 5 },
  },
  queue: {
    head: "line no_line braking no_braking throughput",
    say: [["line", (f) => f.waiting > 1], ["no_line", (f) => f.waiting <= 1], ["braking", (f) => f.braking_enabled], ["no_braking", (f) => !f.braking_enabled], ["throughput", yes], ["spacing", (f) => f.waiting > 1 && f.spacing != null], ["overlaps", (f) => f.overlaps > 0]],
    watch: { waiting: 2, braking: 2, overlaps: 2, throughput: 0.1 },
  },
  path_waypoints: { head: "next none", say: [["next", (f) => f.waypoints > 0], ["none", (f) => !f.waypoints]], watch: { next: 1, waypoints: 1 } },
  path_tube: { head: "inside outside", say: [["inside", yes], ["outside", (f) => f.outside > 0], ["distance", (f) => f.distance != null]], watch: { inside: 1, outside: 1 } },
  follow_leader: { head: "distance evading", say: [["distance", (f) => f.leader_distance != null], ["evading", (f) => f.evading > 0], ["places", yes]], watch: { leader_distance: 10, evading: 1 } },
  avoid_obstacles: { head: "obstacles off", say: [["obstacles", (f) => f.enabled && f.obstacles > 0], ["off", (f) => !f.enabled], ["closest", (f) => f.enabled && f.closest != null]], watch: { avoiding: 2, obstacles: 1 } },
  seek_food: { head: "food", say: [["food", yes]], watch: { food: 1, seeking: 3 } },
  flee_pointer: { head: "player no_player", say: [["player", (f) => f.player], ["no_player", (f) => !f.player]], watch: { fleeing: 3 } },
};

/** The first letter up, unless the sentence starts with an identifier (`sep_dist 60: …`). */
const cap = (s) => (/^\S*[_.]\S/.test(s) ? s : s.charAt(0).toUpperCase() + s.slice(1));
const end = (s) => cap(s.trim()).replace(/([^.!?])$/, "$1.");
const words = (lang) => (k, v = {}) => fill(t(`describe.${k}`, lang), v, lang);

/** A behaviour's facts as the words' holes: numbers as the reader writes them, and `{place}`,
 *  `{dir}`, `{way}` from the facts that are places and directions. */
function holes(f, lang) {
  const w = words(lang);
  const v = {};
  for (const [k, x] of Object.entries(f)) v[k] = typeof x == "number" ? formatNumber(x, lang) : x;
  const at = f.closest_at ?? f.next_at;
  if (at != null) v.place = w(`place.${at}`);
  if (f.heading != null) v.dir = w(`dir.${f.heading}`);
  if (f.line_dir != null) v.way = f.line_dir < 8 ? w(`way.${f.line_dir}`) : "";
  return v;
}

/** The clauses a behaviour's facts say (`all`: every one that passes; else its headline). */
export function lesson([kind, f], lang, all = false) {
  const L = LESSONS[kind];
  const v = holes(f, lang);
  if (!L) return [fill(t(`describe.${kind}`, lang), v, lang)];
  const head = L.head.split(" ");
  return L.say.filter(([k, ok]) => (all || head.includes(k)) && ok(f)).map(([k]) => fill(t(`describe.${kind}.${k}`, lang), v, lang));
}

const agentsClause = (n, w, lang) => (n === 0 ? w("agents.none") : n === 1 ? w("agents.one") : w("agents", { n: formatNumber(n, lang) }));
/** The roles worth a place in the one sentence: what a reader looks for first. */
const KEY_ROLES = ["leader", "self", "target", "active_waypoint", "pointer"];

/** The scene in ONE sentence (the canvas's description when it takes the focus): the agents and
 *  each behaviour's headline, or where the flock is when no behaviour tells a lesson, and the
 *  one role a reader looks for first. Pure: no DOM. */
export function summary(scene, lang) {
  const w = words(lang);
  const facts = scene.facts || [];
  const heads = facts.map((x) => lesson(x, lang).join(", ")).filter(Boolean);
  const told = (k) => (k === "active_waypoint" ? facts.some((x) => x[0] === "path_waypoints") : false);
  const role = (scene.roles || []).find((r) => KEY_ROLES.includes(r[0]) && !told(r[0]));
  if (role) heads.splice(1, 0, w(`role.${role[0]}`, { n: role[1], place: w(`place.${role[2]}`), dir: w(`dir.${role[3]}`) }));
  const g = scene.flock || [];
  if (!heads.length && scene.agents > 1 && g[0]) heads.push(w("whole", { place: w(`place.${g[0][1]}`), dir: w(`dir.${g[0][2]}`) }));
  const n = agentsClause(scene.agents, w, lang);
  // Short (issue 58: the focus says at most 60 words with the name): the first lessons that fit.
  const count = (x) => x.split(/\s+/).length;
  let said = heads.slice(0, 1);
  for (const h of heads.slice(1)) if (count([n, ...said, h].join(" ")) <= SUMMARY_WORDS) said.push(h);
  return end(said.length ? fill(t("describe.summary", lang), { agents: n, lessons: said.join("; ") }, lang) : n);
}

/** The whole scene in sentences (D, `v.describe()`), in `lang`. Pure: no DOM. */
export function sentences(scene, lang) {
  const w = words(lang);
  const out = [agentsClause(scene.agents, w, lang)];
  const n = scene.agents;
  const g = scene.flock || [];
  if (n > 1 && scene.groups === 1 && g[0]) out.push(w("groups.one", { place: w(`place.${g[0][1]}`), dir: w(`dir.${g[0][2]}`) }));
  else if (n > 1 && scene.groups > 1) {
    const list = g.map(([size, p, h]) => w("group", { n: size, place: w(`place.${p}`), dir: w(`dir.${h}`) })).join("; ");
    out.push(w("groups", { n: scene.groups, list }));
  } else if (n > 1 && g[0]) out.push(w("whole", { place: w(`place.${g[0][1]}`), dir: w(`dir.${g[0][2]}`) }));
  for (const x of scene.facts || []) out.push(lesson(x, lang, true).join(", "));
  for (const [key, count, p, h] of scene.roles || []) out.push(w(`role.${key}`, { n: count, place: w(`place.${p}`), dir: w(`dir.${h}`) }));
  if (scene.selected) out.push(w("selected", { place: w(`place.${scene.selected[1]}`), dir: w(`dir.${scene.selected[2]}`) }));
  return out.filter(Boolean).map(end).join(" ");
}

/** The watched facts that moved from `a` to `b` (both `[kind, facts]` lists), the kind `first`
 *  first: `[{kind, key, was, now}]`. */
export function moved(a, b, first) {
  const before = new Map((a || []).map(([k, f]) => [k, f]));
  const out = [];
  const kinds = [...(b || [])].sort((x, y) => (y[0] === first) - (x[0] === first));
  for (const [kind, f] of kinds) {
    const was = before.get(kind);
    if (!was) continue;
    for (const [key, least] of Object.entries(LESSONS[kind]?.watch ?? {})) {
      const [p, q] = [was[key], f[key]];
      if (typeof p == "number" && typeof q == "number" && Math.abs(q - p) >= Math.max(least, Math.abs(p) / 10)) out.push({ kind, key, was: p, now: q });
    }
  }
  return out;
}

/** What changed between two scenes, in one short clause: the watched facts that moved (the
 *  behaviour `first` — whose parameter changed — first; at most three), the agents, what appeared
 *  or went; when nothing its lesson watches moved yet, the headline now ("so far …"). */
export function change(before, after, lang, first) {
  const w = words(lang);
  const parts = [];
  if (before.agents !== after.agents) parts.push(w("change.agents", { n: after.agents, was: before.agents }));
  for (const m of moved(before.facts, after.facts, first).slice(0, 3))
    parts.push(w(`${m.kind}.${m.now > m.was ? "up" : "down"}.${m.key}`, { was: formatNumber(m.was, lang), now: formatNumber(m.now, lang) }));
  const told = (after.facts || []).length > 0;
  if (!told) {
    // No behaviour tells a lesson: the flock's groups and order.
    const [a, b] = [before.groups, after.groups];
    if (a != null && b != null && a !== b) parts.push(b === 1 ? w("change.one_group") : a === 1 ? w("change.split", { n: b }) : w("change.groups", { n: b, was: a }));
    const [pa, pb] = [before.polarisation, after.polarisation];
    if (after.agents > 2 && pa < 0.8 && pb >= 0.8) parts.push(w("change.aligned"));
    else if (after.agents > 2 && pa >= 0.5 && pb < 0.3) parts.push(w("change.disordered"));
  }
  const roles = (s) => new Map((s.roles || []).map((r) => [r[0], r]));
  const [ra, rb] = [roles(before), roles(after)];
  for (const [key, r] of rb) {
    const old = ra.get(key);
    if (!old || old[1] !== r[1] || (r[1] === 1 && old[2] !== r[2])) parts.push(w(`role.${key}`, { n: r[1], place: w(`place.${r[2]}`), dir: w(`dir.${r[3]}`) }));
  }
  for (const key of ra.keys()) if (!rb.has(key)) parts.push(w(`gone.${key === "active_waypoint" ? "waypoint" : "any"}`));
  const sa = before.selected, sb = after.selected;
  if (sb && (!sa || sa[0] !== sb[0])) parts.push(w("selected", { place: w(`place.${sb[1]}`), dir: w(`dir.${sb[2]}`) }));
  if (parts.length) return parts.join("; ");
  const mine = (after.facts || []).filter((x) => !first || x[0] === first);
  const now = (mine.length ? mine : after.facts || []).map((x) => lesson(x, lang).join(", "));
  return now.length ? w("change.still", { now: now.join("; ") }) : w("change.none");
}

// ---------------------------------------------------------------------------------------------
// The page side: one description paragraph per canvas, the live region's sentences.

const figures = new WeakMap();
let ids = 0;
let steerlab = null;
let keysSaid = false;

const langOf = (canvas) => canvas.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || "en";

/** The figure's description paragraph (made on first use), tied to the canvas by aria-describedby
 *  (alone: the caption is read where it is, under the canvas, not again at every focus). */
function figure(canvas) {
  let f = figures.get(canvas);
  const root = canvas.closest(".steerlab");
  // (A canvas destroyed and mounted again has a new wrapper: its paragraph is made again.)
  if (f && f.root === root && f.p.isConnected) return f;
  const p = document.createElement("p");
  p.className = "steerlab-scene";
  p.id = `steerlab-scene-${ids++}`;
  (root || canvas.parentElement).append(p);
  canvas.setAttribute("aria-describedby", p.id);
  f = { p, root, live: root?.querySelector(".steerlab-live"), timer: 0, before: null, shown: null, renew: 0 };
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

/** Write the figure's one sentence into its description; returns `{ text, scene }`. */
function refresh(canvas, v = viewerOf(canvas), scene = v && sceneOf(v)) {
  if (!scene) return null;
  const text = summary(scene, langOf(canvas));
  const f = figure(canvas);
  if (f.p.textContent !== text) f.p.textContent = text;
  f.shown = scene;
  return { text, scene };
}

/** Whether the scene moved, since the description was written, in a way its lesson cares about:
 *  a watched fact, the groups, the roles. */
function worthRenewing(a, b) {
  if (!a) return true;
  if (a.agents !== b.agents || a.groups !== b.groups || moved(a.facts, b.facts).length) return true;
  const roles = (s) => (s.roles || []).map((r) => `${r[0]}:${r[1]}:${r[2]}`).join();
  return roles(a) !== roles(b);
}

/** While the focus is in a playing figure: its description follows the scene (not heard). */
function follow(canvas) {
  const f = figure(canvas);
  if (f.renew) return;
  f.renew = setInterval(() => {
    const v = viewerOf(canvas);
    if (!v || !canvas.isConnected || !canvas.closest(".steerlab")?.contains(document.activeElement)) {
      clearInterval(f.renew);
      f.renew = 0;
      return;
    }
    if (!v.playing) return;
    const scene = sceneOf(v);
    if (scene && worthRenewing(f.shown, scene)) refresh(canvas, v, scene);
  }, RENEW_MS);
}

/** The selected agent's forces, as the legend over the canvas lists them in the reader's words
 *  (hidden from screen readers there: it changes twice a second while playing), for D. */
function forces(canvas, lang) {
  const rows = [...(canvas.closest(".steerlab")?.querySelectorAll(".steerlab-legend:not([hidden]) .steerlab-legend-row:not([hidden])") ?? [])];
  const list = rows.map((r) => r.textContent.trim()).filter(Boolean);
  return list.length ? ` ${fill(t("describe.forces", lang), { list: list.join("; ") }, lang)}` : "";
}

/** One polite sentence in the figure's live region (the description follows). */
function say(canvas, sentence) {
  const f = figure(canvas);
  refresh(canvas);
  if (!f.live || !sentence) return;
  f.live.textContent = sentence;
  f.said = performance.now();
}

/** `v.describe()`: the whole scene in sentences, the one sentence of the focus, and the numbers
 *  they come from. */
export function describe(v) {
  const canvas = v.canvas;
  const scene = v.scene();
  const lang = langOf(canvas ?? document.documentElement);
  if (canvas) refresh(canvas, v, scene);
  return { text: sentences(scene, lang), summary: summary(scene, lang), scene };
}

/** After an action on `canvas` (`what`: the words for the action, `kind`: the behaviour whose
 *  parameter it changed), say what it changed: at once when paused, after SETTLE_MS of play
 *  otherwise (a second action meanwhile restarts the wait, keeping the first scene as "before"). */
function acted(canvas, what, before, kind) {
  const v = viewerOf(canvas);
  if (!v) return;
  const f = figure(canvas);
  f.before ??= before ?? sceneOf(v);
  f.what = what;
  f.kind = kind;
  clearTimeout(f.timer);
  const speak = () => {
    const after = sceneOf(v);
    const b = f.before;
    f.before = null;
    f.timer = 0;
    if (!after || !b) return;
    const head = f.what ? `${f.what}: ` : "";
    say(canvas, end(head + change(b, after, langOf(canvas), f.kind)));
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
  if (!label && box) label = box.querySelector(".steerlab-label")?.textContent ?? "";
  label = label.replace(/\s+/g, " ").trim();
  const active = document.activeElement;
  if (!label && active?.matches?.("button.try")) return active.textContent.replace(/\s+/g, " ").trim();
  const value = typeof d.value === "number" ? formatNumber(d.value, langOf(canvas)) : String(d.value);
  return `${label || d.path} ${value}`;
}

/** What a button of the bar did, in words (`null`: its own state says it — aria-expanded,
 *  aria-pressed — or a dialog takes the focus). */
const BUTTON_SAYS = { play: 1, step: 1, "step-back": 1, reset: 1, seed: 1, save: 1 };

/** Hook the page (once): focus, keys, clicks and changes on every figure; `early`, the events
 *  that came while this module loaded (boot.js), are handled as if they came now. */
export function attach(module, early = []) {
  if (steerlab) return;
  steerlab = module;
  // The keys inside the figures' toolbars (an arrow pressed while this module loaded moves too).
  roving.attach();
  for (const e of early) if (e.type === "keydown") roving.onKey(e);
  // Only what a reader does: a page's script dispatching a key or a click is not (isTrusted).
  const on = (type, f, capture) => {
    const g = (e) => (e.isTrusted || e instanceof CustomEvent) && f(e);
    document.addEventListener(type, g, capture);
    for (const e of early) if (e.type === type) g(e);
  };
  const canvasOf = (e) => e.target.closest?.(".steerlab")?.querySelector("canvas.steerlab-canvas");
  on("focusin", (e) => {
    const c = canvasOf(e);
    if (!c || !viewerOf(c)) return;
    if (e.target === c) {
      refresh(c);
      // The keys, once a page: the first time a figure takes the focus (then H or ?).
      // (At once: heard after the focus's name and sentence, before whatever the reader does next.)
      if (!keysSaid) (keysSaid = true), say(c, t("describe.keys", langOf(c)));
    }
    follow(c);
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
      const held = cursorOf(c).grab;
      if (!onKey(e, v, c)) return;
      e.preventDefault();
      e.stopPropagation();
      const lang = langOf(c);
      const said = cursorWords(c, v, lang, e.key, was, held);
      // A click there (Enter, N on an object) says what it changed; a move only where it now is,
      // in a few words, and only when that changed.
      if ((e.key === "Enter" && was && !held) || /^[nN]$/.test(e.key)) return acted(c, said, before);
      if (said) say(c, end(said));
    },
    true,
  );
  on("focusout", (e) => {
    const v = e.target.matches?.("canvas.steerlab-canvas") && viewerOf(e.target);
    if (v) onBlur(v, e.target);
  });
  on("keydown", (e) => {
    const c = e.target;
    if (!c.matches?.("canvas.steerlab-canvas") || e.ctrlKey || e.metaKey || e.altKey) return;
    const v = viewerOf(c);
    if (!v) return;
    // (This listener runs after the viewer's own: the state already shows the key's effect.)
    const lang = langOf(c);
    const k = e.key;
    // S: the sound (www/sound.js, loaded now): a tone that follows the figure's main measure, and
    // short sounds for its events.
    if (/^[sS]$/.test(k))
      import("./sound.js").then((m) => {
        const on = m.toggle(v, c);
        say(c, t(on ? `describe.sound.${on}` : "describe.sound.off", lang));
      });
    else if (/^[dD]$/.test(k)) say(c, sentences(sceneOf(v) ?? {}, lang) + forces(c, lang));
    else if (/^[hH?]$/.test(k)) say(c, t("describe.keys", lang));
    else if (k === " ") say(c, t(v.playing ? "describe.playing" : "describe.paused", lang));
    else if (/^(ArrowRight|ArrowLeft)$/.test(k)) acted(c, fill(t("describe.step", lang), { n: v.state().steps }, lang), figure(c).last);
    else if (/^[rR]$/.test(k)) say(c, end(t("describe.reset", lang)));
    else if (k === "Delete" || k === "Backspace") acted(c, "", figure(c).last);
    figure(c).last = sceneOf(v);
  });
  // A click or tap on the canvas (a waypoint, a target, an agent): what it changed.
  on("pointerdown", (e) => {
    if (e.target.matches?.("canvas.steerlab-canvas") && e.isTrusted) {
      const v = viewerOf(e.target);
      if (v) figure(e.target).before = sceneOf(v);
    }
  });
  on("pointerup", (e) => {
    if (e.target.matches?.("canvas.steerlab-canvas") && e.isTrusted) acted(e.target, "");
  });
  // The bar's buttons: each says what it did (the menu's and the settings' toggles, the chart,
  // the inspector and the fine scrub by their state; Share, Embed and Code by their dialog).
  on("click", (e) => {
    const b = e.target.closest?.(".steerlab [data-action]");
    const c = b && canvasOf(e);
    if (!c) return;
    const v = viewerOf(c);
    const lang = langOf(c);
    const a = b.getAttribute("data-action");
    if (!BUTTON_SAYS[a] || !v) return;
    const step = () => fill(t("describe.step", lang), { n: v.state().steps }, lang);
    if (a === "play") say(c, t(v.playing ? "describe.playing" : "describe.paused", lang));
    else if (a === "step" || a === "step-back") acted(c, step(), figure(c).last);
    else if (a === "reset") say(c, end(t("describe.reset", lang)));
    else if (a === "seed") acted(c, t("describe.seed", lang), figure(c).last);
    else if (a === "save") say(c, t("describe.saved", lang));
  });
  // A change the reader made (the figure's controls, a try button, a key or a click a moment ago),
  // not one a page's script made on its own (an app re-rendering, a challenge checking).
  let input = -Infinity;
  for (const k of ["click", "keydown", "input", "pointerup"]) document.addEventListener(k, (e) => e.isTrusted && (input = performance.now()), true);
  on("steerlab:change", (e) => {
    const c = e.target;
    // (An early one is the reader's: boot.js hands over only those, and this module's clock of the
    // reader's input started after it.)
    const reader = e.detail?.source === "control" || performance.now() - input < 2000 || early.includes(e);
    if (reader && c.matches?.("canvas.steerlab-canvas") && c.isConnected) acted(c, changeWords(c, e.detail), null, e.detail?.path?.split(".")[0]);
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
