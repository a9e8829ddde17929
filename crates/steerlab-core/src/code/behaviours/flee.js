//en Flee: full speed away from the threat, inside panic_radius.
//es Flee: a toda velocidad lejos de la amenaza, dentro de panic_radius.
const flee = {
  force(b, w, i, a, ctl) {
    const away = neg(w.delta(a.position, b.target.map(fr)));
    if (lengthSq(away) < fr(fr(b.panic_radius) * fr(b.panic_radius))) ctl.add(b.weight, steerTowards(away, a));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
    paint.circle(b.target, b.panic_radius, "#c0392b");
  },
};
