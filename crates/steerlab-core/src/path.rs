//! Paths (steering-iv §4): the path format (`"path": {"waypoints": [[x, y], ...], "mode": "loop"}`),
//! its modes (§4.5: one-shot, loop, ping-pong) and its geometry — advancing along the waypoints,
//! segments, projections, the closest segment and the tube probe of Reynolds' path following.
//! The behaviours that follow a path are `behaviours::path_waypoints` and `behaviours::path_tube`;
//! the live, editable copy of the path belongs to the scene (`sim::scene`).
//!
//! Units (the seed's Unity values ×16, perception 3 m ↔ 48 px): arrive_radius 0.8 m → 13 px,
//! slow_radius 1.5 m → 24 px, tube_radius 1 m → 16 px, predict_ahead 0.5 s.

use super::agent::Agent;
use super::check::{Check, MAX_LIST};
use super::steer::truncate;
use crate::num::clamp;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// §4.5: what happens at the end of the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PathMode {
    /// From waypoint 0 to N−1, braking at the end with arrive.
    OneShot,
    /// After N−1 comes 0 again (the tube is a closed polyline with three or more points).
    #[default]
    Loop,
    /// At N−1 the direction flips towards 0; at 0 it flips again.
    PingPong,
}

impl PathMode {
    pub fn name(self) -> &'static str {
        match self {
            PathMode::OneShot => "one_shot",
            PathMode::Loop => "loop",
            PathMode::PingPong => "ping_pong",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PathSpec {
    /// `[[x, y], …]`, world units; the reader edits them (click to add, drag, double-click to
    /// remove).
    pub waypoints: Vec<[f32; 2]>,
    /// What happens at the end of the path.
    #[serde(default)]
    pub mode: PathMode,
}

/// The scenario-level path rules: all points finite; at most `MAX_LIST`. (A behaviour that follows
/// the path checks that it has enough points: [`needs_points`].)
pub(crate) fn validate_path(path: Option<&PathSpec>) -> Result<(), String> {
    if let Some(p) = path {
        if p.waypoints.len() > MAX_LIST {
            return Err(format!("path.waypoints: at most {MAX_LIST}, got {}", p.waypoints.len()));
        }
        let c = Check { path: "path.waypoints" };
        for (k, w) in p.waypoints.iter().enumerate() {
            c.point(&format!("[{k}]"), *w)?;
        }
    }
    Ok(())
}

/// A path-following behaviour needs a path of at least `need` points (waypoints: 1, tube: 2).
pub fn needs_points(c: &Check, path: Option<&PathSpec>, kind: &str, need: usize) -> Result<(), String> {
    let at = c.path;
    match path {
        None => Err(format!("path: {at} ({kind}) needs a path, e.g. \"path\": {{\"waypoints\": [[x, y], ...]}}")),
        Some(p) if p.waypoints.len() < need => {
            let pts = if need == 1 { "point" } else { "points" };
            Err(format!("path.waypoints: {at} ({kind}) needs at least {need} {pts}, got {}", p.waypoints.len()))
        }
        _ => Ok(()),
    }
}

/// The path's live state: the (editable) waypoints, the selected one and the one being dragged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathState {
    pub waypoints: Vec<Vec2>,
    pub selected: Option<usize>,
    pub drag: Option<usize>,
}

impl PathState {
    pub fn reset(&mut self, path: Option<&PathSpec>) {
        self.waypoints.clear();
        if let Some(p) = path {
            self.waypoints.extend(p.waypoints.iter().map(|&w| Vec2::from(w)));
        }
        self.selected = None;
        self.drag = None;
    }
}

/// The mode of a path (loop when there is none).
pub fn mode_of(path: Option<&PathSpec>) -> PathMode {
    path.map(|p| p.mode).unwrap_or_default()
}

/// `+1` or `−1` from the stored direction (0, the default, is forwards).
#[inline]
pub fn dir_of(d: i8) -> i8 {
    if d < 0 {
        -1
    } else {
        1
    }
}

/// §4.5 `path.advance()`: the next index and direction. One-shot stops at the last waypoint, loop
/// wraps to 0, ping-pong flips the direction at either end.
pub fn advance(idx: usize, dir: i8, n: usize, mode: PathMode) -> (usize, i8) {
    if n <= 1 {
        return (0, dir_of(dir));
    }
    let idx = idx.min(n - 1);
    match mode {
        PathMode::OneShot => ((idx + 1).min(n - 1), 1),
        PathMode::Loop => ((idx + 1) % n, 1),
        PathMode::PingPong => {
            let mut d = dir_of(dir);
            let mut next = idx as i64 + d as i64;
            if next < 0 || next >= n as i64 {
                d = -d;
                next = idx as i64 + d as i64;
            }
            (next as usize, d)
        }
    }
}

/// What a path follower did this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// No waypoints: the agent brakes to a stop.
    NoPath,
    Seeking,
    /// Arriving at the end of the path (one-shot), or at a lone waypoint.
    Arriving,
    /// Tube: the prediction left the tube; seeking back to the projection.
    Correcting,
}

