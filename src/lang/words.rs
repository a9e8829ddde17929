//! The words, registered at run time. `build.rs` makes the typed keys ([`K`], from `words/en.json`);
//! the texts of every language come from outside the module (`addWords`, which www/words.js calls
//! with the words files it fetched, `words/<tag>.json`). Natively (tests, the posters) the shipped
//! files are registered on first use.
//!
//! A [`Lang`] is a language as a page asks for it (a BCP 47 tag such as `pt-BR`), with its
//! fallbacks: `pt-BR` → `pt` → `en`. Every key falls back on its own, so a language that lacks a
//! few keys shows English for those; a key with no text anywhere (English not registered yet)
//! shows as "", never as its name. Words added later for a language reach every `Lang` that falls
//! back on it: its texts are read at each use.
//!
//! Texts live as long as the page (interned: the same text registered twice is stored once).

include!(concat!(env!("OUT_DIR"), "/keys.rs"));

use super::numbers::Numbers;
use std::cell::RefCell;
use std::collections::BTreeSet;

/// A language as the page asks for it, with its fallbacks; cheap to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang(u16);

struct Entry {
    /// The tag, in its usual case (`pt-BR`).
    tag: &'static str,
    /// The language it falls back on (`None` for English, the last).
    parent: Option<u16>,
    /// Its own texts, by key (empty until words are added).
    texts: Vec<Option<&'static str>>,
    /// How it writes numbers, when it was told (else its parent's).
    numbers: Option<Numbers>,
}

struct Registry {
    langs: Vec<Entry>,
    interned: BTreeSet<&'static str>,
}

/// At most this many languages a page (tags no one asked for twice cost nothing more: a tag
/// beyond it reads its closest known fallback).
const MAX_LANGS: usize = 64;

thread_local! {
    static REG: RefCell<Registry> = RefCell::new(Registry::new());
}

impl Registry {
    fn new() -> Registry {
        let mut r = Registry { langs: Vec::new(), interned: BTreeSet::new() };
        let en = r.intern("en");
        r.langs.push(Entry { tag: en, parent: None, texts: Vec::new(), numbers: Some(Numbers::EN) });
        #[cfg(not(target_arch = "wasm32"))]
        for (tag, text) in SHIPPED {
            let words: std::collections::BTreeMap<String, String> =
                serde_json::from_str(text).unwrap_or_else(|e| panic!("words/{tag}.json: {e}"));
            let l = r.find_or_add(tag);
            r.add(l, words.iter().map(|(k, v)| (k.as_str(), v.as_str())));
            if let Some(n) = Numbers::native(tag) {
                r.langs[l as usize].numbers = Some(n);
            }
        }
        r
    }

    fn intern(&mut self, s: &str) -> &'static str {
        if let Some(t) = self.interned.get(s) {
            return t;
        }
        let t: &'static str = Box::leak(s.to_owned().into_boxed_str());
        self.interned.insert(t);
        t
    }

    fn find(&self, tag: &str) -> Option<u16> {
        self.langs.iter().position(|e| e.tag.eq_ignore_ascii_case(tag)).map(|i| i as u16)
    }

    fn find_or_add(&mut self, tag: &str) -> u16 {
        let Some(tag) = canonical(tag) else { return 0 };
        if let Some(i) = self.find(&tag) {
            return i;
        }
        let parent = fallback(&tag).map_or(0, |p| self.find_or_add(&p));
        if self.langs.len() >= MAX_LANGS {
            return parent;
        }
        let tag = self.intern(&tag);
        self.langs.push(Entry { tag, parent: Some(parent), texts: Vec::new(), numbers: None });
        (self.langs.len() - 1) as u16
    }

    fn add<'a>(&mut self, l: u16, words: impl IntoIterator<Item = (&'a str, &'a str)>) -> usize {
        let mut known = 0;
        for (k, v) in words {
            let Ok(i) = KEYS.binary_search(&k) else { continue };
            let v = self.intern(v);
            let texts = &mut self.langs[l as usize].texts;
            if texts.is_empty() {
                texts.resize(KEYS.len(), None);
            }
            texts[i] = Some(v);
            known += 1;
        }
        known
    }

    /// The languages `l` reads, itself first, English last.
    fn chain(&self, l: u16) -> impl Iterator<Item = &Entry> {
        let mut next = Some(l);
        std::iter::from_fn(move || {
            let e = &self.langs[next? as usize];
            next = e.parent;
            Some(e)
        })
    }

    fn text(&self, l: u16, i: usize) -> Option<&'static str> {
        self.chain(l).find_map(|e| e.texts.get(i).copied().flatten())
    }
}

