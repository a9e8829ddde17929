//! The page's clock, as in eframe's web runner (`crates/eframe/src/web/app_runner.rs`): ONE
//! `requestAnimationFrame` loop for the whole page. It drives every viewer that plays (or is
//! reaching a link's step) and every frame a page's script asks for (`requestFrame`: the
//! comparison's lockstep, the GPU engine), and stops when nothing asks: a page at rest has no
//! frame callback at all.
//!
//! - A viewer asks for the next frame with [`want`] (its `ensure_frame`: playing, on screen, the
//!   tab visible); a script with `requestFrame(callback)`, once, as with `requestAnimationFrame`
//!   (it asks again from its callback to keep going, and returns at once from a frame it no longer
//!   wants: paused, destroyed).
//! - In a frame every viewer that asked runs its frame first (in the order they mounted), then the
//!   scripts' callbacks, all with the frame's timestamp: a script that reads a viewer (a chart, a
//!   challenge through the viewer's step hook, `Viewer::on_step`) sees this frame's step.
//! - A panic in a viewer's frame stops that viewer only (the panic boundary, `viewer/panic.rs`,
//!   asks for the next frame again: the viewers after it in this frame run in the next one).

use super::lifecycle;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[derive(Default)]
struct Clock {
    /// The one frame callback, made once and kept (a closure dropped while it runs is freed under
    /// it).
    cb: Option<Closure<dyn FnMut(f64)>>,
    /// The frame requested, if one is.
    id: Option<i32>,
    /// The scripts' callbacks for the next frame.
    calls: Vec<js_sys::Function>,
}

/// The clock (a `'static` reference from one non-generic function: each `CLOCK.with(…)` closure
/// would be a copy of the thread-local's access in the module).
fn clock() -> &'static RefCell<Clock> {
    thread_local!(static CLOCK: &'static RefCell<Clock> = Box::leak(Box::default()));
    CLOCK.with(|c| *c)
}

/// Ask for the next frame (once: a frame already asked for is not asked again). A frame that
/// comes when nothing asks any more (a viewer paused meanwhile) does nothing and asks for no other.
pub fn want() {
    let Some(w) = web_sys::window() else { return };
    let mut c = clock().borrow_mut();
    if c.id.is_none() {
        let cb = c.cb.get_or_insert_with(|| Closure::new(tick));
        c.id = w.request_animation_frame(cb.as_ref().unchecked_ref()).ok();
    }
}

/// After a viewer leaves: the frame asked for is given back when nothing wants it any more (no
/// viewer waits for a frame, no script's callback is due), so a page whose last figure went has
/// no frame callback pending.
pub fn idle() {
    let Some(w) = web_sys::window() else { return };
    if lifecycle::any_wants_frame() {
        return;
    }
    let mut c = clock().borrow_mut();
    if c.calls.is_empty() {
        if let Some(id) = c.id.take() {
            let _ = w.cancel_animation_frame(id);
        }
    }
}

/// One frame: the viewers that asked, then the scripts' callbacks.
fn tick(ts: f64) {
    clock().borrow_mut().id = None;
    // One viewer at a time from the live list (a viewer's frame may destroy another: its step
    // hook, a `steerlab:change` listener).
    let mut k = 0;
    while let Some(v) = lifecycle::nth(k) {
        k += 1;
        if v.h.take_frame() {
            if let Ok(mut i) = v.enter() {
                i.frame(ts);
            }
        }
    }
    let calls = std::mem::take(&mut clock().borrow_mut().calls);
    for f in &calls {
        if let Err(e) = f.call1(&JsValue::UNDEFINED, &JsValue::from_f64(ts)) {
            web_sys::console::error_2(&JsValue::from_str("steerlab: a frame callback failed:"), &e);
        }
    }
    // (A viewer that asked while the list shifted under the loop.)
    if lifecycle::any_wants_frame() {
        want();
    }
}

/// Call `callback(timestamp)` in the page's next frame, with the viewers' (once, as
/// `requestAnimationFrame` does: ask again from the callback to keep going; a callback that no
/// longer wants its frame returns at once). The page's scripts that animate (the comparison, the
/// GPU engine) use it, so a page has one frame loop, which stops when nothing asks.
#[wasm_bindgen(js_name = requestFrame)]
pub fn request_frame(callback: js_sys::Function) {
    clock().borrow_mut().calls.push(callback);
    want();
}
