//! The agent layer as pixels: an RGBA buffer that the shell hands to the canvas with one
//! `putImageData`, for flocks too large for one Canvas 2D path per agent (issue 6: 100 000 boids).
//!
//! Each agent is a small filled triangle pointing along its heading — the same shape the vector
//! renderer draws (tip 0.6·size ahead, base 0.4·size behind, 0.9·size wide) — stamped from
//! precomputed row spans, one sprite per 1/32 turn; below ~2.5 px it is a dot. Colour is flat or by
//! heading (a hue wheel, so the flock's local alignment shows). The vector overlays are drawn on top
//! afterwards by the usual renderer.
//!
//! No allocation per frame: the buffer and the sprites are rebuilt only when the canvas size or the
//! agent's pixel size changes.

use super::agent::Agent;
use super::fast::simd::F4;
use crate::num::clamp;

/// World → canvas pixels: `px = x · scale + ox`, `py = y · scale + oy` (device pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterView {
    pub width: u32,
    pub height: u32,
    pub scale: f32,
    pub ox: f32,
    pub oy: f32,
}

impl RasterView {
    /// From the shell's CSS-pixel view (`scale`, `ox`, `oy` in CSS px) and the device pixel ratio.
    pub fn from_css(width: u32, height: u32, scale: f64, ox: f64, oy: f64, dpr: f64) -> RasterView {
        RasterView { width, height, scale: (scale * dpr) as f32, ox: (ox * dpr) as f32, oy: (oy * dpr) as f32 }
    }
}

/// How agents look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterStyle {
    /// RGBA of the whole layer behind the agents (the canvas background).
    pub background: [u8; 4],
    /// RGBA of the agents when not tinted by heading.
    pub agent: [u8; 4],
    /// Colour each agent by its heading (hue wheel) instead of `agent`.
    pub by_heading: bool,
}

impl Default for RasterStyle {
    fn default() -> Self {
        RasterStyle { background: [0xf8, 0xfa, 0xfc, 0xff], agent: [0x1e, 0x3a, 0x8a, 0xff], by_heading: true }
    }
}

/// `"#rrggbb"` or `"#rrggbbaa"` as RGBA bytes (for the shell's palette strings); `None` otherwise.
pub fn parse_hex_rgba(s: &str) -> Option<[u8; 4]> {
    let h = s.strip_prefix('#')?;
    if !(h.len() == 6 || h.len() == 8) || !h.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?, if h.len() == 8 { byte(6)? } else { 0xff }])
}

/// The sprite index (1/32 turn) of a heading and the colour the layer gives it: the hue of that
/// turn with `by_heading`, else the agent colour (for writers that draw the layer as shapes, such as
/// the SVG still).
pub fn heading_colour(hx: f32, hy: f32, style: &RasterStyle) -> (usize, [u8; 4]) {
    let t = turn(hx, hy);
    (t, if style.by_heading { hue_on(t as f32 / TURNS as f32, style.background) } else { style.agent })
}

/// The size in pixels the layer draws an agent `size_world` long at `scale` pixels per world unit
/// (quantised to quarter pixels, at most 40): below 1.5 a pixel, below 2.5 a 2×2 dot, else a
/// triangle.
pub fn sprite_px(size_world: f32, scale: f32) -> f32 {
    clamp((size_world * scale * 4.0).round() / 4.0, 0.0, 40.0)
}

/// Orientations with their own sprite (and hue).
const TURNS: usize = 32;

#[derive(Clone, Debug, Default)]
pub struct Raster {
    /// Pixels, one `u32` per pixel with bytes R, G, B, A in memory order.
    px: Vec<u32>,
    width: u32,
    height: u32,
    /// The sprite size these spans were built for (device px), and the spans: for orientation `t`,
    /// `spans[offsets[t]..offsets[t + 1]]` as (dy, x0, x1) relative to the agent's pixel.
    sprite_size: f32,
    spans: Vec<(i8, i8, i8)>,
    offsets: Vec<u32>,
    palette: [u32; TURNS],
    palette_for: Option<([u8; 4], bool, [u8; 4])>,
}

#[inline(always)]
fn pack(c: [u8; 4]) -> u32 {
    u32::from_le_bytes(c)
}

/// Where [`Raster::stamp_all`] reads agent `k`'s position and heading. A trait with
/// `#[inline(always)]` rather than a closure: the release build optimises for size ("z"), where a
/// closure in this loop stayed a call per agent (the agent layer ran 1.35× slower in Chromium).
trait Source {
    fn len(&self) -> usize;
    fn at(&self, k: usize) -> (f32, f32, f32, f32);
    /// [`turn`] of agent `k`, or 0 past the end.
    #[inline(always)]
    fn turn_at(&self, k: usize) -> u32 {
        if k < self.len() {
            let (_, _, hx, hy) = self.at(k);
            turn(hx, hy) as u32
        } else {
            0
        }
    }
    /// [`turn`] of agents `k..k + 4` (`k + 4 ≤ len`).
    #[inline(always)]
    fn turns(&self, k: usize) -> [u32; 4] {
        [0, 1, 2, 3].map(|l| self.turn_at(k + l))
    }
}

