// Hearing the flock (issue 49, as PhET pairs its descriptions with sound): an optional tone whose
// pitch follows a figure's main measure, so a reader hears order emerge. Off by default; loaded on
// first use (the S key on a focused canvas: www/describe.js), never with the page; Web Audio only.
//
// The measure: the flock's polarisation (0 every which way … 1 all in parallel) when the figure has
// more than one agent, else the agent's speed as a fraction of its limit. Pitch: 220 Hz at 0 to
// 880 Hz at 1 (two octaves), read four times a second and glided to; quiet while paused.

const playing = new Map(); // canvas → { ctx, osc, gain, timer }

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
  const ctx = new AudioContext();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  gain.gain.value = 0;
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  const read = () => {
    if (!canvas.isConnected) return toggle(v, canvas);
    let m;
    try {
      m = measure(v.state());
    } catch {
      return toggle(v, canvas); // destroyed
    }
    osc.frequency.setTargetAtTime(pitch(m[1]), ctx.currentTime, 0.1);
    gain.gain.setTargetAtTime(v.playing ? 0.08 : 0, ctx.currentTime, 0.1);
    return m[0];
  };
  const state = { ctx, osc, gain, timer: setInterval(read, 250) };
  playing.set(canvas, state);
  return read();
}
