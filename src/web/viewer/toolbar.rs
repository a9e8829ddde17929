//! The figure's controls in few tab stops (issue 58), as the WAI-ARIA Authoring Practices'
//! toolbar pattern (a roving tabindex: one item of a group takes the Tab, arrows move between
//! them):
//! - the bar: its buttons (play, step back, step, ✎, ⚙, ⋯ and the menu's entries), the scrub
//!   bar's fine mode, the overlay toggles and the readout's "?" — those outside the bar's element
//!   are its own in the accessibility tree (`aria-owns`). Play takes the Tab at first, then the
//!   last one used; ← → move between those shown (Home, End: the first, the last), wrapping; the
//!   menu's and the settings' entries are among them only while shown (a narrow figure folds them
//!   behind ⋯ and ⚙);
//! - the scenario's parameters (its sliders, toggles and selects), a vertical toolbar: ↑ ↓ move
//!   between them, ← → (and Home, End, Page Up, Page Down) are the slider's own.
//!
//! The scrub bar keeps its own stop: its arrows are its own.

use super::Inner;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

/// A group with one tab stop: its container, its items (in the document's order, which is the
/// order they show in), the keys that move to the previous and the next, and whether Home and End
/// go to the first and the last (a slider keeps them).
struct Group {
    container: &'static str,
    items: &'static str,
    keys: [&'static str; 2],
    ends: bool,
}

/// The bar: its own buttons, then what it owns (in the accessibility tree's order: `aria-owns`).
const BAR: Group = Group {
    container: ".steerlab-bar",
    items: ".steerlab-bar .steerlab-btn|[data-action=fine]|.steerlab-overlays input|.steerlab-meanings",
    keys: ["ArrowLeft", "ArrowRight"],
    ends: true,
};
const PARAMS: Group = Group {
    container: ".steerlab-controls",
    items: ".steerlab-controls [data-param]",
    keys: ["ArrowUp", "ArrowDown"],
    ends: false,
};

/// Whether `e` is shown (a folded menu's entry, the ✎ of a mouse's screen are not: under
/// `display: none` an element has no offset parent).
fn shown(e: &HtmlElement) -> bool {
    e.offset_parent().is_some()
}

/// The group's items under `root`, in the order of its selectors (`|` between them), each in the
/// document's order.
fn items(root: &Element, g: &Group) -> Vec<HtmlElement> {
    let mut out = Vec::new();
    for sel in g.items.split('|') {
        let Ok(list) = root.query_selector_all(sel) else { continue };
        out.extend((0..list.length()).filter_map(|k| list.item(k)).filter_map(|n| n.dyn_into::<HtmlElement>().ok()));
    }
    out
}

/// Whether `e` is one of the group's items.
fn is_item(e: &Element, g: &Group) -> bool {
    g.items.split('|').any(|sel| e.matches(sel).unwrap_or(false))
}

/// `e` is its group's stop.
fn rove_to(root: &Element, g: &Group, e: &HtmlElement) {
    for x in items(root, g) {
        let _ = x.set_attribute("tabindex", if x == *e { "0" } else { "-1" });
    }
}

/// Make the groups at mount: their roles and names (`ui.toolbar`, `ui.parameters`, `…_of` with
/// the figure's title), what outside the bar is its own (`aria-owns`, ids unique in the page by
/// `n`), one tab stop each (play, the first parameter).
pub(super) fn setup(root: &Element, n: u32, titled: bool) {
    if let Ok(Some(bar)) = root.query_selector(BAR.container) {
        let _ = bar.set_attribute("role", "toolbar");
        let mut owns = String::new();
        for (sel, part) in
            [("[data-action=fine]", "fine"), (".steerlab-overlays", "overlays"), (".steerlab-meanings", "meanings")]
        {
            if let Ok(Some(e)) = root.query_selector(sel) {
                let id = format!("steerlab-{part}-{n}");
                e.set_id(&id);
                owns.push_str(if owns.is_empty() { "" } else { " " });
                owns.push_str(&id);
            }
        }
        if !owns.is_empty() {
            let _ = bar.set_attribute("aria-owns", &owns);
        }
        let all = items(root, &BAR);
        let play = all.iter().find(|e| e.get_attribute("data-action").as_deref() == Some("play"));
        if let Some(first) = play.or(all.first()) {
            rove_to(root, &BAR, first);
        }
    }
    let params = items(root, &PARAMS);
    if params.len() >= 2 {
        if let Ok(Some(p)) = root.query_selector(PARAMS.container) {
            let _ = p.set_attribute("role", "toolbar");
            let _ = p.set_attribute("aria-orientation", "vertical");
            let _ = p.set_attribute("data-sl-label", if titled { "ui.parameters_of" } else { "ui.parameters" });
        }
        rove_to(root, &PARAMS, &params[0]);
    }
}

impl Inner {
    /// A key on an item of a group: the focus moves to the next one shown. True when the key was
    /// the group's.
    pub(super) fn rove_key(&mut self, ev: &KeyboardEvent) -> bool {
        let Some(t) = ev.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) else { return false };
        for g in [&BAR, &PARAMS] {
            if !is_item(&t, g) {
                continue;
            }
            let all: Vec<HtmlElement> = items(&self.root, g).into_iter().filter(shown).collect();
            // (A lone parameter is no group: its arrows are all its own.)
            let Some(at) = all.iter().position(|e| *e == t).filter(|_| all.len() >= 2 || g.ends) else { return false };
            let n = all.len();
            let key = ev.key();
            let to = match key.as_str() {
                k if k == g.keys[1] => (at + 1) % n,
                k if k == g.keys[0] => (at + n - 1) % n,
                "Home" if g.ends => 0,
                "End" if g.ends => n - 1,
                _ => return false,
            };
            ev.prevent_default();
            rove_to(&self.root, g, &all[to]);
            let _ = all[to].focus();
            return true;
        }
        false
    }

    /// An item took the focus (a click, a key): it is its group's stop from now on.
    pub(super) fn rove_focus(&self, target: &Element) {
        for g in [&BAR, &PARAMS] {
            if is_item(target, g) {
                if let Some(e) = target.dyn_ref::<HtmlElement>() {
                    rove_to(&self.root, g, e);
                }
            }
        }
    }

    /// After what is shown changed (a fold closed, the figure narrowed): when the bar's stop is
    /// no longer shown, play (else the first item shown) takes it.
    pub(super) fn rove_fix(&self) {
        let all = items(&self.root, &BAR);
        if all.iter().any(|e| e.get_attribute("tabindex").as_deref() == Some("0") && shown(e)) {
            return;
        }
        let seen: Vec<&HtmlElement> = all.iter().filter(|e| shown(e)).collect();
        let play = seen.iter().find(|e| e.get_attribute("data-action").as_deref() == Some("play"));
        if let Some(e) = play.or(seen.first()) {
            rove_to(&self.root, &BAR, e);
        }
    }
}
