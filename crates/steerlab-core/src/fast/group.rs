//! The fast engine's interface between its driver and its kernels: what one step reads
//! ([`Query`], [`Phase2`]), what it writes ([`Out`]), the step's state ([`Pass`]) and what a kernel
//! of one lane width provides ([`GroupKernel`]). Kernels depend on this, the driver on both.

use super::finish::{Consts, State, Sums};
use super::{Block, Cells, FastStats, Radii};
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

/// The arrays a kernel reads (slot order, each at least `n + PAD` long).
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    pub x: &'a [f32],
    pub y: &'a [f32],
    pub vx: &'a [f32],
    pub vy: &'a [f32],
}
