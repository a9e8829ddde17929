//en Flee: full speed away from the threat, inside panic_radius.
//es Flee: a toda velocidad lejos de la amenaza, dentro de panic_radius.
const flee = {
  force(b, w, i, a, ctl) {
    const away = scale(w.delta(a.position, b.target), -1);
    if (lengthSq(away) < b.panic_radius * b.panic_radius) ctl.add(b.weight, steerTowards(away, a));
  },
};
