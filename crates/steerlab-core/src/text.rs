//! Numbers in messages and readouts, without core's float printer.
//!
//! `format!("{x:.2}")`, `{x}` and `{x:e}` on floats link core's float printing (`flt2dec`, Grisu with
//! a Dragon4 fallback) for each float type and mode. serde_json already carries a shortest
//! round-trip printer (it writes every number of `state_json`), so the short form comes from it, and
//! fixed decimals are rounded in integers: the wasm module lost 1.2 KB gzipped (the f32 and the
//! exponent-form printers; core's f64 `{}` stays, serde's `Unexpected::Float` message uses it).

use std::fmt;

/// `x` with `decimals` (0 to 3) digits after the point, rounded half to even like `{:.N}`: the same
/// text as `format!("{x:.N}")` for every f32 (x · 10ᴺ is exact in f64 for an f32 x, N ≤ 3), and
/// within one unit of the last digit for other f64 near an exact tie. Beyond 10¹⁸ and for inf/NaN it
/// falls back to [`short64`].
pub struct Fixed(pub f64, pub u32);

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SCALE: [u64; 4] = [1, 10, 100, 1000];
        let (x, p) = (self.0, self.1.min(3) as usize);
        let m = (x.abs() * SCALE[p] as f64).round_ties_even();
        if m.is_nan() || m >= 1e18 {
            return f.write_str(&short64(x));
        }
        let m = m as u64;
        let sign = if x.is_sign_negative() { "-" } else { "" };
        let (int, frac) = (m / SCALE[p], m % SCALE[p]);
        if p == 0 {
            write!(f, "{sign}{int}")
        } else {
            write!(f, "{sign}{int}.{frac:0p$}")
        }
    }
}

/// The shortest text that reads back as the same f32 (`1.5`, `-3`, `1e-7`, `1.5e13`, `inf`).
pub fn short32(x: f32) -> String {
    if x.is_finite() {
        tidy(serde_json::to_string(&x).unwrap_or_default())
    } else {
        non_finite(x as f64)
    }
}

/// The shortest text that reads back as the same f64 (`0.01`, `10`, `-7.43326836177333e-309`).
pub fn short64(x: f64) -> String {
    if x.is_finite() {
        tidy(serde_json::to_string(&x).unwrap_or_default())
    } else {
        non_finite(x)
    }
}

/// serde_json writes `10.0` and `1.5e+13`; messages say `10` and `1.5e13` (as `{}` and `{:e}` did).
fn tidy(mut s: String) -> String {
    if let Some(i) = s.find('e') {
        if s[i + 1..].starts_with('+') {
            s.remove(i + 1);
        }
    }
    if s.ends_with(".0") {
        s.truncate(s.len() - 2);
    }
    s
}

fn non_finite(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

/// An author's text with instructions for both kinds of pointer, `{on a touch screen|with a
/// mouse}` (`{Tap|Click} a boid`), as a reader with one of them reads it (`touch`: a coarse
/// pointer, as the page's `(pointer: coarse)` says). Braces that are not one such pair stay as
/// they are.
pub fn for_pointer(text: &str, touch: bool) -> std::borrow::Cow<'_, str> {
    if !text.contains('{') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').map(|close| (&after[..close], &after[close + 1..])) {
            Some((inner, tail)) if inner.matches('|').count() == 1 && !inner.contains('{') => {
                let (t, m) = inner.split_once('|').unwrap_or((inner, ""));
                out.push_str(if touch { t } else { m });
                rest = tail;
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// `[a, b, c]` with each number in its short form (what `{:?}` of an array wrote).
pub fn list32(xs: &[f32]) -> String {
    // Pushed by hand: `join` on a Vec<String> was a second copy of the join helper (the web shell
    // joins `&str`s).
    let mut s = String::from("[");
    for (i, &x) in xs.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&short32(x));
    }
    s.push(']');
    s
}

/// Names joined with ", " for a message (`a, b, c`). Pushed by hand: `[&str]::join` links std's
/// generic join helper (`join_generic_copy`, 1.2 KB before wasm-opt) for these cold messages alone.
pub fn names(items: &[&str]) -> String {
    let mut s = String::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(x);
    }
    s
}

/// A reader of an author's texts (`scenario::Text`): the language they read (a BCP 47 tag) and the
/// page's words for a key a text names (`{"words": "scenario.flock.title"}`). The core holds keys,
/// never words: the page's words are the shell's (`lang::Lang`); a bare tag (`"es"`, in tests and
/// tools) has none.
pub trait Reader {
    fn tag(&self) -> &str;
    fn word(&self, key: &str) -> Option<&'static str>;
}

impl Reader for str {
    fn tag(&self) -> &str {
        self
    }
    fn word(&self, _: &str) -> Option<&'static str> {
        None
    }
}

/// Whether `tag` has the form of a BCP 47 language tag: subtags of 1 to 8 ASCII letters and
/// digits joined by `-` (or `_`), the first of 2 to 8 letters (`pt-BR`, `zh-Hant-TW`, `es-419`).
pub fn is_lang_tag(tag: &str) -> bool {
    let mut parts = tag.split(['-', '_']);
    let first = parts.next().unwrap_or("");
    (2..=8).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_alphabetic())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Whether two tags name the same language (case, and `_` for `-`, aside).
pub fn same_lang(a: &str, b: &str) -> bool {
    let norm = |c: u8| if c == b'_' { b'-' } else { c.to_ascii_lowercase() };
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| norm(x) == norm(y))
}

