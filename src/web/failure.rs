//! A scenario that could not start: its message on the canvas (the error box, `paint::error`,
//! under a heading in the canvas's language), for screen readers beside it as an alert (hidden
//! from sight: the figure shows it once), in the console and as `steerlab:error`.

use super::{lifecycle, paint, params, theme};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

/// Show a readable message on the canvas, beside it, and in the console. Returns the alert
/// beside the canvas (`p.steerlab-error`, `role="alert"`).
pub(super) fn show_error(canvas: &HtmlCanvasElement, msg: &str) -> Option<Element> {
    web_sys::console::error_1(&JsValue::from_str(&format!("steerlab: {msg}")));
    let window = web_sys::window()?;
    let dpr = window.device_pixel_ratio().max(0.5);
    // A canvas that never mounted is sized for the message (full width, as tall as the wrapped
    // text needs: `.steerlab-error-canvas` in steerlab.css); a viewer that stopped keeps its box.
    let in_viewer = canvas.class_list().contains("steerlab-canvas");
    if !in_viewer {
        let _ = canvas.class_list().add_1("steerlab-error-canvas");
    }
    let rect = canvas.get_bounding_client_rect();
    let w = if rect.width() >= 1.0 { rect.width() } else { 300.0 };
    let h = if in_viewer { rect.height().max(1.0) } else { paint::error_height(w, msg).max(120.0) };
    canvas.set_width((w * dpr).round() as u32);
    canvas.set_height((h * dpr).round() as u32);
    if let Ok(Some(ctx)) = canvas.get_context("2d") {
        if let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() {
            let lang = crate::lang::Lang::from_tag(&super::lang_of(canvas));
            paint::paint_error(&ctx, w, h, dpr, lang.text(crate::lang::K::UiErrorTitle), msg);
        }
    }
    let _ = canvas.set_attribute("aria-label", &format!("steerlab error: {msg}"));
    // An announced text copy (canvas pixels are not read by screen readers), hidden from sight by
    // steerlab.css (`.steerlab-error`): the box above shows the message once.
    let doc = canvas.owner_document()?;
    let next = canvas.next_element_sibling();
    let box_el = match next.filter(|n| n.class_list().contains("steerlab-error")) {
        Some(e) => e,
        None => {
            let e = doc.create_element("p").ok()?;
            e.set_class_name("steerlab-error");
            let _ = e.set_attribute("role", "alert");
            let _ = canvas.parent_node()?.insert_before(&e, canvas.next_sibling().as_ref());
            e
        }
    };
    box_el.set_text_content(Some(msg));
    // Readable on the page's background: the alert takes the canvas's theme.
    theme::resolve(&window, canvas, &box_el);
    Some(box_el)
}

/// A mount that failed with `message`: on the canvas, beside it, in the console and as
/// `steerlab:error`.
pub(super) fn failed(canvas: &HtmlCanvasElement, message: &str) {
    let alert = show_error(canvas, message);
    lifecycle::failed(canvas, alert);
    params::emit(canvas, "steerlab:error", &params::object(&[("message", JsValue::from_str(message))]));
}

/// Show `message` on `canvas` as a failed mount does (the picture, the alert beside it, the
/// console, a `steerlab:error` event): for a scenario that could not even be fetched
/// (`data-scenario-src` in www/boot.js). A canvas with a viewer is left alone.
#[wasm_bindgen]
pub fn refuse(canvas: HtmlCanvasElement, message: &str) {
    if lifecycle::find(&canvas).is_none() {
        lifecycle::clear_failed(&canvas);
        failed(&canvas, message);
    }
}
