//! Stills: a frame as an SVG document, written from the same draw list the canvas replays, with
//! the same palette table ([`crate::sim::palette`]) and the same words ([`crate::lang`]). Pure Rust and
//! no web APIs, so the browser's `v.still("svg")` and the native `still` example write the same
//! document byte for byte for the same state, palette and language.
//!
//! The document is the world at [`View::still`]'s size (its own size up to 1280 px on the longer
//! side), in CSS pixels: line widths, arrow heads, dashes, text and the force legend have the
//! sizes they have on a canvas of that size. Coordinates are written with at most two decimals.
//! The pixel agent layer (`Sim::raster_agents`, the stress scenario) is written as shapes too, as
//! the layer draws it at that size: a square per agent (one pixel, or 2 × 2 below 2.5 px), or its
//! triangle when larger, one path per heading colour.

use crate::lang::{self, Lang};
use crate::sim::draw::Overlays;
use crate::sim::draw::{legend_rows, legend_width, text_fits, turned, DrawList, Shape, Style, View, LEGEND_ROW_PX};
use crate::sim::engine::Sim;
use crate::sim::palette::{fills_circle, look, Colour, Look, Palette, DASH_PX, TUBE_FILL};
use crate::sim::raster::{heading_colour, sprite_px, RasterStyle};
use crate::sim::render::Renderer;
use crate::sim::text::Fixed;
use glam::{DVec2, Vec2};
use std::fmt::Write;

/// The still of `sim`'s current state: the renderer's draw list for overlays `ov` (the renderer
/// keeps the spatial-hash chart's history, as the canvas's does), `palette`, words in `lang`.
pub fn still(sim: &Sim, renderer: &mut Renderer, ov: Overlays, palette: &Palette, lang: Lang) -> String {
    let agents = sim.raster_agents().then(|| layer_agents(sim));
    let list = renderer.build(sim, ov);
    let sc = sim.scenario();
    let title = sc.title_in(&lang);
    let name = if title.is_empty() { &sc.name } else { title };
    let step = lang.text(lang::K::StillStep);
    let title = format!("{name} · {step} {}", sim.steps);
    let layer = agents.as_ref().map(|a| Layer { agents: a, size: sc.agent_size, by_heading: true });
    write(list, sim.world().size(), palette, lang, &title, layer)
}

/// The pixel layer's agents as (x, y, heading x, heading y), in the order the layer draws them
/// (the fast engine's cell order when it holds the current state).
fn layer_agents(sim: &Sim) -> Vec<[f32; 4]> {
    let mut out = Vec::new();
    match sim.fast_slices() {
        Some(((xs, ys), (hxs, hys))) => {
            for k in 0..xs.len().min(ys.len()).min(hxs.len()).min(hys.len()) {
                out.push([xs[k], ys[k], hxs[k], hys[k]]);
            }
        }
        None => {
            for a in sim.agents().iter() {
                out.push([a.position.x, a.position.y, a.heading.x, a.heading.y]);
            }
        }
    }
    out
}

/// The agents of the pixel layer, for [`write`].
pub struct Layer<'a> {
    pub agents: &'a [[f32; 4]],
    pub size: f32,
    pub by_heading: bool,
}

/// Write the SVG document of a draw list over a `world`-sized world.
pub fn write(list: &DrawList, world: Vec2, pal: &Palette, lang: Lang, title: &str, layer: Option<Layer>) -> String {
    let v = View::still(world);
    let mut w = Writer { out: String::with_capacity(4096 + list.cmds.len() * 48), v, pal: *pal };
    let o = &mut w.out;
    o.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\"");
    attr(o, "width", v.css_w);
    attr(o, "height", v.css_h);
    o.push_str(" viewBox=\"0 0");
    for x in [v.css_w, v.css_h] {
        o.push(' ');
        push_num(o, x);
    }
    o.push_str("\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n<title>");
    escape(o, title);
    o.push_str("</title>\n<rect");
    attr(o, "width", v.css_w);
    attr(o, "height", v.css_h);
    paint_attr(o, "fill", pal.background);
    o.push_str("/>\n");
    if let Some(layer) = layer {
        w.layer(&layer);
    }
    // The world's frame (on the canvas: drawn before the clip, 1 px wide), then the clip.
    let (x0, y0) = v.to_px(Vec2::ZERO);
    let (x1, y1) = v.to_px(world);
    let mut frame = String::new();
    for (name, x) in [("x", x0), ("y", y0), ("width", x1 - x0), ("height", y1 - y0)] {
        attr(&mut frame, name, x);
    }
    let o = &mut w.out;
    o.push_str("<rect");
    o.push_str(&frame);
    o.push_str(" fill=\"none\"");
    paint_attr(o, "stroke", pal.border);
    o.push_str(" stroke-width=\"1\"/>\n<clipPath id=\"steerlab-world\"><rect");
    o.push_str(&frame);
    o.push_str("/></clipPath>\n<g clip-path=\"url(#steerlab-world)\">\n");
    w.commands(list, lang);
    w.out.push_str("</g>\n");
    w.legend(list, lang);
    w.out.push_str("</svg>\n");
    w.out
}

