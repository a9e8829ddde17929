//! Issue 3, in a real browser (wasm-bindgen-test in headless Chromium): the viewer's lifecycle.
#![cfg(target_arch = "wasm32")]

use steerlab::web::{live_viewers, mount};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/page.rs"]
mod page;
use page::{canvas, counters, get, install_counters, yield_now};

#[wasm_bindgen_test]
async fn mount_destroy_200_times_leaves_nothing_running() {
    yield_now().await;
    install_counters();
    let before = counters();
    let base = live_viewers();
    let doc = web_sys::window().unwrap().document().unwrap();
    let c = canvas();
    for k in 0..200 {
        let v = mount(c.clone(), JsValue::from_str(if k % 2 == 0 { "flock" } else { "spatial-hash" })).unwrap();
        assert!(v.playing());
        assert!(v.listener_count() > 0);
        assert!(v.frame_in_flight(), "a playing viewer has one frame requested");
        v.destroy();
        assert_eq!(v.listener_count(), 0, "cycle {k}: listeners left");
        assert!(!v.frame_in_flight(), "cycle {k}: frame loop left running");
        assert!(!v.playing());
        assert!(v.play().is_err(), "a destroyed viewer refuses to play");
    }
    assert_eq!(live_viewers(), base);
    let after = counters();
    assert_eq!(after, before, "listeners, pending frames, observers (page's count) before vs after 200 cycles");
    // The counters do count: one mounted viewer shows up in all three.
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    let during = counters();
    assert!(during.0 > before.0 && during.1 > before.1 && during.2 >= before.2 + 2.0, "{during:?} vs {before:?}");
    v.destroy();
    assert_eq!(counters(), before);
    // The canvas is back where it was, with no wrapper left behind.
    assert_eq!(doc.query_selector_all(".steerlab").unwrap().length(), 0);
    assert!(c.parent_element().is_some());
    c.remove();
}

#[wasm_bindgen_test]
async fn set_and_state_round_trip() {
    yield_now().await;
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    v.pause().unwrap();
    v.set("separation.weight", JsValue::from_f64(2.5)).unwrap();
    let st = v.state().unwrap();
    let behaviours = get(&st, &["scenario", "behaviours"]);
    let sep = js_sys::Reflect::get(&behaviours, &JsValue::from_f64(0.0)).unwrap();
    assert_eq!(get(&sep, &["weight"]).as_f64(), Some(2.5));
    // Bad path and NaN throw readable errors and change nothing.
    let e = v.set("separation.nope", JsValue::from_f64(1.0)).unwrap_err();
    assert!(get(&e, &["message"]).as_string().unwrap().contains("unknown parameter"));
    let e = v.set("perception", JsValue::from_f64(f64::NAN)).unwrap_err();
    assert!(get(&e, &["message"]).as_string().unwrap().contains("must be a finite number"));
    v.step(Some(5)).unwrap();
    assert_eq!(get(&v.state().unwrap(), &["steps"]).as_f64(), Some(5.0));
    v.destroy();
    c.remove();
}

#[wasm_bindgen_test]
async fn reset_then_step_is_deterministic() {
    yield_now().await;
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    v.pause().unwrap();
    let mut runs = Vec::new();
    for _ in 0..2 {
        v.reset().unwrap();
        v.step(Some(100)).unwrap();
        let agents = get(&v.state().unwrap(), &["agents"]);
        runs.push(js_sys::JSON::stringify(&agents).unwrap().as_string().unwrap());
    }
    assert_eq!(runs[0], runs[1]);
    v.destroy();
    c.remove();
}

