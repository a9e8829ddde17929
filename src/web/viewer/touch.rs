//! Fingers on a canvas: the page's gestures kept (one finger scrolls, a tap acts as a click, two
//! fingers drag), a finger held still as the pointer, a tap that picks an agent, and the bar's ✎
//! and the menu's "Pick an agent". `events.rs` registers the listeners and sends touch here.

use super::events::client_xy;
use super::{frame, Inner};
use crate::sim::input::Input;
use crate::sim::pointer::Pointer;
use crate::sim::scenario::Interaction;
use web_sys::PointerEvent;

/// The canvas's `touch-action` while it is not active: the page scrolls (one finger) and zooms
/// (two), as over any picture in an article; `none` while the reader edits it (the bar's ✎).
pub const TOUCH_ACTION: &str = "pan-x pan-y pinch-zoom";

/// How far (CSS px) a finger may move and still tap; how long (ms) a tap may last.
const TAP_SLOP: f64 = 10.0;
const TAP_MS: f64 = 600.0;
/// How long (ms) a finger held still on the canvas waits before it becomes the pointer (as a long
/// press does on a phone: shorter than a tap's longest, so a press is one or the other).
const HOLD_MS: f64 = 450.0;
/// How far (CSS px) from an agent a tap or a click still picks it (the core picks the nearest
/// within that, given in world units: `Input::Pick`).
pub const PICK_PX: f64 = 24.0;

/// Fingers on the canvas, following embedded maps' "cooperative gestures" (Google Maps, Leaflet
/// GestureHandling): one finger scrolls the page and never edits, whatever was tapped before (a
/// tap acts, as a click does); two fingers drag (what one mouse button drags). The bar's ✎ toggle
/// (`edit`, on canvases where a drag edits) makes the canvas active: while it is (until ✎ again,
/// a tap outside the figure, or the canvas leaves the screen) one finger drags as a mouse does.
#[derive(Default)]
pub(super) struct Touch {
    /// The fingers down: pointer id, client x, y now.
    points: Vec<(i32, f64, f64)>,
    /// Where and when the first finger went down (client px, ms).
    start: (f64, f64, f64),
    /// The gesture moved past the tap's slop, or had two fingers: it is no tap.
    moved: bool,
    /// A two-finger drag is editing (since the second finger).
    two: bool,
    /// The canvas is active (the bar's ✎): touch works as the mouse.
    active: bool,
    /// When it was made active (the page's clock, ms).
    since: f64,
    /// A finger held still is the pointer (`HOLD_MS`), until it lifts: it moves the pointer (the
    /// page does not scroll under it).
    hold: bool,
    /// The bar's ◎ is pressed: the next tap or click picks an agent instead of adding something.
    pub pick: bool,
}

impl Touch {
    /// The page must not take the fingers' moves: the canvas is active, two fingers drag, or a
    /// held finger is the pointer.
    pub(super) fn keeps_moves(&self) -> bool {
        self.active || self.two || self.hold
    }

    /// A finger is down on the canvas.
    pub(super) fn down(&self) -> bool {
        !self.points.is_empty()
    }

    /// The canvas is active (the bar's ✎), since when (the page's clock, ms).
    pub(super) fn active_since(&self) -> Option<f64> {
        self.active.then_some(self.since)
    }

    fn mid(&self) -> (f64, f64) {
        let n = self.points.len().clamp(1, 2) as f64;
        let (x, y) = self.points.iter().take(2).fold((0.0, 0.0), |(x, y), p| (x + p.1, y + p.2));
        (x / n, y / n)
    }
}

/// The handlers of touch.
impl Inner {
    /// A finger on a canvas that is not active (`Touch`).
    pub(super) fn on_touch(&mut self, ev: &PointerEvent, kind: &str) {
        let id = ev.pointer_id();
        let (x, y) = client_xy(ev);
        let t = &mut self.touch;
        let changed = match kind {
            "pointerdown" => {
                t.points.retain(|p| p.0 != id);
                t.points.push((id, x, y));
                match t.points.len() {
                    1 => {
                        t.start = (x, y, frame::now(&self.window));
                        t.moved = false;
                        t.two = false;
                        t.hold = false;
                        false
                    }
                    2 if !t.two && !t.hold => {
                        // The second finger: a drag begins, at the point between the two.
                        t.two = true;
                        t.moved = true;
                        let (mx, my) = t.mid();
                        let p = self.client_world(mx, my);
                        for (pid, ..) in self.touch.points.clone() {
                            let _ = self.canvas.set_pointer_capture(pid);
                        }
                        self.drag = Some(id);
                        self.pointer(Pointer::Down(p), true)
                    }
                    _ => false,
                }
            }
            "pointermove" => {
                let Some(k) = t.points.iter().position(|p| p.0 == id) else { return };
                t.points[k] = (id, x, y);
                if t.hold {
                    // The held finger moves the pointer.
                    let p = self.client_world(x, y);
                    let (ev, dragging) = self.held(Pointer::Move(p));
                    self.pointer(ev, dragging)
                } else if t.two {
                    let (mx, my) = t.mid();
                    let p = self.client_world(mx, my);
                    self.pointer(Pointer::Move(p), true)
                } else {
                    // One finger dragging: the page's, not the scene's.
                    t.moved |= (x - t.start.0).powi(2) + (y - t.start.1).powi(2) > TAP_SLOP * TAP_SLOP;
                    false
                }
            }
            "pointerup" | "pointercancel" => {
                // (A finger whose down we did not see landed during a fling: the page took it.)
                let Some(k) = t.points.iter().position(|p| p.0 == id) else { return };
                let was_two = t.two;
                let was_held = std::mem::take(&mut t.hold);
                let (mx, my) = t.mid();
                t.points.remove(k);
                let tap = kind == "pointerup"
                    && !was_held
                    && !was_two
                    && !t.moved
                    && t.points.is_empty()
                    && frame::now(&self.window) - t.start.2 <= TAP_MS;
                if was_held {
                    // The held finger lifts: the pointer leaves (or lets go, where it dragged).
                    let p = self.client_world(x, y);
                    let (ev, dragging) = self.held(Pointer::Up(p));
                    self.pointer(ev, dragging)
                } else if was_two {
                    // One of the two fingers left: the drag ends there.
                    self.touch.two = false;
                    self.drag = None;
                    let p = self.client_world(mx, my);
                    self.pointer(Pointer::Up(p), false)
                } else if tap {
                    // A tap acts where it is (a click: down and up) and leaves touch as it was:
                    // the next one-finger swipe scrolls the page.
                    let p = self.client_world(x, y);
                    if self.picks() {
                        self.pick(p)
                    } else {
                        let a = self.pointer(Pointer::Down(p), true);
                        let b = self.pointer(Pointer::Up(p), false);
                        a || b
                    }
                } else {
                    // (A pointercancel: the page took the finger, a scroll began.)
                    t.moved = true;
                    false
                }
            }
            "pointerleave" if !self.touch.two && self.touch.points.is_empty() => self.pointer(Pointer::Leave, false),
            _ => false,
        };
        if changed && !self.playing {
            self.draw();
        }
    }

