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
//! Texts live as long as the page (a text given again unchanged is not stored again).

include!(concat!(env!("OUT_DIR"), "/keys.rs"));

use super::numbers::Numbers;
use crate::sim::text::{lang_chain, same_lang};
use std::cell::RefCell;

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
    /// The keys a scenario's text may name besides the module's own ([`K`]): `scenario.*` (a
    /// built-in's title, caption and labels), registered as their words arrive; each one's texts
    /// are at `KEYS.len()` + its place here.
    named: Vec<&'static str>,
}

/// The family of keys registered by name ([`Registry::named`]).
pub const NAMED: &str = "scenario.";

/// At most this many languages a page (tags no one asked for twice cost nothing more: a tag
/// beyond it reads its closest known fallback).
const MAX_LANGS: usize = 64;

thread_local! {
    // One registry a thread (the page's), leaked: it lives as long as the page.
    static REG: &'static RefCell<Registry> = Box::leak(Box::new(RefCell::new(Registry::new())));
}

impl Registry {
    fn new() -> Registry {
        let mut r = Registry { langs: Vec::new(), named: Vec::new() };
        r.langs.push(Entry { tag: "en", parent: None, texts: Vec::new(), numbers: Some(Numbers::EN) });
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

    fn find_or_add(&mut self, tag: &str) -> u16 {
        let tag = tag.trim();
        if tag.is_empty() {
            return 0;
        }
        if let Some(i) = self.langs.iter().position(|e| same_lang(e.tag, tag)) {
            return i as u16;
        }
        let parent = lang_chain(tag).nth(1).map_or(0, |p| self.find_or_add(p));
        if self.langs.len() >= MAX_LANGS {
            return parent;
        }
        let tag = leak(tag);
        self.langs.push(Entry { tag, parent: Some(parent), texts: Vec::new(), numbers: None });
        (self.langs.len() - 1) as u16
    }

    /// Add texts to the language `l`: how many keys the module knows, and whether a text changed.
    fn add<K: AsRef<str>, V: AsRef<str>>(&mut self, l: u16, words: impl IntoIterator<Item = (K, V)>) -> (usize, bool) {
        let (mut known, mut changed) = (0, false);
        for (k, v) in words {
            let (k, v) = (k.as_ref(), v.as_ref());
            let i = match self.index(k) {
                Some(i) => i,
                None if k.starts_with(NAMED) => {
                    self.named.push(leak(k));
                    KEYS.len() + self.named.len() - 1
                }
                None => continue,
            };
            known += usize::from(i < KEYS.len());
            let texts = &mut self.langs[l as usize].texts;
            if texts.len() <= i {
                texts.resize(KEYS.len().max(i + 1), None);
            }
            if texts[i] != Some(v) {
                texts[i] = Some(leak(v));
                changed = true;
            }
        }
        (known, changed)
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

    /// Where a key's texts are: the module's keys, then those registered by name.
    fn index(&self, k: &str) -> Option<usize> {
        KEYS.binary_search(&k).ok().or_else(|| self.named.iter().position(|n| *n == k).map(|i| KEYS.len() + i))
    }
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

/// The registry. (A `'static` reference from one non-generic function: a `REG.with(…)` closure
/// for each caller cost the module 2 KB.)
#[inline(never)]
fn reg() -> &'static RefCell<Registry> {
    REG.with(|r| *r)
}

/// A page's reader of a scenario's texts: its language, and its words for the keys they name.
impl crate::sim::text::Reader for Lang {
    #[inline]
    fn tag(&self) -> &str {
        Lang::tag(*self)
    }
    #[inline]
    fn word(&self, key: &str) -> Option<&'static str> {
        self.lookup(key)
    }
}

#[allow(non_upper_case_globals)]
impl Lang {
    /// English: the last fallback of every language, and the reference for the keys.
    pub const En: Lang = Lang(0);

    /// The language of a BCP 47 tag (`"pt-BR"`, `" ES "`), registered with its fallbacks if it is
    /// new; English for "".
    pub fn from_tag(tag: &str) -> Lang {
        Lang(reg().borrow_mut().find_or_add(tag))
    }

