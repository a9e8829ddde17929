//! `cargo xtask pages check`: every language's pages against the default language's (English):
//! the same figures (each `canvas[data-scenario]` with its id and attributes, its poster), try
//! buttons, challenges, comparisons, code listings and ids, in the same order; and no sentence left
//! untranslated (one identical to a sentence of the English page, of four words or more, outside
//! code, `translate="no"` and parts marked with another `lang`). The test
//! `every_language_has_the_default_pages_figures_and_no_english_sentence` runs it on the repository.

use super::{render_all, PAGES};
use lol_html::html_content::{Element, TextChunk};
use lol_html::{element, end_tag, rewrite_str, DocumentContentHandlers, RewriteStrSettings};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::rc::Rc;

/// What a page holds that every language's version must hold alike, and its sentences.
#[derive(Debug, Default, Clone)]
pub struct Shape {
    /// Kind of thing ("figure", "try button", …) → what each says, in the page's order.
    pub things: BTreeMap<&'static str, Vec<String>>,
    /// Every `id` of the page (sorted).
    pub ids: Vec<String>,
    /// The readable sentences (text and the attributes people read), whitespace folded.
    pub sentences: Vec<String>,
}

/// Elements whose text is not prose to translate: code, and what is marked as another language or
/// as a name (`translate="no"`, `lang="en"` beside a translated word); the layout's own parts (their
/// words are the words files').
const NOT_PROSE: [&str; 14] = [
    "code",
    "pre",
    "kbd",
    "var",
    "samp",
    "script",
    "style",
    "template",
    "noscript",
    "[translate='no']",
    "[lang]:not(html)",
    "nav.lang-switch",
    "header.chapter-bar",
    "footer",
];

/// Elements that end a run of text (a sentence never runs across them).
const BLOCKS: [&str; 24] = [
    "p",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "figcaption",
    "td",
    "th",
    "dt",
    "dd",
    "option",
    "button",
    "label",
    "summary",
    "title",
    "blockquote",
    "div",
    "section",
    "figure",
    "ol",
    "ul",
];

/// Attributes people read (or hear).
const READ: [&str; 5] = ["alt", "aria-label", "title", "placeholder", "aria-description"];

fn attrs(el: &Element, names: &[&str]) -> String {
    names
        .iter()
        .filter_map(|n| el.get_attribute(n).map(|v| if v.is_empty() { n.to_string() } else { format!("{n}={v}") }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The shape of a page's HTML.
pub fn shape(html: &str) -> Result<Shape, String> {
    #[derive(Default)]
    struct St {
        shape: Shape,
        skip: usize,
        run: String,
        noscript: String,
        in_noscript: bool,
    }
    let st = Rc::new(RefCell::new(St::default()));
    fn flush(st: &mut St) {
        let text = std::mem::take(&mut st.run);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for s in sentences(&text) {
            st.shape.sentences.push(s);
        }
    }
    let thing = |st: &Rc<RefCell<St>>, kind: &'static str, what: String| {
        st.borrow_mut().shape.things.entry(kind).or_default().push(what);
    };
    let (s1, s2, s3, s4) = (st.clone(), st.clone(), st.clone(), st.clone());
    let mut settings = RewriteStrSettings::new()
        .append_element_content_handler(element!("*", move |el| {
            let mut s = s1.borrow_mut();
            if let Some(id) = el.get_attribute("id") {
                s.shape.ids.push(id);
            }
            let tag = el.tag_name();
            // (The page's title and description are prose too.)
            if tag == "meta" && el.get_attribute("name").as_deref() == Some("description") {
                let d = el.get_attribute("content").unwrap_or_default();
                s.shape.sentences.extend(sentences(&d));
            }
            if s.skip == 0 {
                for a in READ {
                    if let Some(v) = el.get_attribute(a) {
                        s.shape.sentences.push(v.split_whitespace().collect::<Vec<_>>().join(" "));
                    }
                }
            }
            let block = BLOCKS.contains(&tag.as_str());
            if block {
                flush(&mut s);
            }
            let skips = el.can_have_content() && (tag == "noscript" || is_not_prose(el));
            if skips {
                s.skip += 1;
                s.in_noscript |= tag == "noscript";
            }
            drop(s);
            if el.can_have_content() && (block || skips) {
                let st = s1.clone();
                el.on_end_tag(end_tag!(move |_| {
                    let mut s = st.borrow_mut();
                    if skips {
                        s.skip -= 1;
                        if tag == "noscript" {
                            s.in_noscript = false;
                            // A poster without JavaScript: its scenario's picture.
                            let raw = std::mem::take(&mut s.noscript);
                            for part in raw.split("steerlab-poster\" src=\"").skip(1) {
                                let src = part.split('"').next().unwrap_or("");
                                let file = src.rsplit('/').next().unwrap_or("").to_string();
                                s.shape.things.entry("poster").or_default().push(file);
                            }
                        }
                    }
                    if block {
                        flush(&mut s);
                    }
                    Ok(())
                }))?;
            }
            Ok(())
        }))
        .append_element_content_handler(element!("canvas[data-scenario]", move |el: &mut Element| {
            let data: Vec<String> = el
                .attributes()
                .iter()
                .filter(|a| a.name().starts_with("data-") || a.name() == "id")
                .map(|a| format!("{}={}", a.name(), a.value()))
                .collect();
            thing(&s2, "figure", data.join(" "));
            Ok(())
        }))
        .append_element_content_handler(element!("button.try, button.try-reset", move |el: &mut Element| {
            thing(&s3, "try button", attrs(el, &["class", "data-for", "data-set", "data-restart"]));
            Ok(())
        }))
        .append_element_content_handler(element!(
            "[data-challenge], [data-compare], [data-code]",
            move |el: &mut Element| {
                for (attr, kind) in
                    [("data-challenge", "challenge"), ("data-compare", "comparison"), ("data-code", "code listing")]
                {
                    if el.has_attribute(attr) {
                        let names: &[&str] = match kind {
                            "challenge" => &["data-for", "data-challenge", "data-solution"],
                            "comparison" => &["id", "data-compare"],
                            _ => &["data-code"],
                        };
                        thing(&s4, kind, attrs(el, names));
                    }
                }
                Ok(())
            }
        ));
    let s5 = st.clone();
    settings =
        settings.append_document_content_handler(DocumentContentHandlers::default().text(move |t: &mut TextChunk| {
            let mut s = s5.borrow_mut();
            if s.in_noscript {
                let chunk = t.as_str().to_string();
                s.noscript.push_str(&chunk);
            } else if s.skip == 0 {
                let chunk = t.as_str().to_string();
                s.run.push_str(&chunk);
            }
            Ok(())
        }));
    rewrite_str(html, settings).map_err(|e| format!("not readable as HTML: {e}"))?;
    let mut st = Rc::try_unwrap(st).map_err(|_| "the reader kept its state")?.into_inner();
    flush(&mut st);
    st.shape.ids.sort();
    Ok(st.shape)
}

fn is_not_prose(el: &Element) -> bool {
    let tag = el.tag_name();
    NOT_PROSE.iter().any(|sel| match *sel {
        "[translate='no']" => el.get_attribute("translate").as_deref() == Some("no"),
        "[lang]:not(html)" => tag != "html" && el.has_attribute("lang"),
        "nav.lang-switch" => tag == "nav" && has_class(el, "lang-switch"),
        "header.chapter-bar" => tag == "header" && has_class(el, "chapter-bar"),
        plain => tag == plain,
    })
}

fn has_class(el: &Element, class: &str) -> bool {
    el.get_attribute("class").is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

/// A run of text cut into sentences (after `.`, `!`, `?`, `;` or `:` and a space).
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | ';' | ':') && bytes.get(i + 1) == Some(&b' ') {
            out.push(text[start..=i].trim().to_string());
            start = i + 1;
        }
    }
    out.push(text[start..].trim().to_string());
    out.retain(|s| !s.is_empty());
    out
}

