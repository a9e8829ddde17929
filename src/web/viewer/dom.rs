//! The DOM around the canvas: built at mount from one HTML template (no listeners yet: `events.rs`
//! attaches them), given back as it was at destroy.

use super::{controls, Handles, Inner, Options, Perf};
use crate::lang::K;
use crate::sim::draw::Overlays;
use crate::sim::raster::Raster;
use crate::sim::render::Renderer;
use crate::sim::scenario::Interaction;
use crate::sim::text::short32;
use crate::sim::Sim;
use crate::web::history::Timeline;
use crate::web::inspector::Inspector;
use crate::web::paint::{self, Palette, View};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlElement};

pub(super) fn el(doc: &Document, tag: &str, class: &str) -> Result<HtmlElement, JsValue> {
    let e: HtmlElement = doc.create_element(tag)?.dyn_into()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Ok(e)
}

/// Every part a viewer may have around its canvas, in order (the canvas goes after the legend):
/// the title, the force legend, the scrub bar with its fine mode, the bar (play, step back, step,
/// ✎, the settings' and the menu's toggles, the menu), the settings (the overlay toggles; the
/// scenario's controls are added after them: `controls::panel`), the readout and its "?", the live
/// region, the caption and the HUD. `Inner::new` removes the parts a viewer does not have.
///
/// One string set once per viewer (`innerHTML`) costs the module far less than an element and an
/// attribute at a time (docs/performance.md, "Room to grow"). Its words are marks, never text: a
/// `data-sl-text` (the element's text) or `data-sl-label` (its `aria-label`) names a key of the
/// words files, and `crate::web::words::write` fills them (at mount, and again when words arrive).
/// Nothing from an author or a scenario is ever in it (titles, captions, values and ids are set
/// after, as text or attributes), and no `style` attribute (a strict CSP refuses inline styles)
/// nor script. No space between elements: a text node there would be a node of the page.
///
/// The bar's buttons are `controls::BUTTONS`' rows (what a click runs), in that order; the overlay
/// toggles are `controls::TOGGLES`'. A button with a symbol has its word in a `.steerlab-word`
/// (a narrow figure shows the symbol alone, its `data-sl-label` names it).
const TEMPLATE: &str = "\
<p class=steerlab-title></p>\
<div class=steerlab-legend aria-hidden=true hidden><div class=steerlab-legend-rows></div></div>\
<div class=steerlab-scrub>\
<input type=range min=0 max=0 step=1 data-scrub data-sl-label=ui.timeline>\
<output class=steerlab-scrub-label aria-live=off></output>\
<button class=steerlab-btn type=button data-action=fine aria-pressed=false data-sl-label=touch.fine_name data-sl-text=touch.fine></button>\
</div>\
<div class=steerlab-bar data-sl-label=ui.toolbar>\
<button class=steerlab-btn type=button data-action=play>▶ <span class=steerlab-word data-sl-text=ui.play_name></span></button>\
<button class=steerlab-btn type=button data-action=step-back data-sl-label=touch.step_back_name>← <span class=steerlab-word data-sl-text=touch.step></span></button>\
<button class=steerlab-btn type=button data-action=step data-sl-label=touch.step_name><span class=steerlab-word data-sl-text=touch.step></span> →</button>\
<button class=steerlab-btn type=button data-action=edit aria-pressed=false data-sl-label=touch.edit_name>✎&#xfe0e; <span class=steerlab-word data-sl-text=touch.edit></span></button>\
<button class=steerlab-btn type=button data-action=settings aria-expanded=false data-sl-label=touch.settings_name>⚙&#xfe0e; <span class=steerlab-word data-sl-text=touch.settings></span></button>\
<button class=steerlab-btn type=button data-action=menu aria-expanded=false data-sl-label=touch.more_name>⋯ <span class=steerlab-word data-sl-text=touch.more></span></button>\
<div class=steerlab-menu role=group data-sl-label=touch.more>\
<button class=steerlab-btn type=button data-action=share data-sl-text=ui.share></button>\
<button class=steerlab-btn type=button data-action=embed data-sl-text=ui.embed></button>\
<button class=steerlab-btn type=button data-action=code data-sl-text=ui.code></button>\
<button class=steerlab-btn type=button data-action=save data-sl-text=ui.save></button>\
<button class=steerlab-btn type=button data-action=seed data-sl-text=ui.seed></button>\
<button class=steerlab-btn type=button data-action=inspector aria-expanded=false data-sl-text=ui.inspector></button>\
<button class=steerlab-btn type=button data-action=pick aria-pressed=false data-sl-label=touch.pick_name data-sl-text=touch.pick></button>\
<button class=steerlab-btn type=button data-action=chart aria-pressed=false data-sl-text=ui.chart></button>\
<button class=steerlab-btn type=button data-action=reset data-sl-text=ui.reset></button>\
</div>\
</div>\
<div class=steerlab-settings>\
<span class=steerlab-overlays role=group data-sl-label=ui.overlays>\
<label class=steerlab-toggle><input type=checkbox data-overlay=perception><span data-sl-text=ui.overlay.perception></span></label>\
<label class=steerlab-toggle><input type=checkbox data-overlay=sep_dist><span data-sl-text=ui.overlay.sep_dist></span></label>\
<label class=steerlab-toggle><input type=checkbox data-overlay=velocity><span data-sl-text=ui.overlay.velocity></span></label>\
<label class=steerlab-toggle><input type=checkbox data-overlay=forces><span data-sl-text=ui.overlay.forces></span></label>\
<label class=steerlab-toggle><input type=checkbox data-overlay=grid><span data-sl-text=ui.overlay.grid></span></label>\
</span>\
</div>\
<p class=steerlab-metric></p>\
<button class=steerlab-meanings type=button data-meanings data-sl-label=ui.chart_meanings aria-expanded=false>?</button>\
<p class=steerlab-live aria-live=polite></p>\
<p class=steerlab-caption></p>\
<div class=steerlab-hud></div>";