/// A tag in its usual case (`pt-br` → `pt-BR`, `zh_hant` → `zh-Hant`), or `None` when it is not
/// one (subtags of 1 to 8 letters and digits, the first of 2 to 8 letters).
fn canonical(tag: &str) -> Option<String> {
    let mut out = String::new();
    let mut singleton = false;
    for (k, p) in tag.trim().split(['-', '_']).enumerate() {
        if p.is_empty() || p.len() > 8 || !p.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        if k == 0 && (p.len() < 2 || !p.bytes().all(|b| b.is_ascii_alphabetic())) {
            return None;
        }
        if k > 0 {
            out.push('-');
        }
        let alpha = p.bytes().all(|b| b.is_ascii_alphabetic());
        match p.len() {
            _ if k == 0 || singleton => out.push_str(&p.to_ascii_lowercase()),
            2 if alpha => out.push_str(&p.to_ascii_uppercase()),
            4 if alpha => {
                out.push_str(&p[..1].to_ascii_uppercase());
                out.push_str(&p[1..].to_ascii_lowercase());
            }
            _ => out.push_str(&p.to_ascii_lowercase()),
        }
        singleton |= p.len() == 1;
    }
    Some(out)
}

/// The tag a language falls back on (BCP 47 lookup, RFC 4647 §3.4: drop the last subtag, and a
/// singleton left at the end): `pt-BR` → `pt`, `zh-Hant-TW` → `zh-Hant`, `de-x-hello` → `de`;
/// `None` for a primary language (which falls back on English).
fn fallback(tag: &str) -> Option<String> {
    let mut t = &tag[..tag.rfind('-')?];
    if let Some(i) = t.rfind('-') {
        if t.len() - i == 2 {
            t = &t[..i];
        }
    }
    Some(t.to_string())
}

#[allow(non_upper_case_globals)]
impl Lang {
    /// English: the last fallback of every language, and the reference for the keys.
    pub const En: Lang = Lang(0);

    /// The language of a BCP 47 tag (`"pt-BR"`, `" ES "`), registered with its fallbacks if it is
    /// new; English for something that is no tag.
    pub fn from_tag(tag: &str) -> Lang {
        Lang(REG.with(|r| r.borrow_mut().find_or_add(tag)))
    }