    /// Add (or replace) texts of the language `tag`: `(key, text)` pairs; keys the module does not
    /// show (`page.*`, `chart.*`, `meaning.*`, unknown ones) are skipped. Returns the language, how
    /// many keys it took and whether a text changed.
    pub fn add_words<K: AsRef<str>, V: AsRef<str>>(
        tag: &str,
        words: impl IntoIterator<Item = (K, V)>,
    ) -> (Lang, usize, bool) {
        let mut r = reg().borrow_mut();
        let l = r.find_or_add(tag);
        let (n, changed) = r.add(l, words);
        (Lang(l), n, changed)
    }

    /// The BCP 47 tag, as it was first written (`pt-BR`).
    pub fn tag(self) -> &'static str {
        reg().borrow().langs[self.0 as usize].tag
    }

    /// The text of `k`: this language's, else its fallbacks' (English last), else "".
    pub fn text(self, k: K) -> &'static str {
        reg().borrow().text(self.0, k as usize).unwrap_or("")
    }

    /// The text under a key given by name (keys built at run time, like `rule.<id>`, or a
    /// scenario's text's `scenario.*` key): `None` for a key the module does not have.
    pub fn lookup(self, key: &str) -> Option<&'static str> {
        let r = reg().borrow();
        r.index(key).map(|i| r.text(self.0, i).unwrap_or(""))
    }

    /// [`Lang::lookup`] of `prefix` followed by `id` (`"rule."`, `"separation"`) without building the
    /// key on the heap: the legend asks for its rows' names every frame. `None` past 96 bytes.
    pub fn lookup_in(self, prefix: &str, id: &str) -> Option<&'static str> {
        // (The key written in a buffer on the stack, then `lookup`'s search: no allocation, and one
        // search in the module.)
        let mut buf = [0u8; 96];
        let n = prefix.len() + id.len();
        if n > buf.len() {
            return None;
        }
        buf[..prefix.len()].copy_from_slice(prefix.as_bytes());
        buf[prefix.len()..n].copy_from_slice(id.as_bytes());
        self.lookup(std::str::from_utf8(&buf[..n]).ok()?)
    }

    /// Whether `k` shows another language's text here (English's, or none at all; for English,
    /// whether it has no text).
    #[cfg(test)]
    pub fn lacks(self, k: usize) -> bool {
        let r = reg().borrow();
        // English's texts are its own for English and its variants (`en-GB`), a fallback for others.
        let primary = r.langs[self.0 as usize].tag.split(['-', '_']).next().unwrap_or("");
        let english = same_lang(primary, "en");
        let own = |e: &&Entry| e.parent.is_some() || english;
        let has = r.chain(self.0).filter(own).any(|e| e.texts.get(k).copied().flatten().is_some());
        !has
    }

    /// How many keys show another language's text here ([`Lang::lacks`]).
    #[cfg(test)]
    pub fn missing(self) -> usize {
        (0..KEYS.len()).filter(|&k| self.lacks(k)).count()
    }

    /// How this language writes numbers in prose: as it was told (www/boot.js tells the module for
    /// each language a canvas reads), else as English does.
    pub fn numbers(self) -> Numbers {
        reg().borrow().langs[self.0 as usize].numbers.unwrap_or(Numbers::EN)
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

    /// Tell this language how it writes numbers (www/boot.js asks the browser's `Intl`): the
    /// separators, kept for the page's life (a format told again unchanged costs nothing).
    /// Whether it changed.
    pub fn set_numbers(self, decimal: &str, group: &str, min_group: u8, minus: &str) -> bool {
        let mut r = reg().borrow_mut();
        let e = &mut r.langs[self.0 as usize];
        let same =
            e.numbers.is_some_and(|n| (n.decimal, n.group, n.min_group, n.minus) == (decimal, group, min_group, minus));
        if !same {
            e.numbers = Some(Numbers { decimal: leak(decimal), group: leak(group), min_group, minus: leak(minus) });
        }
        !same
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
        let br = Lang::from_tag("pt-BR");
        assert_eq!(br.tag(), "pt-BR");
        assert_eq!(Lang::from_tag("pt_br"), br, "one language whatever the case");
        assert_eq!(Lang::from_tag("es-MX").text(K::RuleSeparation), "separación");
        assert_eq!(Lang::from_tag(" "), Lang::En);
    }

    /// A language with a few words of its own: those, and English for every other key; a key with
    /// no text anywhere reads "", never its name.
    #[test]
    fn every_key_falls_back_on_its_own() {
        let (it, n, changed) =
            Lang::add_words("it", [("ui.play_name", "Avvia"), ("page.chapter.restored", "x"), ("nope", "y")]);
        assert_eq!((n, changed), (1, true), "only the module's keys are taken");
        assert!(!Lang::add_words("it", [("ui.play_name", "Avvia")]).2, "the same text again changes nothing");
        assert_eq!(it.text(K::UiPlayName), "Avvia");
        assert_eq!(it.text(K::UiPauseName), Lang::En.text(K::UiPauseName));
        assert_eq!(it.missing(), KEYS.len() - 1);
        let ch = Lang::from_tag("it-CH");
        assert_eq!(ch.text(K::UiPlayName), "Avvia", "it-CH reads it's words");
        Lang::add_words("it-CH", [("ui.play_name", "Avvia!")]);
        assert_eq!((ch.text(K::UiPlayName), it.text(K::UiPlayName)), ("Avvia!", "Avvia"));
        assert_eq!(Lang::from_tag("en-GB").missing(), 0, "English's variants read it as their own");
        assert_eq!(Lang::from_tag("fr").missing(), 0, "French is complete");
    }

    /// Every shipped language has a text for every key the module shows (the placeholders are
    /// tests/words.rs's, for every key).
    #[test]
    fn a_key_looked_up_in_two_parts_is_the_key_looked_up_whole() {
        // Every split of every key, and names that are no key (before, between and after them).
        for k in KEYS {
            for (i, _) in k.char_indices().skip(1) {
                assert_eq!(Lang::En.lookup_in(&k[..i], &k[i..]), Lang::En.lookup(k), "{k} at {i}");
            }
        }
        for (prefix, id) in [("rule.", "nope"), ("rule", ""), ("", "a"), ("zzz.", "x"), ("rule.", ""), ("ui.", "pla")] {
            assert_eq!(Lang::En.lookup_in(prefix, id), None, "{prefix}{id}");
        }
        assert_eq!(Lang::from_tag("es").lookup_in("rule.", "separation"), Some("separación"));
    }

    /// The built-in scenarios' texts (`scenario.*`) are no module key (`K`), looked up by name.
    #[test]
    fn scenario_texts_are_looked_up_by_name_in_every_language() {
        assert!(KEYS.iter().all(|k| !k.starts_with("scenario.")));
        assert_eq!(Lang::En.lookup("scenario.flock.title"), Some("Flocking: the three rules combined"));
        assert_eq!(Lang::from_tag("pt-BR").lookup("scenario.flock.title"), Some("Flocking: as três regras combinadas"));
        assert_eq!(Lang::from_tag("fr-CA").lookup("scenario.queue.label.queue.braking"), Some("Freinage"));
        assert_eq!(Lang::En.lookup("scenario.flock.nope"), None);
        // An author's language with one of them: the rest falls back to English, key by key.
        let (it, n, changed) =
            Lang::add_words("it", [("scenario.flock.title", "Uno stormo"), ("ui.play_name", "Avvia")]);
        assert!(changed && n == 1, "one module key among them ({n})");
        assert_eq!(it.lookup("scenario.flock.title"), Some("Uno stormo"));
        assert_eq!(it.lookup("scenario.flock.caption"), Lang::En.lookup("scenario.flock.caption"));
        let (_, _, again) = Lang::add_words("it", [("scenario.flock.title", "Uno stormo")]);
        assert!(!again, "the same text again changes nothing");
    }

    #[test]
    fn shipped_languages_are_complete() {
        assert!(Lang::shipped().count() >= 4, "en, es, fr, pt");
        for lang in Lang::shipped() {
            let lacks: Vec<_> = (0..KEYS.len()).filter(|&k| lang.lacks(k)).map(|k| KEYS[k]).collect();
            assert!(lacks.is_empty(), "{}: lacks {lacks:?}", lang.tag());
        }
    }
}
