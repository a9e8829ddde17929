//! What the bar's buttons and overlay toggles run: a table each (`button`, `overlay`). Their
//! elements and words are the viewer's template's (`dom.rs`, `TEMPLATE`): a new button or toggle
//! is one row here and one element there, with its words in each words file.

use super::controls::Fold;
use super::Inner;
use crate::sim::draw::Overlay;

/// Where a button of the bar goes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// Always under the canvas (play, step back, step, and the toggles of the menu and settings).
    Bar,
    /// In the menu: folded under "⋯ More" on a narrow figure, in the bar's row on a wide one.
    Menu,
    /// Beside the scrub bar (its fine mode).
    Scrub,
}

/// A button of the bar.
pub(super) struct Button {
    /// Its `data-action`.
    pub action: &'static str,
    pub place: Place,
    /// What a click does.
    pub run: fn(&mut Inner),
}

/// The bar's buttons, in the template's order. A new entry of the menu (a chart, say) is one row
/// here with `place: Place::Menu` and a button in the template's `.steerlab-menu`: it is shown in
/// the bar's row on a wide figure, and its `run` is called on a click (the menu then closes).
/// `add_menu_item` adds one at run time.
pub(super) const BUTTONS: [Button; 16] = [
    // Its name says what it does now ("Pause" while playing): no aria-pressed, which read "❚❚ Pause, pressed".
    Button { action: "play", place: Place::Bar, run: Inner::toggle_play },
    Button { action: "step-back", place: Place::Bar, run: Inner::step_back },
    Button {
        action: "step",
        place: Place::Bar,
        run: |i| {
            i.step(1);
            i.draw();
        },
    },
    // On a canvas where a drag edits (a waypoint, the target, the leader, «self»), for touch
    // screens (`steerlab.css` shows it where a pointer is coarse): one finger drags while it is
    // pressed, instead of scrolling the page (`events.rs`, `Inner::set_active`).
    Button { action: "edit", place: Place::Bar, run: Inner::toggle_edit },
    // The settings' and the menu's toggles (disclosures: `aria-expanded`, `aria-controls`); the
    // menu follows its toggle (the next tab stop), its entries are the `Place::Menu` rows.
    Button { action: "settings", place: Place::Bar, run: |i| i.toggle_fold(Fold::SETTINGS) },
    Button { action: "menu", place: Place::Bar, run: |i| i.toggle_fold(Fold::MENU) },
    Button { action: "share", place: Place::Menu, run: Inner::share },
    Button { action: "embed", place: Place::Menu, run: Inner::embed },
    // The scenario as code (issue 36): `steerlab:code`, answered by www/boot.js with the code
    // view (www/code/dialog.js, loaded on first use).
    Button { action: "code", place: Place::Menu, run: Inner::code },
    Button { action: "save", place: Place::Menu, run: Inner::save_image },
    Button { action: "seed", place: Place::Menu, run: Inner::new_seed },
    // Its `aria-controls` (the panel's id) is set by `Inspector::new`.
    Button { action: "inspector", place: Place::Menu, run: Inner::toggle_inspector },
    // On a canvas where a tap adds something (an obstacle, food, a waypoint): pressed, the next
    // tap or click picks the agent nearest to it instead (`events.rs`, `Inner::pick`; the canvas
    // is outlined meanwhile).
    Button { action: "pick", place: Place::Menu, run: Inner::toggle_pick },
    // The measures over time under the canvas (issue 35; drawn by www/chart.js, loaded on first use).
    Button { action: "chart", place: Place::Menu, run: |i| i.set_chart(!i.chart_on()) },
    Button { action: "reset", place: Place::Menu, run: Inner::reset },
    Button { action: "fine", place: Place::Scrub, run: Inner::toggle_fine },
];

/// An overlay toggle of the settings: the overlay and its `data-overlay` key.
pub(super) struct Toggle {
    pub overlay: Overlay,
    pub key: &'static str,
}

/// The overlay toggles, in order (shown for scenarios with flocking rules).
pub(super) const TOGGLES: [Toggle; 5] = [
    Toggle { overlay: Overlay::Perception, key: "perception" },
    Toggle { overlay: Overlay::SepDist, key: "sep_dist" },
    Toggle { overlay: Overlay::Velocity, key: "velocity" },
    Toggle { overlay: Overlay::Forces, key: "forces" },
    Toggle { overlay: Overlay::Grid, key: "grid" },
];

/// The button with this `data-action`, if it is one of the bar's.
pub(super) fn button(action: &str) -> Option<&'static Button> {
    BUTTONS.iter().find(|b| b.action == action)
}

/// The overlay of the toggle with this `data-overlay` key; `None` for a key no toggle has.
pub(super) fn overlay(key: &str) -> Option<Overlay> {
    TOGGLES.iter().find(|t| t.key == key).map(|t| t.overlay)
}
