//en Queue: head for the goal (slowing inside slow_radius); brake when someone is in the cone ahead
//en (cone_length long, cone_width each side), the closer the harder; keep apart from neighbours
//en within sep_radius. Whoever reaches goal_radius comes back in the respawn area.
//es Cola: ir a la meta (frenando dentro de slow_radius); frenar si hay alguien en el cono de delante
//es (cone_length de largo, cone_width a cada lado), más cuanto más cerca; separarse de los vecinos a
//es menos de sep_radius. Quien llega a goal_radius vuelve a aparecer en la zona de respawn.
const queue = {
  init(b) {
    b.lastPass = null;
  },
  neighbourRadius: (b) => Math.max(Math.hypot(b.cone_length, b.cone_width) * 1.0001 + 1e-3, b.sep_radius, 2 * b.body_radius),
  force(b, w, i, a, ctl) {
    let brake = 1;
    const speed = length(a.velocity);
    if (b.braking && speed >= 1e-3) {
      //en The nearest agent inside the cone ahead.
      //es El agente más cercano dentro del cono de delante.
      const heading = scale(a.velocity, 1 / speed);
      let closest = Infinity;
      let who = null;
      w.neighbours.each(i, Math.hypot(b.cone_length, b.cone_width) * 1.0001 + 1e-3, (j, d) => {
        const along = dot(d, heading);
        if (along < 0 || along > b.cone_length) return;
        if (length(sub(d, scale(heading, along))) > b.cone_width) return;
        if (along < closest || (along === closest && who !== null && j < who)) [closest, who] = [along, j];
      });
      if (Number.isFinite(closest)) brake = Math.min(Math.max(closest / b.cone_length, 0), 1);
    }
    const to = w.delta(a.position, b.goal);
    const ramp = Math.min(length(to) / b.slow_radius, 1);
    const desired = scale(normalize(to), a.max_speed * ramp * brake);
    ctl.add(b.weight, limit(sub(desired, a.velocity), a.max_force));
    const sep = separate(w, i, null, b.sep_radius, b.sep_form);
    if (sep) ctl.add(b.weight * b.sep_weight, sep);
  },
  after(b, w, now) {
    const r2 = b.goal_radius * b.goal_radius;
    const clamp = (x, hi) => Math.min(Math.max(x, 0), hi);
    const [x0, y0, x1, y1] = b.respawn ?? [0, 0, w.width * 0.1, w.height];
    const [rx0, ry0, rx1, ry1] = [clamp(x0, w.width), clamp(y0, w.height), clamp(x1, w.width), clamp(y1, w.height)];
    const clear2 = 4 * b.body_radius * b.body_radius;
    const gated = b.door_interval > 0;
    //en With a door, one agent at most passes every door_interval seconds: the nearest to the goal.
    //es Con puerta, pasa como mucho un agente cada door_interval segundos: el más cercano a la meta.
    if (gated && b.lastPass !== null && now - b.lastPass < b.door_interval - 1e-9) return;
    let nearest = null;
    let nearestD2 = Infinity;
    if (gated) {
      w.agents.forEach((a, i) => {
        const d2 = w.distanceSq(a.position, b.goal);
        if (d2 < r2 && d2 < nearestD2) [nearestD2, nearest] = [d2, i];
      });
    }
    w.agents.forEach((a, i) => {
      if (gated && nearest !== i) return;
      if (w.distanceSq(a.position, b.goal) >= r2) return;
      b.lastPass = now;
      let p = [0, 0];
      for (let t = 0; t < 8; t++) {
        p = [rx0 + w.rng.f32() * (rx1 - rx0), ry0 + w.rng.f32() * (ry1 - ry0)];
        if (w.agents.every((o, j) => j === i || w.distanceSq(o.position, p) >= clear2)) break;
      }
      const speed = length(a.velocity);
      a.position = p;
      a.velocity = scale(normalize(w.delta(p, b.goal)), speed);
      if (speed > 1e-4) a.heading = scale(a.velocity, 1 / length(a.velocity));
      applyEdges(w, a);
    });
  },
};