/// Words of a sentence that count (two letters or more).
fn words(s: &str) -> usize {
    s.split(|c: char| !c.is_alphabetic()).filter(|w| w.chars().count() >= 2).count()
}

/// What differs between a page and the default language's version of it (empty: nothing).
pub fn compare(en: &Shape, other: &Shape) -> Vec<String> {
    let mut out = Vec::new();
    let kinds: BTreeSet<&&str> = en.things.keys().chain(other.things.keys()).collect();
    for kind in kinds {
        let a = en.things.get(*kind).map_or(&[][..], |v| v.as_slice());
        let b = other.things.get(*kind).map_or(&[][..], |v| v.as_slice());
        if a != b {
            let missing: Vec<&String> = a.iter().filter(|x| !b.contains(x)).collect();
            let extra: Vec<&String> = b.iter().filter(|x| !a.contains(x)).collect();
            let mut why = format!("{kind}s differ ({} in English, {} here)", a.len(), b.len());
            if !missing.is_empty() {
                why.push_str(&format!("; missing: {}", list(&missing)));
            }
            if !extra.is_empty() {
                why.push_str(&format!("; not in English: {}", list(&extra)));
            }
            if missing.is_empty() && extra.is_empty() {
                why.push_str("; in another order");
            }
            out.push(why);
        }
    }
    if en.ids != other.ids {
        let missing: Vec<&String> = en.ids.iter().filter(|x| !other.ids.contains(x)).collect();
        let extra: Vec<&String> = other.ids.iter().filter(|x| !en.ids.contains(x)).collect();
        out.push(format!("ids differ: missing {}; not in English {}", list(&missing), list(&extra)));
    }
    let english: BTreeSet<&String> = en.sentences.iter().collect();
    let mut seen = BTreeSet::new();
    for s in &other.sentences {
        if words(s) >= 4 && english.contains(s) && seen.insert(s) {
            out.push(format!("untranslated: “{s}”"));
        }
    }
    out
}

fn list(xs: &[&String]) -> String {
    if xs.is_empty() {
        return "none".into();
    }
    xs.iter().map(|x| format!("[{x}]")).collect::<Vec<_>>().join(", ")
}

