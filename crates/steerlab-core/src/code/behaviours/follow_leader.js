//en Follow the leader: the leader wanders (or arrives where it was sent); each follower arrives at
//en its slot behind the leader (behind_dist; formations: v, column, squad, dynamic), gets out of the
//en zone ahead of the leader (ahead_dist, ahead_radius) by evading it, and keeps apart (sep_radius).
//es Seguir al líder: el líder deambula (o llega adonde lo mandaron); cada seguidor llega a su hueco
//es detrás del líder (behind_dist; formaciones: v, column, squad, dynamic), sale de la zona delante
//es del líder (ahead_dist, ahead_radius) evadiéndolo y mantiene la distancia (sep_radius).
//en The leader's heading as a unit vector (x if it has none).
//es El rumbo del líder como vector unitario (x si no tiene).
const leaderHeading = (b) => {
  const r = fr(1 / length(b.heading));
  return Number.isFinite(r) && r > 0 ? scale(b.heading, r) : [1, 0];
};
//en Slot k's place behind the leader: [back, right] (px).
//es El sitio del hueco k detrás del líder: [atrás, derecha] (px).
function slotOffset(b, k) {
  const [s, behind] = [fr(b.slot_spacing), fr(b.behind_dist)];
  if (b.variant === "v" || b.variant === "dynamic") {
    const row = Math.floor(k / 2) + 1;
    return [fr(behind + fr(fr(fr(row - 1) * s) * fr(0.8))), fr(fr(fr((k % 2 === 0 ? -1 : 1) * row) * s) * fr(0.7))];
  }
  if (b.variant === "column") return [fr(behind + fr(k * s)), 0];
  if (b.variant === "squad") return [fr(behind + fr(Math.floor(k / 3) * s)), fr(((k % 3) - 1) * s)];
  return [behind, 0];
}
const slotPoint = (leader, h, [back, right]) => add(sub(leader, scale(h, back)), scale([-h[1], h[0]], right));
const follow_leader = {
  perAgent: () => ({ angle: 0 }),
  neighbourRadius: (b) => fr(b.sep_radius),
  init(b, w) {
    b.heading = (b.leader_heading ?? w.agents[b.leader]?.heading ?? [1, 0]).map(fr);
    b.target = b.leader_target ? b.leader_target.map(fr) : null;
    b.idle = 0;
    b.slots = [];
    b.slotOf = [];
  },
  //en Before the forces: the slots behind the leader, and who takes which.
  //es Antes de las fuerzas: los huecos detrás del líder y quién ocupa cuál.
  before(b, w) {
    const n = w.agents.length;
    const li = b.leader;
    const prev = b.slotOf;
    b.slotOf = new Array(n).fill(-1);
    b.slots = [];
    if (li >= n) return;
    const h = leaderHeading(b);
    const followers = n - 1;
    const nslots = ["v", "column", "squad", "dynamic"].includes(b.variant) ? followers : Math.min(1, followers);
    for (let k = 0; k < nslots; k++) b.slots.push(slotPoint(w.agents[li].position, h, slotOffset(b, k)));
    if (nslots === 0) return;
    if (b.variant === "dynamic" && followers <= 64) {
      //en Nearest pairs first; a follower's previous slot counts as a bit closer (it sticks).
      //es Primero los pares más cercanos; el hueco anterior de un seguidor cuenta algo más cerca.
      const pairs = [];
      const stick = fr(fr(0.8) * fr(0.8));
      w.agents.forEach((a, i) => {
        if (i === li) return;
        b.slots.forEach((p, s) => {
          let d2 = w.distanceSq(a.position, p);
          if (prev[i] === s) d2 = fr(d2 * stick);
          pairs.push([d2, i, s]);
        });
      });
      pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
      const taken = new Array(b.slots.length).fill(false);
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
    const h = leaderHeading(b);
    const weight = fr(b.weight);
    if (i === b.leader) {
      const me = withSpeed(a, Math.min(fr(b.leader_speed), a.max_speed));
      if (b.target) return ctl.add(weight, arriveAt(me, add(a.position, w.delta(a.position, b.target)), fr(b.leader_slow_radius)));
      ctl.add(weight, wanderForce(me, b.per[i], 24, 40, fr(0.6), w.rng));
      if (w.edges === "bounce") {
        const m = Math.min(Math.max(w.margin, 40), fr(w.width * 0.5), fr(w.height * 0.5));
        const [x, y] = a.position;
        if (x < m || y < m || x > fr(w.width - m) || y > fr(w.height - m)) ctl.add(2, steerTowards(sub(w.center(), a.position), me));
      }
      return;
    }
    const leader = w.agents[b.leader];
    const maxPrediction = fr(b.max_prediction);
    //en Out of the zone ahead of the leader: evade it.
    //es Fuera de la zona delante del líder: evadirlo.
    const toAhead = w.delta(a.position, add(leader.position, scale(h, fr(b.ahead_dist))));
    if (lengthSq(toAhead) < fr(fr(b.ahead_radius) * fr(b.ahead_radius))) {
      const threat = add(a.position, toAhead);
      const predicted = predict(a, threat, leader.velocity, maxPrediction);
      let f;
      if (lengthSq(sub(a.position, predicted)) > fr(1e-6)) f = fleePoint(a, predicted);
      else {
        const side = [-h[1], h[0]];
        const s = dot(w.delta(leader.position, a.position), side);
        f = steerTowards(scale(side, s > 0 || (s === 0 && i % 2 === 0) ? 1 : -1), a);
      }
      ctl.add(fr(weight * fr(b.evade_weight)), f);
    }
    //en Arrive at the slot (prediction: where the slot will be).
    //es Llegar al hueco (prediction: donde estará el hueco).
    const slot = b.slots[b.slotOf[i]] ?? sub(leader.position, scale(h, fr(b.behind_dist)));
    let target = add(a.position, w.delta(a.position, slot));
    if (b.variant === "prediction") target = predict(a, target, leader.velocity, maxPrediction);
    ctl.add(weight, arriveAt(a, target, fr(b.slow_radius)));
    const sep = separate(w, i, b.leader, fr(b.sep_radius), b.sep_form);
    if (sep) ctl.add(fr(weight * fr(b.sep_weight)), sep);
  },
  //en After the move: the leader's heading (only when it moves fast enough), and a leader that
  //en arrived and stayed wander_after seconds wanders again.
  //es Después de mover: el rumbo del líder (solo si va bastante rápido), y un líder que llegó y se
  //es quedó wander_after segundos vuelve a deambular.
  after(b, w) {
    const l = w.agents[b.leader];
    if (!l) return;
    const speed = length(l.velocity);
    const cruise = Math.min(fr(b.leader_speed), l.max_speed);
    if (speed > Math.max(fr(1.6), fr(fr(0.25) * cruise))) b.heading = div(l.velocity, speed);
    if (!b.target) return;
    if (length(sub(b.target, l.position)) < 6 && speed < 6) {
      b.idle = fr(b.idle + DT);
      if (b.idle >= fr(b.wander_after)) [b.target, b.idle] = [null, 0];
    } else b.idle = 0;
  },
  draw(b, w, paint) {
    paint.agent(b.leader, "#c0392b");
    if (b.target) paint.circle(b.target, 6, "#c0392b", true);
  },
};
