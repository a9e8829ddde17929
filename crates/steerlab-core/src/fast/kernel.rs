//! Phase one: neighbour sums over a block's slot ranges, the terms of `FlockSums::add` with the
//! naive query's exact `d` and `d²`:
//! - [`sums_scalar`]: one agent, one candidate at a time, with branches (agents off the group
//!   path, and `Kernel::Scalar`);
//! - [`sums_group`]: four agents, one per lane ([`Lanes4`], the four-lane [`GroupKernel`]), one
//!   candidate at a time without branches on the neighbour tests (the separation term too: in Chromium at 100k boids, testing
//!   first whether some lane needs it made the step 1.14–1.28× slower, alternated in one page on
//!   2026-12-03; so did skipping candidates out of every lane's reach, and unrolling by two).
//!
//! Every kernel (these and the AVX2/AVX-512 group kernels) adds each agent's neighbours in slot
//! order, one at a time, with the same IEEE operations: their sums are bit-identical, so the
//! trajectory does not depend on the vector width (`fast/tests.rs`, `tests/fast_golden.rs`).
//!
//! Self is excluded by index: the range holding slot `i` is split around it.

use super::finish::{finish4, Lanes, State4, Sums, Sums4};
use super::group::View;
use super::group::{GroupKernel, Out, Pass, Phase2, Query};
use super::simd::{F4, I4};
use super::{delta, Block, Radii};
use crate::world::World;

/// The four-lane group kernel: [`F4`] is wasm simd128, SSE2 on x86_64, plain arrays elsewhere.
#[derive(Clone, Copy)]
pub(crate) struct Lanes4;

impl GroupKernel for Lanes4 {
    const LANES: usize = 4;
    type Sums = Sums4;

    #[inline(always)]
    unsafe fn sums(self, q: &Query, b: &Block, g: usize) -> Sums4 {
        sums_group_for(q.same, q.v, &q.radii, b, g, &q.world)
    }

    #[inline(always)]
    fn neighbours(s: &Sums4) -> u64 {
        // Counts are exact small integers (the sum too: < 2²⁴).
        s.ns.max(s.na).max(s.nc).sum() as u64
    }

    #[inline(always)]
    fn lane(s: &Sums4, l: usize) -> Sums {
        let at = |v: F4| v.to_array()[l];
        Sums {
            sx: at(s.sx),
            sy: at(s.sy),
            ns: at(s.ns),
            ax: at(s.ax),
            ay: at(s.ay),
            na: at(s.na),
            cx: at(s.cx),
            cy: at(s.cy),
            nc: at(s.nc),
        }
    }

    #[inline(always)]
    unsafe fn finish(self, p: &Phase2, s: &Sums4, out: &mut Out, g: usize) {
        let st = State4 {
            x: F4::load(p.v.x.as_ptr().add(g)),
            y: F4::load(p.v.y.as_ptr().add(g)),
            vx: F4::load(p.v.vx.as_ptr().add(g)),
            vy: F4::load(p.v.vy.as_ptr().add(g)),
            hx: F4::load(p.hx.as_ptr().add(g)),
            hy: F4::load(p.hy.as_ptr().add(g)),
        };
        let o = finish4(&p.k, s, &st);
        o.x.store(out.x.as_mut_ptr().add(g));
        o.y.store(out.y.as_mut_ptr().add(g));
        o.vx.store(out.vx.as_mut_ptr().add(g));
        o.vy.store(out.vy.as_mut_ptr().add(g));
        o.hx.store(out.hx.as_mut_ptr().add(g));
        o.hy.store(out.hy.as_mut_ptr().add(g));
        // The new cells from the vectors just computed.
        let c = p.cells.index4(o.x, o.y);
        for (l, &c) in c.iter().enumerate() {
            out.set_cell(g + l, c);
        }
    }

    /// Four that cannot share a window (or the last one to three slots): one agent at a time.
    #[inline(always)]
    fn narrower(self, pass: &mut Pass, g: usize) -> usize {
        let lanes = (pass.n - g).min(4);
        for i in g..g + lanes {
            pass.one(i);
        }
        lanes
    }
}