/// Column slices of equal length (the fast engine's arrays).
struct Columns<'a> {
    xs: &'a [f32],
    ys: &'a [f32],
    hxs: &'a [f32],
    hys: &'a [f32],
}

impl Source for Columns<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.xs.len()
    }
    #[inline(always)]
    fn at(&self, k: usize) -> (f32, f32, f32, f32) {
        // SAFETY: k < len, and every slice has that length (cut to n by `Raster::agents`).
        unsafe {
            (
                *self.xs.get_unchecked(k),
                *self.ys.get_unchecked(k),
                *self.hxs.get_unchecked(k),
                *self.hys.get_unchecked(k),
            )
        }
    }
    #[inline(always)]
    fn turns(&self, k: usize) -> [u32; 4] {
        // SAFETY: k + 4 ≤ len, and every slice has that length.
        unsafe { turn4(F4::load(self.hxs.as_ptr().add(k)), F4::load(self.hys.as_ptr().add(k))) }
    }
}

/// `Sim`-style agents.
struct Rows<'a>(&'a [Agent]);

impl Source for Rows<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }
    #[inline(always)]
    fn at(&self, k: usize) -> (f32, f32, f32, f32) {
        // SAFETY: k < len.
        let a = unsafe { self.0.get_unchecked(k) };
        (a.position.x, a.position.y, a.heading.x, a.heading.y)
    }
}

impl Raster {
    pub fn new() -> Self {
        Self::default()
    }

    /// The pixels as RGBA bytes, `width · height · 4` long, for `ImageData`.
    pub fn bytes(&self) -> &[u8] {
        let n = self.width as usize * self.height as usize;
        // SAFETY: `px` holds at least n u32s; u8 has alignment 1 and any bytes are valid.
        unsafe { core::slice::from_raw_parts(self.px.as_ptr() as *const u8, n * 4) }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixel at (x, y) as RGBA (for tests).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        self.px[(y * self.width + x) as usize].to_le_bytes()
    }

    /// Size the buffer and fill it with the background (allocates only when the canvas grows).
    pub fn begin(&mut self, width: u32, height: u32, background: [u8; 4]) {
        let n = width as usize * height as usize;
        if self.px.len() < n {
            self.px.resize(n, 0);
        }
        self.width = width;
        self.height = height;
        fill(&mut self.px[..n], pack(background));
    }

    fn prepare(&mut self, size: f32, style: &RasterStyle) {
        if self.palette_for != Some((style.agent, style.by_heading, style.background)) {
            for (t, slot) in self.palette.iter_mut().enumerate() {
                *slot = if style.by_heading {
                    pack(hue_on(t as f32 / TURNS as f32, style.background))
                } else {
                    pack(style.agent)
                };
            }
            self.palette_for = Some((style.agent, style.by_heading, style.background));
        }
        // Sprites are quantised to quarter pixels so a slowly changing zoom does not rebuild them
        // every frame; ≥ 40 px is drawn at 40 px (spans are i8).
        let size = sprite_px(size, 1.0);
        if size == self.sprite_size && !self.offsets.is_empty() {
            return;
        }
        self.sprite_size = size;
        self.spans.clear();
        self.offsets.clear();
        for t in 0..TURNS {
            self.offsets.push(self.spans.len() as u32);
            let a = t as f32 / TURNS as f32 * core::f32::consts::TAU;
            triangle_spans(size, libm::cosf(a), libm::sinf(a), &mut self.spans);
        }
        self.offsets.push(self.spans.len() as u32);
    }

    /// Draw agents given as slices of positions and headings, e.g. the fast engine's
    /// `positions()` and `headings()`.
    pub fn agents(
        &mut self,
        (xs, ys): (&[f32], &[f32]),
        (hxs, hys): (&[f32], &[f32]),
        size_world: f32,
        view: &RasterView,
        style: &RasterStyle,
    ) {
        let n = xs.len().min(ys.len()).min(hxs.len()).min(hys.len());
        let size = size_world * view.scale;
        self.prepare(size, style);
        self.stamp_all(&Columns { xs: &xs[..n], ys: &ys[..n], hxs: &hxs[..n], hys: &hys[..n] }, view);
    }

    /// Draw `Sim`-style agents (position and heading of each).
    pub fn agent_list(&mut self, agents: &[Agent], size_world: f32, view: &RasterView, style: &RasterStyle) {
        let size = size_world * view.scale;
        self.prepare(size, style);
        self.stamp_all(&Rows(agents), view);
    }

