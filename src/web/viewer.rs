//! One viewer = one canvas + its controls + its frame loop. It owns every closure it registers and
//! releases them all in `destroy()`: no `Closure::forget`, no listener left behind.

use super::history::{self as timeline, Timeline};
use super::i18n::Lang;
use super::inspector::Inspector;
use super::paint::{self, Palette, View};
use super::params::{self, Change};
use super::theme;
use crate::sim::draw::Overlay;
use crate::sim::draw::Overlays;
use crate::sim::input::{Input, Outcome};
use crate::sim::link::Link;
use crate::sim::pointer::Pointer;
use crate::sim::raster::{Raster, RasterStyle, RasterView};
use crate::sim::render::Renderer;
use crate::sim::scenario::ControlKind;
use crate::sim::text::{short32, short64, Fixed};
use crate::sim::Sim;
use std::cell::{Cell, RefCell, RefMut};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{
    CanvasRenderingContext2d, Document, Element, Event, EventTarget, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, ImageData, IntersectionObserver, IntersectionObserverEntry, KeyboardEvent, PointerEvent,
    ResizeObserver, Window,
};

pub struct Options {
    pub autoplay: bool,
    pub lang: Lang,
    pub controls: bool,
    /// `data-inspector="true"`: the inspector open from the start.
    pub inspector: bool,
    /// `data-title="true"`: the scenario's title above the canvas.
    pub title: bool,
}

type FrameCallback = Closure<dyn FnMut(f64)>;
type Listener = (EventTarget, &'static str, Closure<dyn FnMut(Event)>);
type Observer<O> = Option<(O, Closure<dyn FnMut(js_sys::Array)>)>;
type Handler = Box<dyn FnMut(&mut Inner, Event)>;

/// The page-side resources of a viewer: its canvas, its DOM, every closure it registered and the
/// frame request. They live outside `Inner`'s `RefCell` so that `destroy()` and the panic boundary
/// reach them even when `Inner` is unusable: with `panic = "abort"` nothing unwinds, so a panic
/// inside a viewer leaves its `Inner` borrowed for good.
pub struct Handles {
    canvas: HtmlCanvasElement,
    root: HtmlElement,
    window: Window,
    destroyed: Cell<bool>,
    /// Set by the panic hook: the viewer stopped after an internal error (the message).
    failure: RefCell<Option<String>>,
    raf: RefCell<Option<FrameCallback>>,
    raf_id: Cell<Option<i32>>,
    listeners: RefCell<Vec<Listener>>,
    resize: RefCell<Observer<ResizeObserver>>,
    intersect: RefCell<Observer<IntersectionObserver>>,
    /// The canvas's inline style before mounting (CSSOM text), to give back on destroy.
    orig_style: RefCell<Option<String>>,
    /// The canvas attributes mounting sets, with their values before (`None`: absent).
    orig_attrs: RefCell<Vec<(&'static str, Option<String>)>>,
    /// Since when (performance.now) the canvas has been out of the document (`lifecycle.rs`).
    parked: Cell<Option<f64>>,
    /// Parameter changes to report once the viewer's state is released (`params.rs`).
    pending: RefCell<Vec<Change>>,
    /// The inspector's panel (maybe in a page slot, outside `root`).
    inspector_panel: HtmlElement,
}

/// One mounted viewer: its handles and its state. Shared by the exported handle, the live list and
/// (weakly) by its callbacks.
pub struct Slot {
    pub h: Rc<Handles>,
    cell: RefCell<Inner>,
}

pub type Shared = Rc<Slot>;

thread_local! {
    /// What the code running right now works for, for the panic hook: a viewer, or a canvas being
    /// mounted. Set by `Guard` at every entry from JS (API calls, callbacks).
    static CURRENT: Cell<Option<Current>> = const { Cell::new(None) };
}

#[derive(Clone)]
enum Current {
    Viewer(Rc<Handles>),
    Mounting(HtmlCanvasElement),
}

/// Marks the viewer (or canvas) the current call into wasm works for; restores the previous mark
/// when dropped. A panic never drops it (nothing unwinds), so the hook finds the mark in place.
pub struct Guard(Option<Current>);

impl Guard {
    fn set(c: Current) -> Guard {
        Guard(CURRENT.with(|cur| cur.replace(Some(c))))
    }
    pub fn mounting(canvas: &HtmlCanvasElement) -> Guard {
        Guard::set(Current::Mounting(canvas.clone()))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let prev = self.0.take();
        CURRENT.with(|cur| cur.set(prev));
    }
}

/// A viewer entered from JS: its state, borrowed, with the panic boundary marked.
pub struct Entered<'a> {
    i: RefMut<'a, Inner>,
    _g: Guard,
}

impl std::ops::Deref for Entered<'_> {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.i
    }
}

impl std::ops::DerefMut for Entered<'_> {
    fn deref_mut(&mut self) -> &mut Inner {
        &mut self.i
    }
}

impl Slot {
    pub fn new(inner: Inner) -> Shared {
        Rc::new(Slot { h: inner.h.clone(), cell: RefCell::new(inner) })
    }

    /// Enter the viewer's state: fails when it was destroyed, stopped after an internal error, or
    /// is busy (a call re-entered from inside one of its own callbacks).
    pub fn enter(&self) -> Result<Entered<'_>, String> {
        if self.h.destroyed() {
            return Err("steerlab: this viewer was destroyed".to_string());
        }
        if let Some(f) = self.h.failure.borrow().as_ref() {
            return Err(format!("steerlab: this viewer stopped after an internal error ({f})"));
        }
        let g = Guard::set(Current::Viewer(self.h.clone()));
        let i = self.cell.try_borrow_mut().map_err(|_| "steerlab: viewer is busy".to_string())?;
        Ok(Entered { i, _g: g })
    }

    /// Read the state without entering (getters); `None` when busy or failed.
    pub fn peek(&self) -> Option<std::cell::Ref<'_, Inner>> {
        if self.h.failed() {
            return None;
        }
        self.cell.try_borrow().ok()
    }
}

