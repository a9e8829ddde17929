//! The fast exact flocking engine for large flocks (issue 6): the three rules of flocking-boids.txt
//! §2–3 on a 2-D torus, integrated per §4, for 10⁴–10⁶ agents.
//!
//! What makes it fast, and why it stays exact:
//! - **Cell-sorted struct-of-arrays.** Positions, velocities and headings live in separate `f32`
//!   arrays *ordered by grid cell* (row-major), so memory order is spatial order. A counting sort per
//!   step keeps them so; since agents barely move between steps, its scatter is nearly sequential.
//! - **Contiguous row ranges.** With cells row-major, the three cells of one row of the 3×3 block
//!   are one contiguous slice, so a query is at most three (six at the seam) linear scans — no
//!   per-cell lookups, no index indirection, and the inner loop can be vectorised.
//! - **No per-candidate wrap where none is needed.** Away from the seam (and with ≥ 5 cells on an
//!   axis) the nearest-image correction can never change a difference, so it is skipped; at the seam
//!   the exact [`World::delta`] arithmetic is used. Either way the computed `d` and `d²` are
//!   bit-identical to the naive query's, so the neighbour sets are identical (`fast/tests.rs`).
//! - **Same cells as [`super::grid::Grid`]**: cell size ≥ the query radius, the same axis spans
//!   (each line once when an axis has ≤ 3 cells).
//! - **Groups share one window.** Four consecutive slots (eight with AVX2 natively, sixteen with
//!   AVX-512), one agent per vector lane, read the slot ranges of their bounding box grown by the
//!   query reach (taken modulo the world, with the correction where it meets the seam): it
//!   contains every member's own window, so each member sees all its neighbours once, and the
//!   extra candidates fail the same exact distance tests (`fast/tests.rs` checks every lane
//!   against the naive query). Groups too spread for one window go to a narrower width, down to
//!   one agent at a time (the scalar kernel). Every kernel adds an agent's neighbours one at a time
//!   in slot order with the same IEEE operations, so the step is bit-identical whatever the vector
//!   width (4 in wasm and with SSE2, 8 with AVX2, 16 with AVX-512F) and with the scalar kernel
//!   (except in worlds under three cells a side, see `tests/fast_golden.rs`).
//! - **Phase two on vectors** (`finish.rs`): the same IEEE operations as the scalar reference in
//!   the same order, so bit-identical to it.
//!
//! The per-neighbour terms and the per-agent steering are the same expressions as
//! [`super::flock::FlockSums`] and [`super::steer`]; only the order in which neighbours are summed
//! differs from [`super::engine::Sim`]'s grid path (cells in the same order, agents within a cell in
//! the sort's order), so trajectories agree to float-summation tolerance, not bit for bit.
//!
//! Two-phase: all forces are computed from one snapshot, then everyone moves. After warm-up (buffers
//! grown to `n` and the cell count), a step allocates nothing.
//!
//! **Code layout.** This file holds the state and the grid; the step's algorithm is written once,
//! in `fast/driver.rs`, over a `GroupKernel` per vector width (`fast/kernel.rs`: four lanes;
//! `fast/avx.rs`: eight; `fast/avx512.rs`: sixteen), chosen once per step by [`FastFlock::width`].
//! `docs/performance.md` describes it and how to add a width.

//! **Memory layout.** All per-agent arrays live in one allocation, each starting 64 bytes further
//! along modulo 4 KiB than the previous one. Separately allocated arrays of ≥ 128 KiB all start at
//! the same offset in a page, so the dozen streams of a step compete for the same L1 sets; on the
//! reference machine that made a 100k-boid copy loop 8× slower.

use super::agent::Agent;
use super::flock::FlockRules;
use super::world::{wrap_coord, wrap_delta, World};
use crate::num::clamp;
use glam::Vec2;

#[cfg(target_arch = "x86_64")]
mod avx;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod driver;
mod finish;
mod group;
mod kernel;
pub(crate) mod simd;
#[cfg(test)]
mod tests;

use driver::Width;
use finish::Consts;
use group::{Out, Pass, Phase2, Query};
use simd::F4;

/// The most cells per axis (the same cap as the grid's).
const MAX_AXIS: f32 = 4096.0;
/// The most slot ranges a query reads.
const RANGES: usize = 8;
/// Slots past the end of every array, so a 4-lane access at the last slot stays in bounds.
const PAD: usize = 4;

// Arrays in the arena: the front set (the current state, in slot order), the back set (the next
// state, or agents to be loaded, in the order the counting sort reads them), and each slot's cell.
const X: usize = 0;
const Y: usize = 1;
const VX: usize = 2;
const VY: usize = 3;
const HX: usize = 4;
const HY: usize = 5;
const ID: usize = 6;
/// Front 0..7, back 7..14 (same order), cell 14.
const ARRAYS: usize = 15;