    /// Every agent `0..n` (`at(k)`: position and heading): small dots in a loop of their own (the
    /// usual case for large flocks), sprites through [`Raster::stamp`].
    #[inline(always)]
    fn stamp_all<S: Source>(&mut self, src: &S, view: &RasterView) {
        let n = src.len();
        let (scale, ox, oy) = (view.scale, view.ox, view.oy);
        if !(1.5..2.5).contains(&self.sprite_size) {
            for k in 0..n {
                let (x, y, hx, hy) = src.at(k);
                self.stamp(x * scale + ox, y * scale + oy, hx, hy);
            }
            return;
        }
        // 2×2 dots: the pixel (px, py) = (⌊fx + ½⌋, ⌊fy + ½⌋) (as in `stamp`) and the ones up and
        // left. Anything not wholly inside (or not finite: `as` gives 0 for NaN and saturates,
        // and the wrapping − 1 sends i32::MIN to i32::MAX) fails the unsigned test below and is
        // clipped pixel by pixel (skipped when not finite). Everything in this loop is inlined
        // by hand or `#[inline(always)]`: see [`Source`].
        let (w, h) = (self.width as i32, self.height as i32);
        let (wm, hm) = ((w - 1).max(0) as u32, (h - 1).max(0) as u32);
        let wu = w as usize;
        let palette = self.palette;
        let px = &mut self.px[..wu * h.max(0) as usize];
        let base = px.as_mut_ptr();
        // The headings' sprite indices four at a time (a quarter of the layer's time when done
        // one by one in Chromium); `turns` is `turn` lane by lane.
        let mut turns = [0u32; 4];
        for k in 0..n {
            if k % 4 == 0 {
                turns = if k + 4 <= n { src.turns(k) } else { [0, 1, 2, 3].map(|l| src.turn_at(k + l)) };
            }
            let (x, y, _, _) = src.at(k);
            let (fx, fy) = (x * scale + ox, y * scale + oy);
            let (px, py) = ((fx + 0.5).floor_fast(), (fy + 0.5).floor_fast());
            // SAFETY: every index is < TURNS (`turn`, `turn4`).
            let colour = unsafe { *palette.get_unchecked(turns[k % 4] as usize) };
            // 1 ≤ px < w and 1 ≤ py < h: the dot is wholly inside.
            if (px.wrapping_sub(1) as u32) < wm && (py.wrapping_sub(1) as u32) < hm {
                let i = py as usize * wu + px as usize;
                // SAFETY: 1 ≤ px < w and 1 ≤ py < h, so i − w − 1 ≥ 0 and i < w·h = the slice's length.
                unsafe {
                    let p = base.add(i - wu - 1);
                    *p = colour;
                    *p.add(1) = colour;
                    *p.add(wu) = colour;
                    *p.add(wu + 1) = colour;
                }
            } else if fx.is_finite() && fy.is_finite() {
                let (x0, y0) = (px.wrapping_sub(1), py.wrapping_sub(1));
                // SAFETY: `put` writes only pixels with 0 ≤ x < w and 0 ≤ y < h.
                unsafe {
                    put(base, w, h, px, py, colour);
                    put(base, w, h, x0, py, colour);
                    put(base, w, h, px, y0, colour);
                    put(base, w, h, x0, y0, colour);
                }
            }
        }
    }

    /// A whole frame of a simulation's agent layer: background, then every agent (in the fast
    /// engine's cell order when it runs, see [`super::engine::Sim::fast_slices`]). Returns the RGBA
    /// bytes for `ImageData` (`view.width × view.height`).
    pub fn draw_sim(&mut self, sim: &super::engine::Sim, view: &RasterView, style: &RasterStyle) -> &[u8] {
        self.begin(view.width, view.height, style.background);
        match sim.fast_slices() {
            Some((pos, head)) => self.agents(pos, head, sim.scenario().agent_size, view, style),
            None => self.agent_list(&sim.agents(), sim.scenario().agent_size, view, style),
        }
        self.bytes()
    }

    #[inline(always)]
    fn stamp(&mut self, fx: f32, fy: f32, hx: f32, hy: f32) {
        let (w, h) = (self.width as i32, self.height as i32);
        // Round to the nearest pixel; far-off or non-finite positions are skipped (`as` saturates,
        // NaN becomes 0 but fails the finite test).
        // Far off the canvas too: below −2³¹ the saturated `as i32` minus one overflowed (a panic in
        // debug builds; in release a wrapped x passed the "fully inside" test and indexed out of
        // bounds). The largest sprite reaches 41 px, so anything farther out draws nothing anyway.
        let reach = 64.0;
        if !(fx.is_finite() && fy.is_finite())
            || fx < -reach
            || fy < -reach
            || fx > w as f32 + reach
            || fy > h as f32 + reach
        {
            return;
        }
        let x = (fx + 0.5).floor_fast();
        let y = (fy + 0.5).floor_fast();
        let t = turn(hx, hy);
        let colour = self.palette[t];
        if self.sprite_size < 1.5 {
            if x >= 0 && x < w && y >= 0 && y < h {
                self.px[(y * w + x) as usize] = colour;
            }
            return;
        }
        if self.sprite_size < 2.5 {
            // A 2×2 dot: one bounds test when it is wholly inside (the usual case).
            if x >= 1 && y >= 1 && x < w && y < h {
                let (i, wu) = ((y * w + x) as usize, w as usize);
                if let Some(px) = self.px.get_mut(i - wu - 1..=i) {
                    px[0] = colour;
                    px[1] = colour;
                    px[wu] = colour;
                    px[wu + 1] = colour;
                }
                return;
            }
            for (dx, dy) in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
                let (px, py) = (x + dx, y + dy);
                if px >= 0 && px < w && py >= 0 && py < h {
                    self.px[(py * w + px) as usize] = colour;
                }
            }
            return;
        }
        let (a, b) = (self.offsets[t] as usize, self.offsets[t + 1] as usize);
        let r = 41; // the largest span offset, so fully inside needs no per-span clipping
        if x >= r && y >= r && x + r < w && y + r < h {
            for &(dy, x0, x1) in &self.spans[a..b] {
                let row = ((y + dy as i32) * w + x) as usize;
                self.px[(row as isize + x0 as isize) as usize..=(row as isize + x1 as isize) as usize].fill(colour);
            }
        } else {
            for &(dy, x0, x1) in &self.spans[a..b] {
                let py = y + dy as i32;
                if py < 0 || py >= h {
                    continue;
                }
                let lo = (x + x0 as i32).max(0);
                let hi = (x + x1 as i32).min(w - 1);
                if lo <= hi {
                    let row = (py * w) as usize;
                    self.px[row + lo as usize..=row + hi as usize].fill(colour);
                }
            }
        }
    }
}

