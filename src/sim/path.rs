//! Path following (steering-iv §4): (a) discrete waypoints (§4.2, `pathFollowWaypoints` of §5) with the
//! modes of §4.5 (one-shot, loop, ping-pong), and (b) Reynolds' path tube (§4.3, `pathFollowTube`).
//!
//! The path is the scenario's top-level `"path": {"waypoints": [[x, y], ...], "mode": "loop"}`; the
//! simulation keeps a live copy the user edits (click to add, drag to move, double-click or Delete to
//! remove) and `reset` restores the scenario's, like obstacles and food.
//!
//! Units (the seed's Unity values ×16, perception 3 m ↔ 48 px): arrive_radius 0.8 m → 13 px,
//! slow_radius 1.5 m → 24 px, tube_radius 1 m → 16 px, predict_ahead 0.5 s.

use super::agent::Agent;
use super::engine::{Aux, Sim};
use super::scenario::{Behaviour, Check, Scenario, MAX_LIST};
use super::steer::{arrive, seek, truncate, Controller};
use super::text::short32;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// §4.5: what happens at the end of the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
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
#[serde(deny_unknown_fields)]
pub struct PathSpec {
    pub waypoints: Vec<[f32; 2]>,
    #[serde(default)]
    pub mode: PathMode,
}

macro_rules! defaults {
    ($($f:ident = $v:expr;)*) => { $(fn $f() -> f32 { $v })* };
}
defaults! {
    d_one = 1.0; d_arrive_radius = 13.0; d_slow = 24.0; d_tube_radius = 16.0; d_predict = 0.5;
}

/// `{"type": "path_waypoints"}`: §5 `pathFollowWaypoints`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathWaypoints {
    #[serde(default = "d_one")]
    pub weight: f32,
    /// Inside this distance of the current waypoint the agent moves on to the next.
    #[serde(default = "d_arrive_radius")]
    pub arrive_radius: f32,
    /// The arrive radius at the last waypoint of a one-shot path.
    #[serde(default = "d_slow")]
    pub slow_radius: f32,
}

/// `{"type": "path_tube"}`: §5 `pathFollowTube`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathTube {
    #[serde(default = "d_one")]
    pub weight: f32,
    #[serde(default = "d_tube_radius")]
    pub tube_radius: f32,
    /// Seconds of look-ahead: `predicted = position + velocity · predict_ahead`.
    #[serde(default = "d_predict")]
    pub predict_ahead: f32,
    /// Arrive radius at the end of a one-shot path.
    #[serde(default = "d_slow")]
    pub slow_radius: f32,
    /// Ping-pong: the direction flips inside this distance of an end.
    #[serde(default = "d_arrive_radius")]
    pub arrive_radius: f32,
}

impl PathWaypoints {
    pub(crate) fn validate(&self, c: &Check) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("arrive_radius", self.arrive_radius)?;
        c.positive("slow_radius", self.slow_radius)
    }
}

impl PathTube {
    pub(crate) fn validate(&self, c: &Check) -> Result<(), String> {
        c.non_negative("weight", self.weight)?;
        c.positive("tube_radius", self.tube_radius)?;
        c.non_negative("predict_ahead", self.predict_ahead)?;
        c.positive("slow_radius", self.slow_radius)?;
        c.positive("arrive_radius", self.arrive_radius)
    }
}

