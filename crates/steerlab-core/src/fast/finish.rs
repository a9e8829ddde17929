//! Phase two of a step for one agent, from its neighbour sums to its next state: the weighted sum
//! of the rules' `steer_towards` forces truncated to `max_force` (`FlockSums::apply` +
//! `Controller::result`), then `world::integrate` and the torus wrap.
//!
//! [`finish_one`] is the reference: it calls the core's own functions. [`finish4`] computes the same
//! thing for four agents at once with the same IEEE operations in the same order (lane-wise sqrt
//! and division are correctly rounded like their scalar forms), so its results are bit-identical;
//! `tests` below check that on random and edge-case inputs.

use super::simd::F4;
use crate::agent::{Agent, HEADING_EPS};
use crate::flock::FlockRules;
use crate::steer::{steer_towards, truncate};
use crate::world::{integrate, wrap_coord};
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

/// The vector operations phase two needs, for 4 lanes ([`F4`]) and 8 (AVX2 natively). Every
/// operation is the lane-wise IEEE one, so each lane computes what the scalar expression would.
pub(crate) trait Lanes:
    Copy
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + core::ops::BitAnd<Output = Self>
{
    fn splat(x: f32) -> Self;
    fn zero() -> Self;
    fn sqrt(self) -> Self;
    fn lt(self, o: Self) -> Self;
    fn gt(self, o: Self) -> Self;
    fn le(self, o: Self) -> Self;
    fn ge(self, o: Self) -> Self;
    fn eq(self, o: Self) -> Self;
    /// `m ? a : b` per lane.
    fn select(m: Self, a: Self, b: Self) -> Self;
    fn any(self) -> bool;
    fn all(self) -> bool;
    /// Lanes where the value is finite (`x − x == 0` fails exactly for ±∞ and NaN).
    #[inline(always)]
    #[allow(clippy::eq_op)]
    fn finite(self) -> Self {
        (self - self).eq(Self::zero())
    }
    /// `wrap_coord` of every lane of `x` (by `w`) and `y` (by `h`).
    fn wrap_each(x: Self, y: Self, w: f32, h: f32) -> (Self, Self);
    /// `World::delta`'s nearest-image correction on one axis, lane by lane: `d ∓ size` where `d`
    /// is beyond ±half (the identity for |d| ≤ half).
    #[inline(always)]
    fn nearest(self, half: Self, neg_half: Self, size: Self) -> Self {
        Self::select(self.gt(half), self - size, Self::select(self.lt(neg_half), self + size, self))
    }
}

impl Lanes for F4 {
    #[inline(always)]
    fn splat(x: f32) -> F4 {
        F4::splat(x)
    }
    #[inline(always)]
    fn zero() -> F4 {
        F4::zero()
    }
    #[inline(always)]
    fn sqrt(self) -> F4 {
        F4::sqrt(self)
    }
    #[inline(always)]
    fn lt(self, o: F4) -> F4 {
        F4::lt(self, o)
    }
    #[inline(always)]
    fn gt(self, o: F4) -> F4 {
        F4::gt(self, o)
    }
    #[inline(always)]
    fn le(self, o: F4) -> F4 {
        F4::le(self, o)
    }
    #[inline(always)]
    fn ge(self, o: F4) -> F4 {
        F4::ge(self, o)
    }
    #[inline(always)]
    fn eq(self, o: F4) -> F4 {
        F4::eq(self, o)
    }
    #[inline(always)]
    fn select(m: F4, a: F4, b: F4) -> F4 {
        F4::select(m, a, b)
    }
    #[inline(always)]
    fn any(self) -> bool {
        F4::any(self)
    }
    #[inline(always)]
    fn all(self) -> bool {
        F4::all(self)
    }
    #[inline(always)]
    fn wrap_each(x: F4, y: F4, w: f32, h: f32) -> (F4, F4) {
        let (mut xa, mut ya) = (x.to_array(), y.to_array());
        for l in 0..4 {
            xa[l] = wrap_coord(xa[l], w);
            ya[l] = wrap_coord(ya[l], h);
        }
        (F4::from_array(xa), F4::from_array(ya))
    }
}

