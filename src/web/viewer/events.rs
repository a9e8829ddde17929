//! Events in: every listener and observer a viewer registers (`attach`) and removes (`detach`),
//! and the handlers they call. Each callback holds the viewer weakly and enters it (the panic
//! boundary's mark, the state borrowed); a destroyed, failed or busy viewer ignores the event.

use super::{controls, frame, Handles, Inner, Listener, Shared, Slot};
use crate::sim::input::Input;
use crate::sim::pointer::Pointer;
use crate::web::history as timeline;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, EventTarget, HtmlInputElement, IntersectionObserver, IntersectionObserverEntry, KeyboardEvent,
    PointerEvent, ResizeObserver,
};

type Handler = Box<dyn FnMut(&mut Inner, Event)>;

/// Register every listener and observer, owned by the viewer.
pub fn attach(shared: &Shared) -> Result<(), JsValue> {
    let weak: Weak<Slot> = Rc::downgrade(shared);
    let h = &shared.h;
    let inner = shared.cell.borrow_mut();
    // (No frame callback of its own: the page's clock, `clock.rs`, runs every viewer's frame.)

    let canvas: EventTarget = inner.canvas.clone().into();
    let root: EventTarget = inner.root.clone().into();
    let doc: EventTarget = inner.document.clone().into();
    let add = |target: &EventTarget, kind: &'static str, f: Handler| -> Result<Listener, JsValue> {
        let w = weak.clone();
        let mut f = f;
        let cb = Closure::<dyn FnMut(Event)>::new(move |ev: Event| {
            if let Some(s) = w.upgrade() {
                if let Ok(mut i) = s.enter() {
                    f(&mut i, ev);
                }
                s.h.flush_changes();
            }
        });
        target.add_event_listener_with_callback(kind, cb.as_ref().unchecked_ref())?;
        Ok((target.clone(), kind, cb))
    };
    let mut listeners = Vec::new();
    for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel", "pointerleave", "dblclick"] {
        listeners.push(add(
            &canvas,
            kind,
            Box::new(move |i, ev| {
                if let Some(pe) = ev.dyn_ref::<PointerEvent>() {
                    i.on_pointer(pe, kind);
                } else if let Some(me) = ev.dyn_ref::<web_sys::MouseEvent>() {
                    // dblclick is a MouseEvent: treat its coordinates the same way.
                    let p = i.event_world(me);
                    if i.pointer(Pointer::DoubleClick(p), false) && !i.playing {
                        i.draw();
                    }
                }
            }),
        )?);
    }
    listeners.push(add(
        &canvas,
        "keydown",
        Box::new(|i, ev| {
            if let Some(k) = ev.dyn_ref::<KeyboardEvent>() {
                i.on_key(k);
            }
        }),
    )?);
    listeners.push(add(&root, "click", Box::new(|i, ev| i.on_click(&ev)))?);
    listeners.push(add(
        &root,
        "keydown",
        Box::new(|i, ev| {
            if let Some(k) = ev.dyn_ref::<KeyboardEvent>() {
                if k.key() == "Escape" && i.close_folds(true) {
                    k.prevent_default();
                }
            }
        }),
    )?);
    // Focus gone elsewhere than the figure (a tap on the text): one finger scrolls again.
    listeners.push(add(
        &canvas,
        "blur",
        Box::new(|i, ev| {
            let to = js_sys::Reflect::get(&ev, &JsValue::from_str("relatedTarget")).ok();
            if !to.and_then(|t| t.dyn_into::<web_sys::Node>().ok()).is_some_and(|t| i.root.contains(Some(&t))) {
                i.set_active(false);
            }
        }),
    )?);
    // Two fingers: the page must not take the gesture (pan or pinch) — the only listener that
    // cancels, so non-passive, and only on the canvas; one finger is left to the page.
    {
        let w = weak.clone();
        let cb = Closure::<dyn FnMut(Event)>::new(move |ev: Event| {
            let fingers = js_sys::Reflect::get(&ev, &JsValue::from_str("touches"))
                .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("length")))
                .ok()
                .and_then(|n| n.as_f64())
                .unwrap_or(0.0);
            let active = w.upgrade().and_then(|s| s.peek().map(|i| i.touch.keeps_moves())).unwrap_or(false);
            if (fingers >= 2.0 || active) && ev.cancelable() {
                ev.prevent_default();
            }
        });
        let opts = web_sys::AddEventListenerOptions::new();
        opts.set_passive(false);
        canvas.add_event_listener_with_callback_and_add_event_listener_options(
            "touchmove",
            cb.as_ref().unchecked_ref(),
            &opts,
        )?;
        listeners.push((canvas.clone(), "touchmove", cb));
    }
    // A finger held on the canvas is the pointer (`HOLD_MS`): the browser's long-press menu stays
    // shut while a finger is down.
    listeners.push(add(
        &canvas,
        "contextmenu",
        Box::new(|i, ev| {
            if i.touch.down() {
                ev.prevent_default();
            }
        }),
    )?);
    // The controls: in the wrapper, and in the page's slot for them when it has one.
    let slot = h.slot_panel.clone().map(EventTarget::from);
    for at in std::iter::once(&root).chain(slot.as_ref()) {
        listeners.push(add(at, "input", Box::new(|i, ev| i.on_input(&ev)))?);
        listeners.push(add(
            at,
            "change",
            Box::new(|i, ev| {
                // Sliders already reported on `input`; checkboxes and selects report here.
                let target = ev.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok());
                let is_range = target.as_ref().is_some_and(|x| x.type_() == "range");
                if !is_range {
                    i.on_input(&ev)
                } else if target.is_some_and(|t| timeline::is_scrub(&t)) && i.tl.fine() {
                    // The scrub bar let go in fine mode: its window centred on the step it stopped at.
                    i.tl.recentre(&i.sim);
                    let t = frame::now(&i.window);
                    i.tl.show(&i.sim, i.lang, t, false);
                }
            }),
        )?);
    }
    // (A slider's − and + in the page's slot: their clicks.)
    if let Some(at) = &slot {
        listeners.push(add(at, "click", Box::new(|i, ev| i.on_click(&ev)))?);
    }
    listeners.push(add(
        &doc,
        "visibilitychange",
        Box::new(|i, _| {
            i.last_ts = None;
            i.ensure_frame();
        }),
    )?);
    // The reader's colour scheme: re-theme and repaint when it changes.
    if let Ok(Some(mq)) = inner.window.match_media("(prefers-color-scheme: dark)") {
        let mq: EventTarget = mq.into();
        listeners.push(add(&mq, "change", Box::new(|i, _| i.retheme()))?);
    }
    let panel: EventTarget = inner.inspector.panel().clone().into();
    for kind in ["pointerover", "pointerleave", "focusin", "focusout", "keydown", "click"] {
        listeners.push(add(&panel, kind, Box::new(|i, ev| i.on_inspector(&ev)))?);
    }
    h.listeners.replace(listeners);

    // ResizeObserver: re-fit the backing store, redraw when paused.
    let w = weak.clone();
    let rcb = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        if let Some(s) = w.upgrade() {
            if let Ok(mut i) = s.enter() {
                i.fit_and_draw();
            }
        }
    });
    let ro = ResizeObserver::new(rcb.as_ref().unchecked_ref())?;
    ro.observe(&inner.canvas);
    h.resize.replace(Some((ro, rcb)));

    // IntersectionObserver: no frames while offscreen.
    let w = weak.clone();
    let icb = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        if let Some(s) = w.upgrade() {
            if let Ok(mut i) = s.enter() {
                if let Some(e) = entries.iter().last().and_then(|e| e.dyn_into::<IntersectionObserverEntry>().ok()) {
                    i.on_screen = e.is_intersecting();
                    // Scrolled away (seen after ✎ was pressed, not an older entry that arrives
                    // late): the next swipe over it, back on screen, scrolls again.
                    if !i.on_screen && i.touch.active_since().is_some_and(|t| e.time() > t) {
                        i.set_active(false);
                    }
                    i.last_ts = None;
                    i.ensure_frame();
                }
            }
        }
    });
    let io = IntersectionObserver::new(icb.as_ref().unchecked_ref())?;
    io.observe(&inner.canvas);
    h.intersect.replace(Some((io, icb)));
    Ok(())
}

