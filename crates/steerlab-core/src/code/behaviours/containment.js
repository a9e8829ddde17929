//en Containment: three feelers (ahead and two at ±feeler_angle); where one crosses a wall of the
//en polygon, push along the wall's inward normal, harder the deeper; outside, steer to the centre.
//es Contención: tres antenas (delante y dos a ±feeler_angle); donde una cruza una pared del
//es polígono, empujar según la normal hacia dentro, más cuanto más hondo; fuera, ir al centro.
const containment = {
  force(b, w, i, a, ctl) {
    const walls = b.walls;
    const n = walls.length;
    const corner = (k) => walls[k % n];
    const cross = (u, v) => u[0] * v[1] - u[1] * v[0];
    let inside = false;
    for (let k = 0; k < n; k++) {
      const [p, q] = [corner(k), corner(k + 1)];
      const y = a.position[1];
      if (p[1] > y !== q[1] > y && a.position[0] < p[0] + ((y - p[1]) / (q[1] - p[1])) * (q[0] - p[0])) inside = !inside;
    }
    let f;
    if (!inside) {
      const centre = scale(walls.reduce(add, [0, 0]), 1 / n);
      f = steerTowards(sub(centre, a.position), a);
    } else {
      let area = 0;
      for (let k = 0; k < n; k++) area += cross(corner(k), corner(k + 1));
      const h = a.heading;
      const [c, s] = [Math.cos(b.feeler_angle), Math.sin(b.feeler_angle)];
      const side = b.feeler_length * 0.7;
      const feelers = [
        scale(h, b.feeler_length),
        scale([h[0] * c - h[1] * s, h[0] * s + h[1] * c], side),
        scale([h[0] * c + h[1] * s, -h[0] * s + h[1] * c], side),
      ];
      let sum = [0, 0];
      for (const fl of feelers) {
        let hit = null;
        for (let k = 0; k < n; k++) {
          const [p, q] = [corner(k), corner(k + 1)];
          const e = sub(q, p);
          const denom = cross(fl, e);
          if (Math.abs(denom) < 1e-9) continue;
          const t = cross(sub(p, a.position), e) / denom;
          const u = cross(sub(p, a.position), fl) / denom;
          if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && (!hit || t < hit.t)) {
            hit = { t, normal: scale(normalize([-e[1], e[0]]), area < 0 ? -1 : 1) };
          }
        }
        if (hit) sum = add(sum, scale(hit.normal, a.max_force * (1 - hit.t)));
      }
      f = limit(sum, a.max_force);
    }
    if (f[0] !== 0 || f[1] !== 0) ctl.add(b.weight, f);
  },
};
