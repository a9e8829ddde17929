//! Replays the core's draw list on a Canvas 2D context. Styles become colours here, in one table.

use crate::lang::{self, Lang};
use crate::sim::draw::{
    legend_rows, legend_width, text_fits, turned, DrawList, LegendRow, Shape, Style, LEGEND_ROW_PX,
};
use crate::sim::palette::{self, fills_circle, look, TUBE_FILL};
use glam::Vec2;
use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Ctx2d;

pub use crate::sim::draw::View;

/// The canvas colours of one viewer: the core's palette (`crate::sim::palette`, resolved from the
/// theme and the page's `--sl-*` variables by `theme.rs`) with every style's look as CSS text,
/// made once when the theme is resolved rather than in every frame.
pub struct Palette {
    pub core: palette::Palette,
    /// The background as RGBA, for the pixel agent layer.
    pub background_rgba: [u8; 4],
    /// The agent colour as RGBA, for the pixel agent layer.
    pub agent_rgba: [u8; 4],
    // Colours as JS strings made once: a `&str` crosses into JS (a UTF-8 decode) at every use.
    background: JsValue,
    text: JsValue,
    border: JsValue,
    tube: JsValue,
    /// `looks[style as usize]`.
    looks: Vec<CssLook>,
}

struct CssLook {
    stroke: JsValue,
    fill: Option<JsValue>,
    width_px: f64,
    dash: bool,
}

// web-sys marks the `JsValue` setters deprecated in favour of `_str` ones, which take a `&str`
// and so decode the colour's text again at every call; these take a string made once.
#[allow(deprecated)]
fn fill_style(ctx: &Ctx2d, colour: &JsValue) {
    ctx.set_fill_style(colour);
}

#[allow(deprecated)]
fn stroke_style(ctx: &Ctx2d, colour: &JsValue) {
    ctx.set_stroke_style(colour);
}

/// The force legend's lines as the last frame wrote them. While a canvas plays they are written
/// again at most every 250 ms, at the pace of the readout under the canvas: numbers changing 60
/// times a second cannot be read, and formatting and decoding them in every frame was part of
/// what a playing canvas cost.
#[derive(Default)]
pub struct Legend {
    /// The 250 ms period they were written in (`None`: write them at the next frame).
    period: Option<u64>,
    rows: usize,
    texts: Vec<String>,
}

/// The 250 ms period a time (ms, performance.now()'s clock) falls in: the readouts, the scrub
/// bar and the legend of every viewer change at the same frames, so the page lays out and paints
/// their text four times a second, not four times a second per canvas at scattered frames.
pub fn text_period(t: f64) -> u64 {
    (t.max(0.0) / 250.0) as u64
}

impl Palette {
    pub fn new(core: palette::Palette) -> Palette {
        let looks = Style::ALL
            .iter()
            .map(|&s| {
                let l = look(s, &core);
                CssLook {
                    stroke: JsValue::from_str(&l.stroke.css()),
                    fill: l.fill.map(|f| JsValue::from_str(&f.css())),
                    width_px: l.width_px as f64,
                    dash: l.dash,
                }
            })
            .collect();
        Palette {
            background_rgba: core.background.bytes(),
            agent_rgba: core.agent.bytes(),
            background: JsValue::from_str(&core.background.css()),
            text: JsValue::from_str(&core.text.css()),
            border: JsValue::from_str(&core.border.css()),
            tube: JsValue::from_str(&TUBE_FILL.css()),
            looks,
            core,
        }
    }

    fn look(&self, style: Style) -> &CssLook {
        &self.looks[style as usize]
    }
}

/// A whole circle as a sub-path of the current path (starting at its rightmost point, so that no
/// line joins it to the sub-path before).
fn circle(ctx: &Ctx2d, c: Vec2, r: f32) {
    let r = r.max(0.0) as f64;
    ctx.move_to(c.x as f64 + r, c.y as f64);
    let _ = ctx.arc(c.x as f64, c.y as f64, r, 0.0, std::f64::consts::TAU);
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Fill,
    Stroke,
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
    fn open(&mut self, ctx: &Ctx2d, mode: Mode) {
        if self.open != Some(mode) {
            self.flush(ctx);
            ctx.begin_path();
            self.open = Some(mode);
        }
    }

    /// Fill or stroke the path written (with the context's current styles).
    fn flush(&mut self, ctx: &Ctx2d) {
        match self.open.take() {
            Some(Mode::Fill) => ctx.fill(),
            Some(Mode::Stroke) => ctx.stroke(),
            None => {}
        }
        self.agents = 0;
    }
}

