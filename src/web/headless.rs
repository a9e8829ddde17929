//! A simulation without a canvas: `new Run(scenario, set, seed)`, for tools that run the module
//! outside a page (`npx steerlab validate` proves a challenge solvable with it, in Node). It starts
//! as a mounted canvas does (the scenario, `data-set`, `data-seed`: `share::start`'s rules and
//! messages) and every change goes through the history as the viewer's (`Viewer.set`, `reset`,
//! `step`), so it runs the page's trajectory step for step.

use super::{js_err, scenario_from};
use crate::sim::history::History;
use crate::sim::input::Input;
use crate::sim::link;
use crate::sim::params::with_sets;
use crate::sim::Sim;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct Run {
    sim: Sim,
    hist: History,
}

#[wasm_bindgen]
impl Run {
    /// `scenario`: a built-in's name (registered), JSON text or an object; `set`: a `data-set`
    /// text (`{"path": value}`); `seed`: a `data-seed`. Throws the message a mount would show.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: JsValue, set: Option<String>, seed: Option<f64>) -> Result<Run, JsValue> {
        let mut sc = scenario_from(&scenario).map_err(js_err)?;
        if let Some(text) = set.filter(|t| !t.trim().is_empty()) {
            let sets = link::parse_sets(&text).map_err(js_err)?;
            sc = with_sets(&sc, &sets).map_err(|e| js_err(format!("data-set: {e}")))?;
        }
        if let Some(s) = seed {
            sc.seed = s as u64;
        }
        let sim = Sim::new(sc).map_err(js_err)?;
        let hist = History::new(&sim);
        Ok(Run { sim, hist })
    }

    /// Set a parameter by path, as `Viewer.set` does (a bad path or value throws its message).
    pub fn set(&mut self, path: &str, value: JsValue) -> Result<(), JsValue> {
        let v = if let Some(x) = value.as_f64() {
            serde_json::Number::from_f64(x)
                .map(serde_json::Value::Number)
                .ok_or_else(|| js_err(format!("{path}: must be a finite number")))?
        } else if let Some(b) = value.as_bool() {
            serde_json::Value::Bool(b)
        } else if let Some(s) = value.as_string() {
            serde_json::Value::String(s)
        } else {
            return Err(js_err(format!("{path}: give a number, a boolean or a string")));
        };
        self.hist.act(&mut self.sim, Input::Set(Box::new((path.to_string(), v)))).map(|_| ()).map_err(js_err)
    }

    /// A parameter's value by path (`Viewer.get`).
    pub fn get(&self, path: &str) -> Result<JsValue, JsValue> {
        super::params::get(&self.sim, path).map(|v| super::params::to_js(&v)).map_err(js_err)
    }

    /// Back to the first step with the current parameters (`Viewer.reset`).
    pub fn reset(&mut self) -> Result<(), JsValue> {
        self.hist.act(&mut self.sim, Input::Reset).map(|_| ()).map_err(js_err)
    }

    /// `n` fixed steps (`Viewer.step`).
    pub fn step(&mut self, n: Option<u32>) {
        for _ in 0..n.unwrap_or(1) {
            self.hist.step(&mut self.sim, false);
        }
    }

    /// What a challenge reads: `{ time, steps, agents: <count>, metrics }` (`Viewer.state()`'s
    /// numbers without the agents' list).
    pub fn measures(&self) -> Result<JsValue, JsValue> {
        // (Written as `Viewer.state` writes its JSON: one serializer in the module.)
        let mut s = self.sim.state_json();
        let n = s["agents"].as_array().map_or(0, |a| a.len());
        s["agents"] = n.into();
        for k in ["obstacles", "food", "scenario", "waypoints"] {
            s[k] = serde_json::Value::Null;
        }
        js_sys::JSON::parse(&serde_json::to_string(&s).map_err(|e| js_err(e.to_string()))?)
    }
}
