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
      //en The nearest prey (the first of equals).
      //es La presa más cercana (la primera si empatan).
      let prey = null;
      let best = Infinity;
      w.agents.forEach((o, j) => {
        const d2 = w.distanceSq(o.position, a.position);
        if (j !== i && d2 < best) [best, prey] = [d2, o.position];
      });
      const slow = withSpeed(a, Math.min(fr(b.hunter_speed), a.max_speed));
      if (prey) ctl.add(b.weight, seekPoint(slow, add(a.position, w.delta(a.position, prey))));
      return;
    }
    const d = w.delta(a.position, h.position);
    if (lengthSq(d) < fr(fr(b.panic_radius) * fr(b.panic_radius))) {
      const hp = add(a.position, d);
      ctl.add(b.weight, fleePoint(a, predict(a, hp, h.velocity, fr(b.max_prediction))));
    } else {
      const calm = withSpeed(a, fr(a.max_speed * 0.5));
      ctl.add(b.weight, wanderForce(calm, b.per[i], 24, 48, fr(0.25), w.rng));
    }
  },
  //en After the move: the hunter catches an agent within catch_radius and starts again far away.
  //es Después de mover: el cazador atrapa a un agente a menos de catch_radius y vuelve a empezar lejos.
  after(b, w) {
    const h = w.agents[b.hunter];
    if (!h) return;
    const r2 = fr(fr(b.catch_radius) * fr(b.catch_radius));
    const prey = w.agents.find((a, i) => i !== b.hunter && w.distanceSq(a.position, h.position) < r2);
    if (prey) h.position = farFrom(w, prey.position);
  },
  draw(b, w, paint) {
    paint.agent(b.hunter, "#c0392b");
  },
};
