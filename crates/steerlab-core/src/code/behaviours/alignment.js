//en Alignment: steer towards the mean velocity of the neighbours within perception.
//es Alineación: girar hacia la velocidad media de los vecinos dentro de perception.
const alignment = {
  flock: (b) => fr(b.perception),
  visit(b, s, d, d2, n) {
    if (d2 < fr(fr(b.perception) * fr(b.perception))) {
      s.sum = add(s.sum, n.velocity);
      s.count += 1;
    }
  },
  force(b, w, i, a, ctl, s) {
    if (s.count > 0) ctl.add(b.weight, steerTowards(div(s.sum, s.count), a));
  },
};