/// The scenario-level path rules: a behaviour that follows a path needs one with enough points
/// (waypoints: 1, tube: 2, a segment); all points finite; at most `MAX_LIST`.
pub(crate) fn validate_path(sc: &Scenario) -> Result<(), String> {
    if let Some(p) = &sc.path {
        if p.waypoints.len() > MAX_LIST {
            return Err(format!("path.waypoints: at most {MAX_LIST}, got {}", p.waypoints.len()));
        }
        let c = Check { path: "path.waypoints" };
        for (k, w) in p.waypoints.iter().enumerate() {
            c.point(&format!("[{k}]"), *w)?;
        }
    }
    for (i, b) in sc.behaviours.iter().enumerate() {
        let need = match b {
            Behaviour::PathWaypoints(_) => 1,
            Behaviour::PathTube(_) => 2,
            _ => continue,
        };
        let kind = b.kind();
        match &sc.path {
            None => {
                return Err(format!(
                    "path: behaviours[{i}] ({kind}) needs a path, e.g. \"path\": {{\"waypoints\": [[x, y], ...]}}"
                ))
            }
            Some(p) if p.waypoints.len() < need => {
                let pts = if need == 1 { "point" } else { "points" };
                return Err(format!(
                    "path.waypoints: behaviours[{i}] ({kind}) needs at least {need} {pts}, got {}",
                    p.waypoints.len()
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The path's live state: the (editable) waypoints, the selected one and the one being dragged.
#[derive(Clone, Debug, Default)]
pub struct PathState {
    pub waypoints: Vec<Vec2>,
    pub selected: Option<usize>,
    pub drag: Option<usize>,
}

impl PathState {
    pub fn reset(&mut self, sc: &Scenario) {
        self.waypoints.clear();
        if let Some(p) = &sc.path {
            self.waypoints.extend(p.waypoints.iter().map(|&w| Vec2::from(w)));
        }
        self.selected = None;
        self.drag = None;
    }
}

/// The path mode of a scenario (loop when it has no path).
pub fn mode_of(sc: &Scenario) -> PathMode {
    sc.path.as_ref().map(|p| p.mode).unwrap_or_default()
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
fn brake(a: &Agent) -> Vec2 {
    truncate(-a.velocity, a.max_force)
}

/// §5 `pathFollowWaypoints`: seek the current waypoint (arrive at the last one of a one-shot path);
/// inside `arrive_radius` move on to the next index according to the mode. The index and direction
/// live in `aux`. Unlike the pseudocode the target is re-read after advancing (as the Unity code does).
pub fn waypoints_force(
    a: &Agent,
    aux: &mut Aux,
    wps: &[Vec2],
    mode: PathMode,
    pw: &PathWaypoints,
    ctl: &mut Controller,
) -> Follow {
    let n = wps.len();
    if n == 0 {
        ctl.add("path", pw.weight, brake(a));
        return Follow::NoPath;
    }
    let mut idx = (aux.wp as usize).min(n - 1);
    let mut dir = dir_of(aux.wp_dir);
    if (wps[idx] - a.position).length_squared() < pw.arrive_radius * pw.arrive_radius {
        (idx, dir) = advance(idx, dir, n, mode);
    }
    aux.wp = idx as u32;
    aux.wp_dir = dir;
    let target = wps[idx];
    let is_final = n == 1 || (mode == PathMode::OneShot && idx == n - 1);
    if is_final {
        ctl.add("arrive", pw.weight, arrive(a, target, pw.slow_radius));
        Follow::Arriving
    } else {
        ctl.add("seek", pw.weight, seek(a, target));
        Follow::Seeking
    }
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
#[inline]
pub fn project_on_segment(p: Vec2, a: Vec2, b: Vec2) -> (Vec2, f32) {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 1e-12 { ((p - a).dot(ab) / len2).clamp(0.0, 1.0) } else { 0.0 };
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
    let seg = |s: usize| project_on_segment(p, wps[s], wps[(s + 1) % n]);
    let mut best = (0, wps[0], f32::INFINITY);
    for s in 0..nseg {
        let (proj, d) = seg(s);
        if d < best.2 {
            best = (s, proj, d);
        }
    }
    let eps = 1e-3 + best.2 * 1e-5;
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
    for s in succ.into_iter().chain(Some(cur)) {
        let (proj, d) = seg(s);
        if d <= best.2 + eps {
            return Some((s, proj, d));
        }
    }
    Some(best)
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

/// §5 `pathFollowTube` without the force: prediction, closest segment, projection, and the aim.
/// `None` for fewer than two waypoints.
pub fn tube_probe(a: &Agent, wps: &[Vec2], mode: PathMode, pt: &PathTube, seg: usize, dir: i8) -> Option<TubeProbe> {
    let n = wps.len();
    let mode = tube_mode(n, mode);
    let mut dir = if mode == PathMode::PingPong { dir_of(dir) } else { 1 };
    let predicted = a.position + a.velocity * pt.predict_ahead;
    let (seg, proj, dist) = closest_segment(predicted, wps, mode, seg, dir)?;
    let outside = dist > pt.tube_radius;
    // The segment's next waypoint in the travel direction.
    let next_of = |d: i8| if d > 0 { (seg + 1) % n } else { seg };
    let mut next = next_of(dir);
    if mode == PathMode::PingPong {
        let at_end = (dir > 0 && next == n - 1) || (dir < 0 && next == 0);
        if at_end && (wps[next] - a.position).length_squared() < pt.arrive_radius * pt.arrive_radius {
            dir = -dir;
            next = next_of(dir);
        }
    }
    let arrive = !outside && mode == PathMode::OneShot && next == n - 1;
    let aim = if outside { proj } else { wps[next] };
    Some(TubeProbe { predicted, seg, proj, dist, outside, aim, dir, arrive })
}

/// §5 `pathFollowTube`: outside the tube seek the projection, inside seek the segment's next
/// waypoint (arrive at the end of a one-shot path). The current segment and direction live in `aux`.
pub fn tube_force(
    a: &Agent,
    aux: &mut Aux,
    wps: &[Vec2],
    mode: PathMode,
    pt: &PathTube,
    ctl: &mut Controller,
) -> Follow {
    match wps.len() {
        0 => {
            ctl.add("path", pt.weight, brake(a));
            return Follow::NoPath;
        }
        1 => {
            ctl.add("arrive", pt.weight, arrive(a, wps[0], pt.slow_radius));
            return Follow::Arriving;
        }
        _ => {}
    }
    let Some(p) = tube_probe(a, wps, mode, pt, aux.seg as usize, aux.wp_dir) else {
        ctl.add("path", pt.weight, brake(a));
        return Follow::NoPath;
    };
    aux.seg = p.seg as u32;
    aux.wp_dir = p.dir;
    if p.outside {
        ctl.add("correction", pt.weight, seek(a, p.aim));
        Follow::Correcting
    } else if p.arrive {
        ctl.add("arrive", pt.weight, arrive(a, p.aim, pt.slow_radius));
        Follow::Arriving
    } else {
        ctl.add("seek", pt.weight, seek(a, p.aim));
        Follow::Seeking
    }
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

// ---------------------------------------------------------------------------------------------
// Editing the path

impl Sim {
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
        if self.path.waypoints.len() >= MAX_LIST {
            return Err(format!("addWaypoint: the path already has the maximum of {MAX_LIST} waypoints"));
        }
        let p = self.clamp_to_world(p);
        self.path.waypoints.push(p);
        Ok(())
    }

    /// Move waypoint `k` to `p` (clamped to the world). False if there is no such waypoint.
    pub fn move_waypoint(&mut self, k: usize, p: Vec2) -> bool {
        if !p.is_finite() || k >= self.path.waypoints.len() {
            return false;
        }
        self.path.waypoints[k] = self.clamp_to_world(p);
        true
    }

    /// Remove waypoint `k`; agents heading for a later waypoint keep heading for the same point.
    pub fn remove_waypoint(&mut self, k: usize) -> bool {
        let n = self.path.waypoints.len();
        if k >= n {
            return false;
        }
        self.path.waypoints.remove(k);
        let n = n - 1;
        let mode = mode_of(&self.scenario);
        let nseg = segment_count(n, tube_mode(n, mode));
        for a in &mut self.aux {
            if a.wp as usize > k {
                a.wp -= 1;
            }
            if a.wp as usize >= n {
                a.wp = if mode == PathMode::Loop { 0 } else { n.saturating_sub(1) as u32 };
            }
            if a.seg as usize >= k && a.seg > 0 {
                a.seg -= 1;
            }
            a.seg = a.seg.min(nseg.saturating_sub(1) as u32);
        }
        let fix = |s: &mut Option<usize>| {
            *s = match *s {
                Some(x) if x == k => None,
                Some(x) if x > k => Some(x - 1),
                other => other,
            }
        };
        fix(&mut self.path.selected);
        fix(&mut self.path.drag);
        true
    }

    /// The waypoint nearest to `p` within `max_dist`.
    pub fn waypoint_at(&self, p: Vec2, max_dist: f32) -> Option<usize> {
        let mut best = None;
        let mut best_d2 = max_dist * max_dist;
        for (k, w) in self.path.waypoints.iter().enumerate() {
            let d2 = (*w - p).length_squared();
            if d2 <= best_d2 {
                best_d2 = d2;
                best = Some(k);
            }
        }
        best
    }

    fn clamp_to_world(&self, p: Vec2) -> Vec2 {
        Vec2::new(p.x.clamp(0.0, self.world.width), p.y.clamp(0.0, self.world.height))
    }

    /// Pointer handling of `Interaction::Waypoints`: down on a waypoint selects it and starts a drag;
    /// down on empty canvas adds one there (selected, so it can be dragged at once); a drag moves the
    /// dragged waypoint; double-click removes the waypoint under the pointer.
    pub(crate) fn waypoints_pointer(&mut self, ev: super::engine::Pointer, dragging: bool) -> bool {
        use super::engine::{Pointer, PICK_RADIUS};
        match ev {
            Pointer::Down(p) => {
                if let Some(k) = self.waypoint_at(p, PICK_RADIUS) {
                    self.path.selected = Some(k);
                    self.path.drag = Some(k);
                } else if self.add_waypoint(p).is_ok() {
                    let k = self.path.waypoints.len() - 1;
                    self.path.selected = Some(k);
                    self.path.drag = Some(k);
                }
                true
            }
            Pointer::Move(p) if dragging => match self.path.drag {
                Some(k) => self.move_waypoint(k, p),
                None => false,
            },
            Pointer::Up(_) | Pointer::Leave => {
                self.path.drag = None;
                false
            }
            Pointer::DoubleClick(p) => match self.waypoint_at(p, PICK_RADIUS) {
                Some(k) => self.remove_waypoint(k),
                None => false,
            },
            _ => false,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// State and drawing

use super::draw::{DrawList, Style};
use super::engine::{f32v, vec2v, TAG_OUTSIDE};
use serde_json::Value;

/// The first `path_waypoints` / `path_tube` behaviours of a scenario.
pub fn find_waypoints(sc: &Scenario) -> Option<&PathWaypoints> {
    sc.behaviours.iter().find_map(|b| match b {
        Behaviour::PathWaypoints(p) => Some(p),
        _ => None,
    })
}
pub fn find_tube(sc: &Scenario) -> Option<&PathTube> {
    sc.behaviours.iter().find_map(|b| match b {
        Behaviour::PathTube(p) => Some(p),
        _ => None,
    })
}

impl Sim {
    /// `state()` additions: `waypoints` [[x, y]], `selected_waypoint`, `path_mode`; metrics
    /// `waypoint_index` / `waypoint_direction` (agent 0), `waypoint_indices` (every agent), and for the
    /// tube `tube_distance` (agent 0's distance to the path), `max_tube_distance`, `prediction_outside`.
    pub(crate) fn path_state_json(&self, state: &mut Value) {
        let Some(spec) = &self.scenario.path else {
            return;
        };
        let wps = &self.path.waypoints;
        state["waypoints"] = wps.iter().map(|&w| vec2v(w)).collect();
        state["selected_waypoint"] = self.path.selected.into();
        state["path_mode"] = spec.mode.name().into();
        let m = &mut state["metrics"];
        if find_waypoints(&self.scenario).is_some() {
            m["waypoint_index"] = self.aux.first().map(|a| a.wp).into();
            m["waypoint_direction"] = self.aux.first().map(|a| dir_of(a.wp_dir)).into();
            m["waypoint_indices"] = self.aux.iter().map(|a| a.wp).collect();
        }
        if find_tube(&self.scenario).is_some() {
            let d = |a: &Agent| {
                let d = distance_to_path(a.position, wps, spec.mode);
                if d.is_finite() {
                    Some(d)
                } else {
                    None
                }
            };
            m["tube_distance"] = self.agents.first().and_then(d).map_or(Value::Null, f32v);
            m["max_tube_distance"] = self.agents.iter().filter_map(d).reduce(f32::max).map_or(Value::Null, f32v);
            m["prediction_outside"] = self.aux.iter().filter(|a| a.tag == TAG_OUTSIDE).count().into();
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

/// Under the agents: the tube (light green: a band around each segment plus a disc at each vertex,
/// radius `tube_radius`), the polyline (green), the waypoints with their indices, the selected one,
/// and for waypoint following each agent's active waypoint with its arrive radius and the direction
/// of travel (an arrow along the current leg; ping-pong also says `dir +1` / `dir -1`).
pub fn draw_under(list: &mut DrawList, sim: &Sim) {
    let Some(spec) = &sim.scenario.path else {
        return;
    };
    let wps = &sim.path.waypoints;
    let n = wps.len();
    let mut closed = is_closed(n, spec.mode);
    if let Some(pt) = find_tube(&sim.scenario) {
        let tm = tube_mode(n, spec.mode);
        closed = is_closed(n, tm);
        let r = pt.tube_radius;
        for s in 0..segment_count(n, tm) {
            let (a, b) = (wps[s], wps[(s + 1) % n]);
            let d = (b - a).normalize_or_zero();
            if d != Vec2::ZERO {
                let side = Vec2::new(-d.y, d.x) * r;
                list.polyline(Style::Tube, [a + side, b + side, b - side, a - side], true);
            }
        }
        for &w in wps {
            list.circle(Style::Tube, w, r);
        }
    }
    if n >= 2 {
        list.polyline(Style::Path, wps.iter().copied(), closed);
    }
    let mut buf = [0u8; 20];
    for (k, &w) in wps.iter().enumerate() {
        list.disc(Style::Waypoint, w, 4.0);
        list.label(Style::Label, w + Vec2::new(6.0, -6.0), num_str(&mut buf, k));
    }
    if let Some(k) = sim.path.selected.filter(|&k| k < n) {
        list.circle(Style::Selected, wps[k], 8.0);
    }
    let Some(pw) = find_waypoints(&sim.scenario) else {
        return;
    };
    if n == 0 {
        return;
    }
    for aux in &sim.aux {
        let idx = (aux.wp as usize).min(n - 1);
        let dir = dir_of(aux.wp_dir);
        let active = wps[idx];
        list.circle(Style::ArriveRadius, active, pw.arrive_radius);
        list.disc(Style::ActiveWaypoint, active, 5.5);
        // The leg being travelled: from the waypoint before the active one (in travel order).
        let prev = match spec.mode {
            PathMode::Loop => Some((idx + n - 1) % n),
            PathMode::OneShot => idx.checked_sub(1),
            PathMode::PingPong => {
                let p = idx as i64 - dir as i64;
                (0..n as i64).contains(&p).then_some(p as usize)
            }
        };
        if let Some(p) = prev.filter(|&p| p != idx) {
            let from = wps[p];
            list.arrow(Style::ActiveWaypoint, from + (active - from) * 0.3, from + (active - from) * 0.7);
        }
        if spec.mode == PathMode::PingPong {
            list.label(Style::Label, active + Vec2::new(8.0, 12.0), if dir > 0 { "dir +1" } else { "dir -1" });
        }
    }
}

/// Over the agents, for the tube: the prediction joined to the agent (dotted; `PredictionOut`, red,
/// when it left the tube), the projection on the closest segment, and then the seek-back correction.
pub fn draw_over(list: &mut DrawList, sim: &Sim) {
    let Some(pt) = find_tube(&sim.scenario) else {
        return;
    };
    let wps = &sim.path.waypoints;
    let mode = mode_of(&sim.scenario);
    for (a, aux) in sim.agents.iter().zip(&sim.aux) {
        let Some(p) = tube_probe(a, wps, mode, pt, aux.seg as usize, aux.wp_dir) else {
            continue;
        };
        let style = if p.outside { Style::PredictionOut } else { Style::Prediction };
        list.line(style, a.position, p.predicted);
        list.disc(style, p.predicted, 2.5);
        list.line(Style::Projection, p.predicted, p.proj);
        list.disc(Style::Projection, p.proj, 3.0);
        if p.outside {
            let f = seek(a, p.proj) * pt.weight;
            list.arrow(Style::Correction, a.position, a.position + f * super::render::FORCE_SCALE);
        }
    }
}

/// The metric line under the canvas (and the screen-reader summary).
pub fn headline(sim: &Sim, es: bool) -> Option<String> {
    use super::text::Fixed;
    let spec = sim.scenario.path.as_ref()?;
    let wps = &sim.path.waypoints;
    let n = wps.len();
    let mode = spec.mode.name();
    if let Some(pt) = find_tube(&sim.scenario) {
        let a = sim.agents.first()?;
        let d = distance_to_path(a.position, wps, spec.mode);
        let out = sim.aux.iter().filter(|x| x.tag == TAG_OUTSIDE).count();
        let d = if d.is_finite() { format!("{} px", Fixed(d as f64, 1)) } else { "—".into() };
        return Some(if es {
            format!(
                "{n} waypoints ({mode}) · distancia al path {d} (tubo {}) · predicciones fuera: {out}",
                Fixed(pt.tube_radius as f64, 0)
            )
        } else {
            format!(
                "{n} waypoints ({mode}) · distance to the path {d} (tube {}) · predictions outside: {out}",
                Fixed(pt.tube_radius as f64, 0)
            )
        });
    }
    find_waypoints(&sim.scenario)?;
    let aux = sim.aux.first()?;
    let dir = if dir_of(aux.wp_dir) > 0 { "+1" } else { "-1" };
    let idx = if n > 0 { (aux.wp as usize).min(n - 1).to_string() } else { "—".into() };
    Some(if es {
        format!("waypoint activo {idx} de {n} · modo {mode} · dirección {dir}")
    } else {
        format!("active waypoint {idx} of {n} · mode {mode} · direction {dir}")
    })
}
