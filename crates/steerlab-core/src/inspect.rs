//! What the inspector draws on the canvas: the vector (or point, or neighbours) behind one line of
//! the selected agent's pseudocode, as highlight shapes in the draw list. The inspector's lines
//! name what they show by a term of [`Explain`] and a key — the field name `explain()` uses
//! (`desired`, `steer`, `weighted`, `sum`, `behind`, `blocker` …, or `velocity` / `total` for the
//! agent's own) — so the panel and the canvas agree on one vocabulary.

use super::behaviours::follow_leader::FollowLeader;
use super::behaviours::queue::Queue;
use super::behaviours::Registered;
use super::draw::{DrawList, Style};
use super::draw::{FORCE_SCALE, VELOCITY_SCALE};
use super::engine::Sim;
use super::report::Explain;
use super::steer::Note;
use glam::Vec2;

/// The agent the inspector shows when the reader has not chosen one: the first agent, or with a
/// leader the first follower (the leader's own steering is not the lesson).
pub fn default_agent(sim: &Sim) -> Option<usize> {
    let n = sim.agent_count();
    if n == 0 {
        return None;
    }
    let leader = FollowLeader::first(&sim.scenario().behaviours).map(|f| f.leader);
    Some(if leader == Some(0) && n > 1 { 1 } else { 0 })
}

/// The radius within which rule `rule`'s neighbours count (0: the rule has no neighbours).
fn rule_radius(sim: &Sim, rule: &str) -> f32 {
    let r = sim.rules();
    let sc = sim.scenario();
    let own = match rule {
        "separation" => r.separation,
        "alignment" => r.alignment,
        "cohesion" => r.cohesion,
        _ => None,
    };
    if let Some((_, radius)) = own {
        return radius;
    }
    if rule == "separation" {
        if let Some(f) = FollowLeader::first(&sc.behaviours) {
            return f.sep_radius;
        }
        if let Some(q) = Queue::first(&sc.behaviours) {
            return q.sep_radius;
        }
    }
    0.0
}

/// Push one highlighted shape: a halo in the canvas colour under the accent-coloured stroke, so it
/// stands out over whatever is drawn below it.
fn arrow(list: &mut DrawList, from: Vec2, to: Vec2) {
    list.arrow(Style::HighlightHalo, from, to);
    list.arrow(Style::Highlight, from, to);
}
fn line(list: &mut DrawList, a: Vec2, b: Vec2) {
    list.line(Style::HighlightHalo, a, b);
    list.line(Style::Highlight, a, b);
}
fn ring(list: &mut DrawList, c: Vec2, r: f32) {
    list.circle(Style::HighlightHalo, c, r);
    list.circle(Style::Highlight, c, r);
}