/// The rules and limits the engine steps with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastParams {
    pub rules: FlockRules,
    pub max_speed: f32,
    pub max_force: f32,
    pub min_speed: f32,
    pub dt: f32,
}

/// The inner loop used for the neighbour sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// One candidate at a time with branches (the fastest scalar form in wasm without simd128).
    Scalar,
    /// Groups of agents sharing a window, one agent per lane: four (SSE2 natively, simd128 in
    /// wasm when enabled), eight (AVX2) or sixteen (AVX-512F); the scalar kernel for agents off
    /// the group path. The sums are bit-identical to [`Kernel::Scalar`]'s.
    Simd,
}

impl Default for Kernel {
    fn default() -> Self {
        if cfg!(any(target_arch = "x86_64", all(target_arch = "wasm32", target_feature = "simd128"))) {
            Kernel::Simd
        } else {
            Kernel::Scalar
        }
    }
}

/// Squared radii. A missing rule has radius² −1 (never matched), so it never contributes, exactly
/// as an absent rule in [`FlockRules`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Radii {
    /// Query radius² (the largest of the rules' radii).
    pub q2: f32,
    pub sep2: f32,
    pub ali2: f32,
    pub coh2: f32,
}

impl Radii {
    fn of(rules: &FlockRules) -> Radii {
        let sq = |r: Option<(f32, f32)>| r.map_or(-1.0, |(_, r)| r * r);
        let q = rules.radius();
        Radii { q2: q * q, sep2: sq(rules.separation), ali2: sq(rules.alignment), coh2: sq(rules.cohesion) }
    }
}

/// What one step measured (the same quantities as the grid path's `StepStats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastStats {
    /// Distance checks made: the candidates in the slot ranges read, self excluded, per agent.
    /// (With four lanes, fewer than the grid's 3×3 cells: x-binned rows, see `Cells`. Eight-lane
    /// groups share wider windows: more checks per agent, fewer instructions.)
    pub checks: u64,
    /// Σ over agents of max(n_sep, n_align, n_coh).
    pub neighbours: u64,
}

/// The cells a query visits, as contiguous slot ranges, plus whether each axis needs the
/// nearest-image correction.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Block {
    pub ranges: [(u32, u32); RANGES],
    pub n: usize,
    pub wrap_x: bool,
    pub wrap_y: bool,
}

impl Block {
    /// The slots the ranges hold, in all.
    #[inline(always)]
    pub(crate) fn slots(&self) -> u32 {
        let mut total = 0;
        for k in 0..self.n {
            total += self.ranges[k].1 - self.ranges[k].0;
        }
        total
    }
}

/// Rows `rl..=rh` and x-bins `bl..=bh` of an interior query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    rl: usize,
    rh: usize,
    bl: usize,
    bh: usize,
}

/// The grid. Cells are the grid's (`cols = ⌊W / r⌋`, `rows = ⌊H / r⌋`, so a cell is at least the
/// query radius `r` on each side), and each cell row is further cut into `bins` x-bins per cell:
/// agents are sorted by (row, x-bin), so within a row memory order follows x.
///
/// A query then needs no 3×3 cell list: away from the seam it reads, in each row within reach, the
/// one contiguous slot range whose bins overlap `[px − r − ε, px + r + ε]` — two thirds of the
/// 3-cell row span plus a bin, so ~30 % fewer distance checks. At the seam (and in small worlds)
/// it reads the whole 3×3 block of cells with the nearest-image correction, like the grid.
#[derive(Clone, Debug, Default)]
struct Cells {
    cols: usize,
    rows: usize,
    /// x-bins per cell, and in all (`nbx = cols · bins`).
    bins: usize,
    nbx: usize,
    /// Bins and rows per world unit (`1 / bin width`, `1 / row height`): a point's bin is
    /// `⌊x · per_x⌋`, a multiplication being as monotone as the division and cheaper.
    per_x: f32,
    per_y: f32,
    /// The query radius plus the rounding margin ε (see `windows`).
    reach: f32,
    width: f32,
    height: f32,
    /// `starts[b]..starts[b + 1]`: the slots of bin `b = row · nbx + x-bin`.
    starts: Vec<u32>,
    /// How far apart (x, y) the agents of a group may be for one shared window (see
    /// [`group_block`]): two reaches across, one row height down.
    spread_x: f32,
    spread_y: f32,
    /// Whether a group's window inside the world may skip the nearest-image correction on each
    /// axis: every candidate is then within half the world of every agent of the group.
    plain_x: bool,
    plain_y: bool,
    /// The same for groups of sixteen, which may be four reaches across.
    spread16_x: f32,
    plain16_x: bool,
    /// At least five cells on both axes: a window inside the world needs no correction of its own.
    inner: bool,
}