/// Braking to a stop: the force that cancels the velocity.
#[inline]
pub fn brake(a: &Agent) -> Vec2 {
    truncate(-a.velocity, a.max_force)
}

/// The effective tube mode: a loop through only two points goes back and forth.
#[inline]
pub fn tube_mode(n: usize, mode: PathMode) -> PathMode {
    if mode == PathMode::Loop && n < 3 {
        PathMode::PingPong
    } else {
        mode
    }
}

/// Whether the polyline closes (last → first): loops of three or more points.
#[inline]
pub fn is_closed(n: usize, mode: PathMode) -> bool {
    mode == PathMode::Loop && n >= 3
}

/// Number of segments of the polyline.
#[inline]
pub fn segment_count(n: usize, mode: PathMode) -> usize {
    if n < 2 {
        0
    } else if is_closed(n, mode) {
        n
    } else {
        n - 1
    }
}

/// Projection of `p` on segment `a→b`, clamped to the segment, and its distance. A zero-length
/// segment projects onto its point.
#[inline(always)]
pub fn project_on_segment(p: Vec2, a: Vec2, b: Vec2) -> (Vec2, f32) {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 1e-12 { clamp((p - a).dot(ab) / len2, 0.0, 1.0) } else { 0.0 };
    let proj = a + ab * t;
    (proj, (p - proj).length())
}

/// §4.3 `findClosestSegment`: (segment, projection, distance) for the segment nearest to `p`. Ties
/// (at a shared vertex) go to the segment after `cur` in the travel direction `dir`, then to `cur`,
/// so an agent turning a sharp corner hands over to the next segment instead of circling the vertex.
pub fn closest_segment(p: Vec2, wps: &[Vec2], mode: PathMode, cur: usize, dir: i8) -> Option<(usize, Vec2, f32)> {
    let n = wps.len();
    let nseg = segment_count(n, mode);
    if nseg == 0 {
        return None;
    }
    let closed = is_closed(n, mode);
    let cur = cur.min(nseg - 1);
    let succ = if dir_of(dir) > 0 {
        if cur + 1 < nseg {
            Some(cur + 1)
        } else if closed {
            Some(0)
        } else {
            None
        }
    } else if cur > 0 {
        Some(cur - 1)
    } else if closed {
        Some(nseg - 1)
    } else {
        None
    };
    // One pass: the nearest segment, and the projections on the successor and the current one
    // for the tie rule.
    let mut best = (0, wps[0], f32::INFINITY);
    let (mut on_succ, mut on_cur) = (None, (wps[0], f32::INFINITY));
    for s in 0..nseg {
        let b = if s + 1 == n { wps[0] } else { wps[s + 1] };
        let (proj, d) = project_on_segment(p, wps[s], b);
        if d < best.2 {
            best = (s, proj, d);
        }
        if Some(s) == succ {
            on_succ = Some((proj, d));
        }
        if s == cur {
            on_cur = (proj, d);
        }
    }
    let eps = 1e-3 + best.2 * 1e-5;
    let near = |(_, d): (Vec2, f32)| d <= best.2 + eps;
    match (succ, on_succ) {
        (Some(s), Some(at)) if near(at) => Some((s, at.0, at.1)),
        _ if near(on_cur) => Some((cur, on_cur.0, on_cur.1)),
        _ => Some(best),
    }
}