/// Add the highlight for `key` of term `term` (`None`: the agent's own `velocity` or `total`) of
/// `e` to `list`. Returns how many shapes it added (0 when the key names nothing drawable, e.g. a
/// rule that contributed nothing this step).
pub fn highlight(sim: &Sim, e: &Explain, term: Option<usize>, key: &str, list: &mut DrawList) -> usize {
    let before = list.cmds.len();
    let p = e.position;
    let world = sim.world();
    // A point in the world as seen from the agent (nearest image in a wrapping world).
    let near = |q: Vec2| p + world.delta(p, q);
    let Some(t) = term.and_then(|k| e.terms.get(k)) else {
        match key {
            "velocity" => arrow(list, p, p + e.velocity * VELOCITY_SCALE),
            "total" => arrow(list, p, p + e.total * FORCE_SCALE),
            _ => {}
        }
        return list.cmds.len() - before;
    };
    let d = &t.detail;
    let note = |k: &str| d.notes.iter().find(|(n, _)| *n == k).map(|&(_, v)| v);
    let point = |k: &str| match note(k) {
        Some(Note::Point(q)) => Some(q),
        _ => None,
    };
    match key {
        "steer" if t.raw != Vec2::ZERO => arrow(list, p, p + t.raw * FORCE_SCALE),
        "weighted" if t.raw != Vec2::ZERO => arrow(list, p, p + t.raw * t.weight * FORCE_SCALE),
        "desired" => {
            if let Some(v) = d.desired {
                arrow(list, p, p + v * VELOCITY_SCALE);
            }
        }
        // The neighbours that counted: the rule's radius and a line to each of them.
        "neighbours" | "sum" => {
            let r = rule_radius(sim, t.rule);
            if r > 0.0 {
                // Flocking separation leaves out coincident agents; a follower's leaves out the
                // leader.
                let sep = t.rule == "separation";
                let flock_sep = sep && d.mean.is_some();
                let skip = FollowLeader::first(&sim.scenario().behaviours).map(|f| f.leader).filter(|_| sep);
                ring(list, p, r);
                sim.with_view(|v| {
                    v.each_within(e.agent, r, |j, off, d2| {
                        if (d2 > 0.0 || !flock_sep) && Some(j) != skip {
                            line(list, p, p + off);
                        }
                    })
                });
            }
        }
        // The mean: the offset to the centroid (cohesion), the mean velocity (alignment), the
        // mean push's direction (separation, drawn as long as the radius).
        "mean" => {
            if let Some(m) = d.mean {
                let v = match t.rule {
                    "cohesion" => m,
                    "alignment" => m * VELOCITY_SCALE,
                    _ => m.normalize_or_zero() * rule_radius(sim, t.rule),
                };
                arrow(list, p, p + v);
            }
        }
        "blocker" | "brake" => {
            if let Some(Note::Index(Some(j))) = note("blocker") {
                if let Some(b) = sim.agents().get(j) {
                    let q = near(b.position);
                    line(list, p, q);
                    ring(list, q, sim.scenario().agent_size);
                }
            }
        }
        "active" | "arrive_radius" | "distance" if t.rule == "waypoints" => {
            if let Some(Note::Index(Some(k))) = note("active") {
                if let Some(&w) = sim.scene().path.waypoints.get(k) {
                    let r = match note("arrive_radius") {
                        Some(Note::Num(r)) => r,
                        _ => 0.0,
                    };
                    if key == "distance" {
                        line(list, p, w);
                    } else {
                        ring(list, w, r.max(4.0));
                    }
                }
            }
        }
        // The tube: the prediction's distance to its projection on the path.
        "distance" | "outside" => {
            if let (Some(a), Some(b)) = (point("prediction"), point("projection")) {
                line(list, a, b);
                ring(list, b, 3.0);
            }
        }
        "in_ahead_zone" => {
            if let (Some(a), Some(f)) = (point("ahead"), FollowLeader::first(&sim.scenario().behaviours)) {
                ring(list, near(a), f.ahead_radius);
            }
        }
        "obstacle" => {
            if let Some(Note::Index(Some(k))) = note("obstacle") {
                if let Some(&(c, r)) = sim.scene().obstacles.get(k) {
                    ring(list, c, r);
                }
            }
        }
        // A point the rule looked at (behind, ahead, predicted, prediction, projection, target,
        // threat, centroid): a line to it and a ring around it.
        k => {
            if let Some(q) = point(k) {
                let q = near(q);
                line(list, p, q);
                ring(list, q, 4.0);
            }
        }
    }
    list.cmds.len() - before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Shape;

    fn builtin(name: &str) -> Sim {
        Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap()
    }

    /// The highlighted shapes of a list (the accent strokes, not their halos).
    fn lit(list: &DrawList) -> Vec<Shape> {
        list.cmds.iter().filter(|c| c.style == Style::Highlight).map(|c| c.shape).collect()
    }

    #[test]
    fn each_vector_of_a_term_is_drawn_where_the_force_overlay_would_draw_it() {
        let mut s = builtin("flock");
        for _ in 0..30 {
            s.step();
        }
        let e = s.explain(0).unwrap();
        let k = e.terms.iter().position(|t| t.rule == "cohesion" && t.raw != Vec2::ZERO).unwrap();
        let t = &e.terms[k];
        let p = e.position;
        for (key, to) in [
            ("steer", p + t.raw * FORCE_SCALE),
            ("weighted", p + t.raw * t.weight * FORCE_SCALE),
            ("desired", p + t.detail.desired.unwrap() * VELOCITY_SCALE),
            ("mean", p + t.detail.mean.unwrap()),
        ] {
            let mut list = DrawList::new();
            assert_eq!(highlight(&s, &e, Some(k), key, &mut list), 2, "{key}: halo and stroke");
            assert_eq!(lit(&list), vec![Shape::Arrow { from: p, to }], "{key}");
            assert_eq!(list.count(Style::HighlightHalo), 1);
        }
        let mut list = DrawList::new();
        highlight(&s, &e, None, "total", &mut list);
        assert_eq!(lit(&list), vec![Shape::Arrow { from: p, to: p + e.total * FORCE_SCALE }]);
        // The neighbours: the radius, and one line per neighbour that counted.
        let mut list = DrawList::new();
        highlight(&s, &e, Some(k), "neighbours", &mut list);
        let lines = lit(&list).iter().filter(|s| matches!(s, Shape::Line { .. })).count();
        assert_eq!(lines as u32, t.detail.neighbours.unwrap());
        assert!(lit(&list).contains(&Shape::Circle { c: p, r: s.perception() }));
        // Nothing to draw: an unknown key, a term that does not exist.
        assert_eq!(highlight(&s, &e, Some(k), "nope", &mut DrawList::new()), 0);
        assert_eq!(highlight(&s, &e, Some(99), "steer", &mut DrawList::new()), 0);
    }

    #[test]
    fn points_and_agents_the_rules_looked_at() {
        let mut s = builtin("follow-leader");
        for _ in 0..60 {
            s.step();
        }
        let i = default_agent(&s).unwrap();
        assert_ne!(
            Some(i),
            FollowLeader::first(&s.scenario().behaviours).map(|f| f.leader),
            "a follower, not the leader"
        );
        let e = s.explain(i).unwrap();
        let k = e.terms.iter().position(|t| t.rule == "follow").unwrap();
        let mut list = DrawList::new();
        highlight(&s, &e, Some(k), "behind", &mut list);
        let behind = e.terms[k].detail.notes.iter().find(|n| n.0 == "behind").unwrap().1;
        let Note::Point(b) = behind else { panic!() };
        assert!(lit(&list).contains(&Shape::Line { a: e.position, b: e.position + s.world().delta(e.position, b) }));

        // The queue's blocker: a ring around that agent.
        let mut s = builtin("queue");
        let mut found = false;
        for _ in 0..600 {
            s.step();
            let n = s.agent_count();
            for i in 0..n {
                let e = s.explain(i).unwrap();
                let k = e.terms.iter().position(|t| t.rule == "queue").unwrap();
                if let Some((_, Note::Index(Some(j)))) = e.terms[k].detail.notes.iter().find(|n| n.0 == "blocker") {
                    let mut list = DrawList::new();
                    highlight(&s, &e, Some(k), "blocker", &mut list);
                    let q = e.position + s.world().delta(e.position, s.agents()[*j].position);
                    assert!(lit(&list).contains(&Shape::Circle { c: q, r: s.scenario().agent_size }));
                    found = true;
                    break;
                }
            }
            if found {
                break;
            }
        }
        assert!(found, "some agent brakes for another within 600 steps");
    }
}
