//! The group kernel with eight agents per vector (AVX2, x86_64 only, chosen at run time when the
//! CPU has it): the same per-lane arithmetic as `kernel::sums_group` — the same IEEE operations in
//! the same order, no fused multiply-add — on 256-bit vectors.
//!
//! Its `#[target_feature(enable = "avx2")]` functions are private to this file and reached only
//! through [`Lanes8`], whose one constructor checks the CPU.

use super::finish::{finish_v, Consts, Lanes, StateV, Sums, SumsV};
use super::group::View;
use super::group::{GroupKernel, Out, Pass, Phase2, Query};
use super::kernel::Lanes4;
use super::simd::F4;
use super::{Block, Radii};
use crate::world::wrap_coord;
use crate::world::World;
use core::arch::x86_64::*;

/// The eight-lane group kernel, and the proof that this CPU has AVX2: [`Lanes8::detect`] is the
/// only way to make one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lanes8(());

impl Lanes8 {
    /// `Some` if and only if this CPU runs AVX2.
    pub(crate) fn detect() -> Option<Lanes8> {
        std::is_x86_feature_detected!("avx2").then_some(Lanes8(()))
    }

    /// [`finish8`]: phase two of slots `g..g + 8` from their sums (eight floats at each of `s`,
    /// in [`LaneSums::ptrs`]'s order), from `src` into `dst` (x, y, vx, vy, hx, hy).
    ///
    /// # Safety
    /// Every array holds `g + 8` floats (`s`'s eight); `min_speed ≤ 0`.
    #[inline(always)]
    pub(crate) unsafe fn finish8(
        self,
        k: &Consts,
        s: [*const f32; 9],
        src: [*const f32; 6],
        dst: [*mut f32; 6],
        g: usize,
    ) {
        // SAFETY: `self` exists, so the CPU has AVX2; the rest is the caller's.
        finish8(k, s, src, dst, g)
    }

    /// Phase two of slots `g..g + 8` from their sums (as [`Lanes8::finish8`]), and their new cells.
    ///
    /// # Safety
    /// As [`GroupKernel::finish`] for eight slots from `g`.
    #[inline(always)]
    pub(crate) unsafe fn finish_at(self, p: &Phase2, s: [*const f32; 9], out: &mut Out, g: usize) {
        let src = [p.v.x.as_ptr(), p.v.y.as_ptr(), p.v.vx.as_ptr(), p.v.vy.as_ptr(), p.hx.as_ptr(), p.hy.as_ptr()];
        let dst = [
            out.x.as_mut_ptr(),
            out.y.as_mut_ptr(),
            out.vx.as_mut_ptr(),
            out.vy.as_mut_ptr(),
            out.hx.as_mut_ptr(),
            out.hy.as_mut_ptr(),
        ];
        self.finish8(&p.k, s, src, dst, g);
        for i in g..g + 8 {
            let c = p.cells.index(out.x[i], out.y[i]);
            out.set_cell(i, c);
        }
    }
}

impl GroupKernel for Lanes8 {
    const LANES: usize = 8;
    type Sums = Sums8;

    #[inline(always)]
    unsafe fn sums(self, q: &Query, b: &Block, g: usize) -> Sums8 {
        // SAFETY: `self` exists, so the CPU has AVX2; the ranges are the caller's.
        sums_group8_for(q.same, q.v, &q.radii, b, g, &q.world)
    }

    #[inline(always)]
    fn neighbours(s: &Sums8) -> u64 {
        let mut total = 0;
        for h in 0..2 {
            let half = |a: &[f32; 8]| F4::from_array([a[4 * h], a[4 * h + 1], a[4 * h + 2], a[4 * h + 3]]);
            total += half(&s.ns).max(half(&s.na)).max(half(&s.nc)).sum() as u64;
        }
        total
    }

    #[inline(always)]
    fn lane(s: &Sums8, l: usize) -> Sums {
        s.lane(l)
    }

    #[inline(always)]
    unsafe fn finish(self, p: &Phase2, s: &Sums8, out: &mut Out, g: usize) {
        self.finish_at(p, s.ptrs(0), out, g)
    }

    /// Eight that cannot share a window: four lanes.
    #[inline(always)]
    fn narrower(self, pass: &mut Pass, g: usize) -> usize {
        pass.group(Lanes4, g)
    }
}

/// The sums of eight agents, lane `l` = slot `g + l`.
pub(crate) type Sums8 = LaneSums<8>;