/// The page's element of class `class` (`.steerlab-controls-slot`) whose `data-for` is `id`.
pub(super) fn slot(doc: &Document, class: &str, id: &str) -> Option<Element> {
    let list = doc.query_selector_all(class).ok()?;
    (0..list.length())
        .filter_map(|k| list.item(k)?.dyn_into::<Element>().ok())
        .find(|e| !id.is_empty() && e.get_attribute("data-for").as_deref() == Some(id))
}

/// The first element under `root` that `sel` matches (the template's: all HTML elements).
#[inline(never)]
pub(super) fn find(root: &Element, sel: &str) -> Option<HtmlElement> {
    root.query_selector(sel).ok().flatten().map(JsCast::unchecked_into)
}

static VIEWERS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

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
        let parts = opts.controls;
        let title = sc.title_in(&lang);
        let caption = sc.caption_in(&lang);
        // Overlay toggles only for scenarios with flocking rules (what they draw).
        let toggles = parts.settings && sim.rules().any();
        // The scenario's controls go to the page's `.steerlab-controls-slot[data-for=<canvas id>]`
        // when it has one, whatever `data-controls` says (a comparison's, under both views; the
        // GPU engine's); else into the settings.
        let slot = slot(&document, ".steerlab-controls-slot", &canvas.id());
        let settings = toggles || parts.settings && !sc.controls.is_empty() && slot.is_none();

        // <div class="steerlab"> [title] legend canvas, scrub bar, bar, settings, readout, live
        // region, caption, HUD </div>
        let root = el(&document, "div", "steerlab")?;
        // The language asked for (the marked words are written in it: `web/words.rs`).
        root.set_attribute("lang", &opts.tag)?;
        root.set_inner_html(TEMPLATE);
        for (gone, sel) in [
            // (A text named by a words key stays, its words may come later: `write_words`.)
            (!opts.title || title.is_empty() && sc.title.is_empty(), ".steerlab-title"),
            (!parts.time, ".steerlab-scrub"),
            (!parts.play, "[data-action=play],[data-action=step-back],[data-action=step]"),
            (!parts.play || sc.interaction == Interaction::Select, "[data-action=edit]"),
            (!matches!(sc.interaction, Interaction::Playground | Interaction::Waypoints), "[data-action=pick]"),
            (!settings, "[data-action=settings],.steerlab-settings"),
            (!toggles, ".steerlab-overlays"),
            (!parts.menu, "[data-action=menu],.steerlab-menu"),
            (caption.is_empty() && sc.caption.is_empty(), ".steerlab-caption"),
            (!sc.hud, ".steerlab-hud"),
        ] {
            if gone {
                let list = root.query_selector_all(sel)?;
                for k in 0..list.length() {
                    if let Some(e) = list.item(k) {
                        e.unchecked_into::<Element>().remove();
                    }
                }
            }
        }
        let bar = find(&root, ".steerlab-bar");
        if let Some(b) = bar.as_ref().filter(|b| !b.has_child_nodes()) {
            b.remove();
        }
        // (The title's and the caption's texts: `write_words`.) A group's name says whose it is
        // ("Overlays: Separation alone"): a page has one per figure (`{title}` in the words,
        // filled by `words::write`).
        if !title.is_empty() {
            for (sel, key) in [
                (".steerlab-overlays", "ui.overlays_of"),
                (".steerlab-menu", "touch.more_of"),
                (".steerlab-bar", "ui.toolbar_of"),
            ] {
                if let Some(e) = find(&root, sel) {
                    e.set_attribute("data-sl-label", key)?;
                }
            }
        }
        let overlays = Overlays::from_list(&sc.overlays);
        for t in &controls::TOGGLES {
            if let Some(cb) = find(&root, &format!("[data-overlay={}]", t.key)) {
                cb.unchecked_into::<web_sys::HtmlInputElement>().set_checked(overlays.has(t.overlay));
            }
        }
        // The disclosures (`aria-controls` names what each shows) and the caption: ids unique in
        // the page.
        let n = VIEWERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut folds = [None, None];
        for (k, part) in [(controls::Fold::SETTINGS, "settings"), (controls::Fold::MENU, "menu")] {
            if let (Some(toggle), Some(body)) =
                (find(&root, &format!("[data-action={part}]")), find(&root, &format!(".steerlab-{part}")))
            {
                let id = format!("steerlab-{part}-{n}");
                body.set_id(&id);
                toggle.set_attribute("aria-controls", &id)?;
                folds[k] = Some(controls::Fold { toggle, body });
            }
        }
        // (One call: the panel's code stays inlined here.)
        let place: Option<Element> =
            slot.clone().or_else(|| folds[controls::Fold::SETTINGS].as_ref().map(|f| f.body.clone().into()));
        let mut slot_panel = None;
        if let Some(place) = place {
            if let Some(panel) = controls::panel(&document, lang, &sim)? {
                place.append_child(&panel)?;
                slot_panel = slot.is_some().then_some(panel);
            }
        }
        super::toolbar::setup(&root, n, !title.is_empty());

        if let Some(parent) = canvas.parent_node() {
            parent.insert_before(&root, Some(&canvas))?;
        }
        // Through CSSOM, never the attribute: writing `style="…"` is inline style, which a strict
        // CSP forbids (and Chromium serialises CSSOM writes into the attribute lazily).
        let orig_style = canvas.has_attribute("style").then(|| canvas.style().css_text());
        let holder = find(&root, ".steerlab-legend").ok_or("no legend")?;
        root.insert_before(&canvas, holder.next_sibling().as_ref())?;
        let legend = super::legend::DomLegend::new(holder);
        let scrub = find(&root, "[data-scrub]").zip(find(&root, ".steerlab-scrub-label"));
        let tl = Timeline::new(&sim, scrub.map(|(r, l)| (r.unchecked_into(), l)));
        let orig_attrs =
            ["aria-label", "role", "tabindex", "aria-describedby"].map(|a| (a, canvas.get_attribute(a))).to_vec();
        // Its name: the page's (the figure's or the task's title, given before it mounted) — a page
        // shows one scenario in several figures — else the scenario's title. The keys are said on
        // request (H), not at every focus.
        if canvas.get_attribute("aria-label").is_none_or(|l| l.trim().is_empty()) {
            canvas.set_attribute("aria-label", &canvas_label(&sim, lang))?;
        }
        canvas.set_attribute("role", "img")?;
        if !canvas.has_attribute("tabindex") {
            canvas.set_attribute("tabindex", "0")?;
        }
        let style = canvas.style();
        style.set_property("aspect-ratio", &format!("{} / {}", short32(sc.world.width), short32(sc.world.height)))?;
        // One finger scrolls the page and pinches zoom it; a drag edits only with two fingers or
        // while the bar's ✎ is pressed (then `none`: `events.rs`).
        style.set_property("touch-action", super::touch::TOUCH_ACTION)?;
        canvas.class_list().add_1("steerlab-canvas")?;
        if let Some(p) = find(&root, ".steerlab-caption") {
            // (Its text: `write_words`. Read where it is, under the canvas: the canvas's
            // description is the scene's one sentence, www/describe.js.)
            p.set_id(&format!("steerlab-caption-{n}"));
        }
        let play_button = find(&root, "[data-action=play]");
        let metric = find(&root, ".steerlab-metric").ok_or("no readout")?;
        let meanings = find(&root, ".steerlab-meanings");
        let live = find(&root, ".steerlab-live").ok_or("no live region")?;
        let hud_el = find(&root, ".steerlab-hud");

        let mut inspector = Inspector::new(&document, &root, canvas.id(), lang)?;
        let h = Rc::new(Handles {
            canvas: canvas.clone(),
            root: root.clone(),
            destroyed: Cell::new(false),
            failure: RefCell::new(None),
            frame: Cell::new(false),
            listeners: RefCell::new(Vec::new()),
            resize: RefCell::new(None),
            intersect: RefCell::new(None),
            orig_style: RefCell::new(orig_style),
            orig_attrs: RefCell::new(orig_attrs),
            parked: Cell::new(None),
            pending: RefCell::new(Vec::new()),
            inspector_panel: inspector.panel().clone(),
            slot_panel,
            hooks: RefCell::new(Vec::new()),
            shown: Cell::new(None),
        });
        // The theme and the canvas's size are read at the first draw, not here: mounting then only
        // builds (no style or layout forced while the page has just changed), and the first draw
        // is the ResizeObserver's first callback, after the browser's own style and layout, in the
        // next frame (before it is painted: the poster never gives way to an empty canvas).
        let mut sim = sim;
        // (On a phone the inspector starts closed: open, it would be taller than the screen; the
        // menu opens it.)
        if opts.inspector && !phone(&window) {
            inspector.set_open(true, &mut sim);
        }
        let inner = Inner {
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
        };
        inner.write_words();
        Ok(inner)
    }

    /// Write the viewer's marked words in its language (at mount, and when words arrive for it:
    /// `Inner::relabel`), `{title}` filled with the figure's name (the page's, else the
    /// scenario's title).
    pub(super) fn write_words(&self) {
        let sc = self.sim.scenario();
        // (The figure's name when the page gave one: a page may show one scenario in several.)
        let page = named_by_page(&self.h).then(|| self.canvas.get_attribute("aria-label")).flatten();
        let title = page.as_deref().unwrap_or(sc.title_in(&self.lang));
        crate::web::words::write(&self.root, self.lang, title);
        crate::web::words::write(self.inspector.panel(), self.lang, title);
        // The title and the caption (a built-in's are words), the caption's instructions for the
        // reader's pointer (issue 33: "tap" on a touch screen).
        if let Some(h) = find(&self.root, ".steerlab-title") {
            h.set_text_content(Some(sc.title_in(&self.lang)));
        }
        if let Some(p) = find(&self.root, ".steerlab-caption") {
            let touch = self.window.match_media("(pointer: coarse)").ok().flatten().is_some_and(|m| m.matches());
            p.set_text_content(Some(&crate::sim::text::for_pointer(sc.caption_in(&self.lang), touch)));
        }
    }
}

/// A phone's screen (the page's viewport under 560 CSS px wide, as the chapters' styles have it):
/// the inspector and the chart start folded there (`data-inspector`, `data-chart`).
pub(crate) fn phone(window: &web_sys::Window) -> bool {
    window.match_media("(max-width: 559px)").ok().flatten().is_some_and(|m| m.matches())
}

/// The canvas's accessible name when the page gave none: the scenario's title (else the widget's
/// word for it).
pub(super) fn canvas_label(sim: &Sim, lang: crate::lang::Lang) -> String {
    let title = sim.scenario().title_in(&lang);
    if title.is_empty() { lang.text(K::UiCanvas) } else { title }.to_string()
}

/// Whether the page named the canvas before it mounted (its name is then the page's).
pub(super) fn named_by_page(h: &Handles) -> bool {
    h.orig_attrs.borrow().iter().any(|(a, v)| *a == "aria-label" && v.as_ref().is_some_and(|l| !l.trim().is_empty()))
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
    if let Some(p) = &h.slot_panel {
        p.remove();
    }
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
