//! Neighbour queries: the naive O(n²) scan and the uniform grid of flocking-boids.txt §2.5
//! (`cell_size = perception`, rebuilt every step, the own cell plus the 8 around it).
//!
//! The grid is a counting sort of agent indices by cell (`starts`/`items`), rebuilt in place every
//! step with no allocation once its buffers have grown. It is exact: a query returns precisely the
//! agents the naive scan returns, across the wrap seam and for worlds with fewer than 3 cells on an
//! axis (where the 3×3 block would visit a column twice, each column is visited once).

use super::world::World;
use crate::num::clamp;
use glam::Vec2;

/// The grid never has more than `max(4·n, MIN_CELL_CAP)` cells (n = agents binned).
pub const MIN_CELL_CAP: usize = 4096;

#[derive(Clone, Debug, Default)]
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
    /// Actual cell size on each axis (≥ the requested size: the world is split into whole cells).
    pub cell: Vec2,
    wrap: bool,
    /// `starts[c]..starts[c + 1]` indexes `items` for cell `c`.
    starts: Vec<u32>,
    items: Vec<u32>,
    cell_of: Vec<u32>,
}

/// Up to nine distinct cells around a point, in scan order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellBlock {
    pub cols: [usize; 3],
    pub ncols: usize,
    pub rows: [usize; 3],
    pub nrows: usize,
}

