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
//!   bit-identical to the naive query's, so the neighbour sets are identical (`tests/fast_exact.rs`).
//! - **Same cells as [`super::grid::Grid`]**: cell size ≥ the query radius, the same axis spans
//!   (each line once when an axis has ≤ 3 cells), so the distance-check counts match too.
//!
//! The per-neighbour terms and the per-agent steering are the same expressions as
//! [`super::flock::FlockSums`] and [`super::steer`]; only the order in which neighbours are summed
//! differs from [`super::engine::Sim`]'s grid path (cells in the same order, agents within a cell in
//! the sort's order), so trajectories agree to float-summation tolerance, not bit for bit.
//!
//! Two-phase: all forces are computed from one snapshot, then everyone moves. After warm-up (buffers
//! grown to `n` and the cell count), a step allocates nothing.

use super::agent::Agent;
use super::flock::{FlockRules, FlockSums};
use super::steer::{steer_towards, truncate};
use super::world::{integrate, wrap_coord, World};
use glam::Vec2;

mod simd;
pub mod workload;

use simd::{F4, I4};

/// The most cells per axis (the same cap as the grid's).
const MAX_AXIS: f32 = 4096.0;
/// Slots past the end of every array, so a 4-lane load at the last candidate stays in bounds.
const PAD: usize = 4;

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
    /// Four candidates at a time, branch-free (SSE2 natively, simd128 in wasm when enabled).
    Simd,
}

impl Default for Kernel {
    fn default() -> Self {
        if cfg!(any(
            target_arch = "x86_64",
            all(target_arch = "wasm32", target_feature = "simd128")
        )) {
            Kernel::Simd
        } else {
            Kernel::Scalar
        }
    }
}

/// Squared radii. A missing rule has radius² −1 (never matched), so it never contributes, exactly
/// as an absent rule in [`FlockRules`].
#[derive(Clone, Copy, Debug)]
struct Radii {
    /// Query radius² (the largest of the rules' radii).
    q2: f32,
    sep2: f32,
    ali2: f32,
    coh2: f32,
}

impl Radii {
    fn of(rules: &FlockRules) -> Radii {
        let sq = |r: Option<(f32, f32)>| r.map_or(-1.0, |(_, r)| r * r);
        let q = rules.radius();
        Radii {
            q2: q * q,
            sep2: sq(rules.separation),
            ali2: sq(rules.alignment),
            coh2: sq(rules.cohesion),
        }
    }
}

/// The accumulators of one agent (the fields of [`FlockSums`], split into scalars).
#[derive(Clone, Copy, Debug, Default)]
struct Acc {
    sx: f32,
    sy: f32,
    ax: f32,
    ay: f32,
    cx: f32,
    cy: f32,
    ns: u32,
    na: u32,
    nc: u32,
}

impl Acc {
    fn sums(&self) -> FlockSums {
        FlockSums {
            sep: Vec2::new(self.sx, self.sy),
            n_sep: self.ns,
            align: Vec2::new(self.ax, self.ay),
            n_align: self.na,
            coh: Vec2::new(self.cx, self.cy),
            n_coh: self.nc,
        }
    }
}

/// What one step measured (the same quantities as the grid path's `StepStats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastStats {
    /// Distance checks (candidates in the 3×3 blocks, self excluded).
    pub checks: u64,
    /// Σ over agents of max(n_sep, n_align, n_coh).
    pub neighbours: u64,
}

/// The cells a query visits, as contiguous slot ranges, plus whether each axis needs the
/// nearest-image correction.
#[derive(Clone, Copy, Debug, Default)]
struct Block {
    ranges: [(u32, u32); 6],
    n: usize,
    wrap_x: bool,
    wrap_y: bool,
}

/// The flock in cell order. `id[k]` is the original index of the agent in slot `k`.
#[derive(Clone, Debug, Default)]
pub struct FastFlock {
    world: Option<World>,
    params: Option<FastParams>,
    pub kernel: Kernel,
    n: usize,
    cols: usize,
    rows: usize,
    cell: Vec2,
    /// State in slot order, each `n + PAD` long.
    x: Vec<f32>,
    y: Vec<f32>,
    vx: Vec<f32>,
    vy: Vec<f32>,
    hx: Vec<f32>,
    hy: Vec<f32>,
    id: Vec<u32>,
    /// `starts[c]..starts[c + 1]`: the slots of cell `c`.
    starts: Vec<u32>,
    // Scratch: forces, the new cell of every slot, and the back buffers of the counting sort.
    fx: Vec<f32>,
    fy: Vec<f32>,
    cell_of: Vec<u32>,
    cursor: Vec<u32>,
    bx: Vec<f32>,
    by: Vec<f32>,
    bvx: Vec<f32>,
    bvy: Vec<f32>,
    bhx: Vec<f32>,
    bhy: Vec<f32>,
    bid: Vec<u32>,
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

