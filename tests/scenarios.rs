//! Issue 3: every scenario file parses and validates; bad scenarios give one readable message naming
//! the field and the rule; `set(path, value)` validates the same way.

use serde_json::json;
use steerlab::scenarios::{builtin, BUILTIN};
use steerlab::sim::scenario::parse;
use steerlab::sim::Sim;

#[test]
fn every_scenario_file_parses_validates_and_is_built_in() {
    let mut files = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") || path.to_string_lossy().ends_with(".schema.json")
        {
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        let sc = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(sc.name, stem, "{}: name must match the file name", path.display());
        assert_eq!(
            builtin(stem),
            Some(text.as_str()),
            "{stem}: add it to `NAMES` and `BUILTIN` in crates/steerlab-core/src/scenarios.rs"
        );
        let mut sim = Sim::new(sc.clone()).unwrap();
        // Every control's parameter path works with `set`, at both ends of its range.
        for c in &sc.controls {
            let current = sim.get_value(&c.param).unwrap_or_else(|e| panic!("{stem}: {e}"));
            match c.kind {
                steerlab::sim::scenario::ControlKind::Slider => {
                    sim.set_number(&c.param, c.min).unwrap_or_else(|e| panic!("{stem}: {e}"));
                    sim.set_number(&c.param, c.max).unwrap_or_else(|e| panic!("{stem}: {e}"));
                }
                steerlab::sim::scenario::ControlKind::Toggle => {
                    sim.set(&c.param, json!(false)).unwrap_or_else(|e| panic!("{stem}: {e}"));
                }
                steerlab::sim::scenario::ControlKind::Select => {
                    for o in &c.options {
                        sim.set(&c.param, json!(o)).unwrap_or_else(|e| panic!("{stem}: {e}"));
                    }
                }
            }
            sim.set(&c.param, current).unwrap();
        }
        sim.step();
    }
    assert_eq!(files, BUILTIN.len());
}

fn flock_with(patch: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(builtin("flock").unwrap()).unwrap();
    patch(&mut v);
    v.to_string()
}

