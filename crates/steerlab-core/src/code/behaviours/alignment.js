//en Alignment: steer towards the mean velocity of the neighbours within perception.
//es Alineación: girar hacia la velocidad media de los vecinos dentro de perception.
const alignment = {
  flock: (b) => fr(b.perception),
  //en The engine's flocking pass summed the neighbours' velocities (w.align: x, y, count).
  //es La pasada de flocking del motor sumó las velocidades de los vecinos (w.align: x, y, cuenta).
  force(b, w, i, a, ctl) {
    const s = w.align;
    if (s[2] > 0) ctl.add(b.weight, steerTowards(set(F, fr(s[0] / s[2]), fr(s[1] / s[2])), a));
  },
};
