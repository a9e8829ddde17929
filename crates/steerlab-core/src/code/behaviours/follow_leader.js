//en Follow the leader: the leader wanders (or arrives where it was sent); each follower arrives at
//en its slot behind the leader (behind_dist; formations: v, column, squad, dynamic), gets out of the
//en zone ahead of the leader (ahead_dist, ahead_radius) by evading it, and keeps apart (sep_radius).
//es Seguir al líder: el líder deambula (o llega adonde lo mandaron); cada seguidor llega a su hueco
//es detrás del líder (behind_dist; formaciones: v, column, squad, dynamic), sale de la zona delante
//es del líder (ahead_dist, ahead_radius) evadiéndolo y mantiene la distancia (sep_radius).
//en The leader's heading as a unit vector (x if it has none), into o.
//es El rumbo del líder como vector unitario (x si no tiene), en o.
function leaderHeading(o, b) {
  const x = b.heading[0];
  const y = b.heading[1];
  const r = fr(1 / length(x, y));
  return Number.isFinite(r) && r > 0 ? set(o, fr(x * r), fr(y * r)) : set(o, 1, 0);
}
//en Slot k's place behind the leader: [back, right] (px), into o.
//es El sitio del hueco k detrás del líder: [atrás, derecha] (px), en o.
function slotOffset(o, b, k) {
  const s = fr(b.slot_spacing);
  const behind = fr(b.behind_dist);
  if (b.variant === "v" || b.variant === "dynamic") {
    const row = Math.floor(k / 2) + 1;
    return set(o, fr(behind + fr(fr(fr(row - 1) * s) * fr(0.8))), fr(fr(fr((k % 2 === 0 ? -1 : 1) * row) * s) * fr(0.7)));
  }
  if (b.variant === "column") return set(o, fr(behind + fr(k * s)), 0);
  if (b.variant === "squad") return set(o, fr(behind + fr(Math.floor(k / 3) * s)), fr(((k % 3) - 1) * s));
  return set(o, behind, 0);
}
const lead = { h: [0, 0], off: [0, 0] };
const follow_leader = {
  perAgent: () => ({ angle: 0 }),
  neighbourRadius: (b) => fr(b.sep_radius),
  init(b, w) {
    b.heading = (b.leader_heading ?? w.agents[b.leader]?.heading ?? [1, 0]).map(fr);
    b.target = b.leader_target ? b.leader_target.map(fr) : null;
    b.idle = 0;
    b.nslots = 0;
    b.slotX = new Float64Array(0);
    b.slotY = new Float64Array(0);
    b.slotOf = new Int32Array(0);
    b.prev = new Int32Array(0);
  },
  //en Before the forces: the slots behind the leader, and who takes which.
  //es Antes de las fuerzas: los huecos detrás del líder y quién ocupa cuál.
  before(b, w) {
    const n = w.agents.length;
    const li = b.leader;
    if (b.slotOf.length !== n) {
      const old = b.slotOf;
      b.slotOf = new Int32Array(n).fill(-1);
      b.slotOf.set(old.subarray(0, Math.min(old.length, n)));
      [b.prev, b.slotX, b.slotY] = [new Int32Array(n), new Float64Array(n), new Float64Array(n)];
    }
    const prev = b.prev;
    prev.set(b.slotOf);
    b.slotOf.fill(-1);
    b.nslots = 0;
    if (li >= n) return;
    const h = leaderHeading(lead.h, b);
    const lx = w.agents[li].position[0];
    const ly = w.agents[li].position[1];
    const followers = n - 1;
    const nslots = ["v", "column", "squad", "dynamic"].includes(b.variant) ? followers : Math.min(1, followers);
    for (let k = 0; k < nslots; k++) {
      const [back, right] = slotOffset(lead.off, b, k);
      b.slotX[k] = fr(fr(lx - fr(h[0] * back)) + fr(-h[1] * right));
      b.slotY[k] = fr(fr(ly - fr(h[1] * back)) + fr(h[0] * right));
    }
    b.nslots = nslots;
    if (nslots === 0) return;
    if (b.variant === "dynamic" && followers <= 64) {
      //en Nearest pairs first; a follower's previous slot counts as a bit closer (it sticks).
      //es Primero los pares más cercanos; el hueco anterior de un seguidor cuenta algo más cerca.
      const pairs = [];
      const stick = fr(fr(0.8) * fr(0.8));
      w.agents.forEach((a, i) => {
        if (i === li) return;
        for (let s = 0; s < nslots; s++) {
          let d2 = w.distanceSq(a.position[0], a.position[1], b.slotX[s], b.slotY[s]);
          if (prev[i] === s) d2 = fr(d2 * stick);
          pairs.push([d2, i, s]);
        }
      });
      pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
      const taken = new Array(nslots).fill(false);
      let left = n - 1;
      for (const [, i, s] of pairs) {
        if (left === 0) break;
        if (b.slotOf[i] === -1 && !taken[s]) [b.slotOf[i], taken[s], left] = [s, true, left - 1];
      }
    } else {
      let k = 0;
      for (let i = 0; i < n; i++) if (i !== li) b.slotOf[i] = k++ % nslots;
    }
  },
  force(b, w, i, a, ctl) {
    if (b.leader >= w.agents.length) return;
    leaderHeading(lead.h, b);
    const hx = lead.h[0];
    const hy = lead.h[1];
    const weight = fr(b.weight);
    const x = a.position[0];
    const y = a.position[1];
    if (i === b.leader) {
      const slow = Math.min(fr(b.leader_speed), a.max_speed);
      if (b.target) {
        const tx = fr(x + w.dx(x, b.target[0]));
        const ty = fr(y + w.dy(y, b.target[1]));
        return ctl.add(weight, arriveAt(set(F, tx, ty), a, fr(b.leader_slow_radius), slow));
      }
      ctl.add(weight, wanderForce(F, a, b.per[i], 24, 40, fr(0.6), w.rng, slow));
      if (w.edges === "bounce") {
        const m = Math.min(Math.max(w.margin, 40), fr(w.width * 0.5), fr(w.height * 0.5));
        if (x < m || y < m || x > fr(w.width - m) || y > fr(w.height - m)) {
          ctl.add(2, steerTowards(set(F, fr(fr(w.width * 0.5) - x), fr(fr(w.height * 0.5) - y)), a, slow));
        }
      }
      return;
    }
    const leader = w.agents[b.leader];
    const lx = leader.position[0];
    const ly = leader.position[1];
    const maxPrediction = fr(b.max_prediction);
    //en Out of the zone ahead of the leader: evade it.
    //es Fuera de la zona delante del líder: evadirlo.
    const ahead = fr(b.ahead_dist);
    const ax = w.dx(x, fr(lx + fr(hx * ahead)));
    const ay = w.dy(y, fr(ly + fr(hy * ahead)));
    if (lengthSq(ax, ay) < fr(fr(b.ahead_radius) * fr(b.ahead_radius))) {
      predict(set(F, fr(x + ax), fr(y + ay)), a, leader.velocity, maxPrediction);
      if (lengthSq(fr(x - F[0]), fr(y - F[1])) > fr(1e-6)) fleePoint(F, a);
      else {
        const s = dot(w.dx(lx, x), w.dy(ly, y), -hy, hx);
        const k = s > 0 || (s === 0 && i % 2 === 0) ? 1 : -1;
        steerTowards(set(F, -hy * k, hx * k), a);
      }
      ctl.add(fr(weight * fr(b.evade_weight)), F);
    }
    //en Arrive at the slot (prediction: where the slot will be).
    //es Llegar al hueco (prediction: donde estará el hueco).
    const slot = b.slotOf[i];
    let sx;
    let sy;
    if (slot >= 0 && slot < b.nslots) {
      sx = b.slotX[slot];
      sy = b.slotY[slot];
    } else {
      const behind = fr(b.behind_dist);
      sx = fr(lx - fr(hx * behind));
      sy = fr(ly - fr(hy * behind));
    }
    set(F, fr(x + w.dx(x, sx)), fr(y + w.dy(y, sy)));
    if (b.variant === "prediction") predict(F, a, leader.velocity, maxPrediction);
    ctl.add(weight, arriveAt(F, a, fr(b.slow_radius)));
    if (separate(F, w, i, b.leader, fr(b.sep_radius), b.sep_form)) ctl.add(fr(weight * fr(b.sep_weight)), F);
  },
  //en After the move: the leader's heading (only when it moves fast enough), and a leader that
  //en arrived and stayed wander_after seconds wanders again.
  //es Después de mover: el rumbo del líder (solo si va bastante rápido), y un líder que llegó y se
  //es quedó wander_after segundos vuelve a deambular.
  after(b, w) {
    const l = w.agents[b.leader];
    if (!l) return;
    const vx = l.velocity[0];
    const vy = l.velocity[1];
    const speed = length(vx, vy);
    const cruise = Math.min(fr(b.leader_speed), l.max_speed);
    if (speed > Math.max(fr(1.6), fr(fr(0.25) * cruise))) b.heading = [fr(vx / speed), fr(vy / speed)];
    if (!b.target) return;
    if (length(fr(b.target[0] - l.position[0]), fr(b.target[1] - l.position[1])) < 6 && speed < 6) {
      b.idle = fr(b.idle + DT);
      if (b.idle >= fr(b.wander_after)) [b.target, b.idle] = [null, 0];
    } else b.idle = 0;
  },
  draw(b, w, paint) {
    paint.agent(b.leader, "#c0392b");
    if (b.target) paint.circle(b.target, 6, "#c0392b", true);
  },
};