#[test]
fn bad_scenarios_each_give_their_message() {
    let cases: Vec<(&str, String, &str)> = vec![
        ("not json", "{".into(), "EOF while parsing"),
        ("empty text", "".into(), "EOF while parsing"),
        ("not an object", "[1,2]".into(), "scenario: must be a JSON object"),
        ("unknown field", flock_with(|v| v["colour"] = json!("red")), "unknown field `colour`"),
        ("unknown world field", flock_with(|v| v["world"]["depth"] = json!(3)), "world.depth: unknown field `depth`"),
        ("wrong type", flock_with(|v| v["world"]["width"] = json!("wide")), "world.width: invalid type: string"),
        ("missing world", flock_with(|v| drop(v.as_object_mut().unwrap().remove("world"))), "missing field `world`"),
        ("negative width", flock_with(|v| v["world"]["width"] = json!(-5)), "world.width: must be > 0, got -5"),
        ("huge world", flock_with(|v| v["world"]["height"] = json!(1e9)), "world.height: must be <= 100000"),
        (
            "bad edges",
            flock_with(|v| v["world"]["edges"] = json!("mirror")),
            "world.edges: unknown value `mirror`, expected one of `wrap`, `bounce`, `steer_to_center`",
        ),
        (
            "negative perception",
            flock_with(|v| v["behaviours"][1]["perception"] = json!(-3)),
            "behaviours[1].perception: must be > 0, got -3",
        ),
        (
            "zero sep_dist",
            flock_with(|v| v["behaviours"][0]["sep_dist"] = json!(0)),
            "behaviours[0].sep_dist: must be > 0, got 0",
        ),
        (
            "negative weight",
            flock_with(|v| v["behaviours"][2]["weight"] = json!(-1)),
            "behaviours[2].weight: must be >= 0, got -1",
        ),
        (
            "unknown behaviour",
            flock_with(|v| v["behaviours"][0] = json!({"type": "teleport"})),
            "behaviours[0].type: unknown value `teleport`",
        ),
        (
            "unknown behaviour field",
            flock_with(|v| v["behaviours"][0]["radius"] = json!(3)),
            "behaviours[0].radius: unknown field `radius`",
        ),
        ("zero agents", flock_with(|v| v["agents"] = json!({"count": 0})), "agents.count: must be at least 1, got 0"),
        (
            "huge count",
            flock_with(|v| v["agents"] = json!({"count": 5_000_000})),
            "agents.count: must be at most 200000, got 5000000",
        ),
        ("empty agent list", flock_with(|v| v["agents"] = json!([])), "agents: the list must name at least one agent"),
        (
            "agent without position",
            flock_with(|v| v["agents"] = json!([{"velocity": [1, 0]}])),
            "agents[0]: missing field `position`",
        ),
        ("agents as a number", flock_with(|v| v["agents"] = json!(12)), "agents: invalid type: integer `12`"),
        (
            "negative max_speed",
            flock_with(|v| v["motion"] = json!({"max_speed": -2})),
            "motion.max_speed: must be > 0, got -2",
        ),
        (
            "min above max speed",
            flock_with(|v| v["motion"] = json!({"max_speed": 50, "min_speed": 60})),
            "motion.min_speed: must be <= motion.max_speed (50), got 60",
        ),
        (
            "inverted spawn area",
            flock_with(|v| v["agents"] = json!({"count": 3, "area": [10, 10, 0, 0]})),
            "agents.area: must be [x0, y0, x1, y1]",
        ),
        ("selected out of range", flock_with(|v| v["selected"] = json!(500)), "selected: no agent 500 (there are 120)"),
        ("bad slider", flock_with(|v| v["controls"][0]["max"] = json!(-10)), "controls[0]: a slider needs min < max"),
        (
            "option labels short of the options",
            flock_with(
                |v| v["controls"][0] = json!({"param": "world.edges", "label": "E", "kind": "select", "options": ["wrap", "bounce"], "option_labels_es": ["envolver"]}),
            ),
            "controls[0].option_labels_es: one label per option (2 options), got 1",
        ),
        (
            "negative obstacle radius",
            flock_with(|v| v["obstacles"] = json!([{"center": [1, 1], "radius": -4}])),
            "obstacles[0].radius: must be > 0, got -4",
        ),
        ("unknown overlay", flock_with(|v| v["overlays"] = json!(["xray"])), "overlays[0]: unknown value `xray`"),
        ("oversize text", format!("{{\"name\": \"{}\"}}", "x".repeat(2 << 20)), "is too large"),
    ];
    assert!(cases.len() >= 20);
    for (what, text, expected) in cases {
        match parse(&text) {
            Ok(_) => panic!("{what}: parsed, but should fail with `{expected}`"),
            Err(e) => assert!(e.contains(expected), "{what}: got `{e}`, expected it to contain `{expected}`"),
        }
    }
}

#[test]
fn nan_is_refused_by_the_json_reader_and_by_set() {
    // JSON has no NaN: a bare NaN token is a syntax error with a position.
    let e = parse(&builtin("flock").unwrap().replace("\"weight\": 1.5", "\"weight\": NaN")).unwrap_err();
    assert!(e.contains("behaviours[0].weight"), "{e}");
    let mut s = Sim::from_json(builtin("flock").unwrap()).unwrap();
    let e = s.set_number("separation.weight", f64::NAN).unwrap_err();
    assert_eq!(e, "separation.weight: must be a finite number, got NaN");
    let e = s.set_number("perception", f64::INFINITY).unwrap_err();
    assert!(e.contains("must be a finite number"), "{e}");
}

