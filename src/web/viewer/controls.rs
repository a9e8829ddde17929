//! The viewer's controls. The bar's buttons and overlay toggles are each described once, in a
//! table that both builds them (`bar`) and runs them (`button`, `overlay`): a new button or toggle
//! is one row. The scenario's own controls (sliders, toggles, selects: `controls` in its JSON) are
//! built from the scenario (`panel`) and set its parameters through the history.

use super::dom::{el, fmt_value};
use super::Inner;
use crate::lang::{Lang, K};
use crate::sim::input::Input;
use crate::sim::scenario::ControlKind;
use crate::sim::text::short64;
use crate::sim::Sim;
use crate::web::params;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlSelectElement};

pub(super) use super::buttons::*;
pub use crate::parts::Parts;

/// A disclosure of the bar: its toggle and what it shows (the menu, or the settings).
pub(super) struct Fold {
    pub toggle: HtmlElement,
    pub body: HtmlElement,
}

impl Fold {
    pub const MENU: usize = 0;
    pub const SETTINGS: usize = 1;

    pub fn is_open(&self) -> bool {
        self.body.class_list().contains("steerlab-open")
    }

    pub fn set_open(&self, on: bool) {
        let _ = self.body.class_list().toggle_with_force("steerlab-open", on);
        let _ = self.toggle.set_attribute("aria-expanded", if on { "true" } else { "false" });
    }
}

/// Add an entry to a viewer's menu at run time (for a feature that loads later, e.g. a chart):
/// a button with `data-action="<action>"` and this label, at the end of the menu of the viewer
/// whose wrapper is `root`. `None` when that viewer has no menu (`data-controls` left it out).
/// A click on it reaches `Inner::on_click`: give the action a row in `BUTTONS` (`Place::Menu`,
/// then it is built at mount and this is not needed) or handle it there.
#[allow(dead_code)]
pub(super) fn add_menu_item(root: &HtmlElement, action: &str, label: &str) -> Result<Option<HtmlElement>, JsValue> {
    let Some(menu) = root.query_selector(".steerlab-menu")? else { return Ok(None) };
    let doc = root.owner_document().ok_or("no document")?;
    let e = el(&doc, "button", "steerlab-btn")?;
    e.set_attribute("type", "button")?;
    e.set_attribute("data-action", action)?;
    e.set_text_content(Some(label));
    menu.append_child(&e)?;
    Ok(Some(e))
}

