//en Cohesion: steer towards the centre of the neighbours within perception.
//es Cohesión: ir hacia el centro de los vecinos dentro de perception.
const cohesion = {
  flock: (b) => fr(b.perception),
  //en The engine's flocking pass summed the offsets to the neighbours (w.coh: x, y, count):
  //en sum / count is centroid - position.
  //es La pasada de flocking del motor sumó los desplazamientos a los vecinos (w.coh: x, y,
  //es cuenta): suma / cuenta es centroide - posición.
  force(b, w, i, a, ctl) {
    const s = w.coh;
    if (s[2] > 0) ctl.add(b.weight, steerTowards(set(F, fr(s[0] / s[2]), fr(s[1] / s[2])), a));
  },
};
