//! The DOM around the canvas: built at mount (no listeners yet: `events.rs` attaches them), given
//! back as it was at destroy.

use super::{controls, Handles, Inner, Options, Perf};
use crate::lang::K;
use crate::sim::draw::Overlays;
use crate::sim::raster::Raster;
use crate::sim::render::Renderer;
use crate::sim::text::short32;
use crate::sim::Sim;
use crate::web::history::Timeline;
use crate::web::inspector::Inspector;
use crate::web::paint::{self, Palette, View};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlElement};

pub(super) fn el(doc: &Document, tag: &str, class: &str) -> Result<HtmlElement, JsValue> {
    let e: HtmlElement = doc.create_element(tag)?.dyn_into()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Ok(e)
}

impl Inner {
    /// Build the DOM around the canvas and the viewer state (no listeners yet).
    pub fn new(canvas: HtmlCanvasElement, sim: Sim, opts: &Options) -> Result<Inner, JsValue> {
        let window = web_sys::window().ok_or("no window")?;
        let document = window.document().ok_or("no document")?;
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("this canvas has no 2d context (is it already used for WebGL?)")?
            .dyn_into()?;
        let lang = opts.lang;
        let sc = sim.scenario();

        // <div class="steerlab"> [title] canvas, scrub bar, bar, controls, readout, live region,
        // caption, HUD </div>
        let root = el(&document, "div", "steerlab")?;
        // The language asked for (www/boot.js writes the marked words under it again when words
        // are added for it: `web/words.rs`).
        root.set_attribute("lang", &opts.tag)?;
        if let Some(parent) = canvas.parent_node() {
            parent.insert_before(&root, Some(&canvas))?;
        }
        // Through CSSOM, never the attribute: writing `style="…"` is inline style, which a strict
        // CSP forbids (and Chromium serialises CSSOM writes into the attribute lazily).
        let orig_style = canvas.has_attribute("style").then(|| canvas.style().css_text());
        root.append_child(&canvas)?;
        let parts = opts.controls;
        let (tl, scrub) = Timeline::new(&sim, &document, lang, parts.time)?;
        if let Some(s) = scrub {
            // Fine mode beside the bar (`controls::Place::Scrub`).
            for b in controls::BUTTONS.iter().filter(|b| b.place == controls::Place::Scrub) {
                let button = controls::make_button(&document, lang, b)?;
                s.append_child(&button)?;
            }
            root.append_child(&s)?;
        }
        let orig_attrs =
            ["aria-label", "role", "tabindex", "aria-describedby"].map(|a| (a, canvas.get_attribute(a))).to_vec();
        let title = sc.title_in(lang.tag());
        if opts.title && !title.is_empty() {
            let h = el(&document, "p", "steerlab-title")?;
            h.set_text_content(Some(title));
            root.insert_before(&h, Some(&canvas))?;
        }
        let legend = super::legend::DomLegend::new(&document, &root, &canvas)?;
        canvas.set_attribute("aria-label", &canvas_label(&sim, lang))?;
        canvas.set_attribute("role", "img")?;
        if !canvas.has_attribute("tabindex") {
            canvas.set_attribute("tabindex", "0")?;
        }
        let style = canvas.style();
        style.set_property("aspect-ratio", &format!("{} / {}", short32(sc.world.width), short32(sc.world.height)))?;
        // One finger scrolls the page and pinches zoom it; a drag edits only with two fingers or
        // while the bar's ✎ is pressed (then `none`: `events.rs`).
        style.set_property("touch-action", super::events::TOUCH_ACTION)?;
        canvas.class_list().add_1("steerlab-canvas")?;

        let overlays = Overlays::from_list(&sc.overlays);
        let mut play_button = None;
        let mut folds = [None, None];
        if parts.any() {
            // Overlay toggles only for scenarios with flocking rules (what they draw).
            let toggles = sim.rules().any().then_some(overlays);
            let b = controls::bar(&document, lang, parts, toggles, &sim)?;
            play_button = b.play;
            folds = b.folds;
            if b.bar.has_child_nodes() {
                root.append_child(&b.bar)?;
            }
            if let Some(settings) = b.settings {
                root.append_child(&settings)?;
            }
        }
        // The readout right under the bar (issue 45: on a phone the canvas, its bar and the measures
        // a sentence talks about fit one screen), then the chart (www/chart.js), caption and HUD.
        let metric = el(&document, "p", "steerlab-metric")?;
        root.append_child(&metric)?;
        let meanings = super::chart::meanings_button(&document, lang, &root)?;
        let live = el(&document, "p", "steerlab-live")?;
        live.set_attribute("aria-live", "polite")?;
        root.append_child(&live)?;
        let caption = sc.caption_in(lang.tag());
        if !caption.is_empty() {
            let p = el(&document, "p", "steerlab-caption")?;
            // Its instructions for the reader's pointer (issue 33: "tap" on a touch screen).
            let touch = window.match_media("(pointer: coarse)").ok().flatten().is_some_and(|m| m.matches());
            p.set_text_content(Some(&crate::sim::text::for_pointer(caption, touch)));
            // The canvas's accessible description is its caption.
            static CAPTIONS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
            let id = format!("steerlab-caption-{}", CAPTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
            p.set_id(&id);
            canvas.set_attribute("aria-describedby", &id)?;
            root.append_child(&p)?;
        }
        let hud_el = if sc.hud {
            let h = el(&document, "div", "steerlab-hud")?;
            root.append_child(&h)?;
            Some(h)
        } else {
            None
        };

        let mut inspector = Inspector::new(&document, &root, canvas.id(), lang)?;
        let h = Rc::new(Handles {
            canvas: canvas.clone(),
            root: root.clone(),
            window: window.clone(),
            destroyed: Cell::new(false),
            failure: RefCell::new(None),
            raf: RefCell::new(None),
            raf_id: Cell::new(None),
            listeners: RefCell::new(Vec::new()),
            resize: RefCell::new(None),
            intersect: RefCell::new(None),
            orig_style: RefCell::new(orig_style),
            orig_attrs: RefCell::new(orig_attrs),
            parked: Cell::new(None),
            pending: RefCell::new(Vec::new()),
            inspector_panel: inspector.panel().clone(),
        });
        // The theme and the canvas's size are read at the first draw, not here: mounting then only
        // builds (no style or layout forced while the page has just changed), and the first draw
        // is the ResizeObserver's first callback, after the browser's own style and layout, in the
        // next frame (before it is painted: the poster never gives way to an empty canvas).
        let mut sim = sim;
        if opts.inspector {
            inspector.set_open(true, &mut sim);
        }
        Ok(Inner {
            h,
            canvas,
            ctx,
            window,
            document,
            root,
            play_button,
            live,
            metric,
            hud_el,
            inspector,
            sim,
            tl,
            renderer: Renderer::new(),
            raster: Raster::new(),
            overlays,
            lang,
            palette: Palette::new(crate::sim::palette::LIGHT),
            dark: false,
            themed: false,
            drawn: false,
            view: View::default(),
            playing: false,
            on_screen: true,
            last_ts: None,
            drag: None,
            touch: Default::default(),
            folds,
            wide: None,
            always_compact: parts.always_compact,
            frames: 0,
            perf: Perf::default(),
            painter: paint::Painter::default(),
            legend,
            frame_ts: None,
            chart: super::chart::ChartState::with_button(meanings),
            #[cfg(feature = "fault-injection")]
            fault_next_frame: false,
        })
    }
}

/// The canvas's accessible name: the scenario's title (else the widget's word for it) and its keys.
pub(super) fn canvas_label(sim: &Sim, lang: crate::lang::Lang) -> String {
    let title = sim.scenario().title_in(lang.tag());
    let label = if title.is_empty() { lang.text(K::UiCanvas) } else { title };
    format!("{label}. {}", lang.text(K::UiKeys))
}

/// Put the canvas back where it was, as it was, and remove the viewer's DOM.
pub(super) fn restore(h: &Handles) {
    // A wrapper already out of the page (a single-page app removed it) lets the canvas go
    // free-standing, as the author made it.
    if let Some(parent) = h.root.parent_node() {
        let _ = parent.insert_before(&h.canvas, Some(&h.root));
        let _ = parent.remove_child(&h.root);
    } else if h.canvas.parent_node().is_some_and(|p| p == **h.root) {
        h.canvas.remove();
    }
    h.inspector_panel.remove();
    let _ = h.canvas.class_list().remove_1("steerlab-canvas");
    let _ = h.canvas.remove_attribute("data-steerlab-mounted");
    for (name, value) in h.orig_attrs.take() {
        let _ = match value {
            Some(v) => h.canvas.set_attribute(name, &v),
            None => h.canvas.remove_attribute(name),
        };
    }
    h.pending.take();
    match h.orig_style.take() {
        Some(s) if !s.is_empty() => h.canvas.style().set_css_text(&s),
        _ => {
            let _ = h.canvas.remove_attribute("style");
        }
    }
}

/// A slider's value as its output shows it: as many decimals as its step has (0, 1 or 2), as the
/// reader's language writes numbers.
pub(super) fn fmt_value(lang: crate::lang::Lang, v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else if step >= 0.1 {
        1
    } else {
        2
    };
    lang.num(v, decimals)
}

/// Replace an element's text. When it holds one text node, that node's data changes (a
/// characterData mutation, which the lifecycle's observer does not watch), not its children.
pub fn set_text(el: &HtmlElement, text: &str) {
    match el.first_child() {
        Some(n) if n.node_type() == web_sys::Node::TEXT_NODE && n.next_sibling().is_none() => {
            if n.node_value().as_deref() != Some(text) {
                n.set_node_value(Some(text));
            }
        }
        _ => el.set_text_content(Some(text)),
    }
}