/// `px` filled with `c`. The release profile optimises for size, which leaves a plain `fill` as
/// one 4-byte store per pixel (~4 instructions a pixel): sixteen pixels per step instead, as four
/// v128 stores in wasm with simd128 (a 64-byte `copy_from_slice` there may become a
/// `memory.copy` call per chunk), a 64-byte copy elsewhere.
fn fill(px: &mut [u32], c: u32) {
    let mut chunks = px.chunks_exact_mut(16);
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{u32x4_splat, v128, v128_store};
        let v = u32x4_splat(c);
        for chunk in &mut chunks {
            let p = chunk.as_mut_ptr() as *mut v128;
            // SAFETY: the chunk holds 16 u32s = four v128s (v128_store needs no alignment).
            unsafe {
                v128_store(p, v);
                v128_store(p.add(1), v);
                v128_store(p.add(2), v);
                v128_store(p.add(3), v);
            }
        }
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        let pattern = [c; 16];
        for chunk in &mut chunks {
            chunk.copy_from_slice(&pattern);
        }
    }
    chunks.into_remainder().fill(c);
}

/// `floor` for the pixel coordinates (saturating `as` after a floor that needs no libm call).
trait FloorFast {
    fn floor_fast(self) -> i32;
}

impl FloorFast for f32 {
    #[inline(always)]
    fn floor_fast(self) -> i32 {
        // Below −2³¹ the saturated i32::MIN wraps to i32::MAX: off the canvas either way.
        let t = self as i32;
        t.wrapping_sub((t as f32 > self) as i32)
    }
}

/// Pixel (x, y) of a `w × h` buffer at `base` set to `colour` if it lies inside (negative
/// coordinates fail the unsigned test).
///
/// # Safety
/// `base` points to at least `w · h` pixels.
#[inline(always)]
unsafe fn put(base: *mut u32, w: i32, h: i32, x: i32, y: i32, colour: u32) {
    if (x as u32) < w as u32 && (y as u32) < h as u32 {
        *base.add(y as usize * w as usize + x as usize) = colour;
    }
}

/// tan of the sprite boundaries within an octant, (k + ½)·(2π / TURNS) for k = 0..4.
const OCTANT_TAN: [f32; 4] = [0.098_491_4, 0.303_346_7, 0.534_511_1, 0.820_678_8];
const _: () = assert!(TURNS == 32, "OCTANT_TAN holds the boundaries of 32 turns");

/// The sprite index of a heading: round(atan2(hy, hx) / (2π / TURNS)) mod TURNS, 0 for a zero or
/// NaN heading. Without a division, an arctangent or a branch (it runs once per agent per frame;
/// an atan polynomial with a division here was half of the agent layer's time in Chromium): the
/// angle within the octant is counted against the boundaries' tangents (mn/mx ≥ tan b ⇔
/// mn ≥ mx·tan b for mx > 0), then reflected into its quadrant and half.
#[inline(always)]
fn turn(hx: f32, hy: f32) -> usize {
    let (ax, ay) = (hx.abs(), hy.abs());
    let steep = ax < ay;
    let (mn, mx) = if steep { (ax, ay) } else { (ay, ax) };
    let k = (mn >= mx * OCTANT_TAN[0]) as i32
        + (mn >= mx * OCTANT_TAN[1]) as i32
        + (mn >= mx * OCTANT_TAN[2]) as i32
        + (mn >= mx * OCTANT_TAN[3]) as i32;
    const QUARTER: i32 = TURNS as i32 / 4;
    let q = if steep { QUARTER - k } else { k };
    let h = if hx < 0.0 { 2 * QUARTER - q } else { q };
    let t = if hy < 0.0 { -h } else { h };
    let valid = (mx > 0.0) & !mn.is_nan();
    if valid {
        (t & (TURNS as i32 - 1)) as usize
    } else {
        0
    }
}

