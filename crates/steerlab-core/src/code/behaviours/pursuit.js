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
      const slow = withSpeed(a, Math.min(fr(b.quarry_speed), a.max_speed));
      if (b.quarry_wander) ctl.add(b.weight, wanderForce(slow, b.per[i], 24, 48, fr(0.25), w.rng));
      else ctl.add(b.weight, steerTowards(a.heading, slow));
    } else {
      const qp = add(a.position, w.delta(a.position, q.position));
      ctl.add(b.weight, seekPoint(a, predict(a, qp, q.velocity, fr(b.max_prediction))));
    }
  },
  //en After the move: a pursuer within catch_radius catches the quarry, which starts again far away.
  //es Después de mover: un perseguidor a menos de catch_radius atrapa a la presa, que vuelve a empezar lejos.
  after(b, w) {
    const q = w.agents[b.quarry];
    if (!q) return;
    const r2 = fr(fr(b.catch_radius) * fr(b.catch_radius));
    const catcher = w.agents.find((a, i) => i !== b.quarry && w.distanceSq(a.position, q.position) < r2);
    if (catcher) q.position = farFrom(w, catcher.position);
  },
  draw(b, w, paint) {
    paint.agent(b.quarry, "#d35400");
  },
};