/// At most this many agent triangles in one path (see `Shape::Agent` in `paint`).
const AGENTS_PER_PATH: usize = 256;

/// Draw a whole frame: background, world border, then the list.
/// `clear`: paint the background first (false when a pixel layer was just put on the canvas).
/// `period`: the frame's [`text_period`] while playing (the legend's lines are kept within one),
/// `None` to write them afresh.
#[allow(clippy::too_many_arguments)]
pub fn paint(
    ctx: &Ctx2d,
    view: &View,
    world: Vec2,
    list: &DrawList,
    pal: &Palette,
    dash: &JsValue,
    no_dash: &JsValue,
    clear: bool,
    lang: Lang,
    legend: &mut Legend,
    period: Option<u64>,
) {
    let d = view.dpr;
    let _ = ctx.set_transform(d, 0.0, 0.0, d, 0.0, 0.0);
    if clear {
        // A translucent or transparent background (a site's --sl-canvas) is cleared first; an
        // opaque one covers every pixel anyway (one full-canvas pass a frame, not two).
        if !pal.core.background.opaque() {
            ctx.clear_rect(0.0, 0.0, view.css_w, view.css_h);
        }
        fill_style(ctx, &pal.background);
        ctx.fill_rect(0.0, 0.0, view.css_w, view.css_h);
    }
    let s = view.scale;
    let _ = ctx.set_transform(d * s, 0.0, 0.0, d * s, d * view.ox, d * view.oy);
    stroke_style(ctx, &pal.border);
    ctx.set_line_width(1.0 / s);
    ctx.stroke_rect(0.0, 0.0, world.x as f64, world.y as f64);
    // Clip to the world only when the canvas shows more than the world (margins of half a device
    // pixel or more): an anti-aliased clip costs the rasteriser on every shape after it.
    let clip = view.ox * d >= 0.5 || view.oy * d >= 0.5;
    if clip {
        ctx.save();
        ctx.begin_path();
        ctx.rect(0.0, 0.0, world.x as f64, world.y as f64);
        ctx.clip();
    }

    // Text in world units (labels): the font is set at the first one (most frames have none).
    let mut font_set = false;
    let mut dashed = false;
    let mut run: Option<Style> = None;
    // A run of shapes of one style is one path, filled or stroked once (`Batch`): a run of agents
    // up to AGENTS_PER_PATH triangles, the neighbour lines, the force arrows of one rule … Fewer
    // fill and stroke calls are fewer passes of the rasteriser over the canvas, and fewer calls
    // from the module into the canvas.
    let mut batch = Batch::default();
    let mut k = 0;
    while k < list.cmds.len() {
        let cmd = &list.cmds[k];
        k += 1;
        if cmd.style == Style::Tube {
            batch.flush(ctx);
            // The tube: every consecutive tube shape (segment quads, corner discs) is one path filled
            // once, so overlaps do not darken. Sub-paths share one winding (nonzero: their union).
            ctx.begin_path();
            let mut j = k - 1;
            while j < list.cmds.len() && list.cmds[j].style == Style::Tube {
                match list.cmds[j].shape {
                    Shape::Polyline { start, len, .. } => {
                        for (idx, p) in turned(list.points_of(start, len)).enumerate() {
                            if idx == 0 {
                                ctx.move_to(p.x as f64, p.y as f64);
                            } else {
                                ctx.line_to(p.x as f64, p.y as f64);
                            }
                        }
                        ctx.close_path();
                    }
                    Shape::Circle { c, r } | Shape::Disc { c, r } => circle(ctx, c, r),
                    _ => {}
                }
                j += 1;
            }
            fill_style(ctx, &pal.tube);
            ctx.fill();
            run = None;
            k = j;
            continue;
        }
        let lk = pal.look(cmd.style);
        if run != Some(cmd.style) {
            batch.flush(ctx);
            stroke_style(ctx, &lk.stroke);
            if let Some(f) = &lk.fill {
                fill_style(ctx, f);
            }
            ctx.set_line_width(lk.width_px / s);
            if lk.dash != dashed {
                let _ = ctx.set_line_dash(if lk.dash { dash } else { no_dash });
                dashed = lk.dash;
            }
            run = Some(cmd.style);
        }
        match cmd.shape {
            Shape::Agent { pos, dir, size } => {
                // Measured in this Chromium's software rasteriser: for 120 agents one path costs
                // what 120 fills cost to rasterise; for thousands, one path costs several times more.
                if batch.agents == AGENTS_PER_PATH {
                    batch.flush(ctx);
                }
                batch.open(ctx, Mode::Fill);
                batch.agents += 1;
                let (p, f) = (pos.as_dvec2(), dir.normalize_or(Vec2::X).as_dvec2() * size as f64);
                let side = glam::DVec2::new(-f.y, f.x) * 0.45;
                ctx.move_to(p.x + f.x * 0.6, p.y + f.y * 0.6);
                ctx.line_to(p.x - f.x * 0.4 + side.x, p.y - f.y * 0.4 + side.y);
                ctx.line_to(p.x - f.x * 0.4 - side.x, p.y - f.y * 0.4 - side.y);
            }
            Shape::Circle { c, r } => {
                if fills_circle(cmd.style) && lk.fill.is_some() {
                    // Filled then stroked, each circle on its own (translucent fills overlap visibly).
                    batch.flush(ctx);
                    ctx.begin_path();
                    circle(ctx, c, r);
                    ctx.fill();
                    ctx.stroke();
                } else {
                    batch.open(ctx, Mode::Stroke);
                    circle(ctx, c, r);
                }
            }
            Shape::Disc { c, r } => {
                batch.open(ctx, Mode::Fill);
                circle(ctx, c, r);
            }
            Shape::Rect { min, max } => {
                batch.flush(ctx);
                let (w, h) = ((max.x - min.x) as f64, (max.y - min.y) as f64);
                if lk.fill.is_some() {
                    ctx.fill_rect(min.x as f64, min.y as f64, w, h);
                }
                if lk.width_px > 0.0 {
                    ctx.stroke_rect(min.x as f64, min.y as f64, w, h);
                }
            }
            Shape::Line { a, b } => {
                batch.open(ctx, Mode::Stroke);
                ctx.move_to(a.x as f64, a.y as f64);
                ctx.line_to(b.x as f64, b.y as f64);
            }
            Shape::Arrow { from, to } => {
                batch.open(ctx, Mode::Stroke);
                let (a, b) = (from.as_dvec2(), to.as_dvec2());
                let v = b - a;
                let len = v.length();
                ctx.move_to(a.x, a.y);
                ctx.line_to(b.x, b.y);
                if len > 1e-6 {
                    let u = v / len;
                    let head = (6.0 / s).min(len * 0.5);
                    let n = glam::DVec2::new(-u.y, u.x);
                    ctx.move_to(b.x - u.x * head + n.x * head * 0.5, b.y - u.y * head + n.y * head * 0.5);
                    ctx.line_to(b.x, b.y);
                    ctx.line_to(b.x - u.x * head - n.x * head * 0.5, b.y - u.y * head - n.y * head * 0.5);
                }
            }
            Shape::Polyline { start, len, closed } => {
                let pts = list.points_of(start, len);
                if pts.is_empty() {
                    continue;
                }
                batch.open(ctx, Mode::Stroke);
                ctx.move_to(pts[0].x as f64, pts[0].y as f64);
                for p in &pts[1..] {
                    ctx.line_to(p.x as f64, p.y as f64);
                }
                if closed {
                    ctx.close_path();
                }
            }
            Shape::Text { at, start, len, max_w } => {
                let text = lang::canvas_text(lang, list.text_of(start, len));
                if text_fits(text, max_w, s) {
                    batch.flush(ctx);
                    if !font_set {
                        ctx.set_font(&format!("{}px system-ui, sans-serif", crate::sim::text::short64(11.0 / s)));
                        ctx.set_text_baseline("middle");
                        font_set = true;
                    }
                    let _ = ctx.fill_text(text, at.x as f64, at.y as f64);
                }
            }
        }
    }
    batch.flush(ctx);
    if clip {
        ctx.restore();
    }
    if dashed {
        let _ = ctx.set_line_dash(no_dash);
    }
    if !list.legend.is_empty() {
        paint_legend(ctx, view, list, pal, lang, legend, period);
    }
}