/// [`turn`] of four headings at once, with the same comparisons (the counts and reflections are
/// small integers, exact in `f32`).
#[inline(always)]
fn turn4(hx: F4, hy: F4) -> [u32; 4] {
    let (ax, ay) = (hx.abs(), hy.abs());
    let steep = ax.lt(ay);
    let (mn, mx) = (F4::select(steep, ax, ay), F4::select(steep, ay, ax));
    let one = F4::splat(1.0);
    let k = (mn.ge(mx * F4::splat(OCTANT_TAN[0])) & one)
        + (mn.ge(mx * F4::splat(OCTANT_TAN[1])) & one)
        + (mn.ge(mx * F4::splat(OCTANT_TAN[2])) & one)
        + (mn.ge(mx * F4::splat(OCTANT_TAN[3])) & one);
    let quarter = F4::splat((TURNS / 4) as f32);
    let q = F4::select(steep, quarter - k, k);
    let zero = F4::zero();
    let h = F4::select(hx.lt(zero), quarter + quarter - q, q);
    let t = F4::select(hy.lt(zero), zero - h, h);
    // t & (TURNS − 1) for t in −TURNS/2..=TURNS/2.
    let t = F4::select(t.lt(zero), t + F4::splat(TURNS as f32), t);
    let valid = mx.gt(zero) & mn.eq(mn);
    (t & valid).trunc_u32()
}

