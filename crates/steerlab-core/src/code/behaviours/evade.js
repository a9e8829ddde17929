//en Evade: inside panic_radius of the hunter, flee where it will be; otherwise wander calmly.
//en The hunter seeks the nearest prey at hunter_speed.
//es Evade: dentro de panic_radius del cazador, huir de donde estará; si no, deambular tranquilo.
//es El cazador busca la presa más cercana a hunter_speed.
const evade = {
  perAgent: () => ({ angle: 0 }),
  force(b, w, i, a, ctl) {
    const h = w.agents[b.hunter];
    if (!h) return;
    const x = a.position[0];
    const y = a.position[1];
    if (i === b.hunter) {
      //en The nearest prey (the first of equals).
      //es La presa más cercana (la primera si empatan).
      let prey = -1;
      let best = Infinity;
      for (let j = 0; j < w.agents.length; j++) {
        const q = w.agents[j].position;
        const d2 = w.distanceSq(q[0], q[1], x, y);
        if (j !== i && d2 < best) {
          best = d2;
          prey = j;
        }
      }
      if (prey < 0) return;
      const q = w.agents[prey].position;
      const slow = Math.min(fr(b.hunter_speed), a.max_speed);
      ctl.add(b.weight, seekPoint(set(F, fr(x + w.dx(x, q[0])), fr(y + w.dy(y, q[1]))), a, slow));
      return;
    }
    const dx = w.dx(x, h.position[0]);
    const dy = w.dy(y, h.position[1]);
    if (lengthSq(dx, dy) < fr(fr(b.panic_radius) * fr(b.panic_radius))) {
      predict(set(F, fr(x + dx), fr(y + dy)), a, h.velocity, fr(b.max_prediction));
      ctl.add(b.weight, fleePoint(F, a));
    } else {
      ctl.add(b.weight, wanderForce(F, a, b.per[i], 24, 48, fr(0.25), w.rng, fr(a.max_speed * 0.5)));
    }
  },
  //en After the move: the hunter catches an agent within catch_radius and starts again far away.
  //es Después de mover: el cazador atrapa a un agente a menos de catch_radius y vuelve a empezar lejos.
  after(b, w) {
    const h = w.agents[b.hunter];
    if (!h) return;
    const r2 = fr(fr(b.catch_radius) * fr(b.catch_radius));
    const prey = w.agents.find((a, i) => i !== b.hunter && w.distanceSq(a.position[0], a.position[1], h.position[0], h.position[1]) < r2);
    if (prey) farFrom(h.position, w, prey.position[0], prey.position[1]);
  },
  draw(b, w, paint) {
    paint.agent(b.hunter, "#c0392b");
  },
};
