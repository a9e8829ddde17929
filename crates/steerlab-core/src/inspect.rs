//! What the inspector draws on the canvas: the vector (or point, or neighbours) behind one line of
//! the selected agent's pseudocode, as highlight shapes in the draw list. The inspector's lines
//! name what they show by a term of [`Explain`] and a key — the field name `explain()` uses
//! (`desired`, `steer`, `weighted`, `sum`, `behind`, `blocker` …, or `velocity` / `total` for the
//! agent's own) — so the panel and the canvas agree on one vocabulary.

use super::behaviours::Highlight;
use super::draw::DrawList;
use super::draw::{FORCE_SCALE, VELOCITY_SCALE};
use super::engine::Sim;
use super::pseudo::{Line, Lines};
use super::report::Explain;
use super::scenario::Scenario;
use super::steer::{Contribution, Note};
use glam::Vec2;

/// The agent the inspector shows when the reader has not chosen one: the first agent, or the
/// next when a behaviour says the first is not the lesson (a leader).
pub fn default_agent(sim: &Sim) -> Option<usize> {
    let n = sim.agent_count();
    if n == 0 {
        return None;
    }
    let skip = sim.scenario().behaviours.iter().any(|b| b.not_inspected_first() == Some(0));
    Some(if skip && n > 1 { 1 } else { 0 })
}

/// The inspector's lines of term `t`: its behaviour's pseudocode (the engine's own term, the
/// world's edges, when no behaviour added it).
pub fn lines(sc: &Scenario, t: &Contribution) -> Vec<Line> {
    let mut p = Lines::new(t);
    match t.by.and_then(|k| sc.behaviours.get(k)) {
        Some(b) => b.pseudo(t, &mut p),
        None => p.edges(),
    }
    p.lines
}

/// Add the highlight for `key` of term `term` (`None`: the agent's own `velocity` or `total`) of
/// `e` to `list`. Returns how many shapes it added (0 when the key names nothing drawable, e.g. a
/// rule that contributed nothing this step).
pub fn highlight(sim: &Sim, e: &Explain, term: Option<usize>, key: &str, list: &mut DrawList) -> usize {
    let before = list.cmds.len();
    sim.with_view(|v| {
        let p = e.position;
        let mut h = Highlight { v, i: e.agent, p, list };
        let Some(t) = term.and_then(|k| e.terms.get(k)) else {
            match key {
                "velocity" => h.arrow(p, p + e.velocity * VELOCITY_SCALE),
                "total" => h.arrow(p, p + e.total * FORCE_SCALE),
                _ => {}
            }
            return;
        };
        if let Some(b) = t.by.and_then(|k| v.behaviours.get(k)) {
            if b.highlight(t, key, &mut h) {
                return;
            }
        }
        // A point in the world as seen from the agent (nearest image in a wrapping world).
        let near = |q: Vec2| p + v.world.delta(p, q);
        let d = &t.detail;
        let note = |k: &str| d.notes.iter().find(|(n, _)| *n == k).map(|&(_, v)| v);
        match key {
            "steer" if t.raw != Vec2::ZERO => h.arrow(p, p + t.raw * FORCE_SCALE),
            "weighted" if t.raw != Vec2::ZERO => h.arrow(p, p + t.raw * t.weight * FORCE_SCALE),
            "desired" => {
                if let Some(d) = d.desired {
                    h.arrow(p, p + d * VELOCITY_SCALE);
                }
            }
            // An agent it looked at (the queue's blocker).
            "blocker" | "brake" => {
                if let Some(Note::Index(Some(j))) = note("blocker") {
                    if let Some(b) = v.agents.get(j) {
                        let q = near(b.position);
                        h.line(p, q);
                        h.ring(q, sim.scenario().agent_size);
                    }
                }
            }
            "obstacle" => {
                if let Some(Note::Index(Some(k))) = note("obstacle") {
                    if let Some(&(c, r)) = v.scene.obstacles.get(k) {
                        h.ring(c, r);
                    }
                }
            }
            // A point the rule looked at (behind, ahead, predicted, prediction, projection, target,
            // threat, centroid): a line to it and a ring around it.
            k => {
                if let Some(Note::Point(q)) = note(k) {
                    let q = near(q);
                    h.line(p, q);
                    h.ring(q, 4.0);
                }
            }
        }
    });
    list.cmds.len() - before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::behaviours::follow_leader::FollowLeader;
    use crate::behaviours::Registered;
    use crate::draw::{Shape, Style};

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
        let k = e.terms.iter().position(|t| t.rule == "follow_leader").unwrap();
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