    /// Whether a tap or a click picks an agent here: where that is all a click does
    /// (`interaction` "select"), or while the bar's ◎ is pressed.
    pub(super) fn picks(&self) -> bool {
        self.touch.pick || self.sim.scenario().interaction == Interaction::Select
    }

    /// Pick the agent nearest to `p` within `PICK_PX` (in world units for the core); a miss keeps
    /// the selection. The bar's ◎ lets go once it picked. True when something is to be drawn.
    pub(super) fn pick(&mut self, p: glam::Vec2) -> bool {
        let r = (PICK_PX / self.view.scale.max(1e-6)) as f32;
        let picked = self.act(Input::Pick(p, r)).is_ok_and(|o| o.redraw);
        if picked && self.touch.pick {
            self.set_pick(false);
        }
        picked
    }

    /// The bar's ◎: pressed, the next tap picks an agent; again, it lets go.
    pub(super) fn toggle_pick(&mut self) {
        self.set_pick(!self.touch.pick);
    }

    /// The bar's ◎ (canvases where a tap adds something): the next tap picks an agent.
    pub(super) fn set_pick(&mut self, on: bool) {
        self.touch.pick = on;
        let _ = self.canvas.class_list().toggle_with_force("steerlab-picking", on);
        if let Ok(Some(b)) = self.root.query_selector("[data-action=pick]") {
            let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
    }

    /// A frame while playing: a finger held still on the canvas for `HOLD_MS` becomes the pointer
    /// (flee's threat, seek's target, the leader's goal, the player the flock flees), where the
    /// scene has one.
    pub(super) fn hold_check(&mut self, ts: f64) {
        let t = &self.touch;
        if t.hold || t.two || t.moved || t.active || t.points.len() != 1 || ts - t.start.2 < HOLD_MS {
            return;
        }
        let i = self.sim.scenario().interaction;
        if !(i == Interaction::Playground || i == Interaction::ChooseSelf || i.to_behaviours()) {
            return;
        }
        self.touch.hold = true;
        let (_, x, y) = self.touch.points[0];
        let p = self.client_world(x, y);
        let (ev, dragging) = self.held(Pointer::Down(p));
        self.pointer(ev, dragging);
    }

    /// What a held finger's down, move or up is for the scene: the pointer over it where the
    /// pointer plays (the playground: down and move are moves, up leaves), a drag elsewhere.
    fn held(&self, ev: Pointer) -> (Pointer, bool) {
        let hover = self.sim.scenario().interaction == Interaction::Playground;
        match ev {
            Pointer::Down(p) | Pointer::Move(p) if hover => (Pointer::Move(p), false),
            Pointer::Up(_) if hover => (Pointer::Leave, false),
            Pointer::Move(p) => (Pointer::Move(p), true),
            other => (other, matches!(other, Pointer::Down(_))),
        }
    }

    /// A client point in world units (quantised as the history logs it).
    fn client_world(&self, x: f64, y: f64) -> glam::Vec2 {
        let rect = self.canvas.get_bounding_client_rect();
        crate::web::history::quantise(self.view.to_world(x - rect.left(), y - rect.top()))
    }

    /// Whether a drag edits this canvas's scene (a waypoint, a target, the leader, the player,
    /// "self"); on a canvas where a click only selects an agent, a tap does that and no more.
    pub(super) fn drags(&self) -> bool {
        self.sim.scenario().interaction != Interaction::Select
    }

    /// The bar's ✎: edit with one finger, or scroll again.
    pub(super) fn toggle_edit(&mut self) {
        self.set_active(!self.touch.active);
    }

    /// Make the canvas active (one finger drags it, the page does not scroll over it) or not; the
    /// bar's ✎ says which (`aria-pressed`).
    pub(super) fn set_active(&mut self, on: bool) {
        if self.touch.active == on || (on && !self.drags()) {
            return;
        }
        self.touch.active = on;
        self.touch.since = frame::now(&self.window);
        let _ = self.canvas.style().set_property("touch-action", if on { "none" } else { TOUCH_ACTION });
        let _ = self.canvas.class_list().toggle_with_force("steerlab-active", on);
        if let Ok(Some(b)) = self.root.query_selector("[data-action=edit]") {
            let _ = b.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
    }
}
