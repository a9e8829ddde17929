//! The figure's controls in few tab stops (issue 58), as the WAI-ARIA Authoring Practices'
//! toolbar pattern: a roving tabindex, one item of a group takes the Tab and arrows move between
//! them. At mount the viewer makes the groups (their roles, names and tab stops: here); the keys
//! that move inside them are www/roving.js's, loaded with the described scene on the first focus
//! in a figure (before any arrow can be pressed there), so the module carries no keyboard code.
//! - the bar: its buttons (play, step back, step, ✎, ⚙, ⋯ and the menu's entries), then the scrub
//!   bar's fine mode, the overlay toggles and the readout's "?", which are its own in the
//!   accessibility tree (`aria-owns`). Play takes the Tab at first;
//! - the scenario's parameters (its sliders, toggles and selects, two or more): a vertical
//!   toolbar, ↑ ↓ between them, their ← → their own.
//!
//! The scrub bar keeps its own stop: its arrows are its own.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// What the bar owns outside its element, and the suffix of each one's id.
const OWNED: [(&str, &str); 3] =
    [("[data-action=fine]", "fine"), (".steerlab-overlays", "overlays"), (".steerlab-meanings", "meanings")];
/// The bar's items with a tab stop to manage (those of the parameters: `[data-param]`).
const BAR_ITEMS: &str = ".steerlab-bar .steerlab-btn,[data-action=fine],.steerlab-overlays input,.steerlab-meanings";

/// `tabindex` on every element `sel` matches under `root`: -1, then 0 on `first` (else the first).
fn one_stop(root: &Element, sel: &str, first: &str) {
    let Ok(list) = root.query_selector_all(sel) else { return };
    for k in 0..list.length() {
        if let Some(e) = list.item(k).and_then(|n| n.dyn_into::<HtmlElement>().ok()) {
            e.set_tab_index(-1);
        }
    }
    let one = root.query_selector(first).ok().flatten().or_else(|| list.item(0).and_then(|n| n.dyn_into().ok()));
    if let Some(e) = one.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        e.set_tab_index(0);
    }
}

/// Make the groups at mount: their roles and names (`ui.toolbar`, `ui.parameters`, `…_of` with
/// the figure's title), what outside the bar is its own (`aria-owns`, ids unique in the page by
/// `n`), one tab stop each (play, the first parameter).
pub(super) fn setup(root: &Element, n: u32, titled: bool) {
    if let Ok(Some(bar)) = root.query_selector(".steerlab-bar") {
        let _ = bar.set_attribute("role", "toolbar");
        let mut owns = String::new();
        for (sel, part) in OWNED {
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
        one_stop(root, BAR_ITEMS, "[data-action=play]");
    }
    let params = root.query_selector_all(".steerlab-controls [data-param]").map_or(0, |l| l.length());
    if params >= 2 {
        if let Ok(Some(p)) = root.query_selector(".steerlab-controls") {
            let _ = p.set_attribute("role", "toolbar");
            let _ = p.set_attribute("aria-orientation", "vertical");
            let _ = p.set_attribute("data-sl-label", if titled { "ui.parameters_of" } else { "ui.parameters" });
        }
        one_stop(root, ".steerlab-controls [data-param]", ".steerlab-controls [data-param]");
    }
}
