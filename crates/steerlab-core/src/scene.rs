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
}

impl Scene {
    /// The scenario's obstacles, food and path.
    /// Back to the scenario's obstacles (centre, radius), food and path.
    pub fn reset(&mut self, obstacles: impl Iterator<Item = (Vec2, f32)>, food: &[[f32; 2]], path: Option<&PathSpec>) {
        self.obstacles = obstacles.collect();
        self.food = food.iter().map(|&f| Vec2::from(f)).collect();
        self.eaten = 0;
        self.path.reset(path);
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
