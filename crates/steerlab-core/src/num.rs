//! Number helpers shared by the whole core (a leaf: depends on nothing of the core).

use glam::Vec2;

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

/// `v.length()` with the CPU's square root. glam is built with `libm` (the same transcendental
/// functions natively and in wasm), so its `length` and `normalize_or_zero` call libm's `sqrtf`,
/// which in wasm is a software square root (11 % of the page's flock step in a Chromium profile).
/// Both roots are correctly rounded: the same bits.
#[inline]
pub fn length(v: Vec2) -> f32 {
    v.length_squared().sqrt()
}

/// `v.normalize_or_zero()` with [`length`]'s square root (glam's expression: `v · (1 / |v|)`, zero
/// when that factor is not finite and positive).
#[inline]
pub fn normalize_or_zero(v: Vec2) -> Vec2 {
    let rcp = 1.0 / length(v);
    if rcp.is_finite() && rcp > 0.0 {
        v * rcp
    } else {
        Vec2::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::clamp;
    use glam::Vec2;

    /// The same bits as glam's (libm's square root), for zero, tiny, huge, non-finite and ordinary
    /// vectors of every sign.
    #[test]
    fn length_and_normalize_are_glams() {
        let vals = [0.0, -0.0, 1e-30, -3e-39, 0.1, -0.7, 1.0, 3.0, -4.0, 123.456, 3e19, -1e30, 3.4e38];
        let odd = [f32::INFINITY, f32::NEG_INFINITY, f32::NAN, f32::MIN_POSITIVE, f32::MAX];
        let mut rng = fastrand::Rng::with_seed(5);
        let mut vs: Vec<Vec2> = Vec::new();
        for &x in vals.iter().chain(&odd) {
            for &y in vals.iter().chain(&odd) {
                vs.push(Vec2::new(x, y));
            }
        }
        vs.extend((0..20_000).map(|_| Vec2::new(rng.f32() - 0.5, rng.f32() - 0.5) * 10f32.powi(rng.i32(-20..20))));
        for v in vs {
            let (a, b) = (super::length(v), v.length());
            assert!(a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()), "{v}: {a} vs {b}");
            let (a, b) = (super::normalize_or_zero(v), v.normalize_or_zero());
            assert_eq!((a.x.to_bits(), a.y.to_bits()), (b.x.to_bits(), b.y.to_bits()), "{v}");
        }
    }

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