/// The languages a reader of `tag` reads, in order (BCP 47 lookup, RFC 4647 §3.4): the tag, then
/// the tag less its last subtag and so on, then English: `pt-BR` → `pt-BR`, `pt`, `en`;
/// `de-x-hello` → `de-x-hello`, `de-x` (a singleton: no language has it), `de`, `en`; `en` alone
/// for "".
/// Tags keep the case they are written in (compare them with [`same_lang`]); what is no tag
/// ([`is_lang_tag`]) only matches no language.
pub fn lang_chain(tag: &str) -> impl Iterator<Item = &str> {
    let tag = tag.trim();
    let mut next = (!tag.is_empty()).then_some(tag);
    let mut english = true;
    std::iter::from_fn(move || {
        let Some(t) = next else {
            return std::mem::take(&mut english).then_some("en");
        };
        // (Bytes: '-' and '_' are ASCII, and a char pattern's search costs the module 0.5 KB. A
        // singleton left at the end, `de-x`, matches no language: no need to skip it.)
        next = t.bytes().rposition(|b| b == b'-' || b == b'_').map(|i| &t[..i]);
        english &= !same_lang(t, "en");
        Some(t)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn language_tags_fall_back_as_bcp_47_lookup_does() {
        use super::{is_lang_tag, lang_chain, same_lang};
        let chain = |t| lang_chain(t).collect::<Vec<_>>();
        assert_eq!(chain("pt-BR"), ["pt-BR", "pt", "en"]);
        assert_eq!(chain(" pt_br "), ["pt_br", "pt", "en"]);
        assert_eq!(chain("zh-Hant-TW"), ["zh-Hant-TW", "zh-Hant", "zh", "en"]);
        assert_eq!(chain("de-x-hello"), ["de-x-hello", "de-x", "de", "en"]);
        assert_eq!(chain("en-GB"), ["en-GB", "en"]);
        assert_eq!(chain("EN"), ["EN"]);
        assert_eq!(chain("es-419"), ["es-419", "es", "en"]);
        for bad in ["", "e", "1x", "pt--br", "pt-verylongsubtag", "pt BR", "<b>"] {
            assert!(!is_lang_tag(bad), "{bad:?}");
        }
        assert_eq!(chain(""), ["en"]);
        assert!(same_lang("pt_br", "PT-BR") && !same_lang("pt", "pt-BR"));
    }

    #[test]
    fn instructions_for_the_pointer() {
        let t = "{Tap|Click} a boid; {tap|click or drag} to move it. Braces {x, y} and {a|b|c} stay.";
        assert_eq!(for_pointer(t, true), "Tap a boid; tap to move it. Braces {x, y} and {a|b|c} stay.");
        assert_eq!(for_pointer(t, false), "Click a boid; click or drag to move it. Braces {x, y} and {a|b|c} stay.");
        assert_eq!(for_pointer("no braces", true), "no braces");
        assert_eq!(for_pointer("{|double-click to remove it}", true), "");
        assert_eq!(for_pointer("open {", false), "open {");
    }

    use super::*;

    #[test]
    fn fixed_matches_core_formatting_for_f32() {
        // Ties round half to even, as core does: 0.125 → 0.12, 0.5 → 0, 2.5 → 2, 1.5 → 2.
        let xs = [0.0f32, -0.0, 0.25, 0.5, 1.5, 2.5, 0.125, -0.04, -0.4, 2.71, 99.995, 1234.5678, 1e9, -7.25];
        for &x in &xs {
            assert_eq!(Fixed(x as f64, 0).to_string(), format!("{x:.0}"), "{x}");
            assert_eq!(Fixed(x as f64, 1).to_string(), format!("{x:.1}"), "{x}");
            assert_eq!(Fixed(x as f64, 2).to_string(), format!("{x:.2}"), "{x}");
            assert_eq!(Fixed(x as f64, 3).to_string(), format!("{x:.3}"), "{x}");
        }
        // A pseudo-random sweep over many magnitudes.
        let mut r = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let x = f32::from_bits(r as u32);
            if !x.is_finite() || x.abs() > 1e12 {
                continue;
            }
            for p in 0..3 {
                assert_eq!(Fixed(x as f64, p).to_string(), format!("{x:.*}", p as usize), "{x:e} {p}");
            }
        }
        assert_eq!(Fixed(f64::INFINITY, 1).to_string(), "inf");
        assert_eq!(Fixed(f64::NAN, 2).to_string(), "NaN");
    }

    #[test]
    fn short_forms_read_back_and_drop_the_json_noise() {
        assert_eq!(short32(1.5), "1.5");
        assert_eq!(short32(-3.0), "-3");
        assert_eq!(short32(0.1), "0.1"); // not 0.10000000149011612
        assert_eq!(short32(1.5e13), "1.5e13");
        assert_eq!(short32(1e-7), "1e-7");
        assert_eq!(short32(f32::NEG_INFINITY), "-inf");
        assert_eq!(short64(-7.43326836177333e-309), "-7.43326836177333e-309");
        assert_eq!(short64(-1e300), "-1e300");
        assert_eq!(short64(0.01), "0.01");
        assert_eq!(list32(&[10.0, 10.5, 0.0, -1.0]), "[10, 10.5, 0, -1]");
        for &x in &[0.1f32, 3.4e38, 1e-45, 123456.7, 16777216.0] {
            assert_eq!(short32(x).parse::<f32>().unwrap(), x);
        }
    }
}
