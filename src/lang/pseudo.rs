//! The inspector's text: for one agent's [`Explain`], the pseudocode of every rule that steers it —
//! with the chapters' names (`sep`, `count`, `desired = normalize(sep / count) * max_speed`,
//! `force = limit(desired - velocity, max_force)`; steering-iv §5 for follow, queue, waypoints and
//! the tube) — each line with that agent's value at this step. Code stays as the tutorials write it;
//! comments, titles and words are in the reader's language.
//!
//! Each line names what it shows by a key of `explain()` (`sum`, `desired`, `steer`, `behind` …),
//! which `sim::inspect::highlight` draws on the canvas.

use super::{rule, Lang};
use crate::sim::behaviours::follow_leader::{FollowLeader, FollowVariant};
use crate::sim::behaviours::Registered;
use crate::sim::report::Explain;
use crate::sim::scenario::Scenario;
use crate::sim::steer::{Contribution, Note};
use crate::sim::text::{short32, Fixed};
use glam::Vec2;

/// One line of pseudocode and the agent's value for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The pseudocode (a comment starts with `#`).
    pub code: &'static str,
    /// The value at this step, as text (empty: the line only explains).
    pub value: String,
    /// What the line shows on the canvas: a key of `explain()`, or "" for nothing.
    pub key: &'static str,
}

/// A rule's lines (or the agent's, or the total's).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The term of `explain().terms` this block is about (`None`: the agent, the total).
    pub term: Option<usize>,
    pub title: String,
    pub lines: Vec<Line>,
}

/// A number as the panel shows it: more decimals for small numbers (separation's sums are ~0.05).
pub fn num(x: f32) -> String {
    fixed(x, decimals(x.abs()))
}

/// The decimals for numbers up to `a` in size.
fn decimals(a: f32) -> u32 {
    if a >= 100.0 {
        1
    } else if a >= 1.0 {
        2
    } else {
        3
    }
}

/// `x` with `d` decimals (1 to 3); -0.000 reads as 0.000.
fn fixed(x: f32, d: u32) -> String {
    let zero = (x.abs() as f64 * [1.0, 10.0, 100.0, 1000.0][d as usize]).round() == 0.0;
    Fixed(if zero { 0.0 } else { x as f64 }, d).to_string()
}

/// `(x, y)`, both with the decimals of the larger: `(15.61, 0.98)`, `(-0.087, 0.015)`.
pub fn vec(v: Vec2) -> String {
    let d = decimals(v.x.abs().max(v.y.abs()));
    format!("({}, {})", fixed(v.x, d), fixed(v.y, d))
}

/// `(x, y) · |length|`.
fn vlen(v: Vec2) -> String {
    format!("{} · |{}|", vec(v), num(v.length()))
}

struct B<'a> {
    lang: Lang,
    lines: Vec<Line>,
    c: &'a Contribution,
}

impl B<'_> {
    fn add(&mut self, code: &'static str, value: String, key: &'static str) {
        self.lines.push(Line { code, value, key });
    }
    /// Code that differs between the languages (comments, words).
    fn add2(&mut self, en: &'static str, es: &'static str, value: String, key: &'static str) {
        let code = if self.lang == Lang::Es { es } else { en };
        self.add(code, value, key);
    }
    fn note(&self, k: &str) -> Option<Note> {
        self.c.detail.notes.iter().find(|(n, _)| *n == k).map(|&(_, v)| v)
    }
    fn point(&mut self, code: &'static str, k: &'static str) {
        if let Some(Note::Point(p)) = self.note(k) {
            self.add(code, vec(p), k);
        }
    }
    fn yes(&self, b: bool) -> String {
        match (self.lang, b) {
            (Lang::Es, true) => "sí".into(),
            (Lang::En, true) => "yes".into(),
            _ => "no".into(),
        }
    }
    fn desired(&mut self, code: &'static str) {
        if let Some(d) = self.c.detail.desired {
            self.add(code, vlen(d), "desired");
        }
    }
    /// `force = …` (the rule's force, limited), its weight `w` and `w * force` (weighted).
    fn force(&mut self, code: &'static str) {
        let c = self.c;
        self.add(code, vlen(c.raw), "steer");
        self.add2("w  # the rule's weight", "w  # el peso de la regla", short32(c.weight), "");
        self.add("w * force", vlen(c.raw * c.weight), "weighted");
    }
    fn count(&mut self, en: &'static str, es: &'static str) -> u32 {
        let n = self.c.detail.neighbours.unwrap_or(0);
        self.add2(en, es, n.to_string(), "neighbours");
        n
    }
    /// The line of a rule that added nothing this step.
    fn nothing(&mut self, en: &'static str, es: &'static str) {
        self.add2(en, es, vec(Vec2::ZERO), "");
    }
}

