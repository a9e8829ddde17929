//! Input: the pointer (mouse and touch alike, in world coordinates, as the shell forwards it),
//! selection, and editing the scene — obstacles and food in the playground, the path's waypoints.
//! What a click does is the scenario's `interaction`; with `"pointer"` (and `"leader"`) the pointer
//! goes to the behaviours ([`super::behaviours::Behave::pointer`]).
//!
//! Everything a reader or a page does that changes the simulation is an [`Input`], and goes
//! through one place, [`Sim::act`]: `set`, a new seed, reset, pointer actions, the Delete key,
//! `addWaypoint`. Its [`Outcome`] says whether the state changed (the history logs the input
//! then, `sim::history`), whether it is worth a redraw, and whether the simulation restarted.

use super::check::MAX_LIST;
use super::engine::Sim;
use super::path::{mode_of, PathMode};
use super::scenario::{ClickAction, Interaction};
use super::text::short32;
use crate::num::clamp;
use crate::pointer::{Pointer, PICK_RADIUS};
use glam::Vec2;
use serde_json::Value;

/// One input that changes the simulation, as the history logs it and replays it.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// `set(path, value)`, the value as `set` normalises it (boxed: the enum stays small).
    Set(Box<(String, Value)>),
    /// A new seed: re-spawn from it.
    Reseed(u64),
    /// Back to the initial state with the current parameters.
    Reset,
    /// A pointer event and whether the pointer is dragging.
    Pointer(Pointer, bool),
    /// The Delete key: remove the selected waypoint.
    Delete,
    /// `addWaypoint(x, y)`.
    AddWaypoint(Vec2),
    /// A tap or a click that picks an agent: the agent nearest to the point within the radius
    /// (world units; the shell converts its finger's 24 CSS px) is selected, and a miss keeps the
    /// selection. Nothing else changes: where a tap adds something (an obstacle, a waypoint) the
    /// shell sends this only when the reader asked to pick.
    Pick(Vec2, f32),
}

/// What an [`Input`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The state changed, or may have (the history logs the input). A pointer move or leave that
    /// changed nothing is not logged; other inputs are, even when they turn out to be no-ops.
    pub changed: bool,
    /// Worth drawing again while paused.
    pub redraw: bool,
    /// The simulation restarted at step 0 (reset, a new seed, a `set` of the seed or the agents).
    pub reset: bool,
}

impl Outcome {
    const ALL: Outcome = Outcome { changed: true, redraw: true, reset: false };
    fn changed(changed: bool, redraw: bool) -> Outcome {
        Outcome { changed, redraw, reset: false }
    }
}

/// Radius of an obstacle placed by a click.
pub const CLICK_OBSTACLE_RADIUS: f32 = 18.0;

impl Sim {
    /// Apply one input: the single entry for everything that changes the simulation from
    /// outside (see the module's note). An `Err` (a refused `set`, `addWaypoint` on a scenario
    /// without a path) changes nothing.
    pub fn act(&mut self, input: &Input) -> Result<Outcome, String> {
        Ok(match input {
            Input::Set(b) => {
                let reset = self.set_reporting(&b.0, b.1.clone())?;
                Outcome { reset, ..Outcome::ALL }
            }
            Input::Reseed(seed) => {
                self.reseed(*seed);
                Outcome { reset: true, ..Outcome::ALL }
            }
            Input::Reset => {
                self.reset();
                Outcome { reset: true, ..Outcome::ALL }
            }
            Input::Pointer(ev, dragging) => self.pointer_input(*ev, *dragging),
            Input::Delete => {
                let d = self.delete_selected();
                Outcome::changed(d, d)
            }
            Input::AddWaypoint(p) => {
                self.add_waypoint(*p)?;
                Outcome::ALL
            }
            Input::Pick(p, r) => {
                let picked = self.pick(*p, *r);
                Outcome::changed(true, picked)
            }
        })
    }

    /// [`Input::Pick`]: select the agent nearest to `p` within `r` world units (at least
    /// [`PICK_RADIUS`]); true when one was. A miss (or a point or radius that is not a finite
    /// number) keeps the selection.
    pub fn pick(&mut self, p: Vec2, r: f32) -> bool {
        self.sync_agents();
        if !p.is_finite() || r.is_nan() {
            return false;
        }
        match self.agent_at(p, r.max(PICK_RADIUS)) {
            Some(i) => {
                self.selected = Some(i);
                true
            }
            None => false,
        }
    }