/// What the tube follower sees this step (also drawn: prediction, projection, correction).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TubeProbe {
    pub predicted: Vec2,
    pub seg: usize,
    pub proj: Vec2,
    /// `distance(predicted, proj)`.
    pub dist: f32,
    pub outside: bool,
    /// Where the agent steers: `proj` when outside, else the segment's next waypoint.
    pub aim: Vec2,
    /// The new direction (ping-pong flips at the ends).
    pub dir: i8,
    /// Arrive (end of a one-shot path) instead of seek.
    pub arrive: bool,
}

/// §5 `pathFollowTube` without the force: prediction (`position + velocity · predict_ahead`), closest
/// segment, projection, and the aim. `None` for fewer than two waypoints.
#[allow(clippy::too_many_arguments)]
pub fn tube_probe(
    a: &Agent,
    wps: &[Vec2],
    mode: PathMode,
    predict_ahead: f32,
    arrive_radius: f32,
    tube_radius: f32,
    seg: usize,
    dir: i8,
) -> Option<TubeProbe> {
    let n = wps.len();
    let mode = tube_mode(n, mode);
    let mut dir = if mode == PathMode::PingPong { dir_of(dir) } else { 1 };
    let predicted = a.position + a.velocity * predict_ahead;
    let (seg, proj, dist) = closest_segment(predicted, wps, mode, seg, dir)?;
    let outside = dist > tube_radius;
    // The segment's next waypoint in the travel direction.
    let next_of = |d: i8| if d > 0 { (seg + 1) % n } else { seg };
    let mut next = next_of(dir);
    if mode == PathMode::PingPong {
        let at_end = (dir > 0 && next == n - 1) || (dir < 0 && next == 0);
        if at_end && (wps[next] - a.position).length_squared() < arrive_radius * arrive_radius {
            dir = -dir;
            next = next_of(dir);
        }
    }
    let arrive = !outside && mode == PathMode::OneShot && next == n - 1;
    let aim = if outside { proj } else { wps[next] };
    Some(TubeProbe { predicted, seg, proj, dist, outside, aim, dir, arrive })
}

