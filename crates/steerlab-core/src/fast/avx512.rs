//! The group kernel with sixteen agents per vector (AVX-512F, x86_64 only, chosen at run time
//! when the CPU has it): the per-lane arithmetic of `kernel::sums_group` and `avx::sums_group8` —
//! the same IEEE operations in the same order, no fused multiply-add — on 512-bit vectors, with
//! the lane masks in mask registers: a lane outside a radius is left as it is (a masked add)
//! instead of adding ±0, and the self lane is one bit cleared from a mask. Phase two runs on
//! AVX2, eight lanes at a time.
//!
//! Its `#[target_feature(enable = "avx512f")]` functions are private to this file and reached only
//! through [`Lanes16`], whose one constructor checks the CPU.

use super::avx::{LaneSums, Lanes8};
use super::finish::Sums;
use super::group::View;
use super::group::{GroupKernel, Out, Pass, Phase2, Query};
use super::{Block, Radii};
use crate::world::World;
use core::arch::x86_64::*;

/// The sixteen-lane group kernel, and the proof that this CPU has AVX-512F and AVX2:
/// [`Lanes16::detect`] is the only way to make one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lanes16(Lanes8);

impl Lanes16 {
    /// `Some` if and only if this CPU runs AVX-512F and AVX2.
    pub(crate) fn detect() -> Option<Lanes16> {
        let avx2 = Lanes8::detect()?;
        std::is_x86_feature_detected!("avx512f").then_some(Lanes16(avx2))
    }
}

impl GroupKernel for Lanes16 {
    const LANES: usize = 16;
    type Sums = Sums16;

    #[inline(always)]
    unsafe fn sums(self, q: &Query, b: &Block, g: usize) -> Sums16 {
        // SAFETY: `self` exists, so the CPU has AVX-512F; the ranges are the caller's.
        sums_group16_for(q.same, q.v, &q.radii, b, g, &q.world)
    }

    #[inline(always)]
    fn neighbours(s: &Sums16) -> u64 {
        s.neighbours as u64
    }

    #[inline(always)]
    fn lane(s: &Sums16, l: usize) -> Sums {
        s.lanes.lane(l)
    }

    /// Two halves of eight on AVX2.
    #[inline(always)]
    unsafe fn finish(self, p: &Phase2, s: &Sums16, out: &mut Out, g: usize) {
        for h in 0..2 {
            self.0.finish_at(p, s.lanes.ptrs(8 * h), out, g + 8 * h);
        }
    }

    /// Sixteen that cannot share a window: eight lanes.
    #[inline(always)]
    fn narrower(self, pass: &mut Pass, g: usize) -> usize {
        pass.group(self.0, g)
    }
}

/// The sums of sixteen agents, lane `l` = slot `g + l`, and the group's neighbour total (per lane
/// the largest of the three counts, summed).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sums16 {
    pub lanes: LaneSums<16>,
    pub neighbours: u32,
}

/// `World::delta`'s nearest-image correction on one axis, lane by lane (`wrap_delta`): `d − size`
/// where `d > half`, `d + size` where `d < −half` (both masks from the uncorrected `d`).
#[inline(always)]
unsafe fn nearest(d: __m512, half: __m512, neg_half: __m512, size: __m512) -> __m512 {
    let hi = _mm512_cmp_ps_mask::<_CMP_GT_OQ>(d, half);
    let lo = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(d, neg_half);
    let d = _mm512_mask_sub_ps(d, hi, d, size);
    _mm512_mask_add_ps(d, lo, d, size)
}

