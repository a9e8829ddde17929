//! Replays the core's draw list on a Canvas 2D context. Styles become colours here, in one table.

use crate::lang::{self, Lang};
use crate::sim::draw::{DrawList, LegendRow, Shape, Style};
use glam::Vec2;
use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d as Ctx2d;

/// The canvas colours of one viewer, resolved from its theme and the page's `--sl-*` variables
/// (`theme.rs`). The spatial-hash and force colours are fixed across themes (the tutorials name them).
pub struct Palette {
    pub background: String,
    /// `background` as RGBA, for the pixel agent layer.
    pub background_rgba: [u8; 4],
    /// Agent colour as RGBA, for the pixel agent layer.
    pub agent_rgba: [u8; 4],
    pub border: String,
    pub agent: String,
    pub text: String,
    pub grid: String,
    pub faint: String,
}

/// Spatial hash, as the seed describes it: self red, the 3×3 cells green, checked violet, others grey.
pub const SELF_RED: &str = "#e11d48";
pub const CELL_GREEN: &str = "rgba(34,197,94,0.28)";
pub const CHECKED_VIOLET: &str = "#8b5cf6";
pub const OTHER_GREY: &str = "#9ca3af";

pub const SEPARATION: &str = "#ef4444";
pub const ALIGNMENT: &str = "#0ea5e9";
pub const COHESION: &str = "#22c55e";
pub const OTHER_FORCE: &str = "#f59e0b";
pub const TOTAL: &str = "#d946ef";
/// Reynolds' tube, light green (§4.3: "el área verde claro es el tubo").
pub const TUBE_FILL: &str = "rgba(134,239,172,0.45)";

struct Look<'a> {
    stroke: &'a str,
    fill: Option<&'a str>,
    width_px: f64,
    dash: bool,
}