impl Cells {
    /// The grid for `world` and query radius `radius`, with up to 8 x-bins per cell (fewer when
    /// the bins would outnumber the agents many times over).
    fn set_geometry(&mut self, world: &World, radius: f32, n: usize) {
        // The cell counts of `Grid::rebuild`.
        let cs = if radius.is_finite() && radius > 0.0 { radius } else { world.width.max(world.height) };
        self.cols = clamp((world.width / cs).floor(), 1.0, MAX_AXIS) as usize;
        self.rows = clamp((world.height / cs).floor(), 1.0, MAX_AXIS) as usize;
        let cells = self.cols * self.rows;
        let budget = (4 * n).max(1 << 16);
        // (Rows cut in two as well measured no faster: four-agent groups then span twice as many
        // bins.)
        self.bins = [8, 4, 2, 1].into_iter().find(|&b| cells * b <= budget).unwrap_or(1);
        self.nbx = self.cols * self.bins;
        self.per_x = self.nbx as f32 / world.width;
        self.per_y = self.rows as f32 / world.height;
        self.width = world.width;
        self.height = world.height;
        // ε covers the rounding of px ± (r + ε) and of the differences (a few ulps of the world
        // size); it only widens the scanned ranges, the distance test stays exact.
        let eps = (world.width.max(world.height) + cs) * 1e-6;
        self.reach = if radius.is_finite() && radius > 0.0 { radius + eps } else { f32::INFINITY };
        // A group's candidates lie in the bins (rows) that meet [x0 − reach, x1 + reach], so a
        // candidate is at most spread + reach + one bin (row) from an agent of the group; below
        // half the world (with a bin to spare for rounding) the correction is the identity.
        let (bw, rh) = (world.width / self.nbx as f32, world.height / self.rows as f32);
        self.spread_x = 2.0 * self.reach;
        self.spread_y = rh;
        self.plain_x = self.spread_x + self.reach + 2.0 * bw < 0.5 * world.width;
        self.plain_y = self.spread_y + self.reach + 2.0 * rh < 0.5 * world.height;
        self.spread16_x = 4.0 * self.reach;
        self.plain16_x = self.spread16_x + self.reach + 2.0 * bw < 0.5 * world.width;
        self.inner = self.cols >= 5 && self.rows >= 5;
    }

    /// Append the non-empty slot ranges of rows `ys` × x-bin spans `xs` to `b`.
    #[inline(always)]
    fn push_spans(&self, b: &mut Block, ys: &[(usize, usize)], xs: &[(usize, usize)]) {
        // (Half-open ranges and a slice: `RangeInclusive::next` and `Vec`'s `Index` stayed calls
        // in the size-optimised release build.)
        let starts = &self.starts[..];
        for &(r0, r1) in ys {
            for r in r0..r1 + 1 {
                for &(b0, b1) in xs {
                    let (s, e) = (starts[r * self.nbx + b0], starts[r * self.nbx + b1 + 1]);
                    if s < e {
                        b.ranges[b.n] = (s, e);
                        b.n += 1;
                    }
                }
            }
        }
    }

    /// The slot ranges of the window `[xl, xh] × [yl, yh]` (taken modulo the world like
    /// [`Cells::windows`]), with the nearest-image flags of a group query; `None` if they would be
    /// more than [`RANGES`].
    #[inline(always)]
    /// `plain_x`: the group's [`Cells::plain_x`] (it depends on how far apart its agents may be).
    fn block(&self, xl: f32, xh: f32, yl: f32, yh: f32, plain_x: bool) -> Option<Block> {
        let (xs, nx, wx) = spans(xl, xh, self.width, self.nbx, self.per_x, self.cols);
        let (ys, ny, wy) = spans(yl, yh, self.height, self.rows, self.per_y, self.rows);
        let mut rows = 0;
        for &(a, b) in &ys[..ny] {
            rows += b - a + 1;
        }
        if rows * nx > RANGES {
            return None;
        }
        let mut b = Block { wrap_x: wx || !plain_x, wrap_y: wy || !self.plain_y, ..Block::default() };
        self.push_spans(&mut b, &ys[..ny], &xs[..nx]);
        Some(b)
    }

    fn count(&self) -> usize {
        self.rows * self.nbx
    }

    /// x-bin and row of a point: `⌊x / bw⌋` and `⌊y / ch⌋` clamped (0 when not finite). For `v ≥ 0`
    /// `v as usize` is `⌊v⌋` and negative values saturate to 0, so no `floorf` call is needed. Both
    /// are monotone in their argument, which is what makes the query ranges exact.
    #[inline(always)]
    fn bin_x(&self, x: f32) -> usize {
        trunc_clamped(x * self.per_x, self.nbx)
    }

    #[inline(always)]
    fn row(&self, y: f32) -> usize {
        trunc_clamped(y * self.per_y, self.rows)
    }

    #[inline(always)]
    fn index(&self, x: f32, y: f32) -> u32 {
        (self.row(y) * self.nbx + self.bin_x(x)) as u32
    }