#[wasm_bindgen_test]
async fn a_broken_scenario_throws_and_draws_its_message() {
    yield_now().await;
    let c = canvas();
    let e = mount(
        c.clone(),
        JsValue::from_str(r#"{"name": "x", "world": {"width": -1, "height": 10}, "agents": {"count": 3}}"#),
    )
    .err()
    .expect("must fail");
    let msg = get(&e, &["message"]).as_string().unwrap();
    assert_eq!(msg, "world.width: must be > 0, got -1");
    assert!(c.get_attribute("aria-label").unwrap().contains("world.width"));
    let next = c.next_element_sibling().unwrap();
    assert_eq!(next.text_content().unwrap(), msg);
    next.remove();
    c.remove();
}

/// The elements of `root` matching `sel`, as `HtmlElement`s.
fn all(root: &web_sys::Element, sel: &str) -> Vec<web_sys::HtmlElement> {
    let list = root.query_selector_all(sel).unwrap();
    (0..list.length()).map(|k| list.item(k).unwrap().dyn_into().unwrap()).collect()
}

fn steps(v: &steerlab::web::Viewer) -> f64 {
    get(&v.state().unwrap(), &["steps"]).as_f64().unwrap()
}

/// The bar is built from its table (`src/web/viewer/controls.rs`), in order, and every button and
/// overlay toggle in it does what it says; a toggle whose key is none of the table's is refused
/// with a message and turns nothing on.
#[wasm_bindgen_test]
async fn every_button_and_overlay_toggle_of_the_bar_responds() {
    yield_now().await;
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    v.pause().unwrap();
    let root = c.parent_element().unwrap();
    let button = |action: &str| root.query_selector(&format!(".steerlab-bar [data-action={action}]")).unwrap().unwrap();
    let click = |action: &str| button(action).dyn_into::<web_sys::HtmlElement>().unwrap().click();
    let actions: Vec<String> =
        all(&root, ".steerlab-bar [data-action]").iter().map(|b| b.get_attribute("data-action").unwrap()).collect();
    // Play, step back, step, the settings' and the menu's toggles, then the menu's entries (issue 33).
    assert_eq!(
        actions,
        [
            "play",
            "step-back",
            "step",
            "settings",
            "menu",
            "share",
            "embed",
            "code",
            "save",
            "seed",
            "inspector",
            "chart",
            "reset"
        ]
    );
    let labels: Vec<String> =
        all(&root, ".steerlab-bar [data-action]").iter().map(|b| b.text_content().unwrap()).collect();
    assert_eq!(
        labels,
        [
            "▶ Play",
            "← Step",
            "Step →",
            "⚙\u{fe0e} Settings",
            "⋯ More",
            "Share",
            "Embed",
            "Code",
            "Save image",
            "New seed",
            "Inspector",
            "Chart",
            "↺ Reset"
        ],
        "every button has its words"
    );
    // "Code" asks the page for the code view (www/boot.js opens it): a bubbling steerlab:code.
    let heard = std::rc::Rc::new(std::cell::Cell::new(0));
    let h = heard.clone();
    let on_code = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        assert!(e.bubbles());
        h.set(h.get() + 1);
    });
    root.add_event_listener_with_callback("steerlab:code", on_code.as_ref().unchecked_ref()).unwrap();
    click("code");
    assert_eq!(heard.get(), 1, "steerlab:code reached the wrapper");
    root.remove_event_listener_with_callback("steerlab:code", on_code.as_ref().unchecked_ref()).unwrap();

    click("play");
    assert!(v.playing());
    assert_eq!(button("play").get_attribute("aria-pressed"), None, "its name says what it does: no pressed state");
    assert_eq!(button("play").get_attribute("aria-label").as_deref(), Some("Pause"));
    assert_eq!(button("play").text_content().as_deref(), Some("❚❚ Pause"));
    click("play");
    assert!(!v.playing());
    assert_eq!(button("play").get_attribute("aria-label").as_deref(), Some("Play"));

    let before = steps(&v);
    click("step");
    assert_eq!(steps(&v), before + 1.0);
    click("step-back");
    assert_eq!(steps(&v), before, "one step back");
    click("step");
    // The menu and the settings: disclosures.
    for fold in ["menu", "settings"] {
        assert_eq!(button(fold).get_attribute("aria-expanded").as_deref(), Some("false"));
        click(fold);
        assert_eq!(button(fold).get_attribute("aria-expanded").as_deref(), Some("true"), "{fold} opens");
        click(fold);
        assert_eq!(button(fold).get_attribute("aria-expanded").as_deref(), Some("false"), "{fold} closes");
    }
    click("reset");
    assert_eq!(steps(&v), 0.0);

    let seed = || get(&v.state().unwrap(), &["scenario", "seed"]).as_f64().unwrap();
    assert_eq!(seed(), 7.0);
    click("seed");
    assert_ne!(seed(), 7.0, "a new seed");

    // "Save image" downloads the SVG still through an `<a download>`: caught here.
    js_sys::eval(
        "window.__slClick = HTMLAnchorElement.prototype.click; \
         HTMLAnchorElement.prototype.click = function () { window.__slSaved = this.download; };",
    )
    .unwrap();
    click("save");
    js_sys::eval("HTMLAnchorElement.prototype.click = window.__slClick;").unwrap();
    let saved = get(&web_sys::window().unwrap().into(), &["__slSaved"]).as_string();
    assert_eq!(saved.as_deref(), Some("flock-step-0.svg"));

    for (action, title) in [("share", "Link to this moment"), ("embed", "Embed this canvas")] {
        click(action);
        let dialog = root.query_selector("dialog").unwrap().expect("a dialog");
        assert!(dialog.has_attribute("open"), "{action} opens its dialog");
        assert_eq!(dialog.get_attribute("aria-label").as_deref(), Some(title));
        let close: web_sys::HtmlElement =
            dialog.query_selector("[data-action=close]").unwrap().unwrap().dyn_into().unwrap();
        close.click();
        assert!(!dialog.has_attribute("open"), "Close closes it");
    }

    assert!(!v.inspector());
    click("inspector");
    assert!(v.inspector());
    assert_eq!(button("inspector").get_attribute("aria-expanded").as_deref(), Some("true"));
    let panel = button("inspector").get_attribute("aria-controls").unwrap();
    assert!(web_sys::window().unwrap().document().unwrap().get_element_by_id(&panel).is_some());
    click("inspector");
    assert!(!v.inspector());

    // Each overlay toggle changes the picture (the flock's selected boid shows its perception,
    // separation distance and forces at first), and back when unticked.
    let svg = || v.still("svg", None).unwrap().as_string().unwrap();
    let toggles = all(&root, ".steerlab-overlays input[data-overlay]");
    let keys: Vec<String> = toggles.iter().map(|t| t.get_attribute("data-overlay").unwrap()).collect();
    assert_eq!(keys, ["perception", "sep_dist", "velocity", "forces", "grid"]);
    let ticked: Vec<bool> =
        toggles.iter().map(|t| t.clone().dyn_into::<web_sys::HtmlInputElement>().unwrap().checked()).collect();
    assert_eq!(ticked, [true, true, false, true, false], "the scenario's overlays are ticked");
    let start = svg();
    for t in &toggles {
        let key = t.get_attribute("data-overlay").unwrap();
        t.click();
        assert_ne!(svg(), start, "{key}: ticking it changes the picture");
        t.click();
        assert_eq!(svg(), start, "{key}: and back");
    }
    // A key no toggle has (a mistyped one) turns nothing on: a message instead.
    let grid = &toggles[4];
    grid.set_attribute("data-overlay", "gird").unwrap();
    grid.click();
    assert_eq!(svg(), start, "an unknown overlay key changes nothing");
    let metric = root.query_selector(".steerlab-metric").unwrap().unwrap().text_content().unwrap();
    assert_eq!(metric, "unknown overlay toggle `gird`");
    v.destroy();
    c.remove();
}

