//! Words in the reader's language. The core returns numbers ([`Readout`], the draw list's legend
//! rows and label keys); this module writes them as text in English or Spanish (the tutorials are
//! Spanish). It is plain Rust, used by the web shell and tested natively; the interface strings of
//! the widgets (buttons, toggles) are in `web::i18n`.

use crate::sim::behaviours::{Readout, Val};
use crate::sim::draw::LegendRow;
use crate::sim::text::Fixed;
use std::fmt::Write;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
}

impl Lang {
    /// `"es"`, `"es-MX"` … are Spanish; everything else is English.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("es") {
            Lang::Es
        } else {
            Lang::En
        }
    }

    /// The BCP 47 tag.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    fn pick(self, en: &'static str, es: &'static str) -> &'static str {
        match self {
            Lang::En => en,
            Lang::Es => es,
        }
    }
}

/// A readout value as text.
fn val(v: Option<Val>) -> String {
    match v {
        Some(Val::Int(n)) => n.to_string(),
        Some(Val::Num(x, d)) => Fixed(x, d as u32).to_string(),
        Some(Val::Word(w)) => w.to_string(),
        Some(Val::Bool(b)) => if b { "true" } else { "false" }.to_string(),
        Some(Val::None) | None => "—".to_string(),
    }
}

/// Identifiers the core uses as values (variants, modes), in the reader's language.
pub fn word(lang: Lang, w: &str) -> String {
    let t = match w {
        "single" => lang.pick("single point", "punto único"),
        "v" => "V",
        "column" => lang.pick("column", "columna"),
        "squad" => lang.pick("squad", "escuadrón"),
        "dynamic" => lang.pick("dynamic slots", "slots dinámicos"),
        "prediction" => lang.pick("prediction", "predicción"),
        "one_shot" => "one-shot",
        "loop" => "loop",
        "ping_pong" => "ping-pong",
        _ => return w.to_string(),
    };
    t.to_string()
}

/// The readout line under a canvas.
pub fn readout(lang: Lang, r: &Readout) -> String {
    let v = |k: &str| val(r.get(k));
    let w = |k: &str| match r.get(k) {
        Some(Val::Word(x)) => word(lang, x),
        other => val(other),
    };
    let es = lang == Lang::Es;
    match r.kind {
        "flock" => {
            let mut s = if es {
                format!(
                    "{} agentes · polarización {} · vecinos medios {} · {} comprobaciones/paso",
                    v("agents"),
                    v("polarisation"),
                    v("mean_neighbours"),
                    v("checks")
                )
            } else {
                format!(
                    "{} agents · polarisation {} · mean neighbours {} · {} distance checks/step",
                    v("agents"),
                    v("polarisation"),
                    v("mean_neighbours"),
                    v("checks")
                )
            };
            if r.get("food_eaten").is_some() {
                let _ = write!(s, " · {} {}", lang.pick("food eaten", "comida consumida"), v("food_eaten"));
            }
            s
        }
        "spatial_hash" => {
            if es {
                format!(
                    "yo: {} comprobaciones de distancia (ingenuo: {}) · toda la bandada: {} comprobaciones en este paso frente a n·(n−1) = {} → {}× menos",
                    v("self_checks"),
                    v("self_naive"),
                    v("checks"),
                    v("naive"),
                    v("ratio")
                )
            } else {
                format!(
                    "self: {} distance checks (naive: {}) · whole flock: {} checks this step vs naive n·(n−1) = {} → {}× fewer",
                    v("self_checks"),
                    v("self_naive"),
                    v("checks"),
                    v("naive"),
                    v("ratio")
                )
            }
        }
        "follow_leader" => {
            if es {
                format!(
                    "{} seguidores ({}) · distancia media a su punto {} px · en la zona prohibida: {}",
                    v("followers"),
                    w("variant"),
                    v("mean_target_distance"),
                    v("in_ahead_zone")
                )
            } else {
                format!(
                    "{} followers ({}) · mean distance to their point {} px · in the forbidden zone: {}",
                    v("followers"),
                    w("variant"),
                    v("mean_target_distance"),
                    v("in_ahead_zone")
                )
            }
        }
        "queue" => {
            let on = matches!(r.get("braking_enabled"), Some(Val::Bool(true)));
            if es {
                format!(
                    "{} · flujo {} agentes/s · solapamientos {} (media {}) · frenando {} · han pasado {}",
                    if on { "freno activado" } else { "freno desactivado" },
                    v("throughput"),
                    v("overlaps"),
                    v("mean_overlaps"),
                    v("braking"),
                    v("through")
                )
            } else {
                format!(
                    "{} · throughput {} agents/s · overlaps {} (mean {}) · braking {} · through {}",
                    if on { "braking on" } else { "braking off" },
                    v("throughput"),
                    v("overlaps"),
                    v("mean_overlaps"),
                    v("braking"),
                    v("through")
                )
            }
        }
        "path_waypoints" => {
            let dir = if r.num("direction").unwrap_or(1.0) < 0.0 { "-1" } else { "+1" };
            if es {
                format!("waypoint activo {} de {} · modo {} · dirección {dir}", v("active"), v("waypoints"), w("mode"))
            } else {
                format!("active waypoint {} of {} · mode {} · direction {dir}", v("active"), v("waypoints"), w("mode"))
            }
        }
        "path_tube" => {
            let d = match r.get("distance") {
                Some(Val::Num(..)) => format!("{} px", v("distance")),
                _ => "—".to_string(),
            };
            if es {
                format!(
                    "{} waypoints ({}) · distancia al path {d} (tubo {}) · predicciones fuera: {}",
                    v("waypoints"),
                    w("mode"),
                    v("tube_radius"),
                    v("outside")
                )
            } else {
                format!(
                    "{} waypoints ({}) · distance to the path {d} (tube {}) · predictions outside: {}",
                    v("waypoints"),
                    w("mode"),
                    v("tube_radius"),
                    v("outside")
                )
            }
        }
        // A behaviour without a sentence here yet: its keys and values.
        _ => {
            let mut s = String::new();
            for (k, x) in &r.items {
                if !s.is_empty() {
                    s.push_str(" · ");
                }
                let _ = write!(s, "{} {}", k.replace('_', " "), val(Some(*x)));
            }
            s
        }
    }
}

