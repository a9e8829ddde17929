//! The bar's buttons and overlay toggles, each described once: a table that both builds them
//! (`controls::bar`) and runs them (`button`, `overlay`). A new button or toggle is one row.

use super::controls::Fold;
use super::Inner;
use crate::lang::K;
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
    /// Its label (`words/*.json`).
    pub label: K,
    /// A symbol (and a space) before or after the label ("" for none). With a symbol, a narrow
    /// figure shows the symbol alone (the label is a `.steerlab-word`, hidden there; its `name`
    /// names the button).
    pub icon: (&'static str, &'static str),
    /// Its accessible name when it differs from its label (`aria-label`).
    pub name: Option<K>,
    /// The ARIA state it reports (`"false"` at first; the viewer keeps it current).
    pub state: Option<&'static str>,
    pub place: Place,
    /// What a click does.
    pub run: fn(&mut Inner),
}

/// The bar's buttons, in order. A new entry of the menu (a chart, say) is one row here with
/// `place: Place::Menu`: it is built into the menu, shown in the bar's row on a wide figure, and
/// its `run` is called on a click (the menu then closes). `add_menu_item` adds one at run time.
pub(super) const BUTTONS: [Button; 15] = [
    // Its name says what it does now ("Pause" while playing): no aria-pressed, which read "❚❚ Pause, pressed".
    Button {
        action: "play",
        label: K::UiPlayName,
        icon: ("▶ ", ""),
        name: None,
        state: None,
        place: Place::Bar,
        run: Inner::toggle_play,
    },
    Button {
        action: "step-back",
        label: K::TouchStep,
        icon: ("← ", ""),
        name: Some(K::TouchStepBackName),
        state: None,
        place: Place::Bar,
        run: Inner::step_back,
    },
    Button {
        action: "step",
        label: K::TouchStep,
        icon: ("", " →"),
        name: Some(K::TouchStepName),
        state: None,
        place: Place::Bar,
        run: |i| {
            i.step(1);
            i.draw();
        },
    },
    // On a canvas where a drag edits (a waypoint, the target, the leader, «self»), for touch
    // screens (`steerlab.css` shows it where a pointer is coarse): one finger drags while it is
    // pressed, instead of scrolling the page (`events.rs`, `Inner::set_active`).
    Button {
        action: "edit",
        label: K::TouchEdit,
        icon: ("✎\u{fe0e} ", ""),
        name: Some(K::TouchEditName),
        state: Some("aria-pressed"),
        place: Place::Bar,
        run: Inner::toggle_edit,
    },
    // The settings' and the menu's toggles (disclosures: `aria-expanded`, `aria-controls`); the
    // menu follows its toggle (the next tab stop), its entries are the `Place::Menu` rows.
    Button {
        action: "settings",
        label: K::TouchSettings,
        icon: ("⚙\u{fe0e} ", ""),
        name: Some(K::TouchSettingsName),
        state: Some("aria-expanded"),
        place: Place::Bar,
        run: |i| i.toggle_fold(Fold::SETTINGS),
    },
    Button {
        action: "menu",
        label: K::TouchMore,
        icon: ("⋯ ", ""),
        name: Some(K::TouchMoreName),
        state: Some("aria-expanded"),
        place: Place::Bar,
        run: |i| i.toggle_fold(Fold::MENU),
    },
    Button {
        action: "share",
        label: K::UiShare,
        icon: ("", ""),
        name: None,
        state: None,
        place: Place::Menu,
        run: Inner::share,
    },
    Button {
        action: "embed",
        label: K::UiEmbed,
        icon: ("", ""),
        name: None,
        state: None,
        place: Place::Menu,
        run: Inner::embed,
    },
    // The scenario as code (issue 36): `steerlab:code`, answered by www/boot.js with the code
    // view (www/code/dialog.js, loaded on first use).
    Button {
        action: "code",
        label: K::UiCode,
        icon: ("", ""),
        name: None,
        state: None,
        place: Place::Menu,
        run: Inner::code,
    },
    Button {
        action: "save",
        label: K::UiSave,
        icon: ("", ""),
        name: None,
        state: None,
        place: Place::Menu,
        run: Inner::save_image,
    },
    Button {
        action: "seed",
        label: K::UiSeed,
        icon: ("", ""),
        name: None,
        state: None,
        place: Place::Menu,
        run: Inner::new_seed,
    },
    // Its `aria-controls` (the panel's id) is set by `Inspector::new`.
    Button {
        action: "inspector",
        label: K::UiInspector,
        icon: ("", ""),
        name: None,
        state: Some("aria-expanded"),
        place: Place::Menu,
        run: Inner::toggle_inspector,
    },
    // The measures over time under the canvas (issue 35; drawn by www/chart.js, loaded on first use).
    Button {
        action: "chart",
        label: K::UiChart,
        icon: ("", ""),
        name: None,
        state: Some("aria-pressed"),
        place: Place::Menu,
        run: |i| i.set_chart(!i.chart_on()),
    },
    Button {
        action: "reset",
        label: K::UiReset,
        icon: ("", ""),
        name: None,
        state: None,
        place: Place::Menu,
        run: Inner::reset,
    },
    Button {
        action: "fine",
        label: K::TouchFine,
        icon: ("", ""),
        name: Some(K::TouchFineName),
        state: Some("aria-pressed"),
        place: Place::Scrub,
        run: Inner::toggle_fine,
    },
];

/// An overlay toggle of the bar: the overlay, its `data-overlay` key and its label.
pub(super) struct Toggle {
    pub overlay: Overlay,
    pub key: &'static str,
    pub label: K,
}

/// The overlay toggles, in order (shown for scenarios with flocking rules).
pub(super) const TOGGLES: [Toggle; 5] = [
    Toggle { overlay: Overlay::Perception, key: "perception", label: K::UiOverlayPerception },
    Toggle { overlay: Overlay::SepDist, key: "sep_dist", label: K::UiOverlaySepDist },
    Toggle { overlay: Overlay::Velocity, key: "velocity", label: K::UiOverlayVelocity },
    Toggle { overlay: Overlay::Forces, key: "forces", label: K::UiOverlayForces },
    Toggle { overlay: Overlay::Grid, key: "grid", label: K::UiOverlayGrid },
];

/// The button with this `data-action`, if it is one of the bar's.
pub(super) fn button(action: &str) -> Option<&'static Button> {
    BUTTONS.iter().find(|b| b.action == action)
}

/// The overlay of the toggle with this `data-overlay` key; `None` for a key no toggle has.
pub(super) fn overlay(key: &str) -> Option<Overlay> {
    TOGGLES.iter().find(|t| t.key == key).map(|t| t.overlay)
}
