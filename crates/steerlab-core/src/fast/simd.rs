//! Four `f32` lanes, just the operations the fast kernel needs: SSE2 on x86_64 (always present
//! there), `core::arch::wasm32` simd128 when the wasm build enables it
//! (`-C target-feature=+simd128`), and plain arrays elsewhere. Lane arithmetic is IEEE single
//! precision everywhere (add, sub, mul, div and sqrt are correctly rounded), so every lane computes
//! bit-for-bit what the scalar expression would.
//!
//! Masks are `F4`s whose lanes are all-ones or all-zeros; `x & m` keeps `x` where `m` is set and
//! gives `+0.0` elsewhere.

#![allow(clippy::missing_safety_doc)]

#[cfg(target_arch = "x86_64")]
mod imp {
    use core::arch::x86_64::*;

    #[derive(Clone, Copy)]
    pub struct F4(__m128);
    #[derive(Clone, Copy)]
    pub struct I4(__m128i);

    impl F4 {
        #[inline(always)]
        pub fn splat(x: f32) -> F4 {
            unsafe { F4(_mm_set1_ps(x)) }
        }
        #[inline(always)]
        pub fn zero() -> F4 {
            unsafe { F4(_mm_setzero_ps()) }
        }
        /// Four lanes from `p` (unaligned).
        #[inline(always)]
        pub unsafe fn load(p: *const f32) -> F4 {
            F4(_mm_loadu_ps(p))
        }
        /// `*p` in every lane.
        #[inline(always)]
        pub unsafe fn load_splat(p: *const f32) -> F4 {
            F4(_mm_load1_ps(p))
        }
        #[inline(always)]
        pub fn to_array(self) -> [f32; 4] {
            let mut a = [0.0f32; 4];
            unsafe { _mm_storeu_ps(a.as_mut_ptr(), self.0) };
            a
        }
        #[inline(always)]
        pub fn sqrt(self) -> F4 {
            unsafe { F4(_mm_sqrt_ps(self.0)) }
        }
        #[inline(always)]
        pub fn lt(self, o: F4) -> F4 {
            unsafe { F4(_mm_cmplt_ps(self.0, o.0)) }
        }
        #[inline(always)]
        pub fn gt(self, o: F4) -> F4 {
            unsafe { F4(_mm_cmpgt_ps(self.0, o.0)) }
        }
        /// `m ? a : b` per lane.
        #[inline(always)]
        pub fn select(m: F4, a: F4, b: F4) -> F4 {
            unsafe { F4(_mm_or_ps(_mm_and_ps(m.0, a.0), _mm_andnot_ps(m.0, b.0))) }
        }
        #[inline(always)]
        pub fn any(self) -> bool {
            unsafe { _mm_movemask_ps(self.0) != 0 }
        }
        /// `a > b ? a : b` per lane (for counts: never NaN).
        #[inline(always)]
        pub fn max(self, o: F4) -> F4 {
            unsafe { F4(_mm_max_ps(o.0, self.0)) }
        }
        /// `a < b ? a : b` per lane (not for NaN).
        #[inline(always)]
        pub fn min(self, o: F4) -> F4 {
            unsafe { F4(_mm_min_ps(o.0, self.0)) }
        }
        /// Lanes `[2, 3, 0, 1]`.
        #[inline(always)]
        pub fn swap_halves(self) -> F4 {
            unsafe { F4(_mm_shuffle_ps::<0b01_00_11_10>(self.0, self.0)) }
        }
        /// Lanes `[1, 0, 3, 2]`.
        #[inline(always)]
        pub fn swap_pairs(self) -> F4 {
            unsafe { F4(_mm_shuffle_ps::<0b10_11_00_01>(self.0, self.0)) }
        }
        #[inline(always)]
        pub fn first(self) -> f32 {
            unsafe { _mm_cvtss_f32(self.0) }
        }
        #[inline(always)]
        pub fn le(self, o: F4) -> F4 {
            unsafe { F4(_mm_cmple_ps(self.0, o.0)) }
        }
        #[inline(always)]
        pub fn ge(self, o: F4) -> F4 {
            unsafe { F4(_mm_cmpge_ps(self.0, o.0)) }
        }
        #[inline(always)]
        pub fn all(self) -> bool {
            unsafe { _mm_movemask_ps(self.0) == 0xF }
        }
        #[inline(always)]
        pub fn eq(self, o: F4) -> F4 {
            unsafe { F4(_mm_cmpeq_ps(self.0, o.0)) }
        }
        #[inline(always)]
        pub fn from_array(a: [f32; 4]) -> F4 {
            unsafe { F4(_mm_loadu_ps(a.as_ptr())) }
        }
        /// `|x|` per lane (the sign bit cleared).
        #[inline(always)]
        pub fn abs(self) -> F4 {
            unsafe { F4(_mm_andnot_ps(_mm_set1_ps(-0.0), self.0)) }
        }
        /// Each lane truncated towards zero (lanes known to be in `0..2³¹`).
        #[inline(always)]
        pub fn trunc_u32(self) -> [u32; 4] {
            let mut a = [0u32; 4];
            unsafe { _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, _mm_cvttps_epi32(self.0)) };
            a
        }
        /// Four lanes to `p` (unaligned).
        #[inline(always)]
        pub unsafe fn store(self, p: *mut f32) {
            _mm_storeu_ps(p, self.0)
        }
    }

    impl I4 {
        #[inline(always)]
        pub fn splat(x: i32) -> I4 {
            unsafe { I4(_mm_set1_epi32(x)) }
        }
        #[inline(always)]
        pub fn iota(x: i32) -> I4 {
            unsafe { I4(_mm_setr_epi32(x, x + 1, x + 2, x + 3)) }
        }
        /// Lanes where `self < o` and `self != not`, as an `F4` mask.
        #[inline(always)]
        pub fn lt_and_ne(self, o: I4, not: I4) -> F4 {
            unsafe {
                let lt = _mm_cmplt_epi32(self.0, o.0);
                let eq = _mm_cmpeq_epi32(self.0, not.0);
                F4(_mm_castsi128_ps(_mm_andnot_si128(eq, lt)))
            }
        }
        /// Add 1 in the lanes set in mask `m` (a set lane is −1 as an integer).
        #[inline(always)]
        pub fn count(self, m: F4) -> I4 {
            unsafe { I4(_mm_sub_epi32(self.0, _mm_castps_si128(m.0))) }
        }
        #[inline(always)]
        pub fn to_f4(self) -> F4 {
            unsafe { F4(_mm_cvtepi32_ps(self.0)) }
        }
    }

    macro_rules! binop {
        ($tr:ident, $f:ident, $intr:ident) => {
            impl core::ops::$tr for F4 {
                type Output = F4;
                #[inline(always)]
                fn $f(self, o: F4) -> F4 {
                    unsafe { F4($intr(self.0, o.0)) }
                }
            }
        };
    }
    binop!(Add, add, _mm_add_ps);
    binop!(Sub, sub, _mm_sub_ps);
    binop!(Mul, mul, _mm_mul_ps);
    binop!(Div, div, _mm_div_ps);
    binop!(BitAnd, bitand, _mm_and_ps);
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod imp {
    use core::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub struct F4(v128);
    #[derive(Clone, Copy)]
    pub struct I4(v128);

    impl F4 {
        #[inline(always)]
        pub fn splat(x: f32) -> F4 {
            F4(f32x4_splat(x))
        }
        #[inline(always)]
        pub fn zero() -> F4 {
            F4(f32x4_splat(0.0))
        }
        #[inline(always)]
        pub unsafe fn load(p: *const f32) -> F4 {
            F4(v128_load(p as *const v128))
        }
        #[inline(always)]
        pub unsafe fn load_splat(p: *const f32) -> F4 {
            F4(v128_load32_splat(p as *const u32))
        }
        #[inline(always)]
        pub fn to_array(self) -> [f32; 4] {
            [
                f32x4_extract_lane::<0>(self.0),
                f32x4_extract_lane::<1>(self.0),
                f32x4_extract_lane::<2>(self.0),
                f32x4_extract_lane::<3>(self.0),
            ]
        }
        #[inline(always)]
        pub fn sqrt(self) -> F4 {
            F4(f32x4_sqrt(self.0))
        }
        #[inline(always)]
        pub fn lt(self, o: F4) -> F4 {
            F4(f32x4_lt(self.0, o.0))
        }
        #[inline(always)]
        pub fn gt(self, o: F4) -> F4 {
            F4(f32x4_gt(self.0, o.0))
        }
        #[inline(always)]
        pub fn select(m: F4, a: F4, b: F4) -> F4 {
            F4(v128_bitselect(a.0, b.0, m.0))
        }
        #[inline(always)]
        pub fn any(self) -> bool {
            v128_any_true(self.0)
        }
        /// `a > b ? a : b` per lane (for counts: never NaN).
        #[inline(always)]
        pub fn max(self, o: F4) -> F4 {
            F4(f32x4_pmax(o.0, self.0))
        }
        /// `a < b ? a : b` per lane (not for NaN).
        #[inline(always)]
        pub fn min(self, o: F4) -> F4 {
            F4(f32x4_pmin(o.0, self.0))
        }
        /// Lanes `[2, 3, 0, 1]`.
        #[inline(always)]
        pub fn swap_halves(self) -> F4 {
            F4(i32x4_shuffle::<2, 3, 0, 1>(self.0, self.0))
        }
        /// Lanes `[1, 0, 3, 2]`.
        #[inline(always)]
        pub fn swap_pairs(self) -> F4 {
            F4(i32x4_shuffle::<1, 0, 3, 2>(self.0, self.0))
        }
        #[inline(always)]
        pub fn first(self) -> f32 {
            f32x4_extract_lane::<0>(self.0)
        }
        #[inline(always)]
        pub fn le(self, o: F4) -> F4 {
            F4(f32x4_le(self.0, o.0))
        }
        #[inline(always)]
        pub fn ge(self, o: F4) -> F4 {
            F4(f32x4_ge(self.0, o.0))
        }
        #[inline(always)]
        pub fn all(self) -> bool {
            i32x4_all_true(self.0)
        }
        #[inline(always)]
        pub fn eq(self, o: F4) -> F4 {
            F4(f32x4_eq(self.0, o.0))
        }
        #[inline(always)]
        pub fn from_array(a: [f32; 4]) -> F4 {
            F4(f32x4(a[0], a[1], a[2], a[3]))
        }
        /// `|x|` per lane (the sign bit cleared).
        #[inline(always)]
        pub fn abs(self) -> F4 {
            F4(f32x4_abs(self.0))
        }
        /// The grid cells `row · nbx + bin` of four points given as `x · per_x` (self) and
        /// `y · per_y`, each coordinate truncated and clamped to `0..nbx` (`0..rows`) exactly as
        /// `trunc_clamped` does: the saturating truncation gives 0 for NaN, `i32::MAX` above and
        /// `i32::MIN` below the range, which the clamp then maps as `trunc_clamped` does.
        #[inline(always)]
        pub fn cell_index(self, y: F4, nbx: i32, rows: i32) -> [u32; 4] {
            let z = i32x4_splat(0);
            let b = i32x4_min(i32x4_max(i32x4_trunc_sat_f32x4(self.0), z), i32x4_splat(nbx - 1));
            let r = i32x4_min(i32x4_max(i32x4_trunc_sat_f32x4(y.0), z), i32x4_splat(rows - 1));
            let c = i32x4_add(i32x4_mul(r, i32x4_splat(nbx)), b);
            [
                u32x4_extract_lane::<0>(c),
                u32x4_extract_lane::<1>(c),
                u32x4_extract_lane::<2>(c),
                u32x4_extract_lane::<3>(c),
            ]
        }
        /// Each lane truncated towards zero (lanes known to be in `0..2³¹`).
        #[inline(always)]
        pub fn trunc_u32(self) -> [u32; 4] {
            let v = i32x4_trunc_sat_f32x4(self.0);
            [
                u32x4_extract_lane::<0>(v),
                u32x4_extract_lane::<1>(v),
                u32x4_extract_lane::<2>(v),
                u32x4_extract_lane::<3>(v),
            ]
        }
        #[inline(always)]
        pub unsafe fn store(self, p: *mut f32) {
            v128_store(p as *mut v128, self.0)
        }
    }

    impl I4 {
        #[inline(always)]
        pub fn splat(x: i32) -> I4 {
            I4(i32x4_splat(x))
        }
        #[inline(always)]
        pub fn iota(x: i32) -> I4 {
            I4(i32x4(x, x + 1, x + 2, x + 3))
        }
        #[inline(always)]
        pub fn lt_and_ne(self, o: I4, not: I4) -> F4 {
            F4(v128_andnot(i32x4_lt(self.0, o.0), i32x4_eq(self.0, not.0)))
        }
        #[inline(always)]
        pub fn count(self, m: F4) -> I4 {
            I4(i32x4_sub(self.0, m.0))
        }
        #[inline(always)]
        pub fn to_f4(self) -> F4 {
            F4(f32x4_convert_i32x4(self.0))
        }
    }

    macro_rules! binop {
        ($tr:ident, $f:ident, $intr:ident) => {
            impl core::ops::$tr for F4 {
                type Output = F4;
                #[inline(always)]
                fn $f(self, o: F4) -> F4 {
                    F4($intr(self.0, o.0))
                }
            }
        };
    }
    binop!(Add, add, f32x4_add);
    binop!(Sub, sub, f32x4_sub);
    binop!(Mul, mul, f32x4_mul);
    binop!(Div, div, f32x4_div);
    binop!(BitAnd, bitand, v128_and);
}

