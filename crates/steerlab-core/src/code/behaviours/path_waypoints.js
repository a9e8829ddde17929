//en Path by waypoints: seek the current waypoint; closer than arrive_radius, go on to the next
//en (one_shot, loop or ping_pong); arrive at the last one of a one_shot path.
//es Camino por waypoints: buscar el waypoint actual; a menos de arrive_radius, pasar al siguiente
//es (one_shot, loop o ping_pong); llegar (arrive) al último de un camino one_shot.
const path_waypoints = {
  perAgent: () => ({ wp: 0, dir: 1 }),
  force(b, w, i, a, ctl) {
    const { waypoints: wps, mode } = w.scene.path;
    const n = wps.length;
    if (n === 0) return ctl.add(b.weight, limit(set(F, -a.velocity[0], -a.velocity[1]), a.max_force));
    const me = b.per[i];
    let idx = Math.min(me.wp, n - 1);
    let dir = me.dir < 0 ? -1 : 1;
    const arriveRadius = fr(b.arrive_radius);
    if (lengthSq(fr(wps[idx][0] - a.position[0]), fr(wps[idx][1] - a.position[1])) < fr(arriveRadius * arriveRadius)) {
      if (n <= 1) idx = 0;
      else if (mode === "one_shot") [idx, dir] = [Math.min(idx + 1, n - 1), 1];
      else if (mode === "loop") [idx, dir] = [(idx + 1) % n, 1];
      else {
        if (idx + dir < 0 || idx + dir >= n) dir = -dir;
        idx += dir;
      }
    }
    me.wp = idx;
    me.dir = dir;
    const tx = wps[idx][0];
    const ty = wps[idx][1];
    const last = n === 1 || (mode === "one_shot" && idx === n - 1);
    ctl.add(b.weight, last ? arriveAt(set(F, tx, ty), a, fr(b.slow_radius)) : seekPoint(set(F, tx, ty), a));
  },
};
