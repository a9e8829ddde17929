//en Containment: three feelers (ahead and two at ±feeler_angle); where one crosses a wall of the
//en polygon, push along the wall's inward normal, harder the deeper; outside, steer to the centre.
//es Contención: tres antenas (delante y dos a ±feeler_angle); donde una cruza una pared del
//es polígono, empujar según la normal hacia dentro, más cuanto más hondo; fuera, ir al centro.
const cross = (ux, uy, vx, vy) => fr(fr(ux * vy) - fr(uy * vx));
const containment = {
  //en The walls as 32-bit floats, their centre and their orientation (once per step).
  //es Las paredes como floats de 32 bits, su centro y su orientación (una vez por paso).
  before(b) {
    b.corners = b.walls.map((p) => p.map(fr));
    const n = b.corners.length;
    let cx = 0;
    let cy = 0;
    //en Twice the signed area: its sign says on which side of each wall the inside is.
    //es El doble del área con signo: su signo dice a qué lado de cada pared está el interior.
    let area = -0;
    for (let k = 0; k < n; k++) {
      const [c, d] = [b.corners[k], b.corners[(k + 1) % n]];
      [cx, cy] = [fr(cx + c[0]), fr(cy + c[1])];
      area = fr(area + cross(c[0], c[1], d[0], d[1]));
    }
    b.centre = [fr(cx / Math.max(n, 1)), fr(cy / Math.max(n, 1))];
    b.sign = area < 0 || Object.is(area, -0) ? -1 : 1;
  },
  force(b, w, i, a, ctl) {
    const walls = b.corners;
    const n = walls.length;
    const px = a.position[0];
    const py = a.position[1];
    //en Inside the polygon? (even-odd rule)
    //es ¿Dentro del polígono? (regla par-impar)
    let inside = false;
    for (let k = 0; k < n; k++) {
      const c = walls[k];
      const d = walls[(k + 1) % n];
      if (c[1] > py !== d[1] > py && px < fr(c[0] + fr(fr(fr(py - c[1]) / fr(d[1] - c[1])) * fr(d[0] - c[0])))) inside = !inside;
    }
    if (!inside) steerTowards(set(F, fr(b.centre[0] - px), fr(b.centre[1] - py)), a);
    else {
      const hx = a.heading[0];
      const hy = a.heading[1];
      const c = cosf(fr(b.feeler_angle));
      const s = sinf(fr(b.feeler_angle));
      const len = fr(b.feeler_length);
      const side = fr(len * fr(0.7));
      let sx = 0;
      let sy = 0;
      for (let f = 0; f < 3; f++) {
        //en Ahead, then turned by +angle and by -angle.
        //es Delante, y luego girada +angle y -angle.
        let fx = fr(hx * len);
        let fy = fr(hy * len);
        if (f === 1) {
          fx = fr(fr(fr(hx * c) - fr(hy * s)) * side);
          fy = fr(fr(fr(hx * s) + fr(hy * c)) * side);
        } else if (f === 2) {
          fx = fr(fr(fr(hx * c) + fr(hy * s)) * side);
          fy = fr(fr(fr(-hx * s) + fr(hy * c)) * side);
        }
        let hit = -1;
        let hitT = 0;
        for (let k = 0; k < n; k++) {
          const q = walls[k];
          const r = walls[(k + 1) % n];
          const ex = fr(r[0] - q[0]);
          const ey = fr(r[1] - q[1]);
          const denom = cross(fx, fy, ex, ey);
          if (Math.abs(denom) < fr(1e-9)) continue;
          const qx = fr(q[0] - px);
          const qy = fr(q[1] - py);
          const t = fr(cross(qx, qy, ex, ey) / denom);
          const u = fr(cross(qx, qy, fx, fy) / denom);
          if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && (hit < 0 || t < hitT)) {
            hit = k;
            hitT = t;
          }
        }
        if (hit >= 0) {
          const q = walls[hit];
          const r = walls[(hit + 1) % n];
          normalize(set(G, -fr(r[1] - q[1]), fr(r[0] - q[0])));
          const k = fr(1 - hitT);
          sx = fr(sx + fr(fr(fr(G[0] * b.sign) * a.max_force) * k));
          sy = fr(sy + fr(fr(fr(G[1] * b.sign) * a.max_force) * k));
        }
      }
      limit(set(F, sx, sy), a.max_force);
    }
    if (F[0] !== 0 || F[1] !== 0) ctl.add(b.weight, F);
  },
  draw(b, w, paint) {
    b.walls.forEach((p, k) => paint.line(p, b.walls[(k + 1) % b.walls.length], "#8a8f98"));
  },
};