#[test]
fn set_round_trips_and_rejects_bad_paths_and_values() {
    let mut s = Sim::from_json(builtin("flock").unwrap()).unwrap();
    s.set_number("separation.weight", 2.0).unwrap();
    assert_eq!(s.get_value("separation.weight").unwrap(), json!(2.0));
    assert_eq!(s.rules().separation, Some((2.0, 22.0)));
    // A bare shared name sets every behaviour that has it.
    s.set_number("perception", 60.0).unwrap();
    assert_eq!(s.rules().alignment.unwrap().1, 60.0);
    assert_eq!(s.rules().cohesion.unwrap().1, 60.0);
    s.set_number("behaviours[1].weight", 0.5).unwrap();
    assert_eq!(s.rules().alignment.unwrap().0, 0.5);
    // Numbers arrive from JS as f64: a whole 800.0 must set an integer field.
    s.set("agents.count", json!(800.0)).unwrap();
    assert_eq!(s.agents().len(), 800);
    assert!(s
        .set("agents.count", json!(80.5))
        .unwrap_err()
        .contains("agents.count: invalid type: number `80.5`, expected a whole number"));
    s.set_number("motion.max_speed", 120.0).unwrap();
    assert!(s.agents().iter().all(|a| a.max_speed == 120.0));
    // Errors name the path and the rule; nothing changes.
    let before = s.scenario().clone();
    for (path, value, expected) in [
        ("separation.colour", json!(1), "separation.colour: unknown parameter"),
        ("nonsense", json!(1), "nonsense: unknown parameter"),
        ("behaviours[9].weight", json!(1), "there is no behaviour 9"),
        ("separation.weight", json!(-1), "must be >= 0, got -1"),
        ("perception", json!(0), "must be > 0, got 0"),
        ("separation.weight", json!("heavy"), "invalid type: string"),
        ("world", json!(3), "names a group"),
        ("agents.count", json!(0), "agents.count: must be at least 1, got 0"),
        ("name", json!("x"), "name: unknown parameter"),
        ("", json!(1), "1 to 200 characters"),
    ] {
        let e = s.set(path, value).unwrap_err();
        assert!(e.contains(expected), "{path}: `{e}` should contain `{expected}`");
    }
    assert_eq!(s.scenario(), &before);
}

#[test]
fn reset_is_deterministic() {
    let mut s = Sim::from_json(builtin("flock").unwrap()).unwrap();
    for _ in 0..100 {
        s.step();
    }
    let a = s.agents().to_vec();
    s.reset();
    for _ in 0..100 {
        s.step();
    }
    assert_eq!(a, *s.agents());
    assert_eq!(s.steps, 100);
}

#[test]
fn hand_placed_agents_are_placed_exactly() {
    let text = r#"{"name": "two", "world": {"width": 200, "height": 100},
        "agents": [{"position": [10, 20], "velocity": [5, 0]}, {"position": [50, 60]}],
        "behaviours": [{"type": "separation"}]}"#;
    let s = Sim::from_json(text).unwrap();
    assert_eq!(s.agents().len(), 2);
    assert_eq!(s.agents()[0].position, glam::Vec2::new(10.0, 20.0));
    assert_eq!(s.agents()[0].velocity, glam::Vec2::new(5.0, 0.0));
    assert_eq!(s.agents()[1].velocity, glam::Vec2::ZERO);
}

#[test]
fn a_flocking_rule_listed_twice_is_refused_with_both_places_named() {
    let text = flock_with(|v| v["behaviours"].as_array_mut().unwrap().push(json!({"type": "cohesion", "weight": 2})));
    let e = parse(&text).unwrap_err();
    assert!(e.starts_with("behaviours[3]: a second `cohesion` (the first is behaviours[2])"), "{e}");
    // Other behaviours may repeat (two queues, two wanders …).
    let text = flock_with(|v| {
        let b = v["behaviours"].as_array_mut().unwrap();
        b.push(json!({"type": "wander"}));
        b.push(json!({"type": "wander", "jitter": 0.1}));
    });
    assert!(parse(&text).is_ok());
}

#[test]
fn a_point_with_three_numbers_is_refused() {
    let text = flock_with(|v| v["obstacles"] = json!([{"center": [1, 2, 3], "radius": 4}]));
    let e = parse(&text).unwrap_err();
    assert_eq!(e, "obstacles[0].center: invalid length 3, expected fewer elements in array");
}

#[test]
fn a_select_shows_its_option_labels_in_the_readers_language() {
    use steerlab::lang::Lang;
    let sc = parse(steerlab::scenarios::builtin("bandada").unwrap()).unwrap();
    let edges = sc.controls.iter().find(|c| c.param == "world.edges").unwrap();
    let shown =
        |lang: Lang| (0..edges.options.len()).map(|k| edges.option_label(k, &lang).to_string()).collect::<Vec<_>>();
    // The built-in's labels are words (`scenario.bandada.option.world.edges.*`), in every language.
    assert_eq!(shown(Lang::from_tag("es")), ["envolver", "rebotar", "empujar hacia el centro"]);
    assert_eq!(shown(Lang::En), ["wrap around", "bounce", "steer to the centre"]);
    assert_eq!(shown(Lang::from_tag("fr")), ["faire le tour", "rebondir", "ramener vers le centre"]);
    assert_eq!(shown(Lang::from_tag("pt-BR")), ["dar a volta", "rebater", "empurrar para o centro"]);
    // A reader with no words (a bare tag) reads no key: the option itself.
    assert_eq!(edges.option_label(2, "es"), "steer_to_center");
    // An author's own labels: without Spanish labels, the English ones; without labels, the option.
    let mut c = edges.clone();
    c.option_labels = ["wrap around", "bounce", "steer to the centre"].map(Into::into).to_vec();
    assert_eq!(c.option_label(2, "es"), "steer to the centre");
    c.option_labels.clear();
    assert_eq!(c.option_label(2, "es"), "steer_to_center");
}