/// The row spans of the triangle of `size` px pointing along (c, s): pixel centres inside it.
fn triangle_spans(size: f32, c: f32, s: f32, out: &mut Vec<(i8, i8, i8)>) {
    let f = [c * size, s * size];
    let side = [-f[1] * 0.45, f[0] * 0.45];
    let tip = [f[0] * 0.6, f[1] * 0.6];
    let b1 = [-f[0] * 0.4 + side[0], -f[1] * 0.4 + side[1]];
    let b2 = [-f[0] * 0.4 - side[0], -f[1] * 0.4 - side[1]];
    let tri = [tip, b1, b2];
    let edge = |p: [f32; 2], q: [f32; 2], x: f32, y: f32| (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
    let area = edge(tri[0], tri[1], tri[2][0], tri[2][1]);
    let r = (size * 0.6).ceil() as i32 + 1;
    let mut any = false;
    for dy in -r..=r {
        let mut lo = i32::MAX;
        let mut hi = i32::MIN;
        for dx in -r..=r {
            let (x, y) = (dx as f32, dy as f32);
            let e0 = edge(tri[0], tri[1], x, y) * area.signum();
            let e1 = edge(tri[1], tri[2], x, y) * area.signum();
            let e2 = edge(tri[2], tri[0], x, y) * area.signum();
            if e0 >= 0.0 && e1 >= 0.0 && e2 >= 0.0 {
                lo = lo.min(dx);
                hi = hi.max(dx);
            }
        }
        if lo <= hi {
            out.push((dy as i8, lo as i8, hi as i8));
            any = true;
        }
    }
    if !any {
        out.push((0, 0, 0));
    }
}

/// A saturated, fairly dark hue (readable on the light and the dark background), `t` in turns.
/// The least contrast a heading's hue keeps against the canvas (WCAG's 3:1 for graphics, and a
/// margin for the pixels a small sprite blends at its edges).
pub const HUE_CONTRAST: f64 = 3.3;

/// [`hue`] made to stand out against `background` (issue 58: in the light theme a yellow or a
/// green agent all but vanished): darkened towards black on a light canvas, lightened towards
/// white on a dark one, a tenth at a time, until it is [`HUE_CONTRAST`]:1 against it. The hue
/// stays; only its lightness moves.
pub fn hue_on(t: f32, background: [u8; 4]) -> [u8; 4] {
    use crate::palette::{contrast, luminance};
    let bg = [background[0], background[1], background[2]];
    let light = luminance(bg) > 0.18;
    let mut c = hue(t);
    for _ in 0..30 {
        if contrast([c[0], c[1], c[2]], bg) >= HUE_CONTRAST {
            break;
        }
        for v in &mut c[..3] {
            *v = if light { (*v as f32 * 0.9) as u8 } else { *v + ((255 - *v) as f32 * 0.1).ceil() as u8 };
        }
    }
    c
}

fn hue(t: f32) -> [u8; 4] {
    let h = t * 6.0;
    let k = |n: f32| {
        let k = (n + h) % 6.0;
        let v = 1.0 - clamp(k.min(4.0 - k), 0.0, 1.0);
        (40.0 + 190.0 * v) as u8
    };
    [k(5.0), k(3.0), k(1.0), 0xff]
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// Every heading's hue stands out from both canvases (3.3:1; issue 58: 6 678 of 20 000 agents
    /// of the light stress canvas were under 3:1), and keeps its hue: the channel that leads stays
    /// the one that leads.
    #[test]
    fn hues_stand_out_against_both_canvases() {
        use crate::palette::{contrast, DARK, LIGHT};
        for p in [LIGHT, DARK] {
            let bg = p.background.bytes();
            let mut low = 0;
            for t in 0..TURNS {
                let raw = hue(t as f32 / TURNS as f32);
                let c = hue_on(t as f32 / TURNS as f32, bg);
                let r = contrast([c[0], c[1], c[2]], p.background.rgb());
                assert!(r >= HUE_CONTRAST, "turn {t} on {}: {r:.2}", p.background.css());
                let lead = |c: [u8; 4]| (0..3).max_by_key(|&k| c[k]).unwrap();
                assert_eq!(lead(raw), lead(c), "turn {t}: {raw:?} → {c:?}");
                low += (contrast([raw[0], raw[1], raw[2]], p.background.rgb()) < 3.0) as u32;
            }
            if p == LIGHT {
                assert!(low >= 8, "the light canvas needed it for {low} of {TURNS} hues");
            }
        }
    }

    /// `turn4` is `turn` lane by lane: every sprite boundary from both sides, the axes, signed
    /// zeros, tiny, huge, infinite and NaN components, and random headings of any length.
    #[test]
    fn four_turns_at_once_are_the_single_ones() {
        let mut hs: Vec<(f32, f32)> = Vec::new();
        for k in 0..4 * TURNS {
            let a = k as f32 * core::f32::consts::TAU / (4 * TURNS) as f32;
            for d in [-1e-6f32, 0.0, 1e-6] {
                hs.push(((a + d).cos(), (a + d).sin()));
            }
        }
        let odd = [0.0, -0.0, 1.0, -1.0, 1e-40, -1e-40, 3e38, -3e38, f32::INFINITY, f32::NEG_INFINITY, f32::NAN];
        for &x in &odd {
            for &y in &odd {
                hs.push((x, y));
            }
        }
        for &t in &OCTANT_TAN {
            for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                hs.push((sx, sy * t));
                hs.push((sx * t, sy));
            }
        }
        let mut rng = crate::rng::seeded(5);
        for _ in 0..4000 {
            hs.push(((rng.f32() - 0.5) * 300.0, (rng.f32() - 0.5) * 1e-3));
            hs.push((rng.f32() - 0.5, rng.f32() - 0.5));
        }
        while !hs.len().is_multiple_of(4) {
            hs.push((1.0, 0.0));
        }
        let mut seen = [false; TURNS];
        for c in hs.chunks_exact(4) {
            let c: [(f32, f32); 4] = c.try_into().unwrap();
            let got = turn4(F4::from_array(c.map(|h| h.0)), F4::from_array(c.map(|h| h.1)));
            for l in 0..4 {
                let want = turn(c[l].0, c[l].1);
                assert_eq!(got[l] as usize, want, "heading {:?}", c[l]);
                seen[want] = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "every sprite index met");
    }

    const BG: [u8; 4] = [1, 2, 3, 255];
    const FG: [u8; 4] = [200, 100, 50, 255];

    fn flat() -> RasterStyle {
        RasterStyle { background: BG, agent: FG, by_heading: false }
    }

    #[test]
    fn a_triangle_points_along_its_heading() {
        let mut r = Raster::new();
        let view = RasterView { width: 40, height: 40, scale: 1.0, ox: 0.0, oy: 0.0 };
        r.begin(40, 40, BG);
        // size 10 pointing +x at (20, 20): tip at x = 26, base at x = 16 spanning y 15.5..24.5.
        r.agent_list(&[Agent::new(Vec2::new(20.0, 20.0), Vec2::new(5.0, 0.0), 80.0, 192.0)], 10.0, &view, &flat());
        assert_eq!(r.pixel(20, 20), FG);
        assert_eq!(r.pixel(25, 20), FG, "near the tip");
        assert_eq!(r.pixel(27, 20), BG, "past the tip");
        assert_eq!(r.pixel(17, 16), FG, "near a base corner");
        assert_eq!(r.pixel(25, 16), BG, "beside the tip");
        assert_eq!(r.pixel(15, 20), BG, "behind the base");
        // Pointing −y instead: the tip is above.
        r.begin(40, 40, BG);
        r.agent_list(&[Agent::new(Vec2::new(20.0, 20.0), Vec2::new(0.0, -5.0), 80.0, 192.0)], 10.0, &view, &flat());
        assert_eq!(r.pixel(20, 15), FG);
        assert_eq!(r.pixel(20, 25), BG);
        assert_eq!(r.pixel(25, 20), BG);
    }

    #[test]
    fn the_view_maps_world_to_pixels_and_clips() {
        let mut r = Raster::new();
        // Scale 0.1: size 7 → 0.7 px, a single-pixel dot. World (105, 52) → (10.5 + 2, 5.2 + 3) =
        // (12.5, 8.2), rounded to pixel (13, 8). The other two are off the canvas.
        let view = RasterView { width: 20, height: 10, scale: 0.1, ox: 2.0, oy: 3.0 };
        r.begin(20, 10, BG);
        let agents = [
            Agent::new(Vec2::new(105.0, 52.0), Vec2::X, 80.0, 192.0),
            Agent::new(Vec2::new(-500.0, 10.0), Vec2::X, 80.0, 192.0),
            Agent::new(Vec2::new(10.0, 1e9), Vec2::X, 80.0, 192.0),
        ];
        r.agent_list(&agents, 7.0, &view, &flat());
        let lit: Vec<(u32, u32)> =
            (0..10).flat_map(|y| (0..20).map(move |x| (x, y))).filter(|&(x, y)| r.pixel(x, y) == FG).collect();
        assert_eq!(lit, vec![(13, 8)]);
        // A triangle straddling the right edge is clipped, not wrapped onto the next row.
        let mut r = Raster::new();
        let view = RasterView { width: 30, height: 30, scale: 1.0, ox: 0.0, oy: 0.0 };
        r.begin(30, 30, BG);
        r.agent_list(&[Agent::new(Vec2::new(29.0, 10.0), Vec2::X, 80.0, 192.0)], 12.0, &view, &flat());
        assert_eq!(r.pixel(29, 10), FG);
        assert_eq!(r.pixel(0, 11), BG);
        assert_eq!(r.pixel(1, 11), BG);
    }

    #[test]
    fn small_agents_are_two_by_two_dots_clipped_at_the_edges() {
        // Size 2 px: a 2×2 dot covering the pixel the agent rounds to and the ones up and left.
        let mut r = Raster::new();
        let view = RasterView { width: 8, height: 6, scale: 1.0, ox: 0.0, oy: 0.0 };
        r.begin(8, 6, BG);
        let at = |x: f32, y: f32| Agent::new(Vec2::new(x, y), Vec2::X, 80.0, 192.0);
        // (3.2, 2.9) rounds to pixel (3, 3): lit (2..=3, 2..=3). (0.2, 5.4) rounds to (0, 5): only
        // (0, 4) and (0, 5) are on the canvas. (7.6, 0.1) rounds to (8, 0): only (7, 0).
        r.agent_list(&[at(3.2, 2.9), at(0.2, 5.4), at(7.6, 0.1)], 2.0, &view, &flat());
        let lit: Vec<(u32, u32)> =
            (0..6).flat_map(|y| (0..8).map(move |x| (x, y))).filter(|&(x, y)| r.pixel(x, y) == FG).collect();
        assert_eq!(lit, vec![(7, 0), (2, 2), (3, 2), (2, 3), (3, 3), (0, 4), (0, 5)]);
    }

    #[test]
    fn the_dot_loop_draws_what_stamp_draws() {
        // Size 2 px (2×2 dots): the dedicated loop in `stamp_all` against `stamp` per agent, on
        // random positions around and across every edge, far off, non-finite, and on pixel
        // centres (where ⌊fx + ½⌋ rounds), by heading colour.
        let mut rng = crate::rng::seeded(5);
        let mut agents: Vec<Agent> = (0..3000)
            .map(|_| {
                let p = Vec2::new(rng.f32() * 70.0 - 5.0, rng.f32() * 50.0 - 5.0);
                let a = rng.f32() * core::f32::consts::TAU;
                Agent::new(p, Vec2::new(a.cos(), a.sin()), 80.0, 192.0)
            })
            .collect();
        for p in [
            Vec2::new(0.5, 0.5),
            Vec2::new(-0.5, 3.0),
            Vec2::new(59.5, 39.5),
            Vec2::new(60.49, 20.0),
            Vec2::new(20.0, 40.5),
            Vec2::new(1.4999, 1.5),
            Vec2::new(-1e30, 5.0),
            Vec2::new(5.0, 1e30),
            Vec2::new(f32::NAN, 5.0),
            Vec2::new(5.0, f32::INFINITY),
            Vec2::new(f32::NEG_INFINITY, f32::NAN),
        ] {
            agents.push(Agent::new(p, Vec2::new(1.0, 1.0), 80.0, 192.0));
        }
        let view = RasterView { width: 60, height: 40, scale: 1.0, ox: 0.0, oy: 0.0 };
        let style = RasterStyle { background: BG, agent: FG, by_heading: true };
        let mut fast = Raster::new();
        fast.begin(60, 40, BG);
        fast.agent_list(&agents, 2.0, &view, &style);
        let mut each = Raster::new();
        each.begin(60, 40, BG);
        each.prepare(2.0, &style);
        for a in &agents {
            each.stamp(a.position.x, a.position.y, a.heading.x, a.heading.y);
        }
        assert_eq!(fast.sprite_size, 2.0);
        assert!(fast.bytes().chunks_exact(4).filter(|p| p != &BG).count() > 1000);
        assert_eq!(fast.bytes(), each.bytes());
    }

    #[test]
    fn a_fast_sim_is_drawn_from_the_engine_in_cell_order_with_the_same_dots() {
        use crate::engine::Sim;
        let mut sim = Sim::from_json(crate::scenarios::builtin("stress").unwrap()).unwrap();
        sim.set("agents.count", serde_json::json!(3000)).unwrap();
        assert!(sim.fast_slices().is_none(), "not stepped yet: agents are the source");
        sim.step();
        let (w, h) = (400, 225);
        let s = w as f32 / sim.world.width;
        let view = RasterView { width: w, height: h, scale: s, ox: 0.0, oy: 0.0 };
        let style = RasterStyle { background: BG, agent: FG, by_heading: true };
        let ((xs, _), _) = sim.fast_slices().expect("after a step the fast engine holds the state");
        assert_eq!(xs.len(), 3000);
        let mut from_engine = Raster::new();
        from_engine.draw_sim(&sim, &view, &style);
        let mut slices = Raster::new();
        slices.begin(w, h, BG);
        let (pos, head) = sim.fast_slices().unwrap();
        slices.agents(pos, head, sim.scenario.agent_size, &view, &style);
        assert_eq!(from_engine.bytes(), slices.bytes());
        let mut from_agents = Raster::new();
        from_agents.begin(w, h, BG);
        from_agents.agent_list(&sim.agents(), sim.scenario.agent_size, &view, &style);
        // The same pixels lit; a colour may differ only where dots of different headings overlap
        // (the later one wins, and the orders differ).
        let lit = |r: &Raster| r.bytes().chunks_exact(4).map(|p| p != BG).collect::<Vec<_>>();
        assert_eq!(lit(&from_engine), lit(&from_agents));
        let same = from_engine.bytes().chunks_exact(4).zip(from_agents.bytes().chunks_exact(4)).filter(|(a, b)| a == b);
        assert!(same.count() as f32 > 0.95 * (w * h) as f32);
        // Once `agents` changes outside the engine, they are the source again.
        sim.agents_changed();
        assert!(sim.fast_slices().is_none());
    }

    #[test]
    fn headings_pick_distinct_sprites_and_hues() {
        assert_eq!(turn(1.0, 0.0), 0);
        assert_eq!(turn(0.0, 1.0), TURNS / 4);
        assert_eq!(turn(-1.0, 0.0), TURNS / 2);
        assert_eq!(turn(0.0, -1.0), 3 * TURNS / 4);
        assert_eq!(turn(0.0, 0.0), 0);
        for t in 0..TURNS {
            let a = (t as f32 + 0.3) / TURNS as f32 * core::f32::consts::TAU;
            assert_eq!(turn(a.cos(), a.sin()), t, "turn {t}");
        }
        // Against atan2 in f64 over 20 000 headings of assorted lengths, away from the boundaries
        // (where f32 rounding may fall either way).
        let step = core::f64::consts::TAU / TURNS as f64;
        for i in 0..20_000 {
            let a = i as f64 * 0.000_314_159_3 - core::f64::consts::PI;
            let off = (a / step + 0.5).rem_euclid(1.0);
            if !(1e-4..1.0 - 1e-4).contains(&off) {
                continue;
            }
            let len = [1e-3, 0.7, 1.0, 250.0][i % 4];
            let (x, y) = ((a.cos() * len) as f32, (a.sin() * len) as f32);
            let want = ((a / step).round() as i64).rem_euclid(TURNS as i64) as usize;
            assert_eq!(turn(x, y), want, "angle {a} length {len}");
        }
        assert_eq!(turn(f32::NAN, 1.0), 0);
        assert_eq!(turn(1.0, f32::NAN), 0);
        assert_eq!(turn(-0.0, -0.0), 0);
        assert_eq!(turn(-1.0, -1.0), TURNS / 2 + TURNS / 8);
        let mut r = Raster::new();
        r.prepare(10.0, &RasterStyle { background: BG, agent: FG, by_heading: true });
        assert_ne!(r.palette[0], r.palette[TURNS / 2]);
    }

    #[test]
    fn palette_strings_parse() {
        assert_eq!(parse_hex_rgba("#f8fafc"), Some([0xf8, 0xfa, 0xfc, 0xff]));
        assert_eq!(parse_hex_rgba("#1e3a8a80"), Some([0x1e, 0x3a, 0x8a, 0x80]));
        assert_eq!(parse_hex_rgba("f8fafc"), None);
        assert_eq!(parse_hex_rgba("#f8fafg"), None);
        assert_eq!(parse_hex_rgba("#fff"), None);
        assert_eq!(parse_hex_rgba("#ééé"), None);
    }

    #[test]
    fn frames_do_not_allocate_once_sized() {
        let mut r = Raster::new();
        let view = RasterView { width: 64, height: 48, scale: 1.0, ox: 0.0, oy: 0.0 };
        let agents: Vec<Agent> = (0..200)
            .map(|i| {
                Agent::new(
                    Vec2::new((i * 7 % 64) as f32, (i * 3 % 48) as f32),
                    Vec2::new(1.0, i as f32 * 0.1),
                    80.0,
                    192.0,
                )
            })
            .collect();
        r.begin(64, 48, BG);
        r.agent_list(&agents, 7.0, &view, &flat());
        let (p, cap, sp) = (r.px.as_ptr(), r.px.capacity(), r.spans.as_ptr());
        for _ in 0..5 {
            r.begin(64, 48, BG);
            r.agent_list(&agents, 7.0, &view, &flat());
        }
        assert_eq!((r.px.as_ptr(), r.px.capacity(), r.spans.as_ptr()), (p, cap, sp));
        assert_eq!(r.bytes().len(), 64 * 48 * 4);
    }
}
