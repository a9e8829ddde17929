//! What the chapters' sentences name, measured on a running simulation; and the follow-the-leader
//! canvas driven as a reader drives it (a click sends the leader).

use steerlab::sim::Sim;

pub fn nearest(s: &Sim) -> f64 {
    s.metrics().mean_nearest.unwrap_or(0.0) as f64
}
pub fn polarisation(s: &Sim) -> f64 {
    s.metrics().polarisation as f64
}
pub fn neighbours(s: &Sim) -> f64 {
    s.metrics().mean_neighbours as f64
}
pub fn checks(s: &Sim) -> f64 {
    s.metrics().checks as f64
}
/// How far apart the chart's two curves are: the naive checks minus the grid's.
pub fn checks_saved(s: &Sim) -> f64 {
    let m = s.metrics();
    m.naive_checks as f64 - m.checks as f64
}
pub fn agents(s: &Sim) -> f64 {
    s.agent_count() as f64
}
pub fn mean_speed(s: &Sim) -> f64 {
    s.agents().iter().map(|a| a.velocity.length() as f64).sum::<f64>() / s.agent_count().max(1) as f64
}
pub fn slowest(s: &Sim) -> f64 {
    s.agents().iter().map(|a| a.velocity.length() as f64).fold(f64::INFINITY, f64::min)
}
/// The share of agents within 20 px of an edge of the world.
pub fn near_edges(s: &Sim) -> f64 {
    let w = s.world().size();
    let agents = s.agents();
    let near = agents.iter().filter(|a| {
        let p = a.position;
        p.x < 20.0 || p.y < 20.0 || p.x > w.x - 20.0 || p.y > w.y - 20.0
    });
    near.count() as f64 / s.agent_count().max(1) as f64
}
pub fn readout(s: &Sim, key: &str) -> f64 {
    s.readout().num(key).unwrap_or_else(|| panic!("no readout {key}"))
}
pub fn mean_overlaps(s: &Sim) -> f64 {
    readout(s, "overlaps")
}
pub fn braking(s: &Sim) -> f64 {
    readout(s, "braking")
}
/// The distance along agent `i`'s heading to the nearest agent in its lane ahead (within 16 px of
/// its line, up to 200 px), if any.
pub fn ahead_in_lane(s: &Sim, i: usize) -> Option<f64> {
    let a = s.agents();
    let me = a[i];
    if me.velocity.length() < 1.0 {
        return None;
    }
    let h = me.velocity.normalize();
    let mut best = f32::INFINITY;
    for (j, o) in a.iter().enumerate() {
        let d = o.position - me.position;
        let along = d.dot(h);
        if j != i && along > 0.0 && along < 200.0 && d.perp_dot(h).abs() < 16.0 {
            best = best.min(along);
        }
    }
    best.is_finite().then_some(best as f64)
}
pub fn outside(s: &Sim) -> f64 {
    readout(s, "outside")
}

/// The distance at which two boids look like one group on the canvas: a little more than the
/// flocks' spacing (their `sep_dist` is 22 px).
pub const LOOKS_TOGETHER: f32 = 30.0;