    /// [`Cells::index`] of four points (on vectors with simd128).
    #[inline(always)]
    fn index4(&self, x: F4, y: F4) -> [u32; 4] {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            (x * F4::splat(self.per_x)).cell_index(y * F4::splat(self.per_y), self.nbx as i32, self.rows as i32)
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            let (x, y) = (x.to_array(), y.to_array());
            [self.index(x[0], y[0]), self.index(x[1], y[1]), self.index(x[2], y[2]), self.index(x[3], y[3])]
        }
    }

    /// The slot ranges a query from (px, py) must read: in each row that meets
    /// `[py − r − ε, py + r + ε]`, the bins that meet `[px − r − ε, px + r + ε]`, both taken modulo
    /// the world (split in two at the seam, or everything once when the window covers the world).
    ///
    /// Exact: a neighbour q has |fl(dx)| < r (else fl(dx²) ≥ fl(r²) and d² is not < r²), so on the
    /// x axis its (nearest image of) qx lies within r plus a rounding error of px; ε (a few ulps of
    /// the world size) covers that error and the rounding of the bounds, and `bin_x`, `row` are
    /// monotone, so q's bin and row are in range. Every slot is read at most once.
    ///
    /// Away from the seam (window inside the world, ≥ 5 cells on the axis) every candidate is less
    /// than r + ε + one bin < half the world from p, so the nearest-image correction is the
    /// identity and is skipped (`wrap_x`/`wrap_y` false).
    #[inline(always)]
    fn windows(&self, px: f32, py: f32) -> Block {
        if let Some(w) = self.interior(px, py) {
            return self.ranges(w);
        }
        let (xs, nx, wrap_x) = spans(px - self.reach, px + self.reach, self.width, self.nbx, self.per_x, self.cols);
        let (ys, ny, wrap_y) = spans(py - self.reach, py + self.reach, self.height, self.rows, self.per_y, self.rows);
        let mut b = Block { wrap_x, wrap_y, ..Block::default() };
        self.push_spans(&mut b, &ys[..ny], &xs[..nx]);
        b
    }

    /// The interior case of [`Cells::windows`]: rows `rl..=rh` and bins `bl..=bh`, or `None`.
    #[inline(always)]
    fn interior(&self, px: f32, py: f32) -> Option<Window> {
        let (xl, xh, yl, yh) = (px - self.reach, px + self.reach, py - self.reach, py + self.reach);
        if !(self.cols >= 5 && self.rows >= 5 && xl >= 0.0 && yl >= 0.0) {
            return None;
        }
        let (vl, vh, wl, wh) = (xl * self.per_x, xh * self.per_x, yl * self.per_y, yh * self.per_y);
        if !(vh < self.nbx as f32 && wh < self.rows as f32) {
            return None;
        }
        // 0 ≤ v < nbx (resp. rows), so these are `bin_x` and `row` of the bounds.
        let (bl, bh) = (trunc_clamped(vl, self.nbx), trunc_clamped(vh, self.nbx));
        let (rl, rh) = (trunc_clamped(wl, self.rows), trunc_clamped(wh, self.rows));
        (rh - rl < 4).then_some(Window { rl, rh, bl, bh })
    }

    /// The slot ranges of an interior window, one per row.
    #[inline(always)]
    fn ranges(&self, w: Window) -> Block {
        let mut b = Block::default();
        let starts = &self.starts[..];
        for r in w.rl..w.rh + 1 {
            let base = r * self.nbx;
            let (s, e) = (starts[base + w.bl], starts[base + w.bh + 1]);
            if s < e {
                b.ranges[b.n] = (s, e);
                b.n += 1;
            }
        }
        b
    }
}

/// `⌊v⌋` clamped to `0..n` (NaN and negatives give 0, `v ≥ n` gives `n − 1`), monotone in `v`.
/// (A saturating `as usize` costs a branchy sequence on x86_64; here `v` is known to fit.)
/// The bin (or row) spans, inclusive, of the window `[lo, hi]` on an axis of `size` cut into
/// `n` bins (`per` bins per unit, `cells` grid cells): one span inside the world, two across the
/// seam, all bins once when the window covers the world. Also whether the nearest-image
/// correction is needed on this axis.
#[inline(always)]
fn spans(lo: f32, hi: f32, size: f32, n: usize, per: f32, cells: usize) -> ([(usize, usize); 2], usize, bool) {
    let all = ([(0, n - 1), (0, 0)], 1, true);
    let wrap = cells < 5;
    if lo >= 0.0 && hi < size {
        return ([(trunc_clamped(lo * per, n), trunc_clamped(hi * per, n)), (0, 0)], 1, wrap);
    }
    // (Also when the width is NaN or infinite: `hi - lo < size` is then false.)
    let fits = hi - lo < size;
    if !fits || (lo < 0.0 && hi >= size) {
        return all;
    }
    // Across the seam on one side: the part past it comes from the other end of the axis.
    let (a, b) = if lo < 0.0 {
        (trunc_clamped((lo + size) * per, n), trunc_clamped(hi * per, n))
    } else {
        (trunc_clamped(lo * per, n), trunc_clamped((hi - size) * per, n))
    };
    if b >= a {
        return all;
    }
    ([(a, n - 1), (0, b)], 2, true)
}

