//! Sharing: links to an exact moment in the page's URL fragment (`sim::link`), the embed code,
//! the attributes that start a canvas elsewhere than the scenario's beginning (`data-set`,
//! `data-step`), and the Share and Embed dialogs.
//!
//! A page carries one link per canvas: `#sl.<key>=<link>&sl.<key>=<link>…`, where the key is the
//! canvas's `id`, or its index among the page's canvases when it has none. A canvas whose link is
//! bad or outdated mounts as the page made it and says why above it; the page goes on.

use crate::lang::{Lang, K};
use crate::sim::history::History;
use crate::sim::link::{self, esc, unesc, Link};
use crate::sim::params::with_sets;
use crate::sim::scenario::{self, Scenario};
use crate::sim::Sim;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlCanvasElement, HtmlElement};

/// How a canvas starts: its scenario, and the inputs and step to reach (a link's, or
/// `data-step`'s with no inputs); `notice` says why a link in the URL was not used.
pub struct Start {
    pub scenario: Scenario,
    pub link: Option<Link>,
    pub step: Option<u64>,
    pub notice: Option<String>,
}

/// Read `data-set`, `data-seed` (given), `data-step` and this canvas's link in the URL. A bad
/// `data-set` or `data-step` fails the mount with a message naming the field; a bad link does not.
pub fn start(canvas: &HtmlCanvasElement, mounted: Scenario, seed: Option<u64>) -> Result<Start, String> {
    let set = match canvas.get_attribute("data-set") {
        Some(text) => Some(with_sets(&mounted, &link::parse_sets(&text)?).map_err(|e| format!("data-set: {e}"))?),
        None => None,
    };
    let step = match canvas.get_attribute("data-step") {
        Some(t) => Some(t.trim().parse::<u64>().ok().filter(|&s| s <= link::MAX_STEP).ok_or_else(|| {
            format!("data-step: a whole number of steps from 0 to {}, got `{}`", link::MAX_STEP, t.trim())
        })?),
        None => None,
    };
    let mut notice = None;
    if let Some(text) = fragment_for(canvas) {
        match Link::decode(&text).and_then(|l| Ok((l.start(&mounted)?, l))) {
            Ok((scenario, l)) => {
                // The page opens at the linked canvas: offscreen viewers take no frames, and the
                // link is reached a few steps a frame.
                call(canvas, "scrollIntoView", &[]);
                return Ok(Start { scenario, step: Some(l.step), link: Some(l), notice });
            }
            Err(e) => notice = Some(e),
        }
    }
    let mut scenario = set.unwrap_or(mounted);
    if let Some(s) = seed {
        scenario.seed = s;
    }
    Ok(Start { scenario, link: None, step, notice })
}