/// Slot `i`'s sums over the block `b`, one candidate at a time with branches; with `WX`/`WY` the
/// nearest-image correction on that axis.
#[inline(always)]
pub(crate) fn sums_scalar<const WX: bool, const WY: bool>(
    v: View,
    world: &World,
    r: &Radii,
    b: &Block,
    i: usize,
) -> Sums {
    let mut acc = Acc::default();
    for &(rs, re) in &b.ranges[..b.n] {
        let (rs, re) = (rs as usize, re as usize);
        if rs <= i && i < re {
            scan::<WX, WY>(v, world, r, i, rs, i, &mut acc);
            scan::<WX, WY>(v, world, r, i, i + 1, re, &mut acc);
        } else {
            scan::<WX, WY>(v, world, r, i, rs, re, &mut acc);
        }
    }
    let Acc { sx, sy, ns, ax, ay, na, cx, cy, nc } = acc;
    Sums { sx, sy, ns: ns as f32, ax, ay, na: na as f32, cx, cy, nc: nc as f32 }
}

/// One agent's running sums (counts as integers).
#[derive(Default)]
struct Acc {
    sx: f32,
    sy: f32,
    ns: u32,
    ax: f32,
    ay: f32,
    na: u32,
    cx: f32,
    cy: f32,
    nc: u32,
}