/// The force legend in screen pixels at the top-left corner: a colour swatch and a line of text per
/// row, 15 px apart whatever the canvas's size (on a canvas too small for it, only the rows that
/// fit are drawn; with fewer than two, none).
fn paint_legend(
    ctx: &Ctx2d,
    view: &View,
    list: &DrawList,
    pal: &Palette,
    lang: Lang,
    legend: &mut Legend,
    period: Option<u64>,
) {
    const ROW: f64 = LEGEND_ROW_PX;
    let d = view.dpr;
    let _ = ctx.set_transform(d, 0.0, 0.0, d, 0.0, 0.0);
    let fit = legend_rows(list.legend.len(), view.css_w, view.css_h);
    if fit == 0 {
        return;
    }
    ctx.set_font("11px system-ui, sans-serif");
    ctx.set_text_baseline("middle");
    if period.is_none() || legend.period != period || legend.rows != fit {
        legend.texts.clear();
        legend.texts.extend(list.legend[..fit].iter().map(|r| lang::legend(lang, r)));
        legend.rows = fit;
        legend.period = period;
    }
    // (`fill_text` squeezes a longer line into the box.)
    let w = legend_width(legend.texts.iter().map(String::as_str), view.css_w);
    fill_style(ctx, &pal.background);
    ctx.set_global_alpha(0.85);
    ctx.fill_rect(4.0, 4.0, w, fit as f64 * ROW + 6.0);
    ctx.set_global_alpha(1.0);
    ctx.set_line_width(2.0);
    for (k, (row, text)) in list.legend[..fit].iter().zip(&legend.texts).enumerate() {
        let y = 4.0 + 3.0 + ROW * (k as f64 + 0.5);
        let style = match *row {
            LegendRow::Rule { style, .. } => style,
            LegendRow::Total { .. } => Style::ForceTotal,
        };
        stroke_style(ctx, &pal.look(style).stroke);
        ctx.begin_path();
        ctx.move_to(10.0, y);
        ctx.line_to(24.0, y);
        ctx.stroke();
        fill_style(ctx, &pal.text);
        let _ = ctx.fill_text_with_max_width(text, 28.0, y, (w - 28.0).max(10.0));
    }
}