impl Handles {
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.canvas
    }
    pub fn destroyed(&self) -> bool {
        self.destroyed.get()
    }
    pub fn failed(&self) -> bool {
        self.failure.borrow().is_some()
    }
    pub fn frame_in_flight(&self) -> bool {
        self.raf_id.get().is_some()
    }
    pub fn parked_since(&self) -> Option<f64> {
        self.parked.get()
    }
    /// Report the changes queued by the last callback or API call (`steerlab:change`).
    #[inline(never)]
    pub fn flush_changes(&self) {
        let changes = self.pending.take();
        if !changes.is_empty() {
            params::emit_changes(&self.canvas, changes);
        }
    }
    pub fn listener_count(&self) -> usize {
        self.listeners.borrow().len()
            + usize::from(self.resize.borrow().is_some())
            + usize::from(self.intersect.borrow().is_some())
    }

    fn cancel_frame(&self) {
        if let Some(id) = self.raf_id.take() {
            let _ = self.window.cancel_animation_frame(id);
        }
    }

    /// The panic boundary: this viewer stops (no more frames; its callbacks return at once), its
    /// canvas shows the error; every other viewer keeps running.
    fn fail(&self, msg: &str) {
        if self.failure.borrow().is_some() || self.destroyed.get() {
            return;
        }
        *self.failure.borrow_mut() = Some(msg.to_string());
        self.cancel_frame();
        let _ = self.root.class_list().add_1("steerlab-failed");
        super::show_error(
            &self.canvas,
            &format!("internal error, this visualisation stopped (the others keep running): {msg}"),
        );
    }
}

/// Called by the panic hook (after the console message): stop the viewer the panic happened in.
pub fn on_panic(msg: &str) {
    match CURRENT.with(|cur| cur.take()) {
        Some(Current::Viewer(h)) => h.fail(msg),
        Some(Current::Mounting(canvas)) => {
            let alert = super::show_error(&canvas, &format!("internal error while mounting: {msg}"));
            super::lifecycle::failed(&canvas, alert);
        }
        None => {}
    }
}

/// Everything a viewer holds; shared by the exported handle and its callbacks.
pub struct Inner {
    h: Rc<Handles>,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    window: Window,
    document: Document,
    root: HtmlElement,
    play_button: Option<HtmlElement>,
    live: HtmlElement,
    metric: HtmlElement,
    hud_el: Option<HtmlElement>,
    inspector: Inspector,
    pub sim: Sim,
    /// The history (rewind, scrub, links) and the scrub bar: `history.rs`.
    pub tl: Timeline,
    renderer: Renderer,
    raster: Raster,
    overlays: Overlays,
    lang: Lang,
    palette: Palette,
    /// Whether `palette` and `dark` were read from the page yet (at the first draw).
    themed: bool,
    /// Whether the canvas holds a picture (false until the first draw and after a resize clears it).
    drawn: bool,
    dark: bool,
    dash: JsValue,
    /// The scale `dash` was made for.
    dash_scale: f64,
    no_dash: JsValue,
    view: View,
    playing: bool,
    on_screen: bool,
    last_ts: Option<f64>,
    drag: Option<i32>,
    frames: u32,
    perf: Perf,
    /// The force legend's lines between frames (`paint::Legend`).
    legend: paint::Legend,
    /// The animation frame's timestamp while a frame draws (every viewer's callbacks in one frame
    /// get the same one): the clock the text periods are read from.
    frame_ts: Option<f64>,
    /// Test builds only: panic in the next frame (the panic boundary's check).
    #[cfg(feature = "fault-injection")]
    pub fault_next_frame: bool,
}

#[derive(Default, Clone, Copy)]
struct Perf {
    fps: f64,
    step_ms: f64,
    draw_ms: f64,
    last_live: f64,
    /// The text period the readout was last written in.
    metric_period: Option<u64>,
    /// A message from `report` stays in the readout until then.
    hold_until: f64,
}

