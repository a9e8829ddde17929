//! Parameters by path: `set("separation.weight", 2.0)`, `get_value("perception")`. A path names a
//! field of the scenario; the changed scenario is validated like a parsed one and taken while the
//! running state is kept where it still makes sense.

use super::engine::{rules_of, world_of, Sim};
use super::param_path::{at, at_mut, normalise, resolve, tidy, Params};
use super::scenario::{self, Agents, Scenario};
use super::steer::truncate;
use serde_json::Value;

impl Sim {
    /// Set any scenario parameter by path (`"separation.weight"`, `"perception"`,
    /// `"motion.max_speed"`, `"agents.count"`, `"world.edges"`, `"behaviours[1].weight"` …). The new
    /// scenario is validated like a parsed one; on error nothing changes.
    pub fn set(&mut self, path: &str, value: Value) -> Result<(), String> {
        self.set_reporting(path, value).map(|_| ())
    }

    /// [`Sim::set`], and whether the simulation restarted (a new seed, another agent list).
    pub(crate) fn set_reporting(&mut self, path: &str, value: Value) -> Result<bool, String> {
        self.sync_agents();
        let value = normalise(path, value)?;
        let mut doc = self.scenario_value()?;
        for p in &resolve(&doc, path)? {
            if let Some(slot) = at_mut(&mut doc, p) {
                *slot = value.clone();
            }
        }
        // Fewer agents than the one selected at the start (the flock selects agent 2): none is
        // selected, rather than refusing the reader's count.
        if path != "selected" {
            let count = at(&doc, "/agents/count").and_then(Value::as_u64);
            if let (Some(n), Some(slot)) = (count, at_mut(&mut doc, "/selected")) {
                if slot.as_u64().is_some_and(|s| s >= n) {
                    *slot = Value::Null;
                }
            }
        }
        let next = scenario::from_value(doc).map_err(|e| {
            if e.starts_with(&format!("{path}: ")) {
                e
            } else {
                scenario::clip(format!("{path}: {e}"))
            }
        })?;
        Ok(self.apply(next))
    }

    /// Set a numeric parameter (the slider route); NaN and infinities are refused with a message.
    pub fn set_number(&mut self, path: &str, value: f64) -> Result<(), String> {
        if !value.is_finite() {
            return Err(format!("{path}: must be a finite number, got {}", crate::text::short64(value)));
        }
        self.set(path, Value::from(value))
    }

    /// The current value of a parameter path (what `set` would change; the first match).
    pub fn get_value(&self, path: &str) -> Result<Value, String> {
        self.params()?.get(path)
    }

    /// The scenario's parameters to read several by path: one serialisation for all of them (a
    /// viewer reading each control's value through [`Sim::get_value`] serialised and re-read the
    /// whole scenario once per control, the largest part of mounting the bandada canvas).
    pub fn params(&self) -> Result<Params, String> {
        Ok(Params(self.scenario_value()?))
    }

    /// The scenario as a JSON value, through its text: the scenario is serialised one way only
    /// (to text, as `state_json` shows it; a second serialiser into `Value` cost the wasm module
    /// ~4 KB gzipped), and f32 fields keep their short form (3.2, not 3.200000047683716).
    /// The text is read back through the same path-tracking reader as `scenario::parse` (which
    /// already reads `Value`s: a behaviour's keys): a plain `serde_json::from_str` compiled a second
    /// JSON-to-`Value` reader into the wasm module (1.0 KB gzipped).
    pub(crate) fn scenario_value(&self) -> Result<Value, String> {
        let text = serde_json::to_string(&self.scenario).map_err(|e| e.to_string())?;
        scenario::read_text(&text)
    }

    /// Take a new, validated scenario while keeping the running state where it still makes sense.
    /// True when that meant starting again (a new seed, another agent list).
    fn apply(&mut self, next: Scenario) -> bool {
        let old = std::mem::replace(&mut self.scenario, next);
        self.agents_changed();
        let sc = &self.scenario;
        if old.seed != sc.seed || matches!(sc.agents, Agents::List(_)) && old.agents != sc.agents {
            self.reset();
            return true;
        }
        self.world = world_of(sc);
        self.rules = rules_of(sc);
        let m = sc.motion.clone();
        let want = sc.agents.count();
        // The behaviours keep their state (a `set` cannot change a behaviour's type; a state that
        // does not match its behaviour any more starts afresh).
        let n = self.agent_count();
        for (k, b) in sc.behaviours.iter().enumerate() {
            if self.states.get(k).is_none_or(|s| !b.owns(s)) {
                let s = b.new_state(n);
                if k < self.states.len() {
                    self.states[k] = s;
                } else {
                    self.states.push(s);
                }
            }
        }
        self.states.truncate(sc.behaviours.len());
        let world = self.world;
        let agents = self.agents_mut();
        for a in agents.iter_mut() {
            a.max_speed = m.max_speed;
            a.max_force = m.max_force;
            // A lowered max_speed holds at once, not only after the next step.
            a.velocity = truncate(a.velocity, m.max_speed);
            world.apply_edges(a);
        }
        if want < agents.len() {
            agents.truncate(want);
            self.fit_to_agents();
        } else if want > agents.len() {
            let more = want - agents.len();
            self.spawn(more);
        }
        if old.selected != self.scenario.selected {
            // `set("selected", i)` picks that agent now, not at the next reset.
            self.selected = self.scenario.selected;
        }
        if self.selected.is_some_and(|s| s >= self.agent_count()) {
            self.selected = None;
        }
        self.measure_flock();
        false
    }
}

/// Several parameters at once, validated once at the end (`data-set`, a link's starting
/// parameters): `scenario` with each `(path, value)` written where `set` would write it. Two paths
/// that name the same field are refused (their order would matter), and so is the seed (it has
/// its own attribute). An error names the path (`data-set` callers add their prefix).
pub fn with_sets(sc: &Scenario, sets: &[(String, Value)]) -> Result<Scenario, String> {
    let text = serde_json::to_string(sc).map_err(|e| e.to_string())?;
    let mut doc = scenario::read_text(&text)?;
    let mut written: Vec<(String, &str)> = Vec::new();
    for (path, value) in sets {
        if path == "seed" {
            return Err("seed: give the seed on its own (data-seed), not as a parameter".into());
        }
        let value = normalise(path, value.clone())?;
        for p in resolve(&doc, path)? {
            if let Some((_, other)) = written.iter().find(|(q, _)| *q == p) {
                return Err(format!("{path}: names the same field as {other} ({})", tidy(&p)));
            }
            if let Some(slot) = at_mut(&mut doc, &p) {
                *slot = value.clone();
            }
            written.push((p, path));
        }
    }
    scenario::from_value(doc).map_err(|e| {
        // Name the parameter as given, before the field the validator names.
        match written.iter().find(|(p, _)| e.starts_with(&format!("{}: ", tidy(p)))) {
            Some((_, path)) => format!("{path}: {e}"),
            None => e,
        }
    })
}
