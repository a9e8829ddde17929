//! Numbers in prose as the reader's locale writes them (readouts, HUD, legend, the inspector's
//! values, the scrub bar's time, slider values): the decimal separator, the grouping separator
//! and when it starts, the minus sign. The module carries no locale data: the web shell asks the
//! browser once per language (`Intl.NumberFormat`, `web/words.rs`), the same formatter
//! www/words.js uses for the chart and the pages' scripts. Code and pseudocode keep their own
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
    /// number's decimal point, grouping and minus sign; with a decimal comma, the comma between
    /// two numbers of a list becomes a semicolon (`(1,5; -2,0)`).
    pub fn localize(&self, s: &str) -> String {
        if *self == Numbers::EN && !s.bytes().any(|b| b.is_ascii_digit()) {
            return s.to_string();
        }
        let b = s.as_bytes();
        let mut out = String::with_capacity(s.len() + 4);
        let mut i = 0;
        let mut last_number_end = None;
        while i < b.len() {
            let starts_number = |j: usize| {
                let sign = b[j] == b'-' && b.get(j + 1).is_some_and(u8::is_ascii_digit);
                let alone = j == 0 || !(b[j - 1].is_ascii_alphanumeric() || b[j - 1] == b'_');
                (b[j].is_ascii_digit() || sign) && alone
            };
            if starts_number(i) {
                let neg = b[i] == b'-';
                let mut j = i + usize::from(neg);
                let int_start = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let int = &s[int_start..j];
                let mut frac = "";
                if j + 1 < b.len() && b[j] == b'.' && b[j + 1].is_ascii_digit() {
                    let f = j + 1;
                    j = f;
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                    frac = &s[f..j];
                }
                if neg {
                    out.push_str(self.minus);
                }
                self.group_into(int, &mut out);
                if !frac.is_empty() {
                    out.push_str(self.decimal);
                    out.push_str(frac);
                }
                i = j;
                last_number_end = Some(i);
                continue;
            }
            if self.decimal == ","
                && last_number_end == Some(i)
                && s[i..].starts_with(", ")
                && i + 2 < b.len()
                && starts_number(i + 2)
            {
                out.push_str("; ");
                i += 2;
                continue;
            }
            let c = s[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
        out
    }

    fn group_into(&self, digits: &str, out: &mut String) {
        let n = digits.len();
        if n < 3 + self.min_group.max(1) as usize {
            out.push_str(digits);
            return;
        }
        for (k, c) in digits.chars().enumerate() {
            if k > 0 && (n - k) % 3 == 0 {
                out.push_str(self.group);
            }
            out.push(c);
        }
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
        assert_eq!(es.localize("a, 1, b"), "a, 1, b", "a comma after a number before a word stays");
        assert_eq!(es.localize("sep_dist2 x1.5 n·(n−1) 3×3 +1"), "sep_dist2 x1.5 n·(n−1) 3×3 +1");
        assert_eq!(es.localize("1. 2."), "1. 2.", "a full stop is no decimal point");
    }
}