/// A rule's name (the controller's contribution names) in the reader's language.
pub fn rule(lang: Lang, rule: &str) -> &str {
    if lang == Lang::En {
        return rule;
    }
    match rule {
        "separation" => "separación",
        "alignment" => "alineación",
        "cohesion" => "cohesión",
        "wander" => "deambular",
        "flee" => "huir",
        "avoid" => "evitar",
        "food" => "comida",
        "edges" => "bordes",
        "correction" => "corrección",
        "path" => "path",
        // seek, arrive, evade: the tutorial's own terms.
        other => other,
    }
}

/// One row of the force legend.
pub fn legend(lang: Lang, row: &LegendRow) -> String {
    match *row {
        LegendRow::Rule { rule: r, weight, magnitude, .. } => {
            format!("{} ×{} → {}", rule(lang, r), Fixed(weight as f64, 2), Fixed(magnitude as f64, 0))
        }
        LegendRow::Total { magnitude } => {
            format!(
                "{} {} ({})",
                lang.pick("total", "total"),
                Fixed(magnitude as f64, 0),
                lang.pick("truncated to max_force", "limitado a max_force")
            )
        }
    }
}

/// A label the draw list carries (a key like the chart's title, or a number), in the reader's
/// language.
pub fn canvas_text(lang: Lang, text: &str) -> &str {
    match (lang, text) {
        // (Short enough for the chart's frame on a 640 px world.)
        (Lang::Es, crate::sim::render::CHART_TITLE) => "comprobaciones/paso frente a n",
        // Ping-pong waypoints: the direction of travel along the path (the readout's "dirección").
        (Lang::Es, "dir +1") => "sentido +1",
        (Lang::Es, "dir -1") => "sentido −1",
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text the canvas draws, in every built-in scenario (all overlays on, an agent
    /// selected, ping-pong paths, over a few hundred steps), has its Spanish words: it is a key
    /// `canvas_text` translates or a number.
    #[test]
    fn every_canvas_text_has_its_spanish() {
        use crate::sim::render::{Overlays, Renderer};
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
        assert!(seen.contains("dir +1") || seen.contains("dir -1"), "the ping-pong label was drawn: {seen:?}");
        for t in &seen {
            let es = canvas_text(Lang::Es, t);
            let number = t.chars().all(|c| c.is_ascii_digit());
            assert!(number || es != t, "canvas text {t:?} has no Spanish");
        }
    }

    #[test]
    fn unknown_readouts_still_read() {
        let r = Readout::new("wander_demo").with("mean_speed", Val::Num(12.345, 1)).with("agents", Val::Int(3));
        assert_eq!(readout(Lang::En, &r), "mean speed 12.3 · agents 3");
    }

    #[test]
    fn spanish_words_for_the_core_identifiers() {
        assert_eq!(word(Lang::Es, "squad"), "escuadrón");
        assert_eq!(word(Lang::En, "squad"), "squad");
        assert_eq!(rule(Lang::Es, "separation"), "separación");
        let row = LegendRow::Rule {
            style: crate::sim::draw::Style::ForceCohesion,
            rule: "cohesion",
            weight: 1.0,
            magnitude: 41.6,
        };
        assert_eq!(legend(Lang::Es, &row), "cohesión ×1.00 → 42");
        assert_eq!(legend(Lang::En, &LegendRow::Total { magnitude: 192.0 }), "total 192 (truncated to max_force)");
    }
}
