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

use super::finish::{finish_one, Consts, State, Sums};
use super::kernel::{sums_scalar, View};
use super::{group_block, Block, Cells, FastStats, Radii};
use crate::world::World;

/// What phase one reads: the front arrays, the world for the nearest image, the squared radii.
#[derive(Clone, Copy)]
pub(crate) struct Query<'a> {
    pub v: View<'a>,
    pub world: World,
    pub radii: Radii,
    /// Alignment and cohesion have the same radius (one mask serves both).
    pub same: bool,
}

/// What phase two writes: the next state and each slot's new cell (slot order, each array `n + PAD`
/// long), and the histogram of the new cells.
pub(crate) struct Out<'a> {
    pub x: &'a mut [f32],
    pub y: &'a mut [f32],
    pub vx: &'a mut [f32],
    pub vy: &'a mut [f32],
    pub hx: &'a mut [f32],
    pub hy: &'a mut [f32],
    pub cell: &'a mut [u32],
    /// `counts[c + 1]`: the agents in cell `c`.
    pub counts: &'a mut [u32],
}

impl Out<'_> {
    /// Slot `i`'s new cell is `c`.
    #[inline(always)]
    pub(crate) fn set_cell(&mut self, i: usize, c: u32) {
        self.cell[i] = c;
        self.counts[c as usize + 1] += 1;
    }
}

/// What phase two reads besides the sums: the constants, the current state (x, y, vx, vy of the
/// query's view plus the headings), the grid for the new cells.
#[derive(Clone, Copy)]
pub(crate) struct Phase2<'a> {
    pub k: Consts,
    pub v: View<'a>,
    pub hx: &'a [f32],
    pub hy: &'a [f32],
    pub cells: &'a Cells,
}

impl Phase2<'_> {
    /// Slot `i`'s current state.
    #[inline(always)]
    pub(crate) fn state(&self, i: usize) -> State {
        State { x: self.v.x[i], y: self.v.y[i], vx: self.v.vx[i], vy: self.v.vy[i], hx: self.hx[i], hy: self.hy[i] }
    }
}

/// One vector width of the group path.
pub(crate) trait GroupKernel: Copy {
    /// Agents per group, one per lane.
    const LANES: usize;
    /// The neighbour sums of a group, lane `l` for slot `g + l`.
    type Sums;

    /// The sums of the agents in slots `g..g + LANES` over the shared ranges `b`, each lane exactly
    /// the scalar kernel's in the same order.
    ///
    /// # Safety
    /// `g + LANES ≤ n`, every range of `b` within `0..n`, every array of `q` at least `n + PAD`
    /// long.
    unsafe fn sums(self, q: &Query, b: &Block, g: usize) -> Self::Sums;

    /// Σ over the lanes of max(n_sep, n_align, n_coh).
    fn neighbours(s: &Self::Sums) -> u64;

    /// Lane `l`'s sums.
    fn lane(s: &Self::Sums, l: usize) -> Sums;

    /// Phase two of the group on vectors: the next state of slots `g..g + LANES` into `out`, and
    /// their new cells ([`Out::set_cell`]). Bit-identical to [`finish_one`] and [`Cells::index`] for
    /// each lane; only for `min_speed ≤ 0` (the driver checks).
    ///
    /// # Safety
    /// As [`GroupKernel::sums`], for the arrays of `p` and `out`.
    unsafe fn finish(self, p: &Phase2, s: &Self::Sums, out: &mut Out, g: usize);

    /// A group at slot `g` that this width cannot take (too far apart, or fewer than `LANES`
    /// slots left): handled by the next narrower width. Returns the slots it advanced.
    fn narrower(self, pass: &mut Pass, g: usize) -> usize;
}

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

/// One step's state while it runs.
pub(crate) struct Pass<'a> {
    pub n: usize,
    pub q: Query<'a>,
    pub p: Phase2<'a>,
    /// Phase two on vectors (`min_speed ≤ 0`); otherwise lane by lane on the scalar reference.
    pub vector: bool,
    pub out: Out<'a>,
    pub stats: FastStats,
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
