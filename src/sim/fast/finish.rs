//! Phase two of a step for one agent, from its neighbour sums to its next state: the weighted sum
//! of the rules' `steer_towards` forces truncated to `max_force` (`FlockSums::apply` +
//! `Controller::result`), then `world::integrate` and the torus wrap.
//!
//! [`finish_one`] is the reference: it calls the core's own functions. [`finish4`] computes the same
//! thing for four agents at once with the same IEEE operations in the same order (lane-wise sqrt
//! and division are correctly rounded like their scalar forms), so its results are bit-identical;
//! `tests` below check that on random and edge-case inputs.

use super::simd::F4;
use crate::sim::agent::{Agent, HEADING_EPS};
use crate::sim::flock::FlockRules;
use crate::sim::steer::{steer_towards, truncate};
use crate::sim::world::{integrate, wrap_coord};
use glam::Vec2;

/// The neighbour sums of one agent (counts as `f32`: exact small integers).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Sums {
    pub sx: f32,
    pub sy: f32,
    pub ns: f32,
    pub ax: f32,
    pub ay: f32,
    pub na: f32,
    pub cx: f32,
    pub cy: f32,
    pub nc: f32,
}

/// One agent's state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct State {
    pub x: f32,
    pub y: f32,
    pub vx: f32,
    pub vy: f32,
    pub hx: f32,
    pub hy: f32,
}

/// What phase two needs besides the sums and the state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Consts {
    pub rules: FlockRules,
    pub max_speed: f32,
    pub max_force: f32,
    pub min_speed: f32,
    pub dt: f32,
    pub width: f32,
    pub height: f32,
}

/// The force, exactly as `FlockSums::apply` into a `Controller` and `Controller::result` make it.
#[inline(always)]
pub(crate) fn force_one(k: &Consts, s: &Sums, velocity: Vec2) -> Vec2 {
    let agent =
        Agent { position: Vec2::ZERO, velocity, max_speed: k.max_speed, max_force: k.max_force, heading: Vec2::X };
    let mut sum = Vec2::ZERO;
    if let Some((w, _)) = k.rules.separation {
        if s.ns > 0.0 {
            sum += steer_towards(Vec2::new(s.sx, s.sy) / s.ns, &agent) * w;
        }
    }
    if let Some((w, _)) = k.rules.alignment {
        if s.na > 0.0 {
            sum += steer_towards(Vec2::new(s.ax, s.ay) / s.na, &agent) * w;
        }
    }
    if let Some((w, _)) = k.rules.cohesion {
        if s.nc > 0.0 {
            sum += steer_towards(Vec2::new(s.cx, s.cy) / s.nc, &agent) * w;
        }
    }
    truncate(sum, k.max_force)
}

/// The reference: force, `world::integrate`, wrap.
#[inline(always)]
pub(crate) fn finish_one(k: &Consts, s: &Sums, st: &State) -> State {
    let v = Vec2::new(st.vx, st.vy);
    let f = force_one(k, s, v);
    let mut a = Agent {
        position: Vec2::new(st.x, st.y),
        velocity: v,
        max_speed: k.max_speed,
        max_force: k.max_force,
        heading: Vec2::new(st.hx, st.hy),
    };
    integrate(&mut a, f, k.dt, k.min_speed);
    State {
        x: wrap_coord(a.position.x, k.width),
        y: wrap_coord(a.position.y, k.height),
        vx: a.velocity.x,
        vy: a.velocity.y,
        hx: a.heading.x,
        hy: a.heading.y,
    }
}

/// Four lanes of [`Sums`] and of [`State`].
#[derive(Clone, Copy)]
pub(crate) struct Sums4 {
    pub sx: F4,
    pub sy: F4,
    pub ns: F4,
    pub ax: F4,
    pub ay: F4,
    pub na: F4,
    pub cx: F4,
    pub cy: F4,
    pub nc: F4,
}

#[derive(Clone, Copy)]
pub(crate) struct State4 {
    pub x: F4,
    pub y: F4,
    pub vx: F4,
    pub vy: F4,
    pub hx: F4,
    pub hy: F4,
}

/// `truncate(v, max)` per lane: `v` if `|v|² ≤ max²`, else `v · (max / |v|)` if `max > 0` and `|v|²`
/// is finite, else zero.
#[inline(always)]
fn truncate4(x: F4, y: F4, max: f32) -> (F4, F4) {
    let len2 = x * x + y * y;
    let keep = len2.le(F4::splat(max * max));
    let zero = F4::zero();
    if max > 0.0 {
        let ok = len2.finite();
        let s = F4::splat(max) / len2.sqrt();
        (F4::select(keep, x, F4::select(ok, x * s, zero)), F4::select(keep, y, F4::select(ok, y * s, zero)))
    } else {
        (x & keep, y & keep)
    }
}