struct Writer {
    out: String,
    v: View,
    pal: Palette,
}

/// What a run of merged shapes becomes: one `<path>` filled, or one stroked.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Fill,
    Stroke,
    Both,
}

impl Writer {
    /// `cmd` then the pixel position of world point `p` (`M12.5 40`).
    fn pt(&self, d: &mut String, cmd: char, p: DVec2) {
        let v = self.v;
        push_xy(d, cmd, p.x * v.scale + v.ox, p.y * v.scale + v.oy);
    }

    /// Every command, consecutive shapes of one style that can share a path merged into one.
    fn commands(&mut self, list: &DrawList, lang: Lang) {
        let s = self.v.scale;
        let mut path = String::new();
        let mut open: Option<(Style, Mode)> = None;
        let mut k = 0;
        while k < list.cmds.len() {
            let cmd = list.cmds[k];
            if cmd.style == Style::Tube {
                self.flush(&mut path, &mut open);
                k = self.tube(list, k);
                continue;
            }
            k += 1;
            let lk = look(cmd.style, &self.pal);
            let mode = match cmd.shape {
                Shape::Agent { .. } => Some(match lk.agent_paint() {
                    (true, false) => Mode::Fill,
                    (false, _) => Mode::Stroke,
                    (true, true) => Mode::Both,
                }),
                Shape::Disc { .. } => Some(Mode::Fill),
                Shape::Line { .. } | Shape::Arrow { .. } => Some(Mode::Stroke),
                _ => None,
            };
            if mode.map(|m| (cmd.style, m)) != open {
                self.flush(&mut path, &mut open);
                open = mode.map(|m| (cmd.style, m));
            }
            match cmd.shape {
                Shape::Agent { pos, dir, size } => {
                    let (p, f) = (pos.as_dvec2(), dir.normalize_or(Vec2::X).as_dvec2() * size as f64);
                    let side = DVec2::new(-f.y, f.x) * 0.45;
                    self.pt(&mut path, 'M', p + f * 0.6);
                    self.pt(&mut path, 'L', p - f * 0.4 + side);
                    self.pt(&mut path, 'L', p - f * 0.4 - side);
                    path.push('Z');
                }
                Shape::Disc { c, r } => self.circle_d(&mut path, c, r),
                Shape::Line { a, b } => {
                    self.pt(&mut path, 'M', a.as_dvec2());
                    self.pt(&mut path, 'L', b.as_dvec2());
                }
                Shape::Arrow { from, to } => {
                    let (a, b) = (from.as_dvec2(), to.as_dvec2());
                    self.pt(&mut path, 'M', a);
                    self.pt(&mut path, 'L', b);
                    let d = b - a;
                    let len = d.length();
                    if len > 1e-6 {
                        let u = d / len;
                        let head = (6.0 / s).min(len * 0.5);
                        let n = DVec2::new(-u.y, u.x) * head * 0.5;
                        self.pt(&mut path, 'M', b - u * head + n);
                        self.pt(&mut path, 'L', b);
                        self.pt(&mut path, 'L', b - u * head - n);
                    }
                }
                Shape::Circle { c, r } => {
                    let (x, y) = self.v.to_px(c);
                    let fill = if fills_circle(cmd.style) { lk.fill } else { None };
                    let o = &mut self.out;
                    o.push_str("<circle");
                    attr(o, "cx", x);
                    attr(o, "cy", y);
                    attr(o, "r", r.max(0.0) as f64 * s);
                    fill_attr(o, fill);
                    stroke_attrs(o, &lk);
                    o.push_str("/>\n");
                }
                Shape::Rect { min, max } => {
                    let (x, y) = self.v.to_px(min);
                    let (x1, y1) = self.v.to_px(max);
                    let o = &mut self.out;
                    o.push_str("<rect");
                    for (name, v) in [("x", x), ("y", y), ("width", x1 - x), ("height", y1 - y)] {
                        attr(o, name, v);
                    }
                    fill_attr(o, lk.fill);
                    if lk.width_px > 0.0 {
                        stroke_attrs(o, &lk);
                    }
                    o.push_str("/>\n");
                }
                Shape::Polyline { start, len, closed } => {
                    let pts = list.points_of(start, len);
                    if pts.is_empty() {
                        continue;
                    }
                    let mut d = String::new();
                    for (j, p) in pts.iter().enumerate() {
                        self.pt(&mut d, if j == 0 { 'M' } else { 'L' }, p.as_dvec2());
                    }
                    if closed {
                        d.push('Z');
                    }
                    self.path(&d, None, Some(&lk));
                }
                Shape::Text { at, start, len, max_w } => {
                    let (x, y) = self.v.to_px(at);
                    let text = lang::canvas_text(lang, list.text_of(start, len));
                    if !text_fits(text, max_w, s) {
                        continue;
                    }
                    let o = &mut self.out;
                    o.push_str("<text");
                    attr(o, "x", x);
                    attr(o, "y", y);
                    o.push_str(" dominant-baseline=\"central\"");
                    paint_attr(o, "fill", lk.fill.unwrap_or(lk.stroke));
                    o.push('>');
                    escape(o, text);
                    o.push_str("</text>\n");
                }
            }
        }
        self.flush(&mut path, &mut open);
    }

