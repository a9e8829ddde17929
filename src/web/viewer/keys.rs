//! The keyboard cursor (issue 49): what a mouse does on the canvas, by keys. Enter shows a cursor
//! on the focused canvas; the arrows move it (Shift: further), Enter acts there as a tap does, G
//! grabs what is under it and drops it (arrows drag it meanwhile), N and Shift+N go to the next and
//! previous object (a waypoint, an agent, an obstacle, food, the target) and select it where a tap
//! would, Delete removes the selected waypoint and Escape hides the cursor. Every action is the
//! pointer input a mouse would give (the same history, the same trajectories); `v.scene()` carries
//! the cursor's place for the sentences (`www/describe.js`).

use super::Inner;
use crate::sim::describe::region;
use crate::sim::json_path::f32v;
use crate::sim::pointer::Pointer;
use crate::sim::scenario::Interaction;
use glam::Vec2;
use web_sys::KeyboardEvent;

/// The cursor: where it is (world units; `None`: hidden), whether it holds what it grabbed, and
/// the object `N` went to last.
#[derive(Default)]
pub(super) struct Cursor {
    at: Option<Vec2>,
    grab: bool,
    next: usize,
}

impl Inner {
    /// A key for the cursor; true when it was one (the canvas's other keys are then skipped).
    pub(super) fn on_cursor_key(&mut self, ev: &KeyboardEvent) -> bool {
        let size = self.sim.world().size();
        let key = ev.key();
        let c = &self.cursor;
        let p = c.at.unwrap_or(size * 0.5);
        let d = size.min_element() / if ev.shift_key() { 8.0 } else { 40.0 };
        let mv = match key.as_str() {
            "ArrowLeft" => Vec2::new(-d, 0.0),
            "ArrowRight" => Vec2::new(d, 0.0),
            "ArrowUp" => Vec2::new(0.0, -d),
            "ArrowDown" => Vec2::new(0.0, d),
            _ => Vec2::ZERO,
        };
        let grab = c.grab;
        match key.as_str() {
            _ if mv != Vec2::ZERO && c.at.is_some() => {
                let q = (p + mv).clamp(Vec2::ZERO, size);
                self.cursor.at = Some(q);
                self.pointer(Pointer::Move(q), grab);
            }
            "Enter" if c.at.is_none() => self.cursor.at = Some(p),
            "Enter" if grab => self.drop_grab(p),
            "Enter" => {
                self.pointer(Pointer::Down(p), true);
                self.pointer(Pointer::Up(p), false);
            }
            "g" | "G" if c.at.is_some() => {
                if grab {
                    self.drop_grab(p);
                } else {
                    self.cursor.grab = true;
                    self.pointer(Pointer::Down(p), true);
                }
            }
            "n" | "N" => self.next_object(ev.shift_key()),
            "Escape" if c.at.is_some() => {
                if grab {
                    self.drop_grab(p);
                }
                self.cursor.at = None;
            }
            _ => return false,
        }
        ev.prevent_default();
        if !self.playing {
            self.draw();
        }
        true
    }

    /// The canvas lost the focus: the cursor drops what it holds and hides; touch is inactive.
    pub(super) fn blur(&mut self) {
        self.set_active(false);
        if let Some(p) = self.cursor.at.take() {
            if self.cursor.grab {
                self.drop_grab(p);
            }
            if !self.playing {
                self.draw();
            }
        }
    }

    fn drop_grab(&mut self, p: Vec2) {
        self.cursor.grab = false;
        self.pointer(Pointer::Up(p), false);
    }

    /// `N`: the cursor to the next object of the scene (Shift: the previous), selected where a tap
    /// selects it (an agent, a waypoint).
    fn next_object(&mut self, back: bool) {
        let sc = self.sim.scenario();
        let scene = self.sim.scene();
        let agents = self.sim.agents();
        let points: Vec<Vec2> = match sc.interaction {
            Interaction::Waypoints => scene.path.waypoints.clone(),
            Interaction::Playground => scene.obstacles.iter().map(|o| o.0).chain(scene.food.iter().copied()).collect(),
            Interaction::Select | Interaction::ChooseSelf => agents.iter().map(|a| a.position).collect(),
            // The role objects as drawn (the target, the leader …), else the agents.
            _ => {
                let roles = &crate::sim::describe::ROLES;
                let mut v: Vec<Vec2> = Vec::new();
                for c in &self.renderer.list.cmds {
                    if let (true, crate::sim::draw::Shape::Agent { pos: p, .. } | crate::sim::draw::Shape::Circle { c: p, .. }) =
                        (roles.iter().any(|r| r.0 == c.style), c.shape)
                    {
                        v.push(p);
                    }
                }
                if v.is_empty() {
                    v = agents.iter().map(|a| a.position).collect();
                }
                v
            }
        };
        drop(agents);
        let n = points.len();
        if n == 0 {
            return;
        }
        let k = match self.cursor.at {
            None => 0,
            Some(_) if back => (self.cursor.next + n - 1) % n,
            Some(_) => (self.cursor.next + 1) % n,
        };
        self.cursor.next = k;
        let p = points[k];
        self.cursor.at = Some(p);
        if matches!(sc.interaction, Interaction::Waypoints | Interaction::Select | Interaction::ChooseSelf) {
            self.pointer(Pointer::Down(p), true);
            self.pointer(Pointer::Up(p), false);
        }
    }

    /// The cursor on the canvas (after the frame): a ring with a cross, in the accent colour over
    /// a halo of the background's, thicker while it holds something.
    pub(super) fn paint_cursor(&self) {
        use crate::web::paint::Op;
        let Some(p) = self.cursor.at else { return };
        let (x, y) = self.view.to_px(p);
        let k = |o: Op| o as u8 as f64;
        let mut ops = vec![k(Op::Transform), self.view.dpr, 0.0, 0.0, k(Op::Dash), 0.0];
        for (colour, w) in [(0.0, 5.0), (1.0, 2.0)] {
            let w = if self.cursor.grab { w + 1.5 } else { w };
            ops.extend([k(Op::StrokeStyle), colour, k(Op::LineWidth), w, k(Op::BeginPath), k(Op::Circle), x, y, 9.0]);
            for (a, b) in [(-14.0, -4.0), (4.0, 14.0)] {
                ops.extend([k(Op::MoveTo), x + a, y, k(Op::LineTo), x + b, y, k(Op::MoveTo), x, y + a, k(Op::LineTo), x, y + b]);
            }
            ops.push(k(Op::Stroke));
        }
        let c = &self.palette.core;
        let colours = js_sys::Array::of2(&c.background.css().into(), &c.accent.css().into());
        crate::web::paint::run(&self.ctx, &ops, &colours, &js_sys::Array::new());
    }

    /// `v.scene()`: the core's description of this frame (`sim::describe`) and the cursor's place
    /// (`[part of the world, x, y, holding]`), as JSON text.
    pub fn scene_json(&mut self) -> String {
        self.renderer.build(&self.sim, self.overlays);
        let mut v = self.sim.describe(&self.renderer.list).json();
        if let Some(p) = self.cursor.at {
            let r = region(p, self.sim.world().size());
            v["cursor"] = vec![r.into(), f32v(p.x.round()), f32v(p.y.round()), self.cursor.grab.into()].into();
        }
        serde_json::to_string(&v).unwrap_or_default()
    }
}
