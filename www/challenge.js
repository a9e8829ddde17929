// Challenges the simulation checks (issue 35): an element with `data-challenge` holds a condition
// on the measures of a canvas (`v.state().metrics`, plus `time` and `agents`) as JSON;
// this module checks it live while the reader tunes the canvas, tells why it is not met yet, and
// marks it done (`data-state="done"`, a bubbling `steerlab:challenge` event). Loaded by boot.js on
// first use (only on pages with a `[data-challenge]`); nothing of it is in the wasm module.
//
//   <div class="challenge" data-for="c-flock"
//        data-challenge='{"all": [{"measure": "groups", "==": 1}, {"param": "perception", "<=": 40}], "for": 3}'
//        data-solution='{"perception": 38}'>
//     <p>Find the smallest perception at which the flock is one group for 3 s.</p>
//     <p class="challenge-hint">More than 30, less than 40.</p>
//   </div>
//
// The condition (validated like scenarios: a bad one is refused naming its field):
//   test       {"measure": name, op: number}   a measure of the canvas (see MEASURES below)
//              {"param": path, op: number}     a parameter, as `v.get(path)` reads it
//              op is one of  >=  <=  >  <  ==
//   {"all": [c, …]}  every one holds;   {"any": [c, …]}  at least one holds
//   at the top, optionally: "for": s (held that many seconds of simulation time, default 0),
//   "after": s (checks count from that simulation time on), "within": s (met before that time,
//   else the reader resets and tries again).
// It is checked at every frame the canvas draws (and at each `check()`): `for` counts
// simulation time during which every check held; a parameter change, a reset or a seek starts
// the count again.
//
// API: `attach(el)` → controller { state, check(), reset(), clear(), solve(), condition, viewer };
// `controllerFor(el)`; `validate(condition)` → null or the message; `attachAll(root)`.

import { t } from "./words.js";

const OPS = [">=", "<=", ">", "<", "=="];
const KEYS = new Set(["all", "any", "measure", "param", "for", "after", "within", ...OPS]);
/** Measures that are not in `state().metrics`: computed here from the state. */
const DERIVED = new Set(["time", "agents"]);

/** A readable value for messages (JSON for anything but plain numbers). */
function show(v) {
  return typeof v === "number" ? String(v) : JSON.stringify(v);
}

/** Check a condition's form; returns null or a message naming the field (`all[1].>=`). Which
 *  measures exist depends on the canvas: `attach` checks the names against it. */
export function validate(cond) {
  try {
    check(cond, "", true);
    return null;
  } catch (err) {
    return err.message;
  }
}

function fail(path, msg) {
  throw new Error(`${path || "the condition"}: ${msg}`);
}

function check(c, path, top) {
  if (!c || typeof c !== "object" || Array.isArray(c)) fail(path, `must be an object such as {"measure": "polarisation", ">=": 0.9}, got ${show(c)}`);
  for (const k of Object.keys(c)) {
    if (!KEYS.has(k)) fail(join(path, k), `unknown field (expected one of "all", "any", "measure", "param", ${OPS.map((o) => `"${o}"`).join(", ")}, "for", "after", "within")`);
  }
  for (const k of ["for", "after", "within"]) {
    if (!(k in c)) continue;
    if (!top) fail(join(path, k), "is allowed only at the top of the condition");
    if (typeof c[k] !== "number" || !Number.isFinite(c[k]) || c[k] < 0) fail(join(path, k), `must be a number of seconds ≥ 0, got ${show(c[k])}`);
  }
  const kinds = ["all", "any", "measure", "param"].filter((k) => k in c);
  if (kinds.length !== 1) fail(path, `needs exactly one of "all", "any", "measure" or "param", got ${kinds.length ? kinds.map((k) => `"${k}"`).join(" and ") : "none"}`);
  const kind = kinds[0];
  if (kind === "all" || kind === "any") {
    const list = c[kind];
    if (!Array.isArray(list) || list.length === 0) fail(join(path, kind), `must be a non-empty list of conditions, got ${show(list)}`);
    for (const k of OPS) if (k in c) fail(join(path, k), `a comparison belongs inside "${kind}"'s conditions`);
    list.forEach((x, i) => check(x, `${join(path, kind)}[${i}]`, false));
    return;
  }
  if (typeof c[kind] !== "string" || !c[kind].trim()) fail(join(path, kind), `must be a name such as "polarisation", got ${show(c[kind])}`);
  const ops = OPS.filter((o) => o in c);
  if (ops.length !== 1) fail(path, `needs exactly one comparison (${OPS.join(" ")}), got ${ops.length || "none"}`);
  const v = c[ops[0]];
  if (typeof v !== "number" || !Number.isFinite(v)) fail(join(path, ops[0]), `must be a number, got ${show(v)}`);
}

