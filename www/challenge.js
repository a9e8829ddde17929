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
// It is checked each time the canvas shows a new state (its viewer's step hook, `v.onStep`: a
// frame that stepped, a step, a seek, a reset; and at each `check()`), never while the canvas
// rests: `for` counts simulation time during which every check held; a parameter change, a reset or a seek starts
// the count again. With `within`, a parameter change by the reader also starts the canvas again
// from its first step (with the reader's settings): what must happen early counts from the start.
//
// On the page: the status line goes right above the canvas when the canvas is inside the
// challenge's element (a canvas per challenge), else at its end; the buttons (hint, start again,
// solution) at its end. "Start again" puts the canvas back as the challenge found it (the
// parameters of its controls, of the solution and of the condition, read when it connects) and
// restarts it. The status names measures and parameters in the reader's words
// (the words files: `measure.<id>`, `param.<path>`; else a parameter's control's label, the
// module's: www/words.js's `paramName`) and writes numbers as the reader's language does
// (`Intl.NumberFormat`, www/words.js). The solution's link is the module's (`v.link(solution)`).
//
// API: `attach(el)` → controller { state, check(), reset(), clear(), solve(), condition, viewer }
// (its language's words loaded); `controllerFor(el)`; `validate(condition)` → null or the message;
// `attachAll(root)`; `attachAllWithWords(root)` (a promise: their words loaded first).

import { t, formatNumber, has, langOf, ensureWords, paramName } from "./words.js";
import { challengeMistakes, tests, validate, why } from "./challenge-condition.js";

export { validate };

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

/** A number as the reader's language writes it (0,95 in Spanish), to 2 decimals (none from 100). */
function fmt(x, lang) {
  if (typeof x !== "number") return String(x);
  // In the reader's locale (www/words.js), as the readouts under the canvas.
  const r = Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100;
  return formatNumber(r, lang);
}

/** Visually hidden, still read by screen readers (as inline CSSOM: the page may have no styles
 *  for it, and a strict CSP allows style set through the DOM). */