/// Issue 45: where a drag edits the scene (waypoints), the bar has ✎ after step: pressed, the
/// canvas is active (one finger drags it: `touch-action: none`, outlined), pressed again it
/// scrolls with one finger as before; where a click only selects (the flock), there is no ✎.
#[wasm_bindgen_test]
fn the_edit_toggle_makes_a_canvas_that_edits_take_one_finger() {
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("path-waypoints")).unwrap();
    v.pause().unwrap();
    let root = c.parent_element().unwrap();
    let actions: Vec<String> =
        all(&root, ".steerlab-bar > [data-action]").iter().map(|b| b.get_attribute("data-action").unwrap()).collect();
    assert_eq!(actions[..4], ["play", "step-back", "step", "edit"]);
    let edit = all(&root, ".steerlab-bar [data-action=edit]").remove(0);
    assert_eq!(edit.text_content().as_deref(), Some("✎\u{fe0e} Edit"));
    assert_eq!(
        edit.get_attribute("aria-label").as_deref(),
        Some("Edit with one finger (two fingers drag at any time)")
    );
    let state = || {
        let ta = c.dyn_ref::<web_sys::HtmlElement>().unwrap().style().get_property_value("touch-action").unwrap();
        (edit.get_attribute("aria-pressed").unwrap(), ta, c.class_list().contains("steerlab-active"))
    };
    assert_eq!(state(), ("false".into(), "pan-x pan-y pinch-zoom".into(), false));
    edit.click();
    assert_eq!(state(), ("true".into(), "none".into(), true), "✎ pressed");
    edit.click();
    assert_eq!(state(), ("false".into(), "pan-x pan-y pinch-zoom".into(), false), "✎ again");
    v.destroy();
    c.remove();
    let c = canvas();
    let v = mount(c.clone(), JsValue::from_str("flock")).unwrap();
    assert!(all(&c.parent_element().unwrap(), "[data-action=edit]").is_empty(), "no ✎ on the flock");
    v.destroy();
    c.remove();
}