#[inline(always)]
fn trunc_clamped(v: f32, n: usize) -> usize {
    if v >= 0.0 {
        if v < n as f32 {
            // SAFETY: 0 ≤ v < n ≤ 2^31 (at most 4096 cells · 8 bins per axis), finite.
            unsafe { v.to_int_unchecked::<u32>() as usize }
        } else {
            n - 1
        }
    } else {
        0
    }
}

/// `v` as `len` zeros, reusing its memory (`fill(0)` is a `memset`; `resize` after `clear` writes
/// one element at a time at opt-level "s").
fn zeroed(v: &mut Vec<u32>, len: usize) {
    if v.len() == len {
        v.fill(0);
    } else {
        v.clear();
        v.resize(len, 0);
    }
}

#[inline(always)]
fn as_f32(s: &[u32]) -> &[f32] {
    // SAFETY: u32 and f32 have the same size and alignment and every bit pattern is valid for both.
    unsafe { core::slice::from_raw_parts(s.as_ptr() as *const f32, s.len()) }
}

#[inline(always)]
fn as_f32_mut(s: &mut [u32]) -> &mut [f32] {
    // SAFETY: as in `as_f32`, and the borrow is unique.
    unsafe { core::slice::from_raw_parts_mut(s.as_mut_ptr() as *mut f32, s.len()) }
}