fn look(style: Style, p: &Palette) -> Look<'_> {
    let l = |stroke, fill, width_px, dash| Look { stroke, fill, width_px, dash };
    match style {
        Style::Agent => l(&p.agent, Some(&p.agent), 1.0, false),
        Style::Selected => l("#f97316", Some("#f97316"), 1.5, false),
        Style::SelfAgent => l(SELF_RED, Some(SELF_RED), 1.0, false),
        Style::Checked => l(CHECKED_VIOLET, Some(CHECKED_VIOLET), 1.0, false),
        Style::Other => l(OTHER_GREY, Some(OTHER_GREY), 1.0, false),
        Style::Cell => l(CELL_GREEN, Some(CELL_GREEN), 0.0, false),
        Style::Grid => l(&p.grid, None, 1.0, false),
        Style::Perception => l(&p.faint, None, 1.0, false),
        Style::SepDist => l(SEPARATION, None, 1.0, true),
        Style::Velocity => l(&p.faint, None, 1.0, false),
        Style::ForceSeparation => l(SEPARATION, None, 2.0, false),
        Style::ForceAlignment => l(ALIGNMENT, None, 2.0, false),
        Style::ForceCohesion => l(COHESION, None, 2.0, false),
        Style::ForceOther => l(OTHER_FORCE, None, 2.0, false),
        Style::ForceTotal => l(TOTAL, None, 2.5, false),
        Style::MeanHeading => l(ALIGNMENT, None, 2.5, false),
        Style::Centroid => l(COHESION, Some(COHESION), 1.5, true),
        Style::Neighbour => l(&p.faint, None, 0.75, false),
        Style::Leader => l("#f97316", Some("#f97316"), 1.5, false),
        Style::Arriving => l("#16a34a", Some("#16a34a"), 1.0, false),
        Style::Evading => l("#dc2626", Some("#dc2626"), 1.0, false),
        Style::BehindPoint => l("#16a34a", Some("#16a34a"), 1.5, false),
        Style::AheadZone => l("#dc2626", Some("rgba(220,38,38,0.12)"), 1.0, true),
        Style::Cone => l("rgba(234,179,8,0.7)", Some("rgba(234,179,8,0.12)"), 1.0, false),
        Style::Braking => l("#eab308", Some("#eab308"), 1.0, false),
        Style::Goal => l("#16a34a", Some("rgba(22,163,74,0.18)"), 2.0, false),
        Style::Path => l("#16a34a", None, 2.5, false),
        Style::Tube => l("rgba(134,239,172,0.45)", None, 1.0, false),
        Style::Waypoint => l("#15803d", Some("#22c55e"), 1.5, false),
        Style::ActiveWaypoint => l("#f97316", Some("#fb923c"), 2.0, false),
        Style::ArriveRadius => l("#f97316", None, 1.5, true),
        Style::Prediction => l(&p.faint, Some(&p.faint), 1.5, true),
        Style::PredictionOut => l("#ef4444", Some("#ef4444"), 2.0, true),
        Style::Projection => l("#0ea5e9", Some("#0ea5e9"), 1.5, false),
        Style::Correction => l("#ef4444", None, 2.0, false),
        Style::Obstacle => l(&p.faint, Some("rgba(100,116,139,0.45)"), 1.5, false),
        Style::Food => l("#ca8a04", Some("#eab308"), 1.0, false),
        Style::Pointer => l("#dc2626", None, 2.0, true),
        Style::SteerVelocity => l("#3b82f6", None, 2.0, false),
        Style::DesiredVelocity => l("#22c55e", None, 2.0, true),
        Style::SteerForce => l("#ec4899", None, 2.5, false),
        Style::PanicRadius => l("#dc2626", Some("rgba(220,38,38,0.08)"), 1.5, true),
        Style::WanderCircle => l(&p.faint, None, 1.5, false),
        Style::WanderTarget => l("#f97316", Some("#f97316"), 1.5, false),
        Style::Jitter => l("#f97316", None, 3.5, false),
        Style::Feeler => l(&p.faint, None, 1.5, false),
        Style::FeelerHit => l("#ef4444", Some("#ef4444"), 2.0, false),
        Style::Threat => l("#ef4444", None, 2.5, false),
        Style::Wall => l("#64748b", None, 3.0, false),
        Style::WallHit => l("#ef4444", Some("#ef4444"), 4.0, false),
        Style::FieldArrow => l(&p.faint, None, 1.0, false),
        Style::Label => l(&p.text, Some(&p.text), 1.0, false),
        Style::ChartFrame => l(&p.border, Some(&p.background), 1.0, false),
        Style::ChartNaive => l(SEPARATION, Some(SEPARATION), 2.0, false),
        Style::ChartGrid => l(COHESION, Some(COHESION), 2.0, false),
    }
}

/// World → CSS pixel mapping: uniform scale, centred (the world keeps its aspect).
#[derive(Clone, Copy, Debug, Default)]
pub struct View {
    pub scale: f64,
    pub ox: f64,
    pub oy: f64,
    pub dpr: f64,
    pub css_w: f64,
    pub css_h: f64,
}

impl View {
    pub fn fit(world: Vec2, css_w: f64, css_h: f64, dpr: f64) -> View {
        let s = (css_w / world.x as f64).min(css_h / world.y as f64).max(1e-6);
        View {
            scale: s,
            ox: (css_w - world.x as f64 * s) * 0.5,
            oy: (css_h - world.y as f64 * s) * 0.5,
            dpr,
            css_w,
            css_h,
        }
    }
    /// CSS pixel (relative to the canvas box) → world.
    pub fn to_world(self, x: f64, y: f64) -> Vec2 {
        Vec2::new(((x - self.ox) / self.scale) as f32, ((y - self.oy) / self.scale) as f32)
    }
}