    /// Handle pointer input according to the scenario's `interaction`. Returns true if the state
    /// changed in a way worth redrawing while paused.
    pub fn pointer_event(&mut self, ev: Pointer, dragging: bool) -> bool {
        self.pointer_input(ev, dragging).redraw
    }

    /// [`Sim::pointer_event`] with the full [`Outcome`]: moves and leaves report `changed` only
    /// when they changed something (they come at every frame and would fill the history's log);
    /// downs, ups and double-clicks always count.
    fn pointer_input(&mut self, ev: Pointer, dragging: bool) -> Outcome {
        self.sync_agents();
        // A NaN or infinite point (a bad conversion upstream) is ignored: stored as the pointer it
        // was drawn as a circle at infinity.
        if let Pointer::Down(p) | Pointer::Move(p) | Pointer::Up(p) | Pointer::DoubleClick(p) = ev {
            if !p.is_finite() {
                return Outcome::default();
            }
        }
        let selected = self.selected;
        match (self.scenario.interaction, ev) {
            (_, Pointer::Leave) => {
                let was = self.pointer.take().is_some();
                Outcome::changed(was, true)
            }
            (Interaction::Select, Pointer::Down(p)) => {
                self.selected = self.agent_at(p, PICK_RADIUS);
                Outcome::ALL
            }
            (Interaction::ChooseSelf, Pointer::Down(p)) => {
                if let Some(i) = self.agent_at(p, f32::INFINITY) {
                    self.selected = Some(i);
                }
                Outcome::ALL
            }
            (Interaction::ChooseSelf, Pointer::Move(p)) if dragging => {
                if let Some(i) = self.agent_at(p, f32::INFINITY) {
                    self.selected = Some(i);
                }
                Outcome::changed(self.selected != selected, true)
            }
            (Interaction::Playground, Pointer::Move(p)) => {
                let was = self.pointer.replace(p);
                // A press on an obstacle or food holds it: a drag moves it.
                let moved = dragging && self.scene.move_held(p);
                Outcome::changed(was != Some(p) || moved, moved)
            }
            (Interaction::Playground, Pointer::Down(p)) => {
                self.pointer = Some(p);
                let world = &self.world;
                self.scene.held = self.scene.held_at(p, PICK_RADIUS, |a, b| world.delta(a, b));
                if self.scene.held.is_none() {
                    match self.scenario.click {
                        ClickAction::Food => self.add_food(p),
                        ClickAction::Obstacle => self.add_obstacle(p, CLICK_OBSTACLE_RADIUS),
                    }
                }
                Outcome::ALL
            }
            (Interaction::Playground, Pointer::Up(_)) => {
                let was = self.scene.held.take().is_some();
                Outcome::changed(true, was)
            }
            (Interaction::Waypoints, ev) => self.waypoints_pointer(ev, dragging),
            (i, ev) if i.to_behaviours() => {
                let mut changed = false;
                for (b, s) in self.scenario.behaviours.iter().zip(self.states.iter_mut()) {
                    changed |= b.pointer(s, ev, dragging);
                }
                // Behaviours report any change through `pointer`'s result (its contract).
                Outcome::changed(changed || !matches!(ev, Pointer::Move(_)), changed)
            }
            (_, Pointer::Move(_)) => Outcome::default(),
            _ => Outcome::changed(true, false),
        }
    }

    /// The Delete key: remove what is selected, if the scenario has removable things (a waypoint).
    pub fn delete_selected(&mut self) -> bool {
        self.sync_agents();
        if self.scenario.interaction == Interaction::Waypoints {
            if let Some(k) = self.scene.path.selected {
                return self.remove_waypoint(k);
            }
        }
        false
    }

    /// The agent nearest to `p` within `max_dist`, if any.
    pub fn agent_at(&self, p: Vec2, max_dist: f32) -> Option<usize> {
        let mut best = None;
        let mut best_d2 = max_dist * max_dist;
        for (i, a) in self.agents().iter().enumerate() {
            let d2 = self.world.distance_squared(a.position, p);
            if d2 <= best_d2 {
                best_d2 = d2;
                best = Some(i);
            }
        }
        best
    }

    pub fn add_obstacle(&mut self, c: Vec2, r: f32) {
        self.scene.add_obstacle(c, r);
    }

    pub fn add_food(&mut self, p: Vec2) {
        self.scene.add_food(p);
    }