/// The arrays of the arena, each `n + PAD` long.
struct Cols<'a> {
    front: [&'a mut [u32]; 7],
    back: [&'a mut [u32]; 7],
    cell: &'a mut [u32],
}

/// The flock in cell order.
#[derive(Clone, Debug, Default)]
pub struct FastFlock {
    world: Option<World>,
    params: Option<FastParams>,
    pub kernel: Kernel,
    /// With [`Kernel::Simd`] on x86_64, eight agents per vector are used when the CPU has AVX2;
    /// `narrow` keeps four (SSE2, the same width as wasm simd128), e.g. to compare.
    pub narrow: bool,
    /// Unless `narrow`, sixteen agents per vector are used when the CPU has AVX-512F (falling back
    /// to eight where sixteen do not share a window); `no_avx512` keeps AVX2's eight, to compare.
    pub no_avx512: bool,
    n: usize,
    cells: Cells,
    /// All per-agent arrays: array `a` is `arena[a * stride..][..n + PAD]`.
    arena: Vec<u32>,
    stride: usize,
    /// The histogram of the next step's cells (`counts[c + 1]` agents in cell `c`).
    counts: Vec<u32>,
    cursor: Vec<u32>,
    pub stats: FastStats,
}

impl FastFlock {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    pub fn params(&self) -> Option<&FastParams> {
        self.params.as_ref()
    }

    pub fn world(&self) -> Option<&World> {
        self.world.as_ref()
    }

    #[inline(always)]
    fn col(&self, a: usize) -> &[u32] {
        &self.arena[a * self.stride..a * self.stride + self.n + PAD]
    }

    #[inline(always)]
    fn colf(&self, a: usize) -> &[f32] {
        as_f32(self.col(a))
    }

    fn cols_mut(&mut self) -> Cols<'_> {
        let len = self.n + PAD;
        let mut it = self.arena.chunks_exact_mut(self.stride).map(|c| &mut c[..len]);
        let mut next = || it.next().expect("the arena holds ARRAYS arrays");
        let front = [next(), next(), next(), next(), next(), next(), next()];
        let back = [next(), next(), next(), next(), next(), next(), next()];
        let cell = next();
        Cols { front, back, cell }
    }

    /// Room for `n` agents (grows the arena only when `n` outgrows it).
    fn reserve(&mut self, n: usize) {
        self.n = n;
        // 1024 floats = 4 KiB, plus 16 floats = 64 bytes: each array one cache line further on.
        let stride = (n + PAD).div_ceil(1024) * 1024 + 16;
        if stride != self.stride {
            self.stride = stride;
            self.arena.clear();
            self.arena.resize(ARRAYS * stride, 0);
        }
    }

    /// Take the agents (positions are wrapped into the torus) and sort them by cell. `world` must
    /// wrap, and there may be at most `i32::MAX − 8` agents. Agents keep their identity:
    /// [`FastFlock::store`] writes slot `k` back to `agents[id[k]]`.
    pub fn load(&mut self, world: &World, params: FastParams, agents: &[Agent]) {
        self.world = Some(*world);
        self.params = Some(params);
        let n = agents.len().min(i32::MAX as usize - 8);
        self.cells.set_geometry(world, params.rules.radius(), n);
        self.reserve(n);
        let cells = std::mem::take(&mut self.cells);
        let mut counts = std::mem::take(&mut self.counts);
        zeroed(&mut counts, cells.count() + 1);
        {
            let Cols { back, cell, .. } = self.cols_mut();
            let [x, y, vx, vy, hx, hy, id] = back;
            for (i, a) in agents.iter().take(n).enumerate() {
                x[i] = wrap_coord(a.position.x, world.width).to_bits();
                y[i] = wrap_coord(a.position.y, world.height).to_bits();
                vx[i] = a.velocity.x.to_bits();
                vy[i] = a.velocity.y.to_bits();
                hx[i] = a.heading.x.to_bits();
                hy[i] = a.heading.y.to_bits();
                id[i] = i as u32;
                let c = cells.index(f32::from_bits(x[i]), f32::from_bits(y[i]));
                cell[i] = c;
                counts[c as usize + 1] += 1;
            }
        }
        self.cells = cells;
        self.counts = counts;
        self.sort_from_back();
    }

    /// The state in slot order, for a snapshot: the seven arrays (x, y, vx, vy, hx, hy as f32
    /// bits, then the ids) one after the other into `out`. The slot order is part of the
    /// trajectory (agents are summed in it, and the counting sort is stable), so a flock reloaded
    /// from `store`'s agents in id order would step to other bits; [`FastFlock::load_slots`] gives
    /// this exact order back.
    pub fn slots(&self, out: &mut Vec<u32>) {
        out.clear();
        out.reserve(7 * self.n);
        for a in X..=ID {
            out.extend_from_slice(&self.col(a)[..self.n]);
        }
    }

    /// Load what [`FastFlock::slots`] gave, in its slot order (the state it was taken from, bit
    /// for bit, sorted as it was).
    pub fn load_slots(&mut self, world: &World, params: FastParams, slots: &[u32]) {
        self.world = Some(*world);
        self.params = Some(params);
        let n = slots.len() / 7;
        self.cells.set_geometry(world, params.rules.radius(), n);
        self.reserve(n);
        {
            let Cols { back, .. } = self.cols_mut();
            for (a, b) in back.into_iter().enumerate() {
                b[..n].copy_from_slice(&slots[a * n..(a + 1) * n]);
            }
        }
        // Slots were in cell order: the stable sort keeps them where they were.
        self.bin_back_and_sort();
    }

    /// New rule weights/radii and speed limits without reloading. A change of query radius changes
    /// the grid, so the flock is re-sorted (no allocation if the cell count does not grow).
    pub fn set_params(&mut self, params: FastParams) {
        let old = self.params.replace(params);
        let Some(world) = self.world else { return };
        if old.is_some_and(|o| o.rules.radius() == params.rules.radius()) {
            return;
        }
        self.cells.set_geometry(&world, params.rules.radius(), self.n);
        let n = self.n;
        {
            let Cols { front, back, .. } = self.cols_mut();
            for (f, b) in front.iter().zip(back) {
                b[..n].copy_from_slice(&f[..n]);
            }
        }
        self.bin_back_and_sort();
    }

    /// The state is in the back arrays: each slot's cell from its position, the cells' counts,
    /// then the stable sort into cell order (`load_slots`, `set_params`).
    fn bin_back_and_sort(&mut self) {
        let cells = std::mem::take(&mut self.cells);
        let mut counts = std::mem::take(&mut self.counts);
        zeroed(&mut counts, cells.count() + 1);
        let n = self.n;
        {
            let Cols { back, cell, .. } = self.cols_mut();
            let (x, y) = (as_f32(&back[X][..n]), as_f32(&back[Y][..n]));
            for k in 0..n {
                let c = cells.index(x[k], y[k]);
                cell[k] = c;
                counts[c as usize + 1] += 1;
            }
        }
        self.cells = cells;
        self.counts = counts;
        self.sort_from_back();
    }

    /// Write the state back into `agents` (which must have the loaded length) in original order.
    pub fn store(&self, agents: &mut [Agent]) {
        let Some(p) = self.params else { return };
        let n = self.n;
        let (x, y, vx, vy, hx, hy, id) =
            (self.colf(X), self.colf(Y), self.colf(VX), self.colf(VY), self.colf(HX), self.colf(HY), self.col(ID));
        for k in 0..n {
            let a = &mut agents[id[k] as usize];
            a.position = Vec2::new(x[k], y[k]);
            a.velocity = Vec2::new(vx[k], vy[k]);
            a.heading = Vec2::new(hx[k], hy[k]);
            a.max_speed = p.max_speed;
            a.max_force = p.max_force;
        }
    }

    /// Slot order views: positions, velocities, headings and original ids.
    pub fn positions(&self) -> (&[f32], &[f32]) {
        (&self.colf(X)[..self.n], &self.colf(Y)[..self.n])
    }
    pub fn velocities(&self) -> (&[f32], &[f32]) {
        (&self.colf(VX)[..self.n], &self.colf(VY)[..self.n])
    }
    pub fn headings(&self) -> (&[f32], &[f32]) {
        (&self.colf(HX)[..self.n], &self.colf(HY)[..self.n])
    }
    pub fn ids(&self) -> &[u32] {
        &self.col(ID)[..self.n]
    }

    /// One fixed step: forces for everyone from the current snapshot, then integrate, wrap, re-sort.
    pub fn step(&mut self) {
        let (Some(world), Some(p)) = (self.world, self.params) else {
            return;
        };
        if self.n == 0 {
            return;
        }
        self.stats = self.advance(&world, &p);
        self.sort_from_back();
    }

    /// The kernel of this step: the widest the settings and the CPU allow. (Sixteen lanes only
    /// with phase two on vectors: the scalar reference then takes eight.)
    fn width(&self, vector: bool) -> Width {
        if self.kernel == Kernel::Scalar {
            return Width::Scalar;
        }
        #[cfg(target_arch = "x86_64")]
        if !self.narrow {
            if let Some(k) = avx512::Lanes16::detect().filter(|_| vector && !self.no_avx512) {
                return Width::Sixteen(k);
            }
            if let Some(k) = avx::Lanes8::detect() {
                return Width::Eight(k);
            }
        }
        let _ = vector;
        Width::Four
    }

    /// Both phases ([`driver::advance`]): the neighbour sums of every agent (reading the front
    /// arrays only), then its next state into the back arrays (never read by phase one), its new
    /// cell and the cell histogram. Returns the step's counters.
    #[inline(never)]
    fn advance(&mut self, world: &World, p: &FastParams) -> FastStats {
        let n = self.n;
        let radii = Radii::of(&p.rules);
        let k = Consts {
            rules: p.rules,
            max_speed: p.max_speed,
            max_force: p.max_force,
            min_speed: p.min_speed,
            dt: p.dt,
            width: world.width,
            height: world.height,
        };
        let vector = p.min_speed <= 0.0;
        let width = self.width(vector);
        let cells = std::mem::take(&mut self.cells);
        let mut counts = std::mem::take(&mut self.counts);
        zeroed(&mut counts, cells.count() + 1);
        let stats = {
            // Slices, not the Vec: under the size-optimised release profile `Vec`'s `Index` stayed
            // a call per access (also in the driver and in `sort_from_back`).
            let Cols { front, back, cell } = self.cols_mut();
            let [fx, fy, fvx, fvy, fhx, fhy, fid] = front;
            let [bx, by, bvx, bvy, bhx, bhy, bid] = back;
            bid[..n].copy_from_slice(&fid[..n]);
            let v = group::View { x: as_f32(fx), y: as_f32(fy), vx: as_f32(fvx), vy: as_f32(fvy) };
            let mut pass = Pass {
                n,
                q: Query { v, world: *world, radii, same: radii.ali2 == radii.coh2 },
                p: Phase2 { k, v, hx: as_f32(fhx), hy: as_f32(fhy), cells: &cells },
                vector,
                out: Out {
                    x: as_f32_mut(bx),
                    y: as_f32_mut(by),
                    vx: as_f32_mut(bvx),
                    vy: as_f32_mut(bvy),
                    hx: as_f32_mut(bhx),
                    hy: as_f32_mut(bhy),
                    cell,
                    counts: &mut counts[..],
                },
                stats: FastStats::default(),
            };
            driver::advance(&mut pass, width);
            pass.stats
        };
        self.cells = cells;
        self.counts = counts;
        stats
    }

    /// The counting sort: the back arrays hold every agent with its cell in the cell array and the
    /// histogram in `counts`; scatter them, stably, into the front arrays in cell order.
    #[inline(never)]
    fn sort_from_back(&mut self) {
        let n = self.n;
        let ncells = self.cells.count();
        let mut counts = std::mem::take(&mut self.counts);
        // The running sum in a register (`prefix[c + 1] += prefix[c]` reloaded what it had just
        // stored, a chain through memory), written to the starts and the scatter's cursors at once.
        let mut cursor = std::mem::take(&mut self.cursor);
        if cursor.len() != ncells {
            cursor.clear();
            cursor.resize(ncells, 0);
        }
        {
            let (prefix, cur) = (&mut counts[..=ncells], &mut cursor[..ncells]);
            let mut acc = 0u32;
            for c in 0..ncells {
                acc += prefix[c];
                prefix[c] = acc;
                cur[c] = acc;
            }
            prefix[ncells] += acc;
        }
        std::mem::swap(&mut self.cells.starts, &mut counts);
        self.counts = counts;
        {
            let Cols { front, back, cell } = self.cols_mut();
            let [x, y, vx, vy, hx, hy, id] = front;
            let [bx, by, bvx, bvy, bhx, bhy, bid] = back;
            let (x, y, vx, vy, hx, hy, id) =
                (&mut x[..n], &mut y[..n], &mut vx[..n], &mut vy[..n], &mut hx[..n], &mut hy[..n], &mut id[..n]);
            let (bx, by, bvx, bvy, bhx, bhy, bid) =
                (&bx[..n], &by[..n], &bvx[..n], &bvy[..n], &bhx[..n], &bhy[..n], &bid[..n]);
            let cell = &cell[..n];
            let cursor = &mut cursor[..];
            for k in 0..n {
                let c = cell[k] as usize;
                let dst = cursor[c] as usize;
                cursor[c] += 1;
                x[dst] = bx[k];
                y[dst] = by[k];
                vx[dst] = bvx[k];
                vy[dst] = bvy[k];
                hx[dst] = bhx[k];
                hy[dst] = bhy[k];
                id[dst] = bid[k];
            }
        }
        self.cursor = cursor;
    }
}

