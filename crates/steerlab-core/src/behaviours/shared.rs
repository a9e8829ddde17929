//! Helpers shared by behaviours: the flocking rules' terms and lines, separation and its ties,
//! the pointer's target, agent checks, the steering arrows.

use super::{AgentStep, ForceCtx, Highlight};
use crate::agent::Agent;
use crate::check::Check;
use crate::draw::{DrawList, Style};
use crate::pointer::Pointer;
use crate::pseudo::{vec, Lines, LIMIT};
use crate::setup::Setup;
use crate::steer::{desired_towards, steer_towards, truncate, Contribution, Note};
use crate::world::World;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// How a follower (or a queuing agent) keeps apart from the others within `sep_radius`
/// (steering-iv §2.1, §5 and §6 give two forms; steerlab had a third).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum SepForm {
    /// §5's `separation(follower, others, sep_radius)`, "igual que en flocking": the mean of
    /// `normalize(self − other) / d` over the neighbours within `sep_radius`, then
    /// `limit(normalize(mean) · max_speed − velocity, max_force)`.
    #[default]
    Flocking,
    /// §6's Unity code: `Σ (normalize(self − other) · max_speed · (1 − d/sep_radius) − velocity)`
    /// over the neighbours, limited to `max_force`.
    Unity,
    /// steerlab's earlier form: `Σ normalize(self − other) · (1 − d/sep_radius)`, times
    /// `max_speed`, limited to `max_force`. The velocity is not subtracted, so separation never
    /// brakes a group that moves together (the flocking form brakes followers walking side by side).
    Push,
}

impl SepForm {
    pub fn key(self) -> &'static str {
        match self {
            SepForm::Flocking => "flocking",
            SepForm::Unity => "unity",
            SepForm::Push => "push",
        }
    }
}

/// One flocking rule's term from the shared neighbour pass (flocking-boids.txt §3): with `n`
/// neighbours and their `sum`, `steer = limit(normalize(sum / n) · max_speed − velocity,
/// max_force)`, weighted; explained with the neighbours, the sum, the mean and the desired
/// velocity. Returns the mean (`None` without neighbours: the rule contributes nothing).
#[inline(always)]
pub fn flock_term(a: &mut AgentStep, rule: &'static str, weight: f32, n: u32, sum: Vec2) -> Option<Vec2> {
    if n == 0 {
        a.ctl.idle(rule, weight, |d| d.neighbours = Some(0));
        return None;
    }
    let mean = sum / n as f32;
    let agent = a.agent;
    a.ctl.add(rule, weight, steer_towards(mean, agent));
    a.ctl.explain(|d| {
        d.neighbours = Some(n);
        d.sum = Some(sum);
        d.mean = Some(mean);
        d.desired = Some(desired_towards(mean, agent));
    });
    Some(mean)
}

/// A flocking rule's inspector lines (flocking-boids §2–3): its neighbours (`count`: the words'
/// key of that line), their sum, the mean, the desired velocity and the force.
pub fn flock_lines(p: &mut Lines, count: &'static str, sum: &'static str, mean: &'static str, desired: &'static str) {
    if p.count(count) == 0 {
        p.nothing("pseudo.count_zero");
        return;
    }
    let d = &p.t.detail;
    p.add(sum, vec(d.sum.unwrap_or_default()), "sum");
    // (Cohesion shows the centroid itself: position + coh / count.)
    let shown = match p.note("centroid") {
        Some(Note::Point(q)) => q,
        _ => d.mean.unwrap_or_default(),
    };
    p.add(mean, vec(shown), "mean");
    p.desired(desired);
    p.force(LIMIT);
}

/// A flocking rule's highlights: the neighbours within `radius` and a line to each (separation
/// leaves out coincident agents), and the mean as `mean(m)` draws it.
pub fn flock_highlight(
    t: &Contribution,
    key: &str,
    h: &mut Highlight,
    radius: f32,
    mean: impl Fn(Vec2) -> Vec2,
) -> bool {
    match key {
        "neighbours" | "sum" => h.neighbours(radius, None, t.rule != "separation" || t.detail.mean.is_none()),
        "mean" => {
            if let Some(m) = t.detail.mean {
                let p = h.p;
                h.arrow(p, p + mean(m));
            }
        }
        _ => return false,
    }
    true
}

/// The inspector's lines of a follower's or a queuing agent's separation (steering-iv §2.1, §5,
/// §6), in its form ([`SepForm`]).
pub fn sep_form_lines(p: &mut Lines) {
    if p.count("pseudo.sep_form.count") == 0 {
        p.nothing("pseudo.count_zero");
        return;
    }
    let sum = vec(p.t.detail.sum.unwrap_or_default());
    match p.note("form") {
        Some(Note::Word("unity")) => {
            p.add(
                "sep += normalize(self.position - n.position) * max_speed * (1 - distance / sep_radius) - velocity",
                sum,
                "sum",
            );
            p.force("force = limit(sep, max_force)");
        }
        Some(Note::Word("push")) => {
            p.add("sep += normalize(self.position - n.position) * (1 - distance / sep_radius)", sum, "sum");
            p.force("force = limit(sep * max_speed, max_force)");
        }
        _ => {
            p.add("sep += normalize(self.position - n.position) / distance", sum, "sum");
            p.force("force = limit(normalize(sep / count) * max_speed - velocity, max_force)");
        }
    }
}

