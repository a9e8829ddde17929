//! Number helpers shared by the whole core (a leaf: depends on nothing of the core).

/// `x` limited to `lo..=hi`, as `f32::clamp` and `f64::clamp` give it (NaN stays NaN), without its check that
/// `lo <= hi`: that check's panic message prints both floats, which links core's float printer
/// (~8 KB gzipped of the module) for a message nobody reads. Callers pass `lo <= hi`.
#[inline]
pub fn clamp<T: PartialOrd>(x: T, lo: T, hi: T) -> T {
    let x = if x < lo { lo } else { x };
    if x > hi {
        hi
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::clamp;

    #[test]
    #[allow(clippy::disallowed_methods)] // compared with the std method
    fn same_as_std_clamp() {
        let xs = [f32::NEG_INFINITY, -3.5, -0.0, 0.0, 0.25, 1.0, 7.0, f32::INFINITY, f32::MIN_POSITIVE];
        for &x in &xs {
            for (lo, hi) in [(0.0, 1.0), (-1.0, 5.0), (2.0, 2.0), (-0.0, 0.0)] {
                assert_eq!(clamp(x, lo, hi).to_bits(), x.clamp(lo, hi).to_bits(), "{x} in {lo}..{hi}");
            }
        }
        assert!(clamp(f32::NAN, 0.0, 1.0).is_nan());
    }
}