fn prop(obj: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(obj, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// `obj.name(...args)`, ignoring what it returns or throws.
fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> JsValue {
    let f: Option<js_sys::Function> = prop(obj, name).dyn_into().ok();
    f.and_then(|f| f.apply(obj, &args.iter().collect::<js_sys::Array>()).ok()).unwrap_or(JsValue::UNDEFINED)
}

fn location(field: &str) -> String {
    let w = web_sys::window().map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
    prop(&prop(&w, "location"), field).as_string().unwrap_or_default()
}

/// The canvas's key in the fragment: its id, else its index among the page's canvases.
pub fn key(canvas: &HtmlCanvasElement) -> String {
    let id = canvas.id();
    if !id.is_empty() {
        return id;
    }
    let Some(list) = canvas.owner_document().and_then(|d| d.query_selector_all("canvas").ok()) else {
        return "0".into();
    };
    (0..list.length()).find(|&k| list.item(k).is_some_and(|n| n.is_same_node(Some(canvas)))).unwrap_or(0).to_string()
}

/// This canvas's link in the page's URL fragment, if any.
fn fragment_for(canvas: &HtmlCanvasElement) -> Option<String> {
    let hash = location("hash");
    let k = key(canvas);
    hash.trim_start_matches('#').split('&').find_map(|part| {
        let (name, value) = part.split_once('=')?;
        let name = unesc(name.strip_prefix("sl.")?).ok()?;
        (name == k).then(|| value.to_string())
    })
}

/// `#sl.<key>=<link>` for the simulation's current step; with `set` (`data-set`'s form:
/// `{"path": value}`), for its start (step 0, no inputs) with those parameters over the ones the
/// history started with.
pub fn fragment(
    canvas: &HtmlCanvasElement,
    hist: &History,
    sim: &Sim,
    mounted: &str,
    set: Option<&str>,
) -> Result<String, String> {
    let mut l = scenario::parse(mounted).and_then(|m| hist.link(sim, &m)).map_err(|e| format!("link: {e}"))?;
    if let Some(text) = set {
        // (A path given twice: the last wins when the link is opened, as in `data-set`.)
        l.sets.extend(link::parse_sets(text).map_err(|e| format!("link: {e}"))?);
        (l.log, l.step) = (Vec::new(), 0);
    }
    Ok(format!("#sl.{}={}", esc(&key(canvas)), l.encode()))
}

/// The page's URL with this canvas's link as its fragment.
pub fn url(fragment: &str) -> String {
    let href = location("href");
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{fragment}")
}

/// Text for an attribute value quoted with `q`.
fn attr_escape(s: &str, q: char) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' if q == '"' => out.push_str("&quot;"),
            '\'' if q == '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

thread_local! {
    /// Where the page loads the package from (`setPackagePath`, told by www/boot.js: the folder
    /// above its own `www/`); `/steerlab/`, the README's layout, until then.
    static PACKAGE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// The query the page loaded www/boot.js with (`?v=<build>`), which snippets give the files
    /// they name too, so that a page pasted from them gets updates (docs/reference/index.md).
    static QUERY: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Where snippets say the package is: the path this page loaded it from (`/blog/steerlab/`),
/// ending in `/`. www/boot.js calls it once with the folder above its own `www/`.
/// `query`: the query of boot.js's own URL (`?v=<build>`), written after the files snippets name.
#[wasm_bindgen(js_name = setPackagePath)]
pub fn set_package_path(path: &str, query: Option<String>) {
    let mut p = path.trim().to_string();
    if !p.ends_with('/') {
        p.push('/');
    }
    PACKAGE.with(|x| *x.borrow_mut() = p);
    let q = query.unwrap_or_default();
    QUERY.with(|x| *x.borrow_mut() = if q.starts_with('?') { q } else { String::new() });
}

/// An HTML snippet that mounts this scenario with its current parameters (`data-set`), seed and,
/// when `step` is given, paused at that step, naming the package where this page loaded it from.
/// `src`: the canvas's `data-scenario-src`, written as the author wrote it (not the file's JSON).
pub fn embed_code(mounted: &str, now: &Scenario, step: Option<u64>, src: Option<String>) -> Result<String, String> {
    let text = mounted;
    let mounted = &scenario::parse(text)?;
    let builtin = crate::scenarios::builtin(&mounted.name)
        .and_then(|t| scenario::parse(t).ok())
        .is_some_and(|b| link::fingerprint(&b) == link::fingerprint(mounted));
    let scenario = if builtin { mounted.name.clone() } else { text.to_string() };
    let mut canvas = match src {
        Some(url) => format!("<canvas data-scenario-src=\"{}\"", attr_escape(&url, '"')),
        None => format!("<canvas data-scenario=\"{}\"", attr_escape(&scenario, '"')),
    };
    if now.seed != mounted.seed {
        canvas.push_str(&format!(" data-seed=\"{}\"", now.seed));
    }
    let sets = link::diff(mounted, now).map_err(|e| format!("embedCode: {e}"))?;
    if !sets.is_empty() {
        canvas.push_str(&format!(" data-set='{}'", attr_escape(&link::sets_text(&sets), '\'')));
    }
    if let Some(s) = step.filter(|&s| s > 0) {
        canvas.push_str(&format!(" data-step=\"{s}\""));
    }
    let at =
        PACKAGE.with(|p| attr_escape(Some(p.borrow().as_str()).filter(|p| !p.is_empty()).unwrap_or("/steerlab/"), '"'));
    let v = QUERY.with(|q| attr_escape(&q.borrow(), '"'));
    Ok(format!(
        "<link rel=\"stylesheet\" href=\"{at}www/steerlab.css{v}\">\n{canvas}></canvas>\n<script type=\"module\" src=\"{at}www/boot.js{v}\"></script>\n"
    ))
}

/// A notice above the canvas (a link that was not used).
pub fn notice(doc: &Document, root: &HtmlElement, canvas: &HtmlCanvasElement, lang: Lang, msg: &str) {
    web_sys::console::warn_1(&JsValue::from_str(&format!("steerlab: {msg}")));
    let Ok(p) = doc.create_element("p") else { return };
    p.set_class_name("steerlab-notice");
    let _ = p.set_attribute("role", "status");
    p.set_text_content(Some(&super::fill(lang.text(K::UiLinkRefused), &[("reason", msg)])));
    let _ = root.insert_before(&p, Some(canvas));
}

/// The dialog's markup: constant (no scripts, no style attributes); the texts go in as text.
const DIALOG: &str = concat!(
    r#"<h2 class="steerlab-dialog-title"></h2><p class="steerlab-dialog-note"></p>"#,
    r#"<textarea class="steerlab-code" readonly spellcheck="false"></textarea><div class="steerlab-dialog-actions">"#,
    r#"<button type="button" class="steerlab-btn" data-action="copy"></button>"#,
    r#"<button type="button" class="steerlab-btn" data-action="close"></button></div>"#,
    r#"<p class="steerlab-dialog-status" aria-live="polite"></p>"#
);

/// The Share or Embed dialog: a modal `<dialog>` (issue 58, the WAI-ARIA dialog pattern: the page
/// behind is inert, Tab stays inside, Esc or Close closes it and the browser gives the focus back
/// to what had it — the viewer hands it to the menu's toggle first when the menu folds away): a
/// title, a note, the text (selected), Copy and Close, a status line. Built on first use inside the
/// viewer's wrapper, so `destroy()` takes it along.
pub fn open_dialog(root: &HtmlElement, lang: Lang, title: &str, note: &str, text: &str, copy_now: bool) {
    let dialog = match root.query_selector("dialog") {
        Ok(Some(d)) => d,
        _ => {
            let Some(d) = root.owner_document().and_then(|doc| doc.create_element("dialog").ok()) else { return };
            d.set_class_name("steerlab-dialog");
            let _ = d.set_attribute("closedby", "closerequest");
            d.set_inner_html(DIALOG);
            let _ = root.append_child(&d);
            d
        }
    };
    let _ = dialog.set_attribute("aria-label", title);
    for (sel, t) in [
        ("h2", title),
        (".steerlab-dialog-note", note),
        ("[data-action=copy]", lang.text(K::UiDialogCopy)),
        ("[data-action=close]", lang.text(K::UiDialogClose)),
        (".steerlab-dialog-status", ""),
    ] {
        if let Ok(Some(e)) = dialog.query_selector(sel) {
            e.set_text_content(Some(t));
        }
    }
    let Ok(Some(area)) = dialog.query_selector("textarea") else { return };
    let _ = area.set_attribute("aria-label", title);
    // The property, not the text content: the reader may have edited the text before.
    let _ = js_sys::Reflect::set(&area, &"value".into(), &JsValue::from_str(text));
    let _ = area.set_attribute("rows", if text.contains('\n') { "5" } else { "2" });
    if !dialog.has_attribute("open") {
        call(&dialog, "showModal", &[]);
    }
    call(&area, "select", &[]);
    if copy_now {
        copy(&dialog, lang);
    }
}

/// The dialog's buttons (clicks reach the viewer's wrapper): true when handled.
pub fn on_action(root: &HtmlElement, action: &str, lang: Lang) -> bool {
    let Ok(Some(dialog)) = root.query_selector("dialog") else { return false };
    match action {
        "copy" => copy(&dialog, lang),
        "close" => {
            call(&dialog, "close", &[]);
        }
        _ => return false,
    }
    true
}

/// Copy the dialog's text to the clipboard; the status line says whether it worked (a page that
/// is not a secure context, or a denied permission, leaves the text selected to copy by hand).
fn copy(dialog: &Element, lang: Lang) {
    let (Ok(Some(area)), Ok(Some(status))) =
        (dialog.query_selector("textarea"), dialog.query_selector(".steerlab-dialog-status"))
    else {
        return;
    };
    call(&area, "select", &[]);
    let text = prop(&area, "value");
    let nav = prop(&web_sys::window().map(JsValue::from).unwrap_or(JsValue::UNDEFINED), "navigator");
    let promise = call(&prop(&nav, "clipboard"), "writeText", &[text]);
    let say = |key: K| {
        let status = status.clone();
        Closure::<dyn FnMut(JsValue)>::once_into_js(move |_: JsValue| status.set_text_content(Some(lang.text(key))))
    };
    match promise.is_instance_of::<js_sys::Promise>() {
        true => {
            call(&promise, "then", &[say(K::UiDialogCopied), say(K::UiDialogCopyByHand)]);
        }
        false => status.set_text_content(Some(lang.text(K::UiDialogCopyByHand))),
    }
}
