//! The lifecycle of viewers on a page that changes under them (single-page apps swap the DOM and
//! never call `destroy()`): one registry of live viewers and failed mounts, and ONE
//! `MutationObserver` for all of them.
//!
//! - When a mutation removes nodes, every viewer whose canvas is no longer in the document is
//!   *parked*: its frame loop stops and the time is noted. A canvas that comes back within
//!   [`GRACE_MS`] resumes where it was; a viewer whose canvas is still out by then is destroyed
//!   exactly as by `destroy()` (listeners, observers, frame, DOM and wasm memory).
//! - A move done in one task (`remove()` then `append()`, `insertBefore`, `replaceChildren` that
//!   keeps it) never parks at all: the observer runs after the task and finds the canvas in place.
//!   The grace period is for moves spread over tasks (`await` between removing and inserting, a
//!   drag-and-drop that holds the node).
//! - `data-lifecycle="manual"` on the canvas opts out (a framework that caches detached DOM, like
//!   Vue's `<KeepAlive>`): such a viewer lives until `destroy()`.
//! - A failed mount leaves an error alert beside its canvas; the alert goes with the canvas on the
//!   same rule, and at once when the canvas is mounted again.
//! - The observer watches only while there is a viewer or an alert; it also watches the `class`,
//!   `style` and theme attributes of `<html>` and `<body>` and `data-theme` of each canvas, to
//!   re-theme the viewers when a site switches its colours.

use super::viewer::{self, Shared};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, MutationObserver, MutationObserverInit, MutationRecord};

/// How long a viewer whose canvas left the document waits for it to come back (milliseconds).
pub const GRACE_MS: f64 = 1000.0;

/// Attributes of `<html>` and `<body>` that sites switch their colour scheme with.
const PAGE_THEME_ATTRS: [&str; 6] = ["class", "style", "data-theme", "data-bs-theme", "data-color-scheme", "data-mode"];

struct Failed {
    canvas: HtmlCanvasElement,
    alert: Option<Element>,
    out_since: Option<f64>,
}

type Callback = Closure<dyn FnMut(js_sys::Array)>;

#[derive(Default)]
struct Registry {
    live: Vec<Shared>,
    failed: Vec<Failed>,
    /// Created once and kept (a closure dropped while it runs would be freed under it); connected
    /// only while there is something to watch.
    observer: Option<(MutationObserver, Callback)>,
    /// The grace-period timer's callback. Typed like the observer's (setTimeout passes no
    /// argument; it is never read) so that both share one closure shim in the module.
    timer_cb: Option<Callback>,
}

thread_local! {
    static REG: RefCell<Registry> = RefCell::new(Registry::default());
    static WATCHING: Cell<bool> = const { Cell::new(false) };
    static TIMER: Cell<Option<i32>> = const { Cell::new(None) };
}

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// A new viewer: keep it, watch its canvas.
pub fn register(v: &Shared) {
    REG.with(|r| r.borrow_mut().live.push(v.clone()));
    watch(v.h.canvas());
    // Mounted on a canvas that is not in the document: it has the grace period to get there.
    if !v.h.canvas().is_connected() {
        sweep();
    }
}

pub fn live_count() -> usize {
    REG.with(|r| r.borrow().live.len())
}

/// The live viewer on `canvas`, if any (parked ones included).
pub fn find(canvas: &HtmlCanvasElement) -> Option<Shared> {
    REG.with(|r| r.borrow().live.iter().find(|v| v.h.canvas() == canvas).cloned())
}

pub fn all() -> Vec<Shared> {
    REG.with(|r| r.borrow().live.clone())
}

/// Whether a live viewer waits for the page's next frame.
pub fn any_wants_frame() -> bool {
    REG.with(|r| r.borrow().live.iter().any(|v| v.h.frame_wanted()))
}

/// The `k`-th live viewer, in the order they mounted (the clock's walk, one at a time).
pub fn nth(k: usize) -> Option<Shared> {
    REG.with(|r| r.borrow().live.get(k).cloned())
}

/// Destroy a viewer and forget it.
pub fn destroy(v: &Shared) {
    viewer::destroy(v);
    REG.with(|r| r.borrow_mut().live.retain(|x| !Rc::ptr_eq(x, v)));
    settle();
    super::clock::idle();
}

/// A mount failed on `canvas`, which shows `alert` beside it.
pub fn failed(canvas: &HtmlCanvasElement, alert: Option<Element>) {
    REG.with(|r| {
        let mut r = r.borrow_mut();
        r.failed.retain(|f| &f.canvas != canvas);
        r.failed.push(Failed { canvas: canvas.clone(), alert, out_since: None });
    });
    watch(canvas);
    if !canvas.is_connected() {
        sweep();
    }
}

/// Before mounting `canvas` again: remove what an earlier failed mount left.
pub fn clear_failed(canvas: &HtmlCanvasElement) {
    let gone: Vec<Failed> = REG.with(|r| {
        let mut r = r.borrow_mut();
        let (gone, keep) = std::mem::take(&mut r.failed).into_iter().partition(|f| &f.canvas == canvas);
        r.failed = keep;
        gone
    });
    for f in gone {
        forget_failure(f);
    }
    settle();
}

fn forget_failure(f: Failed) {
    if let Some(a) = f.alert {
        a.remove();
    }
    let _ = f.canvas.class_list().remove_1("steerlab-error-canvas");
}

