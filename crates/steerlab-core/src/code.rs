//! The exporter's code templates (cargo feature `code`; the page's wasm never carries them).
//!
//! `v.code(target)` (www/code/export.js, loaded on first use) writes a self-contained program from
//! a viewer's `state()`: the scenario's current parameters, its agents, and these templates — the
//! engine's (vectors, seeded random numbers, the spatial hash, the edges, the fixed step in the
//! core's order of operations: `code/engine.*`) and each behaviour's own (`code/behaviours/<kind>.*`,
//! listed in [`BEHAVIOURS`]). Comment lines `//en …` and `//es …` (`#en`, `#es` in GDScript) are
//! kept in the reader's language only; `//@section name` (`#@section`) splits the engine's template
//! into the parts a scenario needs.
//!
//! ```sh
//! cargo test -p steerlab-core --features code --lib code                        # fails if stale
//! STEERLAB_WRITE_CODE=1 cargo test -p steerlab-core --features code --lib code  # rewrites it
//! ```
//!
//! `node scripts/dev/code-equivalence.mjs` (a step of scripts/test.sh) runs the exported programs
//! (JavaScript in Node, Rust with glam and with this crate, C# with mono, GDScript parsed and its
//! Godot 3 variant run) against the core's trajectories; docs/exporting.md says what that proves.

use serde_json::{json, Map, Value};

/// The targets' template keys: JavaScript, Rust (glam), C# (Unity), GDScript (Godot 4). Each has
/// its file `www/code/templates/<key>.json`, which the code view fetches when that target is chosen.
pub const TARGETS: &[&str] = &["js", "rs", "cs", "gd"];

/// One piece of code (the engine, or one behaviour) in each target's language.
#[derive(Clone, Copy, Debug)]
pub struct Templates {
    pub js: &'static str,
    pub rs: &'static str,
    pub cs: &'static str,
    pub gd: &'static str,
}

impl Templates {
    /// The text for target `key` (one of [`TARGETS`]).
    pub fn get(&self, key: &str) -> &'static str {
        match key {
            "js" => self.js,
            "rs" => self.rs,
            "cs" => self.cs,
            "gd" => self.gd,
            _ => panic!("no target {key}"),
        }
    }
}

/// The engine: vectors, random numbers, the spatial hash, the world and its step.
pub const ENGINE: Templates = Templates {
    js: include_str!("code/engine.js"),
    rs: include_str!("code/engine.rs.txt"),
    cs: include_str!("code/engine.cs.txt"),
    gd: include_str!("code/engine.gd.txt"),
};

/// What the packages add to the engine (`v.code(target, { package: true })`): the JavaScript
/// module's types, the Unity package's settings reader and its SteerlabAgents component, the Godot
/// addon's node; the Rust exports are written whole by www/code/write-rust.js.
pub const PACKAGE: Templates = Templates {
    js: include_str!("code/package.d.ts.txt"),
    rs: "",
    cs: include_str!("code/package.cs.txt"),
    gd: include_str!("code/package.gd.txt"),
};

/// The packages' README and LICENCE texts, `@section`s of one Markdown file (`@en `/`@es ` lines in
/// the reader's language), in every target's templates.
pub const README: &str = include_str!("code/readme.md.txt");

/// `code/behaviours/<kind>.js`, `.rs.txt`, `.cs.txt`, `.gd.txt` for each kind.
macro_rules! behaviours {
    ($($kind:literal)*) => {
        &[$(($kind, Templates {
            js: include_str!(concat!("code/behaviours/", $kind, ".js")),
            rs: include_str!(concat!("code/behaviours/", $kind, ".rs.txt")),
            cs: include_str!(concat!("code/behaviours/", $kind, ".cs.txt")),
            gd: include_str!(concat!("code/behaviours/", $kind, ".gd.txt")),
        }),)*]
    };
}

/// Every behaviour's templates, in the registry's order (a test holds it to
/// [`crate::behaviours::KINDS`]: a new behaviour needs its files and a line here).
pub const BEHAVIOURS: &[(&str, Templates)] = behaviours!(
    "separation" "alignment" "cohesion" "wander" "flee_pointer" "avoid_obstacles" "seek_food"
    "follow_leader" "queue" "path_waypoints" "path_tube" "seek" "flee" "arrive" "pursuit" "evade"
    "obstacle_avoidance" "containment" "flow_field"
);

/// Behaviours whose template for a target is not written yet (`(kind, target)`): the exporter
/// says so instead of writing a program. Shrinks to empty; the test below fails for any other
/// missing template, so a new behaviour without its code fails.
pub const PENDING: &[(&str, &str)] = &[];