/// Issue 34: messages speak the JSON an author writes — no Rust type names (`usize`, `f32`,
/// `variant`, `struct …`) — give the allowed values whole, and still name the field.
#[test]
fn messages_are_for_people_whole_and_name_their_field() {
    let kinds: Vec<String> = steerlab::sim::behaviours::KINDS.iter().map(|k| format!("`{k}`")).collect();
    let cases: Vec<(String, &str)> = vec![
        (flock_with(|v| v["world"]["width"] = json!("wide")), "world.width"),
        (flock_with(|v| v["world"]["width"] = json!([1])), "world.width"),
        (flock_with(|v| v["world"]["edges"] = json!("mirror")), "world.edges"),
        (flock_with(|v| v["world"]["edges"] = json!(3)), "world.edges"),
        (flock_with(|v| v["world"] = json!("big")), "world"),
        (flock_with(|v| v["agents"] = json!({"count": 2.5})), "agents.count"),
        (flock_with(|v| v["agents"] = json!({"count": -1})), "agents.count"),
        (flock_with(|v| v["agents"] = json!({"count": "many"})), "agents.count"),
        (flock_with(|v| v["seed"] = json!(-3)), "seed"),
        (flock_with(|v| v["behaviours"][0] = json!({"type": "teleport"})), "behaviours[0].type"),
        (flock_with(|v| v["behaviours"][0] = json!({"type": 3})), "behaviours[0].type"),
        (flock_with(|v| v["behaviours"][0]["enabled"] = json!("yes")), "behaviours[0].enabled"),
        (flock_with(|v| v["overlays"] = json!(["vectors"])), "overlays[0]"),
        (flock_with(|v| v["overlays"] = json!({"a": 1})), "overlays"),
        (flock_with(|v| v["controls"][0]["kind"] = json!("knob")), "controls[0].kind"),
        (flock_with(|v| v["agents"] = json!([{"position": [1, 2, 3]}])), "agents[0].position"),
        (flock_with(|v| v["agents"] = json!([{"position": null}])), "agents[0].position"),
    ];
    let rust = [
        "usize",
        "u32",
        "u64",
        "u8",
        "i32",
        "i64",
        "f32",
        "f64",
        "variant",
        "struct ",
        "enum ",
        "sequence",
        "map",
        "unit value",
        "floating point",
    ];
    for (doc, field) in cases {
        let e = parse(&doc).err().unwrap_or_else(|| panic!("{field}: accepted"));
        assert!(e.starts_with(&format!("{field}: ")), "names {field}: {e}");
        for w in rust {
            assert!(!e.contains(w), "no Rust word `{w}` in: {e}");
        }
        if field == "behaviours[0].type" && e.contains("teleport") {
            assert!(e.ends_with(&kinds.join(", ")), "every behaviour type, whole: {e}");
        }
    }
}

