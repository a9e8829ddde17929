//! The panic boundary. With `panic = "abort"` a panic cannot be caught: the call traps and JS gets
//! a `RuntimeError`. The hook runs first: it logs the message, then stops the one viewer the panic
//! happened in (its canvas shows the error; its callbacks return at once from then on). Every other
//! viewer has its own state and keeps running on the page's clock (`clock.rs`).

use super::Handles;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Install the hook (at module start). No `take_hook` here: it would link std's default hook,
/// ~4 KB gzipped.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        panic_boundary(info);
    }));
}

/// What the panic hook does after logging: stop the viewer the panic happened in (or show the
/// error on the canvas being mounted). Public for test harnesses that install their own hook.
pub fn panic_boundary(info: &std::panic::PanicHookInfo<'_>) {
    let p = info.payload();
    let what = p.downcast_ref::<&str>().copied().or_else(|| p.downcast_ref::<String>().map(|s| s.as_str()));
    let what = what.unwrap_or("panic");
    let msg = match info.location() {
        Some(l) => format!("{what} (at {}:{})", l.file(), l.line()),
        None => what.to_string(),
    };
    on_panic(&msg);
}

thread_local! {
    /// What the code running right now works for, for the panic hook: a viewer, or a canvas being
    /// mounted. Set by `Guard` at every entry from JS (API calls, callbacks).
    static CURRENT: Cell<Option<Current>> = const { Cell::new(None) };
}

#[derive(Clone)]
enum Current {
    Viewer(Rc<Handles>),
    Mounting(HtmlCanvasElement),
}

/// Marks the viewer (or canvas) the current call into wasm works for; restores the previous mark
/// when dropped. A panic never drops it (nothing unwinds), so the hook finds the mark in place.
pub struct Guard(Option<Current>);

impl Guard {
    fn set(c: Current) -> Guard {
        Guard(CURRENT.with(|cur| cur.replace(Some(c))))
    }
    pub fn mounting(canvas: &HtmlCanvasElement) -> Guard {
        Guard::set(Current::Mounting(canvas.clone()))
    }
    pub(super) fn viewer(h: &Rc<Handles>) -> Guard {
        Guard::set(Current::Viewer(h.clone()))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let prev = self.0.take();
        CURRENT.with(|cur| cur.set(prev));
    }
}

impl Handles {
    /// This viewer stops (no more frames; its callbacks return at once), its canvas shows the
    /// error; every other viewer keeps running.
    fn fail(&self, msg: &str) {
        if self.failure.borrow().is_some() || self.destroyed.get() {
            return;
        }
        *self.failure.borrow_mut() = Some(msg.to_string());
        // No more frames for this one; the page's clock asks for the next frame again, so the
        // viewers after it in a frame that stopped here run in the next one.
        self.frame.set(false);
        crate::web::clock::want();
        let _ = self.root.class_list().add_1("steerlab-failed");
        crate::web::show_error(
            &self.canvas,
            &format!("internal error, this visualisation stopped (the others keep running): {msg}"),
        );
    }
}

/// Called by the panic hook (after the console message): stop the viewer the panic happened in.
pub fn on_panic(msg: &str) {
    match CURRENT.with(|cur| cur.take()) {
        Some(Current::Viewer(h)) => h.fail(msg),
        Some(Current::Mounting(canvas)) => {
            let alert = crate::web::show_error(&canvas, &format!("internal error while mounting: {msg}"));
            crate::web::lifecycle::failed(&canvas, alert);
        }
        None => {}
    }
}
