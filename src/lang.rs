//! Words in the reader's language. The core returns numbers ([`Readout`], the draw list's legend
//! rows and label keys); this module writes them as text in any language whose words were added
//! (`words/<tag>.json`, registered at run time: [`words`]), its numbers as the reader's locale
//! writes them ([`numbers`]). It is plain Rust, used by the web shell and tested natively.

use crate::sim::behaviours::{Readout, Val};
use crate::sim::draw::LegendRow;
use std::fmt::Write;

pub mod numbers;
pub mod pseudo;
pub mod words;

pub use numbers::Numbers;
pub use words::{Lang, K};

/// A readout value as text, its numbers as `lang` writes them.
fn val(lang: Lang, v: Option<Val>) -> String {
    match v {
        Some(Val::Int(n)) => lang.int(n),
        Some(Val::Num(x, d)) => lang.num(x, d as u32),
        Some(Val::Word(w)) => w.to_string(),
        Some(Val::Bool(b)) => if b { "true" } else { "false" }.to_string(),
        Some(Val::None) | None => "—".to_string(),
    }
}

/// Identifiers the core uses as values (variants, modes), in the reader's language (`word.<id>`).
pub fn word(lang: Lang, w: &str) -> String {
    match lang.lookup_in("word.", w) {
        Some(t) => t.to_string(),
        None => w.to_string(),
    }
}

/// The readout line under a canvas.
pub fn readout(lang: Lang, r: &Readout) -> String {
    let Some(template) = lang.lookup_in("readout.", r.kind) else {
        // A behaviour without a sentence yet: its keys and values.
        let mut s = String::new();
        for (k, x) in &r.items {
            if !s.is_empty() {
                s.push_str(" · ");
            }
            let _ = write!(s, "{} {}", k.replace('_', " "), val(lang, Some(*x)));
        }
        return s;
    };
    let mut out = String::new();
    fill(lang, r, template, &mut out);
    out
}

/// Write `template` with the values of `r` (the template language: docs/words.md); false if a key
/// had no value.
fn fill(lang: Lang, r: &Readout, template: &str, out: &mut String) -> bool {
    let mut complete = true;
    let mut rest = template;
    // (Byte searches: '{', '[', '}', ']', ':', '?', '~' are ASCII, never inside a character of
    // several bytes. `str::find` with a set of chars tests each character against the set: in the
    // module at opt-level "s" it was most of this function's time.)
    while let Some(i) = rest.bytes().position(|b| b == b'{' || b == b'[') {
        out.push_str(&rest[..i]);
        let open = rest.as_bytes()[i];
        let close = if open == b'{' { b'}' } else { b']' };
        let Some(j) = rest.as_bytes()[i..].iter().position(|&b| b == close).map(|j| i + j) else { break };
        let inner = &rest[i + 1..j];
        rest = &rest[j + 1..];
        if open == b'[' {
            let (text, other) = inner.split_once('|').unwrap_or((inner, ""));
            let mut part = String::new();
            out.push_str(if fill(lang, r, text, &mut part) { &part } else { other });
            continue;
        }
        let (key, how) = match inner.bytes().position(|b| matches!(b, b':' | b'?' | b'~')) {
            Some(k) => (&inner[..k], &inner[k..]),
            None => (inner, ""),
        };
        let v = r.get(key).filter(|v| *v != Val::None);
        complete &= v.is_some();
        match (how.as_bytes().first(), v) {
            (Some(b'?'), v) => {
                let (yes, no) = how[1..].split_once('|').unwrap_or((&how[1..], ""));
                out.push_str(if v == Some(Val::Bool(true)) { yes } else { no });
            }
            (Some(b':'), Some(Val::Int(n))) if n >= 0 => {
                out.push('+');
                out.push_str(&lang.int(n));
            }
            (Some(b'~'), Some(Val::Word(w))) => out.push_str(&word(lang, w)),
            (_, v) => out.push_str(&val(lang, v)),
        }
    }
    out.push_str(rest);
    complete
}

