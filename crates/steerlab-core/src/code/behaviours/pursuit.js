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
      const slow = Math.min(fr(b.quarry_speed), a.max_speed);
      if (b.quarry_wander) ctl.add(b.weight, wanderForce(F, a, b.per[i], 24, 48, fr(0.25), w.rng, slow));
      else ctl.add(b.weight, steerTowards(set(F, a.heading[0], a.heading[1]), a, slow));
    } else {
      const x = a.position[0];
      const y = a.position[1];
      predict(set(F, fr(x + w.dx(x, q.position[0])), fr(y + w.dy(y, q.position[1]))), a, q.velocity, fr(b.max_prediction));
      ctl.add(b.weight, seekPoint(F, a));
    }
  },
  //en After the move: a pursuer within catch_radius catches the quarry, which starts again far away.
  //es Después de mover: un perseguidor a menos de catch_radius atrapa a la presa, que vuelve a empezar lejos.
  after(b, w) {
    const q = w.agents[b.quarry];
    if (!q) return;
    const r2 = fr(fr(b.catch_radius) * fr(b.catch_radius));
    const catcher = w.agents.find((a, i) => i !== b.quarry && w.distanceSq(a.position[0], a.position[1], q.position[0], q.position[1]) < r2);
    if (catcher) farFrom(q.position, w, catcher.position[0], catcher.position[1]);
  },
  draw(b, w, paint) {
    paint.agent(b.quarry, "#d35400");
  },
};
