//! The built-in scenarios. Native builds (and the wasm tests) compile their text in; the page's
//! module (feature `lazy-builtins`, trunk's build) does not: `www/boot.js` fetches a canvas's
//! `scenarios/<name>.json` before it mounts and gives it to [`register`] (10 KB gzipped of the
//! module that a page loads only for the canvases it shows).

use std::cell::RefCell;

/// The built-in scenarios' names: one file each in `scenarios/`.
pub const NAMES: [&str; 20] = [
    "seek",
    "flee",
    "arrive",
    "pursuit",
    "evade",
    "wander",
    "obstacle-avoidance",
    "containment",
    "flow-field",
    "flock",
    "separation",
    "alignment",
    "cohesion",
    "spatial-hash",
    "bandada",
    "follow-leader",
    "queue",
    "path-waypoints",
    "path-tube",
    "stress",
];

/// (name, JSON text) for every file in `scenarios/`.
#[cfg(not(feature = "lazy-builtins"))]
pub const BUILTIN: &[(&str, &str)] = &[
    ("seek", include_str!("../scenarios/seek.json")),
    ("flee", include_str!("../scenarios/flee.json")),
    ("arrive", include_str!("../scenarios/arrive.json")),
    ("pursuit", include_str!("../scenarios/pursuit.json")),
    ("evade", include_str!("../scenarios/evade.json")),
    ("wander", include_str!("../scenarios/wander.json")),
    ("obstacle-avoidance", include_str!("../scenarios/obstacle-avoidance.json")),
    ("containment", include_str!("../scenarios/containment.json")),
    ("flow-field", include_str!("../scenarios/flow-field.json")),
    ("flock", include_str!("../scenarios/flock.json")),
    ("separation", include_str!("../scenarios/separation.json")),
    ("alignment", include_str!("../scenarios/alignment.json")),
    ("cohesion", include_str!("../scenarios/cohesion.json")),
    ("spatial-hash", include_str!("../scenarios/spatial-hash.json")),
    ("bandada", include_str!("../scenarios/bandada.json")),
    ("follow-leader", include_str!("../scenarios/follow-leader.json")),
    ("queue", include_str!("../scenarios/queue.json")),
    ("path-waypoints", include_str!("../scenarios/path-waypoints.json")),
    ("path-tube", include_str!("../scenarios/path-tube.json")),
    ("stress", include_str!("../scenarios/stress.json")),
];

thread_local! {
    /// The texts given to [`register`] (lazy builds): each leaked once, a page holds at most 20.
    static REGISTERED: RefCell<Vec<(&'static str, &'static str)>> = const { RefCell::new(Vec::new()) };
}

/// Give the text of the built-in `name` (what `scenarios/<name>.json` holds), for builds that do
/// not compile it in. The first text given for a name stays; a compiled-in one is never replaced.
pub fn register(name: &str, text: &str) -> Result<(), String> {
    let Some(&name) = NAMES.iter().find(|n| **n == name) else {
        return Err(format!(
            "registerScenario: `{name}` is not a built-in scenario (they are {})",
            crate::text::names(&NAMES)
        ));
    };
    if builtin(name).is_none() {
        let text: &'static str = Box::leak(text.to_string().into_boxed_str());
        REGISTERED.with(|r| r.borrow_mut().push((name, text)));
    }
    Ok(())
}

/// Whether `name` is a built-in scenario's name.
pub fn is_builtin(name: &str) -> bool {
    NAMES.contains(&name)
}

/// The JSON text of a built-in scenario (`None` for an unknown name, or in a lazy build before
/// its text was registered).
pub fn builtin(name: &str) -> Option<&'static str> {
    #[cfg(not(feature = "lazy-builtins"))]
    if let Some((_, t)) = BUILTIN.iter().find(|(n, _)| *n == name) {
        return Some(t);
    }
    REGISTERED.with(|r| r.borrow().iter().find(|(n, _)| *n == name).map(|(_, t)| *t))
}

/// The names of all built-in scenarios.
pub fn names() -> impl Iterator<Item = &'static str> {
    NAMES.iter().copied()
}

#[cfg(test)]
mod tests {
    /// Every file of `scenarios/` (but the schema) is a built-in, and only those.
    #[test]
    fn names_are_the_files() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok()?.strip_suffix(".json").map(str::to_string))
            .filter(|n| n != "scenario.schema")
            .collect();
        files.sort();
        let no_entry: Vec<&String> = files.iter().filter(|f| !super::NAMES.contains(&f.as_str())).collect();
        let no_file: Vec<&str> = super::NAMES.iter().copied().filter(|n| !files.iter().any(|f| f == n)).collect();
        assert!(
            no_entry.is_empty() && no_file.is_empty(),
            "scenarios/ and crates/steerlab-core/src/scenarios.rs disagree: files with no entry in `NAMES` and \
             `BUILTIN` there: {no_entry:?}; entries with no scenarios/<name>.json: {no_file:?}"
        );
        assert_eq!(
            files.len(),
            super::NAMES.len(),
            "crates/steerlab-core/src/scenarios.rs: `NAMES` lists a name twice"
        );
    }

    /// A registered text is what `builtin` gives; an unknown name is refused with the list.
    #[test]
    fn register_knows_the_names() {
        let e = super::register("flok", "{}").unwrap_err();
        assert!(e.contains("`flok` is not a built-in scenario") && e.contains("flock"), "{e}");
        super::register("seek", "{}").unwrap();
        assert!(super::builtin("seek").unwrap().contains("\"seek\""), "a compiled-in text stays");
    }
}