    /// Grid columns and rows (the same as [`super::grid::Grid`]'s for this world and radius).
    pub fn dims(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    pub fn params(&self) -> Option<&FastParams> {
        self.params.as_ref()
    }

    /// Take the agents (positions are wrapped into the torus) and sort them by cell. `world` must
    /// wrap, and there may be at most `i32::MAX − 8` agents. Agents keep their identity:
    /// [`FastFlock::store`] writes slot `k` back to `agents[id[k]]`.
    pub fn load(&mut self, world: &World, params: FastParams, agents: &[Agent]) {
        self.world = Some(*world);
        self.params = Some(params);
        self.set_geometry(world, params.rules.radius());
        let n = agents.len().min(i32::MAX as usize - 8);
        self.n = n;
        for v in [
            &mut self.x,
            &mut self.y,
            &mut self.vx,
            &mut self.vy,
            &mut self.hx,
            &mut self.hy,
        ] {
            v.clear();
        }
        self.id.clear();
        for (i, a) in agents.iter().take(n).enumerate() {
            self.x.push(wrap_coord(a.position.x, world.width));
            self.y.push(wrap_coord(a.position.y, world.height));
            self.vx.push(a.velocity.x);
            self.vy.push(a.velocity.y);
            self.hx.push(a.heading.x);
            self.hy.push(a.heading.y);
            self.id.push(i as u32);
        }
        for v in [
            &mut self.x,
            &mut self.y,
            &mut self.vx,
            &mut self.vy,
            &mut self.hx,
            &mut self.hy,
        ] {
            v.resize(n + PAD, 0.0);
        }
        self.id.resize(n + PAD, 0);
        self.fx.resize(n, 0.0);
        self.fy.resize(n, 0.0);
        self.cell_of.clear();
        for k in 0..n {
            let c = self.cell_index(self.x[k], self.y[k]);
            self.cell_of.push(c);
        }
        self.sort();
    }

    /// New rule weights/radii and speed limits without reloading. A change of query radius changes
    /// the grid, so the flock is re-sorted (no allocation if the cell count does not grow).
    pub fn set_params(&mut self, params: FastParams) {
        let old = self.params.replace(params);
        if old.is_none_or(|o| o.rules.radius() != params.rules.radius()) {
            if let Some(w) = self.world {
                self.set_geometry(&w, params.rules.radius());
                for k in 0..self.n {
                    self.cell_of[k] = self.cell_index(self.x[k], self.y[k]);
                }
                self.sort();
            }
        }
    }

    /// Write the state back into `agents` (which must have the loaded length) in original order.
    pub fn store(&self, agents: &mut [Agent]) {
        let Some(p) = self.params else { return };
        for k in 0..self.n {
            let a = &mut agents[self.id[k] as usize];
            a.position = Vec2::new(self.x[k], self.y[k]);
            a.velocity = Vec2::new(self.vx[k], self.vy[k]);
            a.heading = Vec2::new(self.hx[k], self.hy[k]);
            a.max_speed = p.max_speed;
            a.max_force = p.max_force;
        }
    }

    /// Slot order views: positions, velocities, headings and original ids.
    pub fn positions(&self) -> (&[f32], &[f32]) {
        (&self.x[..self.n], &self.y[..self.n])
    }
    pub fn velocities(&self) -> (&[f32], &[f32]) {
        (&self.vx[..self.n], &self.vy[..self.n])
    }
    pub fn headings(&self) -> (&[f32], &[f32]) {
        (&self.hx[..self.n], &self.hy[..self.n])
    }
    pub fn ids(&self) -> &[u32] {
        &self.id[..self.n]
    }

    fn set_geometry(&mut self, world: &World, radius: f32) {
        // Exactly the grid's cell computation (see `Grid::rebuild`).
        let cs = if radius.is_finite() && radius > 0.0 {
            radius
        } else {
            world.width.max(world.height)
        };
        self.cols = (world.width / cs).floor().clamp(1.0, MAX_AXIS) as usize;
        self.rows = (world.height / cs).floor().clamp(1.0, MAX_AXIS) as usize;
        self.cell = Vec2::new(
            world.width / self.cols as f32,
            world.height / self.rows as f32,
        );
    }

    /// The cell of a point: the same cell as `Grid::cell_coords` gives (`floor`, clamped, 0 for
    /// non-finite), computed without a call to `floorf`: for `v ≥ 0`, `v as usize` is `floor(v)`, and
    /// negative values saturate to 0 just as `floor(v).max(0)` does.
    #[inline(always)]
    fn cell_index(&self, x: f32, y: f32) -> u32 {
        let fx = x / self.cell.x;
        let fy = y / self.cell.y;
        let cx = if fx.is_finite() {
            (fx as usize).min(self.cols - 1)
        } else {
            0
        };
        let cy = if fy.is_finite() {
            (fy as usize).min(self.rows - 1)
        } else {
            0
        };
        (cy * self.cols + cx) as u32
    }

    /// Counting sort of all slots by `cell_of` (stable), into the back buffers, then swap.
    fn sort(&mut self) {
        let n = self.n;
        let ncells = self.cols * self.rows;
        self.starts.clear();
        self.starts.resize(ncells + 1, 0);
        for &c in &self.cell_of[..n] {
            self.starts[c as usize + 1] += 1;
        }
        for c in 0..ncells {
            self.starts[c + 1] += self.starts[c];
        }
        self.cursor.clear();
        self.cursor.extend_from_slice(&self.starts[..ncells]);
        for b in [
            &mut self.bx,
            &mut self.by,
            &mut self.bvx,
            &mut self.bvy,
            &mut self.bhx,
            &mut self.bhy,
        ] {
            b.resize(n + PAD, 0.0);
        }
        self.bid.resize(n + PAD, 0);
        for k in 0..n {
            let c = self.cell_of[k] as usize;
            let dst = self.cursor[c] as usize;
            self.cursor[c] += 1;
            self.bx[dst] = self.x[k];
            self.by[dst] = self.y[k];
            self.bvx[dst] = self.vx[k];
            self.bvy[dst] = self.vy[k];
            self.bhx[dst] = self.hx[k];
            self.bhy[dst] = self.hy[k];
            self.bid[dst] = self.id[k];
        }
        std::mem::swap(&mut self.x, &mut self.bx);
        std::mem::swap(&mut self.y, &mut self.by);
        std::mem::swap(&mut self.vx, &mut self.bvx);
        std::mem::swap(&mut self.vy, &mut self.bvy);
        std::mem::swap(&mut self.hx, &mut self.bhx);
        std::mem::swap(&mut self.hy, &mut self.bhy);
        std::mem::swap(&mut self.id, &mut self.bid);
    }

    /// The slot ranges of the 3×3 block around cell (cx, cy), in the grid's scan order (rows
    /// cy−1, cy, cy+1; in each, columns cx−1, cx, cx+1, wrapped; each line once on an axis with
    /// ≤ 3 cells), adjacent ranges merged.
    fn block(&self, cx: usize, cy: usize) -> Block {
        let (cols, rows) = (self.cols, self.rows);
        let mut rr = [0usize; 3];
        let nr = if rows <= 3 {
            for (k, r) in rr.iter_mut().enumerate().take(rows) {
                *r = k;
            }
            rows
        } else {
            rr = [(cy + rows - 1) % rows, cy, (cy + 1) % rows];
            3
        };
        let mut spans = [(0usize, 0usize); 2];
        let ns = if cols <= 3 {
            spans[0] = (0, cols);
            1
        } else if cx == 0 {
            spans = [(cols - 1, cols), (0, 2)];
            2
        } else if cx == cols - 1 {
            spans = [(cols - 2, cols), (0, 1)];
            2
        } else {
            spans[0] = (cx - 1, cx + 2);
            1
        };
        let mut b = Block {
            wrap_x: !(cols >= 5 && cx >= 1 && cx + 1 < cols),
            wrap_y: !(rows >= 5 && cy >= 1 && cy + 1 < rows),
            ..Block::default()
        };
        for &r in &rr[..nr] {
            for &(c0, c1) in &spans[..ns] {
                let s = self.starts[r * cols + c0];
                let e = self.starts[r * cols + c1];
                if s == e {
                    continue;
                }
                if b.n > 0 && b.ranges[b.n - 1].1 == s {
                    b.ranges[b.n - 1].1 = e;
                } else {
                    b.ranges[b.n] = (s, e);
                    b.n += 1;
                }
            }
        }
        b
    }

    /// One fixed step: forces for everyone from the current snapshot, then integrate, wrap, re-sort.
    pub fn step(&mut self) {
        let (Some(world), Some(p)) = (self.world, self.params) else {
            return;
        };
        if self.n == 0 {
            return;
        }
        self.stats = self.forces(&world, &p);
        self.integrate(&world, &p);
        self.sort();
    }

    /// Phase one: every agent's steering force from the current snapshot, into `fx`/`fy`.
    #[inline(never)]
    fn forces(&mut self, world: &World, p: &FastParams) -> FastStats {
        let radii = Radii::of(&p.rules);
        let mut stats = FastStats::default();
        let ncells = self.cols * self.rows;
        let same = radii.ali2 == radii.coh2;
        for c in 0..ncells {
            let (s, e) = (self.starts[c] as usize, self.starts[c + 1] as usize);
            if s == e {
                continue;
            }
            let b = self.block(c % self.cols, c / self.cols);
            let total: u32 = b.ranges[..b.n].iter().map(|r| r.1 - r.0).sum();
            stats.checks += (total as u64 - 1) * (e - s) as u64;
            for i in s..e {
                let acc = self.sums(world, &radii, &b, i, same);
                stats.neighbours += acc.ns.max(acc.na).max(acc.nc) as u64;
                let f = finish(
                    &p.rules,
                    &acc,
                    Vec2::new(self.vx[i], self.vy[i]),
                    p.max_speed,
                    p.max_force,
                );
                self.fx[i] = f.x;
                self.fy[i] = f.y;
            }
        }
        stats
    }

    /// Phase two: move everyone (`world::integrate`), wrap, and note the new cell.
    #[inline(never)]
    fn integrate(&mut self, world: &World, p: &FastParams) {
        for k in 0..self.n {
            let mut a = Agent {
                position: Vec2::new(self.x[k], self.y[k]),
                velocity: Vec2::new(self.vx[k], self.vy[k]),
                max_speed: p.max_speed,
                max_force: p.max_force,
                heading: Vec2::new(self.hx[k], self.hy[k]),
            };
            integrate(&mut a, Vec2::new(self.fx[k], self.fy[k]), p.dt, p.min_speed);
            let x = wrap_coord(a.position.x, world.width);
            let y = wrap_coord(a.position.y, world.height);
            self.x[k] = x;
            self.y[k] = y;
            self.vx[k] = a.velocity.x;
            self.vy[k] = a.velocity.y;
            self.hx[k] = a.heading.x;
            self.hy[k] = a.heading.y;
            self.cell_of[k] = self.cell_index(x, y);
        }
    }

    /// Slot `i`'s neighbour sums over the block, with the selected kernel and wrap variant.
    #[inline(always)]
    fn sums(&self, world: &World, radii: &Radii, b: &Block, i: usize, same: bool) -> Acc {
        match self.kernel {
            Kernel::Simd => match (b.wrap_x, b.wrap_y, same) {
                (false, false, true) => self.sums_simd::<false, false, true>(world, radii, b, i),
                (false, false, false) => self.sums_simd::<false, false, false>(world, radii, b, i),
                (true, false, _) => self.sums_simd::<true, false, false>(world, radii, b, i),
                (false, true, _) => self.sums_simd::<false, true, false>(world, radii, b, i),
                (true, true, _) => self.sums_simd::<true, true, false>(world, radii, b, i),
            },
            Kernel::Scalar => match (b.wrap_x, b.wrap_y) {
                (false, false) => self.sums_scalar::<false, false>(world, radii, b, i),
                (true, false) => self.sums_scalar::<true, false>(world, radii, b, i),
                (false, true) => self.sums_scalar::<false, true>(world, radii, b, i),
                (true, true) => self.sums_scalar::<true, true>(world, radii, b, i),
            },
        }
    }

    /// The scalar kernel: the block's ranges, self skipped by index, `FlockSums::add`'s terms.
    #[inline(always)]
    fn sums_scalar<const WX: bool, const WY: bool>(
        &self,
        world: &World,
        r: &Radii,
        b: &Block,
        i: usize,
    ) -> Acc {
        let (px, py) = (self.x[i], self.y[i]);
        let mut acc = Acc::default();
        for &(rs, re) in &b.ranges[..b.n] {
            let (rs, re) = (rs as usize, re as usize);
            let (xs, ys, vxs, vys) = (
                &self.x[rs..re],
                &self.y[rs..re],
                &self.vx[rs..re],
                &self.vy[rs..re],
            );
            for j in 0..xs.len() {
                if rs + j == i {
                    continue;
                }
                let (dx, dy) = delta(world, WX, WY, xs[j] - px, ys[j] - py);
                let d2 = dx * dx + dy * dy;
                if d2 < r.q2 {
                    if d2 < r.sep2 && d2 > 0.0 {
                        let dist = d2.sqrt();
                        let dd = dist * dist;
                        acc.sx -= dx / dd;
                        acc.sy -= dy / dd;
                        acc.ns += 1;
                    }
                    if d2 < r.ali2 {
                        acc.ax += vxs[j];
                        acc.ay += vys[j];
                        acc.na += 1;
                    }
                    if d2 < r.coh2 {
                        acc.cx += dx;
                        acc.cy += dy;
                        acc.nc += 1;
                    }
                }
            }
        }
        acc
    }

    /// The 4-lane kernel: four candidates per iteration without branches (lanes past a range's end
    /// or equal to `i` are masked out; the separation term is evaluated only when a lane needs it).
    /// Each lane computes exactly the scalar kernel's `d`, `d²` and terms; lanes are summed at the end.
    #[inline(always)]
    fn sums_simd<const WX: bool, const WY: bool, const SAME: bool>(
        &self,
        world: &World,
        r: &Radii,
        b: &Block,
        i: usize,
    ) -> Acc {
        let (px, py) = (F4::splat(self.x[i]), F4::splat(self.y[i]));
        let (q2, sep2, ali2, coh2) = (
            F4::splat(r.q2),
            F4::splat(r.sep2),
            F4::splat(r.ali2),
            F4::splat(r.coh2),
        );
        let _ = q2;
        let (w, hw, nhw) = (
            F4::splat(world.width),
            F4::splat(world.width * 0.5),
            F4::splat(-(world.width * 0.5)),
        );
        let (h, hh, nhh) = (
            F4::splat(world.height),
            F4::splat(world.height * 0.5),
            F4::splat(-(world.height * 0.5)),
        );
        let zero = F4::zero();
        let one = F4::splat(1.0);
        let me = I4::splat(i as i32);
        let (mut sx, mut sy, mut ns) = (zero, zero, zero);
        let (mut ax, mut ay, mut na) = (zero, zero, zero);
        let (mut cx, mut cy, mut nc) = (zero, zero, zero);
        let (xp, yp, vxp, vyp) = (
            self.x.as_ptr(),
            self.y.as_ptr(),
            self.vx.as_ptr(),
            self.vy.as_ptr(),
        );
        debug_assert!(self.x.len() >= self.n + PAD);
        for &(rs, re) in &b.ranges[..b.n] {
            let end = I4::splat(re as i32);
            let mut j = rs as usize;
            while j < re as usize {
                // SAFETY: j < re ≤ n and every array is n + PAD ≥ j + 4 long.
                let (x, y, vx, vy) = unsafe {
                    (
                        F4::load(xp.add(j)),
                        F4::load(yp.add(j)),
                        F4::load(vxp.add(j)),
                        F4::load(vyp.add(j)),
                    )
                };
                let valid = I4::iota(j as i32).lt_and_ne(end, me);
                let mut dx = x - px;
                let mut dy = y - py;
                if WX {
                    dx = F4::select(dx.gt(hw), dx - w, F4::select(dx.lt(nhw), dx + w, dx));
                }
                if WY {
                    dy = F4::select(dy.gt(hh), dy - h, F4::select(dy.lt(nhh), dy + h, dy));
                }
                let d2 = dx * dx + dy * dy;
                let ma = d2.lt(ali2) & valid;
                ax = ax + (vx & ma);
                ay = ay + (vy & ma);
                na = na + (one & ma);
                let mc = if SAME { ma } else { d2.lt(coh2) & valid };
                cx = cx + (dx & mc);
                cy = cy + (dy & mc);
                if !SAME {
                    nc = nc + (one & mc);
                }
                let ms = d2.lt(sep2) & d2.gt(zero) & valid;
                if ms.any() {
                    let dist = d2.sqrt();
                    let dd = dist * dist;
                    sx = sx - ((dx / dd) & ms);
                    sy = sy - ((dy / dd) & ms);
                    ns = ns + (one & ms);
                }
                j += 4;
            }
        }
        let na_u = na.sum() as u32;
        Acc {
            sx: sx.sum(),
            sy: sy.sum(),
            ax: ax.sum(),
            ay: ay.sum(),
            cx: cx.sum(),
            cy: cy.sum(),
            ns: ns.sum() as u32,
            na: na_u,
            nc: if SAME { na_u } else { nc.sum() as u32 },
        }
    }

    /// Slot `k`'s neighbour sums, recomputed from the current state by the step's own kernel.
    pub fn sums_of_slot(&self, k: usize) -> FlockSums {
        let (Some(world), Some(p)) = (self.world, self.params) else {
            return FlockSums::default();
        };
        let radii = Radii::of(&p.rules);
        let c = self.cell_index(self.x[k], self.y[k]) as usize;
        let b = self.block(c % self.cols, c / self.cols);
        self.sums(&world, &radii, &b, k, radii.ali2 == radii.coh2)
            .sums()
    }

    /// The original ids of slot `k`'s neighbours within the query radius, found with the step's own
    /// block ranges and delta arithmetic (the exactness test compares this with the naive query).
    pub fn neighbours_of_slot(&self, k: usize, out: &mut Vec<u32>) {
        out.clear();
        let (Some(world), Some(p)) = (self.world, self.params) else {
            return;
        };
        let q2 = Radii::of(&p.rules).q2;
        let (px, py) = (self.x[k], self.y[k]);
        let c = self.cell_index(px, py) as usize;
        let b = self.block(c % self.cols, c / self.cols);
        for &(rs, re) in &b.ranges[..b.n] {
            for j in rs as usize..re as usize {
                if j == k {
                    continue;
                }
                let (dx, dy) = delta(&world, b.wrap_x, b.wrap_y, self.x[j] - px, self.y[j] - py);
                if dx * dx + dy * dy < q2 {
                    out.push(self.id[j]);
                }
            }
        }
    }

    /// The slot that holds original agent `id` (linear search; for tests and tools).
    pub fn slot_of(&self, id: u32) -> Option<usize> {
        self.id[..self.n].iter().position(|&x| x == id)
    }
}

/// `World::delta`'s nearest-image correction on the axes that need it.
#[inline(always)]
fn delta(world: &World, wx: bool, wy: bool, mut dx: f32, mut dy: f32) -> (f32, f32) {
    if wx {
        dx = wrap_delta(dx, world.width);
    }
    if wy {
        dy = wrap_delta(dy, world.height);
    }
    (dx, dy)
}

/// Exactly `world::wrap_delta`.
#[inline(always)]
fn wrap_delta(d: f32, size: f32) -> f32 {
    let half = size * 0.5;
    if d > half {
        d - size
    } else if d < -half {
        d + size
    } else {
        d
    }
}

/// `FlockSums::apply` into a controller, then `Controller::result`: the weighted sum of the rules
/// that had neighbours (in the order separation, alignment, cohesion), truncated to `max_force`.
#[inline(always)]
fn finish(rules: &FlockRules, acc: &Acc, velocity: Vec2, max_speed: f32, max_force: f32) -> Vec2 {
    let agent = Agent {
        position: Vec2::ZERO,
        velocity,
        max_speed,
        max_force,
        heading: Vec2::X,
    };
    let mut sum = Vec2::ZERO;
    if let Some((w, _)) = rules.separation {
        if acc.ns > 0 {
            sum += steer_towards(Vec2::new(acc.sx, acc.sy) / acc.ns as f32, &agent) * w;
        }
    }
    if let Some((w, _)) = rules.alignment {
        if acc.na > 0 {
            sum += steer_towards(Vec2::new(acc.ax, acc.ay) / acc.na as f32, &agent) * w;
        }
    }
    if let Some((w, _)) = rules.cohesion {
        if acc.nc > 0 {
            sum += steer_towards(Vec2::new(acc.cx, acc.cy) / acc.nc as f32, &agent) * w;
        }
    }
    truncate(sum, max_force)
}