    // -----------------------------------------------------------------------------------------
    // Editing the path

    /// Add a waypoint at the end of the path, at `p` (clamped to the world). An error if the scenario
    /// has no path, `p` is not finite or the path is full.
    pub fn add_waypoint(&mut self, p: Vec2) -> Result<(), String> {
        self.sync_agents();
        if self.scenario.path.is_none() {
            return Err(format!("addWaypoint: scenario `{}` has no path", self.scenario.name));
        }
        if !p.is_finite() {
            return Err(format!(
                "addWaypoint: x and y must be finite numbers, got ({}, {})",
                short32(p.x),
                short32(p.y)
            ));
        }
        if self.scene.path.waypoints.len() >= MAX_LIST {
            return Err(format!("addWaypoint: the path already has the maximum of {MAX_LIST} waypoints"));
        }
        let p = self.clamp_to_world(p);
        self.scene.path.waypoints.push(p);
        Ok(())
    }

    /// Move waypoint `k` to `p` (clamped to the world). False if there is no such waypoint.
    pub fn move_waypoint(&mut self, k: usize, p: Vec2) -> bool {
        if !p.is_finite() || k >= self.scene.path.waypoints.len() {
            return false;
        }
        self.scene.path.waypoints[k] = self.clamp_to_world(p);
        true
    }

    /// Remove waypoint `k`; the behaviours that follow the path fix their indices (agents heading
    /// for a later waypoint keep heading for the same point).
    pub fn remove_waypoint(&mut self, k: usize) -> bool {
        let n = self.scene.path.waypoints.len();
        if k >= n {
            return false;
        }
        self.scene.path.waypoints.remove(k);
        let n = n - 1;
        let mode: PathMode = mode_of(self.scenario.path.as_ref());
        for (b, s) in self.scenario.behaviours.iter().zip(self.states.iter_mut()) {
            b.waypoint_removed(s, k, n, mode);
        }
        let fix = |s: &mut Option<usize>| {
            *s = match *s {
                Some(x) if x == k => None,
                Some(x) if x > k => Some(x - 1),
                other => other,
            }
        };
        fix(&mut self.scene.path.selected);
        fix(&mut self.scene.path.drag);
        true
    }

    /// The waypoint nearest to `p` within `max_dist`.
    pub fn waypoint_at(&self, p: Vec2, max_dist: f32) -> Option<usize> {
        let mut best = None;
        let mut best_d2 = max_dist * max_dist;
        for (k, w) in self.scene.path.waypoints.iter().enumerate() {
            let d2 = (*w - p).length_squared();
            if d2 <= best_d2 {
                best_d2 = d2;
                best = Some(k);
            }
        }
        best
    }

    fn clamp_to_world(&self, p: Vec2) -> Vec2 {
        Vec2::new(clamp(p.x, 0.0, self.world.width), clamp(p.y, 0.0, self.world.height))
    }

    /// Pointer handling of `Interaction::Waypoints`: down on a waypoint selects it and starts a drag;
    /// down on empty canvas adds one there (selected, so it can be dragged at once); a drag moves the
    /// dragged waypoint; double-click removes the waypoint under the pointer.
    fn waypoints_pointer(&mut self, ev: Pointer, dragging: bool) -> Outcome {
        match ev {
            Pointer::Down(p) => {
                if let Some(k) = self.waypoint_at(p, PICK_RADIUS) {
                    self.scene.path.selected = Some(k);
                    self.scene.path.drag = Some(k);
                } else if self.add_waypoint(p).is_ok() {
                    let k = self.scene.path.waypoints.len() - 1;
                    self.scene.path.selected = Some(k);
                    self.scene.path.drag = Some(k);
                }
                Outcome::ALL
            }
            Pointer::Move(p) if dragging => match self.scene.path.drag {
                Some(k) => {
                    let moved = self.move_waypoint(k, p);
                    Outcome::changed(moved, moved)
                }
                None => Outcome::default(),
            },
            Pointer::Up(_) | Pointer::Leave => {
                self.scene.path.drag = None;
                Outcome::changed(true, false)
            }
            Pointer::DoubleClick(p) => {
                let removed = self.waypoint_at(p, PICK_RADIUS).is_some_and(|k| self.remove_waypoint(k));
                Outcome::changed(true, removed)
            }
            Pointer::Move(_) => Outcome::default(),
        }
    }
}