    /// `<path d=…>` filled with `fill` (or not filled) and stroked as `stroke` says (or not).
    fn path(&mut self, d: &str, fill: Option<Colour>, stroke: Option<&Look>) {
        let o = &mut self.out;
        o.push_str("<path d=\"");
        o.push_str(d);
        o.push('"');
        fill_attr(o, fill);
        if let Some(lk) = stroke {
            stroke_attrs(o, lk);
        }
        o.push_str("/>\n");
    }

    /// A circle as path data (two arcs, clockwise on screen as the canvas's `arc` draws it).
    fn circle_d(&self, d: &mut String, c: Vec2, r: f32) {
        let (x, y) = self.v.to_px(c);
        let r = r.max(0.0) as f64 * self.v.scale;
        push_xy(d, 'M', x + r, y);
        for end in [x - r, x + r] {
            push_xy(d, 'A', r, r);
            d.push_str(" 0 1 1");
            push_xy(d, ' ', end, y);
        }
        d.push('Z');
    }

    fn flush(&mut self, path: &mut String, open: &mut Option<(Style, Mode)>) {
        if let Some((style, mode)) = open.take() {
            if !path.is_empty() {
                let lk = look(style, &self.pal);
                match mode {
                    Mode::Fill => self.path(path, Some(lk.fill.unwrap_or(lk.stroke)), None),
                    Mode::Stroke => self.path(path, None, Some(&lk)),
                    Mode::Both => self.path(path, lk.fill, Some(&lk)),
                }
            }
        }
        path.clear();
    }

    /// Reynolds' tube: every consecutive tube shape (segment quads, corner discs) is one area
    /// filled once, as on the canvas (sub-paths turned the same way, so the nonzero rule fills
    /// their union). Returns the index after the run.
    fn tube(&mut self, list: &DrawList, mut k: usize) -> usize {
        let mut d = String::new();
        while k < list.cmds.len() && list.cmds[k].style == Style::Tube {
            match list.cmds[k].shape {
                Shape::Polyline { start, len, .. } => {
                    for (idx, p) in turned(list.points_of(start, len)).enumerate() {
                        self.pt(&mut d, if idx == 0 { 'M' } else { 'L' }, p.as_dvec2());
                    }
                    if len > 0 {
                        d.push('Z');
                    }
                }
                Shape::Circle { c, r } | Shape::Disc { c, r } => self.circle_d(&mut d, c, r),
                _ => {}
            }
            k += 1;
        }
        if !d.is_empty() {
            self.path(&d, Some(TUBE_FILL), None);
        }
        k
    }