fn el(doc: &Document, tag: &str, class: &str) -> Result<HtmlElement, JsValue> {
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

        // <div class="steerlab"> canvas, bar, controls, caption, live region </div>
        let root = el(&document, "div", "steerlab")?;
        root.set_attribute("lang", if lang == Lang::Es { "es" } else { "en" })?;
        if let Some(parent) = canvas.parent_node() {
            parent.insert_before(&root, Some(&canvas))?;
        }
        // Through CSSOM, never the attribute: writing `style="…"` is inline style, which a strict
        // CSP forbids (and Chromium serialises CSSOM writes into the attribute lazily).
        let orig_style = canvas.has_attribute("style").then(|| canvas.style().css_text());
        root.append_child(&canvas)?;
        let (tl, scrub) = Timeline::new(&sim, &document, lang, opts.controls)?;
        if let Some(s) = scrub {
            root.append_child(&s)?;
        }
        let orig_attrs =
            ["aria-label", "role", "tabindex", "aria-describedby"].map(|a| (a, canvas.get_attribute(a))).to_vec();
        let title = sc.title_in(lang.tag());
        let label = if title.is_empty() { lang.t("canvas").to_string() } else { title.to_string() };
        if opts.title && !title.is_empty() {
            let h = el(&document, "p", "steerlab-title")?;
            h.set_text_content(Some(title));
            root.insert_before(&h, Some(&canvas))?;
        }
        canvas.set_attribute("aria-label", &format!("{label}. {}", lang.t("keys")))?;
        canvas.set_attribute("role", "img")?;
        if !canvas.has_attribute("tabindex") {
            canvas.set_attribute("tabindex", "0")?;
        }
        let style = canvas.style();
        style.set_property("aspect-ratio", &format!("{} / {}", short32(sc.world.width), short32(sc.world.height)))?;
        style.set_property("touch-action", "none")?;
        canvas.class_list().add_1("steerlab-canvas")?;

        let mut play_button = None;
        if opts.controls {
            let bar = el(&document, "div", "steerlab-bar")?;
            for (action, text) in [
                ("play", lang.t("play")),
                ("step", lang.t("step")),
                ("reset", lang.t("reset")),
                ("seed", lang.t("seed")),
                ("save", lang.t("save")),
                ("share", lang.t("share")),
                ("embed", lang.t("embed")),
            ] {
                let b = el(&document, "button", "steerlab-btn")?;
                b.set_attribute("type", "button")?;
                b.set_attribute("data-action", action)?;
                b.set_text_content(Some(text));
                if action == "play" {
                    play_button = Some(b.clone());
                }
                bar.append_child(&b)?;
            }
            // Overlay toggles for the overlays this kind of scenario can show.
            let toggles: &[(Overlay, &str)] = &[
                (Overlay::Perception, "perception"),
                (Overlay::SepDist, "sep_dist"),
                (Overlay::Velocity, "velocity"),
                (Overlay::Forces, "forces"),
                (Overlay::Grid, "grid"),
            ];
            let has_flock = sim.rules().any();
            if has_flock {
                let group = el(&document, "span", "steerlab-overlays")?;
                group.set_attribute("role", "group")?;
                group.set_attribute("aria-label", lang.t("overlays"))?;
                let ov = Overlays::from_list(&sc.overlays);
                for (o, key) in toggles {
                    let lab = el(&document, "label", "steerlab-toggle")?;
                    let cb: HtmlInputElement = document.create_element("input")?.dyn_into()?;
                    cb.set_type("checkbox");
                    cb.set_checked(ov.has(*o));
                    cb.set_attribute("data-overlay", key)?;
                    lab.append_child(&cb)?;
                    let span = el(&document, "span", "")?;
                    span.set_text_content(Some(lang.t(key)));
                    lab.append_child(&span)?;
                    group.append_child(&lab)?;
                }
                bar.append_child(&group)?;
            }
            root.append_child(&bar)?;

            if !sc.controls.is_empty() {
                let params = sim.params().ok();
                let panel = el(&document, "div", "steerlab-controls")?;
                for (k, c) in sc.controls.iter().enumerate() {
                    let row = el(&document, "label", "steerlab-control")?;
                    let name = el(&document, "span", "steerlab-label")?;
                    let text = c.label_in(lang.tag());
                    name.set_text_content(Some(text));
                    row.append_child(&name)?;
                    let current = params.as_ref().and_then(|p| p.get(&c.param).ok());
                    let out = el(&document, "output", "steerlab-value")?;
                    out.set_attribute("data-for", &k.to_string())?;
                    match c.kind {
                        ControlKind::Slider => {
                            let inp: HtmlInputElement = document.create_element("input")?.dyn_into()?;
                            inp.set_type("range");
                            inp.set_min(&short64(c.min));
                            inp.set_max(&short64(c.max));
                            inp.set_step(&short64(c.step));
                            if let Some(v) = current.as_ref().and_then(|v| v.as_f64()) {
                                inp.set_value(&short64(v));
                                out.set_text_content(Some(&fmt_value(v, c.step)));
                            }
                            inp.set_attribute("data-param", &c.param)?;
                            inp.set_attribute("data-control", &k.to_string())?;
                            row.append_child(&inp)?;
                        }
                        ControlKind::Toggle => {
                            let inp: HtmlInputElement = document.create_element("input")?.dyn_into()?;
                            inp.set_type("checkbox");
                            inp.set_checked(current.as_ref().and_then(|v| v.as_bool()).unwrap_or(false));
                            inp.set_attribute("data-param", &c.param)?;
                            inp.set_attribute("data-control", &k.to_string())?;
                            row.append_child(&inp)?;
                        }
                        ControlKind::Select => {
                            let sel: HtmlSelectElement = document.create_element("select")?.dyn_into()?;
                            let cur = current.as_ref().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
                            for (j, o) in c.options.iter().enumerate() {
                                let opt = document.create_element("option")?;
                                opt.set_attribute("value", o)?;
                                opt.set_text_content(Some(c.option_label(j, lang.tag())));
                                sel.append_child(&opt)?;
                            }
                            sel.set_value(&cur);
                            sel.set_attribute("data-param", &c.param)?;
                            sel.set_attribute("data-control", &k.to_string())?;
                            row.append_child(&sel)?;
                        }
                    }
                    row.append_child(&out)?;
                    panel.append_child(&row)?;
                }
                root.append_child(&panel)?;
            }
        }
        let caption = sc.caption_in(lang.tag());
        if !caption.is_empty() {
            let p = el(&document, "p", "steerlab-caption")?;
            p.set_text_content(Some(caption));
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
        let metric = el(&document, "p", "steerlab-metric")?;
        root.append_child(&metric)?;
        let live = el(&document, "p", "steerlab-live")?;
        live.set_attribute("aria-live", "polite")?;
        root.append_child(&live)?;

        let mut inspector = Inspector::new(&document, &root, canvas.id(), lang)?;
        let overlays = Overlays::from_list(&sc.overlays);
        let dash = js_sys::Array::of2(&JsValue::from(4.0 / 1.0), &JsValue::from(4.0 / 1.0)).into();
        let no_dash = js_sys::Array::new().into();
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
            dash,
            dash_scale: 0.0,
            no_dash,
            view: View::default(),
            playing: false,
            on_screen: true,
            last_ts: None,
            drag: None,
            frames: 0,
            perf: Perf::default(),
            legend: paint::Legend::default(),
            frame_ts: None,
            #[cfg(feature = "fault-injection")]
            fault_next_frame: false,
        })
    }

    /// Read the theme from the page once, before the first draw (`retheme` reads it again).
    pub fn ensure_theme(&mut self) {
        if !self.themed {
            let t = theme::resolve(&self.window, &self.canvas, &self.root);
            self.dark = t.dark;
            self.palette = t.palette;
            self.inspector.mark(t.dark);
            self.themed = true;
        }
    }

    /// Fit the backing store, and draw unless the canvas already shows this frame at this size
    /// (the ResizeObserver's callback: its first call is the viewer's first draw).
    pub fn fit_and_draw(&mut self) {
        let (w, h, view) = (self.canvas.width(), self.canvas.height(), self.view);
        self.fit();
        if !self.drawn || w != self.canvas.width() || h != self.canvas.height() || view != self.view {
            self.draw();
        }
    }

    /// Backing store in device pixels for the canvas's CSS box; keeps the world's aspect.
    pub fn fit(&mut self) {
        let rect = self.canvas.get_bounding_client_rect();
        let dpr = self.window.device_pixel_ratio().max(0.5);
        let (w, h) = (rect.width().max(1.0), rect.height().max(1.0));
        let (bw, bh) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
        if self.canvas.width() != bw {
            self.canvas.set_width(bw);
            self.drawn = false;
        }
        if self.canvas.height() != bh {
            self.canvas.set_height(bh);
            self.drawn = false;
        }
        self.view = View::fit(self.sim.world().size(), w, h, dpr);
    }

    pub fn draw(&mut self) {
        let t0 = now(&self.window);
        let clock = self.frame_ts.unwrap_or(t0);
        self.ensure_theme();
        if self.view.scale == 0.0 {
            self.fit();
        }
        let s = self.view.scale.max(1e-6);
        if s != self.dash_scale {
            // The dash pattern in world units (4 screen px), made again only when the scale changes.
            self.dash = js_sys::Array::of2(&JsValue::from(4.0 / s), &JsValue::from(4.0 / s)).into();
            self.dash_scale = s;
        }
        // Large flocks: the agents as one pixel buffer (one putImageData), vector overlays on top.
        let pixels = self.sim.raster_agents();
        if pixels {
            let (w, h) = (self.canvas.width(), self.canvas.height());
            let v = &self.view;
            let rv = RasterView::from_css(w, h, v.scale, v.ox, v.oy, v.dpr);
            let style = RasterStyle {
                background: self.palette.background_rgba,
                agent: self.palette.agent_rgba,
                by_heading: true,
            };
            let bytes = self.raster.draw_sim(&self.sim, &rv, &style);
            let n = (w as usize) * (h as usize) * 4;
            if let Ok(img) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&bytes[..n.min(bytes.len())]), w, h) {
                let _ = self.ctx.put_image_data(&img, 0.0, 0.0);
            }
        }
        self.renderer.build(&self.sim, self.overlays);
        self.inspector.decorate(&self.sim, &mut self.renderer.list);
        paint::paint(
            &self.ctx,
            &self.view,
            self.sim.world().size(),
            &self.renderer.list,
            &self.palette,
            &self.dash,
            &self.no_dash,
            !pixels,
            self.lang,
            &mut self.legend,
            self.playing.then(|| paint::text_period(clock)),
        );
        let t1 = now(&self.window);
        self.perf.draw_ms = self.perf.draw_ms * 0.9 + (t1 - t0) * 0.1;
        self.drawn = true;
        self.show_text(t1, clock);
    }

    /// The text around the canvas: the scrub bar, the readouts, the inspector (each once per text
    /// period while playing).
    fn show_text(&mut self, t: f64, clock: f64) {
        self.tl.show(&self.sim, self.lang, clock, self.playing);
        self.update_live(t, clock);
        self.inspector.refresh(&self.sim, clock, self.playing);
    }

    /// The HUD, the readout under the canvas and the screen-reader summary. While playing, the
    /// HUD and the readout change once per text period (4 Hz, at the same frames in every viewer:
    /// `paint::text_period`); a paused canvas's draws (a step, a set) show at once.
    fn update_live(&mut self, t: f64, clock: f64) {
        let period = paint::text_period(clock);
        if self.playing && self.perf.metric_period == Some(period) || t < self.perf.hold_until {
            return;
        }
        self.perf.metric_period = Some(period);
        if let Some(h) = &self.hud_el {
            let txt = crate::lang::hud(
                self.lang,
                self.perf.fps,
                self.perf.step_ms,
                self.perf.draw_ms,
                self.sim.agent_count(),
            );
            set_text(h, &txt);
        }
        // The screen-reader summary every 5 s.
        let text = crate::lang::readout(self.lang, &self.renderer.readout(&self.sim, self.overlays));
        self.metric.set_text_content(Some(&text));
        if t - self.perf.last_live >= 5000.0 || self.perf.last_live == 0.0 {
            self.perf.last_live = t;
            self.live.set_text_content(Some(&text));
        }
    }

    /// Bring every control's displayed value in line with the scenario (after `set` from JS).
    pub fn sync_controls(&self) {
        let Ok(list) = self.root.query_selector_all("[data-param]") else { return };
        let Ok(params) = self.sim.params() else { return };
        for k in 0..list.length() {
            let Some(node) = list.item(k) else { continue };
            let Ok(e) = node.dyn_into::<Element>() else { continue };
            let Some(param) = e.get_attribute("data-param") else { continue };
            let Ok(v) = params.get(&param) else { continue };
            if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
                if i.type_() == "checkbox" {
                    i.set_checked(v.as_bool().unwrap_or(false));
                } else if let Some(x) = v.as_f64() {
                    i.set_value(&short64(x));
                    if let Some(c) = e.get_attribute("data-control") {
                        if let Ok(Some(out)) = self.root.query_selector(&format!("output[data-for=\"{c}\"]")) {
                            let step = params::control_step(&self.sim, c.parse::<usize>().unwrap_or(0));
                            out.set_text_content(Some(&fmt_value(x, step)));
                        }
                    }
                }
            } else if let Some(sel) = e.dyn_ref::<HtmlSelectElement>() {
                if let Some(t) = v.as_str() {
                    sel.set_value(t);
                }
            }
        }
    }

    fn set_playing_ui(&self) {
        if let Some(b) = &self.play_button {
            // Its name says what it does now ("Pause" while playing); no aria-pressed, which made
            // it read "❚❚ Pause, pressed".
            let t = self.lang.t(if self.playing { "pause" } else { "play" });
            b.set_text_content(Some(t));
            let _ = b.set_attribute("aria-label", spoken(t));
        }
    }

    fn ensure_frame(&mut self) {
        let h = &self.h;
        if h.destroyed()
            || h.failed()
            || h.parked.get().is_some()
            || h.frame_in_flight()
            || !self.playing && self.tl.target.is_none()
            || !self.on_screen
            || self.document.hidden()
        {
            return;
        }
        if let Some(cb) = h.raf.borrow().as_ref() {
            if let Ok(id) = self.window.request_animation_frame(cb.as_ref().unchecked_ref()) {
                h.raf_id.set(Some(id));
            }
        }
    }

    pub fn play(&mut self) {
        self.playing = true;
        self.last_ts = None;
        self.set_playing_ui();
        self.ensure_frame();
    }

    pub fn pause(&mut self) {
        self.playing = false;
        self.h.cancel_frame();
        self.set_playing_ui();
        // The scrub bar is written at most every 250 ms while playing: now the step it stopped at.
        self.tl.show(&self.sim, self.lang, now(&self.window), false);
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    fn frame(&mut self, ts: f64) {
        self.h.raf_id.set(None);
        if self.tl.target.is_some() && !self.h.destroyed() {
            // A link or `data-step` being reached: a few steps a frame, then paused there.
            let w = self.window.clone();
            self.tl.catch_up(&mut self.sim, timeline::CATCH_UP_MS, || now(&w));
            self.link_reached();
            self.draw();
            self.ensure_frame();
            return;
        }
        if self.h.destroyed() || !self.playing {
            return;
        }
        #[cfg(feature = "fault-injection")]
        if std::mem::take(&mut self.fault_next_frame) {
            panic!("injected fault in a frame (fault-injection build)");
        }
        let dt = match self.last_ts {
            Some(prev) => ((ts - prev) / 1000.0).clamp(0.0, crate::sim::engine::MAX_FRAME),
            None => 0.0,
        };
        self.last_ts = Some(ts);
        if dt > 0.0 {
            self.perf.fps = self.perf.fps * 0.9 + (1.0 / dt) * 0.1;
        }
        // No spiral of death: when steps are slow (the stress scenario at 100 000 boids on a slow
        // machine), catching up on a long frame with several steps makes the next frame longer
        // still. Take only the steps that fit in ~12 ms; the simulation then runs slower than
        // real time instead of dropping to a few frames per second. Each step is the same fixed
        // step, so results do not depend on this.
        let budget_steps = if self.perf.step_ms > 0.0 { (12.0 / self.perf.step_ms).floor().max(1.0) } else { 4.0 };
        let dt = dt.min(budget_steps * crate::sim::engine::STEP_SECONDS);
        let t0 = now(&self.window);
        // The fast engine's copy of the flock into `sim.agents` waits until something reads it
        // (overlays, the readout, `state()`); the agent layer draws from the engine itself.
        let steps = self.tl.hist.advance(&mut self.sim, dt);
        let t1 = now(&self.window);
        if steps > 0 {
            self.perf.step_ms = self.perf.step_ms * 0.9 + ((t1 - t0) / steps as f64) * 0.1;
        }
        // Only a frame that stepped has anything new to show: on a 120 or 144 Hz screen about every
        // other animation frame takes no step of 1/60 s, and drawing it again would cost a full
        // repaint of the same picture. (Input while playing shows at the next step.)
        if steps > 0 && self.view.scale != 0.0 {
            self.frames = self.frames.wrapping_add(1);
            self.frame_ts = Some(ts);
            self.draw();
            self.frame_ts = None;
        } else if self.view.scale != 0.0 {
            // The text still changes at the first frame of its period, as on every other canvas
            // of the page (each viewer's steps fall on slightly different frames): one layout of
            // the page's text per period, not one per canvas.
            self.show_text(t1, ts);
        }
        self.ensure_frame();
    }

    /// A mouse or pointer event's position in world units (quantised as the history logs it).
    fn event_world(&self, ev: &web_sys::MouseEvent) -> glam::Vec2 {
        let rect = self.canvas.get_bounding_client_rect();
        let (x, y) = client_xy(ev);
        timeline::quantise(self.view.to_world(x - rect.left(), y - rect.top()))
    }

    fn on_pointer(&mut self, ev: &PointerEvent, kind: &str) {
        let p = self.event_world(ev);
        let changed = match kind {
            "pointerdown" => {
                if ev.button() != 0 {
                    return;
                }
                let _ = self.canvas.set_pointer_capture(ev.pointer_id());
                self.drag = Some(ev.pointer_id());
                let _ = self.canvas.focus();
                self.pointer(Pointer::Down(p), true)
            }
            "pointermove" => {
                let dragging = self.drag == Some(ev.pointer_id());
                self.pointer(Pointer::Move(p), dragging)
            }
            "pointerup" | "pointercancel" if self.drag == Some(ev.pointer_id()) => {
                self.drag = None;
                let _ = self.canvas.release_pointer_capture(ev.pointer_id());
                self.pointer(Pointer::Up(p), false)
            }
            "pointerleave" if self.drag.is_none() => self.pointer(Pointer::Leave, false),
            "dblclick" => self.pointer(Pointer::DoubleClick(p), false),
            _ => false,
        };
        if changed && !self.playing {
            self.draw();
        }
    }

    fn on_key(&mut self, ev: &KeyboardEvent) {
        match ev.key().as_str() {
            " " | "Spacebar" => {
                ev.prevent_default();
                if self.playing {
                    self.pause()
                } else {
                    self.play()
                }
            }
            "ArrowRight" => {
                ev.prevent_default();
                self.step(1);
                self.draw();
            }
            "ArrowLeft" => {
                ev.prevent_default();
                self.pause();
                self.seek(self.sim.steps.saturating_sub(1), "seek");
            }
            "r" | "R" => {
                self.reset();
            }
            "Delete" | "Backspace" if self.act(Input::Delete).is_ok_and(|o| o.changed) => {
                self.draw();
            }
            _ => {}
        }
    }

    pub fn step(&mut self, n: u32) {
        for _ in 0..n {
            self.tl.hist.step(&mut self.sim, false);
        }
        self.inspector.refresh(&self.sim, now(&self.window), self.playing);
    }

    pub fn reset(&mut self) {
        let _ = self.act(Input::Reset);
        self.last_ts = None;
        self.draw();
    }

    fn on_click(&mut self, ev: &Event) {
        let Some(t) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let Ok(Some(b)) = t.closest("[data-action]") else { return };
        match b.get_attribute("data-action").as_deref() {
            Some("play") => {
                if self.playing {
                    self.pause()
                } else {
                    self.play()
                }
            }
            Some("step") => {
                self.step(1);
                self.draw();
            }
            Some("reset") => self.reset(),
            Some("inspector") => {
                let on = !self.inspector.is_open();
                self.set_inspector(on);
            }
            Some("seed") => {
                let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
                let _ = self.act(Input::Reseed(seed));
                self.queue_change("seed", "control");
                self.draw();
            }
            Some("save") => {
                if let Err(e) = super::still::save(self.still_parts()) {
                    self.report(&format!("save image: {e:?}"));
                }
            }
            Some("share") => self.share(),
            Some("embed") => self.embed(),
            Some(a) => {
                super::share::on_action(&self.root, a, self.lang);
            }
            _ => {}
        }
    }

    /// A control changed: sliders on `input`, toggles and selects on `change`.
    fn on_input(&mut self, ev: &Event) {
        let Some(t) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        if timeline::is_scrub(&t) {
            let v = t.dyn_ref::<HtmlInputElement>().map_or(0.0, |i| i.value_as_number());
            self.pause();
            self.seek(if v.is_finite() { v.max(0.0) as u64 } else { 0 }, "scrub");
            return;
        }
        if let Some(key) = t.get_attribute("data-overlay") {
            let on = t.dyn_ref::<HtmlInputElement>().is_some_and(|i| i.checked());
            let o = match key.as_str() {
                "perception" => Overlay::Perception,
                "sep_dist" => Overlay::SepDist,
                "velocity" => Overlay::Velocity,
                "forces" => Overlay::Forces,
                _ => Overlay::Grid,
            };
            self.overlays.set(o, on);
            if !self.playing {
                self.draw();
            }
            return;
        }
        let Some(param) = t.get_attribute("data-param") else { return };
        let value = if let Some(i) = t.dyn_ref::<HtmlInputElement>() {
            if i.type_() == "checkbox" {
                serde_json::Value::Bool(i.checked())
            } else {
                let v = i.value_as_number();
                match serde_json::Number::from_f64(v) {
                    Some(n) => serde_json::Value::Number(n),
                    None => {
                        self.report(&format!("{param}: must be a finite number, got {v}"));
                        return;
                    }
                }
            }
        } else if let Some(s) = t.dyn_ref::<HtmlSelectElement>() {
            serde_json::Value::String(s.value())
        } else {
            return;
        };
        let shown = value.clone();
        match self.act(Input::Set(Box::new((param.clone(), value)))) {
            Ok(_) => {
                self.queue_change(&param, "control");
                if let Some(k) = t.get_attribute("data-control") {
                    if let Ok(Some(out)) = self.root.query_selector(&format!("output[data-for=\"{k}\"]")) {
                        let step =
                            self.sim.scenario().controls.get(k.parse::<usize>().unwrap_or(0)).map_or(0.01, |c| c.step);
                        let txt = match &shown {
                            serde_json::Value::Number(n) => fmt_value(n.as_f64().unwrap_or(0.0), step),
                            _ => String::new(),
                        };
                        out.set_text_content(Some(&txt));
                    }
                }
                if !self.playing {
                    self.draw();
                }
            }
            Err(e) => self.report(&e),
        }
    }

    /// A problem the user caused (bad value): to the console, and visibly next to the controls.
    fn report(&mut self, msg: &str) {
        web_sys::console::error_1(&JsValue::from_str(&format!("steerlab: {msg}")));
        self.live.set_text_content(Some(msg));
        self.metric.set_text_content(Some(msg));
        self.perf.hold_until = now(&self.window) + 3000.0;
    }
}

