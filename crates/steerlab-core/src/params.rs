//! Parameters by path: `set("separation.weight", 2.0)`, `get_value("perception")`. A path names a
//! field of the scenario; the changed scenario is validated like a parsed one and taken while the
//! running state is kept where it still makes sense.

use super::engine::{rules_of, world_of, Sim};
use super::scenario::{self, Agents, Scenario};
use super::steer::truncate;
use serde_json::Value;

/// The scenario's parameters as they are now ([`Sim::params`]), read by path like `get_value`.
pub struct Params(Value);

impl Params {
    /// The value at `path` (the first match, as [`Sim::get_value`]).
    pub fn get(&self, path: &str) -> Result<Value, String> {
        let pointers = resolve(&self.0, path)?;
        pointers.first().and_then(|p| self.0.pointer(p)).cloned().ok_or_else(|| format!("{path}: unknown parameter"))
    }
}

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
            if let Some(slot) = doc.pointer_mut(p) {
                *slot = value.clone();
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
            return Err(format!("{path}: must be a finite number, got {value}"));
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

/// A value as `set` takes it: numbers must be finite, and a whole f64 (every number from JS) is
/// made an integer so that it fits integer fields (counts). The history logs this form.
pub(crate) fn normalise(path: &str, value: Value) -> Result<Value, String> {
    Ok(match value {
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            if !x.is_finite() {
                return Err(format!("{path}: must be a finite number"));
            }
            if n.is_f64() && x == x.trunc() && x.abs() < 9.0e15 {
                Value::from(x as i64)
            } else {
                Value::Number(n)
            }
        }
        v => v,
    })
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
            if let Some(slot) = doc.pointer_mut(&p) {
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

/// A JSON pointer as a parameter path: `/behaviours/1/weight` → `behaviours[1].weight`.
fn tidy(pointer: &str) -> String {
    let mut out = String::new();
    for (k, seg) in pointer.trim_start_matches('/').split('/').enumerate() {
        if k == 1 && pointer.starts_with("/behaviours/") {
            out.push('[');
            out.push_str(seg);
            out.push(']');
        } else {
            if k > 0 {
                out.push('.');
            }
            out.push_str(seg);
        }
    }
    out
}

/// Every control names an existing parameter of the kind it edits (a slider a number, a toggle a
/// boolean, a select a string). A missing one fails with the message `set` gives for that path,
/// after the control's place: `controls[1].param: cohesion.wieght: unknown parameter`. Part of the
/// scenario's validation, so `mount`, `validate` and the parser agree.
pub(crate) fn check_controls(sc: &Scenario) -> Result<(), String> {
    if sc.controls.is_empty() {
        return Ok(());
    }
    let text = serde_json::to_string(sc).map_err(|e| e.to_string())?;
    let doc = Params(scenario::read_text(&text)?);
    for (k, c) in sc.controls.iter().enumerate() {
        let v = doc.get(&c.param).map_err(|e| format!("controls[{k}].param: {e}"))?;
        let (ok, want) = match c.kind {
            scenario::ControlKind::Slider => (v.is_number(), "a number (slider)"),
            scenario::ControlKind::Toggle => (v.is_boolean(), "true or false (toggle)"),
            scenario::ControlKind::Select => (v.is_string(), "a string (select)"),
        };
        if !ok {
            return Err(format!("controls[{k}].param: `{}` is not {want}", c.param));
        }
    }
    Ok(())
}

/// JSON pointers that a parameter path names.
fn resolve(doc: &Value, path: &str) -> Result<Vec<String>, String> {
    let unknown = || format!("{path}: unknown parameter");
    if path.is_empty() || path.len() > 200 {
        return Err("set: the parameter path must be 1 to 200 characters".into());
    }
    let behaviours = doc.get("behaviours").and_then(Value::as_array).cloned().unwrap_or_default();
    // behaviours[i].field
    if let Some(rest) = path.strip_prefix("behaviours[") {
        // Char patterns only: a `&str` pattern links core's two-way string searcher.
        let (idx, field) = rest.split_once(']').ok_or_else(unknown)?;
        let field = field.strip_prefix('.').ok_or_else(unknown)?;
        let i: usize = idx.parse().map_err(|_| unknown())?;
        let b = behaviours.get(i).ok_or_else(|| format!("{path}: there is no behaviour {i}"))?;
        if field == "type" || b.get(field).is_none() {
            return Err(unknown());
        }
        return Ok(vec![format!("/behaviours/{i}/{field}")]);
    }
    let segs: Vec<&str> = path.split('.').collect();
    // <behaviour kind>.field, for every behaviour of that kind
    if segs.len() == 2 {
        let hits: Vec<String> = behaviours
            .iter()
            .enumerate()
            .filter(|(_, b)| b.get("type").and_then(Value::as_str) == Some(segs[0]))
            .filter(|(_, b)| segs[1] != "type" && b.get(segs[1]).is_some())
            .map(|(i, _)| format!("/behaviours/{i}/{}", segs[1]))
            .collect();
        if !hits.is_empty() {
            return Ok(hits);
        }
    }
    // A bare field name shared by behaviours, e.g. "perception" or "sep_dist".
    if segs.len() == 1 && doc.get(path).is_none() {
        let hits: Vec<String> = behaviours
            .iter()
            .enumerate()
            .filter(|(_, b)| path != "type" && b.get(path).is_some())
            .map(|(i, _)| format!("/behaviours/{i}/{path}"))
            .collect();
        if !hits.is_empty() {
            return Ok(hits);
        }
        return Err(unknown());
    }
    // A top-level path: "motion.max_speed", "world.edges", "agents.count", "seed".
    const SETTABLE: &[&str] = &[
        "seed",
        "motion",
        "world",
        "agents",
        "neighbours",
        "agent_size",
        "hud",
        "selected",
        "click",
        "path",
        "engine",
    ];
    if !SETTABLE.contains(&segs[0]) {
        return Err(unknown());
    }
    let mut ptr = String::new();
    let mut cur = doc;
    for s in &segs {
        cur = cur.get(*s).ok_or_else(unknown)?;
        ptr.push('/');
        ptr.push_str(s);
    }
    if cur.is_object() || cur.is_array() {
        return Err(format!("{path}: names a group, not a parameter"));
    }
    Ok(vec![ptr])
}