impl CellBlock {
    pub fn cells(&self, grid_cols: usize) -> impl Iterator<Item = usize> + '_ {
        self.rows[..self.nrows]
            .iter()
            .flat_map(move |&r| self.cols[..self.ncols].iter().map(move |&c| r * grid_cols + c))
    }
    pub fn len(&self) -> usize {
        self.ncols * self.nrows
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Grid {
    pub fn new() -> Self {
        Self::default()
    }

    /// Re-bin all positions. `cell_size` is the query radius (perception); cells are at least that big.
    pub fn rebuild(&mut self, world: &World, cell_size: f32, positions: impl ExactSizeIterator<Item = Vec2>) {
        let cs = if cell_size.is_finite() && cell_size > 0.0 { cell_size } else { world.width.max(world.height) };
        // Cap the cell count so a tiny radius in a huge world cannot allocate without bound.
        let max_axis = 4096.0;
        self.cols = clamp((world.width / cs).floor(), 1.0, max_axis) as usize;
        self.rows = clamp((world.height / cs).floor(), 1.0, max_axis) as usize;
        let n = positions.len();
        // And keep the cell count O(n): a few agents in a huge world (10⁵ × 10⁵ at perception 48 is
        // 4.3 M cells) would otherwise clear and prefix-sum millions of empty cells every step.
        // Halving an axis only makes cells bigger, so queries stay exact.
        let max_cells = (4 * n).max(MIN_CELL_CAP);
        while self.cols * self.rows > max_cells {
            if self.cols >= self.rows {
                self.cols = self.cols.div_ceil(2);
            } else {
                self.rows = self.rows.div_ceil(2);
            }
        }
        self.cell = Vec2::new(world.width / self.cols as f32, world.height / self.rows as f32);
        self.wrap = world.wraps();
        let ncells = self.cols * self.rows;
        self.starts.clear();
        self.starts.resize(ncells + 1, 0);
        self.cell_of.clear();
        for p in positions {
            let c = self.cell_index(p) as u32;
            self.cell_of.push(c);
            self.starts[c as usize + 1] += 1;
        }
        for c in 0..ncells {
            self.starts[c + 1] += self.starts[c];
        }
        self.items.clear();
        self.items.resize(n, 0);
        // Fill using a running cursor per cell; reuse `starts` shifted by one as the cursor.
        for (i, &c) in self.cell_of.iter().enumerate() {
            let slot = &mut self.starts[c as usize];
            self.items[*slot as usize] = i as u32;
            *slot += 1;
        }
        // Undo the shift: starts[c] is now the end of cell c, i.e. the start of cell c + 1.
        for c in (1..=ncells).rev() {
            self.starts[c] = self.starts[c - 1];
        }
        self.starts[0] = 0;
    }

    #[inline]
    pub fn cell_coords(&self, p: Vec2) -> (usize, usize) {
        let cx = (p.x / self.cell.x).floor();
        let cy = (p.y / self.cell.y).floor();
        let cx = if cx.is_finite() { (cx.max(0.0) as usize).min(self.cols - 1) } else { 0 };
        let cy = if cy.is_finite() { (cy.max(0.0) as usize).min(self.rows - 1) } else { 0 };
        (cx, cy)
    }

    #[inline]
    pub fn cell_index(&self, p: Vec2) -> usize {
        let (cx, cy) = self.cell_coords(p);
        cy * self.cols + cx
    }

    /// The distinct cells of the 3×3 block around `p` (wrapping or clipped at the walls).
    #[inline]
    pub fn block(&self, p: Vec2) -> CellBlock {
        let (cx, cy) = self.cell_coords(p);
        let mut b = CellBlock::default();
        axis_span(cx, self.cols, self.wrap, &mut b.cols, &mut b.ncols);
        axis_span(cy, self.rows, self.wrap, &mut b.rows, &mut b.nrows);
        b
    }

    /// The cells' starts (`starts[c]..starts[c + 1]` indexes `items` for cell `c`) and the items.
    #[inline]
    pub(crate) fn cells(&self) -> (&[u32], &[u32]) {
        (&self.starts, &self.items)
    }

    /// Agent indices in cell `c`.
    #[inline]
    pub fn cell_items(&self, c: usize) -> &[u32] {
        &self.items[self.starts[c] as usize..self.starts[c + 1] as usize]
    }

    /// Calls `f(j, delta, dist²)` for every agent `j ≠ i` with `|delta| < radius`, where
    /// `delta = position[j] − position[i]` (nearest image when wrapping). Returns the number of
    /// distance checks made (candidates examined in the 3×3 block, `i` itself excluded).
    #[inline]
    pub fn for_each_neighbour(
        &self,
        world: &World,
        positions: &[Vec2],
        i: usize,
        radius: f32,
        mut f: impl FnMut(usize, Vec2, f32),
    ) -> u32 {
        let p = positions[i];
        let r2 = radius * radius;
        let mut checks = 0;
        let block = self.block(p);
        // The cells in `CellBlock::cells` order (rows, then columns), as plain loops: the iterator
        // chain is not inlined at opt-level "z".
        for &r in &block.rows[..block.nrows] {
            let row = &self.starts[r * self.cols..];
            for &c in &block.cols[..block.ncols] {
                for &j in &self.items[row[c] as usize..row[c + 1] as usize] {
                    let j = j as usize;
                    if j == i {
                        continue;
                    }
                    checks += 1;
                    let d = world.delta(p, positions[j]);
                    let d2 = d.length_squared();
                    if d2 < r2 {
                        f(j, d, d2);
                    }
                }
            }
        }
        checks
    }
}

impl Grid {
    /// The squared distance from agent `i` to the nearest other agent (exact, nearest image when
    /// wrapping; `None` if `i` is alone) and the distance checks made. Searches rings of cells
    /// outward and stops once every unvisited cell is farther than the best found, so a sparse
    /// flock costs a few rings per agent instead of a scan of everyone.
    pub fn nearest(&self, world: &World, positions: &[Vec2], i: usize) -> (Option<f32>, u32) {
        let p = positions[i];
        let (cx, cy) = self.cell_coords(p);
        let (cols, rows) = (self.cols as i64, self.rows as i64);
        let min_cell = self.cell.x.min(self.cell.y);
        let mut best = f32::INFINITY;
        let mut checks = 0u32;
        let mut visit = |x: i64, y: i64, best: &mut f32| {
            let (x, y) = if self.wrap {
                (x.rem_euclid(cols), y.rem_euclid(rows))
            } else if x < 0 || y < 0 || x >= cols || y >= rows {
                return;
            } else {
                (x, y)
            };
            for &j in self.cell_items(y as usize * self.cols + x as usize) {
                if j as usize != i {
                    checks += 1;
                    *best = best.min(world.distance_squared(p, positions[j as usize]));
                }
            }
        };
        let (cx, cy) = (cx as i64, cy as i64);
        // Offsets that name distinct cells: the whole span when wrapping (each column once), the
        // columns inside the world otherwise.
        let span = |c: i64, n: i64| if self.wrap { (-(n / 2), (n - 1) / 2) } else { (-c, n - 1 - c) };
        let ((x_lo, x_hi), (y_lo, y_hi)) = (span(cx, cols), span(cy, rows));
        let last = (-x_lo).max(x_hi).max(-y_lo).max(y_hi);
        for k in 0..=last {
            // Cells of ring k (and beyond) are at least (k − 1) whole cells away.
            if best.is_finite() && best.sqrt() <= (k - 1).max(0) as f32 * min_cell {
                break;
            }
            let (xa, xb) = ((-k).max(x_lo), k.min(x_hi));
            let (ya, yb) = ((-k).max(y_lo), k.min(y_hi));
            // Top and bottom rows of the ring (if they exist), then the left and right columns
            // without their corners.
            if -k >= y_lo {
                (xa..=xb).for_each(|d| visit(cx + d, cy - k, &mut best));
            }
            if k <= y_hi && k != 0 {
                (xa..=xb).for_each(|d| visit(cx + d, cy + k, &mut best));
            }
            if k != 0 {
                let (ya, yb) = (ya.max(-k + 1), yb.min(k - 1));
                if -k >= x_lo {
                    (ya..=yb).for_each(|d| visit(cx - k, cy + d, &mut best));
                }
                if k <= x_hi {
                    (ya..=yb).for_each(|d| visit(cx + k, cy + d, &mut best));
                }
            }
        }
        (best.is_finite().then_some(best), checks)
    }
}

fn axis_span(c: usize, n: usize, wrap: bool, out: &mut [usize; 3], len: &mut usize) {
    if n <= 3 {
        // Every line of cells is within reach (or the block would repeat one): visit each once.
        for (k, slot) in out.iter_mut().enumerate().take(n) {
            *slot = k;
        }
        *len = n;
        return;
    }
    *len = 0;
    for d in [-1i64, 0, 1] {
        let k = c as i64 + d;
        let k = if wrap {
            // c < n and |d| ≤ 1: one period at most either way.
            if k < 0 {
                k + n as i64
            } else if k >= n as i64 {
                k - n as i64
            } else {
                k
            }
        } else if k < 0 || k >= n as i64 {
            continue;
        } else {
            k
        };
        out[*len] = k as usize;
        *len += 1;
    }
}

/// The naive query: every other agent is a distance check. Same contract as
/// [`Grid::for_each_neighbour`]; returns `n − 1` checks.
pub fn naive_for_each_neighbour(
    world: &World,
    positions: &[Vec2],
    i: usize,
    radius: f32,
    mut f: impl FnMut(usize, Vec2, f32),
) -> u32 {
    let p = positions[i];
    let r2 = radius * radius;
    let mut checks = 0;
    for (j, &q) in positions.iter().enumerate() {
        if j == i {
            continue;
        }
        checks += 1;
        let d = world.delta(p, q);
        let d2 = d.length_squared();
        if d2 < r2 {
            f(j, d, d2);
        }
    }
    checks
}

/// What one grid query looked at: the spatial-hash visualisation and its metric draw from this.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QueryReport {
    /// Distinct cells scanned (at most 9).
    pub cells: Vec<usize>,
    /// Agents whose distance was checked (everyone in those cells but self).
    pub checked: Vec<usize>,
    /// Agents within the radius.
    pub neighbours: Vec<usize>,
    /// Distance checks made (= `checked.len()`).
    pub checks: usize,
}

