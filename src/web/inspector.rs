//! The inspector (issue 22 item 3): for the selected agent, the pseudocode of every rule that
//! steers it, each line with that agent's value at the current step (`lang::pseudo`), as DOM text
//! under the canvas — or in the page's `<div class="steerlab-inspector-slot" data-for="canvas-id">`
//! when there is one. Hovering or focusing a line highlights its vector on the canvas
//! (`sim::inspect::highlight`).
//!
//! Screen readers: the panel is a labelled group of lists, not a live region — it changes four
//! times a second while playing, and announcing that would drown everything else; a reader
//! reads it when they choose to. The panel is one tab stop (issue 58): its lines take it (a roving
//! tabindex: ↑ ↓ Home End move between them, ← → go to the previous and the next agent, as ‹ ›
//! do for a pointer), each a list item whose text reads as "code, value". Updates change the text
//! nodes' data in place, so a focused line keeps its focus and the reading position holds.

use super::viewer::set_text;
use crate::lang::pseudo::{self, Block};
use crate::lang::{Lang, K};
use crate::sim::draw::DrawList;
use crate::sim::{inspect, Sim};
use crate::svg::escape;
use std::cell::Cell;
use std::fmt::Write;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, HtmlElement, KeyboardEvent};

thread_local! {
    /// For unique panel ids (the toggle's `aria-controls`).
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
}

/// The line under the pointer or the focus: (term, key) as the line's `data-term` / `data-key`.
type Hover = (Option<usize>, String);

pub struct Inspector {
    doc: Document,
    lang: Lang,
    canvas_id: String,
    root: HtmlElement,
    /// `<div class="steerlab-inspector" role="group">`: in the document only while open.
    panel: HtmlElement,
    title: HtmlElement,
    body: HtmlElement,
    button: Option<Element>,
    open: bool,
    /// The agent was chosen for the reader when the inspector first opened with none selected.
    chose: bool,
    /// The structure shown (every line's code and key): values change in place while it holds.
    shape: Vec<(Option<usize>, &'static str, &'static str)>,
    /// The text nodes' elements to update in place: block titles, then values, in order.
    texts: Vec<HtmlElement>,
    /// The text period (`paint::text_period`) of the last refresh while playing; `None`: refresh
    /// at the next frame.
    period: Option<u64>,
    pub hover: Option<Hover>,
}

fn el(doc: &Document, tag: &str, class: &str) -> Result<HtmlElement, JsValue> {
    let e: HtmlElement = doc.create_element(tag)?.dyn_into()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Ok(e)
}

impl Inspector {
    /// The panel (not yet in the page) and the toggle in the viewer's bar (if it has one).
    pub fn new(doc: &Document, root: &HtmlElement, canvas_id: String, lang: Lang) -> Result<Inspector, JsValue> {
        let id = NEXT_ID.with(|n| {
            n.set(n.get() + 1);
            format!("steerlab-inspector-{}", n.get())
        });
        let panel = el(doc, "div", "steerlab-inspector")?;
        panel.set_id(&id);
        panel.set_attribute("role", "group")?;
        // (Its viewer's language: the panel may sit elsewhere in the page.)
        panel.set_attribute("lang", &root.get_attribute("lang").unwrap_or_default())?;
        // Markup, not element by element: a smaller module (no script or style in it: CSP-safe).
        // Its words are marks, written by `words::write` (`Inner::write_words`).
        panel.set_attribute("data-sl-label", "ui.inspector.label")?;
        panel.set_inner_html(
            "<div class='steerlab-inspector-head'><button type='button' class='steerlab-btn' data-action='inspect-prev' data-sl-label='ui.inspector.prev' tabindex='-1' aria-keyshortcuts='ArrowLeft'>‹</button><p class='steerlab-inspector-agent'></p><button type='button' class='steerlab-btn' data-action='inspect-next' data-sl-label='ui.inspector.next' tabindex='-1' aria-keyshortcuts='ArrowRight'>›</button><button type='button' class='steerlab-btn steerlab-inspector-all' data-action='inspect-all' aria-pressed='false' data-sl-text='ui.inspector.all'></button></div><div class='steerlab-inspector-body'></div>",
        );
        let find = |sel: &str| -> Result<HtmlElement, JsValue> {
            panel.query_selector(sel)?.ok_or_else(|| JsValue::from_str(sel))?.dyn_into().map_err(JsValue::from)
        };
        let title = find(".steerlab-inspector-agent")?;
        let body = find(".steerlab-inspector-body")?;
        // The toggle in the viewer's bar (`viewer/controls.rs` builds it): it controls this panel.
        let button = root.query_selector(".steerlab-bar [data-action=inspector]")?;
        if let Some(b) = &button {
            b.set_attribute("aria-controls", &id)?;
        }
        Ok(Inspector {
            doc: doc.clone(),
            lang,
            canvas_id,
            root: root.clone(),
            panel,
            title,
            body,
            button,
            open: false,
            chose: false,
            shape: Vec::new(),
            texts: Vec::new(),
            period: None,
            hover: None,
        })
    }

