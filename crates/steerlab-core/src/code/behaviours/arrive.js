//en Arrive: like seek, but the desired speed falls to zero inside slow_radius;
//en the force closes the gap in time_to_target seconds.
//es Arrive: como seek, pero la velocidad deseada baja a cero dentro de slow_radius;
//es la fuerza corrige la diferencia en time_to_target segundos.
const arrive = {
  force(b, w, i, a, ctl) {
    const to = w.delta(a.position, b.target.map(fr));
    const desired = arriveDesired(a, to, fr(b.slow_radius));
    ctl.add(b.weight, limit(div(sub(desired, a.velocity), fr(b.time_to_target)), a.max_force));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
    paint.circle(b.target, b.slow_radius, "#c0392b");
  },
};
