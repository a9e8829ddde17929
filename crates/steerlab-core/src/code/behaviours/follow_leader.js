//en Follow the leader: the leader wanders (or arrives where it was sent); each follower arrives at
//en its slot behind the leader (behind_dist; formations: v, column, squad, dynamic), gets out of the
//en zone ahead of the leader (ahead_dist, ahead_radius) by evading it, and keeps apart (sep_radius).
//es Seguir al líder: el líder deambula (o llega adonde lo mandaron); cada seguidor llega a su hueco
//es detrás del líder (behind_dist; formaciones: v, column, squad, dynamic), sale de la zona delante
//es del líder (ahead_dist, ahead_radius) evadiéndolo y mantiene la distancia (sep_radius).
const leaderHeading = (b) => {
  const l = length(b.heading);
  return l > 0 && Number.isFinite(l) ? scale(b.heading, 1 / l) : [1, 0];
};
//en A slot's offset (back, right) from the leader, in its frame.
//es El desplazamiento de un hueco (atrás, derecha) respecto al líder, en su marco.
function slotOffset(b, k) {
  const s = b.slot_spacing;
  if (b.variant === "v" || b.variant === "dynamic") {
    const row = Math.floor(k / 2) + 1;
    return [b.behind_dist + (row - 1) * s * 0.8, (k % 2 === 0 ? -1 : 1) * row * s * 0.7];
  }
  if (b.variant === "column") return [b.behind_dist + k * s, 0];
  if (b.variant === "squad") return [b.behind_dist + Math.floor(k / 3) * s, ((k % 3) - 1) * s];
  return [b.behind_dist, 0];
}
const slotPoint = (leader, h, [back, right]) => add(sub(leader, scale(h, back)), scale([-h[1], h[0]], right));
const follow_leader = {
  perAgent: () => ({ angle: 0 }),
  neighbourRadius: (b) => b.sep_radius,
  init(b, w) {
    b.heading = b.leader_heading ?? (w.agents[b.leader] ? [...w.agents[b.leader].heading] : [1, 0]);
    b.target = b.leader_target ?? null;
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
      w.agents.forEach((a, i) => {
        if (i === li) return;
        b.slots.forEach((p, s) => {
          let d2 = w.distanceSq(a.position, p);
          if (prev[i] === s) d2 *= 0.8 * 0.8;
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
    if (i === b.leader) {
      const me = { ...a, max_speed: Math.min(b.leader_speed, a.max_speed) };
      if (b.target) return ctl.add(b.weight, arriveAt(me, add(a.position, w.delta(a.position, b.target)), b.leader_slow_radius));
      ctl.add(b.weight, wanderForce(me, b.per[i], 24, 40, 0.6, w.rng));
      if (w.edges === "bounce") {
        const m = Math.min(Math.max(w.margin, 40), w.width / 2, w.height / 2);
        const [x, y] = a.position;
        if (x < m || y < m || x > w.width - m || y > w.height - m) ctl.add(2, steerTowards(sub(w.center(), a.position), me));
      }
      return;
    }
    const leader = w.agents[b.leader];
    //en Out of the zone ahead of the leader: evade it.
    //es Fuera de la zona delante del líder: evadirlo.
    const toAhead = w.delta(a.position, add(leader.position, scale(h, b.ahead_dist)));
    if (lengthSq(toAhead) < b.ahead_radius * b.ahead_radius) {
      const threat = add(a.position, toAhead);
      const predicted = predict(a, threat, leader.velocity, b.max_prediction);
      let f;
      if (lengthSq(sub(a.position, predicted)) > 1e-6) f = fleePoint(a, predicted);
      else {
        const side = [-h[1], h[0]];
        const s = dot(w.delta(leader.position, a.position), side);
        f = steerTowards(scale(side, s > 0 || (s === 0 && i % 2 === 0) ? 1 : -1), a);
      }
      ctl.add(b.weight * b.evade_weight, f);
    }
    //en Arrive at the slot (prediction: where the slot will be).
    //es Llegar al hueco (prediction: donde estará el hueco).
    const slot = b.slots[b.slotOf[i]] ?? sub(leader.position, scale(h, b.behind_dist));
    let target = add(a.position, w.delta(a.position, slot));
    if (b.variant === "prediction") target = predict(a, target, leader.velocity, b.max_prediction);
    ctl.add(b.weight, arriveAt(a, target, b.slow_radius));
    const sep = separate(w, i, b.leader, b.sep_radius, b.sep_form);
    if (sep) ctl.add(b.weight * b.sep_weight, sep);
  },
  //en After the move: the leader's heading (only when it moves fast enough), and a leader that
  //en arrived and stayed wander_after seconds wanders again.
  //es Después de mover: el rumbo del líder (solo si va bastante rápido), y un líder que llegó y se
  //es quedó wander_after segundos vuelve a deambular.
  after(b, w) {
    const l = w.agents[b.leader];
    if (!l) return;
    const speed = length(l.velocity);
    if (speed > Math.max(1.6, 0.25 * Math.min(b.leader_speed, l.max_speed))) b.heading = scale(l.velocity, 1 / speed);
    if (!b.target) return;
    if (length(sub(b.target, l.position)) < 6 && speed < 6) {
      b.idle += DT;
      if (b.idle >= b.wander_after) [b.target, b.idle] = [null, 0];
    } else b.idle = 0;
  },
};
