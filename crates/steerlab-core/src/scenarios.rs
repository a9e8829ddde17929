//! The built-in scenarios, compiled in so that mounting by name needs no fetch.

/// (name, JSON text) for every file in `scenarios/`.
pub const BUILTIN: &[(&str, &str)] = &[
    ("seek", include_str!("../../../scenarios/seek.json")),
    ("flee", include_str!("../../../scenarios/flee.json")),
    ("arrive", include_str!("../../../scenarios/arrive.json")),
    ("pursuit", include_str!("../../../scenarios/pursuit.json")),
    ("evade", include_str!("../../../scenarios/evade.json")),
    ("wander", include_str!("../../../scenarios/wander.json")),
    ("obstacle-avoidance", include_str!("../../../scenarios/obstacle-avoidance.json")),
    ("containment", include_str!("../../../scenarios/containment.json")),
    ("flow-field", include_str!("../../../scenarios/flow-field.json")),
    ("flock", include_str!("../../../scenarios/flock.json")),
    ("separation", include_str!("../../../scenarios/separation.json")),
    ("alignment", include_str!("../../../scenarios/alignment.json")),
    ("cohesion", include_str!("../../../scenarios/cohesion.json")),
    ("spatial-hash", include_str!("../../../scenarios/spatial-hash.json")),
    ("bandada", include_str!("../../../scenarios/bandada.json")),
    ("follow-leader", include_str!("../../../scenarios/follow-leader.json")),
    ("queue", include_str!("../../../scenarios/queue.json")),
    ("path-waypoints", include_str!("../../../scenarios/path-waypoints.json")),
    ("path-tube", include_str!("../../../scenarios/path-tube.json")),
    ("stress", include_str!("../../../scenarios/stress.json")),
];

/// The JSON text of a built-in scenario.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The names of all built-in scenarios.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}