/// Every behaviour's parameters with the core's defaults (`{"type": kind}` as a scenario reads it;
/// a queue needs its goal: `[0, 0]`): the fields of the packages' behaviour components, which hold
/// these until a settings file is read.
pub fn defaults() -> Map<String, Value> {
    let mut out = Map::new();
    for &(kind, _) in BEHAVIOURS {
        let read = |extra: Value| {
            let mut doc = json!({ "type": kind });
            if let (Some(d), Some(e)) = (doc.as_object_mut(), extra.as_object()) {
                d.extend(e.clone());
            }
            serde_json::from_value::<crate::behaviours::Behaviour>(doc)
        };
        let b = read(json!({})).or_else(|_| read(json!({ "goal": [0, 0] }))).unwrap_or_else(|e| panic!("{kind}: {e}"));
        let mut v = serde_json::to_value(&b).expect("a behaviour as JSON");
        if let Some(o) = v.as_object_mut() {
            o.remove("type");
            o.remove("overlay");
        }
        out.insert(kind.into(), v);
    }
    out
}

/// `www/code/templates/packages.json`, which the code view fetches when a package is first asked
/// for (a listing needs none of it): each target's package additions, the README and LICENCE
/// texts, every behaviour's defaults.
pub fn packages_json() -> String {
    let package: Map<String, Value> = TARGETS
        .iter()
        .filter(|t| !PACKAGE.get(t).is_empty())
        .map(|t| (t.to_string(), Value::from(PACKAGE.get(t))))
        .collect();
    let doc = json!({
        "generated": "STEERLAB_WRITE_CODE=1 cargo test -p steerlab-core --features code --lib code",
        "package": package,
        "readme": README,
        "defaults": defaults(),
    });
    let mut s = serde_json::to_string_pretty(&doc).expect("JSON");
    s.push('\n');
    s
}

