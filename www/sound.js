// Hearing the figure (issues 49, 58; PhET pairs its descriptions with a sound design): off by
// default, turned on and off by S on a focused canvas; loaded on first use (www/describe.js), never
// with the page; Web Audio only, nothing to fetch.
//
// Two layers, both quiet while the figure is paused:
// - a tone whose pitch follows the figure's main measure: the flock's polarisation (0 every which
//   way … 1 all in parallel) when it has more than one agent, else the agent's speed as a fraction
//   of its limit; 220 Hz at 0 to 880 Hz at 1 (two octaves), read four times a second and glided to;
// - earcons, short sounds for the events of its lesson, read from the described scene's facts
//   (`v.scene().facts`) twice a second: a waypoint reached (a bell, up a fifth), an overlap more
//   (a low knock), agents starting to brake (a falling pair), groups forming (two notes up) or
//   splitting (two notes down), and a challenge met on the page (three notes up). At most one
//   earcon at a time (EARCON_GAP_MS apart); the tone dips under it.

const playing = new Map(); // canvas → { ctx, osc, gain, timer, facts, last }

/** Milliseconds between two earcons of one figure, at least. */
export const EARCON_GAP_MS = 400;

/** The measure the tone follows, 0–1, and its key (`describe.sound.<key>`). */
export function measure(state) {
  const a = state.agents || [];
  if (a.length > 1) return ["polarisation", Math.max(0, Math.min(1, state.metrics?.polarisation ?? 0))];
  const v = a[0]?.velocity ?? [0, 0];
  const max = state.scenario?.max_speed || state.scenario?.agents?.max_speed || 100;
  return ["speed", Math.max(0, Math.min(1, Math.hypot(v[0], v[1]) / max))];
}

/** The tone's pitch for a measure of 0–1. */
export const pitch = (x) => 220 * 2 ** (2 * x);

/** The earcons: each a list of notes `[frequency Hz, start s, length s]` and a waveform. */
export const EARCONS = {
  waypoint: { type: "sine", notes: [[880, 0, 0.12], [1320, 0.08, 0.2]] },
  overlap: { type: "triangle", notes: [[150, 0, 0.09]] },
  brake: { type: "square", notes: [[440, 0, 0.07], [330, 0.07, 0.09]] },
  merge: { type: "sine", notes: [[523, 0, 0.1], [784, 0.1, 0.14]] },
  split: { type: "sine", notes: [[784, 0, 0.1], [523, 0.1, 0.14]] },
  met: { type: "sine", notes: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.25]] },
};

/** The events between two readings of the facts (`[kind, {key: value}]` lists): the earcons to
 *  play, by name, in order of importance. Pure. */
export function events(before, after) {
  const a = new Map((before || []).map(([k, f]) => [k, f]));
  const out = [];
  for (const [kind, f] of after || []) {
    const was = a.get(kind);
    if (!was) continue;
    if (kind === "path_waypoints" && f.next !== was.next) out.push("waypoint");
    if (kind === "cohesion" && f.groups < was.groups) out.push("merge");
    if (kind === "cohesion" && f.groups > was.groups) out.push("split");
    if (kind === "queue" && f.braking >= was.braking + 2) out.push("brake");
    if ((kind === "separation" || kind === "queue") && f.overlaps > was.overlaps) out.push("overlap");
  }
  return out;
}

/** Play earcon `name` on `ctx` (at a quiet level, under `duck`, the tone's gain, for its length). */
export function earcon(ctx, name, duck) {
  const e = EARCONS[name];
  if (!e) return;
  const t0 = ctx.currentTime;
  let end = 0;
  for (const [f, at, len] of e.notes) {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = e.type;
    o.frequency.value = f;
    g.gain.setValueAtTime(0, t0 + at);
    g.gain.linearRampToValueAtTime(e.type === "square" ? 0.04 : 0.12, t0 + at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.001, t0 + at + len);
    o.connect(g).connect(ctx.destination);
    o.start(t0 + at);
    o.stop(t0 + at + len + 0.02);
    end = Math.max(end, at + len);
  }
  if (duck) {
    duck.gain.cancelScheduledValues(t0);
    duck.gain.setTargetAtTime(0.02, t0, 0.02);
    duck.gain.setTargetAtTime(0.08, t0 + end, 0.1);
  }
}

let challengesHeard = false;
/** A challenge met on the page: its earcon on every figure that sounds. */
function onChallenge(e) {
  if (e.detail?.state !== "done") return;
  for (const s of playing.values()) earcon(s.ctx, "met", s.gain);
}

/** Sound on or off for `canvas` (its viewer `v`); returns the measure's key when on, null when off. */
export function toggle(v, canvas) {
  const s = playing.get(canvas);
  if (s) {
    clearInterval(s.timer);
    s.gain.gain.setTargetAtTime(0, s.ctx.currentTime, 0.05);
    setTimeout(() => s.ctx.close(), 300);
    playing.delete(canvas);
    return null;
  }
  if (!challengesHeard) (challengesHeard = true), document.addEventListener("steerlab:challenge", onChallenge);
  const ctx = new AudioContext();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  gain.gain.value = 0;
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  const st = { ctx, osc, gain, timer: 0, facts: null, last: -Infinity, reads: 0 };
  const read = () => {
    if (!canvas.isConnected) return toggle(v, canvas);
    let m;
    try {
      m = measure(v.state());
      // The facts twice a second (every other reading), only while playing.
      if (v.playing && st.reads++ % 2 === 0) {
        const facts = v.scene().facts;
        const [first] = events(st.facts, facts);
        const now = performance.now();
        if (first && now - st.last >= EARCON_GAP_MS) (st.last = now), earcon(ctx, first, gain);
        st.facts = facts;
      }
    } catch {
      return toggle(v, canvas); // destroyed
    }
    osc.frequency.setTargetAtTime(pitch(m[1]), ctx.currentTime, 0.1);
    if (performance.now() - st.last > 600) gain.gain.setTargetAtTime(v.playing ? 0.08 : 0, ctx.currentTime, 0.1);
    return m[0];
  };
  st.timer = setInterval(read, 250);
  playing.set(canvas, st);
  return read();
}

/** The figures that sound now (for tests). */
export const sounding = () => playing.size;