/// `steer_towards(d, agent)`: `truncate(normalize_or_zero(d) · max_speed − v, max_force)`, where
/// `normalize_or_zero(d) = d · (1/|d|)` if that reciprocal is finite and positive, else zero.
#[inline(always)]
fn steer4(dx: F4, dy: F4, vx: F4, vy: F4, k: &Consts) -> (F4, F4) {
    let len = (dx * dx + dy * dy).sqrt();
    let rcp = F4::splat(1.0) / len;
    let ok = rcp.finite() & rcp.gt(F4::zero());
    let ms = F4::splat(k.max_speed);
    let ex = ((dx * rcp) & ok) * ms - vx;
    let ey = ((dy * rcp) & ok) * ms - vy;
    truncate4(ex, ey, k.max_force)
}

/// [`finish_one`] for four agents; only for `min_speed == 0` (the caller checks). Positions that
/// leave the torus are wrapped lane by lane with `wrap_coord`.
#[inline(always)]
pub(crate) fn finish4(k: &Consts, s: &Sums4, st: &State4) -> State4 {
    debug_assert!(k.min_speed <= 0.0);
    let zero = F4::zero();
    let (mut fx, mut fy) = (zero, zero);
    if let Some((w, _)) = k.rules.separation {
        let has = s.ns.gt(zero);
        if has.any() {
            let (tx, ty) = steer4(s.sx / s.ns, s.sy / s.ns, st.vx, st.vy, k);
            let w = F4::splat(w);
            fx = F4::select(has, fx + tx * w, fx);
            fy = F4::select(has, fy + ty * w, fy);
        }
    }
    if let Some((w, _)) = k.rules.alignment {
        let has = s.na.gt(zero);
        if has.any() {
            let (tx, ty) = steer4(s.ax / s.na, s.ay / s.na, st.vx, st.vy, k);
            let w = F4::splat(w);
            fx = F4::select(has, fx + tx * w, fx);
            fy = F4::select(has, fy + ty * w, fy);
        }
    }
    if let Some((w, _)) = k.rules.cohesion {
        let has = s.nc.gt(zero);
        if has.any() {
            let (tx, ty) = steer4(s.cx / s.nc, s.cy / s.nc, st.vx, st.vy, k);
            let w = F4::splat(w);
            fx = F4::select(has, fx + tx * w, fx);
            fy = F4::select(has, fy + ty * w, fy);
        }
    }
    // Controller::result, then integrate's own truncation of the steering.
    let (fx, fy) = truncate4(fx, fy, k.max_force);
    let (fx, fy) = truncate4(fx, fy, k.max_force);
    let dt = F4::splat(k.dt);
    let (vx, vy) = truncate4(st.vx + fx * dt, st.vy + fy * dt, k.max_speed);
    let x = st.x + vx * dt;
    let y = st.y + vy * dt;
    // update_heading: keep the previous heading while stopped.
    let len2 = vx * vx + vy * vy;
    let moving = len2.gt(F4::splat(HEADING_EPS * HEADING_EPS));
    let len = len2.sqrt();
    let hx = F4::select(moving, vx / len, st.hx);
    let hy = F4::select(moving, vy / len, st.hy);
    // The wrap: nothing to do for lanes inside [0, size).
    let (w, h) = (F4::splat(k.width), F4::splat(k.height));
    let inside = x.ge(zero) & x.lt(w) & y.ge(zero) & y.lt(h);
    let (x, y) = if inside.all() {
        (x, y)
    } else {
        let (mut xa, mut ya) = (x.to_array(), y.to_array());
        for l in 0..4 {
            xa[l] = wrap_coord(xa[l], k.width);
            ya[l] = wrap_coord(ya[l], k.height);
        }
        (F4::from_array(xa), F4::from_array(ya))
    };
    State4 { x, y, vx, vy, hx, hy }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::seeded;

    fn consts(rules: FlockRules) -> Consts {
        Consts { rules, max_speed: 80.0, max_force: 192.0, min_speed: 0.0, dt: 1.0 / 60.0, width: 640.0, height: 400.0 }
    }

    fn bits(s: &State) -> [u32; 6] {
        [s.x, s.y, s.vx, s.vy, s.hx, s.hy].map(f32::to_bits)
    }

    /// Random sums and states, with the edge cases mixed in: no neighbours, zero and tiny vectors,
    /// stopped agents, huge forces, positions at and just over the edges.
    #[test]
    fn four_lanes_are_bit_identical_to_the_reference() {
        let mut rng = seeded(99);
        let mut r = |a: f32, b: f32| a + (b - a) * rng.f32();
        let all =
            FlockRules { separation: Some((1.5, 22.0)), alignment: Some((1.0, 48.0)), cohesion: Some((1.0, 48.0)) };
        let some = FlockRules { separation: None, alignment: Some((2.0, 30.0)), cohesion: Some((0.5, 60.0)) };
        for (case, rules) in [all, some, FlockRules::default()].into_iter().enumerate() {
            let k = consts(rules);
            for round in 0..4000 {
                let mut s = [Sums::default(); 4];
                let mut st = [State::default(); 4];
                for l in 0..4 {
                    let n = |x: f32| if x < 0.15 { 0.0 } else { (x * 30.0).floor() };
                    let pick = (round * 4 + l) % 7;
                    s[l] = Sums {
                        sx: r(-2.0, 2.0),
                        sy: r(-2.0, 2.0),
                        ns: n(r(0.0, 1.0)),
                        ax: r(-2000.0, 2000.0),
                        ay: r(-2000.0, 2000.0),
                        na: n(r(0.0, 1.0)),
                        cx: r(-900.0, 900.0),
                        cy: r(-900.0, 900.0),
                        nc: n(r(0.0, 1.0)),
                    };
                    st[l] = State {
                        x: r(0.0, 640.0),
                        y: r(0.0, 400.0),
                        vx: r(-80.0, 80.0),
                        vy: r(-80.0, 80.0),
                        hx: 0.6,
                        hy: -0.8,
                    };
                    match pick {
                        0 => {
                            // Zero sums with neighbours: normalize_or_zero gives zero (braking).
                            s[l].sx = 0.0;
                            s[l].sy = 0.0;
                            s[l].ns = 3.0;
                            s[l].cx = 0.0;
                            s[l].cy = 0.0;
                        }
                        1 => {
                            // Stopped agent: the heading is kept.
                            st[l].vx = 0.0;
                            st[l].vy = 0.0;
                            s[l].na = 0.0;
                            s[l].nc = 0.0;
                            s[l].ns = 0.0;
                        }
                        2 => {
                            // At the edges: wraps across the seam.
                            st[l].x = 639.99;
                            st[l].vx = 80.0;
                            st[l].y = 0.001;
                            st[l].vy = -80.0;
                        }
                        3 => {
                            s[l].sx = 1e-30;
                            s[l].sy = -1e-30;
                            s[l].ns = 1.0;
                        }
                        4 => {
                            s[l].ax = 3e38;
                            s[l].ay = 3e38;
                            s[l].na = 1.0;
                        }
                        _ => {}
                    }
                }
                let pack = |f: &dyn Fn(usize) -> f32| F4::from_array([f(0), f(1), f(2), f(3)]);
                let s4 = Sums4 {
                    sx: pack(&|l| s[l].sx),
                    sy: pack(&|l| s[l].sy),
                    ns: pack(&|l| s[l].ns),
                    ax: pack(&|l| s[l].ax),
                    ay: pack(&|l| s[l].ay),
                    na: pack(&|l| s[l].na),
                    cx: pack(&|l| s[l].cx),
                    cy: pack(&|l| s[l].cy),
                    nc: pack(&|l| s[l].nc),
                };
                let st4 = State4 {
                    x: pack(&|l| st[l].x),
                    y: pack(&|l| st[l].y),
                    vx: pack(&|l| st[l].vx),
                    vy: pack(&|l| st[l].vy),
                    hx: pack(&|l| st[l].hx),
                    hy: pack(&|l| st[l].hy),
                };
                let out = finish4(&k, &s4, &st4);
                let (x, y, vx, vy, hx, hy) = (
                    out.x.to_array(),
                    out.y.to_array(),
                    out.vx.to_array(),
                    out.vy.to_array(),
                    out.hx.to_array(),
                    out.hy.to_array(),
                );
                for l in 0..4 {
                    let want = finish_one(&k, &s[l], &st[l]);
                    let got = State { x: x[l], y: y[l], vx: vx[l], vy: vy[l], hx: hx[l], hy: hy[l] };
                    assert_eq!(
                        bits(&got),
                        bits(&want),
                        "case {case} round {round} lane {l}: {got:?} vs {want:?} from {:?} {:?}",
                        s[l],
                        st[l]
                    );
                }
            }
        }
    }
}