/// Distance from `p` to the polyline (infinite without a segment; the point's distance with one).
pub fn distance_to_path(p: Vec2, wps: &[Vec2], mode: PathMode) -> f32 {
    let mode = tube_mode(wps.len(), mode);
    match wps.len() {
        0 => f32::INFINITY,
        1 => (p - wps[0]).length(),
        _ => closest_segment(p, wps, mode, 0, 1).map_or(f32::INFINITY, |(_, _, d)| d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square loop: segment 0 along y = 0, 1 up x = 100, 2 back along y = 100, 3 down x = 0.
    const SQUARE: [Vec2; 4] =
        [Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0), Vec2::new(0.0, 100.0)];

    fn closest(p: Vec2, wps: &[Vec2], mode: PathMode, cur: usize, dir: i8) -> (usize, Vec2, f32) {
        closest_segment(p, wps, mode, cur, dir).unwrap()
    }

    #[test]
    fn the_nearest_segment_and_the_projection_on_it() {
        let p = Vec2::new(50.0, 10.0);
        // Neither the successor (3) nor the current segment (2) is near: the nearest wins.
        assert_eq!(closest(p, &SQUARE, PathMode::Loop, 2, 1), (0, Vec2::new(50.0, 0.0), 10.0));
        assert_eq!(closest(Vec2::new(90.0, 50.0), &SQUARE, PathMode::Loop, 0, 1), (1, Vec2::new(100.0, 50.0), 10.0));
        // The closing segment of a loop (3 → 0) counts; an open path has no closing segment.
        assert_eq!(closest(Vec2::new(-4.0, 50.0), &SQUARE, PathMode::Loop, 0, 1), (3, Vec2::new(0.0, 50.0), 4.0));
        // (Open, its ends at (0, 0) and (0, 100) are equally far: the current segment 0 keeps it.)
        let far = 2516f32.sqrt();
        assert_eq!(closest(Vec2::new(-4.0, 50.0), &SQUARE, PathMode::OneShot, 0, 1), (0, Vec2::ZERO, far));
        assert_eq!(closest(Vec2::new(-4.0, 50.0), &SQUARE, PathMode::OneShot, 2, 1), (2, Vec2::new(0.0, 100.0), far));
        // Clamped to the segment's ends; a current index past the end is the last segment.
        assert_eq!(closest(Vec2::new(-30.0, -40.0), &SQUARE, PathMode::OneShot, 9, 1).0, 0);
        assert_eq!(closest(Vec2::new(-30.0, -40.0), &SQUARE, PathMode::OneShot, 9, 1).1, Vec2::ZERO);
        assert_eq!(closest_segment(p, &SQUARE[..1], PathMode::Loop, 0, 1), None);
    }

    /// At a shared vertex both segments are equally near: the tie goes to the segment after the
    /// current one in the travel direction, then to the current one, then to the first.
    #[test]
    fn a_tie_at_a_vertex_hands_over_in_the_travel_direction() {
        let corner = Vec2::new(100.0, 0.0);
        let p = Vec2::new(110.0, -10.0);
        let d = 200f32.sqrt();
        // Forwards from 0: the successor 1 takes it.
        assert_eq!(closest(p, &SQUARE, PathMode::Loop, 0, 1), (1, corner, d));
        // Backwards from 1: the successor is 0.
        assert_eq!(closest(p, &SQUARE, PathMode::Loop, 1, -1), (0, corner, d));
        // Backwards from 0 (successor 3, far): the current one keeps it.
        assert_eq!(closest(p, &SQUARE, PathMode::Loop, 0, -1), (0, corner, d));
        // Forwards from 1 (successor 2, far): the current one keeps it.
        assert_eq!(closest(p, &SQUARE, PathMode::Loop, 1, 1), (1, corner, d));
        // Neither near (current 2, successor 3): the first of the tied ones.
        assert_eq!(closest(p, &SQUARE, PathMode::Loop, 2, 1), (0, corner, d));
        // The loop wraps: forwards from 3 the successor is 0; backwards from 0 it is 3.
        let q = Vec2::new(-10.0, -10.0);
        assert_eq!(closest(q, &SQUARE, PathMode::Loop, 3, 1).0, 0);
        assert_eq!(closest(q, &SQUARE, PathMode::Loop, 0, -1).0, 3);
        // An open path does not wrap: from its last segment forwards, or its first backwards,
        // there is no successor and the current one keeps it.
        let open = &SQUARE[..3];
        assert_eq!(closest(p, open, PathMode::OneShot, 1, 1).0, 1);
        assert_eq!(closest(p, open, PathMode::OneShot, 0, -1).0, 0);
        assert_eq!(closest(q, &SQUARE, PathMode::OneShot, 0, -1).0, 0);
        // A current index past the end is the last segment, and keeps the tie at its start.
        let r = Vec2::new(110.0, 110.0);
        assert_eq!(closest(r, &SQUARE, PathMode::OneShot, 1, 1).0, 2);
        assert_eq!(closest(r, &SQUARE, PathMode::OneShot, 9, 1), (2, Vec2::new(100.0, 100.0), d));
        assert_eq!(closest(r, &SQUARE, PathMode::OneShot, 9, -1).0, 1);
    }

    /// "Near" is within 1e-3 + 10⁻⁵ · the nearest distance (1.1e-3 at 10 units): a successor that
    /// much farther still takes over, one farther than that does not.
    #[test]
    fn the_hand_over_tolerance() {
        let at = |x: f32| closest(Vec2::new(100.0 - x, -10.0), &SQUARE, PathMode::Loop, 0, 1);
        // Segment 1's distance is √(x² + 100): 10.000005, 10.00105 and 10.0125 against 10.
        assert_eq!(at(0.01).0, 1);
        let (s, proj, d) = at(0.14492);
        assert_eq!((s, proj), (1, Vec2::new(100.0, 0.0)));
        assert!((d - 10.00105).abs() < 2e-5, "{d}");
        assert_eq!(at(0.5), (0, Vec2::new(99.5, 0.0), 10.0));
    }
}