/// Every text and accessible label in the viewer's DOM (its wrapper and the inspector's panel,
/// wherever it is): `[text, where]` pairs. `skip` is a selector of subtrees left out.
fn texts_of(root: &web_sys::Element, skip: &str) -> Vec<(String, String)> {
    let f = js_sys::Function::new_with_args(
        "root, skip",
        r#"
        const out = [];
        const panels = [...root.querySelectorAll("[data-action=inspector]")]
          .map((b) => document.getElementById(b.getAttribute("aria-controls"))).filter(Boolean);
        const where = (e) => e.tagName.toLowerCase() + (e.className ? "." + String(e.className).split(" ")[0] : "");
        for (const top of [root, ...panels.filter((p) => !root.contains(p))]) {
          for (const e of [top, ...top.querySelectorAll("*")]) {
            if (skip && e.closest(skip)) continue;
            for (const a of ["aria-label", "aria-valuetext", "title", "placeholder", "alt"]) {
              if (e.hasAttribute(a)) out.push([e.getAttribute(a), where(e) + "[" + a + "]"]);
            }
            for (const n of e.childNodes) {
              if (n.nodeType === 3 && n.data.trim()) out.push([n.data, where(e)]);
            }
          }
        }
        return out;
        "#,
    );
    let list: js_sys::Array = f.call2(&JsValue::NULL, root, &JsValue::from_str(skip)).unwrap().dyn_into().unwrap();
    list.iter()
        .map(|p| {
            let p: js_sys::Array = p.dyn_into().unwrap();
            (p.get(0).as_string().unwrap(), p.get(1).as_string().unwrap())
        })
        .collect()
}

/// What is left of a text once every catalog text (⟦…⟧ in the pseudo-language, nested when a
/// template's value is a catalog word) and every text the scenario gives are taken out.
fn not_from_catalog(text: &str, scenario_texts: &[String]) -> String {
    let mut s = text.to_string();
    for t in scenario_texts.iter().filter(|t| !t.is_empty()) {
        s = s.replace(t.as_str(), "");
    }
    while let Some(open) = s.rfind('⟦') {
        let Some(close) = s[open..].find('⟧') else { break };
        s.replace_range(open..open + close + '⟧'.len_utf8(), "");
    }
    s
}

