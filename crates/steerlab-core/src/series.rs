//! Series: the scenario's measures over time ([`Sim::measures`]), sampled as the history records
//! new steps, and the marks of every parameter change, for the chart under a canvas and
//! `v.series()`. Read-only: recording reads the simulation and never changes it, so trajectories
//! are the same with or without it.
//!
//! Cost. A sample computes the measures once, every [`FIRST_EVERY`] steps (4 a second). The
//! flock's spacing (nearest neighbours, groups: one grid pass, about half a step of the standard
//! engine at 120 agents) is measured on the standard engine up to [`super::report::BIG_FLOCK`]
//! agents; the fast engine and larger flocks get what one pass over the agents gives. Steps
//! replayed by a seek were sampled when first reached and are not measured again. Over
//! [`MAX_ROWS`] samples the series thins out (every other sample goes and the interval doubles),
//! like the history's snapshots.

use super::behaviours::Measures;
use super::engine::Sim;
use serde_json::Value;

/// Steps between samples: 0.25 s, the readout's own rate.
pub const FIRST_EVERY: u64 = 15;
/// The most samples kept before thinning.
pub const MAX_ROWS: usize = 2048;

/// Whether two parameter values are the same (scalars: comparing whole `Value`s would link the map
/// comparison into the module).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        _ => matches!((a, b), (Value::Null, Value::Null)),
    }
}

/// A parameter change: at `step`, `path` went from `from` to `to`.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub step: u64,
    pub path: String,
    pub from: Value,
    pub to: Value,
}

/// The measures sampled so far (see the module's note).
#[derive(Clone, Debug, Default)]
pub struct Series {
    every: u64,
    ids: Vec<&'static str>,
    steps: Vec<u64>,
    /// Row-major: one row of `ids.len()` values per step.
    values: Vec<Option<f32>>,
    marks: Vec<Mark>,
    scratch: Measures,
}

impl Series {
    /// A series that starts with a sample of the simulation's state now.
    pub fn new(sim: &Sim) -> Series {
        let mut s = Series { every: FIRST_EVERY, ..Series::default() };
        s.sample(sim);
        s
    }

    /// Steps between samples.
    pub fn every(&self) -> u64 {
        self.every
    }

    /// The measures' ids, in order.
    pub fn ids(&self) -> &[&'static str] {
        &self.ids
    }

    /// The sampled steps, ascending.
    pub fn steps(&self) -> &[u64] {
        &self.steps
    }

    /// Measure `k` (an index into [`Series::ids`]) at sample `row`.
    pub fn value(&self, row: usize, k: usize) -> Option<f32> {
        self.values.get(row * self.ids.len() + k).copied().flatten()
    }

    /// The parameter changes, ascending by step.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// A newly reached step: sampled when it falls on the interval.
    pub fn record(&mut self, sim: &Sim) {
        if sim.steps.is_multiple_of(self.every) && self.steps.last().is_none_or(|&k| k < sim.steps) {
            self.sample(sim);
        }
    }

    fn sample(&mut self, sim: &Sim) {
        sim.measures(&mut self.scratch);
        if self.steps.is_empty() {
            self.ids = self.scratch.iter().map(|&(k, _)| k).collect();
        }
        self.steps.push(sim.steps);
        for k in 0..self.ids.len() {
            let id = self.ids[k];
            self.values.push(self.scratch.iter().find(|(j, _)| *j == id).and_then(|&(_, x)| x));
        }
        if self.steps.len() > MAX_ROWS {
            self.thin();
        }
    }

    /// Every other sample goes (those off the doubled interval; the first stays).
    fn thin(&mut self) {
        self.every *= 2;
        let (w, every, first) = (self.ids.len(), self.every, self.steps[0]);
        let mut keep = 0;
        for row in 0..self.steps.len() {
            let k = self.steps[row];
            if k == first || k.is_multiple_of(every) {
                self.steps[keep] = k;
                self.values.copy_within(row * w..(row + 1) * w, keep * w);
                keep += 1;
            }
        }
        self.steps.truncate(keep);
        self.values.truncate(keep * w);
    }

