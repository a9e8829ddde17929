//en Path following (the tube): predict where the agent will be in predict_ahead seconds, project
//en that point on the path; outside the tube (tube_radius) steer back to the projection, inside
//en seek the end of the current segment.
//es Seguir el camino (el tubo): predecir dónde estará el agente en predict_ahead segundos y proyectar
//es ese punto sobre el camino; fuera del tubo (tube_radius) volver a la proyección, dentro buscar
//es el final del segmento actual.
//en The projection of p on the segment a-b (clamped to it) into o; its distance.
//es La proyección de p sobre el segmento a-b (dentro de él) en o; su distancia.
function projectOnSegment(o, px, py, a, b) {
  const abx = fr(b[0] - a[0]);
  const aby = fr(b[1] - a[1]);
  const len2 = lengthSq(abx, aby);
  const t = len2 > fr(1e-12) ? Math.min(Math.max(fr(dot(fr(px - a[0]), fr(py - a[1]), abx, aby) / len2), 0), 1) : 0;
  set(o, fr(a[0] + fr(abx * t)), fr(a[1] + fr(aby * t)));
  return length(fr(px - o[0]), fr(py - o[1]));
}
//en The segment nearest to p (its projection into o): the segment. Ties go to the next segment in
//en the travel direction, then to the current one (so a sharp corner hands over to the next segment).
//es El segmento más cercano a p (su proyección en o): el segmento. Los empates van al siguiente
//es segmento en el sentido de la marcha y luego al actual (así una esquina cede al siguiente).
const onSeg = { best: [0, 0], succ: [0, 0], cur: [0, 0], p: [0, 0], dist: 0 };
function closestSegment(o, px, py, wps, closed, cur, dir) {
  const n = wps.length;
  const nseg = n < 2 ? 0 : closed ? n : n - 1;
  if (nseg === 0) return -1;
  cur = Math.min(cur, nseg - 1);
  let succ = -1;
  if (dir > 0) succ = cur + 1 < nseg ? cur + 1 : closed ? 0 : -1;
  else succ = cur > 0 ? cur - 1 : closed ? nseg - 1 : -1;
  let best = 0;
  let bestD = Infinity;
  set(onSeg.best, wps[0][0], wps[0][1]);
  let succD = -1;
  let curD = Infinity;
  set(onSeg.cur, wps[0][0], wps[0][1]);
  const { p } = onSeg;
  for (let s = 0; s < nseg; s++) {
    const d = projectOnSegment(p, px, py, wps[s], wps[(s + 1) % n]);
    if (d < bestD) {
      best = s;
      bestD = d;
      set(onSeg.best, p[0], p[1]);
    }
    if (s === succ) {
      succD = d;
      set(onSeg.succ, p[0], p[1]);
    }
    if (s === cur) {
      curD = d;
      set(onSeg.cur, p[0], p[1]);
    }
  }
  const within = fr(bestD + fr(fr(1e-3) + fr(bestD * fr(1e-5))));
  if (succ >= 0 && succD >= 0 && succD <= within) return pick(o, onSeg.succ, succD, succ);
  if (curD <= within) return pick(o, onSeg.cur, curD, cur);
  return pick(o, onSeg.best, bestD, best);
}
const pick = (o, q, dist, seg) => {
  set(o, q[0], q[1]);
  onSeg.dist = dist;
  return seg;
};
const path_tube = {
  perAgent: () => ({ seg: 0, dir: 1 }),
  force(b, w, i, a, ctl) {
    const wps = w.scene.path.waypoints;
    const n = wps.length;
    if (n === 0) return ctl.add(b.weight, limit(set(F, -a.velocity[0], -a.velocity[1]), a.max_force));
    if (n === 1) return ctl.add(b.weight, arriveAt(set(F, wps[0][0], wps[0][1]), a, fr(b.slow_radius)));
    const me = b.per[i];
    //en A loop of two points is walked back and forth.
    //es Un bucle de dos puntos se recorre de ida y vuelta.
    const mode = w.scene.path.mode === "loop" && n < 3 ? "ping_pong" : w.scene.path.mode;
    let dir = mode === "ping_pong" ? (me.dir < 0 ? -1 : 1) : 1;
    const ahead = fr(b.predict_ahead);
    const px = fr(a.position[0] + fr(a.velocity[0] * ahead));
    const py = fr(a.position[1] + fr(a.velocity[1] * ahead));
    const seg = closestSegment(G, px, py, wps, mode === "loop" && n >= 3, me.seg, dir);
    const outside = onSeg.dist > fr(b.tube_radius);
    let next = dir > 0 ? (seg + 1) % n : seg;
    if (mode === "ping_pong") {
      const atEnd = (dir > 0 && next === n - 1) || (dir < 0 && next === 0);
      const r = fr(b.arrive_radius);
      if (atEnd && lengthSq(fr(wps[next][0] - a.position[0]), fr(wps[next][1] - a.position[1])) < fr(r * r)) {
        dir = -dir;
        next = dir > 0 ? (seg + 1) % n : seg;
      }
    }
    me.seg = seg;
    me.dir = dir;
    if (outside) ctl.add(b.weight, seekPoint(set(F, G[0], G[1]), a));
    else if (mode === "one_shot" && next === n - 1) ctl.add(b.weight, arriveAt(set(F, wps[next][0], wps[next][1]), a, fr(b.slow_radius)));
    else ctl.add(b.weight, seekPoint(set(F, wps[next][0], wps[next][1]), a));
  },
};
