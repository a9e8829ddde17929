//en Avoid obstacles: within look_ahead of an obstacle's edge, steer straight away from its centre,
//en the more urgently the closer (urgency scales the weight).
//es Evitar obstáculos: a menos de look_ahead del borde de un obstáculo, alejarse de su centro,
//es con más urgencia cuanto más cerca (la urgencia escala el peso).
const avoid_obstacles = {
  force(b, w, i, a, ctl) {
    if (!b.enabled) return;
    const look = fr(b.look_ahead);
    let best = null;
    for (const o of w.scene.obstacles) {
      const away = w.delta(o.center, a.position);
      const dist = length(away);
      if (dist < fr(o.radius + look)) {
        const urgency = fr(1 - fr(Math.max(fr(dist - o.radius), 0) / Math.max(look, fr(1e-3))));
        if (!best || urgency > best.urgency) best = { urgency, away };
      }
    }
    if (best) ctl.add(fr(fr(b.weight) * Math.min(Math.max(best.urgency, 0), 1)), steerTowards(best.away, a));
  },
};