/// The candidates in slots `a..e` for slot `i`. (A function, not a closure: at opt-level "z" and
/// even at 3 a closure here stayed a call per range.)
#[inline(always)]
fn scan<const WX: bool, const WY: bool>(
    v: View,
    world: &World,
    r: &Radii,
    i: usize,
    a: usize,
    e: usize,
    acc: &mut Acc,
) {
    let (px, py) = (v.x[i], v.y[i]);
    let (xs, ys, vxs, vys) = (&v.x[a..e], &v.y[a..e], &v.vx[a..e], &v.vy[a..e]);
    for j in 0..xs.len() {
        let (dx, dy) = delta(world, WX, WY, xs[j] - px, ys[j] - py);
        let d2 = dx * dx + dy * dy;
        if d2 < r.q2 {
            if d2 < r.sep2 && d2 > 0.0 {
                let inv = 1.0 / d2;
                acc.sx -= dx * inv;
                acc.sy -= dy * inv;
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

/// Constants of the 4-lane group kernel: one agent per lane (`sums_group`), the squared radii
/// and the world for the nearest image.
struct K4 {
    px: F4,
    py: F4,
    sep2: F4,
    ali2: F4,
    coh2: F4,
    w: F4,
    hw: F4,
    nhw: F4,
    h: F4,
    hh: F4,
    nhh: F4,
}

impl K4 {
    #[inline(always)]
    fn new(px: F4, py: F4, r: &Radii, world: &World) -> K4 {
        let (w, h) = (world.width, world.height);
        K4 {
            px,
            py,
            sep2: F4::splat(r.sep2),
            ali2: F4::splat(r.ali2),
            coh2: F4::splat(r.coh2),
            w: F4::splat(w),
            hw: F4::splat(w * 0.5),
            nhw: F4::splat(-(w * 0.5)),
            h: F4::splat(h),
            hh: F4::splat(h * 0.5),
            nhh: F4::splat(-(h * 0.5)),
        }
    }
}

/// Lane accumulators of four agents (one agent per lane); counts as integers.
struct GAcc {
    sx: F4,
    sy: F4,
    ns: I4,
    ax: F4,
    ay: F4,
    na: I4,
    cx: F4,
    cy: F4,
    nc: I4,
}

/// Candidate `j` against the group's four agents.
/// With `SELF`, only the lanes in `notself` (the candidate is one of the group's own agents).
#[inline(always)]
unsafe fn cand<const SAME: bool, const SELF: bool, const WRAP: bool>(
    v: View,
    k: &K4,
    j: usize,
    notself: F4,
    a: &mut GAcc,
) {
    let x = F4::load_splat(v.x.as_ptr().add(j));
    let y = F4::load_splat(v.y.as_ptr().add(j));
    let mut dx = x - k.px;
    let mut dy = y - k.py;
    if WRAP {
        // `World::delta`'s nearest-image correction, lane by lane (the identity for |d| ≤ half).
        dx = dx.nearest(k.hw, k.nhw, k.w);
        dy = dy.nearest(k.hh, k.nhh, k.h);
    }
    let d2 = dx * dx + dy * dy;
    let mut ma = d2.lt(k.ali2);
    if SELF {
        ma = ma & notself;
    }
    let vx = F4::load_splat(v.vx.as_ptr().add(j));
    let vy = F4::load_splat(v.vy.as_ptr().add(j));
    a.ax = a.ax + (vx & ma);
    a.ay = a.ay + (vy & ma);
    a.na = a.na.count(ma);
    let mc = if SAME {
        ma
    } else {
        let m = d2.lt(k.coh2);
        let m = if SELF { m & notself } else { m };
        a.nc = a.nc.count(m);
        m
    };
    a.cx = a.cx + (dx & mc);
    a.cy = a.cy + (dy & mc);
    // Separation needs d² > 0 as well (which also excludes self, at d = 0). Lanes outside it
    // add a masked +0 (`inv` may be inf or the product NaN there: the mask clears the bits), which
    // leaves every sum as it was, bit for bit.
    let ms = d2.lt(k.sep2) & d2.gt(F4::zero());
    let inv = F4::splat(1.0) / d2;
    a.sx = a.sx - ((dx * inv) & ms);
    a.sy = a.sy - ((dy * inv) & ms);
    a.ns = a.ns.count(ms);
}

/// [`sums_group`] in the variant for the radii (`same`: alignment and cohesion radii equal) and
/// the block's nearest-image flags.
#[inline(always)]
pub(crate) fn sums_group_for(same: bool, v: View, r: &Radii, b: &Block, g: usize, world: &World) -> Sums4 {
    match (same, b.wrap_x || b.wrap_y) {
        (true, false) => sums_group::<true, false>(v, r, b, g, world),
        (false, false) => sums_group::<false, false>(v, r, b, g, world),
        (true, true) => sums_group::<true, true>(v, r, b, g, world),
        (false, true) => sums_group::<false, true>(v, r, b, g, world),
    }
}

/// The sums of the four agents in slots `g..g + 4` (one per lane) over the shared slot ranges
/// (a window containing each agent's own; extra candidates fail the exact distance tests). With
/// `WRAP` the nearest-image correction is applied on both axes (exact everywhere; needed at the
/// seam and in small worlds). Each lane computes exactly the scalar kernel's `d`, `d²` and
/// terms, in range order.
// Natively a function of its own: inlined into the driver, LLVM spilled three more SSE2 registers
// in the candidate loop (920 → 967 instructions per boid-step). In wasm inlined as before: V8
// allocates the registers, and a call per group would pass the nine sums through memory.
#[cfg_attr(target_arch = "wasm32", inline(always))]
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
pub(crate) fn sums_group<const SAME: bool, const WRAP: bool>(
    v: View,
    r: &Radii,
    b: &Block,
    g: usize,
    world: &World,
) -> Sums4 {
    // SAFETY: every slot read is < n (ranges come from `starts`) and g + 4 ≤ n.
    unsafe {
        let k = K4::new(F4::load(v.x.as_ptr().add(g)), F4::load(v.y.as_ptr().add(g)), r, world);
        let (z, zi) = (F4::zero(), I4::zero());
        let mut a = GAcc { sx: z, sy: z, ns: zi, ax: z, ay: z, na: zi, cx: z, cy: z, nc: zi };
        let lanes = I4::iota(g as i32);
        for &(rs, re) in &b.ranges[..b.n] {
            let (rs, re) = (rs as usize, re as usize);
            // [rs, re) minus the group's own slots [g, g + 4), which are masked lane by lane.
            let (m0, m1) = (g.max(rs).min(re), (g + 4).max(rs).min(re));
            for j in rs..m0 {
                cand::<SAME, false, WRAP>(v, &k, j, z, &mut a);
            }
            for j in m0..m1 {
                let notself = lanes.lt_and_ne(I4::splat(i32::MAX), I4::splat(j as i32));
                cand::<SAME, true, WRAP>(v, &k, j, notself, &mut a);
            }
            for j in m1..re {
                cand::<SAME, false, WRAP>(v, &k, j, z, &mut a);
            }
        }
        let na = a.na.to_f4();
        Sums4 {
            sx: a.sx,
            sy: a.sy,
            ns: a.ns.to_f4(),
            ax: a.ax,
            ay: a.ay,
            na,
            cx: a.cx,
            cy: a.cy,
            nc: if SAME { na } else { a.nc.to_f4() },
        }
    }
}