fn fmt_value(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else if step >= 0.1 {
        1
    } else {
        2
    };
    Fixed(v, decimals).to_string()
}

/// The play button's text without its glyph, for its accessible name: "❚❚ Pause" → "Pause".
fn spoken(t: &str) -> &str {
    t.split_once(' ').map_or(t, |x| x.1)
}

fn now(w: &Window) -> f64 {
    // The page's `performance` object, fetched once (a frame reads the clock four times per canvas).
    thread_local!(static PERF: Option<web_sys::Performance> = web_sys::window().and_then(|w| w.performance()));
    PERF.with(|p| p.as_ref().map_or_else(|| w.performance().map_or(0.0, |p| p.now()), |p| p.now()))
}

/// Replace an element's text. When it holds one text node, that node's data changes (a
/// characterData mutation, which the lifecycle's observer does not watch), not its children.
pub(super) fn set_text(el: &HtmlElement, text: &str) {
    match el.first_child() {
        Some(n) if n.node_type() == web_sys::Node::TEXT_NODE && n.next_sibling().is_none() => {
            if n.node_value().as_deref() != Some(text) {
                n.set_node_value(Some(text));
            }
        }
        _ => el.set_text_content(Some(text)),
    }
}

/// Register every listener and observer, owned by the viewer.
pub fn attach(shared: &Shared) -> Result<(), JsValue> {
    let weak: Weak<Slot> = Rc::downgrade(shared);
    let h = &shared.h;
    let inner = shared.cell.borrow_mut();

    // The frame loop: one requestAnimationFrame closure, one frame in flight.
    let w = weak.clone();
    h.raf.replace(Some(Closure::new(move |ts: f64| {
        if let Some(s) = w.upgrade() {
            if let Ok(mut i) = s.enter() {
                i.frame(ts);
            }
            s.h.flush_changes();
        }
    })));

    let canvas: EventTarget = inner.canvas.clone().into();
    let root: EventTarget = inner.root.clone().into();
    let doc: EventTarget = inner.document.clone().into();
    let add = |target: &EventTarget, kind: &'static str, f: Handler| -> Result<Listener, JsValue> {
        let w = weak.clone();
        let mut f = f;
        let cb = Closure::<dyn FnMut(Event)>::new(move |ev: Event| {
            if let Some(s) = w.upgrade() {
                if let Ok(mut i) = s.enter() {
                    f(&mut i, ev);
                }
                s.h.flush_changes();
            }
        });
        target.add_event_listener_with_callback(kind, cb.as_ref().unchecked_ref())?;
        Ok((target.clone(), kind, cb))
    };
    let mut listeners = Vec::new();
    for kind in ["pointerdown", "pointermove", "pointerup", "pointercancel", "pointerleave", "dblclick"] {
        listeners.push(add(
            &canvas,
            kind,
            Box::new(move |i, ev| {
                if let Some(pe) = ev.dyn_ref::<PointerEvent>() {
                    i.on_pointer(pe, kind);
                } else if let Some(me) = ev.dyn_ref::<web_sys::MouseEvent>() {
                    // dblclick is a MouseEvent: treat its coordinates the same way.
                    let p = i.event_world(me);
                    if i.pointer(Pointer::DoubleClick(p), false) && !i.playing {
                        i.draw();
                    }
                }
            }),
        )?);
    }
    listeners.push(add(
        &canvas,
        "keydown",
        Box::new(|i, ev| {
            if let Some(k) = ev.dyn_ref::<KeyboardEvent>() {
                i.on_key(k);
            }
        }),
    )?);
    listeners.push(add(&root, "click", Box::new(|i, ev| i.on_click(&ev)))?);
    listeners.push(add(&root, "input", Box::new(|i, ev| i.on_input(&ev)))?);
    listeners.push(add(
        &root,
        "change",
        Box::new(|i, ev| {
            // Sliders already reported on `input`; checkboxes and selects report here.
            let is_range =
                ev.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()).is_some_and(|x| x.type_() == "range");
            if !is_range {
                i.on_input(&ev)
            }
        }),
    )?);
    listeners.push(add(
        &doc,
        "visibilitychange",
        Box::new(|i, _| {
            i.last_ts = None;
            i.ensure_frame();
        }),
    )?);
    // The reader's colour scheme: re-theme and repaint when it changes.
    if let Ok(Some(mq)) = inner.window.match_media("(prefers-color-scheme: dark)") {
        let mq: EventTarget = mq.into();
        listeners.push(add(&mq, "change", Box::new(|i, _| i.retheme()))?);
    }
    let panel: EventTarget = inner.inspector.panel().clone().into();
    for kind in ["pointerover", "pointerleave", "focusin", "focusout", "keydown", "click"] {
        listeners.push(add(&panel, kind, Box::new(|i, ev| i.on_inspector(&ev)))?);
    }
    h.listeners.replace(listeners);

    // ResizeObserver: re-fit the backing store, redraw when paused.
    let w = weak.clone();
    let rcb = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        if let Some(s) = w.upgrade() {
            if let Ok(mut i) = s.enter() {
                i.fit_and_draw();
            }
        }
    });
    let ro = ResizeObserver::new(rcb.as_ref().unchecked_ref())?;
    ro.observe(&inner.canvas);
    h.resize.replace(Some((ro, rcb)));

    // IntersectionObserver: no frames while offscreen.
    let w = weak.clone();
    let icb = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        if let Some(s) = w.upgrade() {
            if let Ok(mut i) = s.enter() {
                if let Some(e) = entries.iter().last().and_then(|e| e.dyn_into::<IntersectionObserverEntry>().ok()) {
                    i.on_screen = e.is_intersecting();
                    i.last_ts = None;
                    i.ensure_frame();
                }
            }
        }
    });
    let io = IntersectionObserver::new(icb.as_ref().unchecked_ref())?;
    io.observe(&inner.canvas);
    h.intersect.replace(Some((io, icb)));
    Ok(())
}