/// A title or caption is one text, or one per language; the older `title_es` and `caption_es`
/// still read on Spanish pages; a language with no text of its own reads English.
#[test]
fn scenario_texts_take_a_language_map() {
    let with = |extra: &str| {
        let mut v: serde_json::Value = serde_json::from_str(steerlab::scenarios::builtin("seek").unwrap()).unwrap();
        let obj = v.as_object_mut().unwrap();
        for k in ["title", "title_es", "caption", "caption_es"] {
            obj.remove(k);
        }
        let extra: serde_json::Value = serde_json::from_str(extra).unwrap();
        for (k, x) in extra.as_object().unwrap() {
            obj.insert(k.clone(), x.clone());
        }
        parse(&v.to_string())
    };
    let sc = with(r#"{"title": {"en": "Seek", "es": "Buscar", "fr": "Chercher"}, "caption": {"es": "Solo español"}}"#)
        .unwrap();
    assert_eq!(
        (sc.title_in("en"), sc.title_in("es"), sc.title_in("fr"), sc.title_in("de")),
        ("Seek", "Buscar", "Chercher", "Seek")
    );
    assert_eq!(sc.caption_in("en"), "Solo español", "no English: the first text");
    let old = with(r#"{"title": "Seek", "title_es": "Buscar", "caption": "Look", "caption_es": "Mira"}"#).unwrap();
    assert_eq!((old.title_in("en"), old.title_in("es"), old.caption_in("es")), ("Seek", "Buscar", "Mira"));
    let both = with(r#"{"title": {"en": "Seek", "es": "Buscar"}, "title_es": "Otro"}"#).unwrap();
    assert_eq!(both.title_in("es"), "Buscar", "the map's own text wins over the older field");
    let e = with(r#"{"title": 5}"#).unwrap_err();
    assert!(e.starts_with("title:") && e.contains("by language"), "{e}");
    let e = with(r#"{"title": {"en": 5}}"#).unwrap_err();
    assert!(e.starts_with("title"), "{e}");
    // A control's label too.
    let mut v: serde_json::Value = serde_json::from_str(steerlab::scenarios::builtin("seek").unwrap()).unwrap();
    v["controls"] = json!([{"param": "motion.max_speed", "label": {"en": "Top speed", "es": "Velocidad máxima"}, "min": 1, "max": 100}]);
    let c = parse(&v.to_string()).unwrap().controls[0].clone();
    assert_eq!((c.label_in("en"), c.label_in("es")), ("Top speed", "Velocidad máxima"));
    // A words key: the reader's words give the text (a built-in's texts are such keys).
    use steerlab::lang::Lang;
    let keyed = with(r#"{"title": {"words": "scenario.seek.title"}}"#).unwrap();
    assert_eq!(keyed.title.key(), Some("scenario.seek.title"));
    assert_eq!(
        [Lang::En, Lang::from_tag("es"), Lang::from_tag("fr"), Lang::from_tag("pt-BR"), Lang::from_tag("de")]
            .map(|l| keyed.title_in(&l)),
        ["Seek", "Buscar (seek)", "Chercher (seek)", "Buscar (seek)", "Seek"]
    );
    assert_eq!(keyed.title_in("es"), "", "a bare tag has no words: a key reads nothing, never its name");
    assert_eq!(serde_json::to_value(&keyed).unwrap()["title"], json!({"words": "scenario.seek.title"}));
    // An author's own texts beside the key come first, for their languages.
    let mine = with(r#"{"title": {"words": "scenario.seek.title", "pt": "Procurar"}}"#).unwrap();
    assert_eq!(
        [Lang::from_tag("pt-BR"), Lang::from_tag("fr")].map(|l| mine.title_in(&l)),
        ["Procurar", "Chercher (seek)"]
    );
    // Written back as it was read (links and the playground write scenarios out).
    let round = serde_json::to_value(&sc).unwrap();
    assert_eq!(round["title"]["es"], "Buscar");
    assert_eq!(serde_json::to_value(&old).unwrap()["title"], "Seek");
}

/// `overlays_off` switches off one behaviour's own overlays (evade's panic circle around every
/// evader) while it still steers; a type that is not one of the scenario's behaviours is refused
/// with a message naming the entry.
#[test]
fn a_behaviours_overlays_can_be_switched_off() {
    use steerlab::sim::draw::{Overlays, Style};
    use steerlab::sim::render::Renderer;
    let text = builtin("evade").unwrap();
    let mut on = Sim::from_json(text).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["overlays_off"] = json!(["evade"]);
    let mut off = Sim::from_json(&v.to_string()).unwrap();
    for _ in 0..60 {
        on.step();
        off.step();
    }
    let (mut r1, mut r2) = (Renderer::new(), Renderer::new());
    let ov = Overlays::from_list(&on.scenario().overlays);
    assert!(r1.build(&on, ov).count(Style::PanicRadius) > 0, "evade draws its panic circles");
    assert_eq!(r2.build(&off, ov).count(Style::PanicRadius), 0, "switched off");
    assert_eq!(on.state_json()["agents"], off.state_json()["agents"], "the same trajectory: it still steers");
    v["overlays_off"] = json!(["evad"]);
    let e = Sim::from_json(&v.to_string()).err().unwrap().to_string();
    assert!(e.starts_with("overlays_off[0]: \"evad\" is not the type of a behaviour") && e.contains("evade"), "{e}");
}

/// Issue 47: every mistake at once, each on its own line as `path: reason`. The issue's example —
/// a weight as a string, a misspelt parameter, an unknown behaviour — gives three lines.
#[test]
fn every_mistake_is_named_at_once() {
    let lines = |doc: &str| -> Vec<String> {
        parse(doc).err().unwrap_or_else(|| panic!("accepted: {doc}")).lines().map(str::to_string).collect()
    };
    let places =
        |doc: &str| -> Vec<String> { lines(doc).iter().map(|l| l.split(": ").next().unwrap().to_string()).collect() };
    let three = flock_with(|v| {
        v["behaviours"][0]["weight"] = json!("2");
        v["behaviours"][1]["percepton"] = json!(40);
        v["behaviours"].as_array_mut().unwrap().push(json!({"type": "teleport"}));
    });
    let got = lines(&three);
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(got[0].starts_with("behaviours[0].weight: invalid type: string \"2\", expected a number"), "{got:#?}");
    assert!(got[1].starts_with("behaviours[1].percepton: unknown field `percepton`"), "{got:#?}");
    assert!(got[2].starts_with("behaviours[3].type: unknown value `teleport`"), "{got:#?}");

    // Rules across the scenario, and two in one behaviour: all of them.
    let rules = flock_with(|v| {
        v["world"]["width"] = json!(-5);
        v["motion"] = json!({"max_speed": 0});
        v["behaviours"][0]["weight"] = json!(-1);
        v["behaviours"][0]["sep_dist"] = json!(0);
    });
    assert_eq!(
        places(&rules),
        ["world.width", "motion.max_speed", "behaviours[0].weight", "behaviours[0].sep_dist"],
        "{:#?}",
        lines(&rules)
    );

    // A wrong type and a rule elsewhere: both (what could not be read first, then the rules); the
    // value read in its place (0) is not named again, nor a rule that compares with it.
    let mixed = flock_with(|v| {
        v["world"]["width"] = json!("wide");
        v["motion"] = json!({"max_speed": "fast", "min_speed": 10});
        v["agent_size"] = json!(-2);
    });
    assert_eq!(places(&mixed), ["motion.max_speed", "world.width", "agent_size"], "{:#?}", lines(&mixed));

    // An entry the reader had to leave out (a behaviour missing its required field) is named, and
    // the entries after it keep their own index.
    let queue: serde_json::Value = serde_json::from_str(builtin("queue").unwrap()).unwrap();
    let mut q = queue.clone();
    let goal = q["behaviours"][0]["goal"].take();
    q["behaviours"][0].as_object_mut().unwrap().remove("goal");
    q["behaviours"].as_array_mut().unwrap().push(json!({"type": "wander", "radius": "big"}));
    assert_eq!(places(&q.to_string()), ["behaviours[0]", "behaviours[1].radius"], "{:#?}", lines(&q.to_string()));
    assert!(goal.is_array());

    // A misspelt key in every part of the format is named, the rest read on.
    let keys = flock_with(|v| {
        v["world"]["widht"] = json!(3);
        v["motion"] = json!({"max_sped": 3});
        v["agents"]["cuont"] = json!(3);
        v["controls"][0]["lable"] = json!("x");
        v["colour"] = json!("red");
    });
    assert_eq!(
        places(&keys),
        ["agents.cuont", "colour", "controls[0].lable", "motion.max_sped", "world.widht"],
        "{:#?}",
        lines(&keys)
    );

    // At most twenty, then how many more.
    let many = flock_with(|v| {
        for k in 0..30 {
            v[format!("extra_{k:02}")] = json!(k);
        }
    });
    let got = lines(&many);
    assert_eq!(got.len(), 21, "{got:#?}");
    assert!(got[..20].iter().all(|l| l.starts_with("extra_")), "{got:#?}");
    assert!(got[20].starts_with("… and ") && got[20].ends_with(" more"), "{got:#?}");

    // A good scenario still parses, and `validate` alone stops at the first mistake.
    assert!(parse(builtin("flock").unwrap()).is_ok());
}