impl Grid {
    /// What [`Grid::for_each_neighbour`] touches for agent `i`: its cells, the candidates it
    /// examines and the neighbours it finds, in its order.
    pub fn report(&self, world: &World, positions: &[Vec2], i: usize, radius: f32, out: &mut QueryReport) {
        out.cells.clear();
        out.checked.clear();
        out.neighbours.clear();
        let (p, r2) = (positions[i], radius * radius);
        let block = self.block(p);
        // The query's cells, candidates and test, in its order (plain loops: smaller than the
        // iterator adapters at opt-level "z").
        for &r in &block.rows[..block.nrows] {
            for &c in &block.cols[..block.ncols] {
                let c = r * self.cols + c;
                out.cells.push(c);
                for &j in self.cell_items(c) {
                    let j = j as usize;
                    if j != i {
                        out.checked.push(j);
                        if world.delta(p, positions[j]).length_squared() < r2 {
                            out.neighbours.push(j);
                        }
                    }
                }
            }
        }
        out.checks = out.checked.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use crate::world::Edges;

    /// The spatial-hash canvas draws `report`: it must name exactly what the step's query touches
    /// (cells, candidates, neighbours, checks), wrapping or walled, with 1 to 3 cells on an axis
    /// (each line visited once) and more.
    #[test]
    fn report_names_what_the_query_touches() {
        let mut rng = seeded(7);
        for (w, h, edges) in [
            (400.0, 300.0, Edges::Wrap),
            (400.0, 300.0, Edges::Bounce),
            (100.0, 90.0, Edges::Wrap),
            (130.0, 40.0, Edges::Bounce),
        ] {
            let world = World::new(w, h, edges);
            let pos: Vec<Vec2> = (0..60).map(|_| Vec2::new(rng.f32() * w, rng.f32() * h)).collect();
            let radius = 45.0;
            let mut grid = Grid::new();
            grid.rebuild(&world, radius, pos.iter().copied());
            let mut out = QueryReport::default();
            for i in 0..pos.len() {
                grid.report(&world, &pos, i, radius, &mut out);
                let mut found = Vec::new();
                let checks = grid.for_each_neighbour(&world, &pos, i, radius, |j, d, d2| {
                    assert_eq!(d, world.delta(pos[i], pos[j]));
                    assert_eq!(d2, d.length_squared());
                    found.push(j);
                });
                assert_eq!(out.neighbours, found, "agent {i} in {w}×{h} {edges:?}");
                assert_eq!(out.checks, checks as usize);
                assert_eq!(out.checked.len(), out.checks);
                assert!(!out.checked.contains(&i));
                // The candidates are everyone in the block's cells, in cell order.
                let block = grid.block(pos[i]);
                assert_eq!(out.cells, block.cells(grid.cols).collect::<Vec<_>>());
                let everyone: Vec<usize> = out
                    .cells
                    .iter()
                    .flat_map(|&c| grid.cell_items(c).iter().map(|&j| j as usize))
                    .filter(|&j| j != i)
                    .collect();
                assert_eq!(out.checked, everyone);
                // And the neighbours are exactly those within the radius (the naive scan's set).
                let mut naive = Vec::new();
                naive_for_each_neighbour(&world, &pos, i, radius, |j, _, _| naive.push(j));
                let mut sorted = found.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, naive);
            }
        }
    }

