//en Flee: full speed away from the threat, inside panic_radius.
//es Flee: a toda velocidad lejos de la amenaza, dentro de panic_radius.
const flee = {
  force(b, w, i, a, ctl) {
    const ax = -w.dx(a.position[0], fr(b.target[0]));
    const ay = -w.dy(a.position[1], fr(b.target[1]));
    if (lengthSq(ax, ay) < fr(fr(b.panic_radius) * fr(b.panic_radius))) ctl.add(b.weight, steerTowards(set(F, ax, ay), a));
  },
  draw(b, w, paint) {
    paint.circle(b.target, 6, "#c0392b", true);
    paint.circle(b.target, b.panic_radius, "#c0392b");
  },
};