    /// Write the panel's words again (words were added for its language): its lines at the next
    /// refresh (www/words.js writes its marked names).
    pub fn reword(&mut self) {
        self.shape.clear();
        self.period = None;
    }

    /// The panel element (its listeners are the viewer's; `destroy()` removes it).
    pub fn panel(&self) -> &HtmlElement {
        &self.panel
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The theme of the viewer, for a panel outside its wrapper.
    pub fn mark(&self, dark: bool) {
        let cl = self.panel.class_list();
        let _ = cl.toggle_with_force("steerlab-dark", dark);
        let _ = cl.toggle_with_force("steerlab-light", !dark);
    }

    /// Show or hide the panel. Opening with no agent selected selects one (once).
    pub fn set_open(&mut self, on: bool, sim: &mut Sim) {
        self.open = on;
        if let Some(b) = &self.button {
            let _ = b.set_attribute("aria-expanded", if on { "true" } else { "false" });
        }
        if !on {
            self.hover = None;
            self.panel.remove();
            return;
        }
        if sim.selected.is_none() && !self.chose {
            sim.selected = inspect::default_agent(sim);
        }
        self.chose = true;
        // The page's place for it, else under the canvas's own widgets.
        let slot = self.doc.query_selector_all(".steerlab-inspector-slot").ok().and_then(|list| {
            (0..list.length())
                .filter_map(|k| list.item(k)?.dyn_into::<Element>().ok())
                .find(|e| !self.canvas_id.is_empty() && e.get_attribute("data-for").as_deref() == Some(&self.canvas_id))
        });
        let _ = match slot {
            Some(s) => s.append_child(&self.panel),
            None => self.root.append_child(&self.panel),
        };
        self.period = None;
    }

    /// The highlight of the line under the pointer or the focus, into the frame's draw list.
    pub fn decorate(&self, sim: &Sim, list: &mut DrawList) {
        let Some((term, key)) = self.hover.as_ref().filter(|_| self.open) else { return };
        if let Some(e) = sim.selected.and_then(|i| sim.explain(i)) {
            inspect::highlight(sim, &e, *term, key, list);
        }
    }

    /// Bring the panel up to date: at once when paused (every step shows); while playing once per
    /// text period (twice a second, at the frames the readouts change: `paint::text_period`,
    /// `clock` is the frame's time).
    pub fn refresh(&mut self, sim: &Sim, clock: f64, playing: bool) {
        let period = super::paint::text_period(clock);
        if !self.open || playing && self.period == Some(period) {
            return;
        }
        self.period = Some(period);
        let e = sim.selected.and_then(|i| sim.explain(i));
        let blocks = match &e {
            Some(e) => pseudo::blocks(self.lang, e, sim.scenario()),
            None => Vec::new(),
        };
        let Some(agent) = blocks.first() else {
            self.shape.clear();
            self.texts.clear();
            self.body.set_text_content(None);
            set_text(&self.title, self.lang.text(K::UiInspectorNone));
            return;
        };
        set_text(&self.title, &agent.title);
        let shape: Vec<_> = blocks.iter().flat_map(|b| b.lines.iter().map(|l| (b.term, l.code, l.key))).collect();
        if shape != self.shape {
            let _ = self.rebuild(&blocks);
            self.shape = shape;
            return;
        }
        let values = blocks
            .iter()
            .enumerate()
            .flat_map(|(k, b)| (k > 0).then_some(&b.title).into_iter().chain(b.lines.iter().map(|l| &l.value)));
        for (el, text) in self.texts.iter().zip(values) {
            set_text(el, text);
        }
    }

    /// Build the panel's lines from scratch (the agent or the rules changed).
    fn rebuild(&mut self, blocks: &[Block]) -> Result<(), JsValue> {
        // Keep the focused line's place (term and key) across the rebuild.
        let focused = self.focused_line().map(|l| (l.get_attribute("data-term"), l.get_attribute("data-key")));
        let mut html = String::new();
        let mut first = true;
        for (k, b) in blocks.iter().enumerate() {
            html.push_str(r#"<div class="steerlab-inspector-block">"#);
            // (The agent's title is in the head, beside ‹ ›.)
            if k > 0 {
                html.push_str(r#"<p class="steerlab-inspector-title">"#);
                escape(&mut html, &b.title);
                html.push_str("</p>");
            }
            html.push_str(r#"<ul class="steerlab-inspector-lines">"#);
            // The block's result: its last line that is not a comment (a phone shows it alone).
            let result = b.lines.iter().rposition(|l| !l.code.trim_start().starts_with('#'));
            for (j, l) in b.lines.iter().enumerate() {
                html.push_str(r#"<li class="steerlab-inspector-line"#);
                if !l.key.is_empty() {
                    html.push_str(" steerlab-inspector-live");
                }
                if Some(j) == result.or(b.lines.len().checked_sub(1)) {
                    html.push_str(" steerlab-inspector-result");
                }
                html.push('"');
                if let Some(t) = b.term {
                    let _ = write!(html, r#" data-term="{t}""#);
                }
                let _ = write!(html, r#" data-key="{}" tabindex="{}"><code translate="no">"#, l.key, -1 + first as i32);
                first = false;
                // A comment in its own span (muted).
                let (code, comment) = l.code.split_at(l.code.find('#').unwrap_or(l.code.len()));
                escape(&mut html, code);
                if !comment.is_empty() {
                    html.push_str(r#"<span class="steerlab-inspector-comment">"#);
                    escape(&mut html, comment);
                    html.push_str("</span>");
                }
                html.push_str(r#"</code><span class="steerlab-inspector-value">"#);
                escape(&mut html, &l.value);
                html.push_str("</span></li>");
            }
            html.push_str("</ul></div>");
        }
        self.body.set_inner_html(&html);
        // The elements whose text changes in place: titles and values, in the blocks' order.
        self.texts.clear();
        let list = self.body.query_selector_all(".steerlab-inspector-title, .steerlab-inspector-value")?;
        self.texts.extend((0..list.length()).filter_map(|k| list.item(k)?.dyn_into().ok()));
        if let Some((term, key)) = focused {
            let sel = match term {
                Some(t) => {
                    format!(".steerlab-inspector-line[data-term=\"{t}\"][data-key=\"{}\"]", key.unwrap_or_default())
                }
                None => format!(".steerlab-inspector-line:not([data-term])[data-key=\"{}\"]", key.unwrap_or_default()),
            };
            if let Ok(Some(l)) = self.body.query_selector(&sel) {
                self.rove(&l);
                if let Some(h) = l.dyn_ref::<HtmlElement>() {
                    let _ = h.focus();
                }
            }
        }
        Ok(())
    }

    fn focused_line(&self) -> Option<Element> {
        let a = self.doc.active_element()?;
        a.class_list().contains("steerlab-inspector-line").then_some(a).filter(|a| self.panel.contains(Some(a)))
    }

    /// Make `line` the panel's one tab stop.
    fn rove(&self, line: &Element) {
        if let Ok(list) = self.body.query_selector_all(".steerlab-inspector-line[tabindex=\"0\"]") {
            for k in 0..list.length() {
                if let Some(e) = list.item(k).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
                    e.set_tab_index(-1);
                }
            }
        }
        if let Some(h) = line.dyn_ref::<HtmlElement>() {
            h.set_tab_index(0);
        }
    }

    /// The previous or the next agent (‹ ›, ← → on a line); false without agents.
    fn next_agent(&mut self, sim: &mut Sim, forward: bool) -> bool {
        let n = sim.agent_count();
        if n == 0 {
            return false;
        }
        let cur = sim.selected.unwrap_or(0).min(n - 1);
        sim.selected = Some(if forward { (cur + 1) % n } else { (cur + n - 1) % n });
        self.period = None;
        true
    }

    /// An event on the panel. Returns whether the canvas should be drawn again.
    pub fn on_event(&mut self, ev: &Event, sim: &mut Sim) -> bool {
        let target = ev.target().and_then(|t| t.dyn_into::<Element>().ok());
        let line = target.as_ref().and_then(|t| t.closest(".steerlab-inspector-line").ok().flatten());
        match ev.type_().as_str() {
            "click" => {
                let Some(b) = target.and_then(|t| t.closest("[data-action]").ok().flatten()) else { return false };
                if b.get_attribute("data-action").as_deref() == Some("inspect-all") {
                    // On a phone the panel shows each rule's result line (steerlab.css); this
                    // shows every line, or the results again.
                    let all = self.panel.class_list().toggle("steerlab-inspector-full").unwrap_or(false);
                    let _ = b.set_attribute("aria-pressed", if all { "true" } else { "false" });
                    return false;
                }
                match b.get_attribute("data-action").as_deref() {
                    Some("inspect-prev") => self.next_agent(sim, false),
                    Some("inspect-next") => self.next_agent(sim, true),
                    _ => false,
                }
            }
            "keydown" => {
                let (Some(line), Some(k)) = (line, ev.dyn_ref::<KeyboardEvent>()) else { return false };
                if let a @ ("ArrowLeft" | "ArrowRight") = k.key().as_str() {
                    ev.prevent_default();
                    return self.next_agent(sim, a == "ArrowRight");
                }
                let Ok(all) = self.body.query_selector_all(".steerlab-inspector-line") else { return false };
                let lines: Vec<Element> = (0..all.length()).filter_map(|k| all.item(k)?.dyn_into().ok()).collect();
                let Some(at) = lines.iter().position(|l| *l == line) else { return false };
                let to = match k.key().as_str() {
                    "ArrowDown" => (at + 1).min(lines.len() - 1),
                    "ArrowUp" => at.saturating_sub(1),
                    "Home" => 0,
                    "End" => lines.len() - 1,
                    _ => return false,
                };
                ev.prevent_default();
                self.rove(&lines[to]);
                if let Some(h) = lines[to].dyn_ref::<HtmlElement>() {
                    let _ = h.focus();
                }
                false
            }
            "pointerover" | "focusin" => {
                let hover = line.map(|l| {
                    if ev.type_() == "focusin" {
                        self.rove(&l);
                    }
                    let term = l.get_attribute("data-term").and_then(|t| t.parse().ok());
                    (term, l.get_attribute("data-key").unwrap_or_default())
                });
                let hover = hover.filter(|h| !h.1.is_empty());
                let changed = hover != self.hover;
                self.hover = hover;
                changed
            }
            // Leaving the panel (pointer) or its lines (focus) ends the highlight.
            "pointerleave" | "focusout" => self.hover.take().is_some(),
            _ => false,
        }
    }
}
