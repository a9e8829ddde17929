//en Obstacle avoidance: a feeler ahead of the agent (look_ahead at full speed); the nearest obstacle
//en it touches (plus clearance) pushes the agent sideways, harder the more centred it is.
//es Evitar obstáculos con antena: una antena delante del agente (look_ahead a toda velocidad); el
//es obstáculo más cercano que toca (más clearance) empuja al agente de lado, más cuanto más centrado.
const obstacle_avoidance = {
  force(b, w, i, a, ctl) {
    const hx = a.heading[0];
    const hy = a.heading[1];
    const lx = -hy;
    const ly = hx;
    const k = a.max_speed > 0 ? Math.min(fr(length(a.velocity[0], a.velocity[1]) / a.max_speed), 1) : 0;
    const clearance = fr(b.clearance);
    const look = fr(b.look_ahead);
    const feeler = length(fr(fr(hx * look) * k), fr(fr(hy * look) * k));
    let found = false;
    let bestAlong = 0;
    let bestLateral = 0;
    let bestRadius = 0;
    for (const o of w.scene.obstacles) {
      const dx = w.dx(a.position[0], o.center[0]);
      const dy = w.dy(a.position[1], o.center[1]);
      const along = dot(dx, dy, hx, hy);
      if (along <= 0) continue;
      const reach = fr(o.radius + clearance);
      //en The feeler's closest point to the centre.
      //es El punto de la antena más cercano al centro.
      const t = Math.min(along, feeler);
      if (lengthSq(fr(dx - fr(hx * t)), fr(dy - fr(hy * t))) >= fr(reach * reach)) continue;
      if (!found || along < bestAlong) {
        found = true;
        bestAlong = along;
        bestLateral = dot(dx, dy, lx, ly);
        bestRadius = o.radius;
      }
    }
    if (!found) return;
    const s = bestLateral > 0 ? -1 : 1;
    const reach = fr(bestRadius + clearance);
    const push = Math.min(Math.max(fr(fr(reach - Math.abs(bestLateral)) / reach), 0), 1);
    ctl.add(b.weight, set(F, fr(fr(s * lx * a.max_force) * push), fr(fr(s * ly * a.max_force) * push)));
  },
};