/// Cancel the frame, remove every listener, disconnect the observers, drop the closures.
pub(super) fn detach(h: &Handles) {
    h.cancel_frame();
    for (target, kind, cb) in h.listeners.take() {
        let _ = target.remove_event_listener_with_callback(kind, cb.as_ref().unchecked_ref());
    }
    if let Some((ro, _cb)) = h.resize.take() {
        ro.disconnect();
    }
    if let Some((io, _cb)) = h.intersect.take() {
        io.disconnect();
    }
}

/// The handlers.
impl Inner {
    /// A mouse or pointer event's position in world units (quantised as the history logs it).
    fn event_world(&self, ev: &web_sys::MouseEvent) -> glam::Vec2 {
        let rect = self.canvas.get_bounding_client_rect();
        let (x, y) = client_xy(ev);
        timeline::quantise(self.view.to_world(x - rect.left(), y - rect.top()))
    }

    fn on_pointer(&mut self, ev: &PointerEvent, kind: &str) {
        if ev.pointer_type() == "touch" && self.touch.active_since().is_none() {
            self.on_touch(ev, kind);
            return;
        }
        let p = self.event_world(ev);
        let changed = match kind {
            "pointerdown" => {
                if ev.button() != 0 {
                    return;
                }
                let _ = self.canvas.focus();
                if self.picks() {
                    // (Nothing to drag: a press that picks selects and no more.)
                    self.pick(p)
                } else {
                    let _ = self.canvas.set_pointer_capture(ev.pointer_id());
                    self.drag = Some(ev.pointer_id());
                    self.pointer(Pointer::Down(p), true)
                }
            }
            "pointermove" => {
                let dragging = self.drag == Some(ev.pointer_id());
                self.pointer(Pointer::Move(p), dragging)
            }
            "pointerup" | "pointercancel" if self.drag == Some(ev.pointer_id()) => {
                self.drag = None;
                let _ = self.canvas.release_pointer_capture(ev.pointer_id());
                self.pointer(Pointer::Up(p), false)
            }
            "pointerleave" if self.drag.is_none() => self.pointer(Pointer::Leave, false),
            "dblclick" => self.pointer(Pointer::DoubleClick(p), false),
            _ => false,
        };
        if changed && !self.playing {
            self.draw();
        }
    }

