//! The error box: a scenario that could not start, a viewer that stopped after an internal error.

use super::painter::{Op, Painter};
use js_sys::Array;
use web_sys::CanvasRenderingContext2d as Ctx2d;

/// The error box's message font: 13 px monospace, ~7.8 px a character.
const ERROR_CHAR_PX: f64 = 7.8;
const ERROR_LINE_PX: f64 = 18.0;
/// Where the message starts (below the heading) and the margin under it.
const ERROR_TOP_PX: f64 = 40.0;
const ERROR_BOTTOM_PX: f64 = 14.0;

/// The message wrapped to a box `css_w` wide, each of its lines (one mistake a line) on lines of
/// its own; a word longer than a line is cut.
pub fn error_lines(css_w: f64, message: &str) -> Vec<String> {
    let max = ((css_w - 28.0) / ERROR_CHAR_PX).max(10.0) as usize;
    let mut lines = Vec::new();
    for text in message.split('\n') {
        let mut line = String::new();
        let mut n = 0;
        for word in text.split_whitespace() {
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
    }
    lines
}

/// The CSS height a box `css_w` wide needs to show the whole message.
pub fn error_height(css_w: f64, message: &str) -> f64 {
    ERROR_TOP_PX + error_lines(css_w, message).len() as f64 * ERROR_LINE_PX + ERROR_BOTTOM_PX
}

/// A readable message in place of the picture (broken scenario, bad input), under `title` (the
/// page's language's, else "steerlab: error").
pub fn paint_error(ctx: &Ctx2d, css_w: f64, css_h: f64, dpr: f64, title: &str, message: &str) {
    let colours = Array::of3(&"#fef2f2".into(), &"#dc2626".into(), &"#991b1b".into());
    let p = &mut Painter::default();
    let max = (css_w - 28.0).max(10.0);
    p.transform(dpr, 0.0, 0.0);
    p.op(Op::FillStyle, &[0.0]);
    p.op(Op::FillRect, &[0.0, 0.0, css_w, css_h]);
    p.op(Op::StrokeStyle, &[1.0]);
    p.op(Op::LineWidth, &[2.0]);
    p.op(Op::StrokeRect, &[1.0, 1.0, css_w - 2.0, css_h - 2.0]);
    p.op(Op::FillStyle, &[2.0]);
    p.font("bold 14px system-ui, sans-serif", true);
    // Short, and squeezed to the width if need be: the same box shows a scenario that could not
    // start and a viewer that stopped after an internal error (the message says which).
    let t = p.text(if title.is_empty() { "steerlab: error" } else { title });
    p.op(Op::TextMax, &[t, 14.0, 14.0, max]);
    p.font("13px ui-monospace, monospace", true);
    for (k, line) in error_lines(css_w, message).iter().enumerate() {
        let t = p.text(line);
        p.op(Op::TextMax, &[t, 14.0, ERROR_TOP_PX + k as f64 * ERROR_LINE_PX, max]);
    }
    p.finish(ctx, &colours);
}