/// The sums of `N` agents, lane `l` for slot `g + l` (counts as exact small floats): what the AVX
/// kernels return (sixteen lanes inside `avx512::Sums16`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaneSums<const N: usize> {
    pub sx: [f32; N],
    pub sy: [f32; N],
    pub ns: [f32; N],
    pub ax: [f32; N],
    pub ay: [f32; N],
    pub na: [f32; N],
    pub cx: [f32; N],
    pub cy: [f32; N],
    pub nc: [f32; N],
}

impl<const N: usize> LaneSums<N> {
    /// Lane `l`'s sums.
    #[inline(always)]
    pub(crate) fn lane(&self, l: usize) -> Sums {
        Sums {
            sx: self.sx[l],
            sy: self.sy[l],
            ns: self.ns[l],
            ax: self.ax[l],
            ay: self.ay[l],
            na: self.na[l],
            cx: self.cx[l],
            cy: self.cy[l],
            nc: self.nc[l],
        }
    }

    /// Pointers to lane `from` of the nine sums, in the order sx, sy, ns, ax, ay, na, cx, cy, nc.
    #[inline(always)]
    pub(crate) fn ptrs(&self, from: usize) -> [*const f32; 9] {
        [&self.sx, &self.sy, &self.ns, &self.ax, &self.ay, &self.na, &self.cx, &self.cy, &self.nc]
            .map(|a| a[from..].as_ptr())
    }
}

/// The sums of the agents in slots `g..g + 8` over the shared ranges `b`; with `WRAP`
/// the nearest-image correction on both axes (exactly `World::delta`'s).
///
/// # Safety
/// The CPU must support AVX2 (a [`Lanes8`] exists); `g + 8 ≤ n` and every range within `0..n`.
#[target_feature(enable = "avx2")]
unsafe fn sums_group8<const SAME: bool, const WRAP: bool>(
    v: View,
    r: &Radii,
    b: &Block,
    g: usize,
    world: &World,
) -> Sums8 {
    let (xp, yp, vxp, vyp) = (v.x.as_ptr(), v.y.as_ptr(), v.vx.as_ptr(), v.vy.as_ptr());
    let px = _mm256_loadu_ps(xp.add(g));
    let py = _mm256_loadu_ps(yp.add(g));
    let sep2 = _mm256_set1_ps(r.sep2);
    let ali2 = _mm256_set1_ps(r.ali2);
    let coh2 = _mm256_set1_ps(r.coh2);
    let zero = _mm256_setzero_ps();
    let (w, hw, nhw) =
        (_mm256_set1_ps(world.width), _mm256_set1_ps(world.width * 0.5), _mm256_set1_ps(-(world.width * 0.5)));
    let (h, hh, nhh) =
        (_mm256_set1_ps(world.height), _mm256_set1_ps(world.height * 0.5), _mm256_set1_ps(-(world.height * 0.5)));
    let (mut sx, mut sy, mut ax, mut ay, mut cx, mut cy) = (zero, zero, zero, zero, zero, zero);
    let zi = _mm256_setzero_si256();
    let (mut ns, mut na, mut nc) = (zi, zi, zi);
    let lanes = _mm256_add_epi32(_mm256_set1_epi32(g as i32), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));

    // One candidate; `$self` is the mask of lanes that are not the candidate itself (or None).
    macro_rules! cand {
        ($j:expr, $notself:expr) => {{
            let j = $j;
            let x = _mm256_broadcast_ss(&*xp.add(j));
            let y = _mm256_broadcast_ss(&*yp.add(j));
            let mut dx = _mm256_sub_ps(x, px);
            let mut dy = _mm256_sub_ps(y, py);
            if WRAP {
                dx = F8(dx).nearest(F8(hw), F8(nhw), F8(w)).0;
                dy = F8(dy).nearest(F8(hh), F8(nhh), F8(h)).0;
            }
            let d2 = _mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy));
            let mut ma = _mm256_cmp_ps::<_CMP_LT_OQ>(d2, ali2);
            if let Some(m) = $notself {
                ma = _mm256_and_ps(ma, m);
            }
            let vx = _mm256_broadcast_ss(&*vxp.add(j));
            let vy = _mm256_broadcast_ss(&*vyp.add(j));
            ax = _mm256_add_ps(ax, _mm256_and_ps(vx, ma));
            ay = _mm256_add_ps(ay, _mm256_and_ps(vy, ma));
            na = _mm256_sub_epi32(na, _mm256_castps_si256(ma));
            let mc = if SAME {
                ma
            } else {
                let mut m = _mm256_cmp_ps::<_CMP_LT_OQ>(d2, coh2);
                if let Some(s) = $notself {
                    m = _mm256_and_ps(m, s);
                }
                nc = _mm256_sub_epi32(nc, _mm256_castps_si256(m));
                m
            };
            cx = _mm256_add_ps(cx, _mm256_and_ps(dx, mc));
            cy = _mm256_add_ps(cy, _mm256_and_ps(dy, mc));
            // Separation needs d² > 0 as well (which also excludes self). Evaluated for every
            // candidate, without a branch: with eight lanes "some lane within sep_dist" is close
            // to a coin flip, and the mispredictions cost more than the division (min of
            // alternating runs at 100k on a loaded 2-core VM: 92.6 → 87.5 and 124.7 → 122.3
            // ns/boid, i.e. 2–5 %). Lanes outside the mask add ±0, so the sums are unchanged.
            let ms = _mm256_and_ps(_mm256_cmp_ps::<_CMP_LT_OQ>(d2, sep2), _mm256_cmp_ps::<_CMP_GT_OQ>(d2, zero));
            let inv = _mm256_div_ps(_mm256_set1_ps(1.0), d2);
            sx = _mm256_sub_ps(sx, _mm256_and_ps(_mm256_mul_ps(dx, inv), ms));
            sy = _mm256_sub_ps(sy, _mm256_and_ps(_mm256_mul_ps(dy, inv), ms));
            ns = _mm256_sub_epi32(ns, _mm256_castps_si256(ms));
        }};
    }

    for &(rs, re) in &b.ranges[..b.n] {
        let (rs, re) = (rs as usize, re as usize);
        let (m0, m1) = (g.max(rs).min(re), (g + 8).max(rs).min(re));
        for j in rs..m0 {
            cand!(j, None::<__m256>);
        }
        for j in m0..m1 {
            let is = _mm256_cmpeq_epi32(lanes, _mm256_set1_epi32(j as i32));
            let notself = _mm256_castsi256_ps(_mm256_xor_si256(is, _mm256_set1_epi32(-1)));
            cand!(j, Some(notself));
        }
        for j in m1..re {
            cand!(j, None::<__m256>);
        }
    }
    let nc = if SAME { na } else { nc };
    // (Built whole and returned, not stored into a zeroed `Sums8`: the zeroing cost a `memset`
    // call per group.)
    let a = |v: __m256| -> [f32; 8] { core::mem::transmute(v) };
    Sums8 {
        sx: a(sx),
        sy: a(sy),
        ns: a(_mm256_cvtepi32_ps(ns)),
        ax: a(ax),
        ay: a(ay),
        na: a(_mm256_cvtepi32_ps(na)),
        cx: a(cx),
        cy: a(cy),
        nc: a(_mm256_cvtepi32_ps(nc)),
    }
}

