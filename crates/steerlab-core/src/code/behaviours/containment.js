//en Containment: three feelers (ahead and two at ±feeler_angle); where one crosses a wall of the
//en polygon, push along the wall's inward normal, harder the deeper; outside, steer to the centre.
//es Contención: tres antenas (delante y dos a ±feeler_angle); donde una cruza una pared del
//es polígono, empujar según la normal hacia dentro, más cuanto más hondo; fuera, ir al centro.
const containment = {
  force(b, w, i, a, ctl) {
    const walls = b.walls.map((p) => p.map(fr));
    const n = walls.length;
    const corner = (k) => walls[k % n];
    const cross = (u, v) => fr(fr(u[0] * v[1]) - fr(u[1] * v[0]));
    const p = a.position;
    //en Inside the polygon? (even-odd rule)
    //es ¿Dentro del polígono? (regla par-impar)
    let inside = false;
    for (let k = 0; k < n; k++) {
      const [c, d] = [corner(k), corner(k + 1)];
      if (c[1] > p[1] !== d[1] > p[1] && p[0] < fr(c[0] + fr(fr(fr(p[1] - c[1]) / fr(d[1] - c[1])) * fr(d[0] - c[0])))) inside = !inside;
    }
    let f;
    if (!inside) {
      const centre = div(walls.reduce(add, [0, 0]), Math.max(n, 1));
      f = steerTowards(sub(centre, p), a);
    } else {
      //en Twice the signed area: its sign says on which side of each wall the inside is.
      //es El doble del área con signo: su signo dice a qué lado de cada pared está el interior.
      let area = -0;
      for (let k = 0; k < n; k++) area = fr(area + cross(corner(k), corner(k + 1)));
      const sign = area < 0 || Object.is(area, -0) ? -1 : 1;
      const h = a.heading;
      const [c, s] = [cosf(fr(b.feeler_angle)), sinf(fr(b.feeler_angle))];
      const length_ = fr(b.feeler_length);
      const side = fr(length_ * fr(0.7));
      const feelers = [
        scale(h, length_),
        scale([fr(fr(h[0] * c) - fr(h[1] * s)), fr(fr(h[0] * s) + fr(h[1] * c))], side),
        scale([fr(fr(h[0] * c) + fr(h[1] * s)), fr(fr(-h[0] * s) + fr(h[1] * c))], side),
      ];
      let sum = [0, 0];
      for (const fl of feelers) {
        let hit = null;
        for (let k = 0; k < n; k++) {
          const [q, r] = [corner(k), corner(k + 1)];
          const e = sub(r, q);
          const denom = cross(fl, e);
          if (Math.abs(denom) < fr(1e-9)) continue;
          const t = fr(cross(sub(q, p), e) / denom);
          const u = fr(cross(sub(q, p), fl) / denom);
          if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && (!hit || t < hit.t)) hit = { t, normal: scale(normalize([-e[1], e[0]]), sign) };
        }
        if (hit) sum = add(sum, scale(scale(hit.normal, a.max_force), fr(1 - hit.t)));
      }
      f = limit(sum, a.max_force);
    }
    if (!isZero(f)) ctl.add(b.weight, f);
  },
  draw(b, w, paint) {
    b.walls.forEach((p, k) => paint.line(p, b.walls[(k + 1) % b.walls.length], "#8a8f98"));
  },
};