const LIMIT: &str = "force = limit(desired - velocity, max_force)";

/// The lines of one term.
fn term_lines(lang: Lang, c: &Contribution, sc: &Scenario) -> Vec<Line> {
    let mut b = B { lang, lines: Vec::new(), c };
    let d = &c.detail;
    let form = match b.note("form") {
        Some(Note::Word(w)) => Some(w),
        _ => None,
    };
    // Separation is the flocking rule's (a mean), or a follower's or queuing agent's (a form); a
    // separation that found nobody is the flocking rule's when the scenario has that rule.
    let flocking = d.mean.is_some()
        || c.rule != "separation"
        || form.is_none() && crate::sim::behaviours::separation::Separation::first(&sc.behaviours).is_some();
    match (c.rule, flocking) {
        // The flocking rules (flocking-boids §2–3), from their shared neighbour pass.
        ("separation" | "alignment" | "cohesion", true) => {
            let (count_en, count_es, add, mean, desired) = match c.rule {
                "separation" => (
                    "count = neighbours with 0 < distance < sep_dist",
                    "count = vecinos con 0 < distance < sep_dist",
                    "sep += normalize(self.position - n.position) / distance",
                    "sep / count",
                    "desired = normalize(sep / count) * max_speed",
                ),
                "alignment" => (
                    "count = neighbours with distance < perception",
                    "count = vecinos con distance < perception",
                    "align += n.velocity",
                    "align / count",
                    "desired = normalize(align / count) * max_speed",
                ),
                _ => (
                    "count = neighbours with distance < perception",
                    "count = vecinos con distance < perception",
                    "coh += n.position - self.position",
                    "centroid = self.position + coh / count",
                    "desired = normalize(centroid - self.position) * max_speed",
                ),
            };
            if b.count(count_en, count_es) == 0 {
                b.nothing("# count = 0: no force", "# count = 0: sin fuerza");
                return b.lines;
            }
            b.add(add, vec(d.sum.unwrap_or_default()), "sum");
            // (Cohesion shows the centroid itself: position + coh / count.)
            let shown = match b.note("centroid") {
                Some(Note::Point(p)) => p,
                _ => d.mean.unwrap_or_default(),
            };
            b.add(mean, vec(shown), "mean");
            b.desired(desired);
            b.force(LIMIT);
        }
        // A follower's or a queuing agent's separation (steering-iv §2.1, §5, §6), in its form.
        ("separation", false) => {
            if b.count("count = others within sep_radius", "count = otros dentro de sep_radius") == 0 {
                b.nothing("# count = 0: no force", "# count = 0: sin fuerza");
                return b.lines;
            }
            let sum = vec(d.sum.unwrap_or_default());
            match form.unwrap_or("flocking") {
                "unity" => {
                    b.add(
                        "sep += normalize(self.position - n.position) * max_speed * (1 - distance / sep_radius) - velocity",
                        sum,
                        "sum",
                    );
                    b.force("force = limit(sep, max_force)");
                }
                "push" => {
                    b.add("sep += normalize(self.position - n.position) * (1 - distance / sep_radius)", sum, "sum");
                    b.force("force = limit(sep * max_speed, max_force)");
                }
                _ => {
                    b.add("sep += normalize(self.position - n.position) / distance", sum, "sum");
                    b.force("force = limit(normalize(sep / count) * max_speed - velocity, max_force)");
                }
            }
        }
        // follow_leader §5, step 1: evade the point ahead of the leader.
        ("evade", _) if b.note("in_ahead_zone").is_some() => {
            b.point("ahead = leader.position + heading * ahead_dist", "ahead");
            let inside = matches!(b.note("in_ahead_zone"), Some(Note::Flag(true)));
            let yes = b.yes(inside);
            b.add("distance(follower.position, ahead) < ahead_radius", yes, "in_ahead_zone");
            if !inside {
                b.nothing("# not in the way: no evade", "# no estorba: sin evade");
                return b.lines;
            }
            b.point("predicted = ahead + leader.velocity * T", "predicted");
            b.desired("desired = normalize(self.position - predicted) * max_speed");
            b.force(LIMIT);
        }
        // follow_leader §5, step 2: arrive at the point behind (or the follower's slot).
        ("follow", _) => {
            let variant = FollowLeader::first(&sc.behaviours).map_or(FollowVariant::Single, |f| f.variant);
            let (en, es) = match variant {
                FollowVariant::Single => (
                    "behind = leader.position - heading * behind_dist",
                    "behind = leader.position - heading * behind_dist",
                ),
                FollowVariant::Prediction => (
                    "behind = (leader.position - heading * behind_dist) + leader.velocity * T",
                    "behind = (leader.position - heading * behind_dist) + leader.velocity * T",
                ),
                _ => ("behind = my slot in the formation", "behind = mi hueco en la formación"),
            };
            if let Some(Note::Point(p)) = b.note("behind") {
                b.add2(en, es, vec(p), "behind");
            }
            b.desired("desired = normalize(behind - self.position) * max_speed * min(1, distance / slow_radius)");
            b.force(LIMIT);
        }
        // The queue (§3, §5 queueBrake): arrive at the goal with the desired speed braked.
        ("queue", _) => {
            if let Some(Note::Num(k)) = b.note("brake") {
                b.add("brake = queue_brake(agent, others, p)", num(k), "brake");
            }
            let who = match b.note("blocker") {
                Some(Note::Index(Some(j))) => format!("#{j}"),
                _ => b.lang.pick("none", "ninguno").to_string(),
            };
            b.add2("# nearest agent in the front cone", "# el agente más cercano en el cono delantero", who, "blocker");
            b.desired("desired = normalize(goal - self.position) * max_speed * min(1, distance / slow_radius) * brake");
            b.force(LIMIT);
        }
        // §5 pathFollowWaypoints.
        ("waypoints", _) => {
            let k = match b.note("active") {
                Some(Note::Index(Some(k))) => format!("#{k}"),
                _ => b.lang.pick("none", "ninguno").to_string(),
            };
            b.add("target = path.waypoints[path.current]", k, "active");
            if let Some(Note::Num(x)) = b.note("distance") {
                b.add("distance(agent.position, target)", num(x), "distance");
            }
            if let Some(Note::Num(x)) = b.note("arrive_radius") {
                b.add2(
                    "path.arrive_radius  # closer: path.advance()",
                    "path.arrive_radius  # más cerca: path.advance()",
                    num(x),
                    "arrive_radius",
                );
            }
            if matches!(b.note("mode"), Some(Note::Word("arrive"))) {
                b.desired("desired = normalize(target - self.position) * max_speed * min(1, distance / slow_radius)  # is_last: arrive");
            } else {
                b.desired("desired = normalize(target - self.position) * max_speed  # seek");
            }
            b.force(LIMIT);
        }
        // §5 pathFollowTube.
        ("tube", _) => {
            b.point("predicted = agent.position + agent.velocity * p.predict_ahead", "prediction");
            b.point("segment, proj, dist = closest_segment(predicted, path.segments)", "projection");
            if let Some(Note::Num(x)) = b.note("distance") {
                b.add("dist", num(x), "distance");
            }
            if let Some(Note::Flag(out)) = b.note("outside") {
                let v = b.yes(out);
                b.add("dist > p.tube_radius", v, "outside");
            }
            match b.note("mode") {
                Some(Note::Word("correction")) => {
                    b.desired("desired = normalize(proj - self.position) * max_speed  # seek(agent, proj)")
                }
                Some(Note::Word("arrive")) => b.desired(
                    "desired = normalize(last - self.position) * max_speed * min(1, distance / slow_radius)  # arrive",
                ),
                _ => b.desired("desired = normalize(path.waypoints[segment + 1] - self.position) * max_speed  # seek"),
            }
            b.force(LIMIT);
        }
        ("flee", _) if b.note("threat").is_some() => {
            b.point("threat = pointer", "threat");
            b.desired("desired = normalize(self.position - threat) * max_speed");
            b.force(LIMIT);
        }
        ("food", _) => {
            b.point("target = nearest food", "target");
            b.desired("desired = normalize(target - self.position) * max_speed");
            b.force(LIMIT);
        }
        ("avoid", _) if b.note("obstacle").is_some() => {
            if let Some(Note::Index(Some(k))) = b.note("obstacle") {
                b.add("obstacle", format!("#{k}"), "obstacle");
            }
            if let Some(Note::Num(u)) = b.note("urgency") {
                b.add("urgency = 1 - distance / look_ahead", num(u), "");
            }
            b.desired("desired = normalize(self.position - obstacle.center) * max_speed");
            b.force(LIMIT);
        }
        ("wander", _) if b.note("target").is_some() => {
            b.point("target = circle_center + (cos(angle), sin(angle)) * radius", "target");
            b.desired("desired = normalize(target - self.position) * max_speed");
            b.force(LIMIT);
        }
        ("edges", _) => {
            b.desired("desired = normalize(world.center - self.position) * max_speed");
            b.force(LIMIT);
        }
        // The steering basics (seek, flee, arrive, pursuit, evade, wander, obstacle avoidance,
        // containment, flow field): the rule's force in one line.
        ("seek", _) => b.force("force = limit(normalize(target - self.position) * max_speed - velocity, max_force)"),
        ("flee", _) => b.force("force = limit(normalize(self.position - threat) * max_speed - velocity, max_force)"),
        ("arrive", _) => b.force(
            "force = limit(normalize(target - self.position) * max_speed * min(1, distance / slow_radius) - velocity, max_force)",
        ),
        ("pursuit", _) => b.force("force = seek(agent, quarry.position + quarry.velocity * T)"),
        ("evade", _) => b.force("force = flee(agent, hunter.position + hunter.velocity * T)"),
        ("cruise", _) => b.force("force = limit(heading * max_speed - velocity, max_force)"),
        ("wander", _) => b.force("force = seek(agent, circle_center + (cos(angle), sin(angle)) * radius)"),
        ("avoid", _) => b.force(lang.pick(
            "force = side * max_force * (reach - |lateral|) / reach  # reach = radius + clearance",
            "force = side * max_force * (reach - |lateral|) / reach  # reach = radio + margen",
        )),
        ("containment", _) => b.force(lang.pick(
            "force = limit(Σ wall.normal * max_force * (1 - t), max_force)  # t: the feeler's part before the wall",
            "force = limit(Σ wall.normal * max_force * (1 - t), max_force)  # t: la parte del sensor antes de la pared",
        )),
        ("flow", _) => b.force(lang.pick(
            "force = limit(field(self.position) - velocity, max_force)  # desired: the cell's vector",
            "force = limit(field(self.position) - velocity, max_force)  # desired: el vector de la celda",
        )),
        // A rule without pseudocode here: what it noted, and its force.
        _ => {
            b.desired("desired");
            for &(k, v) in &c.detail.notes {
                let text = match v {
                    Note::Point(p) => vec(p),
                    Note::Num(x) => num(x),
                    Note::Int(i) => i.to_string(),
                    Note::Flag(f) => b.yes(f),
                    Note::Index(Some(i)) => format!("#{i}"),
                    Note::Index(None) => "—".into(),
                    Note::Word(w) => w.to_string(),
                };
                b.add(k, text, k);
            }
            b.force("force");
        }
    }
    b.lines
}