/// Remove listeners, cancel the frame, disconnect observers, restore the page, free the state.
/// Works on a viewer that stopped after an internal error too (its `Inner` may stay borrowed).
pub fn destroy(shared: &Shared) {
    let h = &shared.h;
    if h.destroyed.replace(true) {
        return;
    }
    h.cancel_frame();
    for (target, kind, cb) in h.listeners.take() {
        let _ = target.remove_event_listener_with_callback(kind, cb.as_ref().unchecked_ref());
    }
    if let Some((ro, _cb)) = h.resize.take() {
        ro.disconnect();
    }
    if let Some((io, _cb)) = h.intersect.take() {
        io.disconnect();
    }
    h.raf.take();
    // Put the canvas back where it was and remove our DOM. A wrapper already out of the page (a
    // single-page app removed it) lets the canvas go free-standing, as the author made it.
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
    // Give the memory back now, not when the JS handle is collected (wasm memory never shrinks,
    // so a page that mounts and destroys without `free()` would otherwise keep growing).
    if let Ok(mut i) = shared.cell.try_borrow_mut() {
        i.playing = false;
        i.sim.release();
        i.tl.hist.release();
        i.renderer = Renderer::default();
        i.raster = Raster::default();
    }
}

/// Start state after mounting: playing unless asked not to or reduced motion. The first frame is
/// drawn by the ResizeObserver's first callback (or by whatever draws first: a step, a set).
pub fn start(shared: &Shared, autoplay: bool) {
    let mut i = shared.cell.borrow_mut();
    let reduced = i.window.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches());
    if autoplay && !reduced {
        i.play();
    } else {
        i.set_playing_ui();
        let _ = i.root.class_list().add_1("steerlab-paused");
    }
}

