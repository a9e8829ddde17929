//en Separation: steer away from neighbours closer than sep_dist, more from the closest
//en (sum of normalize(self - n) / distance).
//es Separación: alejarse de los vecinos a menos de sep_dist, más de los más cercanos
//es (suma de normalize(yo - n) / distancia).
const separation = {
  flock: (b) => fr(b.sep_dist),
  //en The engine's flocking pass summed -offset / distance² over the neighbours within sep_dist
  //en (w.sep: x, y, count).
  //es La pasada de flocking del motor sumó -desplazamiento / distancia² de los vecinos a menos de
  //es sep_dist (w.sep: x, y, cuenta).
  force(b, w, i, a, ctl) {
    const s = w.sep;
    if (s[2] > 0) ctl.add(b.weight, steerTowards(set(F, fr(s[0] / s[2]), fr(s[1] / s[2])), a));
  },
};