#[cfg(not(any(target_arch = "x86_64", all(target_arch = "wasm32", target_feature = "simd128"))))]
mod imp {
    #[derive(Clone, Copy)]
    pub struct F4([f32; 4]);
    #[derive(Clone, Copy)]
    pub struct I4([i32; 4]);

    const ONES: f32 = f32::from_bits(u32::MAX);

    #[inline(always)]
    fn map(a: F4, f: impl Fn(f32) -> f32) -> F4 {
        F4([f(a.0[0]), f(a.0[1]), f(a.0[2]), f(a.0[3])])
    }
    #[inline(always)]
    fn zip(a: F4, b: F4, f: impl Fn(f32, f32) -> f32) -> F4 {
        F4([f(a.0[0], b.0[0]), f(a.0[1], b.0[1]), f(a.0[2], b.0[2]), f(a.0[3], b.0[3])])
    }
    #[inline(always)]
    fn mask(b: bool) -> f32 {
        if b {
            ONES
        } else {
            0.0
        }
    }

    impl F4 {
        #[inline(always)]
        pub fn splat(x: f32) -> F4 {
            F4([x; 4])
        }
        #[inline(always)]
        pub fn zero() -> F4 {
            F4([0.0; 4])
        }
        #[inline(always)]
        pub unsafe fn load(p: *const f32) -> F4 {
            F4(core::ptr::read_unaligned(p as *const [f32; 4]))
        }
        #[inline(always)]
        pub unsafe fn load_splat(p: *const f32) -> F4 {
            F4([*p; 4])
        }
        #[inline(always)]
        pub fn to_array(self) -> [f32; 4] {
            self.0
        }
        #[inline(always)]
        pub fn sqrt(self) -> F4 {
            map(self, f32::sqrt)
        }
        #[inline(always)]
        pub fn lt(self, o: F4) -> F4 {
            zip(self, o, |a, b| mask(a < b))
        }
        #[inline(always)]
        pub fn gt(self, o: F4) -> F4 {
            zip(self, o, |a, b| mask(a > b))
        }
        #[inline(always)]
        pub fn select(m: F4, a: F4, b: F4) -> F4 {
            F4([0, 1, 2, 3].map(|k| if m.0[k].to_bits() != 0 { a.0[k] } else { b.0[k] }))
        }
        #[inline(always)]
        pub fn any(self) -> bool {
            self.0.iter().any(|x| x.to_bits() != 0)
        }
        /// `a > b ? a : b` per lane (for counts: never NaN).
        #[inline(always)]
        pub fn max(self, o: F4) -> F4 {
            zip(self, o, |a, b| if a > b { a } else { b })
        }
        /// `a < b ? a : b` per lane (not for NaN).
        #[inline(always)]
        pub fn min(self, o: F4) -> F4 {
            zip(self, o, |a, b| if a < b { a } else { b })
        }
        /// Lanes `[2, 3, 0, 1]`.
        #[inline(always)]
        pub fn swap_halves(self) -> F4 {
            F4([self.0[2], self.0[3], self.0[0], self.0[1]])
        }
        /// Lanes `[1, 0, 3, 2]`.
        #[inline(always)]
        pub fn swap_pairs(self) -> F4 {
            F4([self.0[1], self.0[0], self.0[3], self.0[2]])
        }
        #[inline(always)]
        pub fn first(self) -> f32 {
            self.0[0]
        }
        #[inline(always)]
        pub fn le(self, o: F4) -> F4 {
            zip(self, o, |a, b| mask(a <= b))
        }
        #[inline(always)]
        pub fn ge(self, o: F4) -> F4 {
            zip(self, o, |a, b| mask(a >= b))
        }
        #[inline(always)]
        pub fn all(self) -> bool {
            self.0.iter().all(|x| x.to_bits() != 0)
        }
        #[inline(always)]
        pub fn eq(self, o: F4) -> F4 {
            zip(self, o, |a, b| mask(a == b))
        }
        #[inline(always)]
        pub fn from_array(a: [f32; 4]) -> F4 {
            F4(a)
        }
        /// `|x|` per lane (the sign bit cleared).
        #[inline(always)]
        pub fn abs(self) -> F4 {
            map(self, f32::abs)
        }
        /// Each lane truncated towards zero (lanes known to be in `0..2³¹`).
        #[inline(always)]
        pub fn trunc_u32(self) -> [u32; 4] {
            self.0.map(|v| v as u32)
        }
        #[inline(always)]
        pub unsafe fn store(self, p: *mut f32) {
            core::ptr::write_unaligned(p as *mut [f32; 4], self.0)
        }
    }