impl Inner {
    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// Queue a `steerlab:change` for `path` with its value read back now.
    pub fn queue_change(&self, path: &str, source: &'static str) {
        if let Ok(value) = params::get(&self.sim, path) {
            self.h.pending.borrow_mut().push(Change { path: path.to_string(), value, source });
        }
    }

    /// Resolve the theme again (data-theme, the page's colours, `--sl-*`) and repaint.
    pub fn retheme(&mut self) {
        if !self.canvas.is_connected() {
            return;
        }
        self.themed = false;
        self.draw();
    }

    pub fn dark(&self) -> bool {
        self.dark
    }

    pub fn inspector_open(&self) -> bool {
        self.inspector.is_open()
    }

    /// Open or close the inspector (its toggle, `v.inspector = …`), and draw.
    pub fn set_inspector(&mut self, on: bool) {
        self.inspector.set_open(on, &mut self.sim);
        self.draw();
    }

    /// An event on the inspector's panel (hover, focus, keys, ‹ ›).
    fn on_inspector(&mut self, ev: &Event) {
        if self.inspector.on_event(ev, &mut self.sim) && !self.playing {
            self.draw();
        }
    }

    /// What a still of the current frame is drawn from (`still.rs`).
    pub fn still_parts(&mut self) -> super::still::Parts<'_> {
        self.ensure_theme();
        super::still::Parts {
            sim: &self.sim,
            renderer: &mut self.renderer,
            overlays: self.overlays,
            palette: &self.palette,
            lang: self.lang,
            document: &self.document,
        }
    }
}

