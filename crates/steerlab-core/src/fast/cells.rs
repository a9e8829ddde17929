//! The fast engine's grid: cells row-major, each row cut into x-bins, and the contiguous slot
//! ranges a query (one agent, `Cells::windows`) or a group of agents (`group_block`) reads, with
//! the nearest-image correction where a range meets the seam. Same cells as the core's
//! [`crate::grid::Grid`] (cell size ≥ the query radius); `fast/tests.rs` checks every range
//! against the naive query.

use super::simd::F4;
use crate::num::clamp;
use crate::world::{wrap_delta, World};

/// The most cells per axis (the same cap as the grid's).
const MAX_AXIS: f32 = 4096.0;
/// The most slot ranges a query reads.
pub(crate) const RANGES: usize = 8;

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
pub(super) struct Window {
    pub(super) rl: usize,
    pub(super) rh: usize,
    pub(super) bl: usize,
    pub(super) bh: usize,
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
pub(super) struct Cells {
    pub(super) cols: usize,
    pub(super) rows: usize,
    /// x-bins per cell, and in all (`nbx = cols · bins`).
    pub(super) bins: usize,
    pub(super) nbx: usize,
    /// Bins and rows per world unit (`1 / bin width`, `1 / row height`): a point's bin is
    /// `⌊x · per_x⌋`, a multiplication being as monotone as the division and cheaper.
    pub(super) per_x: f32,
    pub(super) per_y: f32,
    /// The query radius plus the rounding margin ε (see `windows`).
    pub(super) reach: f32,
    pub(super) width: f32,
    pub(super) height: f32,
    /// `starts[b]..starts[b + 1]`: the slots of bin `b = row · nbx + x-bin`.
    pub(super) starts: Vec<u32>,
    /// How far apart (x, y) the agents of a group may be for one shared window (see
    /// [`group_block`]): two reaches across, one row height down.
    pub(super) spread_x: f32,
    pub(super) spread_y: f32,
    /// Whether a group's window inside the world may skip the nearest-image correction on each
    /// axis: every candidate is then within half the world of every agent of the group.
    pub(super) plain_x: bool,
    pub(super) plain_y: bool,
    /// The same for groups of sixteen, which may be four reaches across.
    pub(super) spread16_x: f32,
    pub(super) plain16_x: bool,
    /// At least five cells on both axes: a window inside the world needs no correction of its own.
    pub(super) inner: bool,
}

impl Cells {
    /// The grid for `world` and query radius `radius`, with up to 8 x-bins per cell (fewer when
    /// the bins would outnumber the agents many times over).
    pub(super) fn set_geometry(&mut self, world: &World, radius: f32, n: usize) {
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
    pub(super) fn push_spans(&self, b: &mut Block, ys: &[(usize, usize)], xs: &[(usize, usize)]) {
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
    pub(super) fn block(&self, xl: f32, xh: f32, yl: f32, yh: f32, plain_x: bool) -> Option<Block> {
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

    pub(super) fn count(&self) -> usize {
        self.rows * self.nbx
    }

    /// x-bin and row of a point: `⌊x / bw⌋` and `⌊y / ch⌋` clamped (0 when not finite). For `v ≥ 0`
    /// `v as usize` is `⌊v⌋` and negative values saturate to 0, so no `floorf` call is needed. Both
    /// are monotone in their argument, which is what makes the query ranges exact.
    #[inline(always)]
    pub(super) fn bin_x(&self, x: f32) -> usize {
        trunc_clamped(x * self.per_x, self.nbx)
    }

    #[inline(always)]
    pub(super) fn row(&self, y: f32) -> usize {
        trunc_clamped(y * self.per_y, self.rows)
    }

    #[inline(always)]
    pub(super) fn index(&self, x: f32, y: f32) -> u32 {
        (self.row(y) * self.nbx + self.bin_x(x)) as u32
    }

    /// [`Cells::index`] of four points (on vectors with simd128).
    #[inline(always)]
    pub(super) fn index4(&self, x: F4, y: F4) -> [u32; 4] {
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
    pub(super) fn windows(&self, px: f32, py: f32) -> Block {
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
    pub(super) fn interior(&self, px: f32, py: f32) -> Option<Window> {
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
    pub(super) fn ranges(&self, w: Window) -> Block {
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
pub(super) fn spans(
    lo: f32,
    hi: f32,
    size: f32,
    n: usize,
    per: f32,
    cells: usize,
) -> ([(usize, usize); 2], usize, bool) {
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
pub(super) fn trunc_clamped(v: f32, n: usize) -> usize {
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

/// The shared slot ranges of the `lanes` agents in slots `g..g + lanes`: the window of their bounding box
/// grown by the reach, taken modulo the world like [`Cells::windows`]. It contains every agent's
/// own window (so every neighbour of every agent is read once), and the extra candidates fail the
/// exact distance tests. `None` when the agents are too far apart (a group across a row change),
/// not finite, or the window needs more than [`RANGES`] ranges: those agents are queried one by
/// one.
/// `lanes` is a multiple of four (a constant where the driver inlines this).
#[inline(always)]
pub(super) fn group_block(cells: &Cells, lanes: usize, x: &[f32], y: &[f32], g: usize) -> Option<Block> {
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
