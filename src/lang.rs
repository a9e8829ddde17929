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

/// The readout line's sentence of each kind, in English and Spanish. In a template, `{key}` is the
/// value under that key, `{key:+}` a number with its sign, `{key?yes|no}` a boolean as one of two
/// words, `{key~}` an identifier in the reader's words ([`word`]); `[text|other]` is `text` when
/// every key in it has a value, else `other` (which may be empty).
const SENTENCES: &[(&str, &str, &str)] = &[
    (
        "flock",
        "{agents} agents · polarisation {polarisation} · mean neighbours {mean_neighbours} · {checks} distance checks/step[ · food eaten {food_eaten}|]",
        "{agents} agentes · polarización {polarisation} · vecinos medios {mean_neighbours} · {checks} comprobaciones/paso[ · comida consumida {food_eaten}|]",
    ),
    (
        "spatial_hash",
        "self: {self_checks} distance checks (naive: {self_naive}) · whole flock: {checks} checks this step vs naive n·(n−1) = {naive} → {ratio}× fewer",
        "yo: {self_checks} comprobaciones de distancia (ingenuo: {self_naive}) · toda la bandada: {checks} comprobaciones en este paso frente a n·(n−1) = {naive} → {ratio}× menos",
    ),
    (
        "follow_leader",
        "{followers} followers ({variant~}) · mean distance to their point {mean_target_distance} px · in the forbidden zone: {in_ahead_zone}",
        "{followers} seguidores ({variant~}) · distancia media a su punto {mean_target_distance} px · en la zona prohibida: {in_ahead_zone}",
    ),
    (
        "queue",
        "{braking_enabled?braking on|braking off} · throughput {throughput} agents/s · overlaps {overlaps} (mean {mean_overlaps}) · braking {braking} · through {through}",
        "{braking_enabled?freno activado|freno desactivado} · flujo {throughput} agentes/s · solapamientos {overlaps} (media {mean_overlaps}) · frenando {braking} · han pasado {through}",
    ),
    (
        "path_waypoints",
        "active waypoint {active} of {waypoints} · mode {mode~} · direction {direction:+}",
        "waypoint activo {active} de {waypoints} · modo {mode~} · dirección {direction:+}",
    ),
    (
        "path_tube",
        "{waypoints} waypoints ({mode~}) · distance to the path [{distance} px|—] (tube {tube_radius}) · predictions outside: {outside}",
        "{waypoints} waypoints ({mode~}) · distancia al path [{distance} px|—] (tubo {tube_radius}) · predicciones fuera: {outside}",
    ),
    (
        "seek",
        "distance to the target {distance} px · speed {speed} px/s · steering force {steer} px/s²",
        "distancia al objetivo {distance} px · velocidad {speed} px/s · fuerza de steering {steer} px/s²",
    ),
    (
        "flee",
        "{inside} of {agents} inside the panic radius ({panic_radius} px) · the nearest {nearest} px from the threat",
        "{inside} de {agents} dentro del radio de pánico ({panic_radius} px) · el más cercano, a {nearest} px de la amenaza",
    ),
    (
        "arrive",
        "distance {distance} px · speed {speed} px/s (desired {desired_speed}) · overshoot {overshoot} px",
        "distancia {distance} px · velocidad {speed} px/s (deseada {desired_speed}) · se pasó {overshoot} px",
    ),
    (
        "pursuit",
        "look-ahead T = {look_ahead} s · catches {catches} · mean time to a catch [{mean_time} s|—]",
        "predicción T = {look_ahead} s · capturas {catches} · tiempo medio hasta una captura [{mean_time} s|—]",
    ),
    (
        "evade",
        "hunter to its prey {distance} px · evading {evading} · caught {caught}",
        "del cazador a su presa {distance} px · evadiendo {evading} · capturas {caught}",
    ),
    (
        "wander",
        "target at {angle}° on the circle · jitter ±{jitter}° a step · speed {speed} px/s",
        "objetivo a {angle}° en el círculo · jitter ±{jitter}° por paso · velocidad {speed} px/s",
    ),
    (
        "obstacle_avoidance",
        "{obstacles} obstacles · {avoiding} agents steering round one · closest to a surface: {closest} px",
        "{obstacles} obstáculos · {avoiding} agentes esquivando uno · lo más cerca de una superficie: {closest} px",
    ),
    (
        "containment",
        "{touching} of {agents} agents with a feeler across a wall · outside the walls: {outside}",
        "{touching} de {agents} agentes con un sensor cruzando una pared · fuera de las paredes: {outside}",
    ),
    (
        "flow_field",
        "field of {cols}×{rows} cells of {resolution} px · reseeded {reseeds} times · alignment with the field {alignment}",
        "campo de {cols}×{rows} celdas de {resolution} px · semilla cambiada {reseeds} veces · alineación con el campo {alignment}",
    ),
];

