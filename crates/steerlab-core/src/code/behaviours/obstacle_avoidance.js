//en Obstacle avoidance: a feeler ahead of the agent (look_ahead at full speed); the nearest obstacle
//en it touches (plus clearance) pushes the agent sideways, harder the more centred it is.
//es Evitar obstáculos con antena: una antena delante del agente (look_ahead a toda velocidad); el
//es obstáculo más cercano que toca (más clearance) empuja al agente de lado, más cuanto más centrado.
const obstacle_avoidance = {
  force(b, w, i, a, ctl) {
    const h = a.heading;
    const left = [-h[1], h[0]];
    const k = a.max_speed > 0 ? Math.min(fr(length(a.velocity) / a.max_speed), 1) : 0;
    const clearance = fr(b.clearance);
    const feeler = length(scale(scale(h, fr(b.look_ahead)), k));
    let best = null;
    for (const o of w.scene.obstacles) {
      const d = w.delta(a.position, o.center);
      const along = dot(d, h);
      if (along <= 0) continue;
      const reach = fr(o.radius + clearance);
      //en The feeler's closest point to the centre.
      //es El punto de la antena más cercano al centro.
      if (lengthSq(sub(d, scale(h, Math.min(along, feeler)))) >= fr(reach * reach)) continue;
      if (!best || along < best.along) best = { along, lateral: dot(d, left), radius: o.radius };
    }
    if (!best) return;
    const away = best.lateral > 0 ? neg(left) : left;
    const reach = fr(best.radius + clearance);
    const push = Math.min(Math.max(fr(fr(reach - Math.abs(best.lateral)) / reach), 0), 1);
    ctl.add(b.weight, scale(scale(away, a.max_force), push));
  },
};
