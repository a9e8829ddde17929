//! The step's driver: both phases of a step, written once for every vector width.
//!
//! Slots are taken in order, a group at a time. A group is [`GroupKernel::LANES`] consecutive
//! slots, one agent per vector lane, that share one window of slot ranges ([`group_block`]): the
//! kernel adds up their neighbour sums over it (phase one, reading the front arrays only), then
//! computes their next state into the back arrays (phase two, never read by phase one), their new
//! cells and the cell histogram. A group whose agents are too far apart for one window of this
//! width goes to the next narrower width ([`GroupKernel::narrower`]: 16 → 8 → 4 lanes), and four
//! that cannot share one are taken one agent at a time with each agent's own window
//! ([`Pass::one`], which is also the whole of the scalar kernel).
//!
//! The width is chosen once per step ([`Width`]); the vector types behind the 8- and 16-lane
//! kernels exist only as values proven by a CPU check (`avx::Lanes8::detect`,
//! `avx512::Lanes16::detect`). Every kernel adds each agent's neighbours in the same order with the
//! same IEEE operations, so the width changes how fast a step is, not its bits.
//!
//! To add a width: a type implementing [`GroupKernel`] (its sums, its phase two, where its
//! rejected groups go), a [`Width`] variant, and its arm in [`advance`].

use super::finish::{finish_one, Sums};
use super::group::{GroupKernel, Pass, Query};
use super::kernel::sums_scalar;
use super::{group_block, Block};

/// The kernel of a step, chosen once per step.
#[derive(Clone, Copy)]
pub(crate) enum Width {
    /// One agent at a time with branches.
    Scalar,
    /// Four lanes: wasm simd128, SSE2 on x86_64, plain arrays elsewhere.
    Four,
    /// Eight lanes: AVX2.
    #[cfg(target_arch = "x86_64")]
    Eight(super::avx::Lanes8),
    /// Sixteen lanes: AVX-512F.
    #[cfg(target_arch = "x86_64")]
    Sixteen(super::avx512::Lanes16),
}

/// Both phases for every slot, with the kernel of `width`.
pub(crate) fn advance(pass: &mut Pass, width: Width) {
    match width {
        Width::Scalar => {
            for g in 0..pass.n {
                pass.one(g);
            }
        }
        Width::Four => pass.groups(super::kernel::Lanes4),
        #[cfg(target_arch = "x86_64")]
        Width::Eight(k) => pass.groups(k),
        #[cfg(target_arch = "x86_64")]
        Width::Sixteen(k) => pass.groups(k),
    }
}

impl Pass<'_> {
    #[inline(always)]
    fn groups<K: GroupKernel>(&mut self, k: K) {
        let mut g = 0;
        while g < self.n {
            g += self.group(k, g);
        }
    }

    /// The group at slot `g` with kernel `k` if its agents share a window, else `k`'s narrower
    /// fallback. Returns the slots advanced.
    #[inline(always)]
    pub(crate) fn group<K: GroupKernel>(&mut self, k: K, g: usize) -> usize {
        let block =
            if g + K::LANES <= self.n { group_block(self.p.cells, K::LANES, self.q.v.x, self.q.v.y, g) } else { None };
        let Some(block) = block else {
            return k.narrower(self, g);
        };
        self.stats.checks += K::LANES as u64 * (block.slots() as u64 - 1);
        let q = self.q;
        // SAFETY: g + LANES ≤ n; the ranges come from the cell starts, so lie within 0..n; every
        // array is n + PAD long.
        let sums = unsafe { k.sums(&q, &block, g) };
        self.stats.neighbours += K::neighbours(&sums);
        if self.vector {
            let p = self.p;
            // SAFETY: as above; min_speed ≤ 0.
            unsafe { k.finish(&p, &sums, &mut self.out, g) };
        } else {
            for l in 0..K::LANES {
                self.finish(g + l, &K::lane(&sums, l));
            }
        }
        K::LANES
    }

    /// Slot `i` alone: its own window, the scalar kernel, phase two on the scalar reference. (Not
    /// inlined: the scalar kernel's loop and every width's fallback share one copy in the module.)
    #[inline(never)]
    pub(crate) fn one(&mut self, i: usize) -> usize {
        let block = self.p.cells.windows(self.q.v.x[i], self.q.v.y[i]);
        self.stats.checks += block.slots() as u64 - 1;
        let s = sums_of(&self.q, &block, i);
        self.stats.neighbours += s.ns.max(s.na).max(s.nc) as u64;
        self.finish(i, &s);
        1
    }

    /// Phase two of slot `i` on the scalar reference, its new cell and the histogram. (Not inlined:
    /// one copy for [`Pass::one`] and the groups stepped with `min_speed > 0`.)
    #[inline(never)]
    fn finish(&mut self, i: usize, s: &Sums) {
        let o = finish_one(&self.p.k, s, &self.p.state(i));
        let out = &mut self.out;
        out.x[i] = o.x;
        out.y[i] = o.y;
        out.vx[i] = o.vx;
        out.vy[i] = o.vy;
        out.hx[i] = o.hx;
        out.hy[i] = o.hy;
        out.set_cell(i, self.p.cells.index(o.x, o.y));
    }
}

/// Slot `i`'s neighbour sums over the block with the scalar kernel: with the nearest-image
/// correction where the block needs it (applying it elsewhere would be exact too: it is the
/// identity for |d| < half the world), without it away from the seam.
#[inline(always)]
pub(crate) fn sums_of(q: &Query, b: &Block, i: usize) -> Sums {
    if b.wrap_x || b.wrap_y {
        sums_scalar::<true, true>(q.v, &q.world, &q.radii, b, i)
    } else {
        sums_scalar::<false, false>(q.v, &q.world, &q.radii, b, i)
    }
}