    /// Add (or replace) texts of the language `tag`: `(key, text)` pairs; keys the module does not
    /// show (`page.*`, `chart.*`, `meaning.*`, unknown ones) are skipped. Returns the language and
    /// how many keys it took.
    pub fn add_words<'a>(tag: &str, words: impl IntoIterator<Item = (&'a str, &'a str)>) -> (Lang, usize) {
        REG.with(|r| {
            let mut r = r.borrow_mut();
            let l = r.find_or_add(tag);
            let n = r.add(l, words);
            (Lang(l), n)
        })
    }

    /// The BCP 47 tag, in its usual case (`pt-BR`).
    pub fn tag(self) -> &'static str {
        REG.with(|r| r.borrow().langs[self.0 as usize].tag)
    }

    /// The tag of the words this language shows: its own when it or a fallback before English
    /// has words, else `en` (for the `lang` attribute around them).
    pub fn shown_tag(self) -> &'static str {
        REG.with(|r| {
            let r = r.borrow();
            let own = r.chain(self.0).any(|e| e.parent.is_some() && !e.texts.is_empty());
            if own {
                r.langs[self.0 as usize].tag
            } else {
                "en"
            }
        })
    }

    /// Whether this language reads `other`'s words (itself or one of its fallbacks).
    pub fn reads(self, other: Lang) -> bool {
        REG.with(|r| {
            let r = r.borrow();
            let mut next = Some(self.0);
            while let Some(i) = next {
                if i == other.0 {
                    return true;
                }
                next = r.langs[i as usize].parent;
            }
            false
        })
    }

    /// The text of `k`: this language's, else its fallbacks' (English last), else "".
    pub fn text(self, k: K) -> &'static str {
        REG.with(|r| r.borrow().text(self.0, k as usize)).unwrap_or("")
    }

    /// The text under a key given by name (keys built at run time, like `rule.<id>`): `None` for a
    /// key the module does not have.
    pub fn lookup(self, key: &str) -> Option<&'static str> {
        KEYS.binary_search(&key).ok().map(|i| self.text(ALL[i]))
    }

    /// [`Lang::lookup`] of `prefix` followed by `id` (`"rule."`, `"separation"`) without building the
    /// key: the legend asks for its rows' names every frame.
    pub fn lookup_in(self, prefix: &str, id: &str) -> Option<&'static str> {
        let want = || prefix.bytes().chain(id.bytes());
        KEYS.binary_search_by(|k| k.bytes().cmp(want())).ok().map(|i| self.text(ALL[i]))
    }

    /// The keys that show another language's text here (English's, or none at all; for English,
    /// the keys it has no text for).
    pub fn missing(self) -> Vec<&'static str> {
        REG.with(|r| {
            let r = r.borrow();
            let own = |e: &&Entry| e.parent.is_some() || self == Lang::En;
            (0..KEYS.len())
                .filter(|&i| !r.chain(self.0).filter(own).any(|e| e.texts.get(i).copied().flatten().is_some()))
                .map(|i| KEYS[i])
                .collect()
        })
    }

    /// How this language writes numbers in prose: its own, else its fallbacks'.
    pub fn numbers(self) -> Numbers {
        REG.with(|r| r.borrow().chain(self.0).find_map(|e| e.numbers)).unwrap_or(Numbers::EN)
    }

    /// A text with the core's numbers (`12.5`, `(1.5, -2.0)`) as this language writes them.
    pub fn localize(self, s: &str) -> String {
        self.numbers().localize(s)
    }

    /// `x` with `decimals` digits after the separator, as this language writes it.
    pub fn num(self, x: f64, decimals: u32) -> String {
        self.localize(&crate::sim::text::Fixed(x, decimals).to_string())
    }

    /// A whole number as this language writes it (`12,345`, `12.345`, `12 345`).
    pub fn int(self, n: i64) -> String {
        self.localize(&n.to_string())
    }

    /// Whether this language was told how it writes numbers (itself, not a fallback).
    pub fn has_numbers(self) -> bool {
        REG.with(|r| r.borrow().langs[self.0 as usize].numbers.is_some())
    }

    /// Tell this language how it writes numbers (the web shell asks the browser's `Intl`).
    pub fn set_numbers(self, n: Numbers) {
        REG.with(|r| r.borrow_mut().langs[self.0 as usize].numbers = Some(n));
    }

    /// A string for a number format's separator, kept for the page's life.
    pub fn intern(s: &str) -> &'static str {
        REG.with(|r| r.borrow_mut().intern(s))
    }

    /// The shipped languages (`words/<tag>.json`), English first: native builds only.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn shipped() -> impl Iterator<Item = Lang> {
        SHIPPED.iter().map(|(tag, _)| Lang::from_tag(tag))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_sorted_and_typed() {
        assert!(KEYS.windows(2).all(|w| w[0] < w[1]));
        for (i, k) in ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
            assert_eq!(Lang::En.lookup(KEYS[i]), Some(Lang::En.text(*k)));
        }
        assert_eq!(Lang::En.lookup("no.such.key"), None);
        let es = Lang::from_tag("es");
        for k in KEYS {
            let (prefix, id) = k.split_at(k.find('.').map_or(0, |i| i + 1));
            assert_eq!(es.lookup_in(prefix, id), es.lookup(k), "{k}");
        }
        assert_eq!(Lang::En.lookup_in("rule.", "no_such_rule"), None);
        assert!(KEYS.iter().all(|k| !k.starts_with("page.") && !k.starts_with("chart.") && !k.starts_with("meaning.")));
    }

    #[test]
    fn tags_fall_back_as_bcp_47_lookup_does() {
        assert_eq!(canonical(" pt_br ").as_deref(), Some("pt-BR"));
        assert_eq!(canonical("ZH-hant-tw").as_deref(), Some("zh-Hant-TW"));
        assert_eq!(canonical("de-x-Hello").as_deref(), Some("de-x-hello"));
        assert_eq!(canonical("es-419").as_deref(), Some("es-419"));
        for bad in ["", "e", "1x", "pt--br", "pt-verylongsubtag", "pt BR", "<b>"] {
            assert_eq!(canonical(bad), None, "{bad:?}");
        }
        assert_eq!(fallback("pt-BR").as_deref(), Some("pt"));
        assert_eq!(fallback("zh-Hant-TW").as_deref(), Some("zh-Hant"));
        assert_eq!(fallback("de-x-hello").as_deref(), Some("de"));
        assert_eq!(fallback("pt"), None);
        let br = Lang::from_tag("pt-br");
        assert_eq!(br.tag(), "pt-BR");
        assert_eq!(Lang::from_tag("PT-BR"), br, "one language whatever the case");
        assert!(br.reads(Lang::from_tag("pt")) && br.reads(Lang::En) && !br.reads(Lang::from_tag("es")));
        assert_eq!(Lang::from_tag("es-MX").text(K::RuleSeparation), "separación");
        assert_eq!(Lang::from_tag("not a tag"), Lang::En);
    }

    /// A language with a few words of its own: those, and English for every other key; a key with
    /// no text anywhere reads "", never its name.
    #[test]
    fn every_key_falls_back_on_its_own() {
        let (it, n) = Lang::add_words("it", [("ui.play_name", "Avvia"), ("page.chapter.restored", "x"), ("nope", "y")]);
        assert_eq!(n, 1, "only the module's keys are taken");
        assert_eq!(it.text(K::UiPlayName), "Avvia");
        assert_eq!(it.text(K::UiPauseName), Lang::En.text(K::UiPauseName));
        assert_eq!(it.shown_tag(), "it");
        assert_eq!(it.missing().len(), KEYS.len() - 1);
        let ch = Lang::from_tag("it-CH");
        assert_eq!(ch.text(K::UiPlayName), "Avvia", "it-CH reads it's words");
        Lang::add_words("it-CH", [("ui.play_name", "Avvia!")]);
        assert_eq!((ch.text(K::UiPlayName), it.text(K::UiPlayName)), ("Avvia!", "Avvia"));
        assert_eq!(Lang::from_tag("ja").shown_tag(), "en", "no words of its own: English is shown");
        assert!(Lang::from_tag("fr").missing().is_empty(), "French is complete");
    }

    /// Every shipped language has every key, and keeps English's placeholders: a translation
    /// cannot drop or misspell a value.
    #[test]
    fn shipped_languages_are_complete_and_keep_the_placeholders() {
        fn holes(s: &str) -> Vec<String> {
            let mut v: Vec<String> = s
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}'))
                .map(|(h, _)| h.split(['?', ':', '~']).next().unwrap().to_string())
                .collect();
            v.sort();
            v
        }
        assert!(Lang::shipped().count() >= 4, "en, es, fr, pt");
        for lang in Lang::shipped() {
            assert!(lang.missing().is_empty(), "{}: lacks {:?}", lang.tag(), lang.missing());
            for k in ALL {
                assert_eq!(holes(lang.text(k)), holes(Lang::En.text(k)), "{}: {}", lang.tag(), KEYS[k as usize]);
            }
        }
    }
}
