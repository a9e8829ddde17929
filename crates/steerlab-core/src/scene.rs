//! The scene: what the world holds besides the agents — obstacles, food (and how much was eaten),
//! the editable path — as the scenario's top-level `obstacles`, `food` and `path` describe it and
//! the pointer edits it. Behaviours read it (avoid obstacles, seek food, follow the path); the
//! renderer draws it; `reset` restores the scenario's.

use super::check::MAX_LIST;
use super::draw::{DrawList, Style};
use super::path::{is_closed, PathSpec, PathState};
use glam::Vec2;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// Circles: (centre, radius).
    pub obstacles: Vec<(Vec2, f32)>,
    pub food: Vec<Vec2>,
    /// Food eaten since the last reset.
    pub eaten: u64,
    /// The live path: its waypoints, the selected one and the one being dragged.
    pub path: PathState,
    /// The obstacle or piece of food a pointer holds (pressed on it, dragging it).
    pub held: Option<Held>,
}

/// What a pointer pressed on an obstacle or a piece of food holds, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    Obstacle(usize),
    Food(usize),
}

impl Scene {
    /// The scenario's obstacles, food and path.
    /// Back to the scenario's obstacles (centre, radius), food and path.
    pub fn reset(&mut self, obstacles: impl Iterator<Item = (Vec2, f32)>, food: &[[f32; 2]], path: Option<&PathSpec>) {
        self.obstacles = obstacles.collect();
        self.food = food.iter().map(|&f| Vec2::from(f)).collect();
        self.eaten = 0;
        self.held = None;
        self.path.reset(path);
    }

    /// What a press at `p` takes hold of: a piece of food within `pick` of it, else the obstacle
    /// it is inside of (the last drawn: on top). Distances are the world's (`delta`: nearest
    /// image).
    pub fn held_at(&self, p: Vec2, pick: f32, delta: impl Fn(Vec2, Vec2) -> Vec2) -> Option<Held> {
        let mut held = None;
        for (k, &(c, r)) in self.obstacles.iter().enumerate() {
            if delta(c, p).length() <= r.max(pick * 0.5) {
                held = Some(Held::Obstacle(k));
            }
        }
        for (k, &f) in self.food.iter().enumerate() {
            if delta(f, p).length() <= pick {
                held = Some(Held::Food(k));
            }
        }
        held
    }

    /// Move what is held to `p`; false when nothing is (or it is gone: eaten, removed).
    pub fn move_held(&mut self, p: Vec2) -> bool {
        match self.held {
            Some(Held::Obstacle(k)) if k < self.obstacles.len() && p.is_finite() => self.obstacles[k].0 = p,
            Some(Held::Food(k)) if k < self.food.len() && p.is_finite() => self.food[k] = p,
            _ => return false,
        }
        true
    }

    /// Add an obstacle (ignored when not finite, not positive, or when there are already
    /// `MAX_LIST`).
    pub fn add_obstacle(&mut self, c: Vec2, r: f32) {
        if self.obstacles.len() < MAX_LIST && c.is_finite() && r.is_finite() && r > 0.0 {
            self.obstacles.push((c, r));
        }
    }

    /// Drop food (ignored when not finite or when there are already `MAX_LIST`).
    pub fn add_food(&mut self, p: Vec2) {
        if self.food.len() < MAX_LIST && p.is_finite() {
            self.food.push(p);
        }
    }

    /// Obstacles, food, and the path: its polyline (green), the waypoints with their indices, the
    /// selected one.
    pub fn draw(&self, path: Option<&PathSpec>, list: &mut DrawList) {
        for &(c, r) in &self.obstacles {
            list.disc(Style::Obstacle, c, r);
        }
        for &f in &self.food {
            list.disc(Style::Food, f, 4.0);
        }
        let Some(spec) = path else {
            return;
        };
        let wps = &self.path.waypoints;
        let n = wps.len();
        if n >= 2 {
            list.polyline(Style::Path, wps.iter().copied(), is_closed(n, spec.mode));
        }
        let mut buf = [0u8; 20];
        for (k, &w) in wps.iter().enumerate() {
            list.disc(Style::Waypoint, w, 4.0);
            list.label(Style::Label, w + Vec2::new(6.0, -6.0), num_str(&mut buf, k));
        }
        if let Some(k) = self.path.selected.filter(|&k| k < n) {
            list.circle(Style::Selected, wps[k], 8.0);
        }
    }
}

/// `k` as decimal text in `buf`, without allocating.
fn num_str(buf: &mut [u8; 20], mut k: usize) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (k % 10) as u8;
        k /= 10;
        if k == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use crate::behaviours::testing::{hand_agents, sim_with};
    use crate::pointer::Pointer;
    use glam::Vec2;

    /// On the playground a press on an obstacle (inside its radius) or on food (within the pick
    /// radius, 14) holds it and a drag moves it, as a waypoint is dragged; a press on empty ground
    /// still places a new one (here an obstacle of radius 18), which the drag leaves where it is.
    #[test]
    fn a_press_on_an_obstacle_or_food_holds_it_and_a_drag_moves_it() {
        let extra =
            r#""interaction": "playground", "obstacles": [{"center": [100, 100], "radius": 20}], "food": [[300, 300]]"#;
        let mut s = sim_with("[]", &hand_agents(&[((50.0, 350.0), (0.0, 0.0))]), extra);
        s.pointer_event(Pointer::Down(Vec2::new(110.0, 95.0)), true);
        s.pointer_event(Pointer::Move(Vec2::new(200.0, 150.0)), true);
        s.pointer_event(Pointer::Up(Vec2::new(200.0, 150.0)), false);
        assert_eq!(s.scene.obstacles, vec![(Vec2::new(200.0, 150.0), 20.0)], "moved, not a second one");
        // Released: a move does not drag it any more.
        s.pointer_event(Pointer::Move(Vec2::new(10.0, 10.0)), false);
        assert_eq!(s.scene.obstacles[0].0, Vec2::new(200.0, 150.0));
        s.pointer_event(Pointer::Down(Vec2::new(310.0, 300.0)), true);
        s.pointer_event(Pointer::Move(Vec2::new(320.0, 50.0)), true);
        s.pointer_event(Pointer::Up(Vec2::new(320.0, 50.0)), false);
        assert_eq!(s.scene.food, vec![Vec2::new(320.0, 50.0)]);
        // Empty ground: a new obstacle where the press was.
        s.pointer_event(Pointer::Down(Vec2::new(50.0, 200.0)), true);
        s.pointer_event(Pointer::Move(Vec2::new(80.0, 200.0)), true);
        s.pointer_event(Pointer::Up(Vec2::new(80.0, 200.0)), false);
        assert_eq!(s.scene.obstacles.len(), 2);
        assert_eq!(s.scene.obstacles[1], (Vec2::new(50.0, 200.0), 18.0));
    }
}