/// Below this distance two agents count as coincident and are pushed apart along [`tie_dir`].
pub const TIE_DIST: f32 = 1e-3;

/// Separation of agent `i` from the others within `radius` (`skip` is left out: the leader), in
/// the given form: the force (limited to `max_force`), the neighbours that counted, and their sum
/// (of `normalize(self − other) / d` for the flocking form, of the per-neighbour pushes for the
/// others). `None` when nobody is near. Coincident agents are pushed apart along a direction
/// derived from their indices (opposite for the two), as if `TIE_DIST` apart.
pub fn separate(
    ctx: &ForceCtx,
    i: usize,
    skip: Option<usize>,
    radius: f32,
    form: SepForm,
) -> Option<(Vec2, u32, Vec2)> {
    let a = &ctx.agents[i];
    let mut sum = Vec2::ZERO;
    let mut k = 0u32;
    ctx.neighbours(i, radius, |j: usize, d: Vec2, d2: f32| {
        if Some(j) == skip {
            return;
        }
        let dist = d2.sqrt();
        let (dir, dist) = if dist > TIE_DIST { (-d / dist, dist) } else { (tie_dir(i, j), TIE_DIST) };
        sum += match form {
            SepForm::Flocking => dir / dist,
            SepForm::Unity => dir * (a.max_speed * (1.0 - dist / radius)) - a.velocity,
            SepForm::Push => dir * (1.0 - dist / radius).max(0.0),
        };
        k += 1;
    });
    if k == 0 {
        return None;
    }
    let f = match form {
        SepForm::Flocking => steer_towards(sum / k as f32, a),
        SepForm::Unity => truncate(sum, a.max_force),
        SepForm::Push => truncate(sum * a.max_speed, a.max_force),
    };
    Some((f, k, sum))
}

/// A unit direction for pushing coincident agents `i` and `j` apart: `tie_dir(i, j) = −tie_dir(j, i)`.
pub fn tie_dir(i: usize, j: usize) -> Vec2 {
    let (lo, hi) = if i < j { (i, j) } else { (j, i) };
    let h = (lo as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (hi as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let ang = (h >> 40) as f32 / (1u64 << 24) as f32 * core::f32::consts::TAU;
    let u = Vec2::new(libm::cosf(ang), libm::sinf(ang));
    if i < j {
        u
    } else {
        -u
    }
}

/// A point the reader moves with the pointer (`"interaction": "pointer"`): seek's and arrive's
/// target, flee's threat. A click puts it there and a drag carries it (touch sends the same
/// events); until then it is the scenario's starting point.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PointerTarget(pub Option<Vec2>);

impl PointerTarget {
    /// Where it is: where the pointer put it, else `start`, else the world's centre.
    pub fn at(&self, start: Option<[f32; 2]>, world: &World) -> Vec2 {
        self.0.or(start.map(Vec2::from)).unwrap_or_else(|| world.center())
    }

    /// A click, or a move while dragging, puts it under the pointer. True if it moved.
    pub fn pointer(&mut self, ev: Pointer, dragging: bool) -> bool {
        match ev {
            Pointer::Down(p) => self.0 = Some(p),
            Pointer::Move(p) if dragging => self.0 = Some(p),
            _ => return false,
        }
        true
    }
}

/// Validation of a field that names an agent (pursuit's quarry, evade's hunter): it must exist.
pub fn check_agent(c: &Check, field: &str, index: usize, sc: &Setup) -> Result<(), String> {
    let n = sc.agent_count;
    if index >= n {
        return crate::check::fail(format!("{}.{field}: no agent {index} (there are {n})", c.path));
    }
    Ok(())
}

/// Of the four points at 20 % and 80 % of the world's width and height, the one farthest from
/// `p`: where a caught quarry (pursuit) or a hunter that caught its prey (evade) starts again.
pub fn far_from(world: &World, p: Vec2) -> Vec2 {
    let (w, h) = (world.width, world.height);
    let spots = [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)].map(|(x, y)| Vec2::new(w * x, h * y));
    let d2 = |q: &Vec2| world.distance_squared(*q, p);
    spots.into_iter().max_by(|a, b| d2(a).total_cmp(&d2(b))).unwrap_or(p)
}

/// Seconds of travel the steering basics' velocity arrows stand for (80 px/s → 48 px).
pub const STEER_SCALE: f32 = 0.6;

/// Steering I's picture for one agent: its velocity, the desired velocity (dashed), and the
/// steering force `desired − velocity` (truncated to max_force) from the velocity's tip towards the
/// desired velocity's tip, all at [`STEER_SCALE`].
pub fn draw_steering(list: &mut DrawList, a: &Agent, desired: Vec2) {
    let (p, k) = (a.position, STEER_SCALE);
    let tip = p + a.velocity * k;
    list.arrow(Style::SteerVelocity, p, tip);
    list.arrow(Style::DesiredVelocity, p, p + desired * k);
    list.arrow(Style::SteerForce, tip, tip + truncate(desired - a.velocity, a.max_force) * k);
}
