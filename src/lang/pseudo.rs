//! The inspector's text: for one agent's [`Explain`], the pseudocode of every rule that steers it —
//! with the chapters' names (`sep`, `count`, `desired = normalize(sep / count) * max_speed`,
//! `force = limit(desired - velocity, max_force)`; steering-iv §5 for follow, queue, waypoints and
//! the tube) — each line with that agent's value at this step. Each behaviour writes its own lines
//! (`Behave::pseudo`, as data: `sim::pseudo`); here its keys become the reader's words, and its
//! values' numbers the reader's (`lang::numbers`: `(1,5; -2,0)` in Spanish); code stays as written.
//!
//! Each line names what it shows by a key of `explain()` (`sum`, `desired`, `steer`, `behind` …),
//! which `sim::inspect::highlight` draws on the canvas.

use super::{fill, rule, Lang, K};
use crate::sim::behaviours::{Readout, Val};
use crate::sim::pseudo::{self as core, Code, Shown};
use crate::sim::report::Explain;
use crate::sim::scenario::Scenario;

pub use crate::sim::pseudo::{num, vec};

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

/// A key's text (the key itself if the module has no such key: a test in the pseudo-language
/// finds it).
fn text(lang: Lang, key: &'static str) -> &'static str {
    lang.lookup(key).unwrap_or(key)
}

/// A line of the core's pseudocode in the reader's words.
fn line(lang: Lang, l: core::Line) -> Line {
    let code = match l.code {
        Code::Code(c) => c,
        Code::Key(k) => text(lang, k),
    };
    let value = match l.value {
        Shown::Text(s) => lang.localize(&s),
        Shown::Word(k) => text(lang, k).to_string(),
    };
    Line { code, value, key: l.key }
}

/// Every block of the inspector for `e`: the agent, each term in the order the controller added
/// them, and the total.
pub fn blocks(lang: Lang, e: &Explain, sc: &Scenario) -> Vec<Block> {
    let code = |code: &'static str, value: String, key: &'static str| Line { code, value, key };
    let mut title = String::new();
    let r = Readout::new("inspector").with("agent", Val::Int(e.agent as i64)).with("step", Val::Int(e.step as i64));
    fill(lang, &r, lang.text(K::InspectorAgent), &mut title);
    let mut out = vec![Block {
        term: None,
        title,
        lines: vec![
            code("self.position", lang.localize(&vec(e.position)), ""),
            code("velocity", lang.localize(&core::vlen(e.velocity)), "velocity"),
            code("max_speed, max_force", lang.localize(&format!("{}, {}", num(e.max_speed), num(e.max_force))), ""),
        ],
    }];
    for (k, c) in e.terms.iter().enumerate() {
        let lines = crate::sim::inspect::lines(sc, c).into_iter().map(|l| line(lang, l)).collect();
        out.push(Block { term: Some(k), title: rule(lang, c.rule).to_string(), lines });
    }
    let mut total = vec![code("force = limit(Σ w * force, max_force)", lang.localize(&core::vlen(e.total)), "total")];
    if let Some(n) = e.checked {
        total.push(code(lang.text(K::PseudoChecked), lang.int(n as i64), ""));
    }
    out.push(Block { term: None, title: lang.text(K::InspectorTotal).to_string(), lines: total });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::pseudo::vlen;
    use crate::sim::steer::Note;
    use crate::sim::Sim;

    fn builtin(name: &str) -> Sim {
        Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap()
    }

    fn find<'a>(bs: &'a [Block], code: &str) -> &'a Line {
        bs.iter().flat_map(|b| &b.lines).find(|l| l.code.starts_with(code)).unwrap_or_else(|| panic!("{code}"))
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
        let es = blocks(Lang::from_tag("es"), &e, s.scenario());
        assert_eq!(es[k + 1].title, "alineación");
        assert_eq!(es[k + 1].lines[0].code, "count = vecinos con distance < perception");
        assert_eq!(es[k + 1].lines[3].code, codes[3]);
        assert_eq!(es[k + 1].lines[5].code, "w  # el peso de la regla");
        assert!(es[0].title.starts_with("agente 0 · paso"));
        // Its values with a decimal comma, a semicolon between a vector's components.
        let sum = t.detail.sum.unwrap();
        assert_eq!(es[k + 1].lines[1].value, Lang::from_tag("es").localize(&vec(sum)));
        assert!(
            es[k + 1].lines[1].value.contains("; ") && !es[k + 1].lines[1].value.contains('.'),
            "{}",
            es[k + 1].lines[1].value
        );
    }

    #[test]
    fn steering_iv_rules_show_their_points_and_choices() {
        let mut s = builtin("follow-leader");
        for _ in 0..90 {
            s.step();
        }
        let e = s.explain(1).unwrap();
        let es = Lang::from_tag("es");
        let bs = blocks(es, &e, s.scenario());
        let titles: Vec<&str> = bs.iter().map(|b| b.title.as_str()).collect();
        assert_eq!(titles, ["agente 1 · paso 90", "evadir", "seguir al líder", "separación", "total"]);
        let f = &e.terms[1];
        let Some((_, Note::Point(behind))) = f.detail.notes.iter().find(|n| n.0 == "behind") else { panic!() };
        assert_eq!(find(&bs, "behind = ").value, es.localize(&vec(*behind)));
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
                for lang in Lang::shipped() {
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