/// [`sums_group8`] in the variant for the radii (`same`: alignment and cohesion radii equal) and
/// the block's nearest-image flags.
///
/// # Safety
/// As [`sums_group8`].
#[inline(always)]
unsafe fn sums_group8_for(same: bool, v: View, r: &Radii, b: &Block, g: usize, world: &World) -> Sums8 {
    match (same, b.wrap_x || b.wrap_y) {
        (true, false) => sums_group8::<true, false>(v, r, b, g, world),
        (false, false) => sums_group8::<false, false>(v, r, b, g, world),
        (true, true) => sums_group8::<true, true>(v, r, b, g, world),
        (false, true) => sums_group8::<false, true>(v, r, b, g, world),
    }
}

/// Eight `f32` lanes for phase two ([`finish8`]). Only used inside `avx2` functions, where its
/// `#[inline(always)]` methods and the intrinsics they call are inlined.
#[derive(Clone, Copy)]
struct F8(__m256);

impl F8 {
    #[inline(always)]
    unsafe fn load(p: *const f32) -> F8 {
        F8(_mm256_loadu_ps(p))
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32) {
        _mm256_storeu_ps(p, self.0)
    }
}

macro_rules! f8_binop {
    ($tr:ident, $f:ident, $intr:ident) => {
        impl core::ops::$tr for F8 {
            type Output = F8;
            #[inline(always)]
            fn $f(self, o: F8) -> F8 {
                unsafe { F8($intr(self.0, o.0)) }
            }
        }
    };
}
f8_binop!(Add, add, _mm256_add_ps);
f8_binop!(Sub, sub, _mm256_sub_ps);
f8_binop!(Mul, mul, _mm256_mul_ps);
f8_binop!(Div, div, _mm256_div_ps);
f8_binop!(BitAnd, bitand, _mm256_and_ps);

