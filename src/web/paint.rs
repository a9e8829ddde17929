//! Replays the core's draw list on a Canvas 2D context. Styles become colours here, in one table.
//!
//! The list is written as canvas operations into a buffer of numbers ([`Painter`]), and one call
//! per frame hands the buffer to a few lines of JS (the `paint` below) that make the canvas calls:
//! a frame crosses from the module into JS once, not once per canvas call (~450 of them for the
//! default flock canvas: a triangle per agent, circles, arrows). `render()` of that canvas took
//! 65 µs with a crossing per call and 48 µs with one (issue 33; docs/performance.md).

use crate::lang::{self, Lang};
use crate::sim::draw::{legend_rows, legend_width, text_fits, turned, Cmd, DrawList, Shape, Style, LEGEND_ROW_PX};
use crate::sim::palette::{self, fills_circle, look, TUBE_FILL};
use glam::Vec2;
use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::CanvasRenderingContext2d as Ctx2d;

pub use crate::sim::draw::View;

mod error;
mod painter;
pub use error::*;
use painter::Op;
pub use painter::*;

/// The canvas colours of one viewer: the core's palette (`crate::sim::palette`, resolved from the
/// theme and the page's `--sl-*` variables by `theme.rs`) with every style's look, its colours as
/// CSS text in one JS array made once when the theme is resolved rather than in every frame.
pub struct Palette {
    pub core: palette::Palette,
    /// The background as RGBA, for the pixel agent layer.
    pub background_rgba: [u8; 4],
    /// The agent colour as RGBA, for the pixel agent layer.
    pub agent_rgba: [u8; 4],
    /// The CSS colours: a style's stroke at `2 × style`, its fill at `2 × style + 1`, then
    /// `BACKGROUND`, `TEXT`, `BORDER`, `TUBE`.
    css: Array,
    /// `looks[style as usize]`.
    looks: Vec<CssLook>,
}

const BACKGROUND: f64 = 2.0 * Style::ALL.len() as f64;
const TEXT: f64 = BACKGROUND + 1.0;
const BORDER: f64 = BACKGROUND + 2.0;
const TUBE: f64 = BACKGROUND + 3.0;

struct CssLook {
    /// Index of the stroke colour in `Palette::css` (the fill's is the next).
    stroke: f64,
    fill: bool,
    width_px: f64,
    dash: bool,
    /// How its agents are drawn: filled, hollow or outlined (`Look::agent_paint`).
    agent: Mode,
}

impl CssLook {
    fn fill(&self) -> f64 {
        self.stroke + 1.0
    }
}

/// How long the text around a playing canvas stays (ms): the readouts, the scrub bar's label, the
/// legend's numbers and the inspector change twice a second. Numbers that change faster cannot be
/// read, and each change costs the page a layout and a paint of its text (measured: ten playing
/// canvases with their text at 4 Hz cost ~0.05× the plain-JS floor more than at 2 Hz;
/// docs/performance.md).
pub const TEXT_PERIOD_MS: f64 = 500.0;

/// The text period a time (ms, performance.now()'s clock) falls in: the readouts, the scrub bar
/// and the legend of every viewer change at the same frames, so the page lays out and paints their
/// text once per period, not once per period per canvas at scattered frames.
pub fn text_period(t: f64) -> u64 {
    (t.max(0.0) / TEXT_PERIOD_MS) as u64
}

impl Palette {
    pub fn new(core: palette::Palette) -> Palette {
        let css = Array::new();
        let looks = Style::ALL
            .iter()
            .map(|&s| {
                let l = look(s, &core);
                css.push(&JsValue::from_str(&l.stroke.css()));
                css.push(&l.fill.map_or(JsValue::NULL, |f| JsValue::from_str(&f.css())));
                CssLook {
                    stroke: 2.0 * s as usize as f64,
                    fill: l.fill.is_some(),
                    width_px: l.width_px as f64,
                    dash: l.dash,
                    agent: match l.agent_paint() {
                        (true, false) => Mode::Fill,
                        (false, _) => Mode::Stroke,
                        (true, true) => Mode::Both,
                    },
                }
            })
            .collect();
        for c in [core.background, core.text, core.border, TUBE_FILL] {
            css.push(&JsValue::from_str(&c.css()));
        }
        Palette { background_rgba: core.background.bytes(), agent_rgba: core.agent.bytes(), css, looks, core }
    }