/// Lanes of [`Sums`] and of [`State`].
#[derive(Clone, Copy)]
pub(crate) struct SumsV<V> {
    pub sx: V,
    pub sy: V,
    pub ns: V,
    pub ax: V,
    pub ay: V,
    pub na: V,
    pub cx: V,
    pub cy: V,
    pub nc: V,
}

#[derive(Clone, Copy)]
pub(crate) struct StateV<V> {
    pub x: V,
    pub y: V,
    pub vx: V,
    pub vy: V,
    pub hx: V,
    pub hy: V,
}

pub(crate) type Sums4 = SumsV<F4>;
pub(crate) type State4 = StateV<F4>;

/// `truncate(v, max)` per lane: `v` if `|v|² ≤ max²`, else `v · (max / |v|)` if `max > 0` and `|v|²`
/// is finite, else zero.
#[inline(always)]
fn truncate_v<V: Lanes>(x: V, y: V, max: f32) -> (V, V) {
    let len2 = x * x + y * y;
    let keep = len2.le(V::splat(max * max));
    // Short enough in every lane (always so for a rule's steering when max_force ≥ 2·max_speed,
    // as in the benchmark flock): the same result without the square root and the division.
    if keep.all() {
        return (x, y);
    }
    let zero = V::zero();
    if max > 0.0 {
        let ok = len2.finite();
        let s = V::splat(max) / len2.sqrt();
        (V::select(keep, x, V::select(ok, x * s, zero)), V::select(keep, y, V::select(ok, y * s, zero)))
    } else {
        (x & keep, y & keep)
    }
}

/// `steer_towards(d, agent)`: `truncate(normalize_or_zero(d) · max_speed − v, max_force)`, where
/// `normalize_or_zero(d) = d · (1/|d|)` if that reciprocal is finite and positive, else zero.
#[inline(always)]
fn steer_v<V: Lanes>(dx: V, dy: V, vx: V, vy: V, k: &Consts) -> (V, V) {
    let len = (dx * dx + dy * dy).sqrt();
    let rcp = V::splat(1.0) / len;
    let ok = rcp.finite() & rcp.gt(V::zero());
    let ms = V::splat(k.max_speed);
    let ex = ((dx * rcp) & ok) * ms - vx;
    let ey = ((dy * rcp) & ok) * ms - vy;
    truncate_v(ex, ey, k.max_force)
}

/// [`finish_one`] for four agents; only for `min_speed == 0` (the caller checks). Positions that
/// leave the torus are wrapped lane by lane with `wrap_coord`.
#[inline(always)]
pub(crate) fn finish4(k: &Consts, s: &Sums4, st: &State4) -> State4 {
    finish_v(k, s, st)
}