function hide(el) {
  Object.assign(el.style, { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" });
}

class Challenge {
  constructor(el) {
    this.el = el;
    this.canvas = canvasOf(el);
    this.lang = langOf(el);
    this.viewer = null;
    this.error = null;
    this.state = "waiting";
    this.hold = null; // simulation time at which the condition began to hold
    this.last = null; // { steps, time } of the last check
    this.build();
    // Every mistake of its condition and solution at once (www/challenge-condition.js).
    const read = challengeMistakes(el.getAttribute("data-challenge"), el.getAttribute("data-solution"));
    this.condition = read.condition;
    this.solution = read.solution;
    if (read.mistakes.length && this.canvas) {
      // All at once, the names with them: refused once the figure is there (`connect`), or with
      // these if it never comes.
      this.canvas.addEventListener("steerlab:error", () => this.state !== "error" && this.refuse(read.mistakes.join("\n")), { once: true });
      return this.connect();
    }
    if (read.mistakes.length) return this.refuse(read.mistakes.join("\n"));
    if (!this.canvas) return this.refuse(`${t("page.challenge.no_canvas", this.lang)} ${el.getAttribute("data-for") ? `#${el.getAttribute("data-for")}` : "canvas[data-scenario]"}`);
    this.set("waiting", t("page.challenge.waiting", this.lang));
    this.onChange = (ev) => {
      if (this.applying) return;
      this.restart();
      // What must happen early counts from the start: a change of the reader's starts it again.
      const by = ev.detail?.source;
      if (this.condition.within != null && this.viewer && (by === "control" || by === "api")) {
        queueMicrotask(() => {
          if (!this.viewer || this.state === "error") return;
          this.viewer.reset();
          if (!this.viewer.playing) this.viewer.play();
          this.clear();
        });
      }
    };
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
    // the changes of state (not yet → holding → done), from a live region of their own, which
    // is hidden from sight (the status is shown once).
    this.status = document.createElement("span");
    this.status.className = "challenge-status";
    this.live = document.createElement("span");
    this.live.className = "challenge-live";
    this.live.setAttribute("role", "status");
    hide(this.live);
    // Its own canvas: the status right above it (on a phone, on screen with it).
    const figure = this.canvas && el.contains(this.canvas) ? this.canvas.closest("figure") || this.canvas : null;
    let statusRow = row;
    if (figure && el.contains(figure)) {
      statusRow = document.createElement("p");
      statusRow.className = "challenge-row challenge-status-row";
      figure.before(statusRow);
    }
    statusRow.append(this.status, this.live);
    const actions = document.createElement("span");
    actions.className = "challenge-actions";
    if (hint) {
      hint.hidden = true;
      if (!hint.id) hint.id = `sl-hint-${Math.random().toString(36).slice(2, 9)}`;
      const b = button(t("page.challenge.hint", this.lang), "hint");
      b.setAttribute("aria-expanded", "false");
      b.setAttribute("aria-controls", hint.id);
      b.addEventListener("click", () => {
        hint.hidden = !hint.hidden;
        b.setAttribute("aria-expanded", String(!hint.hidden));
      });
      actions.append(b);
    }
    const reset = button(t("page.challenge.reset", this.lang), "reset");
    reset.addEventListener("click", () => this.reset());
    actions.append(reset);
    if (el.hasAttribute("data-solution")) {
      const a = document.createElement("a");
      a.className = "challenge-solution";
      a.textContent = t("page.challenge.solution", this.lang);
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
    p.textContent = `${t("page.challenge.malformed", this.lang)} ${message}`;
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
    let st;
    try {
      st = v.state();
    } catch (err) {
      return this.refuse(String(err.message || err));
    }
    // The names must be the canvas's: a misspelt measure or path is refused naming its field.
    const named = challengeMistakes(this.el.getAttribute("data-challenge"), this.el.getAttribute("data-solution"), { measures: Object.keys(st.metrics), get: (p) => v.get(p) });
    if (named.mistakes.length) return this.refuse(named.mistakes.join("\n"));
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
    this.start = this.startOf(v);
    // The solution's share link: this canvas from step 0 with the solution's parameters (the
    // module's link, `v.link(set)`).
    if (this.solutionLink) {
      try {
        this.solutionLink.href = `${location.pathname}${location.search}${v.link(JSON.stringify(this.solution))}`;
      } catch {
        /* no link: the solution is still applied by the click */
      }
    }
    // Checked when the canvas shows a new state, never while it rests.
    v.onStep((this.onStep = () => this.check()));
    this.check();
  }

  /** The parameters "start again" puts back: the canvas's controls', the solution's and the
   *  condition's, as they are when the challenge connects. */
  startOf(v) {
    const paths = new Set(Object.keys(this.solution || {}));
    for (const [c] of tests(this.condition)) if ("param" in c) paths.add(c.param);
    try {
      for (const c of v.state().scenario.controls || []) if (typeof c?.param === "string") paths.add(c.param);
    } catch {
      // (refused at connect)
    }
    const m = new Map();
    for (const p of paths) {
      try {
        m.set(p, v.get(p));
      } catch {
        // a path the canvas does not have: refused at connect
      }
    }
    return m;
  }

  /** Set parameters without counting them as the reader's changes. */
  apply(v, entries) {
    this.applying = true;
    try {
      for (const [p, x] of entries) {
        let now;
        try {
          now = v.get(p);
        } catch {
          now = undefined;
        }
        if (JSON.stringify(now) !== JSON.stringify(x)) v.set(p, x);
      }
    } finally {
      this.applying = false;
    }
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
      this.set("late", t("page.challenge.late", this.lang, { within: this.num(c.within), reset: t("page.challenge.reset", this.lang) }));
      return this.state;
    }
    if (c.after && time < c.after) {
      this.hold = null;
      this.set("trying", t("page.challenge.after", this.lang, { after: this.num(c.after), time: this.num(time) }));
      return this.state;
    }
    const why = this.why(c, st);
    if (why) {
      this.hold = null;
      this.set("trying", t("page.challenge.not_yet", this.lang, { reason: why }));
      return this.state;
    }
    this.hold ??= time;
    const held = time - this.hold;
    if (held + 1e-9 >= need) {
      this.set("done", t("page.challenge.done", this.lang));
      this.emit({ state: "done", time, step: steps });
      return this.state;
    }
    this.set("holding", t("page.challenge.holding", this.lang, { held: this.num(held), for: this.num(need) }));
    return this.state;
  }

  num(x) {
    return fmt(x, this.lang);
  }

  /** A measure's or a parameter's name in the reader's words. */
  nameOf(c, st) {
    if ("measure" in c) {
      const key = `measure.${c.measure}`;
      return has(key, this.lang) ? t(key, this.lang) : c.measure;
    }
    // (Its words, else its control's label under the canvas, else the path.)
    return paramName(c.param, this.lang, this.canvas.closest(".steerlab"));
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
    const words = { or: t("page.challenge.or", this.lang), noValue: t("page.challenge.no_value", this.lang), needs: t("page.challenge.needs", this.lang) };
    return why(c, { value: (x) => this.value(x, st), name: (x) => this.nameOf(x, st), num: (x) => this.num(x), words });
  }

  restart() {
    states.delete(this.canvas);
    this.hold = null;
    this.last = null; // checked again even while paused (a parameter test may have changed)
  }

  /** Start again: the canvas back as the challenge found it (its parameters, its first step),
   *  playing, and the verdict cleared. */
  reset() {
    const v = this.viewer;
    if (!v) return;
    if (this.start) this.apply(v, this.start);
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
    this.set("trying", t("page.challenge.waiting", this.lang));
    this.check();
  }

  /** Apply the solution's parameters from the start (what its link opens: the others as the
   *  challenge found them). */
  solve() {
    const v = this.viewer;
    if (!v || !this.solution) return;
    if (this.start) this.apply(v, this.start);
    this.apply(v, Object.entries(this.solution));
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
  if (c && c.key === key) return c.st;
  const st = v.state();
  states.set(canvas, { key, st });
  return st;
}

function button(text, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `challenge-btn challenge-btn-${action}`;
  b.textContent = text;
  return b;
}

export function attach(el) {
  let c = controllers.get(el);
  if (!c) {
    c = new Challenge(el);
    controllers.set(el, c);
  }
  return c;
}

/** Attach every challenge under `root` (their languages' words loaded: `ensureWords`). */
export function attachAll(root = document) {
  return [...root.querySelectorAll("[data-challenge]")].map(attach);
}

/** The same once their languages' words are loaded (www/boot.js). */
export function attachAllWithWords(root = document) {
  return Promise.all([...root.querySelectorAll("[data-challenge]")].map((el) => ensureWords(el))).then(() => attachAll(root));
}