/// The HUD of the scenarios that ask for one: frames per second, the step's and the drawing's
/// milliseconds, the agents.
pub fn hud(lang: Lang, fps: f64, step_ms: f64, draw_ms: f64, agents: usize) -> String {
    let r = Readout::new("hud")
        .with("fps", Val::Num(fps, 0))
        .with("step_ms", Val::Num(step_ms, 2))
        .with("draw_ms", Val::Num(draw_ms, 2))
        .with("agents", Val::Int(agents as i64));
    let mut out = String::new();
    fill(lang, &r, lang.text(K::Hud), &mut out);
    out
}

/// A rule's name (the controller's contribution names) in the reader's language (`rule.<id>`).
pub fn rule(lang: Lang, rule: &str) -> &str {
    lang.lookup_in("rule.", rule).unwrap_or(rule)
}

/// One row of the force legend.
pub fn legend(lang: Lang, row: &LegendRow) -> String {
    let r = match *row {
        LegendRow::Rule { rule: id, weight, magnitude, .. } => Readout::new("legend")
            .with("rule", Val::Word(rule(lang, id)))
            .with("weight", Val::Num(weight as f64, 2))
            .with("magnitude", Val::Num(magnitude as f64, 0)),
        LegendRow::Total { magnitude, clipped } => {
            Readout::new("legend").with("magnitude", Val::Num(magnitude as f64, 0)).with("clipped", Val::Bool(clipped))
        }
    };
    let template = match row {
        LegendRow::Rule { .. } => lang.text(K::LegendRule),
        LegendRow::Total { .. } => lang.text(K::LegendTotal),
    };
    let mut out = String::new();
    fill(lang, &r, template, &mut out);
    out
}