    /// The force legend in CSS pixels at the top-left corner (the canvas's layout).
    fn legend(&mut self, list: &DrawList, lang: Lang) {
        let fit = legend_rows(list.legend.len(), self.v.css_w, self.v.css_h);
        if fit == 0 {
            return;
        }
        let texts: Vec<String> = list.legend[..fit].iter().map(|r| lang::legend(lang, r)).collect();
        let w = legend_width(texts.iter().map(String::as_str), self.v.css_w);
        let bg = self.pal.background;
        let bg = Colour { alpha: (bg.alpha as u32 * 85 / 100) as u16, ..bg };
        let o = &mut self.out;
        o.push_str("<g class=\"legend\">\n<rect x=\"4\" y=\"4\"");
        attr(o, "width", w);
        attr(o, "height", fit as f64 * LEGEND_ROW_PX + 6.0);
        paint_attr(o, "fill", bg);
        o.push_str("/>\n");
        for (k, (row, text)) in list.legend[..fit].iter().zip(&texts).enumerate() {
            let y = 4.0 + 3.0 + LEGEND_ROW_PX * (k as f64 + 0.5);
            let style = row.style();
            o.push_str("<path d=\"");
            push_xy(o, 'M', 10.0, y);
            o.push_str("H24\" fill=\"none\"");
            paint_attr(o, "stroke", look(style, &self.pal).stroke);
            o.push_str(" stroke-width=\"2\"/><text x=\"28\"");
            attr(o, "y", y);
            o.push_str(" dominant-baseline=\"central\"");
            paint_attr(o, "fill", self.pal.text);
            o.push('>');
            escape(o, text);
            o.push_str("</text>\n");
        }
        o.push_str("</g>\n");
    }

    /// The pixel agent layer as the layer draws it at this size: one path per colour.
    fn layer(&mut self, layer: &Layer) {
        let v = self.v;
        let (scale, ox, oy) = (v.scale as f32, v.ox as f32, v.oy as f32);
        let size = sprite_px(layer.size, scale);
        let style = RasterStyle {
            background: self.pal.background.bytes(),
            agent: self.pal.agent.bytes(),
            by_heading: layer.by_heading,
        };
        // One path per heading colour, in turn order (with one colour for all, one path).
        let mut groups: Vec<([u8; 4], String)> = vec![([0; 4], String::new()); 32];
        for &[x, y, hx, hy] in layer.agents {
            let (fx, fy) = (x * scale + ox, y * scale + oy);
            if !(fx.is_finite() && fy.is_finite()) {
                continue;
            }
            let (t, rgba) = heading_colour(hx, hy, &style);
            let t = if layer.by_heading { t } else { 0 };
            groups[t].0 = rgba;
            let d = &mut groups[t].1;
            // The pixel the layer writes: (⌊fx + ½⌋, ⌊fy + ½⌋), and for a 2×2 dot the ones up and left.
            let (px, py) = ((fx + 0.5).floor() as f64, (fy + 0.5).floor() as f64);
            if size < 2.5 {
                let (dot, at) = if size < 1.5 { ("h1v1h-1z", 0.0) } else { ("h2v2h-2z", 1.0) };
                push_xy(d, 'M', px - at, py - at);
                d.push_str(dot);
            } else {
                let f = Vec2::new(hx, hy).normalize_or(Vec2::X).as_dvec2() * size as f64;
                let side = DVec2::new(-f.y, f.x) * 0.45;
                let p = DVec2::new(fx as f64, fy as f64);
                for (cmd, q) in [('M', p + f * 0.6), ('L', p - f * 0.4 + side), ('L', p - f * 0.4 - side)] {
                    push_xy(d, cmd, q.x, q.y);
                }
                d.push('Z');
            }
        }
        for (rgba, d) in groups.iter().filter(|g| !g.1.is_empty()) {
            self.path(d, Some(Colour::from_bytes(*rgba)), None);
        }
    }
}

/// ` fill="#rrggbb"` (and ` fill-opacity` when translucent), or ` stroke=…`.
fn paint_attr(o: &mut String, what: &str, c: Colour) {
    let _ = write!(o, " {what}=\"{}\"", c.rgb_hex());
    if !c.opaque() {
        let _ = write!(o, " {what}-opacity=\"{}\"", c.alpha_text());
    }
}

/// The fill, or `fill="none"`.
fn fill_attr(o: &mut String, fill: Option<Colour>) {
    match fill {
        Some(f) => paint_attr(o, "fill", f),
        None => o.push_str(" fill=\"none\""),
    }
}

fn stroke_attrs(o: &mut String, lk: &Look) {
    paint_attr(o, "stroke", lk.stroke);
    attr(o, "stroke-width", lk.width_px as f64);
    if lk.dash {
        o.push_str(" stroke-dasharray=\"");
        push_xy(o, ' ', DASH_PX as f64, DASH_PX as f64);
        o.push('"');
    }
}

/// ` name="x"`.
fn attr(o: &mut String, name: &str, x: f64) {
    o.push(' ');
    o.push_str(name);
    o.push_str("=\"");
    push_num(o, x);
    o.push('"');
}

/// `cmd` (unless a space), `x`, a space, `y`.
fn push_xy(o: &mut String, cmd: char, x: f64, y: f64) {
    if cmd != ' ' {
        o.push(cmd);
    }
    push_num(o, x);
    o.push(' ');
    push_num(o, y);
}

