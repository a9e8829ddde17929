//en Wander: each agent keeps its own angle on the wander circle.
//es Wander: cada agente guarda su propio ángulo en el círculo de wander.
const wander = {
  perAgent: () => ({ angle: 0 }),
  force(b, w, i, a, ctl) {
    ctl.add(b.weight, wanderForce(F, a, b.per[i], fr(b.radius), fr(b.distance), fr(b.jitter), w.rng));
  },
};