/// The texts a scenario gives its canvas (title, caption, its controls' labels and options): the
/// author's words, not the widget's (a built-in's are words keys: none).
fn scenario_texts(v: &steerlab::web::Viewer) -> Vec<String> {
    let sc = get(&v.state().unwrap(), &["scenario"]);
    let s = |x: JsValue| x.as_string().unwrap_or_default();
    // A title or caption is one text or a language map; a words key (`{"words": "scenario.…"}`,
    // a built-in's) is no text of the author's: its text must come from the words files (its
    // name on screen would be a word that does not).
    let texts = |x: JsValue| -> Vec<String> {
        match x.as_string() {
            Some(t) => vec![t],
            None if x.is_object() && js_sys::Reflect::has(&x, &"words".into()).unwrap_or(false) => Vec::new(),
            None if x.is_object() => js_sys::Object::values(&x.unchecked_into()).iter().map(s).collect(),
            None => Vec::new(),
        }
    };
    let mut out = texts(get(&sc, &["title"]));
    // (A caption's `{touch|mouse}` instructions as either reader sees them.)
    for t in texts(get(&sc, &["caption"])) {
        out.extend([true, false].map(|touch| steerlab::sim::text::for_pointer(&t, touch).into_owned()));
    }
    let controls = get(&sc, &["controls"]);
    if let Ok(list) = controls.dyn_into::<js_sys::Array>() {
        for c in list.iter() {
            out.extend(texts(get(&c, &["label"])));
            out.push(s(get(&c, &["label_es"])));
            for k in ["option_labels", "option_labels_es", "options"] {
                if let Ok(l) = get(&c, &[k]).dyn_into::<js_sys::Array>() {
                    out.extend(l.iter().flat_map(&texts));
                }
            }
        }
    }
    // Longest first, so that a label inside another one does not cut it.
    out.sort_by_key(|t| std::cmp::Reverse(t.len()));
    out
}

/// The pseudo-language, for every shipped language: a throw-away language `qps` whose every text
/// is that language's in ⟦ ⟧ (given to the module as www/boot.js gives a words file). On every
/// built-in, every word of the widget — buttons, overlay toggles, the scrub bar, slider values, the
/// readout and HUD, the inspector's panel, the Embed dialog, every aria-label — comes from the words
/// files: what is left once their texts and the scenario's own texts are taken out has no letter.
/// The inspector's agent and rule titles and values are checked here; its code lines (code as the
/// tutorials write it, a comment in them one text across the code and comment elements) as
/// `lang::pseudo` gives them, by `lang::tests::every_word_shown_comes_from_the_words_files`.
#[wasm_bindgen_test]
async fn every_word_of_the_widget_comes_from_the_words_files() {
    yield_now().await;
    let mut bad = Vec::new();
    let mut seen = 0;
    for (tag, json) in page::WORDS {
        steerlab::web::add_words("qps", &page::words_data(json, |t| format!("⟦{t}⟧")));
        for name in steerlab::scenarios::names() {
            yield_now().await;
            let c = canvas();
            c.set_attribute("data-lang", "qps").unwrap();
            let v = mount(c.clone(), JsValue::from_str(name)).unwrap();
            v.pause().unwrap();
            v.step(Some(3)).unwrap();
            v.set_inspector(true).unwrap();
            v.render().unwrap();
            let root = c.parent_element().unwrap();
            assert_eq!(root.get_attribute("lang").as_deref(), Some("qps"), "{name}: the wrapper's language");
            // The dialogs, each opened once (Embed does not copy at once: no clipboard involved).
            if let Ok(Some(b)) = root.query_selector("[data-action=embed]") {
                b.dyn_into::<web_sys::HtmlElement>().unwrap().click();
            }
            let own = scenario_texts(&v);
            for (text, at) in texts_of(&root, ".steerlab-inspector-body code, .steerlab-inspector-comment") {
                seen += 1;
                let rest = not_from_catalog(&text, &own);
                if rest.chars().any(char::is_alphabetic) {
                    bad.push(format!("{tag}: {name}: {at}: {text:?} (not from the words files: {rest:?})"));
                }
            }
            v.destroy();
            c.remove();
        }
    }
    assert!(seen > 400, "the walk found the widget's texts ({seen})");
    assert!(bad.is_empty(), "words that do not come from the words files:\n{}", bad.join("\n"));
}