    /// A parameter changed at `step` (once per step and path: a replayed change is not marked
    /// twice).
    pub fn mark(&mut self, step: u64, path: &str, from: Value, to: Value) {
        if same(&from, &to) || self.marks.iter().any(|m| m.step == step && m.path == path) {
            return;
        }
        let at = self.marks.partition_point(|m| m.step <= step);
        self.marks.insert(at, Mark { step, path: path.to_string(), from, to });
    }

    /// Drop the samples and marks after step `k` (the future a new input replaces).
    pub fn forget_after(&mut self, k: u64) {
        let keep = self.steps.partition_point(|&s| s <= k);
        self.steps.truncate(keep);
        self.values.truncate(keep * self.ids.len());
        let keep = self.marks.partition_point(|m| m.step <= k);
        self.marks.truncate(keep);
    }

    /// `v.series()` without the viewer's own keys: `{ every, measures, step: [...], time: [...],
    /// values: { <id>: [...] }, marks: [{ step, path, from, to }] }` (`time` in seconds).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.json_text(&|_| None, "")).unwrap_or(Value::Null)
    }

    /// [`Series::json`] as text, written directly (no `Value` tree: smaller in the wasm module and
    /// cheaper for a long series); `label` gives a mark its `label`, `tail` is written last inside
    /// the object (the viewer's keys: `,"cursor":…`).
    pub fn json_text(&self, label: &dyn Fn(&Mark) -> Option<String>, tail: &str) -> String {
        let hz = (1.0 / super::engine::DT as f64).round();
        let n = self.steps.len();
        let mut o: Vec<u8> = Vec::with_capacity(128 + n * 8 * (self.ids.len() + 2));
        let json = |o: &mut Vec<u8>, v: &dyn erased::Json| v.push(o);
        o.extend_from_slice(b"{\"every\":");
        json(&mut o, &self.every);
        o.extend_from_slice(b",\"measures\":[");
        for (k, id) in self.ids.iter().enumerate() {
            sep(&mut o, k);
            json(&mut o, id);
        }
        o.extend_from_slice(b"],\"step\":[");
        for (r, k) in self.steps.iter().enumerate() {
            sep(&mut o, r);
            json(&mut o, k);
        }
        o.extend_from_slice(b"],\"time\":[");
        for (r, &k) in self.steps.iter().enumerate() {
            sep(&mut o, r);
            json(&mut o, &(k as f64 / hz));
        }
        o.extend_from_slice(b"],\"values\":{");
        for (k, id) in self.ids.iter().enumerate() {
            sep(&mut o, k);
            json(&mut o, id);
            o.extend_from_slice(b":[");
            for r in 0..n {
                sep(&mut o, r);
                json(&mut o, &self.value(r, k));
            }
            o.push(b']');
        }
        o.extend_from_slice(b"},\"marks\":[");
        for (i, m) in self.marks.iter().enumerate() {
            sep(&mut o, i);
            o.extend_from_slice(b"{\"step\":");
            json(&mut o, &m.step);
            o.extend_from_slice(b",\"path\":");
            json(&mut o, &m.path);
            o.extend_from_slice(b",\"from\":");
            json(&mut o, &m.from);
            o.extend_from_slice(b",\"to\":");
            json(&mut o, &m.to);
            if let Some(l) = label(m) {
                o.extend_from_slice(b",\"label\":");
                json(&mut o, &l);
            }
            o.push(b'}');
        }
        o.push(b']');
        o.extend_from_slice(tail.as_bytes());
        o.push(b'}');
        String::from_utf8(o).unwrap_or_default()
    }
}

/// A comma before every item but the first.
fn sep(o: &mut Vec<u8>, i: usize) {
    if i > 0 {
        o.push(b',');
    }
}

/// Values written as JSON text through serde_json (its shortest forms: an f32 as the shortest
/// decimal that reads back as the same f32, as `state()` writes it).
mod erased {
    pub trait Json {
        fn push(&self, o: &mut Vec<u8>);
    }
    impl<T: serde::Serialize> Json for T {
        fn push(&self, o: &mut Vec<u8>) {
            // (serde_json without `std` writes to strings only.)
            o.extend_from_slice(serde_json::to_string(self).as_deref().unwrap_or("null").as_bytes());
        }
    }
}