/// Every language's pages against the default language's: (page served as, what differs).
pub fn problems(root: &Path) -> Result<Vec<(String, Vec<String>)>, String> {
    let site = render_all(root, false)?;
    let mut out = Vec::new();
    for p in &PAGES {
        let en_out = p.out_path(super::DEFAULT);
        let Some((_, en_html)) = site.iter().find(|(o, _)| *o == en_out) else { continue };
        let en = shape(en_html).map_err(|e| format!("{en_out}: {e}"))?;
        for (out_path, html) in &site {
            if *out_path == en_out || !super::languages(root)?.iter().any(|l| p.out_path(&l.tag) == *out_path) {
                continue;
            }
            let other = shape(html).map_err(|e| format!("{out_path}: {e}"))?;
            let diff = compare(&en, &other);
            if !diff.is_empty() {
                out.push((out_path.clone(), diff));
            }
        }
    }
    Ok(out)
}

/// `cargo xtask pages check`.
pub fn check(root: &Path) -> Result<(), String> {
    let found = problems(root)?;
    if found.is_empty() {
        eprintln!("pages check: every language's pages have the English pages' figures, try buttons, challenges, comparisons and code listings, and no English sentence");
        return Ok(());
    }
    let mut msg = String::new();
    for (page, diff) in &found {
        msg.push_str(&format!("{page}:\n"));
        for d in diff {
            msg.push_str(&format!("  {d}\n"));
        }
    }
    Err(format!("pages check: {} pages differ from English:\n{msg}", found.len()))
}

#[cfg(test)]
mod tests {
    use super::{compare, problems, shape};
    use std::path::Path;

    const EN: &str = r#"<html lang="en"><head><title>Flocking — steerlab</title>
<meta name="description" content="Boids step by step, with live canvases."></head><body>
<p>One steering agent follows a target. <code>max_speed</code> stays.</p>
<figure><canvas id="c-flock" data-scenario="flock" data-chart></canvas>
<noscript><picture><img class="steerlab-poster" src="../posters/flock.svg" alt="A flock"></picture></noscript></figure>
<button class="try" data-for="c-flock" data-set='{"separation.weight": 0}'>Turn separation off</button>
<li class="challenge" data-for="c-ch" data-challenge='{"measure": "groups", "==": 1}'>One group</li>
<div class="code-listing" data-code="flock"></div>
<p><span lang="en" translate="no">Reynolds' boids</span> are the same in every language here.</p>
</body></html>"#;

    #[test]
    fn a_faithful_translation_passes_and_each_kind_of_loss_is_named() {
        let en = shape(EN).unwrap();
        assert_eq!(en.things["figure"], ["id=c-flock data-scenario=flock data-chart="]);
        assert_eq!(en.things["poster"], ["flock.svg"]);
        assert_eq!(en.things["try button"].len(), 1);
        assert!(en.sentences.contains(&"One steering agent follows a target.".to_string()), "{:?}", en.sentences);
        let fr = EN
            .replace("One steering agent follows a target.", "Un agent suit une cible.")
            .replace("Boids step by step, with live canvases.", "Les boids pas à pas, avec des figures.")
            .replace("Turn separation off", "Sans séparation")
            .replace("One group", "Un groupe")
            .replace("are the same in every language here.", "sont les mêmes ici.")
            .replace("../posters/flock.svg", "../../posters/fr/flock.svg");
        assert_eq!(compare(&en, &shape(&fr).unwrap()), Vec::<String>::new());
        // Each loss, named.
        let lost = [
            (fr.replace(" data-chart", ""), "figures differ"),
            (fr.replace("<noscript><picture><img class=\"steerlab-poster\" src=\"../../posters/fr/flock.svg\" alt=\"A flock\"></picture></noscript>", ""), "posters differ"),
            (fr.replace("{\"separation.weight\": 0}", "{\"separation.weight\": 1}"), "try buttons differ"),
            (fr.replace("\"==\": 1", "\"==\": 2"), "challenges differ"),
            (fr.replace("data-code=\"flock\"", ""), "code listings differ"),
            (fr.replace("Un agent suit une cible.", "One steering agent follows a target."), "untranslated"),
            (fr.replace("Les boids pas à pas, avec des figures.", "Boids step by step, with live canvases."), "untranslated"),
        ];
        for (page, why) in lost {
            let diff = compare(&en, &shape(&page).unwrap());
            assert!(diff.iter().any(|d| d.starts_with(why)), "{why}: {diff:?}");
        }
        // Code, names marked as such and short phrases are no untranslated sentence.
        let named =
            fr.replace("Un agent suit une cible.", "Un agent. <code>One steering agent follows a target.</code>");
        assert_eq!(compare(&en, &shape(&named).unwrap()), Vec::<String>::new());
    }

    /// The repository's pages: every language has English's figures, try buttons, challenges,
    /// comparisons and code listings, and no English sentence.
    #[test]
    fn every_language_has_the_default_pages_figures_and_no_english_sentence() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        let found = problems(root).unwrap();
        let msg: Vec<String> = found.iter().map(|(p, d)| format!("{p}:\n  {}", d.join("\n  "))).collect();
        assert!(found.is_empty(), "{}", msg.join("\n"));
    }
}