    /// The block's cells by hand: rows then columns, each from one below to one above the point's
    /// own, wrapping across the seam or clipped at the walls. The order is the summation order of
    /// the flocking sums, so it is part of every trajectory's bits.
    #[test]
    fn the_block_is_scanned_in_row_then_column_order() {
        let cells = |edges, p: Vec2| {
            let world = World::new(400.0, 300.0, edges);
            let mut grid = Grid::new();
            grid.rebuild(&world, 45.0, [p].into_iter());
            assert_eq!((grid.cols, grid.rows, grid.cell), (8, 6, Vec2::new(50.0, 50.0)));
            grid.block(p).cells(grid.cols).collect::<Vec<_>>()
        };
        assert_eq!(cells(Edges::Wrap, Vec2::new(75.0, 75.0)), [0, 1, 2, 8, 9, 10, 16, 17, 18]);
        assert_eq!(cells(Edges::Wrap, Vec2::new(10.0, 10.0)), [47, 40, 41, 7, 0, 1, 15, 8, 9]);
        assert_eq!(cells(Edges::Wrap, Vec2::new(390.0, 290.0)), [38, 39, 32, 46, 47, 40, 6, 7, 0]);
        assert_eq!(cells(Edges::Bounce, Vec2::new(10.0, 10.0)), [0, 1, 8, 9]);
        assert_eq!(cells(Edges::Bounce, Vec2::new(390.0, 290.0)), [38, 39, 46, 47]);
    }

    /// The radius is exclusive: an agent exactly `radius` away is checked but is not a neighbour,
    /// in the query and in the report the spatial-hash canvas draws.
    #[test]
    fn an_agent_exactly_at_the_radius_is_not_a_neighbour() {
        let world = World::new(400.0, 300.0, Edges::Bounce);
        let pos = [Vec2::new(100.0, 100.0), Vec2::new(130.0, 100.0), Vec2::new(100.0, 129.0)];
        let mut grid = Grid::new();
        grid.rebuild(&world, 30.0, pos.iter().copied());
        let mut found = Vec::new();
        let checks = grid.for_each_neighbour(&world, &pos, 0, 30.0, |j, d, d2| found.push((j, d, d2)));
        assert_eq!(checks, 2);
        assert_eq!(found, [(2, Vec2::new(0.0, 29.0), 841.0)]);
        let mut out = QueryReport::default();
        grid.report(&world, &pos, 0, 30.0, &mut out);
        assert_eq!((out.checks, out.neighbours.as_slice()), (2, [2].as_slice()));
        let mut naive = Vec::new();
        naive_for_each_neighbour(&world, &pos, 0, 30.0, |j, _, _| naive.push(j));
        assert_eq!(naive, [2]);
    }
}