    fn look(&self, style: Style) -> &CssLook {
        &self.looks[style as usize]
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Fill,
    Stroke,
    /// Filled, then outlined (agents of some roles).
    Both,
}

/// The path being written for the style being drawn: filled or stroked once, when the style or
/// the kind of shape changes.
#[derive(Default)]
struct Batch {
    open: Option<Mode>,
    /// Agent triangles in the path.
    agents: usize,
}

impl Batch {
    /// Continue the path if it is of this kind, else draw it and begin another.
    fn open(&mut self, p: &mut Painter, mode: Mode) {
        if self.open != Some(mode) {
            self.flush(p);
            p.op(Op::BeginPath, &[]);
            self.open = Some(mode);
        }
    }

    /// Fill or stroke the path written (with the context's current styles).
    fn flush(&mut self, p: &mut Painter) {
        match self.open.take() {
            Some(Mode::Fill) => p.op(Op::Fill, &[]),
            Some(Mode::Stroke) => p.op(Op::Stroke, &[]),
            Some(Mode::Both) => {
                p.op(Op::Fill, &[]);
                p.op(Op::Stroke, &[]);
            }
            None => {}
        }
        self.agents = 0;
    }
}

/// At most this many agent triangles in one path (see `Shape::Agent` in `paint`).
const AGENTS_PER_PATH: usize = 256;

/// Draw a whole frame: background, world border, then the list.
/// `clear`: paint the background first (false when a pixel layer was just put on the canvas).
/// `legend`: draw the force legend into the picture (stills; a viewer shows it as page text over
/// its canvas: `viewer/legend.rs`).
#[allow(clippy::too_many_arguments)]
pub fn paint(
    ctx: &Ctx2d,
    view: &View,
    world: Vec2,
    list: &DrawList,
    pal: &Palette,
    clear: bool,
    lang: Lang,
    p: &mut Painter,
    legend: bool,
) {
    p.begin();
    let clip = frame(p, view, world, pal, clear);
    let s = view.scale;
    let mut r = Run::default();
    let mut k = 0;
    while k < list.cmds.len() {
        let cmd = &list.cmds[k];
        if cmd.style == Style::Tube {
            r.batch.flush(p);
            k = tube(p, list, k);
            r.style = None;
            continue;
        }
        k += 1;
        let lk = pal.look(cmd.style);
        r.set_style(p, cmd.style, lk, s);
        shape(p, &mut r, list, cmd, lk, s, lang);
    }
    r.batch.flush(p);
    if clip {
        p.op(Op::Restore, &[]);
    }
    if r.dashed {
        p.op(Op::Dash, &[0.0]);
    }
    if legend && !list.legend.is_empty() {
        paint_legend(view, list, pal, lang, p);
    }
    p.finish(ctx, &pal.css);
}

/// The background, the world's border and the clip; whether it clipped (to be restored).
fn frame(p: &mut Painter, view: &View, world: Vec2, pal: &Palette, clear: bool) -> bool {
    let d = view.dpr;
    p.transform(d, 0.0, 0.0);
    if clear {
        // A translucent or transparent background (a site's --sl-canvas) is cleared first; an
        // opaque one covers every pixel anyway (one full-canvas pass a frame, not two).
        if !pal.core.background.opaque() {
            p.op(Op::ClearRect, &[0.0, 0.0, view.css_w, view.css_h]);
        }
        p.op(Op::FillStyle, &[BACKGROUND]);
        p.op(Op::FillRect, &[0.0, 0.0, view.css_w, view.css_h]);
    }
    let s = view.scale;
    p.transform(d * s, d * view.ox, d * view.oy);
    let (ww, wh) = (world.x as f64, world.y as f64);
    p.op(Op::StrokeStyle, &[BORDER]);
    p.op(Op::LineWidth, &[1.0 / s]);
    p.op(Op::StrokeRect, &[0.0, 0.0, ww, wh]);
    // Clip to the world only when the canvas shows more than the world (margins of half a device
    // pixel or more): an anti-aliased clip costs the rasteriser on every shape after it.
    let clip = view.ox * d >= 0.5 || view.oy * d >= 0.5;
    if clip {
        p.op(Op::Clip, &[0.0, 0.0, ww, wh]);
    }
    clip
}

/// What the frame's shapes share as they are written: the current style, dashes and font, and
/// the path being built.
#[derive(Default)]
struct Run {
    /// Text in world units (labels): the font is set at the first one (most frames have none).
    font_set: bool,
    dashed: bool,
    style: Option<Style>,
    /// A run of shapes of one style is one path, filled or stroked once (`Batch`): a run of agents
    /// up to AGENTS_PER_PATH triangles, the neighbour lines, the force arrows of one rule … Fewer
    /// fill and stroke calls are fewer passes of the rasteriser over the canvas.
    batch: Batch,
}

impl Run {
    /// A new style: the path so far drawn, then its colours, width and dashes.
    fn set_style(&mut self, p: &mut Painter, style: Style, lk: &CssLook, s: f64) {
        if self.style == Some(style) {
            return;
        }
        self.batch.flush(p);
        p.op(Op::StrokeStyle, &[lk.stroke]);
        if lk.fill {
            p.op(Op::FillStyle, &[lk.fill()]);
        }
        p.op(Op::LineWidth, &[lk.width_px / s]);
        if lk.dash != self.dashed {
            p.op(Op::Dash, &[if lk.dash { palette::DASH_PX as f64 / s } else { 0.0 }]);
            self.dashed = lk.dash;
        }
        self.style = Some(style);
    }
}

/// The tube from command `k` on: every consecutive tube shape (segment quads, corner discs) is one
/// path filled once, so overlaps do not darken. Sub-paths share one winding (nonzero: their
/// union). Returns the index after the tube.
fn tube(p: &mut Painter, list: &DrawList, k: usize) -> usize {
    p.op(Op::BeginPath, &[]);
    let mut j = k;
    while j < list.cmds.len() && list.cmds[j].style == Style::Tube {
        match list.cmds[j].shape {
            Shape::Polyline { start, len, .. } => {
                for (idx, q) in turned(list.points_of(start, len)).enumerate() {
                    let q = q.as_dvec2();
                    if idx == 0 {
                        p.move_to(q);
                    } else {
                        p.line_to(q);
                    }
                }
                p.op(Op::ClosePath, &[]);
            }
            Shape::Circle { c, r } | Shape::Disc { c, r } => p.circle(c, r),
            _ => {}
        }
        j += 1;
    }
    p.op(Op::FillStyle, &[TUBE]);
    p.op(Op::Fill, &[]);
    j
}

/// One shape of the draw list in the current style (`lk`; `s`: css px per world unit).
fn shape(p: &mut Painter, run: &mut Run, list: &DrawList, cmd: &Cmd, lk: &CssLook, s: f64, lang: Lang) {
    match cmd.shape {
        Shape::Agent { pos, dir, size } => {
            // Measured in this Chromium's software rasteriser: for 120 agents one path costs
            // what 120 fills cost to rasterise; for thousands, one path costs several times more.
            if run.batch.agents == AGENTS_PER_PATH {
                run.batch.flush(p);
            }
            run.batch.open(p, lk.agent);
            run.batch.agents += 1;
            let k = p.agent_k.max(1.0);
            let (q, f) = (pos.as_dvec2(), dir.normalize_or(Vec2::X).as_dvec2() * size as f64 * k);
            let side = glam::DVec2::new(-f.y, f.x) * 0.45;
            let (tip, a, b) = (q + f * 0.6, q - f * 0.4 + side, q - f * 0.4 - side);
            p.op(Op::Triangle, &[tip.x, tip.y, a.x, a.y, b.x, b.y]);
        }
        Shape::Circle { c, r } => {
            let r = if cmd.style == Style::Selected { r * p.agent_k.max(1.0) as f32 } else { r };
            if fills_circle(cmd.style) && lk.fill {
                // Filled then stroked, each circle on its own (translucent fills overlap visibly).
                run.batch.flush(p);
                p.op(Op::BeginPath, &[]);
                p.circle(c, r);
                p.op(Op::Fill, &[]);
                p.op(Op::Stroke, &[]);
            } else {
                run.batch.open(p, Mode::Stroke);
                p.circle(c, r);
            }
        }
        Shape::Disc { c, r } => {
            run.batch.open(p, Mode::Fill);
            p.circle(c, r);
        }
        Shape::Rect { min, max } => {
            run.batch.flush(p);
            let r = [min.x as f64, min.y as f64, (max.x - min.x) as f64, (max.y - min.y) as f64];
            if lk.fill {
                p.op(Op::FillRect, &r);
            }
            if lk.width_px > 0.0 {
                p.op(Op::StrokeRect, &r);
            }
        }
        Shape::Line { a, b } => {
            run.batch.open(p, Mode::Stroke);
            p.move_to(a.as_dvec2());
            p.line_to(b.as_dvec2());
        }
        Shape::Arrow { from, to } => {
            run.batch.open(p, Mode::Stroke);
            let (a, b) = (from.as_dvec2(), to.as_dvec2());
            let v = b - a;
            let len = v.length();
            p.move_to(a);
            p.line_to(b);
            if len > 1e-6 {
                let u = v / len;
                let head = (6.0 / s).min(len * 0.5);
                let n = glam::DVec2::new(-u.y, u.x) * (head * 0.5);
                p.move_to(b - u * head + n);
                p.line_to(b);
                p.line_to(b - u * head - n);
            }
        }
        Shape::Polyline { start, len, closed } => {
            let pts = list.points_of(start, len);
            if pts.is_empty() {
                return;
            }
            run.batch.open(p, Mode::Stroke);
            p.move_to(pts[0].as_dvec2());
            for q in &pts[1..] {
                p.line_to(q.as_dvec2());
            }
            if closed {
                p.op(Op::ClosePath, &[]);
            }
        }
        Shape::Text { at, start, len, max_w } => {
            let text = lang::canvas_text(lang, list.text_of(start, len));
            if text_fits(text, max_w, s) {
                run.batch.flush(p);
                if !run.font_set {
                    p.font(&format!("{}px system-ui, sans-serif", crate::sim::text::short64(11.0 / s)), false);
                    run.font_set = true;
                }
                let t = p.text(text);
                p.op(Op::Text, &[t, at.x as f64, at.y as f64]);
            }
        }
    }
}

/// The force legend in screen pixels at the top-left corner: a colour swatch and a line of text per
/// row, 15 px apart whatever the canvas's size (on a canvas too small for it, only the rows that
/// fit are drawn; with fewer than two, none).
fn paint_legend(view: &View, list: &DrawList, pal: &Palette, lang: Lang, p: &mut Painter) {
    const ROW: f64 = LEGEND_ROW_PX;
    let d = view.dpr;
    let fit = legend_rows(list.legend.len(), view.css_w, view.css_h);
    if fit == 0 {
        return;
    }
    let texts: Vec<String> = list.legend[..fit].iter().map(|r| lang::legend(lang, r)).collect();
    // (`fillText` squeezes a longer line into the box.)
    let w = legend_width(texts.iter().map(String::as_str), view.css_w);
    let h = fit as f64 * ROW + 6.0;
    p.transform(d, 0.0, 0.0);
    p.font("11px system-ui, sans-serif", false);
    p.op(Op::FillStyle, &[BACKGROUND]);
    p.op(Op::Alpha, &[0.85]);
    p.op(Op::FillRect, &[4.0, 4.0, w, h]);
    p.op(Op::Alpha, &[1.0]);
    p.op(Op::LineWidth, &[2.0]);
    for (k, (row, text)) in list.legend[..fit].iter().zip(&texts).enumerate() {
        let y = 4.0 + 3.0 + ROW * (k as f64 + 0.5);
        let style = row.style();
        p.op(Op::StrokeStyle, &[pal.look(style).stroke]);
        p.op(Op::BeginPath, &[]);
        p.op(Op::MoveTo, &[10.0, y]);
        p.op(Op::LineTo, &[24.0, y]);
        p.op(Op::Stroke, &[]);
        p.op(Op::FillStyle, &[TEXT]);
        let t = p.text(text);
        p.op(Op::TextMax, &[t, 28.0, y, (w - 28.0).max(10.0)]);
    }
}