/// Start watching (once) and add `canvas`'s `data-theme` to what is watched.
fn watch(canvas: &HtmlCanvasElement) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let observer = REG.with(|r| {
        let mut r = r.borrow_mut();
        if r.observer.is_none() {
            let cb: Callback = Closure::new(|records: js_sys::Array| on_mutations(&records));
            if let Ok(mo) = MutationObserver::new(cb.as_ref().unchecked_ref()) {
                r.observer = Some((mo, cb));
            }
        }
        r.observer.as_ref().map(|(mo, _)| mo.clone())
    });
    let Some(mo) = observer else { return };
    if !WATCHING.with(|w| w.replace(true)) {
        let tree = MutationObserverInit::new();
        tree.set_child_list(true);
        tree.set_subtree(true);
        let _ = mo.observe_with_options(&doc, &tree);
        let attrs = MutationObserverInit::new();
        attrs.set_attributes(true);
        let names = js_sys::Array::new();
        for a in PAGE_THEME_ATTRS {
            names.push(&JsValue::from_str(a));
        }
        attrs.set_attribute_filter(&names);
        for el in [doc.document_element(), doc.body().map(Into::into)].into_iter().flatten() {
            let _ = mo.observe_with_options(&el, &attrs);
        }
    }
    let own = MutationObserverInit::new();
    own.set_attributes(true);
    own.set_attribute_filter(&js_sys::Array::of1(&JsValue::from_str("data-theme")));
    let _ = mo.observe_with_options(canvas, &own);
}

/// Nothing left to watch: disconnect and cancel the timer.
fn settle() {
    let empty = REG.with(|r| {
        let r = r.borrow();
        r.live.is_empty() && r.failed.is_empty()
    });
    if !empty {
        return;
    }
    if WATCHING.with(|w| w.replace(false)) {
        REG.with(|r| {
            if let Some((mo, _)) = r.borrow().observer.as_ref() {
                mo.disconnect();
            }
        });
    }
    if let (Some(id), Some(w)) = (TIMER.with(|t| t.take()), web_sys::window()) {
        w.clear_timeout_with_handle(id);
    }
}

/// Whether some viewer or alert waits for its canvas to come back.
fn any_parked() -> bool {
    REG.with(|r| {
        let r = r.borrow();
        r.live.iter().any(|v| v.h.parked_since().is_some()) || r.failed.iter().any(|f| f.out_since.is_some())
    })
}

fn on_mutations(records: &js_sys::Array) {
    let (mut removed, mut added, mut theme) = (false, false, false);
    for rec in records.iter() {
        let rec: MutationRecord = rec.unchecked_into();
        if rec.type_() == "attributes" {
            theme = true;
        } else {
            // Only an element can hold a canvas: the viewers' own text changes (a text node
            // replaced) are no reason to look for canvases that left.
            let gone = rec.removed_nodes();
            removed |=
                (0..gone.length()).any(|k| gone.item(k).is_some_and(|n| n.node_type() == web_sys::Node::ELEMENT_NODE));
            added |= rec.added_nodes().length() > 0;
        }
    }
    // Removals may park; additions may bring a parked canvas back.
    if removed || (added && any_parked()) {
        sweep();
    }
    if theme {
        for v in all() {
            viewer::retheme(&v);
        }
    }
}

/// Park viewers whose canvas left, resume those whose canvas came back, destroy those out for the
/// whole grace period; the same for failed mounts' alerts. Schedules itself for the next deadline.
fn sweep() {
    let t = now();
    let mut next: Option<f64> = None;
    let mut due = |since: f64| -> bool {
        let end = since + GRACE_MS;
        if t >= end {
            return true;
        }
        next = Some(next.map_or(end, |n: f64| n.min(end)));
        false
    };
    let mut doomed = Vec::new();
    for v in all() {
        let c = v.h.canvas();
        if c.is_connected() {
            if v.h.parked_since().is_some() {
                viewer::unpark(&v);
            }
        } else if c.get_attribute("data-lifecycle").as_deref() != Some("manual") {
            match v.h.parked_since() {
                None => {
                    viewer::park(&v, t);
                    due(t);
                }
                Some(since) => {
                    if due(since) {
                        doomed.push(v);
                    }
                }
            }
        }
    }
    let gone: Vec<Failed> = REG.with(|r| {
        let mut r = r.borrow_mut();
        let mut gone = Vec::new();
        for mut f in std::mem::take(&mut r.failed) {
            if f.canvas.is_connected() {
                f.out_since = None;
            } else {
                let since = *f.out_since.get_or_insert(t);
                if due(since) {
                    gone.push(f);
                    continue;
                }
            }
            r.failed.push(f);
        }
        gone
    });
    for f in gone {
        forget_failure(f);
    }
    for v in doomed {
        destroy(&v);
    }
    schedule(next);
    settle();
}

/// One timer for all deadlines: the earliest.
fn schedule(at: Option<f64>) {
    let Some(w) = web_sys::window() else { return };
    if let Some(id) = TIMER.with(|t| t.take()) {
        w.clear_timeout_with_handle(id);
    }
    let Some(at) = at else { return };
    let ms = ((at - now()).max(0.0) + 2.0).ceil() as i32;
    let id = REG.with(|r| {
        let mut r = r.borrow_mut();
        let cb = r.timer_cb.get_or_insert_with(|| {
            Closure::new(|_: js_sys::Array| {
                TIMER.with(|t| t.set(None));
                sweep();
            })
        });
        w.set_timeout_with_callback_and_timeout_and_arguments_0(cb.as_ref().unchecked_ref(), ms).ok()
    });
    TIMER.with(|t| t.set(id));
}