    fn on_key(&mut self, ev: &KeyboardEvent) {
        match ev.key().as_str() {
            " " | "Spacebar" => {
                ev.prevent_default();
                self.toggle_play();
            }
            "ArrowRight" => {
                ev.prevent_default();
                self.step(1);
                self.draw();
            }
            "ArrowLeft" => {
                ev.prevent_default();
                self.pause();
                self.seek(self.sim.steps.saturating_sub(1), "seek");
            }
            "r" | "R" => {
                self.reset();
            }
            "Delete" | "Backspace" if self.act(Input::Delete).is_ok_and(|o| o.changed) => {
                self.draw();
            }
            _ => {}
        }
    }

    /// A click in the viewer's wrapper: a button of the bar (`controls::BUTTONS`), else one of
    /// the share dialog's.
    fn on_click(&mut self, ev: &Event) {
        let Some(t) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let Ok(Some(b)) = t.closest("[data-action]") else { return };
        let Some(action) = b.get_attribute("data-action") else { return };
        if action == "nudge" {
            self.nudge(&b);
            return;
        }
        match controls::button(&action) {
            Some(button) => {
                (button.run)(self);
                if button.place == controls::Place::Menu {
                    self.close_folds(false);
                }
            }
            None => {
                crate::web::share::on_action(&self.root, &action, self.lang);
            }
        }
    }

    /// A control changed: sliders on `input`, toggles and selects on `change`.
    fn on_input(&mut self, ev: &Event) {
        let Some(t) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        if timeline::is_scrub(&t) {
            let v = t.dyn_ref::<HtmlInputElement>().map_or(0.0, |i| i.value_as_number());
            self.pause();
            self.seek(if v.is_finite() { v.max(0.0) as u64 } else { 0 }, "scrub");
        } else if let Some(key) = t.get_attribute("data-overlay") {
            let on = t.dyn_ref::<HtmlInputElement>().is_some_and(|i| i.checked());
            self.on_overlay(&key, on);
        } else if let Some(param) = t.get_attribute("data-param") {
            self.on_control(&t, param);
        }
    }

    /// An event on the inspector's panel (hover, focus, keys, ‹ ›).
    fn on_inspector(&mut self, ev: &Event) {
        if self.inspector.on_event(ev, &mut self.sim) && !self.playing {
            self.draw();
        }
    }
}

/// `clientX` / `clientY` as the browser has them: pointer events carry fractions of a CSS pixel
/// (a 2× screen, a scaled page), which web-sys' `client_x()` (an `i32`) would cut off — up to two
/// world units on a narrow canvas of a 640-unit world.
pub(super) fn client_xy(ev: &web_sys::MouseEvent) -> (f64, f64) {
    let get = |k: &str| js_sys::Reflect::get(ev, &JsValue::from_str(k)).ok().and_then(|v| v.as_f64());
    match (get("clientX"), get("clientY")) {
        (Some(x), Some(y)) => (x, y),
        _ => (ev.client_x() as f64, ev.client_y() as f64),
    }
}
