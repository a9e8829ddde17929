//en Cohesion: steer towards the centre of the neighbours within perception.
//es Cohesión: ir hacia el centro de los vecinos dentro de perception.
const cohesion = {
  flock: (b) => fr(b.perception),
  visit(b, s, d, d2) {
    if (d2 < fr(fr(b.perception) * fr(b.perception))) {
      s.sum = add(s.sum, d);
      s.count += 1;
    }
  },
  force(b, w, i, a, ctl, s) {
    //en sum / count is centroid - position.
    //es sum / count es centroide - posición.
    if (s.count > 0) ctl.add(b.weight, steerTowards(div(s.sum, s.count), a));
  },
};