/// A label the draw list carries: a word key (the chart's title, the direction of travel) in
/// the reader's language, or a number as it is.
pub fn canvas_text(lang: Lang, text: &str) -> &str {
    lang.lookup(text).unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es() -> Lang {
        Lang::from_tag("es")
    }

    /// Every text the canvas draws, in every built-in scenario (all overlays on, an agent
    /// selected, ping-pong paths, over a few hundred steps), is a word key or a number.
    #[test]
    fn every_canvas_text_is_a_word_key_or_a_number() {
        use crate::sim::draw::Overlays;
        use crate::sim::render::Renderer;
        use crate::sim::Sim;
        let mut seen = std::collections::BTreeSet::new();
        for name in crate::scenarios::names() {
            for mode in [None, Some("ping_pong")] {
                let mut sim = Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap();
                if let Some(m) = mode {
                    if sim.set("path.mode", serde_json::json!(m)).is_err() {
                        continue;
                    }
                }
                sim.selected = Some(0);
                let mut r = Renderer::new();
                for step in 0..400 {
                    if step % 40 == 0 {
                        let list = r.build(&sim, Overlays(u32::MAX));
                        for c in &list.cmds {
                            if let crate::sim::draw::Shape::Text { start, len, .. } = c.shape {
                                seen.insert(list.text_of(start, len).to_string());
                            }
                        }
                    }
                    sim.step();
                }
            }
        }
        assert!(seen.contains("canvas.dir_plus") || seen.contains("canvas.dir_minus"), "the ping-pong label: {seen:?}");
        for t in &seen {
            let number = t.chars().all(|c| c.is_ascii_digit());
            assert!(number || Lang::En.lookup(t).is_some(), "canvas text {t:?} is not a word key");
        }
    }

    #[test]
    fn unknown_readouts_still_read() {
        let r = Readout::new("wander_demo").with("mean_speed", Val::Num(12.345, 1)).with("agents", Val::Int(3));
        assert_eq!(readout(Lang::En, &r), "mean speed 12.3 · agents 3");
    }

    /// Every steering-basics canvas has its sentence in both languages: every key it reads is
    /// there, none is left as "—", and the Spanish line is not the English one.
    #[test]
    fn the_steering_basics_readouts_have_sentences() {
        for name in
            ["seek", "flee", "arrive", "pursuit", "evade", "wander", "obstacle-avoidance", "containment", "flow-field"]
        {
            let mut sim = crate::sim::Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap();
            for _ in 0..30 {
                sim.step();
            }
            let r = sim.readout();
            assert_eq!(r.kind, name.replace('-', "_"), "{name}");
            let (en, es) = (readout(Lang::En, &r), readout(es(), &r));
            assert!(!en.contains('_') && !es.contains('_'), "{name}: no sentence yet: {en}");
            assert_ne!(en, es, "{name}");
            for (k, x) in &r.items {
                if let Val::Num(..) | Val::Int(_) = x {
                    let (shown_en, shown_es) = (val(Lang::En, Some(*x)), val(self::es(), Some(*x)));
                    assert!(
                        en.contains(&shown_en) && es.contains(&shown_es),
                        "{name}: {k} = {shown_en} missing: {en} / {es}"
                    );
                }
            }
        }
    }

    #[test]
    fn sentences_fill_their_values() {
        let flock = Readout::new("flock")
            .with("agents", Val::Int(120))
            .with("polarisation", Val::Num(0.873, 2))
            .with("mean_neighbours", Val::Num(12.34, 1))
            .with("checks", Val::Int(3456));
        assert_eq!(
            readout(Lang::En, &flock),
            "120 agents · polarisation 0.87 · mean neighbours 12.3 · 3,456 distance checks/step"
        );
        let fed = flock.clone().with("food_eaten", Val::Int(2));
        assert_eq!(
            readout(es(), &fed),
            "120 agentes · polarización 0,87 · vecinos medios 12,3 · 3456 comprobaciones/paso · comida consumida 2"
        );
        let q = |on| {
            Readout::new("queue")
                .with("braking_enabled", Val::Bool(on))
                .with("throughput", Val::Num(1.234, 2))
                .with("overlaps", Val::Int(0))
                .with("mean_overlaps", Val::Num(0.2, 2))
                .with("braking", Val::Int(3))
                .with("through", Val::Int(9))
        };
        assert_eq!(
            readout(Lang::En, &q(false)),
            "braking off · throughput 1.23 agents/s · overlaps 0 (mean 0.20) · braking 3 · through 9"
        );
        assert!(readout(es(), &q(true)).starts_with("freno activado · flujo 1,23 agentes/s"));
        let wp = |d| {
            Readout::new("path_waypoints")
                .with("active", Val::Int(2))
                .with("waypoints", Val::Int(5))
                .with("mode", Val::Word("ping_pong"))
                .with("direction", Val::Int(d))
        };
        assert_eq!(readout(Lang::En, &wp(1)), "active waypoint 2 of 5 · mode ping-pong · direction +1");
        assert_eq!(readout(Lang::En, &wp(-1)), "active waypoint 2 of 5 · mode ping-pong · direction -1");
        let tube = |d| {
            Readout::new("path_tube")
                .with("waypoints", Val::Int(4))
                .with("mode", Val::Word("loop"))
                .with("distance", d)
                .with("tube_radius", Val::Num(20.0, 0))
                .with("outside", Val::Int(1))
        };
        assert_eq!(
            readout(Lang::En, &tube(Val::Num(3.25, 1))),
            "4 waypoints (loop) · distance to the path 3.2 px (tube 20) · predictions outside: 1"
        );
        assert_eq!(
            readout(es(), &tube(Val::None)),
            "4 waypoints (bucle) · distancia al camino — (tubo 20) · predicciones fuera: 1"
        );
        let fl = Readout::new("follow_leader")
            .with("followers", Val::Int(8))
            .with("variant", Val::Word("squad"))
            .with("mean_target_distance", Val::Num(4.56, 1))
            .with("in_ahead_zone", Val::Int(0));
        assert_eq!(
            readout(es(), &fl),
            "8 seguidores (escuadrón) · distancia media a su punto 4,6 px · en la zona prohibida: 0"
        );
        // Every kind has both sentences, and every key a sentence names is one its readout has.
        for k in words::KEYS.iter().filter(|k| k.starts_with("readout.")) {
            let (en, es) = (Lang::En.lookup(k).unwrap(), es().lookup(k).unwrap());
            assert!(!en.is_empty() && !es.is_empty() && en != es, "{k}");
        }
    }

    #[test]
    fn spanish_words_for_the_core_identifiers() {
        assert_eq!(word(es(), "squad"), "escuadrón");
        assert_eq!(word(Lang::En, "squad"), "squad");
        assert_eq!(rule(es(), "separation"), "separación");
        let row = LegendRow::Rule {
            style: crate::sim::draw::Style::ForceCohesion,
            rule: "cohesion",
            weight: 1.0,
            magnitude: 41.6,
        };
        assert_eq!(legend(es(), &row), "cohesión ×1,00 → 42");
        assert_eq!(legend(Lang::from_tag("fr"), &row), "cohésion ×1,00 → 42");
        assert_eq!(
            legend(Lang::En, &LegendRow::Total { magnitude: 192.0, clipped: true }),
            "total 192 (truncated to max_force)"
        );
        assert_eq!(legend(Lang::En, &LegendRow::Total { magnitude: 80.0, clipped: false }), "total 80");
        assert_eq!(legend(es(), &LegendRow::Total { magnitude: 80.0, clipped: false }), "total 80");
        assert_eq!(word(es(), "loop"), "bucle");
    }

    #[test]
    fn the_hud_in_both_languages() {
        assert_eq!(hud(Lang::En, 59.6, 1.234, 0.5, 300), "60 fps · step 1.23 ms · draw 0.50 ms · 300 agents");
        assert_eq!(hud(es(), 59.6, 1.234, 0.5, 300), "60 fps · paso 1,23 ms · dibujo 0,50 ms · 300 agentes");
        assert_eq!(hud(Lang::En, 59.6, 1.234, 0.5, 12000), "60 fps · step 1.23 ms · draw 0.50 ms · 12,000 agents");
        assert_eq!(hud(es(), 59.6, 1.234, 0.5, 12000), "60 fps · paso 1,23 ms · dibujo 0,50 ms · 12.000 agentes");
    }
    /// Every behaviour's type names its main term (legend, inspector): each has `rule.<type>`.
    #[test]
    fn every_behaviour_has_its_name_in_the_words() {
        for kind in crate::sim::behaviours::KINDS {
            assert!(Lang::En.lookup(&format!("rule.{kind}")).is_some(), "no rule.{kind} in words/en.json");
        }
    }

    /// The pseudo-language test, for every shipped language: a throw-away language `qps` whose
    /// every text is that language's in ⟦ ⟧ (and its numbers written its way), so a letter left
    /// outside ⟦ ⟧ is a word that did not come from the words files. For every built-in scenario
    /// (all overlays on, an agent selected, a path in both modes, over a few hundred steps): the
    /// readout (the scenario's own and the spatial-hash one), the legend rows, the canvas labels,
    /// the inspector's blocks (titles, values and comments; code as the tutorials write it is
    /// exempt, but a comment in it must come from the words), the HUD and the SVG still's text
    /// (its title: the built-ins' titles are words, `scenario.*`). An author's own texts (a title
    /// that is no words key, the scenario's name) are their data, not the words files': exempt.
    #[test]
    fn every_word_shown_comes_from_the_words_files() {
        use crate::sim::draw::Overlays;
        use crate::sim::render::Renderer;
        use crate::sim::Sim;
        let langs: Vec<Lang> = Lang::shipped().collect();
        let qps = Lang::from_tag("qps");
        assert_eq!(qps.tag(), "qps");
        let speak = |l: Lang| {
            let mut texts: Vec<(&str, String)> =
                words::ALL.iter().map(|&k| (words::KEYS[k as usize], format!("⟦{}⟧", l.text(k)))).collect();
            // The built-in scenarios' texts (`scenario.*`, named by their titles and labels).
            let file = words::SHIPPED.iter().find(|(t, _)| *t == l.tag()).map_or("{}", |(_, f)| *f);
            let all: std::collections::BTreeMap<&str, String> = serde_json::from_str(file).unwrap();
            texts.extend(all.iter().filter(|(k, _)| k.starts_with("scenario.")).map(|(k, v)| (*k, format!("⟦{v}⟧"))));
            Lang::add_words("qps", texts.iter().map(|(k, t)| (*k, t.as_str())));
            let n = l.numbers();
            qps.set_numbers(n.decimal, n.group, n.min_group, n.minus);
        };
        /// What is left of `s` outside the (nested) ⟦ ⟧ spans.
        fn outside(s: &str) -> String {
            let mut depth = 0usize;
            let mut out = String::new();
            for c in s.chars() {
                match c {
                    '⟦' => depth += 1,
                    '⟧' => depth = depth.saturating_sub(1),
                    c if depth == 0 => out.push(c),
                    _ => {}
                }
            }
            out
        }
        let check = |what: &str, s: &str| {
            let rest = outside(s);
            assert!(!rest.chars().any(char::is_alphabetic), "{what}: {s:?}: words not from the words files: {rest:?}");
        };
        let mut seen = 0usize;
        for name in crate::scenarios::names() {
            for mode in [None, Some("ping_pong")] {
                let mut sim = Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap();
                if let Some(m) = mode {
                    if sim.set("path.mode", serde_json::json!(m)).is_err() {
                        continue;
                    }
                }
                if name == "stress" {
                    sim.set("agents.count", serde_json::json!(300)).unwrap();
                }
                sim.selected = crate::sim::inspect::default_agent(&sim);
                let ov = Overlays(u32::MAX);
                let mut r = Renderer::new();
                for step in 0..240 {
                    for &l in langs.iter().filter(|_| step % 60 == 0) {
                        speak(l);
                        let at = format!("{}: {name} {mode:?} step {step}", l.tag());
                        let list = r.build(&sim, ov);
                        for c in &list.cmds {
                            if let crate::sim::draw::Shape::Text { start, len, .. } = c.shape {
                                check(&format!("{at}: canvas label"), canvas_text(qps, list.text_of(start, len)));
                            }
                        }
                        for row in &list.legend {
                            check(&format!("{at}: legend"), &legend(qps, row));
                        }
                        check(&format!("{at}: readout"), &readout(qps, &r.readout(&sim, ov)));
                        check(&format!("{at}: readout"), &readout(qps, &r.readout(&sim, Overlays::default())));
                        check(&format!("{at}: HUD"), &hud(qps, 60.0, 1.25, 0.5, sim.agent_count()));
                        let e = sim.explain(sim.selected.unwrap()).unwrap();
                        for b in pseudo::blocks(qps, &e, sim.scenario()) {
                            check(&format!("{at}: inspector title"), &b.title);
                            for l in &b.lines {
                                if !l.code.starts_with('⟦') {
                                    assert!(
                                        !l.code.contains('#'),
                                        "{at}: a comment not from the words files: {:?}",
                                        l.code
                                    );
                                }
                                check(&format!("{at}: inspector value of {:?}", l.code), &l.value);
                                seen += 1;
                            }
                        }
                        let svg = crate::svg::still(&sim, &mut Renderer::new(), ov, &crate::sim::palette::LIGHT, qps);
                        // The text between tags (not the markup), less the scenario's own title.
                        let sc = sim.scenario();
                        let mut text = String::new();
                        for part in svg.split('>').skip(1) {
                            text.push_str(part.split('<').next().unwrap_or(""));
                            text.push(' ');
                        }
                        let own_title = if sc.title.key().is_some() { "" } else { sc.title_in(qps.tag()) };
                        for own in [own_title, &sc.name] {
                            if !own.is_empty() {
                                text = text.replace(own, "");
                            }
                        }
                        for entity in ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"] {
                            text = text.replace(entity, "");
                        }
                        check(&format!("{at}: SVG still"), &text);
                    }
                    sim.step();
                }
            }
        }
        assert!(seen > 500, "the inspector showed {seen} lines");
    }
}