/// The error box's message font: 13 px monospace, ~7.8 px a character.
const ERROR_CHAR_PX: f64 = 7.8;
const ERROR_LINE_PX: f64 = 18.0;
/// Where the message starts (below the heading) and the margin under it.
const ERROR_TOP_PX: f64 = 40.0;
const ERROR_BOTTOM_PX: f64 = 14.0;

/// The message wrapped to a box `css_w` wide; a word longer than a line is cut.
pub fn error_lines(css_w: f64, message: &str) -> Vec<String> {
    let max = ((css_w - 28.0) / ERROR_CHAR_PX).max(10.0) as usize;
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut n = 0;
    for word in message.split_whitespace() {
        let len = word.chars().count();
        if n > 0 && n + 1 + len > max {
            lines.push(std::mem::take(&mut line));
            n = 0;
        }
        for (k, ch) in word.chars().enumerate() {
            if k == 0 && n > 0 {
                line.push(' ');
                n += 1;
            }
            if n == max {
                lines.push(std::mem::take(&mut line));
                n = 0;
            }
            line.push(ch);
            n += 1;
        }
    }
    if n > 0 {
        lines.push(line);
    }
    lines
}

/// The CSS height a box `css_w` wide needs to show the whole message.
pub fn error_height(css_w: f64, message: &str) -> f64 {
    ERROR_TOP_PX + error_lines(css_w, message).len() as f64 * ERROR_LINE_PX + ERROR_BOTTOM_PX
}

/// A readable message in place of the picture (broken scenario, bad input).
pub fn paint_error(ctx: &Ctx2d, css_w: f64, css_h: f64, dpr: f64, message: &str) {
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    ctx.set_fill_style_str("#fef2f2");
    ctx.fill_rect(0.0, 0.0, css_w, css_h);
    ctx.set_stroke_style_str("#dc2626");
    ctx.set_line_width(2.0);
    ctx.stroke_rect(1.0, 1.0, css_w - 2.0, css_h - 2.0);
    ctx.set_fill_style_str("#991b1b");
    ctx.set_font("bold 14px system-ui, sans-serif");
    ctx.set_text_baseline("top");
    // Short, and squeezed to the width if need be: the same box shows a scenario that could not
    // start and a viewer that stopped after an internal error (the message says which).
    let _ = ctx.fill_text_with_max_width("steerlab: error", 14.0, 14.0, (css_w - 28.0).max(10.0));
    ctx.set_font("13px ui-monospace, monospace");
    for (k, line) in error_lines(css_w, message).iter().enumerate() {
        let _ =
            ctx.fill_text_with_max_width(line, 14.0, ERROR_TOP_PX + k as f64 * ERROR_LINE_PX, (css_w - 28.0).max(10.0));
    }
}
