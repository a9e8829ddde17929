//! The per-language catalogs (`catalog/<tag>.txt`), compiled in by `build.rs` as typed keys ([`K`])
//! and one table of texts per language. Every word steerlab shows comes from here: a key missing
//! from a language fails the build, and a key that does not exist does not compile.

include!(concat!(env!("OUT_DIR"), "/catalog.rs"));

/// A language: an index into the catalogs ([`TAGS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang(u8);

#[allow(non_upper_case_globals)]
impl Lang {
    pub const En: Lang = Lang(0);
    pub const Es: Lang = Lang(Lang::index("es"));

    const fn index(tag: &str) -> u8 {
        let mut i = 0;
        while i < TAGS.len() {
            if eq(TAGS[i].as_bytes(), tag.as_bytes()) {
                return i as u8;
            }
            i += 1;
        }
        panic!("no catalog for this language")
    }

    /// Every language with a catalog, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..TAGS.len() as u8).map(Lang)
    }

    /// The language of a BCP 47 tag (`"es"`, `"es-MX"` …): its primary subtag's catalog, else
    /// English.
    pub fn from_tag(tag: &str) -> Lang {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        TAGS.iter().position(|t| *t == primary).map_or(Lang::En, |i| Lang(i as u8))
    }

    /// The BCP 47 tag.
    pub fn tag(self) -> &'static str {
        TAGS[self.0 as usize]
    }

    /// The text of `k` in this language.
    pub fn text(self, k: K) -> &'static str {
        TEXTS[self.0 as usize][k as usize]
    }

    /// The text under a key given by name (keys built at run time, like `rule.<id>`), if there is
    /// one.
    pub fn lookup(self, key: &str) -> Option<&'static str> {
        KEYS.binary_search(&key).ok().map(|i| TEXTS[self.0 as usize][i])
    }

    /// [`Lang::lookup`] of `prefix` followed by `id` (`"rule."`, `"separation"`) without building the
    /// key: the legend asks for its rows' names every frame.
    pub fn lookup_in(self, prefix: &str, id: &str) -> Option<&'static str> {
        let want = || prefix.bytes().chain(id.bytes());
        KEYS.binary_search_by(|k| k.bytes().cmp(want())).ok().map(|i| TEXTS[self.0 as usize][i])
    }
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
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
        for k in KEYS {
            let (prefix, id) = k.split_at(k.find('.').map_or(0, |i| i + 1));
            assert_eq!(Lang::Es.lookup_in(prefix, id), Lang::Es.lookup(k), "{k}");
        }
        assert_eq!(Lang::En.lookup_in("rule.", "no_such_rule"), None);
    }

    #[test]
    fn tags_pick_their_catalog() {
        assert_eq!(Lang::from_tag("es-MX"), Lang::Es);
        assert_eq!(Lang::from_tag(" ES "), Lang::Es);
        assert_eq!(Lang::from_tag("zz"), Lang::En, "a language with no catalog reads English");
        assert_eq!(Lang::from_tag("estonian"), Lang::En);
        assert_eq!(Lang::Es.tag(), "es");
        assert_eq!(Lang::Es.text(K::RuleSeparation), "separación");
    }

    /// Every language's texts keep the English text's placeholders: a translation cannot drop
    /// or misspell a value.
    #[test]
    fn translations_keep_the_placeholders() {
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
        for lang in Lang::all() {
            for k in ALL {
                assert_eq!(holes(lang.text(k)), holes(Lang::En.text(k)), "{}: {}", lang.tag(), KEYS[k as usize]);
            }
        }
    }
}
