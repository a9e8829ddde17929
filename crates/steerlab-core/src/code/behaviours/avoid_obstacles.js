//en Avoid obstacles: within look_ahead of an obstacle's edge, steer straight away from its centre,
//en the more urgently the closer (urgency scales the weight).
//es Evitar obstáculos: a menos de look_ahead del borde de un obstáculo, alejarse de su centro,
//es con más urgencia cuanto más cerca (la urgencia escala el peso).
const avoid_obstacles = {
  force(b, w, i, a, ctl) {
    if (!b.enabled) return;
    const look = fr(b.look_ahead);
    let found = false;
    let best = 0;
    let bx = 0;
    let by = 0;
    for (const o of w.scene.obstacles) {
      const ax = w.dx(o.center[0], a.position[0]);
      const ay = w.dy(o.center[1], a.position[1]);
      const dist = length(ax, ay);
      if (dist < fr(o.radius + look)) {
        const urgency = fr(1 - fr(Math.max(fr(dist - o.radius), 0) / Math.max(look, fr(1e-3))));
        if (!found || urgency > best) {
          found = true;
          best = urgency;
          bx = ax;
          by = ay;
        }
      }
    }
    if (found) ctl.add(fr(fr(b.weight) * Math.min(Math.max(best, 0), 1)), steerTowards(set(F, bx, by), a));
  },
};
