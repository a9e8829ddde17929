//en Separation: steer away from neighbours closer than sep_dist, more from the closest
//en (sum of normalize(self - n) / distance).
//es Separación: alejarse de los vecinos a menos de sep_dist, más de los más cercanos
//es (suma de normalize(yo - n) / distancia).
const separation = {
  flock: (b) => fr(b.sep_dist),
  visit(b, s, d, d2) {
    if (d2 < fr(fr(b.sep_dist) * fr(b.sep_dist)) && d2 > 0) {
      s.sum = sub(s.sum, scale(d, fr(1 / d2)));
      s.count += 1;
    }
  },
  force(b, w, i, a, ctl, s) {
    if (s.count > 0) ctl.add(b.weight, steerTowards(div(s.sum, s.count), a));
  },
};