/// [`finish_one`] for every lane (see [`finish4`]).
#[inline(always)]
pub(crate) fn finish_v<V: Lanes>(k: &Consts, s: &SumsV<V>, st: &StateV<V>) -> StateV<V> {
    debug_assert!(k.min_speed <= 0.0);
    let zero = V::zero();
    let (mut fx, mut fy) = (zero, zero);
    if let Some((w, _)) = k.rules.separation {
        let has = s.ns.gt(zero);
        if has.any() {
            let (tx, ty) = steer_v(s.sx / s.ns, s.sy / s.ns, st.vx, st.vy, k);
            let w = V::splat(w);
            fx = V::select(has, fx + tx * w, fx);
            fy = V::select(has, fy + ty * w, fy);
        }
    }
    if let Some((w, _)) = k.rules.alignment {
        let has = s.na.gt(zero);
        if has.any() {
            let (tx, ty) = steer_v(s.ax / s.na, s.ay / s.na, st.vx, st.vy, k);
            let w = V::splat(w);
            fx = V::select(has, fx + tx * w, fx);
            fy = V::select(has, fy + ty * w, fy);
        }
    }
    if let Some((w, _)) = k.rules.cohesion {
        let has = s.nc.gt(zero);
        if has.any() {
            let (tx, ty) = steer_v(s.cx / s.nc, s.cy / s.nc, st.vx, st.vy, k);
            let w = V::splat(w);
            fx = V::select(has, fx + tx * w, fx);
            fy = V::select(has, fy + ty * w, fy);
        }
    }
    // Controller::result, then integrate's own truncation of the steering.
    let (fx, fy) = truncate_v(fx, fy, k.max_force);
    let (fx, fy) = truncate_v(fx, fy, k.max_force);
    let dt = V::splat(k.dt);
    let (vx, vy) = truncate_v(st.vx + fx * dt, st.vy + fy * dt, k.max_speed);
    let x = st.x + vx * dt;
    let y = st.y + vy * dt;
    // update_heading: keep the previous heading while stopped.
    let len2 = vx * vx + vy * vy;
    let moving = len2.gt(V::splat(HEADING_EPS * HEADING_EPS));
    let len = len2.sqrt();
    let hx = V::select(moving, vx / len, st.hx);
    let hy = V::select(moving, vy / len, st.hy);
    // The wrap: nothing to do for lanes inside [0, size).
    let (w, h) = (V::splat(k.width), V::splat(k.height));
    let inside = x.ge(zero) & x.lt(w) & y.ge(zero) & y.lt(h);
    let (x, y) = if inside.all() { (x, y) } else { V::wrap_each(x, y, k.width, k.height) };
    StateV { x, y, vx, vy, hx, hy }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

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
                // Eight lanes (AVX2): these four, then the same four in reverse order.
                #[cfg(target_arch = "x86_64")]
                if let Some(avx2) = super::super::avx::Lanes8::detect() {
                    let lane = |l: usize| if l < 4 { l } else { 7 - l };
                    let arr = |f: &dyn Fn(&Sums) -> f32| core::array::from_fn::<f32, 8, _>(|l| f(&s[lane(l)]));
                    let s8 = super::super::avx::Sums8 {
                        sx: arr(&|v| v.sx),
                        sy: arr(&|v| v.sy),
                        ns: arr(&|v| v.ns),
                        ax: arr(&|v| v.ax),
                        ay: arr(&|v| v.ay),
                        na: arr(&|v| v.na),
                        cx: arr(&|v| v.cx),
                        cy: arr(&|v| v.cy),
                        nc: arr(&|v| v.nc),
                    };
                    let field = |f: &dyn Fn(&State) -> f32| core::array::from_fn::<f32, 8, _>(|l| f(&st[lane(l)]));
                    let src = [
                        field(&|v| v.x),
                        field(&|v| v.y),
                        field(&|v| v.vx),
                        field(&|v| v.vy),
                        field(&|v| v.hx),
                        field(&|v| v.hy),
                    ];
                    let mut dst = [[0.0f32; 8]; 6];
                    let dp: Vec<*mut f32> = dst.iter_mut().map(|a| a.as_mut_ptr()).collect();
                    // SAFETY: AVX2 is available; every array holds 8 floats; min_speed is 0.
                    unsafe {
                        avx2.finish8(
                            &k,
                            s8.ptrs(0),
                            core::array::from_fn(|a| src[a].as_ptr()),
                            core::array::from_fn(|a| dp[a]),
                            0,
                        );
                    }
                    for l in 0..8 {
                        let want = finish_one(&k, &s[lane(l)], &st[lane(l)]);
                        let got = State {
                            x: dst[0][l],
                            y: dst[1][l],
                            vx: dst[2][l],
                            vy: dst[3][l],
                            hx: dst[4][l],
                            hy: dst[5][l],
                        };
                        assert_eq!(bits(&got), bits(&want), "eight lanes: case {case} round {round} lane {l}");
                    }
                }
            }
        }
    }
}
