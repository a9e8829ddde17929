//! Numbers in prose as the reader's locale writes them (readouts, HUD, legend, the inspector's
//! values, the scrub bar's time, slider values): the decimal separator, the grouping separator
//! and when it starts, the minus sign. The module carries no locale data: www/words.js asks the
//! browser once per language (`Intl.NumberFormat`) and tells the module (`setNumbers`,
//! `web/words.rs`); the chart and the pages' scripts use the same formatter. Code and pseudocode keep their own
//! notation (`1.5`, `-3`).

/// How a language writes numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// `.` in English, `,` in Spanish, French, Portuguese.
    pub decimal: &'static str,
    /// `,` in English, `.` in Spanish and Portuguese, a narrow no-break space in French.
    pub group: &'static str,
    /// Digits before the point from which they are grouped, less 3: 1 (`1,234`) or 2 (Spanish:
    /// `1234` but `12.345`).
    pub min_group: u8,
    /// The minus sign (`-`; `−` in Swedish).
    pub minus: &'static str,
}

impl Numbers {
    pub const EN: Numbers = Numbers { decimal: ".", group: ",", min_group: 1, minus: "-" };

    /// The shipped languages' formats as `Intl` gives them, for native builds (tests, the posters),
    /// which have no browser to ask.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn native(tag: &str) -> Option<Numbers> {
        let n = |decimal, group, min_group| Some(Numbers { decimal, group, min_group, minus: "-" });
        match tag {
            "en" => Some(Numbers::EN),
            "es" => n(",", ".", 2),
            "pt" => n(",", ".", 1),
            "fr" => n(",", "\u{202f}", 1),
            _ => None,
        }
    }

    /// A text written with the core's numbers (`12.5`, `-3`, `(1.5, -2.0)`) in this format: each
    /// number's decimal point, grouping and minus sign; with a decimal comma, the comma after a
    /// number that separates it from the next becomes a semicolon (`(1,5; -2,0)`).
    pub fn localize(&self, s: &str) -> String {
        let b = s.as_bytes();
        let mut out = String::with_capacity(s.len() + 4);
        let (mut i, mut copied) = (0, 0);
        while i < b.len() {
            // A number: digits not glued to a word (`x1`, `sep_dist2` stay), a minus before them,
            // a point followed by a digit.
            let alone = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.');
            let neg = b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(alone && (neg || b[i].is_ascii_digit())) {
                i += 1;
                continue;
            }
            out.push_str(&s[copied..i]);
            if neg {
                out.push_str(self.minus);
                i += 1;
            }
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n = i - start;
            for (k, c) in s[start..i].chars().enumerate() {
                if k > 0 && (n - k) % 3 == 0 && n >= 3 + self.min_group as usize {
                    out.push_str(self.group);
                }
                out.push(c);
            }
            if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                out.push_str(self.decimal);
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    out.push(b[i] as char);
                    i += 1;
                }
            }
            if self.decimal == "," && s[i..].starts_with(", ") {
                out.push(';');
                i += 1;
            }
            copied = i;
        }
        out.push_str(&s[copied..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_each_locale_writes_them() {
        let es = Numbers { decimal: ",", group: ".", min_group: 2, minus: "-" };
        let fr = Numbers { decimal: ",", group: "\u{202f}", min_group: 1, minus: "-" };
        let sv = Numbers { decimal: ",", group: " ", min_group: 1, minus: "−" };
        let en = Numbers::EN;
        assert_eq!(en.localize("3456 checks · 0.87 · -12.5"), "3,456 checks · 0.87 · -12.5");
        assert_eq!(es.localize("3456 checks · 12345 · 0.87"), "3456 checks · 12.345 · 0,87");
        assert_eq!(fr.localize("1234567.25"), "1\u{202f}234\u{202f}567,25");
        assert_eq!(sv.localize("-3.5"), "−3,5");
        assert_eq!(es.localize("(1.50, -2.00) · |2.50|"), "(1,50; -2,00) · |2,50|");
        assert_eq!(es.localize("120, 240"), "120; 240", "a list of numbers");
        assert_eq!(en.localize("(1.50, -2.00)"), "(1.50, -2.00)");
        assert_eq!(es.localize("a, 1 b, 2"), "a, 1 b, 2", "a comma after a word stays");
        assert_eq!(es.localize("sep_dist2 x1.5 n·(n−1) 3×3 +1"), "sep_dist2 x1.5 n·(n−1) 3×3 +1");
        assert_eq!(es.localize("1. 2."), "1. 2.", "a full stop is no decimal point");
    }
}
