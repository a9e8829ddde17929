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
//! **Code layout.** This file holds the state (the arena of arrays, loading, storing, the counting
//! sort); `fast/cells.rs` the grid (cells, x-bins, the slot ranges a query or a group reads); the
//! step's algorithm is written once,
//! in `fast/driver.rs`, over a `GroupKernel` per vector width (`fast/kernel.rs`: four lanes;
//! `fast/avx.rs`: eight; `fast/avx512.rs`: sixteen), chosen once per step by [`FastFlock::width`].
//! `docs/performance.md` describes it and how to add a width.

//! **Memory layout.** All per-agent arrays live in one allocation, each starting 64 bytes further
//! along modulo 4 KiB than the previous one. Separately allocated arrays of ≥ 128 KiB all start at
//! the same offset in a page, so the dozen streams of a step compete for the same L1 sets; on the
//! reference machine that made a 100k-boid copy loop 8× slower.

use super::agent::Agent;
use super::flock::FlockRules;
use super::world::{wrap_coord, World};
use glam::Vec2;

#[cfg(target_arch = "x86_64")]
mod avx;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod cells;
mod driver;
mod finish;
mod group;
mod kernel;
pub(crate) mod simd;
#[cfg(test)]
mod tests;

pub(crate) use cells::{delta, Block};
use cells::{group_block, Cells};
use driver::Width;
use finish::Consts;
use group::{Out, Pass, Phase2, Query};

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
