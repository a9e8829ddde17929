//! Words in the reader's language. The core returns numbers ([`Readout`], the draw list's legend
//! rows and label keys); this module writes them as text in English or Spanish (the tutorials are
//! Spanish). It is plain Rust, used by the web shell and tested natively; the interface strings of
//! the widgets (buttons, toggles) are in `web::i18n`.

use crate::sim::behaviours::{Readout, Val};
use crate::sim::draw::LegendRow;
use crate::sim::text::Fixed;
use std::fmt::Write;

pub mod pseudo;

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
        "one_shot" => lang.pick("one-shot", "una vez"),
        "loop" => lang.pick("loop", "bucle"),
        "ping_pong" => lang.pick("ping-pong", "ida y vuelta"),
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
                    "{} waypoints ({}) · distancia al camino {d} (tubo {}) · predicciones fuera: {}",
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
        // Steering basics (issue 24).
        "seek" => {
            if es {
                format!(
                    "distancia al objetivo {} px · velocidad {} px/s · fuerza de steering {} px/s²",
                    v("distance"),
                    v("speed"),
                    v("steer")
                )
            } else {
                format!(
                    "distance to the target {} px · speed {} px/s · steering force {} px/s²",
                    v("distance"),
                    v("speed"),
                    v("steer")
                )
            }
        }
        "flee" => {
            if es {
                format!(
                    "{} de {} dentro del radio de pánico ({} px) · el más cercano, a {} px de la amenaza",
                    v("inside"),
                    v("agents"),
                    v("panic_radius"),
                    v("nearest")
                )
            } else {
                format!(
                    "{} of {} inside the panic radius ({} px) · the nearest {} px from the threat",
                    v("inside"),
                    v("agents"),
                    v("panic_radius"),
                    v("nearest")
                )
            }
        }
        "arrive" => {
            if es {
                format!(
                    "distancia {} px · velocidad {} px/s (deseada {}) · se pasó {} px",
                    v("distance"),
                    v("speed"),
                    v("desired_speed"),
                    v("overshoot")
                )
            } else {
                format!(
                    "distance {} px · speed {} px/s (desired {}) · overshoot {} px",
                    v("distance"),
                    v("speed"),
                    v("desired_speed"),
                    v("overshoot")
                )
            }
        }
        "pursuit" => {
            let mean = match r.get("mean_time") {
                Some(Val::Num(..)) => format!("{} s", v("mean_time")),
                _ => "—".to_string(),
            };
            if es {
                format!(
                    "predicción T = {} s · capturas {} · tiempo medio hasta una captura {mean}",
                    v("look_ahead"),
                    v("catches")
                )
            } else {
                format!("look-ahead T = {} s · catches {} · mean time to a catch {mean}", v("look_ahead"), v("catches"))
            }
        }
        "evade" => {
            if es {
                format!(
                    "del cazador a su presa {} px · evadiendo {} · capturas {}",
                    v("distance"),
                    v("evading"),
                    v("caught")
                )
            } else {
                format!("hunter to its prey {} px · evading {} · caught {}", v("distance"), v("evading"), v("caught"))
            }
        }
        "wander" => {
            if es {
                format!(
                    "objetivo a {}° en el círculo · jitter ±{}° por paso · velocidad {} px/s",
                    v("angle"),
                    v("jitter"),
                    v("speed")
                )
            } else {
                format!(
                    "target at {}° on the circle · jitter ±{}° a step · speed {} px/s",
                    v("angle"),
                    v("jitter"),
                    v("speed")
                )
            }
        }
        "obstacle_avoidance" => {
            if es {
                format!(
                    "{} obstáculos · {} agentes esquivando uno · lo más cerca de una superficie: {} px",
                    v("obstacles"),
                    v("avoiding"),
                    v("closest")
                )
            } else {
                format!(
                    "{} obstacles · {} agents steering round one · closest to a surface: {} px",
                    v("obstacles"),
                    v("avoiding"),
                    v("closest")
                )
            }
        }
        "containment" => {
            if es {
                format!(
                    "{} de {} agentes con un sensor cruzando una pared · fuera de las paredes: {}",
                    v("touching"),
                    v("agents"),
                    v("outside")
                )
            } else {
                format!(
                    "{} of {} agents with a feeler across a wall · outside the walls: {}",
                    v("touching"),
                    v("agents"),
                    v("outside")
                )
            }
        }
        "flow_field" => {
            if es {
                format!(
                    "campo de {}×{} celdas de {} px · semilla cambiada {} veces · alineación con el campo {}",
                    v("cols"),
                    v("rows"),
                    v("resolution"),
                    v("reseeds"),
                    v("alignment")
                )
            } else {
                format!(
                    "field of {}×{} cells of {} px · reseeded {} times · alignment with the field {}",
                    v("cols"),
                    v("rows"),
                    v("resolution"),
                    v("reseeds"),
                    v("alignment")
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

/// The HUD of the scenarios that ask for one: frames per second, the step's and the drawing's
/// milliseconds, the agents.
pub fn hud(lang: Lang, fps: f64, step_ms: f64, draw_ms: f64, agents: usize) -> String {
    let (step, draw, agents_w) = match lang {
        Lang::En => ("step", "draw", "agents"),
        Lang::Es => ("paso", "dibujo", "agentes"),
    };
    format!(
        "{} fps · {step} {} ms · {draw} {} ms · {agents} {agents_w}",
        Fixed(fps, 0),
        Fixed(step_ms, 2),
        Fixed(draw_ms, 2)
    )
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
        "cruise" => "crucero",
        "containment" => "contención",
        "flow" => "flujo",
        "follow" => "seguir al líder",
        "queue" => "cola",
        "tube" => "tubo",
        // seek, arrive, evade, pursuit: the tutorial's own terms.
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
        (Lang::Es, crate::sim::render::CHART_TITLE) => "comprobaciones por paso frente a n",
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let (en, es) = (readout(Lang::En, &r), readout(Lang::Es, &r));
            assert!(!en.contains('_') && !es.contains('_'), "{name}: no sentence yet: {en}");
            assert_ne!(en, es, "{name}");
            for (k, x) in &r.items {
                if let Val::Num(..) | Val::Int(_) = x {
                    let shown = val(Some(*x));
                    assert!(en.contains(&shown) && es.contains(&shown), "{name}: {k} = {shown} missing: {en} / {es}");
                }
            }
        }
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
        assert_eq!(word(Lang::Es, "loop"), "bucle");
    }

    #[test]
    fn the_hud_in_both_languages() {
        assert_eq!(hud(Lang::En, 59.6, 1.234, 0.5, 300), "60 fps · step 1.23 ms · draw 0.50 ms · 300 agents");
        assert_eq!(hud(Lang::Es, 59.6, 1.234, 0.5, 300), "60 fps · paso 1.23 ms · dibujo 0.50 ms · 300 agentes");
    }
}
