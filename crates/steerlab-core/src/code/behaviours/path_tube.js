//en Path following (the tube): predict where the agent will be in predict_ahead seconds, project
//en that point on the path; outside the tube (tube_radius) steer back to the projection, inside
//en seek the end of the current segment.
//es Seguir el camino (el tubo): predecir dónde estará el agente en predict_ahead segundos y proyectar
//es ese punto sobre el camino; fuera del tubo (tube_radius) volver a la proyección, dentro buscar
//es el final del segmento actual.
//en The projection of p on the segment a-b (clamped to it), and its distance.
//es La proyección de p sobre el segmento a-b (dentro de él) y su distancia.
function projectOnSegment(p, a, b) {
  const ab = sub(b, a);
  const len2 = lengthSq(ab);
  const t = len2 > fr(1e-12) ? Math.min(Math.max(fr(dot(sub(p, a), ab) / len2), 0), 1) : 0;
  const proj = add(a, scale(ab, t));
  return [proj, length(sub(p, proj))];
}
//en The segment nearest to p: [segment, projection, distance]. Ties go to the next segment in the
//en travel direction, then to the current one (so a sharp corner hands over to the next segment).
//es El segmento más cercano a p: [segmento, proyección, distancia]. Los empates van al siguiente
//es segmento en el sentido de la marcha y luego al actual (así una esquina cede al siguiente).
function closestSegment(p, wps, closed, cur, dir) {
  const n = wps.length;
  const nseg = n < 2 ? 0 : closed ? n : n - 1;
  if (nseg === 0) return null;
  cur = Math.min(cur, nseg - 1);
  let succ = null;
  if (dir > 0) succ = cur + 1 < nseg ? cur + 1 : closed ? 0 : null;
  else succ = cur > 0 ? cur - 1 : closed ? nseg - 1 : null;
  let best = [0, wps[0], Infinity];
  let onSucc = null;
  let onCur = [wps[0], Infinity];
  for (let s = 0; s < nseg; s++) {
    const [proj, d] = projectOnSegment(p, wps[s], wps[(s + 1) % n]);
    if (d < best[2]) best = [s, proj, d];
    if (s === succ) onSucc = [proj, d];
    if (s === cur) onCur = [proj, d];
  }
  const eps = fr(fr(1e-3) + fr(best[2] * fr(1e-5)));
  const near = ([, d]) => d <= fr(best[2] + eps);
  if (succ !== null && onSucc && near(onSucc)) return [succ, ...onSucc];
  if (near(onCur)) return [cur, ...onCur];
  return best;
}
const path_tube = {
  perAgent: () => ({ seg: 0, dir: 1 }),
  force(b, w, i, a, ctl) {
    const wps = w.scene.path.waypoints;
    const n = wps.length;
    if (n === 0) return ctl.add(b.weight, limit(neg(a.velocity), a.max_force));
    if (n === 1) return ctl.add(b.weight, arriveAt(a, wps[0], fr(b.slow_radius)));
    const me = b.per[i];
    //en A loop of two points is walked back and forth.
    //es Un bucle de dos puntos se recorre de ida y vuelta.
    const mode = w.scene.path.mode === "loop" && n < 3 ? "ping_pong" : w.scene.path.mode;
    let dir = mode === "ping_pong" ? (me.dir < 0 ? -1 : 1) : 1;
    const predicted = add(a.position, scale(a.velocity, fr(b.predict_ahead)));
    const [seg, proj, dist] = closestSegment(predicted, wps, mode === "loop" && n >= 3, me.seg, dir);
    const outside = dist > fr(b.tube_radius);
    const nextOf = (d) => (d > 0 ? (seg + 1) % n : seg);
    let next = nextOf(dir);
    if (mode === "ping_pong") {
      const atEnd = (dir > 0 && next === n - 1) || (dir < 0 && next === 0);
      const r = fr(b.arrive_radius);
      if (atEnd && lengthSq(sub(wps[next], a.position)) < fr(r * r)) {
        dir = -dir;
        next = nextOf(dir);
      }
    }
    [me.seg, me.dir] = [seg, dir];
    if (outside) ctl.add(b.weight, seekPoint(a, proj));
    else if (mode === "one_shot" && next === n - 1) ctl.add(b.weight, arriveAt(a, wps[next], fr(b.slow_radius)));
    else ctl.add(b.weight, seekPoint(a, wps[next]));
  },
};
