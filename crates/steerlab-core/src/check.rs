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
    /// Inside [`collect`]: the mistakes found so far.
    static FOUND: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// A failed check: its message is returned (validation stops at the first mistake), or, inside
/// [`collect`], noted, and validation goes on (`Ok`).
#[inline(never)]
pub fn fail(msg: String) -> Result<(), String> {
    FOUND.with(|f| match f.borrow_mut().as_mut() {
        Some(found) => {
            found.push(msg);
            Ok(())
        }
        None => Err(msg),
    })
}

/// Every mistake `validate` finds, in order: its checks go through [`fail`], which notes them and
/// lets it go on (an `Err` it still returns is the last one).
pub fn collect(validate: impl FnOnce() -> Result<(), String>) -> Vec<String> {
    FOUND.with(|f| *f.borrow_mut() = Some(Vec::new()));
    let last = validate();
    let mut found = FOUND.with(|f| f.borrow_mut().take()).unwrap_or_default();
    found.extend(last.err());
    found
}

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
    /// The message for a number that is not finite or beyond ±[`MAX_MAGNITUDE`].
    fn unfit(&self, field: &str, v: f32) -> Option<String> {
        if !v.is_finite() {
            Some(format!("{}: must be a finite number, got {}", self.at(field), short32(v)))
        } else if v.abs() > MAX_MAGNITUDE {
            Some(format!("{}: must be between -1e12 and 1e12, got {}", self.at(field), short32(v)))
        } else {
            None
        }
    }
    /// `v` is a finite number and `ok(v)`, else the message `must be {what}, got v`.
    fn number(&self, field: &str, v: f32, ok: bool, what: &str) -> Result<(), String> {
        match self.unfit(field, v) {
            Some(m) => fail(m),
            None if ok => Ok(()),
            None => fail(format!("{}: must be {what}, got {}", self.at(field), fmt_num(v))),
        }
    }
    pub fn finite(&self, field: &str, v: f32) -> Result<(), String> {
        self.unfit(field, v).map_or(Ok(()), fail)
    }
    pub fn positive(&self, field: &str, v: f32) -> Result<(), String> {
        self.number(field, v, v > 0.0, "> 0")
    }
    pub fn non_negative(&self, field: &str, v: f32) -> Result<(), String> {
        self.number(field, v, v >= 0.0, ">= 0")
    }
    pub fn at_most(&self, field: &str, v: f32, max: f32) -> Result<(), String> {
        self.number(field, v, v <= max, &format!("<= {}", fmt_num(max)))
    }
    pub fn point(&self, field: &str, p: [f32; 2]) -> Result<(), String> {
        self.finite(&format!("{field}[0]"), p[0])?;
        self.finite(&format!("{field}[1]"), p[1])
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