/// Every block of the inspector for `e`: the agent, each term in the order the controller added
/// them, and the total.
pub fn blocks(lang: Lang, e: &Explain, sc: &Scenario) -> Vec<Block> {
    let es = lang == Lang::Es;
    let line = |code: &'static str, value: String, key: &'static str| Line { code, value, key };
    let mut out = vec![Block {
        term: None,
        title: format!("{} {} · {} {}", lang.pick("agent", "agente"), e.agent, lang.pick("step", "paso"), e.step),
        lines: vec![
            line("self.position", vec(e.position), ""),
            line("velocity", vlen(e.velocity), "velocity"),
            line("max_speed, max_force", format!("{}, {}", num(e.max_speed), num(e.max_force)), ""),
        ],
    }];
    for (k, c) in e.terms.iter().enumerate() {
        out.push(Block { term: Some(k), title: rule(lang, c.rule).to_string(), lines: term_lines(lang, c, sc) });
    }
    let mut total = vec![line("force = limit(Σ w * force, max_force)", vlen(e.total), "total")];
    if let Some(n) = e.checked {
        let code = if es {
            "# comprobaciones de distancia de la consulta de vecinos"
        } else {
            "# distance checks of the neighbour query"
        };
        total.push(line(code, n.to_string(), ""));
    }
    out.push(Block { term: None, title: lang.pick("total", "total").to_string(), lines: total });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Sim;

    fn builtin(name: &str) -> Sim {
        Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap()
    }

    fn find<'a>(bs: &'a [Block], code: &str) -> &'a Line {
        bs.iter().flat_map(|b| &b.lines).find(|l| l.code.starts_with(code)).unwrap_or_else(|| panic!("{code}"))
    }

    #[test]
    fn numbers_read_with_decimals_for_their_size() {
        assert_eq!(num(0.05234), "0.052");
        assert_eq!(num(-12.345), "-12.35");
        assert_eq!(num(192.0), "192.0");
        assert_eq!(num(-0.0001), "0.000");
        // A vector's two numbers with the decimals of the larger.
        assert_eq!(vec(Vec2::new(1.0, -0.5)), "(1.00, -0.50)");
        assert_eq!(vec(Vec2::new(-39.55, 0.36)), "(-39.55, 0.36)");
        assert_eq!(vec(Vec2::new(0.0871, -0.015)), "(0.087, -0.015)");
        assert_eq!(vec(Vec2::new(406.74, -0.004)), "(406.7, 0.0)");
    }

    #[test]
    fn a_flocking_rule_reads_as_the_chapter_writes_it_with_the_agents_values() {
        let mut s = builtin("flock");
        for _ in 0..40 {
            s.step();
        }
        let e = s.explain(0).unwrap();
        let bs = blocks(Lang::En, &e, s.scenario());
        assert_eq!(bs.len(), e.terms.len() + 2);
        let k = e.terms.iter().position(|t| t.rule == "alignment").unwrap();
        let t = &e.terms[k];
        let b = &bs[k + 1];
        assert_eq!((b.term, b.title.as_str()), (Some(k), "alignment"));
        let codes: Vec<&str> = b.lines.iter().map(|l| l.code).collect();
        assert_eq!(
            codes,
            [
                "count = neighbours with distance < perception",
                "align += n.velocity",
                "align / count",
                "desired = normalize(align / count) * max_speed",
                "force = limit(desired - velocity, max_force)",
                "w  # the rule's weight",
                "w * force",
            ]
        );
        assert_eq!(b.lines[0].value, t.detail.neighbours.unwrap().to_string());
        assert_eq!(b.lines[1].value, vec(t.detail.sum.unwrap()));
        assert_eq!(b.lines[3].value, vlen(t.detail.desired.unwrap()));
        assert_eq!(b.lines[4].value, vlen(t.raw));
        assert_eq!(b.lines[5].value, "1");
        assert_eq!(b.lines[6].value, vlen(t.raw * t.weight));
        let keys: Vec<&str> = b.lines.iter().map(|l| l.key).collect();
        assert_eq!(keys, ["neighbours", "sum", "mean", "desired", "steer", "", "weighted"]);
        assert_eq!(find(&bs, "force = limit(Σ").value, vlen(e.total));
        assert_eq!(bs[0].title, format!("agent 0 · step {}", e.step));
        // In Spanish: the same code, the words in Spanish.
        let es = blocks(Lang::Es, &e, s.scenario());
        assert_eq!(es[k + 1].title, "alineación");
        assert_eq!(es[k + 1].lines[0].code, "count = vecinos con distance < perception");
        assert_eq!(es[k + 1].lines[3].code, codes[3]);
        assert_eq!(es[k + 1].lines[5].code, "w  # el peso de la regla");
        assert!(es[0].title.starts_with("agente 0 · paso"));
    }

    #[test]
    fn steering_iv_rules_show_their_points_and_choices() {
        let mut s = builtin("follow-leader");
        for _ in 0..90 {
            s.step();
        }
        let e = s.explain(1).unwrap();
        let bs = blocks(Lang::Es, &e, s.scenario());
        let titles: Vec<&str> = bs.iter().map(|b| b.title.as_str()).collect();
        assert_eq!(titles, ["agente 1 · paso 90", "evade", "seguir al líder", "separación", "total"]);
        let f = &e.terms[1];
        let Some((_, Note::Point(behind))) = f.detail.notes.iter().find(|n| n.0 == "behind") else { panic!() };
        assert_eq!(find(&bs, "behind = ").value, vec(*behind));
        assert_eq!(find(&bs, "behind = ").key, "behind");
        let zone = find(&bs, "distance(follower.position, ahead)");
        assert!(zone.value == "sí" || zone.value == "no");

        let mut s = builtin("path-tube");
        for _ in 0..30 {
            s.step();
        }
        let e = s.explain(0).unwrap();
        let bs = blocks(Lang::En, &e, s.scenario());
        assert_eq!(bs[1].title, "tube");
        assert_eq!(find(&bs, "dist > p.tube_radius").key, "outside");
        assert!(find(&bs, "predicted = agent.position").value.starts_with('('));

        let mut s = builtin("queue");
        s.step();
        let e = s.explain(0).unwrap();
        let bs = blocks(Lang::En, &e, s.scenario());
        assert_eq!(find(&bs, "brake = queue_brake").key, "brake");
        assert_eq!(find(&bs, "# nearest agent").key, "blocker");
    }

    #[test]
    fn every_builtin_scenario_has_lines_for_every_term() {
        for name in crate::scenarios::names() {
            let mut s = builtin(name);
            if name == "stress" {
                s.set("agents.count", serde_json::json!(300)).unwrap();
            }
            for _ in 0..20 {
                s.step();
            }
            for i in 0..s.agent_count().min(60) {
                let e = s.explain(i).unwrap();
                for lang in [Lang::En, Lang::Es] {
                    let bs = blocks(lang, &e, s.scenario());
                    for b in &bs[1..bs.len() - 1] {
                        assert!(!b.lines.is_empty(), "{name}: {} has no lines", b.title);
                        // Not the fallback for rules without pseudocode (`desired`, notes, `force`).
                        assert!(b.lines.iter().all(|l| l.code != "force"), "{name}: {} has no pseudocode", b.title);
                    }
                }
            }
        }
    }
}