/// Groups as a reader sees them: at least 3 agents linked by chains of pairs closer than
/// [`LOOKS_TOGETHER`] (the readout's `groups` links them within the perception radius, so it counts
/// more groups when the perception shrinks even while the picture shows one clump, and counts
/// every loner), and the biggest group's share of the agents.
pub fn groups_seen(s: &Sim) -> (usize, f64) {
    let pos: Vec<glam::Vec2> = s.agents().iter().map(|a| a.position).collect();
    let size = s.world().size();
    let n = pos.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    for i in 0..n {
        for j in i + 1..n {
            let mut d = (pos[i] - pos[j]).abs();
            d = d.min(size - d);
            if d.length() < LOOKS_TOGETHER {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut sizes = std::collections::HashMap::new();
    for i in 0..n {
        *sizes.entry(root(&mut parent, i)).or_insert(0usize) += 1;
    }
    let biggest = sizes.values().copied().max().unwrap_or(0);
    (sizes.values().filter(|&&k| k >= 3).count(), biggest as f64 / n.max(1) as f64)
}
/// Groups as the canvas shows them ([`groups_seen`]).
pub fn groups(s: &Sim) -> f64 {
    groups_seen(s).0 as f64
}
/// The biggest group's share of the boids.
pub fn biggest_group(s: &Sim) -> f64 {
    groups_seen(s).1
}

pub fn v2(v: &serde_json::Value) -> glam::Vec2 {
    glam::Vec2::new(v[0].as_f64().unwrap() as f32, v[1].as_f64().unwrap() as f32)
}

/// Each agent's distance to the path (its segments; the closing one too when it loops).
pub fn to_path(s: &Sim) -> Vec<f64> {
    let st = s.state_json();
    let wps: Vec<glam::Vec2> = st["waypoints"].as_array().unwrap().iter().map(v2).collect();
    let mut segs: Vec<(glam::Vec2, glam::Vec2)> = wps.windows(2).map(|w| (w[0], w[1])).collect();
    if st["path_mode"] == "loop" {
        segs.push((wps[wps.len() - 1], wps[0]));
    }
    s.agents()
        .iter()
        .map(|a| {
            segs.iter()
                .map(|&(p, q)| {
                    let t = steerlab::sim::num::clamp(
                        (a.position - p).dot(q - p) / (q - p).length_squared().max(1e-6),
                        0.0,
                        1.0,
                    );
                    (a.position - (p + (q - p) * t)).length()
                })
                .fold(f32::INFINITY, f32::min) as f64
        })
        .collect()
}
/// The agents' mean distance to the path.
pub fn path_distance(s: &Sim) -> f64 {
    to_path(s).iter().sum::<f64>() / s.agent_count().max(1) as f64
}

// The follow-leader canvas (§1, §2): the reader sends the leader somewhere with a click.

/// The leader's position, last valid heading and behind point (from `state()`).
pub fn leader(s: &Sim) -> (glam::Vec2, glam::Vec2, glam::Vec2) {
    let st = s.state_json();
    let l = &st["leader"];
    (v2(&l["position"]), v2(&l["heading"]), v2(&l["behind_point"]))
}

/// Each follower's place in the leader's frame: (distance behind it, distance to its right).
pub fn in_leader_frame(s: &Sim) -> Vec<(f32, f32)> {
    let (lp, h, _) = leader(s);
    let side = glam::Vec2::new(-h.y, h.x);
    s.agents().iter().skip(1).map(|a| ((lp - a.position).dot(h), (a.position - lp).dot(side))).collect()
}

/// Click (and release) `dist` px ahead of the leader along its heading (behind it when negative),
/// kept 60 px inside the world; returns the point.
pub fn send_leader(s: &mut Sim, dist: f32) -> glam::Vec2 {
    use steerlab::sim::pointer::Pointer;
    let (lp, h, _) = leader(s);
    let t = (lp + h * dist).clamp(glam::Vec2::splat(60.0), s.world().size() - 60.0);
    s.pointer_event(Pointer::Down(t), false);
    s.pointer_event(Pointer::Up(t), false);
    t
}

/// Steps until the leader is at `t` and stopped (at most 20 s).
pub fn until_the_leader_stops(s: &mut Sim, t: glam::Vec2, mut each: impl FnMut(&Sim)) {
    for _ in 0..1200 {
        s.step();
        each(s);
        let l = s.agents()[0];
        if l.velocity.length() < 6.0 && (l.position - t).length() < 6.0 {
            return;
        }
    }
    panic!("the leader never stopped at {t}");
}

/// The slots of a formation, as (distance behind the leader, distance to its right), as §2 says
/// with the canvas's behind_dist 32 and slot spacing 22: a V (pairs of rows opening out), a column,
/// a squad in rows of three.
pub fn formation(shape: &str, k: usize) -> (f32, f32) {
    let (behind, s) = (32.0, 22.0);
    match shape {
        "v" => {
            let row = (k / 2 + 1) as f32;
            (behind + (row - 1.0) * s * 0.8, if k.is_multiple_of(2) { -row } else { row } * s * 0.7)
        }
        "column" => (behind + k as f32 * s, 0.0),
        "squad" => (behind + (k / 3) as f32 * s, ((k % 3) as f32 - 1.0) * s),
        _ => unreachable!("{shape}"),
    }
}

/// How many of the 8 slots of `shape` have a follower within 6 px.
pub fn slots_held(s: &Sim, shape: &str) -> usize {
    let f = in_leader_frame(s);
    (0..8)
        .filter(|&k| {
            let (b, r) = formation(shape, k);
            f.iter().any(|&(x, y)| glam::Vec2::new(x - b, y - r).length() < 6.0)
        })
        .count()
}

/// After 5 s of wandering the leader of `s` is sent `dist` px ahead (behind it when negative);
/// once it stops, `each` sees the next `rest` steps (it rests 3 s before it wanders again).
pub fn rest_after(mut s: Sim, dist: f32, rest: u32, mut each: impl FnMut(&Sim)) {
    for _ in 0..300 {
        s.step();
    }
    let t = send_leader(&mut s, dist);
    until_the_leader_stops(&mut s, t, |_| {});
    for _ in 0..rest {
        s.step();
        each(&s);
    }
}
