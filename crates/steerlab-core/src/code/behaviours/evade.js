//en Evade: inside panic_radius of the hunter, flee where it will be; otherwise wander calmly.
//en The hunter seeks the nearest prey at hunter_speed.
//es Evade: dentro de panic_radius del cazador, huir de donde estará; si no, deambular tranquilo.
//es El cazador busca la presa más cercana a hunter_speed.
const evade = {
  perAgent: () => ({ angle: 0 }),
  force(b, w, i, a, ctl) {
    const h = w.agents[b.hunter];
    if (!h) return;
    if (i === b.hunter) {
      let prey = null;
      let best = Infinity;
      w.agents.forEach((o, j) => {
        const d2 = w.distanceSq(o.position, a.position);
        if (j !== i && d2 < best) [best, prey] = [d2, o.position];
      });
      const slow = { ...a, max_speed: Math.min(b.hunter_speed, a.max_speed) };
      if (prey) ctl.add(b.weight, seekPoint(slow, add(a.position, w.delta(a.position, prey))));
      return;
    }
    const d = w.delta(a.position, h.position);
    if (lengthSq(d) < b.panic_radius * b.panic_radius) {
      const hp = add(a.position, d);
      ctl.add(b.weight, fleePoint(a, predict(a, hp, h.velocity, b.max_prediction)));
    } else {
      const calm = { ...a, max_speed: a.max_speed * 0.5 };
      ctl.add(b.weight, wanderForce(calm, b.per[i], 24, 48, 0.25, w.rng));
    }
  },
  after(b, w) {
    const h = w.agents[b.hunter];
    if (!h) return;
    const r2 = b.catch_radius * b.catch_radius;
    const prey = w.agents.find((a, i) => i !== b.hunter && w.distanceSq(a.position, h.position) < r2);
    if (prey) h.position = farFrom(w, prey.position);
  },
};