/// `www/code/templates/<target>.json`: the engine's and every behaviour's template for one target,
/// and the behaviours pending there.
pub fn templates_json(target: &str) -> String {
    let mut behaviours = Map::new();
    for &(kind, t) in BEHAVIOURS {
        behaviours.insert(kind.into(), Value::from(t.get(target)));
    }
    let pending: Vec<Value> = PENDING.iter().filter(|(_, t)| *t == target).map(|(k, _)| json!(k)).collect();
    let doc = json!({
        "generated": "STEERLAB_WRITE_CODE=1 cargo test -p steerlab-core --features code --lib code",
        "target": target,
        "engine": ENGINE.get(target),
        "behaviours": behaviours,
        "pending": pending,
    });
    let mut s = serde_json::to_string_pretty(&doc).expect("JSON");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Sim;

    const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/code/templates");

    /// With `STEERLAB_WRITE_CODE`, write `want` to `file` (in `dir`); else check the file is `want`.
    fn current(dir: &str, file: &str, want: &str) {
        if std::env::var_os("STEERLAB_WRITE_CODE").is_some() {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(file, want).unwrap();
            return;
        }
        let have = std::fs::read_to_string(file).unwrap_or_default();
        assert!(
            have == want,
            "{file} is stale: regenerate it with `STEERLAB_WRITE_CODE=1 cargo test -p steerlab-core --features code --lib code`"
        );
    }

    #[test]
    fn templates_files_are_current() {
        for target in TARGETS {
            current(DIR, &format!("{DIR}/{target}.json"), &templates_json(target));
        }
        current(DIR, &format!("{DIR}/packages.json"), &packages_json());
    }

    #[test]
    fn every_behaviour_has_its_code() {
        let kinds: Vec<&str> = BEHAVIOURS.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            kinds,
            crate::behaviours::KINDS,
            "code.rs's BEHAVIOURS must list every behaviour of the registry, in its order (each with its files in crates/steerlab-core/src/code/behaviours/)"
        );
        let mut missing = Vec::new();
        for &(kind, t) in BEHAVIOURS {
            for &target in TARGETS {
                let text = t.get(target);
                let pending = PENDING.contains(&(kind, target));
                if text.trim().is_empty() != pending {
                    missing.push(format!(
                        "{kind}.{target} ({})",
                        if pending { "listed as pending but written" } else { "missing" }
                    ));
                }
                if !pending {
                    // The behaviour's template defines the object the engine calls by its type.
                    let defines = match target {
                        "js" => format!("const {kind} = {{"),
                        "rs" => format!("impl Behaviour for {}", camel(kind)),
                        "gd" => format!("class {} extends Behaviour:", camel(kind)),
                        _ => format!("class {} : SteeringBehaviour", camel(kind)),
                    };
                    if !text.contains(&defines) {
                        missing.push(format!("{kind}.{target} (does not contain `{defines}`)"));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "code templates: {missing:?}");
    }

    /// The built-in scenarios whose listings the chapters show (pages/<tag>/chapters/*.html, the
    /// "Implementation" sections; www/code/chapter.js): their state at step 0 (what `v.state()`
    /// gives on a fresh canvas, the chapter's defaults), so a chapter writes its listings without
    /// mounting a canvas.
    const CHAPTER_SCENARIOS: &[&str] = &["flock", "bandada", "queue", "path-tube", "follow-leader"];

    #[test]
    fn chapter_states_are_current() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/code/states");
        for name in CHAPTER_SCENARIOS {
            let text = crate::scenarios::builtin(name).expect("a built-in scenario");
            let sim = Sim::from_json(text).unwrap();
            let mut want = serde_json::to_string(&sim.state_json()).unwrap();
            want.push('\n');
            current(dir, &format!("{dir}/{name}.json"), &want);
        }
    }

    /// `seek_food` → `SeekFood`: the type's name in Rust and C#.
    pub fn camel(kind: &str) -> String {
        kind.split('_').map(|w| w[..1].to_uppercase() + &w[1..]).collect()
    }

    #[test]
    fn camel_case_names() {
        assert_eq!(camel("seek_food"), "SeekFood");
        assert_eq!(camel("flee"), "Flee");
    }

    /// The long runs of the code equivalence (issue #48): the default bandada, the queue and a
    /// 1 000-agent flock (the bandada with its Agents slider at 1 000), 600 steps each, also
    /// exported mid-run (at step 300).
    fn long_runs() -> Vec<(String, String)> {
        let text = |name: &str| crate::scenarios::builtin(name).expect("a built-in scenario").to_string();
        let mut flock: Value = serde_json::from_str(&text("bandada")).unwrap();
        flock["agents"]["count"] = json!(1000);
        flock["name"] = json!("bandada-1000");
        vec![
            ("bandada".into(), text("bandada")),
            ("queue".into(), text("queue")),
            ("bandada-1000".into(), flock.to_string()),
        ]
    }

    /// With `STEERLAB_CODE_FIXTURES=<dir>`: for every built-in scenario (and every `*.json`
    /// scenario already in `<dir>/scenarios/`, e.g. the props generators'), the state at step 0
    /// (what `v.state()` gives) and the agents after 1 and 60 steps, as `<dir>/<name>.fixture.json`;
    /// for the [`long_runs`], also the agents after 600 steps and the state at step 300 (an export
    /// taken mid-run): what scripts/dev/code-equivalence.mjs compares the exported programs with.
    #[test]
    fn write_fixtures() {
        let Some(dir) = std::env::var_os("STEERLAB_CODE_FIXTURES") else { return };
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut inputs: Vec<(String, String)> =
            crate::scenarios::BUILTIN.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
        if let Ok(list) = std::fs::read_dir(dir.join("scenarios")) {
            let mut more: Vec<_> = list.flatten().map(|e| e.path()).collect();
            more.sort();
            for p in more {
                let name = p.file_stem().unwrap().to_string_lossy().to_string();
                inputs.push((name, std::fs::read_to_string(&p).unwrap()));
            }
        }
        let long = long_runs();
        for (name, text) in inputs.iter().filter(|(n, _)| n != "bandada" && n != "queue").chain(&long) {
            let mut sim = match Sim::from_json(text) {
                Ok(s) => s,
                Err(e) => panic!("{name}: {e}"),
            };
            let state = sim.state_json();
            let agents = |sim: &Sim| -> Value {
                sim.agents().iter().map(|a| json!([a.position.x, a.position.y, a.velocity.x, a.velocity.y])).collect()
            };
            let mut after = Map::new();
            let mut mid = Value::Null;
            let steps = if long.iter().any(|(n, _)| n == name) { 600 } else { 60 };
            for k in 1..=steps {
                sim.step();
                if matches!(k, 1 | 60 | 600) {
                    after.insert(k.to_string(), agents(&sim));
                }
                if k == 300 {
                    mid = sim.state_json();
                }
            }
            // The seed also as text: JSON.parse rounds integers above 2^53.
            let seed = sim.scenario().seed.to_string();
            let doc = json!({"name": name, "seed": seed, "state": state, "after": after, "mid": mid});
            std::fs::write(dir.join(format!("{name}.fixture.json")), doc.to_string()).unwrap();
        }
    }
}
