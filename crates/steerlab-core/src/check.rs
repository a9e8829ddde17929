//! Validation's vocabulary: [`Check`] writes a message that names the field (`behaviours[2].radius:
//! must be > 0, got -3`), and the caps that keep a hostile or mistaken scenario small.

use crate::text::short32;
use crate::text::short64;
use std::cell::RefCell;

pub const MAX_LIST: usize = 10_000;

/// Every number a `Check` validates (radii, distances, points …) stays within ±1e12, so that the
/// sums, squares and multiples the core and the renderer make of it stay finite in f32 (a queue's
/// `goal_radius` of f32::MAX drew its doorway posts at infinity).
pub const MAX_MAGNITUDE: f32 = 1.0e12;

/// Validation of one place of a scenario: messages start with `path` (`behaviours[2]`), then the
/// field (`behaviours[2].radius: must be > 0, got -3`).
pub struct Check<'a> {
    pub path: &'a str,
}

thread_local! {
    /// The mistakes found so far (read and emptied by [`collect`]).
    static FOUND: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// A failed check: its message is noted for [`collect`] and validation goes on. It returns `Ok`
/// so that a rule written `fail(…)?` or `.or_else(fail)?` reads like a check; inlined, the `Ok`
/// is known where it is called and the `?` compiles to nothing (the module is smaller by it).
#[inline(always)]
pub fn fail(msg: String) -> Result<(), String> {
    note(msg);
    Ok(())
}

#[inline(never)]
fn note(msg: String) {
    FOUND.with(|f| f.borrow_mut().push(msg));
}

/// Every mistake `validate` finds, in order: its checks go through [`fail`] (a [`Check`]'s too),
/// which notes them and lets it go on; an `Err` it still returns is the last one. Outside
/// `collect` a check's mistake is noted for the next `collect`, which sets it aside: read them
/// through `collect` (`Scenario::validate` does).
pub fn collect(validate: impl FnOnce() -> Result<(), String>) -> Vec<String> {
    let outer = FOUND.with(|f| std::mem::take(&mut *f.borrow_mut()));
    let last = validate();
    let mut found = FOUND.with(|f| std::mem::replace(&mut *f.borrow_mut(), outer));
    found.extend(last.err());
    found
}

/// What a number must be (the checks of [`Check`]).
#[derive(Clone, Copy)]
enum Rule {
    Finite,
    Positive,
    NonNegative,
    AtMost(f32),
}

/// Finite and within ±[`MAX_MAGNITUDE`].
#[inline(always)]
fn fit(v: f32) -> bool {
    v.is_finite() && v.abs() <= MAX_MAGNITUDE
}

/// The checks note a mistake through [`fail`] and return `Ok`: every mistake of a scenario is
/// read at once through [`collect`]. Each is a call of one out-of-line function ([`Check::number`],
/// [`Check::pair`]), and the `Ok` inlined where it is called, so a `?` after it costs nothing.
impl Check<'_> {
    /// The field's path: `behaviours[2].radius`, `agent_size` (a `Check` of the top level has
    /// the path "").
    fn at(&self, field: &str) -> String {
        let f = dot(field);
        match self.path {
            "" => f.trim_start_matches('.').to_string(),
            p => format!("{p}{f}"),
        }
    }
    /// `v` is finite, within ±[`MAX_MAGNITUDE`] and keeps `rule`, else its message is noted:
    /// `must be a finite number, got …`, `must be between -1e12 and 1e12, got …` or
    /// `must be > 0, got …` (`>= 0`, `<= max`).
    #[inline(never)]
    fn number(&self, field: &str, v: f32, rule: Rule) {
        let ok = match rule {
            Rule::Finite => true,
            Rule::Positive => v > 0.0,
            Rule::NonNegative => v >= 0.0,
            Rule::AtMost(max) => v <= max,
        };
        let msg = if !v.is_finite() {
            format!("{}: must be a finite number, got {}", self.at(field), short32(v))
        } else if v.abs() > MAX_MAGNITUDE {
            format!("{}: must be between -1e12 and 1e12, got {}", self.at(field), short32(v))
        } else if ok {
            return;
        } else {
            let what = match rule {
                Rule::Positive => "> 0".to_string(),
                Rule::NonNegative => ">= 0".to_string(),
                Rule::AtMost(max) => format!("<= {}", fmt_num(max)),
                Rule::Finite => String::new(),
            };
            format!("{}: must be {what}, got {}", self.at(field), fmt_num(v))
        };
        note(msg);
    }
    /// Both coordinates of `p` finite (`field[0]`, `field[1]`).
    #[inline(never)]
    fn pair(&self, field: &str, p: [f32; 2]) {
        for (k, v) in p.into_iter().enumerate() {
            if !fit(v) {
                self.number(&format!("{field}[{k}]"), v, Rule::Finite);
            }
        }
    }
    #[inline(always)]
    pub fn finite(&self, field: &str, v: f32) -> Result<(), String> {
        self.number(field, v, Rule::Finite);
        Ok(())
    }
    #[inline(always)]
    pub fn positive(&self, field: &str, v: f32) -> Result<(), String> {
        self.number(field, v, Rule::Positive);
        Ok(())
    }
    #[inline(always)]
    pub fn non_negative(&self, field: &str, v: f32) -> Result<(), String> {
        self.number(field, v, Rule::NonNegative);
        Ok(())
    }
    #[inline(always)]
    pub fn at_most(&self, field: &str, v: f32, max: f32) -> Result<(), String> {
        self.number(field, v, Rule::AtMost(max));
        Ok(())
    }
    #[inline(always)]
    pub fn point(&self, field: &str, p: [f32; 2]) -> Result<(), String> {
        self.pair(field, p);
        Ok(())
    }
}

pub(crate) fn dot(field: &str) -> String {
    if field.is_empty() {
        String::new()
    } else if field.starts_with('[') {
        field.to_string()
    } else {
        format!(".{field}")
    }
}

/// The shortest form (`{}` wrote a subnormal like -7.4e-309 as 300 digits; this writes the exponent
/// form outside ~1e-6..1e16).
pub(crate) fn fmt_f64(v: f64) -> String {
    short64(v)
}

pub(crate) fn fmt_num(v: f32) -> String {
    if v == v.trunc() && v.abs() < 1e9 {
        format!("{}", v as i64)
    } else {
        short32(v)
    }
}