impl Lanes for F8 {
    #[inline(always)]
    fn splat(x: f32) -> F8 {
        unsafe { F8(_mm256_set1_ps(x)) }
    }
    #[inline(always)]
    fn zero() -> F8 {
        unsafe { F8(_mm256_setzero_ps()) }
    }
    #[inline(always)]
    fn sqrt(self) -> F8 {
        unsafe { F8(_mm256_sqrt_ps(self.0)) }
    }
    #[inline(always)]
    fn lt(self, o: F8) -> F8 {
        unsafe { F8(_mm256_cmp_ps::<_CMP_LT_OQ>(self.0, o.0)) }
    }
    #[inline(always)]
    fn gt(self, o: F8) -> F8 {
        unsafe { F8(_mm256_cmp_ps::<_CMP_GT_OQ>(self.0, o.0)) }
    }
    #[inline(always)]
    fn le(self, o: F8) -> F8 {
        unsafe { F8(_mm256_cmp_ps::<_CMP_LE_OQ>(self.0, o.0)) }
    }
    #[inline(always)]
    fn ge(self, o: F8) -> F8 {
        unsafe { F8(_mm256_cmp_ps::<_CMP_GE_OQ>(self.0, o.0)) }
    }
    #[inline(always)]
    fn eq(self, o: F8) -> F8 {
        unsafe { F8(_mm256_cmp_ps::<_CMP_EQ_OQ>(self.0, o.0)) }
    }
    #[inline(always)]
    fn select(m: F8, a: F8, b: F8) -> F8 {
        unsafe { F8(_mm256_blendv_ps(b.0, a.0, m.0)) }
    }
    #[inline(always)]
    fn any(self) -> bool {
        unsafe { _mm256_movemask_ps(self.0) != 0 }
    }
    #[inline(always)]
    fn all(self) -> bool {
        unsafe { _mm256_movemask_ps(self.0) == 0xFF }
    }
    #[inline(always)]
    fn wrap_each(x: F8, y: F8, w: f32, h: f32) -> (F8, F8) {
        let (mut xa, mut ya) = ([0.0f32; 8], [0.0f32; 8]);
        unsafe {
            _mm256_storeu_ps(xa.as_mut_ptr(), x.0);
            _mm256_storeu_ps(ya.as_mut_ptr(), y.0);
        }
        for l in 0..8 {
            xa[l] = wrap_coord(xa[l], w);
            ya[l] = wrap_coord(ya[l], h);
        }
        unsafe { (F8(_mm256_loadu_ps(xa.as_ptr())), F8(_mm256_loadu_ps(ya.as_ptr()))) }
    }
}

/// Phase two for the agents in slots `g..g + 8`: `finish4`'s arithmetic on eight lanes (the same
/// IEEE operations in the same order, so bit-identical to [`super::finish::finish_one`]), from
/// their sums (eight floats at each of `s`: sx, sy, ns, ax, ay, na, cx, cy, nc, as
/// [`LaneSums::ptrs`] gives them) and the state at `src[..][g..]`, into `dst[..][g..]` (x, y, vx, vy,
/// hx, hy).
///
/// # Safety
/// The CPU must support AVX2 (a [`Lanes8`] exists); every array must hold `g + 8` floats (`s`'s
/// eight); `min_speed ≤ 0`.
#[target_feature(enable = "avx2")]
unsafe fn finish8(k: &Consts, s: [*const f32; 9], src: [*const f32; 6], dst: [*mut f32; 6], g: usize) {
    let sums = SumsV {
        sx: F8::load(s[0]),
        sy: F8::load(s[1]),
        ns: F8::load(s[2]),
        ax: F8::load(s[3]),
        ay: F8::load(s[4]),
        na: F8::load(s[5]),
        cx: F8::load(s[6]),
        cy: F8::load(s[7]),
        nc: F8::load(s[8]),
    };
    let st = StateV {
        x: F8::load(src[0].add(g)),
        y: F8::load(src[1].add(g)),
        vx: F8::load(src[2].add(g)),
        vy: F8::load(src[3].add(g)),
        hx: F8::load(src[4].add(g)),
        hy: F8::load(src[5].add(g)),
    };
    let out = finish_v(k, &sums, &st);
    out.x.store(dst[0].add(g));
    out.y.store(dst[1].add(g));
    out.vx.store(dst[2].add(g));
    out.vy.store(dst[3].add(g));
    out.hx.store(dst[4].add(g));
    out.hy.store(dst[5].add(g));
}
