//! Stills of a viewer's current frame: `v.still("svg")` (the core's SVG writer, `sim::svg`: the
//! document the native `still` example writes for the same state, palette and language),
//! `v.still("png", scale)` (the same draw list painted on a scratch canvas at the still's size ×
//! `scale`, as a PNG `Blob`), and the bar's "Save image" button (the SVG, downloaded).

use super::paint::{self, Palette};
use crate::lang::Lang;
use crate::sim::draw::Overlays;
use crate::sim::draw::View;
use crate::sim::raster::{Raster, RasterStyle, RasterView};
use crate::sim::render::Renderer;
use crate::sim::text::{short64, Fixed};
use crate::sim::Sim;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, ImageData};

/// The largest PNG side, in pixels (browsers refuse larger canvases or run out of memory).
pub const MAX_PNG_PX: f64 = 8192.0;

/// What a still is drawn from: the viewer's simulation, its renderer (whose spatial-hash chart
/// history the canvas shows), its overlays, palette and language.
pub struct Parts<'a> {
    pub sim: &'a Sim,
    pub renderer: &'a mut Renderer,
    pub overlays: Overlays,
    pub palette: &'a Palette,
    pub lang: Lang,
    pub document: &'a Document,
    /// The chart's painter (`www/chart.js`) while the chart is shown: the still has it under the frame.
    pub chart: Option<(ChartPainter, JsValue)>,
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `www/chart.js`'s painter (`v.chartPainter`): the chart of a series at a width, for stills.
    #[derive(Clone)]
    pub type ChartPainter;
    #[wasm_bindgen(method, catch)]
    fn height(this: &ChartPainter, width: f64, series: &JsValue) -> Result<f64, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn svg(this: &ChartPainter, width: f64, series: &JsValue) -> Result<String, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn paint(
        this: &ChartPainter,
        ctx: &CanvasRenderingContext2d,
        y: f64,
        width: f64,
        scale: f64,
        series: &JsValue,
    ) -> Result<(), JsValue>;
}

/// The chart's height in px at the still's width (`None`: none, or the painter failed).
fn chart_height((painter, series): &(ChartPainter, JsValue), w: f64) -> Option<f64> {
    painter.height(w, series).ok().filter(|h| h.is_finite() && *h > 0.0)
}

/// The SVG document of the current frame (with the chart under it when shown: the frame's
/// document and the chart's, each an `<svg>`, inside one).
pub fn svg(p: Parts) -> String {
    let frame = crate::svg::still(p.sim, p.renderer, p.overlays, &p.palette.core, p.lang);
    let Some(painter) = &p.chart else { return frame };
    let still = View::still(p.sim.world().size());
    let (w, h) = (still.css_w, still.css_h);
    let (Some(ch), Some(chart)) = (chart_height(painter, w), painter.0.svg(w, &painter.1).ok()) else {
        return frame;
    };
    let num = crate::sim::text::short64;
    let total = num(h + ch);
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{total}\" viewBox=\"0 0 {} {total}\">\n",
        num(w),
        num(w)
    );
    o.push_str(&frame);
    o.push_str(&format!("<g transform=\"translate(0 {})\">\n", num(h)));
    o.push_str(&chart);
    o.push_str("</g>\n</svg>\n");
    o
}

/// The current frame as a PNG: a promise of a `Blob`, `scale` × the still's size in pixels.
pub fn png(p: Parts, scale: f64) -> Result<js_sys::Promise, String> {
    let world = p.sim.world().size();
    let still = View::still(world);
    if !(scale.is_finite() && scale > 0.0) {
        return Err(format!("still: scale must be a number > 0, got {}", short64(scale)));
    }
    let (w, h) = ((still.css_w * scale).round().max(1.0), (still.css_h * scale).round().max(1.0));
    let chart_h = p.chart.as_ref().and_then(|c| chart_height(c, still.css_w)).map_or(0.0, |ch| (ch * scale).round());
    if w > MAX_PNG_PX || h + chart_h > MAX_PNG_PX {
        return Err(format!(
            "still: scale {} gives a {} × {} px image; at most {} px a side (scale ≤ {})",
            short64(scale),
            short64(w),
            short64(h),
            short64(MAX_PNG_PX),
            Fixed(MAX_PNG_PX / still.css_w.max(still.css_h), 2)
        ));
    }
    let js = |e: JsValue| format!("still: {}", crate::web::js_text(&e));
    let canvas: HtmlCanvasElement = p.document.create_element("canvas").map_err(js)?.unchecked_into();
    canvas.set_width(w as u32);
    canvas.set_height((h + chart_h) as u32);
    let ctx: CanvasRenderingContext2d =
        canvas.get_context("2d").map_err(js)?.ok_or("still: no 2d context")?.unchecked_into();
    let view = View::fit(world, still.css_w, still.css_h, scale);
    let pixels = p.sim.raster_agents();
    if pixels {
        let rv = RasterView::from_css(w as u32, h as u32, view.scale, view.ox, view.oy, view.dpr);
        let style =
            RasterStyle { background: p.palette.background_rgba, agent: p.palette.agent_rgba, by_heading: true };
        let mut raster = Raster::new();
        let bytes = raster.draw_sim(p.sim, &rv, &style);
        let img = ImageData::new_with_u8_clamped_array_and_sh(Clamped(bytes), w as u32, h as u32).map_err(js)?;
        ctx.put_image_data(&img, 0.0, 0.0).map_err(js)?;
    }
    let list = p.renderer.build(p.sim, p.overlays);
    paint::paint(&ctx, &view, world, list, p.palette, !pixels, p.lang, &mut paint::Painter::default(), true);
    if let (Some((c, series)), true) = (&p.chart, chart_h > 0.0) {
        let _ = c.paint(&ctx, h, still.css_w, scale, series);
    }
    // toBlob calls its callback with the Blob: the promise's own `resolve` is that callback.
    Ok(js_sys::Promise::new(&mut |resolve, _reject| {
        let _ = canvas.to_blob_with_type(&resolve, "image/png");
    }))
}

/// The file name of a still: `flock-step-120.svg`.
pub fn file_name(sim: &Sim, ext: &str) -> String {
    let name: String = sim
        .scenario()
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' })
        .collect();
    let name = if name.is_empty() { "steerlab".to_string() } else { name };
    format!("{name}-step-{}.{ext}", sim.steps)
}

/// "Save image": download the SVG still of the current frame. Through a Blob URL: a `data:` URL
/// would be simpler, but browsers cap URLs at ~2 MB, less than a 100 000-boid still.
pub fn save(p: Parts) -> Result<(), JsValue> {
    let name = file_name(p.sim, "svg");
    let doc = p.document.clone();
    let text = svg(p);
    let parts = js_sys::Array::of1(&JsValue::from_str(&text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("image/svg+xml");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(&name);
    a.click();
    // Revoked once the click has been handled (revoked at once, some browsers cancel the download).
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
    }
    Ok(())
}