    impl I4 {
        #[inline(always)]
        pub fn splat(x: i32) -> I4 {
            I4([x; 4])
        }
        #[inline(always)]
        pub fn iota(x: i32) -> I4 {
            I4([x, x + 1, x + 2, x + 3])
        }
        #[inline(always)]
        pub fn lt_and_ne(self, o: I4, not: I4) -> F4 {
            F4([0, 1, 2, 3].map(|k| mask(self.0[k] < o.0[k] && self.0[k] != not.0[k])))
        }
        #[inline(always)]
        pub fn count(self, m: F4) -> I4 {
            I4([0, 1, 2, 3].map(|k| self.0[k].wrapping_sub(m.0[k].to_bits() as i32)))
        }
        #[inline(always)]
        pub fn to_f4(self) -> F4 {
            F4(self.0.map(|v| v as f32))
        }
    }

    impl core::ops::Add for F4 {
        type Output = F4;
        #[inline(always)]
        fn add(self, o: F4) -> F4 {
            zip(self, o, |a, b| a + b)
        }
    }
    impl core::ops::Sub for F4 {
        type Output = F4;
        #[inline(always)]
        fn sub(self, o: F4) -> F4 {
            zip(self, o, |a, b| a - b)
        }
    }
    impl core::ops::Mul for F4 {
        type Output = F4;
        #[inline(always)]
        fn mul(self, o: F4) -> F4 {
            zip(self, o, |a, b| a * b)
        }
    }
    impl core::ops::Div for F4 {
        type Output = F4;
        #[inline(always)]
        fn div(self, o: F4) -> F4 {
            zip(self, o, |a, b| a / b)
        }
    }
    impl core::ops::BitAnd for F4 {
        type Output = F4;
        #[inline(always)]
        fn bitand(self, o: F4) -> F4 {
            zip(self, o, |a, b| f32::from_bits(a.to_bits() & b.to_bits()))
        }
    }
}

pub use imp::{F4, I4};

impl I4 {
    #[inline(always)]
    pub fn zero() -> I4 {
        I4::splat(0)
    }
}

impl F4 {
    /// The smallest lane (not for NaN).
    #[inline(always)]
    pub fn min_lane(self) -> f32 {
        let m = self.min(self.swap_halves());
        m.min(m.swap_pairs()).first()
    }
    /// The largest lane (not for NaN).
    #[inline(always)]
    pub fn max_lane(self) -> f32 {
        let m = self.max(self.swap_halves());
        m.max(m.swap_pairs()).first()
    }
    /// `((l0 + l1) + (l2 + l3))`.
    #[inline(always)]
    pub fn sum(self) -> f32 {
        let a = self.to_array();
        (a[0] + a[1]) + (a[2] + a[3])
    }
}
