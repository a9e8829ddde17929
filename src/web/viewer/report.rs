//! What a call into a viewer changed, reported once the viewer is free again (`Entered`'s drop):
//! the parameters that changed (`steerlab:change` events, `params.rs`), then the new state shown,
//! to the step hooks (`Viewer::on_step`: a challenge checks, a chart redraws; nothing runs while a
//! figure rests). A hook may call back into the viewer.

use super::Handles;
use crate::web::params;
use wasm_bindgen::JsValue;

impl Handles {
    /// Report what the last callback or API call changed: the parameters (`steerlab:change`),
    /// then the new state shown, to the step hooks. Called with the viewer's state released.
    #[inline(never)]
    pub fn flush_changes(&self) {
        let changes = self.pending.take();
        if !changes.is_empty() {
            params::emit_changes(&self.canvas, changes);
        }
        if let Some(step) = self.shown.take() {
            // (A copy: a hook may remove itself, or add another.)
            let hooks = self.hooks.borrow().clone();
            for f in hooks.iter().filter(|_| !self.destroyed()) {
                if let Err(e) = f.call1(&JsValue::UNDEFINED, &JsValue::from_f64(step as f64)) {
                    web_sys::console::error_2(&JsValue::from_str("steerlab: a step hook failed:"), &e);
                }
            }
        }
    }

    /// Add or remove a step hook (`Viewer::on_step`, `off_step`).
    pub fn hook(&self, f: js_sys::Function, on: bool) {
        let mut hooks = self.hooks.borrow_mut();
        let other = |g: &js_sys::Function| AsRef::<JsValue>::as_ref(g) != AsRef::<JsValue>::as_ref(&f);
        hooks.retain(other);
        if on && !self.destroyed() {
            hooks.push(f);
        }
    }
}