/// The shared slot ranges of the `lanes` agents in slots `g..g + lanes`: the window of their bounding box
/// grown by the reach, taken modulo the world like [`Cells::windows`]. It contains every agent's
/// own window (so every neighbour of every agent is read once), and the extra candidates fail the
/// exact distance tests. `None` when the agents are too far apart (a group across a row change),
/// not finite, or the window needs more than [`RANGES`] ranges: those agents are queried one by
/// one.
/// `lanes` is a multiple of four (a constant where the driver inlines this).
#[inline(always)]
fn group_block(cells: &Cells, lanes: usize, x: &[f32], y: &[f32], g: usize) -> Option<Block> {
    let (x, y) = (&x[g..g + lanes], &y[g..g + lanes]);
    // The bounding box, four lanes at a time (no data-dependent branches), and whether every
    // coordinate is a number.
    // SAFETY: both slices hold `lanes` (a multiple of four) values.
    let (lo_x, hi_x, lo_y, hi_y, ok) = unsafe {
        let (vx, vy) = (F4::load(x.as_ptr()), F4::load(y.as_ptr()));
        let (mut lx, mut hx, mut ly, mut hy, mut ok) = (vx, vx, vy, vy, vx.eq(vx) & vy.eq(vy));
        let mut c = 4;
        while c < lanes {
            let (vx, vy) = (F4::load(x.as_ptr().add(c)), F4::load(y.as_ptr().add(c)));
            lx = lx.min(vx);
            hx = hx.max(vx);
            ly = ly.min(vy);
            hy = hy.max(vy);
            ok = ok & vx.eq(vx) & vy.eq(vy);
            c += 4;
        }
        (lx, hx, ly, hy, ok)
    };
    if !ok.all() {
        return None;
    }
    let (x0, x1, y0, y1) = (lo_x.min_lane(), hi_x.max_lane(), lo_y.min_lane(), hi_y.max_lane());
    let (spread_x, plain_x) =
        if lanes == 16 { (cells.spread16_x, cells.plain16_x) } else { (cells.spread_x, cells.plain_x) };
    if !(x1 - x0 <= spread_x && y1 - y0 <= cells.spread_y) {
        return None;
    }
    let r = cells.reach;
    let (xl, xh, yl, yh) = (x0 - r, x1 + r, y0 - r, y1 + r);
    if cells.inner && xl >= 0.0 && yl >= 0.0 && xh < cells.width && yh < cells.height {
        // The window inside the world (the usual case): what `Cells::block` gives for it (one x
        // span, rows rl..=rh, no correction from the window itself), without its general cases.
        let (bl, bh) = (trunc_clamped(xl * cells.per_x, cells.nbx), trunc_clamped(xh * cells.per_x, cells.nbx));
        let (rl, rh) = (trunc_clamped(yl * cells.per_y, cells.rows), trunc_clamped(yh * cells.per_y, cells.rows));
        if rh - rl >= RANGES {
            return None;
        }
        let mut b = Block { wrap_x: !plain_x, wrap_y: !cells.plain_y, ..Block::default() };
        let starts = &cells.starts[..];
        for k in rl..rh + 1 {
            let base = k * cells.nbx;
            let (s, e) = (starts[base + bl], starts[base + bh + 1]);
            if s < e {
                b.ranges[b.n] = (s, e);
                b.n += 1;
            }
        }
        return Some(b);
    }
    cells.block(xl, xh, yl, yh, plain_x)
}

/// `World::delta`'s nearest-image correction on the axes that need it.
#[inline(always)]
pub(crate) fn delta(world: &World, wx: bool, wy: bool, mut dx: f32, mut dy: f32) -> (f32, f32) {
    if wx {
        dx = wrap_delta(dx, world.width);
    }
    if wy {
        dy = wrap_delta(dy, world.height);
    }
    (dx, dy)
}