/// A coordinate with at most two decimals, trailing zeros dropped (`12`, `12.5`, `-0.25`).
fn push_num(o: &mut String, x: f64) {
    let start = o.len();
    let _ = write!(o, "{}", Fixed(x, 2));
    if o[start..].contains('.') {
        while o.ends_with('0') {
            o.pop();
        }
        if o.ends_with('.') {
            o.pop();
        }
    }
    if &o[start..] == "-0" {
        o.truncate(start);
        o.push('0');
    }
}

/// Text for XML (and HTML) content and attribute values: the SVG writer's, and the inspector's
/// panel markup (`web::inspector`).
pub fn escape(o: &mut String, s: &str) {
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            c => o.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::draw::Overlay;
    use crate::sim::palette::{DARK, LIGHT};

    fn sim(name: &str) -> Sim {
        Sim::from_json(crate::scenarios::builtin(name).unwrap()).unwrap()
    }

    #[test]
    fn numbers_are_short() {
        let num = |x| {
            let mut s = String::from("x");
            push_num(&mut s, x);
            s[1..].to_string()
        };
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-0.25), "-0.25");
        assert_eq!(num(1.005), "1");
        assert_eq!(num(100.0), "100");
        let mut e = String::new();
        escape(&mut e, "a<b & \"c\"");
        assert_eq!(e, "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn a_still_is_the_draw_list() {
        let mut s = sim("flock");
        for _ in 0..30 {
            s.step();
        }
        let mut r = Renderer::new();
        let ov = Overlays::from_list(&s.scenario().overlays);
        let svg = still(&s, &mut r, ov, &LIGHT, Lang::En);
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"400\""),
            "{}",
            &svg[..200]
        );
        assert!(svg.ends_with("</svg>\n"));
        assert!(svg.contains("<title>"), "a title");
        // Every agent of the list is a triangle (one M…L…L…Z each) in the agent colour.
        let agents = r.list.count(Style::Agent);
        assert!(agents > 10);
        // (The selected agent, in its role's colour too, is drawn last, in a path of its own.)
        let fill = format!("fill=\"{}\"/>", LIGHT.agent.rgb_hex());
        let triangles: usize = svg.lines().filter(|l| l.ends_with(&fill)).map(|l| l.matches('Z').count()).sum();
        assert_eq!(triangles, agents);
        // The same state in the dark palette differs only in colours.
        let mut r2 = Renderer::new();
        let dark = still(&s, &mut r2, ov, &DARK, Lang::En);
        assert_ne!(svg, dark);
        assert!(dark.contains(&DARK.background.rgb_hex()) && !dark.contains(&LIGHT.background.rgb_hex()));
        // Deterministic: the same state gives the same document.
        let mut r3 = Renderer::new();
        assert_eq!(svg, still(&s, &mut r3, ov, &LIGHT, Lang::En));
    }

    #[test]
    fn labels_and_the_legend_take_the_language() {
        let mut s = sim("spatial-hash");
        s.step();
        let mut r = Renderer::new();
        let mut ov = Overlays::from_list(&s.scenario().overlays);
        ov.set(Overlay::Chart, true);
        let en = still(&s, &mut r, ov, &LIGHT, Lang::En);
        let es = still(&s, &mut Renderer::new(), ov, &LIGHT, Lang::from_tag("es"));
        assert!(en.contains(">checks per step vs n</text>"), "{en}");
        assert!(es.contains(">comprobaciones/paso frente a n</text>"));
        // The force legend of a selected boid.
        let mut f = sim("flock");
        f.selected = Some(0);
        f.step();
        let mut ov = Overlays::from_list(&f.scenario().overlays);
        ov.set(Overlay::Forces, true);
        let es = still(&f, &mut Renderer::new(), ov, &LIGHT, Lang::from_tag("es"));
        assert!(es.contains("<g class=\"legend\">"), "{es}");
        assert!(es.contains("limitado a max_force"));
        assert!(es.contains("separación ×"));
    }

    #[test]
    fn the_pixel_layer_is_drawn_as_squares_per_colour() {
        let mut s = sim("stress");
        s.step();
        let svg = still(&s, &mut Renderer::new(), Overlays::default(), &DARK, Lang::En);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1280\" height=\"720\""));
        // 12 world units at 1280 / 8020 px each: 1.9 px, drawn as 2 × 2 dots, every agent once.
        assert_eq!(svg.matches("h2v2h-2z").count(), s.agent_count());
        let paths = svg.lines().filter(|l| l.contains("h2v2h-2z")).count();
        assert!((8..=32).contains(&paths), "{paths} colours");
    }
}