function join(path, k) {
  return path ? `${path}.${k}` : k;
}

/** Every measure/param test of a condition, with its field path. */
function tests(c, path = "", out = []) {
  if (c.all || c.any) {
    const k = c.all ? "all" : "any";
    c[k].forEach((x, i) => tests(x, `${join(path, k)}[${i}]`, out));
  } else out.push([c, path]);
  return out;
}

// --- the controller ------------------------------------------------------------------------

const controllers = new WeakMap();

export function controllerFor(el) {
  return controllers.get(el);
}

function canvasOf(el) {
  const id = el.getAttribute("data-for");
  if (id) return document.getElementById(id);
  // Else the nearest canvas before it in the document.
  const all = [...document.querySelectorAll("canvas[data-scenario]")];
  let best = null;
  for (const c of all) if (c.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) best = c;
  return best;
}

function fmt(x) {
  if (typeof x !== "number") return String(x);
  // With a decimal point and no grouping in both languages, as the readouts under the canvas.
  const r = Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100;
  return String(r);
}

class Challenge {
  constructor(el) {
    this.el = el;
    this.canvas = canvasOf(el);
    this.viewer = null;
    this.error = null;
    this.state = "waiting";
    this.hold = null; // simulation time at which the condition began to hold
    this.last = null; // { steps, time } of the last check
    this.frame = 0;
    this.visible = true;
    this.build();
    let cond;
    try {
      cond = JSON.parse(el.getAttribute("data-challenge"));
    } catch (err) {
      return this.refuse(`data-challenge: not JSON (${err.message})`);
    }
    const msg = validate(cond);
    if (msg) return this.refuse(`data-challenge: ${msg}`);
    this.condition = cond;
    this.solution = null;
    const sol = el.getAttribute("data-solution");
    if (sol != null) {
      try {
        this.solution = JSON.parse(sol);
      } catch (err) {
        return this.refuse(`data-solution: not JSON (${err.message})`);
      }
      if (!this.solution || typeof this.solution !== "object" || Array.isArray(this.solution)) {
        return this.refuse(`data-solution: must be an object of parameters such as {"perception": 40}, got ${show(this.solution)}`);
      }
    }
    if (!this.canvas) return this.refuse(`${t("page.challenge.no_canvas")} ${el.getAttribute("data-for") ? `#${el.getAttribute("data-for")}` : "canvas[data-scenario]"}`);
    this.set("waiting", t("page.challenge.waiting"));
    this.onChange = () => this.restart();
    this.canvas.addEventListener("steerlab:change", this.onChange);
    this.connect();
  }

  /** The status line and the buttons (hint, reset, solution), built once. */
  build() {
    const el = this.el;
    el.classList.add("sl-challenge");
    const hint = el.querySelector(".challenge-hint");
    const row = document.createElement("p");
    row.className = "challenge-row";
    // The status changes with the numbers (twice a second at most); screen readers hear only
    // the changes of state (not yet → holding → done), from a live region of their own.
    this.status = document.createElement("span");
    this.status.className = "challenge-status";
    this.live = document.createElement("span");
    this.live.className = "challenge-live";
    this.live.setAttribute("role", "status");
    row.append(this.status, this.live);
    const actions = document.createElement("span");
    actions.className = "challenge-actions";
    if (hint) {
      hint.hidden = true;
      if (!hint.id) hint.id = `sl-hint-${Math.random().toString(36).slice(2, 9)}`;
      const b = button(t("page.challenge.hint"), "hint");
      b.setAttribute("aria-expanded", "false");
      b.setAttribute("aria-controls", hint.id);
      b.addEventListener("click", () => {
        hint.hidden = !hint.hidden;
        b.setAttribute("aria-expanded", String(!hint.hidden));
      });
      actions.append(b);
    }
    const reset = button(t("page.challenge.reset"), "reset");
    reset.addEventListener("click", () => this.reset());
    actions.append(reset);
    if (el.hasAttribute("data-solution")) {
      const a = document.createElement("a");
      a.className = "challenge-solution";
      a.textContent = t("page.challenge.solution");
      a.href = "#";
      a.addEventListener("click", (ev) => {
        ev.preventDefault();
        this.solve();
      });
      this.solutionLink = a;
      actions.append(a);
    }
    row.append(actions);
    el.append(row);
  }

  refuse(message) {
    this.error = message;
    this.state = "error";
    this.el.setAttribute("data-state", "error");
    const p = document.createElement("p");
    p.className = "challenge-error";
    p.setAttribute("role", "alert");
    p.textContent = `${t("page.challenge.malformed")} ${message}`;
    this.el.append(p);
    this.status.textContent = "";
    console.error(`steerlab: ${message}`);
    this.emit({ state: "error", message });
  }

  emit(detail) {
    this.el.dispatchEvent(new CustomEvent("steerlab:challenge", { bubbles: true, detail: { element: this.el, ...detail } }));
  }

  set(state, text) {
    const changed = state !== this.state;
    const now = performance.now();
    this.state = state;
    this.el.setAttribute("data-state", state);
    // (At the viewer's own text period, `paint::TEXT_PERIOD_MS`: the numbers beside it change
    // twice a second too.)
    if (changed || now - (this.shownAt || 0) >= 500) {
      if (this.status.textContent !== text) this.status.textContent = text;
      this.shownAt = now;
    }
    if (changed && state !== "waiting") this.live.textContent = text;
  }

  /** Find the canvas's viewer once the module is ready (mounting it if it still waits). */
  connect() {
    const sl = window.steerlab;
    if (!sl || this.viewer) {
      if (!sl) window.addEventListener("steerlab:ready", () => this.connect(), { once: true });
      return;
    }
    const v = sl.viewerFor(this.canvas);
    if (!v) {
      this.canvas.addEventListener("steerlab:mounted", () => this.connect(), { once: true });
      return;
    }
    this.viewer = v;
    // Its card takes the canvas's theme (www/steerlab.css's .sl-challenge, light or dark).
    const dark = v.theme === "dark";
    this.el.classList.toggle("steerlab-dark", dark);
    this.el.classList.toggle("steerlab-light", !dark);
    // A challenge is solved with the canvas's sliders: its settings open (on a narrow figure they
    // are folded under ⚙), once per canvas.
    const fold = this.canvas.closest(".steerlab")?.querySelector('.steerlab-bar [data-action="settings"]');
    if (fold && fold.getAttribute("aria-expanded") === "false" && !this.canvas.dataset.challengeOpened) {
      this.canvas.dataset.challengeOpened = "";
      fold.click();
    }
    let st;
    try {
      st = v.state();
    } catch (err) {
      return this.refuse(String(err.message || err));
    }
    // The names must be the canvas's: a misspelt measure is refused naming its field.
    const have = Object.keys(st.metrics).concat([...DERIVED]);
    for (const [c, path] of tests(this.condition)) {
      if ("measure" in c && !have.includes(c.measure)) {
        return this.refuse(`data-challenge: ${join(path, "measure")}: "${c.measure}" is not a measure of this canvas (its measures: ${have.join(", ")})`);
      }
      if ("param" in c) {
        try {
          v.get(c.param);
        } catch (err) {
          return this.refuse(`data-challenge: ${join(path, "param")}: ${err.message}`);
        }
      }
    }
    if (this.solution) {
      for (const [p, value] of Object.entries(this.solution)) {
        try {
          v.get(p);
        } catch (err) {
          return this.refuse(`data-solution: ${err.message}`);
        }
        if (typeof value !== "number" && typeof value !== "boolean" && typeof value !== "string") {
          return this.refuse(`data-solution: ${p}: give a number, a boolean or a string, got ${show(value)}`);
        }
      }
    }
    this.base = baseLink(v);
    if (this.solutionLink && this.base) this.solutionLink.href = this.solutionHref();
    if ("IntersectionObserver" in window) {
      this.io = new IntersectionObserver((es) => {
        for (const e of es) this.visible = e.isIntersecting;
        if (this.visible) this.loop();
      });
      this.io.observe(this.canvas);
    }
    this.check();
    this.loop();
  }

  /** The share link of the solution: this canvas from step 0 with the solution's parameters. */
  solutionHref() {
    const kept = this.base.sets.filter(([p]) => !Object.hasOwn(this.solution, p)).map(([, raw]) => raw);
    const own = Object.entries(this.solution).map(([p, v]) => `${esc(p)}:${esc(typeof v === "string" ? v : JSON.stringify(v))}`);
    const text = [1, this.base.name, this.base.fingerprint, this.base.seed, 0, ...kept, ...own].join("~");
    const key = this.canvas.id || String([...document.querySelectorAll("canvas")].indexOf(this.canvas));
    return `${location.pathname}${location.search}#sl.${encodeURIComponent(key)}=${text}`;
  }

  loop() {
    if (this.frame || this.state === "error") return;
    const tick = () => {
      this.frame = 0;
      if (!this.visible || !this.canvas.isConnected || this.viewer?.failed) return;
      this.check();
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  /** Read the canvas's measures now and update the verdict. Returns the state. */
  check() {
    const v = this.viewer;
    if (!v || this.state === "error") return this.state;
    let steps, inputs;
    try {
      ({ step: steps, inputs } = v.history());
    } catch {
      return this.state;
    }
    if (this.last && steps === this.last.steps && this.state !== "waiting") return this.state;
    const st = stateOf(v, this.canvas, `${steps}/${inputs}`);
    const time = st.time;
    // Back in time (a reset, a seek) or a jump ahead (a link): the count starts again.
    if (this.last && (steps < this.last.steps || steps - this.last.steps > 120)) this.hold = null;
    this.last = { steps, time };
    if (this.state === "done") return this.state;
    const c = this.condition;
    const need = c.for || 0;
    if (c.within != null && time > c.within + 1e-9) {
      this.set("late", t("page.challenge.late").replace("{within}", fmt(c.within)));
      return this.state;
    }
    if (c.after && time < c.after) {
      this.hold = null;
      this.set("trying", t("page.challenge.after").replace("{after}", fmt(c.after)).replace("{time}", fmt(time)));
      return this.state;
    }
    const why = this.why(c, st);
    if (why) {
      this.hold = null;
      this.set("trying", t("page.challenge.not_yet").replace("{reason}", why));
      return this.state;
    }
    this.hold ??= time;
    const held = time - this.hold;
    if (held + 1e-9 >= need) {
      this.set("done", t("page.challenge.done"));
      this.emit({ state: "done", time, step: steps });
      return this.state;
    }
    this.set("holding", t("page.challenge.holding").replace("{held}", fmt(held)).replace("{for}", fmt(need)));
    return this.state;
  }

  value(c, st) {
    if ("param" in c) return this.viewer.get(c.param);
    switch (c.measure) {
      case "time":
        return st.time;
      case "agents":
        return st.agents.length;
      default:
        return st.metrics[c.measure];
    }
  }

  /** null when `c` holds, else why not (in the reader's language). */
  why(c, st) {
    if (c.all) {
      for (const x of c.all) {
        const w = this.why(x, st);
        if (w) return w;
      }
      return null;
    }
    if (c.any) {
      const ws = [];
      for (const x of c.any) {
        const w = this.why(x, st);
        if (!w) return null;
        ws.push(w);
      }
      return ws.join(` ${t("page.challenge.or")} `);
    }
    const op = OPS.find((o) => o in c);
    const target = c[op];
    const x = this.value(c, st);
    const name = c.measure ?? c.param;
    if (typeof x !== "number" || !Number.isFinite(x)) return t("page.challenge.no_value").replace("{measure}", name);
    const ok = op === ">=" ? x >= target : op === "<=" ? x <= target : op === ">" ? x > target : op === "<" ? x < target : x === target;
    if (ok) return null;
    return t("page.challenge.needs").replace("{measure}", name).replace("{value}", fmt(x)).replace("{op} ", OP_TEXT[op]).replace("{target}", fmt(target));
  }

  restart() {
    states.delete(this.canvas);
    this.hold = null;
    this.last = null; // checked again even while paused (a parameter test may have changed)
  }

  /** Start again: the canvas back to its first step with the settings it has now (the reader's
   *  tuning is kept), playing, and the verdict cleared. */
  reset() {
    const v = this.viewer;
    if (!v) return;
    v.reset();
    if (!v.playing) v.play();
    this.clear();
  }

  /** Forget the verdict and the count (the canvas is left as it is) and check again. */
  clear() {
    if (this.state === "error") return;
    states.delete(this.canvas);
    this.hold = null;
    this.last = null;
    this.set("trying", t("page.challenge.waiting"));
    this.check();
    this.loop();
  }

  /** Apply the solution's parameters from the start (what its link opens). */
  solve() {
    const v = this.viewer;
    if (!v || !this.solution) return;
    for (const [p, value] of Object.entries(this.solution)) v.set(p, value);
    v.reset();
    if (!v.playing) v.play();
    this.clear();
    // The reader watches it happen: the canvas on screen (a viewer off screen does not step).
    const r = v.canvas.getBoundingClientRect();
    if (r.bottom < r.height / 2 || r.top > innerHeight - r.height / 2) {
      v.canvas.scrollIntoView({ block: "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    }
  }
}

/** `v.state()` once per canvas and step, however many challenges read it (the parameters are
 *  part of it: a change drops the cached copy). */
const states = new WeakMap();
function stateOf(v, canvas, key) {
  const c = states.get(canvas);
  if (c && c.key === key && c.frame === frameNo) return c.st;
  const st = v.state();
  states.set(canvas, { key, st, frame: frameNo });
  return st;
}
let frameNo = 0;
function countFrames() {
  frameNo++;
  requestAnimationFrame(countFrames);
}
if (typeof requestAnimationFrame === "function") requestAnimationFrame(countFrames);

const OP_TEXT = { ">=": "≥ ", "<=": "≤ ", ">": "> ", "<": "< ", "==": "" };

function button(text, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `challenge-btn challenge-btn-${action}`;
  b.textContent = text;
  return b;
}

/** The first fields of the viewer's link (`1~name~fingerprint~seed~step~items…`) as it mounted. */
function baseLink(v) {
  try {
    const text = v.link().split("=").slice(1).join("=");
    const [ver, name, fingerprint, seed, , ...items] = text.split("~");
    if (ver !== "1") return null;
    // Starting parameters (`path:value`, already escaped), kept as they are written.
    const sets = items.filter((x) => /^[A-Za-z]/.test(x)).map((x) => [decodeURIComponent(x.slice(0, x.indexOf(":"))), x]);
    return { name, fingerprint, seed, sets };
  } catch {
    return null;
  }
}

/** The link format's escaping: anything but letters, digits and `-._,[]!` is percent-encoded. */
function esc(s) {
  return String(s).replace(/[^A-Za-z0-9\-._,[\]!]/g, (ch) =>
    [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}

export function attach(el) {
  let c = controllers.get(el);
  if (!c) {
    c = new Challenge(el);
    controllers.set(el, c);
  }
  return c;
}

export function attachAll(root = document) {
  return [...root.querySelectorAll("[data-challenge]")].map(attach);
}
