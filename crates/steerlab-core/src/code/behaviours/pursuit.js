//en Pursuit: seek where the quarry will be. The quarry itself wanders at quarry_speed;
//en once caught it starts again far from its catcher.
//es Pursuit: buscar dónde estará la presa. La presa deambula a quarry_speed;
//es al ser atrapada vuelve a empezar lejos de quien la atrapó.
const pursuit = {
  perAgent: () => ({ angle: 0 }),
  force(b, w, i, a, ctl) {
    const q = w.agents[b.quarry];
    if (!q) return;
    if (i === b.quarry) {
      const slow = { ...a, max_speed: Math.min(b.quarry_speed, a.max_speed) };
      if (b.quarry_wander) ctl.add(b.weight, wanderForce(slow, b.per[i], 24, 48, 0.25, w.rng));
      else ctl.add(b.weight, steerTowards(a.heading, slow));
    } else {
      const qp = add(a.position, w.delta(a.position, q.position));
      ctl.add(b.weight, seekPoint(a, predict(a, qp, q.velocity, b.max_prediction)));
    }
  },
  after(b, w) {
    const q = w.agents[b.quarry];
    if (!q) return;
    const r2 = b.catch_radius * b.catch_radius;
    const catcher = w.agents.find((a, i) => i !== b.quarry && w.distanceSq(a.position, q.position) < r2);
    if (catcher) q.position = farFrom(w, catcher.position);
  },
};