/// Draw a whole frame: background, world border, then the list.
/// `clear`: paint the background first (false when a pixel layer was just put on the canvas).
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
) {
    let d = view.dpr;
    let _ = ctx.set_transform(d, 0.0, 0.0, d, 0.0, 0.0);
    if clear {
        // Cleared first: a site may give the canvas a translucent or transparent background.
        ctx.clear_rect(0.0, 0.0, view.css_w, view.css_h);
        ctx.set_fill_style_str(&pal.background);
        ctx.fill_rect(0.0, 0.0, view.css_w, view.css_h);
    }
    let s = view.scale;
    let _ = ctx.set_transform(d * s, 0.0, 0.0, d * s, d * view.ox, d * view.oy);
    ctx.set_stroke_style_str(&pal.border);
    ctx.set_line_width(1.0 / s);
    ctx.stroke_rect(0.0, 0.0, world.x as f64, world.y as f64);
    ctx.save();
    ctx.begin_path();
    ctx.rect(0.0, 0.0, world.x as f64, world.y as f64);
    ctx.clip();

    let font_px = 11.0;
    ctx.set_font(&format!("{}px system-ui, sans-serif", font_px / s));
    ctx.set_text_baseline("middle");
    let mut dashed = false;
    let mut run: Option<Style> = None;
    let mut k = 0;
    while k < list.cmds.len() {
        let cmd = &list.cmds[k];
        k += 1;
        if cmd.style == Style::Tube {
            // The tube: every consecutive tube shape (segment quads, corner discs) is one path filled
            // once, so overlaps do not darken. Sub-paths share one winding (nonzero: their union).
            ctx.begin_path();
            let mut j = k - 1;
            while j < list.cmds.len() && list.cmds[j].style == Style::Tube {
                match list.cmds[j].shape {
                    Shape::Polyline { start, len, .. } => {
                        let pts = list.points_of(start, len);
                        let area: f32 = (0..pts.len()).map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()])).sum();
                        let n = pts.len();
                        for idx in 0..n {
                            let p = if area >= 0.0 { pts[idx] } else { pts[n - 1 - idx] };
                            if idx == 0 {
                                ctx.move_to(p.x as f64, p.y as f64);
                            } else {
                                ctx.line_to(p.x as f64, p.y as f64);
                            }
                        }
                        ctx.close_path();
                    }
                    Shape::Circle { c, r } | Shape::Disc { c, r } => {
                        ctx.move_to((c.x + r) as f64, c.y as f64);
                        let _ = ctx.arc(c.x as f64, c.y as f64, r.max(0.0) as f64, 0.0, std::f64::consts::TAU);
                        ctx.close_path();
                    }
                    _ => {}
                }
                j += 1;
            }
            ctx.set_fill_style_str(TUBE_FILL);
            ctx.fill();
            run = None;
            k = j;
            continue;
        }
        let lk = look(cmd.style, pal);
        if run != Some(cmd.style) {
            ctx.set_stroke_style_str(lk.stroke);
            if let Some(f) = lk.fill {
                ctx.set_fill_style_str(f);
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
                let (p, f) = (pos.as_dvec2(), dir.normalize_or(Vec2::X).as_dvec2() * size as f64);
                let side = glam::DVec2::new(-f.y, f.x) * 0.45;
                ctx.begin_path();
                ctx.move_to(p.x + f.x * 0.6, p.y + f.y * 0.6);
                ctx.line_to(p.x - f.x * 0.4 + side.x, p.y - f.y * 0.4 + side.y);
                ctx.line_to(p.x - f.x * 0.4 - side.x, p.y - f.y * 0.4 - side.y);
                ctx.close_path();
                ctx.fill();
            }
            Shape::Circle { c, r } => {
                ctx.begin_path();
                let _ = ctx.arc(c.x as f64, c.y as f64, r.max(0.0) as f64, 0.0, std::f64::consts::TAU);
                if matches!(cmd.style, Style::Tube | Style::AheadZone | Style::Goal | Style::PanicRadius) {
                    if let Some(f) = lk.fill {
                        ctx.set_fill_style_str(f);
                        ctx.fill();
                    }
                }
                ctx.stroke();
            }
            Shape::Disc { c, r } => {
                ctx.begin_path();
                let _ = ctx.arc(c.x as f64, c.y as f64, r.max(0.0) as f64, 0.0, std::f64::consts::TAU);
                ctx.fill();
            }
            Shape::Rect { min, max } => {
                let (w, h) = ((max.x - min.x) as f64, (max.y - min.y) as f64);
                if lk.fill.is_some() {
                    ctx.fill_rect(min.x as f64, min.y as f64, w, h);
                }
                if lk.width_px > 0.0 {
                    ctx.stroke_rect(min.x as f64, min.y as f64, w, h);
                }
            }
            Shape::Line { a, b } => {
                ctx.begin_path();
                ctx.move_to(a.x as f64, a.y as f64);
                ctx.line_to(b.x as f64, b.y as f64);
                ctx.stroke();
            }
            Shape::Arrow { from, to } => {
                let (a, b) = (from.as_dvec2(), to.as_dvec2());
                let v = b - a;
                let len = v.length();
                ctx.begin_path();
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
                ctx.stroke();
            }
            Shape::Polyline { start, len, closed } => {
                let pts = list.points_of(start, len);
                if pts.is_empty() {
                    continue;
                }
                ctx.begin_path();
                ctx.move_to(pts[0].x as f64, pts[0].y as f64);
                for p in &pts[1..] {
                    ctx.line_to(p.x as f64, p.y as f64);
                }
                if closed {
                    ctx.close_path();
                }
                if cmd.style == Style::Tube {
                    // The tube: the polyline stroked as wide as the tube (2 · radius is in the width).
                    ctx.set_line_cap("round");
                    ctx.set_line_join("round");
                }
                ctx.stroke();
            }
            Shape::Text { at, start, len } => {
                let _ = ctx.fill_text(lang::canvas_text(lang, list.text_of(start, len)), at.x as f64, at.y as f64);
            }
        }
    }
    ctx.restore();
    if dashed {
        let _ = ctx.set_line_dash(no_dash);
    }
    if !list.legend.is_empty() {
        paint_legend(ctx, view, list, pal, lang);
    }
}