/// The canvas left the document (`lifecycle.rs`): no frames until it comes back.
pub fn park(shared: &Shared, since: f64) {
    shared.h.parked.set(Some(since));
    shared.h.cancel_frame();
}

/// The canvas is back: resume where it was (a fresh frame clock, so no jump).
pub fn unpark(shared: &Shared) {
    shared.h.parked.set(None);
    if let Ok(mut i) = shared.enter() {
        i.last_ts = None;
        // Back in the document: draw from the next frame on (the intersection observer, which
        // reported it off screen when it left, corrects this if it came back out of view).
        i.on_screen = true;
        i.fit();
        i.retheme();
        i.ensure_frame();
    }
}

/// Re-theme a viewer from outside its callbacks (the page's colours changed).
pub fn retheme(shared: &Shared) {
    if shared.h.parked.get().is_none() {
        if let Ok(mut i) = shared.enter() {
            i.retheme();
        }
    }
}

/// History and sharing (`history.rs`, `share.rs`): every change to the simulation from outside
/// goes through [`Inner::act`], so that the history logs it.
impl Inner {
    /// Apply an input through the history.
    pub fn act(&mut self, input: Input) -> Result<Outcome, String> {
        self.tl.hist.act(&mut self.sim, input)
    }

    /// A pointer event through the history; true when worth a redraw.
    fn pointer(&mut self, ev: Pointer, dragging: bool) -> bool {
        self.act(Input::Pointer(ev, dragging)).is_ok_and(|o| o.redraw)
    }

