//en Queue: head for the goal (slowing inside slow_radius); brake when someone is in the cone ahead
//en (cone_length long, cone_width each side), the closer the harder; keep apart from neighbours
//en within sep_radius. Whoever reaches goal_radius comes back in the respawn area.
//es Cola: ir a la meta (frenando dentro de slow_radius); frenar si hay alguien en el cono de delante
//es (cone_length de largo, cone_width a cada lado), más cuanto más cerca; separarse de los vecinos a
//es menos de sep_radius. Quien llega a goal_radius vuelve a aparecer en la zona de respawn.
//en The radius of the cone's neighbour query: everything in the lane is within it.
//es El radio de la búsqueda de vecinos del cono: todo lo que está en el carril queda dentro.
const coneReach = (b) => fr(fr(fr(Math.sqrt(fr(b.cone_length) ** 2 + fr(b.cone_width) ** 2)) * fr(1.0001)) + fr(1e-3));
const queue = {
  init(b) {
    b.lastPass = null;
  },
  neighbourRadius: (b) => Math.max(coneReach(b), fr(b.sep_radius), fr(2 * fr(b.body_radius))),
  //en The brake: the nearest agent in the lane ahead (cone_length long, cone_width each side) at
  //en distance `along` scales the desired speed by along / cone_length.
  //es El freno: el agente más cercano en el carril de delante (cone_length de largo, cone_width a cada
  //es lado) a distancia `along` escala la velocidad deseada por along / cone_length.
  brake(b, w, i, a) {
    const vx = a.velocity[0];
    const vy = a.velocity[1];
    const speed = length(vx, vy);
    if (speed < fr(1e-3)) return 1;
    const hx = fr(vx / speed);
    const hy = fr(vy / speed);
    const coneLength = fr(b.cone_length);
    const coneWidth = fr(b.cone_width);
    let closest = Infinity;
    let who = -1;
    const found = w.near(i, coneReach(b));
    for (let m = 0; m < found; m++) {
      const j = w.nearJ[m];
      const dx = w.nearDx[m];
      const dy = w.nearDy[m];
      const along = dot(dx, dy, hx, hy);
      if (along < 0 || along > coneLength) continue;
      if (length(fr(dx - fr(hx * along)), fr(dy - fr(hy * along))) > coneWidth) continue;
      if (along < closest || (along === closest && who >= 0 && j < who)) {
        closest = along;
        who = j;
      }
    }
    return Number.isFinite(closest) ? Math.min(Math.max(fr(closest / coneLength), 0), 1) : 1;
  },
  force(b, w, i, a, ctl) {
    const brake = b.braking ? queue.brake(b, w, i, a) : 1;
    const x = a.position[0];
    const y = a.position[1];
    const tx = w.dx(x, fr(b.goal[0]));
    const ty = w.dy(y, fr(b.goal[1]));
    const ramp = Math.min(fr(length(tx, ty) / fr(b.slow_radius)), 1);
    normalize(set(F, tx, ty));
    const dx = fr(fr(fr(F[0] * a.max_speed) * ramp) * brake);
    const dy = fr(fr(fr(F[1] * a.max_speed) * ramp) * brake);
    ctl.add(b.weight, limit(set(F, fr(dx - a.velocity[0]), fr(dy - a.velocity[1])), a.max_force));
    if (separate(F, w, i, null, fr(b.sep_radius), b.sep_form)) ctl.add(fr(fr(b.weight) * fr(b.sep_weight)), F);
  },
  //en After the move: whoever reached the goal comes back in the respawn area, heading for the goal at
  //en its speed; with a door (door_interval > 0) one agent at most every door_interval seconds, the
  //en nearest to the goal.
  //es Después de mover: quien llegó a la meta vuelve en la zona de reaparición, hacia la meta a su
  //es velocidad; con puerta (door_interval > 0), un agente como mucho cada door_interval segundos, el
  //es más cercano a la meta.
  after(b, w, now) {
    const [gx, gy] = b.goal.map(fr);
    const r2 = fr(fr(b.goal_radius) * fr(b.goal_radius));
    const clamp = (x, hi) => Math.min(Math.max(x, 0), hi);
    const [x0, y0, x1, y1] = (b.respawn ?? [0, 0, fr(w.width * fr(0.1)), w.height]).map(fr);
    const [rx0, ry0, rx1, ry1] = [clamp(x0, w.width), clamp(y0, w.height), clamp(x1, w.width), clamp(y1, w.height)];
    const body2 = fr(2 * fr(b.body_radius));
    const clear2 = fr(body2 * body2);
    const gated = b.door_interval > 0;
    if (gated && b.lastPass !== null && now - b.lastPass < fr(b.door_interval) - 1e-9) return;
    let nearest = -1;
    let nearestD2 = Infinity;
    if (gated) {
      w.agents.forEach((a, i) => {
        const d2 = w.distanceSq(a.position[0], a.position[1], gx, gy);
        if (d2 < r2 && d2 < nearestD2) {
          nearestD2 = d2;
          nearest = i;
        }
      });
    }
    w.agents.forEach((a, i) => {
      if (gated && nearest !== i) return;
      if (w.distanceSq(a.position[0], a.position[1], gx, gy) >= r2) return;
      b.lastPass = now;
      let [px, py] = [0, 0];
      for (let t = 0; t < 8; t++) {
        px = fr(rx0 + fr(w.rng.f32() * fr(rx1 - rx0)));
        py = fr(ry0 + fr(w.rng.f32() * fr(ry1 - ry0)));
        if (w.agents.every((o, j) => j === i || w.distanceSq(o.position[0], o.position[1], px, py) >= clear2)) break;
      }
      const speed = length(a.velocity[0], a.velocity[1]);
      set(a.position, px, py);
      normalize(set(a.velocity, w.dx(px, gx), w.dy(py, gy)));
      set(a.velocity, fr(a.velocity[0] * speed), fr(a.velocity[1] * speed));
      const s2 = lengthSq(a.velocity[0], a.velocity[1]);
      if (s2 > HEADING_EPS2) set(a.heading, fr(a.velocity[0] / fr(Math.sqrt(s2))), fr(a.velocity[1] / fr(Math.sqrt(s2))));
      applyEdges(w, a);
    });
  },
  draw(b, w, paint) {
    paint.circle(b.goal, b.goal_radius, "#7a5cc7");
  },
};
