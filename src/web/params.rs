//! Parameters and the page's events: the shell's reads of the core's parameters in one place (the
//! core's API is moving to accessors), and the `steerlab:*` events that report to the page.
//!
//! Events (all `CustomEvent`s that bubble, dispatched on the canvas):
//! - `steerlab:mounted`, detail `{ viewer }`: the viewer exists (fired inside `mount()`, after it is
//!   registered, so `viewerFor(canvas)` already finds it).
//! - `steerlab:error`, detail `{ message }`: a mount failed (the same message `mount()` throws).
//! - `steerlab:change`, detail `{ path, value, source }`: a parameter changed. `source` is
//!   `"control"` (the viewer's slider, toggle, select or "new seed" button, `path` as the control
//!   names it, `"seed"` for the button) or `"api"` (`set(path, value)`, `path` as given, fired only
//!   when the value read back differs), `"seek"` (`seek()`, the ← key), `"scrub"` (the scrub bar),
//!   `"link"` (a link's logged inputs replayed at mount) or `"replay"` (stepping or playing through
//!   the recorded future after a seek back replayed a logged change): each controlled parameter
//!   the history replayed to another value. `value` is read back through `get(path)`, so it is what the
//!   simulation now uses, and the controls show it. `reset()` restarts from the current parameters
//!   and changes none, so it fires no change event.

use crate::sim::param_path::Params;
use crate::sim::Sim;
use serde_json::Value;
use wasm_bindgen::JsValue;
use web_sys::{CustomEvent, CustomEventInit, EventTarget};

/// The value at a parameter path, as `set` resolves it.
pub fn get(sim: &Sim, path: &str) -> Result<Value, String> {
    sim.get_value(path)
}

/// The step of control `k` (the number of decimals its value is shown with).
pub fn control_step(sim: &Sim, k: usize) -> f64 {
    sim.scenario().controls.get(k).map_or(0.01, |c| c.step)
}

/// A parameter's value as a JS value. Parameters are numbers, booleans, strings or null (a path
/// naming a group is refused by `get`), so nothing else needs converting.
pub fn to_js(v: &Value) -> JsValue {
    match v {
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => JsValue::from_f64(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => JsValue::from_str(s),
        _ => JsValue::NULL,
    }
}

/// Whether two parameter values are the same (scalars; comparing whole `Value`s would link the
/// map comparison into the module for nothing).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Null, Value::Null) => true,
        _ => false,
    }
}

/// The controls' parameters that differ between `before` (`sim.params()` earlier) and now, as
/// changes from `source`, onto `out` (after a seek, a scrub or a link).
#[inline(never)]
pub fn changes_since(sim: &Sim, before: Option<Params>, source: &'static str, out: &mut Vec<Change>) {
    let (Some(before), Ok(now)) = (before, sim.params()) else { return };
    for c in &sim.scenario().controls {
        if let (Ok(b), Ok(value)) = (before.get(&c.param), now.get(&c.param)) {
            if !same(&b, &value) {
                out.push(Change { path: c.param.clone(), value, source });
            }
        }
    }
}

/// A change waiting to be reported (events are dispatched once the viewer's state is released,
/// so a listener can call back into the viewer).
pub struct Change {
    pub path: String,
    pub value: Value,
    pub source: &'static str,
}

/// Dispatch a bubbling `CustomEvent` named `kind` on `target` with `detail`.
pub fn emit(target: &EventTarget, kind: &str, detail: &JsValue) {
    let init = CustomEventInit::new();
    init.set_bubbles(true);
    init.set_detail(detail);
    if let Ok(e) = CustomEvent::new_with_event_init_dict(kind, &init) {
        let _ = target.dispatch_event(&e);
    }
}

/// `{ k: v, … }` as a JS object.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

/// Report changes as `steerlab:change` events on `target`.
pub fn emit_changes(target: &EventTarget, changes: Vec<Change>) {
    for c in changes {
        let detail = object(&[
            ("path", JsValue::from_str(&c.path)),
            ("value", to_js(&c.value)),
            ("source", JsValue::from_str(c.source)),
        ]);
        emit(target, "steerlab:change", &detail);
    }
}
