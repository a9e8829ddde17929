//en Arrive: like seek, but the desired speed falls to zero inside slow_radius;
//en the force closes the gap in time_to_target seconds.
//es Arrive: como seek, pero la velocidad deseada baja a cero dentro de slow_radius;
//es la fuerza corrige la diferencia en time_to_target segundos.
const arrive = {
  force(b, w, i, a, ctl) {
    const x = a.position[0];
    const y = a.position[1];
    arriveDesired(set(F, w.dx(x, fr(b.target[0])), w.dy(y, fr(b.target[1]))), a, fr(b.slow_radius));
    const t = fr(b.time_to_target);
    ctl.add(b.weight, limit(set(F, fr(fr(F[0] - a.velocity[0]) / t), fr(fr(F[1] - a.velocity[1]) / t)), a.max_force));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
    paint.circle(b.target, b.slow_radius, "#c0392b");
  },
};
