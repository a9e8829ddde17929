//! Validation's vocabulary: [`Check`] writes a message that names the field (`behaviours[2].radius:
//! must be > 0, got -3`), and the caps that keep a hostile or mistaken scenario small.

use crate::text::short32;
use crate::text::short64;

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

impl Check<'_> {
    pub fn finite(&self, field: &str, v: f32) -> Result<(), String> {
        if !v.is_finite() {
            Err(format!("{}{}: must be a finite number, got {}", self.path, dot(field), short32(v)))
        } else if v.abs() > MAX_MAGNITUDE {
            Err(format!("{}{}: must be between -1e12 and 1e12, got {}", self.path, dot(field), short32(v)))
        } else {
            Ok(())
        }
    }
    pub fn positive(&self, field: &str, v: f32) -> Result<(), String> {
        self.finite(field, v)?;
        if v > 0.0 {
            Ok(())
        } else {
            Err(format!("{}{}: must be > 0, got {}", self.path, dot(field), fmt_num(v)))
        }
    }
    pub fn non_negative(&self, field: &str, v: f32) -> Result<(), String> {
        self.finite(field, v)?;
        if v >= 0.0 {
            Ok(())
        } else {
            Err(format!("{}{}: must be >= 0, got {}", self.path, dot(field), fmt_num(v)))
        }
    }
    pub fn at_most(&self, field: &str, v: f32, max: f32) -> Result<(), String> {
        self.finite(field, v)?;
        if v <= max {
            Ok(())
        } else {
            Err(format!("{}{}: must be <= {}, got {}", self.path, dot(field), fmt_num(max), fmt_num(v)))
        }
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