/// The sums of the agents in slots `g..g + 16` over the shared ranges `b`, into `out`; with
/// `WRAP` the nearest-image correction on both axes (exactly `World::delta`'s).
///
/// # Safety
/// The CPU must support AVX-512F (a [`Lanes16`] exists); `g + 16 ≤ n` and every range within
/// `0..n`.
#[target_feature(enable = "avx512f")]
unsafe fn sums_group16<const SAME: bool, const WRAP: bool>(
    v: View,
    r: &Radii,
    b: &Block,
    g: usize,
    world: &World,
) -> Sums16 {
    let (xp, yp, vxp, vyp) = (v.x.as_ptr(), v.y.as_ptr(), v.vx.as_ptr(), v.vy.as_ptr());
    let px = _mm512_loadu_ps(xp.add(g));
    let py = _mm512_loadu_ps(yp.add(g));
    let sep2 = _mm512_set1_ps(r.sep2);
    let ali2 = _mm512_set1_ps(r.ali2);
    let coh2 = _mm512_set1_ps(r.coh2);
    let zero = _mm512_setzero_ps();
    let one = _mm512_set1_ps(1.0);
    let (w, hw, nhw) =
        (_mm512_set1_ps(world.width), _mm512_set1_ps(world.width * 0.5), _mm512_set1_ps(-(world.width * 0.5)));
    let (h, hh, nhh) =
        (_mm512_set1_ps(world.height), _mm512_set1_ps(world.height * 0.5), _mm512_set1_ps(-(world.height * 0.5)));
    let (mut sx, mut sy, mut ax, mut ay, mut cx, mut cy) = (zero, zero, zero, zero, zero, zero);
    let zi = _mm512_setzero_si512();
    let onei = _mm512_set1_epi32(1);
    let (mut ns, mut na, mut nc) = (zi, zi, zi);

    // One candidate; `$keep` is the mask of lanes that are not the candidate itself.
    macro_rules! cand {
        ($j:expr, $keep:expr) => {{
            let j = $j;
            let keep: __mmask16 = $keep;
            let mut dx = _mm512_sub_ps(_mm512_set1_ps(*xp.add(j)), px);
            let mut dy = _mm512_sub_ps(_mm512_set1_ps(*yp.add(j)), py);
            if WRAP {
                dx = nearest(dx, hw, nhw, w);
                dy = nearest(dy, hh, nhh, h);
            }
            let d2 = _mm512_add_ps(_mm512_mul_ps(dx, dx), _mm512_mul_ps(dy, dy));
            let ma = _mm512_mask_cmp_ps_mask::<_CMP_LT_OQ>(keep, d2, ali2);
            let (vx, vy) = (_mm512_set1_ps(*vxp.add(j)), _mm512_set1_ps(*vyp.add(j)));
            ax = _mm512_mask_add_ps(ax, ma, ax, vx);
            ay = _mm512_mask_add_ps(ay, ma, ay, vy);
            na = _mm512_mask_add_epi32(na, ma, na, onei);
            let mc = if SAME {
                ma
            } else {
                let m = _mm512_mask_cmp_ps_mask::<_CMP_LT_OQ>(keep, d2, coh2);
                nc = _mm512_mask_add_epi32(nc, m, nc, onei);
                m
            };
            cx = _mm512_mask_add_ps(cx, mc, cx, dx);
            cy = _mm512_mask_add_ps(cy, mc, cy, dy);
            // Separation needs d² > 0 as well (which also excludes self); without a branch, as
            // in the eight-lane kernel.
            let ms = _mm512_mask_cmp_ps_mask::<_CMP_GT_OQ>(_mm512_cmp_ps_mask::<_CMP_LT_OQ>(d2, sep2), d2, zero);
            let inv = _mm512_div_ps(one, d2);
            sx = _mm512_mask_sub_ps(sx, ms, sx, _mm512_mul_ps(dx, inv));
            sy = _mm512_mask_sub_ps(sy, ms, sy, _mm512_mul_ps(dy, inv));
            ns = _mm512_mask_add_epi32(ns, ms, ns, onei);
        }};
    }

    for &(rs, re) in &b.ranges[..b.n] {
        let (rs, re) = (rs as usize, re as usize);
        let (m0, m1) = (g.max(rs).min(re), (g + 16).max(rs).min(re));
        for j in rs..m0 {
            cand!(j, 0xFFFF);
        }
        for j in m0..m1 {
            cand!(j, !(1u16 << (j - g)));
        }
        for j in m1..re {
            cand!(j, 0xFFFF);
        }
    }
    let nc = if SAME { na } else { nc };
    // (Built whole and returned, not stored into a zeroed `Sums16`: see `avx::sums_group8`.)
    let a = |v: __m512| -> [f32; 16] { core::mem::transmute(v) };
    Sums16 {
        lanes: LaneSums {
            sx: a(sx),
            sy: a(sy),
            ns: a(_mm512_cvtepi32_ps(ns)),
            ax: a(ax),
            ay: a(ay),
            na: a(_mm512_cvtepi32_ps(na)),
            cx: a(cx),
            cy: a(cy),
            nc: a(_mm512_cvtepi32_ps(nc)),
        },
        neighbours: _mm512_reduce_add_epi32(_mm512_max_epi32(ns, _mm512_max_epi32(na, nc))) as u32,
    }
}

/// [`sums_group16`] in the variant for the radii (`same`: alignment and cohesion radii equal) and
/// the block's nearest-image flags.
///
/// # Safety
/// As [`sums_group16`].
#[inline(always)]
unsafe fn sums_group16_for(same: bool, v: View, r: &Radii, b: &Block, g: usize, world: &World) -> Sums16 {
    match (same, b.wrap_x || b.wrap_y) {
        (true, false) => sums_group16::<true, false>(v, r, b, g, world),
        (false, false) => sums_group16::<false, false>(v, r, b, g, world),
        (true, true) => sums_group16::<true, true>(v, r, b, g, world),
        (false, true) => sums_group16::<false, true>(v, r, b, g, world),
    }
}
