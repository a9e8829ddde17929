//! The shell's side of the words (`lang::words`): one entry point, `addWords`, through which
//! www/loader.js gives a language's texts (the words files it fetched, an author's) and how it
//! writes numbers; every viewer on screen writes its words again. The elements whose text is a key
//! are marked `data-sl-text` / `data-sl-label` with the key's name, under the viewer's root (and
//! its inspector's panel), whose `lang` is the viewer's language: the module writes those again
//! itself.

use crate::lang::words::KEYS;
use crate::lang::Lang;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// For www/loader.js (authors call its `addWords(tag, words)`, with an object): a language's texts
/// and how it writes numbers, in one string (`data`, fields joined with NUL: one string cost the
/// module's glue less than several). The first field says how the language writes numbers in
/// prose, or is empty: from the browser's `Intl` (the module carries no locale data; until told, a
/// language writes them as English does), its decimal separator, grouping separator ("": none), the
/// digits before the point from which they are grouped less 3 (1 for `1,234`, 2 for Spanish `1234`
/// but `12.345`) and minus sign, joined with U+0001. Then keys and texts, one after the other, to
/// add to (or replace in) the language `tag`. The module keeps the texts of the keys it shows
/// (and the built-ins' `scenario.*` texts, by name); www/loader.js keeps the others (`page.*`,
/// `chart.*`, `describe.*`, unknown ones): each text is held once. Viewers write their words
/// again when a text or the number format changed. Returns, joined with NUL, how many of the keys
/// the module shows these words lack (a shipped words file that lacks some, older than the module,
/// makes www/loader.js fetch English too), then the keys it left to www/loader.js.
#[wasm_bindgen(js_name = addWords)]
pub fn add_words(tag: &str, data: &str) -> String {
    let mut fields = data.split('\0');
    let numbers = fields.next().unwrap_or("");
    let mut left = String::new();
    let pairs = std::iter::from_fn(|| Some((fields.next()?, fields.next()?))).inspect(|(k, _)| {
        if KEYS.binary_search(k).is_err() && !k.starts_with(crate::lang::words::NAMED) {
            left.push('\0');
            left.push_str(k);
        }
    });
    let (lang, n, mut changed) = Lang::add_words(tag, pairs);
    let mut f = numbers.split('\u{1}');
    if let (Some(decimal), Some(group), Some(min), Some(minus)) = (f.next(), f.next(), f.next(), f.next()) {
        changed |= lang.set_numbers(decimal, group, if min == "2" { 2 } else { 1 }, minus);
    }
    // (Only when something changed: www/loader.js tells the module a canvas's language as each one
    // mounts; writing every viewer again each time made a page's loading quadratic.)
    if changed {
        for v in super::lifecycle::all() {
            if let Ok(mut i) = v.enter() {
                i.relabel();
            }
        }
    }
    format!("{}{left}", KEYS.len() - n)
}

/// Write the marked words of `root` and of the elements under it in `lang`: a `data-sl-text`'s
/// key as the element's text, a `data-sl-label`'s as its `aria-label`, a `{title}` hole filled
/// with `title` (the figure's: "Overlays: {title}"). The viewer's template (`viewer/dom.rs`) and
/// its inspector's panel carry these marks; `Inner::write_words` calls this at mount and again
/// when words arrive for the viewer's language (`add_words`).
pub fn write(root: &Element, lang: Lang, title: &str) {
    let one = |e: &Element| {
        // (One loop over both marks: one `fill` in the module.)
        for (mark, attr) in [("data-sl-text", ""), ("data-sl-label", "aria-label")] {
            if let Some(k) = e.get_attribute(mark) {
                let t = super::fill(lang.lookup(&k).unwrap_or(""), &[("title", title)]);
                if attr.is_empty() {
                    e.set_text_content(Some(&t));
                } else {
                    let _ = e.set_attribute(attr, &t);
                }
            }
        }
    };
    one(root);
    let Ok(list) = root.query_selector_all("[data-sl-text],[data-sl-label]") else { return };
    for k in 0..list.length() {
        if let Some(n) = list.item(k) {
            one(n.unchecked_ref());
        }
    }
}
