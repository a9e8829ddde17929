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
            // (The hooks as they were, each called with the list released: a hook may remove
            // itself or another, or add one; one removed meanwhile is not called.)
            let list = self.hooks.borrow().clone();
            for f in &list {
                let on = self.hooks.borrow().iter().any(|g| AsRef::<JsValue>::as_ref(g) == AsRef::<JsValue>::as_ref(f));
                if on {
                    if let Err(e) = f.call1(&JsValue::UNDEFINED, &JsValue::from_f64(step as f64)) {
                        web_sys::console::error_1(&e);
                    }
                }
            }
        }
    }

    /// Add or remove a step hook (`Viewer::on_step`, `off_step`).
    pub fn hook(&self, f: js_sys::Function, on: bool) {
        let mut hooks = self.hooks.borrow_mut();
        let same = |g: &js_sys::Function| AsRef::<JsValue>::as_ref(g) == AsRef::<JsValue>::as_ref(&f);
        if let Some(k) = hooks.iter().position(same) {
            hooks.remove(k);
        }
        if on && !self.destroyed() {
            hooks.push(f);
        }
    }
}
