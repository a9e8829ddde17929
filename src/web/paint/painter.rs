//! The frame's buffer of canvas operations ([`Painter`]) and the few lines of JS that replay it.

use glam::Vec2;
use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::CanvasRenderingContext2d as Ctx2d;

// The operations of the buffer, each followed by its arguments. Colours are indices into the
// palette's table of CSS colours (`Palette::css`), texts and fonts indices into the painter's
// table of strings (`Painter::texts`).
#[wasm_bindgen(inline_js = r#"export function paint(c, o, k, t) {
  for (let i = 0, n = o.length; i < n; ) {
    switch (o[i++]) {
      case 0: c.setTransform(o[i], 0, 0, o[i], o[i + 1], o[i + 2]); i += 3; break;
      case 1: c.fillStyle = k[o[i++]]; break;
      case 2: c.strokeStyle = k[o[i++]]; break;
      case 3: c.lineWidth = o[i++]; break;
      case 4: { const d = o[i++]; c.setLineDash(d ? [d, d] : []); break; }
      case 5: c.beginPath(); break;
      case 6: c.moveTo(o[i], o[i + 1]); i += 2; break;
      case 7: c.lineTo(o[i], o[i + 1]); i += 2; break;
      case 8: c.moveTo(o[i] + o[i + 2], o[i + 1]); c.arc(o[i], o[i + 1], o[i + 2], 0, 2 * Math.PI); i += 3; break;
      case 9: c.closePath(); break;
      case 10: c.fill(); break;
      case 11: c.stroke(); break;
      case 12: c.fillRect(o[i], o[i + 1], o[i + 2], o[i + 3]); i += 4; break;
      case 13: c.strokeRect(o[i], o[i + 1], o[i + 2], o[i + 3]); i += 4; break;
      case 14: c.clearRect(o[i], o[i + 1], o[i + 2], o[i + 3]); i += 4; break;
      case 15: c.save(); c.beginPath(); c.rect(o[i], o[i + 1], o[i + 2], o[i + 3]); c.clip(); i += 4; break;
      case 16: c.restore(); break;
      case 17: c.globalAlpha = o[i++]; break;
      case 18: c.font = t[o[i++]]; c.textBaseline = o[i++] ? "top" : "middle"; break;
      case 19: c.fillText(t[o[i]], o[i + 1], o[i + 2], o[i + 3]); i += 4; break;
      case 20: c.fillText(t[o[i]], o[i + 1], o[i + 2]); i += 3; break;
      case 21: c.moveTo(o[i], o[i + 1]); c.lineTo(o[i + 2], o[i + 3]); c.lineTo(o[i + 4], o[i + 5]); i += 6;
    }
  }
}"#)]
extern "C" {
    /// Make the canvas calls of `ops` on `ctx`.
    #[wasm_bindgen(js_name = paint)]
    fn run(ctx: &Ctx2d, ops: &[f64], colours: &Array, texts: &Array);
}

/// The operations the JS `paint` knows (the numbers of its `case`s).
#[derive(Clone, Copy)]
pub(super) enum Op {
    /// A uniform scale and a translation: `setTransform(s, 0, 0, s, x, y)`.
    Transform = 0,
    FillStyle,
    StrokeStyle,
    LineWidth,
    /// Dashes of this length on and off (0: solid).
    Dash,
    BeginPath,
    MoveTo,
    LineTo,
    /// A whole circle as a sub-path of the current path (starting at its rightmost point, so
    /// that no line joins it to the sub-path before).
    Circle,
    ClosePath,
    Fill,
    Stroke,
    FillRect,
    StrokeRect,
    ClearRect,
    /// `save()`, then clip to a rectangle.
    Clip,
    Restore,
    Alpha,
    /// A font and a baseline (0: middle, 1: top).
    Font,
    /// A text squeezed into a width.
    TextMax,
    Text,
    /// An agent's triangle as a sub-path.
    Triangle,
}

/// The operations of one frame, and the strings they name. A viewer keeps one between frames:
/// the buffer keeps its size, and a string goes to JS only when it changed.
#[derive(Default)]
pub struct Painter {
    ops: Vec<f64>,
    texts: Option<Array>,
    /// What each slot of `texts` holds.
    shown: Vec<String>,
    /// The next slot a text of this frame takes.
    slot: usize,
    /// How much larger than their world size the agents are drawn (≥ 1; 0 counts as 1): on a
    /// small canvas every agent keeps `MIN_AGENT_PX` on screen (issue 45), all scaled alike so a
    /// leader stays larger than its followers; the selected agent's ring with them. The
    /// simulation is untouched.
    pub agent_k: f64,
}

/// The shortest an agent is drawn, in CSS px (its width is 0.9 of that): a follower of a 640-unit
/// world on a 309 px phone canvas would be 3 px.
pub const MIN_AGENT_PX: f64 = 7.0;

impl Painter {
    #[inline(never)]
    pub(super) fn op(&mut self, op: Op, args: &[f64]) {
        self.ops.push(op as u8 as f64);
        self.ops.extend_from_slice(args);
    }

    /// The slot of `text` in this frame (sent to JS only if the slot held another).
    pub(super) fn text(&mut self, text: &str) -> f64 {
        let k = self.slot;
        self.slot += 1;
        let texts = self.texts.get_or_insert_with(Array::new);
        if self.shown.len() <= k {
            self.shown.resize(k + 1, String::new());
            texts.set(k as u32, JsValue::from_str(""));
        }
        if self.shown[k] != text {
            texts.set(k as u32, JsValue::from_str(text));
            self.shown[k].clear();
            self.shown[k].push_str(text);
        }
        k as f64
    }

    pub(super) fn begin(&mut self) {
        self.ops.clear();
        self.slot = 0;
    }

    /// Make the canvas calls written since `begin`.
    pub(super) fn finish(&mut self, ctx: &Ctx2d, colours: &Array) {
        let texts = self.texts.get_or_insert_with(Array::new);
        run(ctx, &self.ops, colours, texts);
    }

    pub(super) fn transform(&mut self, s: f64, x: f64, y: f64) {
        self.op(Op::Transform, &[s, x, y]);
    }

    pub(super) fn circle(&mut self, c: Vec2, r: f32) {
        self.op(Op::Circle, &[c.x as f64, c.y as f64, r.max(0.0) as f64]);
    }

    pub(super) fn move_to(&mut self, p: glam::DVec2) {
        self.op(Op::MoveTo, &[p.x, p.y]);
    }

    pub(super) fn line_to(&mut self, p: glam::DVec2) {
        self.op(Op::LineTo, &[p.x, p.y]);
    }

    pub(super) fn font(&mut self, font: &str, top: bool) {
        let k = self.text(font);
        self.op(Op::Font, &[k, top as u8 as f64]);
    }
}