/// The readout line under a canvas.
pub fn readout(lang: Lang, r: &Readout) -> String {
    let Some(&(_, en, es)) = SENTENCES.iter().find(|(k, _, _)| *k == r.kind) else {
        // A behaviour without a sentence yet: its keys and values.
        let mut s = String::new();
        for (k, x) in &r.items {
            if !s.is_empty() {
                s.push_str(" · ");
            }
            let _ = write!(s, "{} {}", k.replace('_', " "), val(Some(*x)));
        }
        return s;
    };
    let mut out = String::new();
    fill(lang, r, lang.pick(en, es), &mut out);
    out
}

/// Write `template` with the values of `r` (see [`SENTENCES`]); false if a key had no value.
fn fill(lang: Lang, r: &Readout, template: &str, out: &mut String) -> bool {
    let mut complete = true;
    let mut rest = template;
    while let Some(i) = rest.find(['{', '[']) {
        out.push_str(&rest[..i]);
        let open = rest.as_bytes()[i];
        let close = if open == b'{' { '}' } else { ']' };
        let Some(j) = rest[i..].find(close).map(|j| i + j) else { break };
        let inner = &rest[i + 1..j];
        rest = &rest[j + 1..];
        if open == b'[' {
            let (text, other) = inner.split_once('|').unwrap_or((inner, ""));
            let mut part = String::new();
            out.push_str(if fill(lang, r, text, &mut part) { &part } else { other });
            continue;
        }
        let (key, how) = match inner.find([':', '?', '~']) {
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
                let _ = write!(out, "+{n}");
            }
            (Some(b'~'), Some(Val::Word(w))) => out.push_str(&word(lang, w)),
            (_, v) => out.push_str(&val(v)),
        }
    }
    out.push_str(rest);
    complete
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
    fn sentences_fill_their_values() {
        let flock = Readout::new("flock")
            .with("agents", Val::Int(120))
            .with("polarisation", Val::Num(0.873, 2))
            .with("mean_neighbours", Val::Num(12.34, 1))
            .with("checks", Val::Int(3456));
        assert_eq!(
            readout(Lang::En, &flock),
            "120 agents · polarisation 0.87 · mean neighbours 12.3 · 3456 distance checks/step"
        );
        let fed = flock.clone().with("food_eaten", Val::Int(2));
        assert_eq!(
            readout(Lang::Es, &fed),
            "120 agentes · polarización 0.87 · vecinos medios 12.3 · 3456 comprobaciones/paso · comida consumida 2"
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
        assert!(readout(Lang::Es, &q(true)).starts_with("freno activado · flujo 1.23 agentes/s"));
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
            readout(Lang::Es, &tube(Val::None)),
            "4 waypoints (loop) · distancia al path — (tubo 20) · predicciones fuera: 1"
        );
        let fl = Readout::new("follow_leader")
            .with("followers", Val::Int(8))
            .with("variant", Val::Word("squad"))
            .with("mean_target_distance", Val::Num(4.56, 1))
            .with("in_ahead_zone", Val::Int(0));
        assert_eq!(
            readout(Lang::Es, &fl),
            "8 seguidores (escuadrón) · distancia media a su punto 4.6 px · en la zona prohibida: 0"
        );
        // Every kind has both sentences, and every key a sentence names is one its readout has.
        for (kind, en, es) in SENTENCES {
            assert!(!en.is_empty() && !es.is_empty() && en != es, "{kind}");
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
    }
}