/// The force legend in screen pixels at the top-left corner: a colour swatch and a line of text per
/// row, 15 px apart whatever the canvas's size (on a canvas too small for it, only the rows that
/// fit are drawn; with fewer than two, none).
fn paint_legend(ctx: &Ctx2d, view: &View, list: &DrawList, pal: &Palette, lang: Lang) {
    const ROW: f64 = 15.0;
    let d = view.dpr;
    let _ = ctx.set_transform(d, 0.0, 0.0, d, 0.0, 0.0);
    let fit = (((view.css_h - 12.0) / ROW).floor().max(0.0) as usize).min(list.legend.len());
    if fit < 2 || view.css_w < 120.0 {
        return;
    }
    ctx.set_font("11px system-ui, sans-serif");
    ctx.set_text_baseline("middle");
    let texts: Vec<String> = list.legend[..fit].iter().map(|r| lang::legend(lang, r)).collect();
    // (About 6 px a character at 11 px; `fill_text` squeezes a longer line into the box.)
    let width = texts.iter().map(|t| t.chars().count() as f64 * 6.0).fold(0.0, f64::max);
    let w = (width + 32.0).min(view.css_w - 8.0);
    ctx.set_fill_style_str(&pal.background);
    ctx.set_global_alpha(0.85);
    ctx.fill_rect(4.0, 4.0, w, fit as f64 * ROW + 6.0);
    ctx.set_global_alpha(1.0);
    ctx.set_line_width(2.0);
    for (k, (row, text)) in list.legend[..fit].iter().zip(&texts).enumerate() {
        let y = 4.0 + 3.0 + ROW * (k as f64 + 0.5);
        let style = match *row {
            LegendRow::Rule { style, .. } => style,
            LegendRow::Total { .. } => Style::ForceTotal,
        };
        ctx.set_stroke_style_str(look(style, pal).stroke);
        ctx.begin_path();
        ctx.move_to(10.0, y);
        ctx.line_to(24.0, y);
        ctx.stroke();
        ctx.set_fill_style_str(&pal.text);
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