    /// Go to a step of the history (clamped to it); the controls follow the parameters there, and
    /// each one the history replayed to another value is reported as a change from `source`.
    #[inline(never)]
    pub fn seek(&mut self, step: u64, source: &'static str) -> u64 {
        self.tl.target = None;
        let before = self.sim.params().ok();
        let t = self.tl.hist.seek(&mut self.sim, step);
        self.last_ts = None;
        self.sync_controls();
        params::changes_since(&self.sim, before, source, &mut self.h.pending.borrow_mut());
        self.draw();
        t
    }

    /// How this viewer starts (`share::start`): the scenario as the page gave it, the link's
    /// inputs, the step to reach (paused there), a notice about a link that was not used.
    pub fn begin(&mut self, mounted: String, link: Option<Link>, step: Option<u64>, notice: Option<String>) {
        self.tl.mounted = mounted;
        if let Some(msg) = &notice {
            super::share::notice(&self.document, &self.root, &self.canvas, self.lang, msg);
        }
        if let Some(step) = step {
            self.tl.before_link = self.sim.params().ok();
            self.tl.hist.set_future(&mut self.sim, link.map(|l| l.log).unwrap_or_default(), step);
            self.tl.target = Some(step);
            let w = self.window.clone();
            self.tl.catch_up(&mut self.sim, 50.0, || now(&w));
            self.link_reached();
        }
    }

    /// Once a link's step is reached: the controls show the parameters its inputs set, reported.
    fn link_reached(&mut self) {
        if self.tl.target.is_none() {
            if let Some(before) = self.tl.before_link.take() {
                self.sync_controls();
                params::changes_since(&self.sim, Some(before), "link", &mut self.h.pending.borrow_mut());
            }
        }
    }

    /// `#sl.<key>=<link>` for this moment.
    pub fn link(&self) -> Result<String, String> {
        super::share::fragment(&self.canvas, &self.tl.hist, &self.sim, &self.tl.mounted)
    }

    /// The embed snippet for the current parameters (and this step when paused).
    pub fn embed_code(&self) -> Result<String, String> {
        let step = (!self.playing).then_some(self.sim.steps);
        super::share::embed_code(&self.tl.mounted, self.sim.scenario(), step)
    }

    fn share(&mut self) {
        let (title, note) = (self.lang.t("share_title"), self.lang.t("share_note"));
        match self.link() {
            Ok(f) => {
                let url = super::share::url(&f);
                super::share::open_dialog(&self.root, self.lang, title, note, &url, true);
            }
            Err(e) => self.report(&e),
        }
    }

    fn embed(&mut self) {
        let (title, note) = (self.lang.t("embed_title"), self.lang.t("embed_note"));
        match self.embed_code() {
            Ok(code) => super::share::open_dialog(&self.root, self.lang, title, note, &code, false),
            Err(e) => self.report(&e),
        }
    }
}

/// `clientX` / `clientY` as the browser has them: pointer events carry fractions of a CSS pixel
/// (a 2× screen, a scaled page), which web-sys' `client_x()` (an `i32`) would cut off — up to two
/// world units on a narrow canvas of a 640-unit world.
fn client_xy(ev: &web_sys::MouseEvent) -> (f64, f64) {
    let get = |k: &str| js_sys::Reflect::get(ev, &JsValue::from_str(k)).ok().and_then(|v| v.as_f64());
    match (get("clientX"), get("clientY")) {
        (Some(x), Some(y)) => (x, y),
        _ => (ev.client_x() as f64, ev.client_y() as f64),
    }
}