/// The scenario's controls (`None` when it has none): a labelled row each, with its input and an
/// `<output>` for a slider's value.
pub(super) fn panel(doc: &Document, lang: Lang, sim: &Sim) -> Result<Option<HtmlElement>, JsValue> {
    let sc = sim.scenario();
    if sc.controls.is_empty() {
        return Ok(None);
    }
    let params = sim.params().ok();
    let panel = el(doc, "div", "steerlab-controls")?;
    // (The prefix of its labels' ids, unique in the page.)
    let ids = format!("steerlab-control-{}", PANELS.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    for (k, c) in sc.controls.iter().enumerate() {
        let row = el(doc, "label", "steerlab-control")?;
        let name = el(doc, "span", "steerlab-label")?;
        name.set_text_content(Some(c.label_in(&lang)));
        // (A label named by a words key is written again when its words come: `words::write`.)
        if let Some(k) = c.label.key() {
            name.set_attribute("data-sl-text", k)?;
        }
        row.append_child(&name)?;
        let current = params.as_ref().and_then(|p| p.get(&c.param).ok());
        let out = el(doc, "output", "steerlab-value")?;
        out.set_attribute("data-for", &k.to_string())?;
        let input: Element = match c.kind {
            ControlKind::Slider => {
                let inp: HtmlInputElement = doc.create_element("input")?.dyn_into()?;
                inp.set_type("range");
                inp.set_min(&short64(c.min));
                inp.set_max(&short64(c.max));
                inp.set_step(&short64(c.step));
                if let Some(v) = current.as_ref().and_then(|v| v.as_f64()) {
                    inp.set_value(&short64(v));
                    out.set_text_content(Some(&fmt_value(lang, v, c.step)));
                }
                inp.into()
            }
            ControlKind::Toggle => {
                let inp: HtmlInputElement = doc.create_element("input")?.dyn_into()?;
                inp.set_type("checkbox");
                inp.set_checked(current.as_ref().and_then(|v| v.as_bool()).unwrap_or(false));
                inp.into()
            }
            ControlKind::Select => {
                let sel: HtmlSelectElement = doc.create_element("select")?.dyn_into()?;
                let cur = current.as_ref().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
                for (j, o) in c.options.iter().enumerate() {
                    let opt = doc.create_element("option")?;
                    opt.set_attribute("value", o)?;
                    opt.set_text_content(Some(c.option_label(j, &lang)));
                    if let Some(k) = c.option_labels.get(j).and_then(|t| t.key()) {
                        opt.set_attribute("data-sl-text", k)?;
                    }
                    sel.append_child(&opt)?;
                }
                sel.set_value(&cur);
                sel.into()
            }
        };
        // Named by its label alone, its value said once (the slider's own): the `<output>` beside
        // it, a live region by its role, would say it again and is part of the label's text.
        input.set_attribute("aria-label", c.label_in(&lang))?;
        if let Some(k) = c.label.key() {
            input.set_attribute("data-sl-label", k)?;
        }
        out.set_attribute("aria-hidden", "true")?;
        input.set_attribute("data-param", &c.param)?;
        input.set_attribute("data-control", &k.to_string())?;
        row.append_child(&input)?;
        row.append_child(&out)?;
        if c.kind == ControlKind::Slider {
            // − and + a step at a time, for a finger (`steerlab.css` shows them where a pointer is
            // coarse): a slider's steps are often narrower than a finger. After the input, so the
            // row's label still labels the slider; each named "Less" / "More" and the label's text.
            name.set_id(&format!("{ids}-{k}"));
            for (dir, symbol, key) in [(-1, "−", "ui.nudge_down"), (1, "+", "ui.nudge_up")] {
                let b = el(doc, "button", "steerlab-btn steerlab-nudge")?;
                b.set_attribute("type", "button")?;
                b.set_attribute("data-action", "nudge")?;
                b.set_attribute("data-nudge", if dir < 0 { "down" } else { "up" })?;
                b.set_attribute("data-sl-label", key)?;
                b.set_id(&format!("{}-{}", name.id(), if dir < 0 { "down" } else { "up" }));
                b.set_attribute("aria-labelledby", &format!("{} {}", b.id(), name.id()))?;
                b.set_text_content(Some(symbol));
                row.append_child(&b)?;
            }
        }
        panel.append_child(&row)?;
    }
    Ok(Some(panel))
}

static PANELS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// What the bar's buttons do (beyond play, reset, share and embed, in `viewer.rs`).
impl Inner {
    /// Where the scenario's controls are: the page's slot for them, else the wrapper.
    fn controls(&self) -> &HtmlElement {
        self.h.slot_panel.as_ref().unwrap_or(&self.root)
    }

    /// A slider's − or + (`b`): one step down or up, set as the slider would set it.
    pub(super) fn nudge(&mut self, b: &Element) {
        let row = b.closest(".steerlab-control").ok().flatten();
        let Some(input) = row.and_then(|r| r.query_selector("input[type=range]").ok().flatten()) else { return };
        let Ok(input) = input.dyn_into::<HtmlInputElement>() else { return };
        // JS's own parseFloat: core's `str::parse::<f64>` would bring its float parser and its table of
        // powers of five, 14.3 KB of the module gzipped (tests/e2e/payload.test.mjs).
        let num = |t: String| Some(js_sys::Number::parse_float(&t)).filter(|x| x.is_finite());
        let (lo, hi) = (num(input.min()).unwrap_or(0.0), num(input.max()).unwrap_or(100.0));
        let step = num(input.step()).filter(|s| *s > 0.0).unwrap_or(1.0);
        let dir = if b.get_attribute("data-nudge").as_deref() == Some("down") { -1.0 } else { 1.0 };
        // On the slider's grid of steps from its minimum, as the range's own arrow keys go.
        let k = ((input.value_as_number() - lo) / step).round() + dir;
        let v = crate::sim::num::clamp(lo + k * step, lo, hi.max(lo));
        // (Rounded off float noise: 0.1 · 7 is 0.7.)
        input.set_value(&short64((v * 1e9).round() / 1e9));
        if let Some(param) = input.get_attribute("data-param") {
            self.on_control(&input, param);
        }
    }

    pub(super) fn new_seed(&mut self) {
        let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        let _ = self.act(Input::Reseed(seed));
        self.queue_change("seed", "control");
        self.draw();
    }

    pub(super) fn save_image(&mut self) {
        if let Err(e) = crate::web::still::save(self.still_parts()) {
            self.report(&format!("save image: {}", crate::web::js_text(&e)));
        }
    }

    /// Open or close the menu (`Fold::MENU`) or the settings (`Fold::SETTINGS`).
    pub(super) fn toggle_fold(&mut self, k: usize) {
        if let Some(f) = &self.folds[k] {
            f.set_open(!f.is_open());
        }
    }

    /// Close the open disclosures (Escape, or after a menu entry ran); true when one was open
    /// (`focus`: give the focus back to its toggle).
    pub(super) fn close_folds(&mut self, focus: bool) -> bool {
        let mut closed = false;
        for f in self.folds.iter().flatten() {
            if f.is_open() {
                f.set_open(false);
                if focus {
                    let _ = f.toggle.focus();
                }
                closed = true;
            }
        }
        closed
    }

    pub(super) fn toggle_inspector(&mut self) {
        let on = !self.inspector.is_open();
        self.set_inspector(on);
    }

    /// An overlay toggle changed.
    pub(super) fn on_overlay(&mut self, key: &str, on: bool) {
        let Some(o) = overlay(key) else {
            self.report(&format!("unknown overlay toggle `{key}`"));
            return;
        };
        self.overlays.set(o, on);
        if !self.playing {
            self.draw();
        }
    }

    /// One of the scenario's controls changed (`t` has its `data-param`): set the parameter and
    /// show its value.
    pub(super) fn on_control(&mut self, t: &Element, param: String) {
        let value = if let Some(i) = t.dyn_ref::<HtmlInputElement>() {
            if i.type_() == "checkbox" {
                serde_json::Value::Bool(i.checked())
            } else {
                let v = i.value_as_number();
                match serde_json::Number::from_f64(v) {
                    Some(n) => serde_json::Value::Number(n),
                    None => {
                        self.report(&format!("{param}: must be a finite number, got {}", crate::sim::text::short64(v)));
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
                    if let Ok(Some(out)) = self.controls().query_selector(&format!("output[data-for=\"{k}\"]")) {
                        let step =
                            self.sim.scenario().controls.get(k.parse::<usize>().unwrap_or(0)).map_or(0.01, |c| c.step);
                        let txt = match &shown {
                            serde_json::Value::Number(n) => fmt_value(self.lang, n.as_f64().unwrap_or(0.0), step),
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

    /// Bring every control's displayed value in line with the scenario (after `set` from JS, a
    /// seek).
    pub fn sync_controls(&self) {
        let Ok(list) = self.controls().query_selector_all("[data-param]") else { return };
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
                        if let Ok(Some(out)) = self.controls().query_selector(&format!("output[data-for=\"{c}\"]")) {
                            let step = params::control_step(&self.sim, c.parse::<usize>().unwrap_or(0));
                            out.set_text_content(Some(&fmt_value(self.lang, x, step)));
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

    /// The play button's label and accessible name after playing or pausing: its symbol, then
    /// its word in a `.steerlab-word` (a narrow figure shows the symbol alone).
    pub(super) fn set_playing_ui(&self) {
        if let Some(b) = &self.play_button {
            let name = if self.playing { K::UiPauseName } else { K::UiPlayName };
            // The symbol, then the word (its name) in a `.steerlab-word`: "▶ Play", "❚❚ Pause".
            let symbol = if self.playing { "❚❚ " } else { "▶ " };
            let word = self.lang.text(name);
            match (b.first_child(), b.last_child()) {
                (Some(s), Some(w)) if b.child_element_count() == 1 => {
                    s.set_node_value(Some(symbol));
                    w.set_text_content(Some(word));
                }
                _ => {
                    b.set_text_content(Some(symbol));
                    if let Ok(w) = el(&self.document, "span", "steerlab-word") {
                        w.set_text_content(Some(word));
                        let _ = b.append_child(&w);
                    }
                }
            }
            let _ = b.set_attribute("aria-label", self.lang.text(name));
        }
    }
}
