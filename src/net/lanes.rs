//! Eight `f32` lanes, the unit of the network's arithmetic (`winograd`): one AVX2 register
//! (`Avx2`), or a plain array for CPUs without AVX2 and FMA (`Portable`). The convolution's
//! code is written once over `Lanes` and compiled for each.

use std::ops::{Add, Mul, Sub};

/// Lanes a `Lanes` holds.
pub(super) const LANES: usize = 8;

/// Eight lanes of `f32`, with lane-wise arithmetic.
pub(super) trait Lanes:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<f32, Output = Self>
{
    fn zero() -> Self;
    /// `x` in every lane.
    fn splat(x: f32) -> Self;
    /// `from[..LANES]`.
    fn load(from: &[f32]) -> Self;
    /// Into `to[..LANES]`.
    fn store(self, to: &mut [f32]);
    /// `self · b + c`, fused where the CPU has it.
    fn mul_add(self, b: Self, c: Self) -> Self;
    /// `max(self, 0)`.
    fn relu(self) -> Self;
}

/// Lanes as an array: what the compiler makes of it on any CPU.
#[derive(Debug, Clone, Copy)]
pub(super) struct Portable([f32; LANES]);

impl Portable {
    #[inline(always)]
    fn map2(self, other: Portable, f: impl Fn(f32, f32) -> f32) -> Portable {
        let mut out = [0.0; LANES];
        for (l, out) in out.iter_mut().enumerate() {
            *out = f(self.0[l], other.0[l]);
        }
        Portable(out)
    }
}

impl Add for Portable {
    type Output = Portable;
    #[inline(always)]
    fn add(self, other: Portable) -> Portable {
        self.map2(other, |a, b| a + b)
    }
}

impl Sub for Portable {
    type Output = Portable;
    #[inline(always)]
    fn sub(self, other: Portable) -> Portable {
        self.map2(other, |a, b| a - b)
    }
}

impl Mul<f32> for Portable {
    type Output = Portable;
    #[inline(always)]
    fn mul(self, k: f32) -> Portable {
        self.map2(self, |a, _| a * k)
    }
}

impl Lanes for Portable {
    #[inline(always)]
    fn zero() -> Portable {
        Portable([0.0; LANES])
    }

    #[inline(always)]
    fn splat(x: f32) -> Portable {
        Portable([x; LANES])
    }

    #[inline(always)]
    fn load(from: &[f32]) -> Portable {
        Portable(from[..LANES].try_into().unwrap())
    }

    #[inline(always)]
    fn store(self, to: &mut [f32]) {
        to[..LANES].copy_from_slice(&self.0);
    }

    /// A multiply, then an add: `f32::mul_add` would be a call into libm without FMA.
    #[inline(always)]
    fn mul_add(self, b: Portable, c: Portable) -> Portable {
        let mut out = [0.0; LANES];
        for (l, out) in out.iter_mut().enumerate() {
            *out = self.0[l] * b.0[l] + c.0[l];
        }
        Portable(out)
    }

    #[inline(always)]
    fn relu(self) -> Portable {
        self.map2(self, |a, _| a.max(0.0))
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) use avx2::Avx2;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Lanes, LANES};
    use std::arch::x86_64::*;
    use std::ops::{Add, Mul, Sub};

    /// Lanes in an AVX2 register. **Contract:** used only inside functions compiled with
    /// `#[target_feature(enable = "avx2,fma")]` that are called after a run-time check that the
    /// CPU has both (`Winograd::apply`): every method inlines there, and the `unsafe` blocks
    /// below rely on it.
    #[derive(Debug, Clone, Copy)]
    pub(in crate::net) struct Avx2(__m256);

    impl Add for Avx2 {
        type Output = Avx2;
        #[inline(always)]
        fn add(self, other: Avx2) -> Avx2 {
            // SAFETY: AVX is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_add_ps(self.0, other.0) })
        }
    }

    impl Sub for Avx2 {
        type Output = Avx2;
        #[inline(always)]
        fn sub(self, other: Avx2) -> Avx2 {
            // SAFETY: AVX is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_sub_ps(self.0, other.0) })
        }
    }

    impl Mul<f32> for Avx2 {
        type Output = Avx2;
        #[inline(always)]
        fn mul(self, k: f32) -> Avx2 {
            // SAFETY: AVX is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_mul_ps(self.0, _mm256_set1_ps(k)) })
        }
    }

    impl Lanes for Avx2 {
        #[inline(always)]
        fn zero() -> Avx2 {
            // SAFETY: AVX is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_setzero_ps() })
        }

        #[inline(always)]
        fn splat(x: f32) -> Avx2 {
            // SAFETY: AVX is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_set1_ps(x) })
        }

        #[inline(always)]
        fn load(from: &[f32]) -> Avx2 {
            let from = &from[..LANES];
            // SAFETY: AVX is present (the contract of `Avx2`); `from` holds 8 floats, and the
            // load takes any alignment.
            Avx2(unsafe { _mm256_loadu_ps(from.as_ptr()) })
        }

        #[inline(always)]
        fn store(self, to: &mut [f32]) {
            let to = &mut to[..LANES];
            // SAFETY: as `load`'s.
            unsafe { _mm256_storeu_ps(to.as_mut_ptr(), self.0) }
        }

        #[inline(always)]
        fn mul_add(self, b: Avx2, c: Avx2) -> Avx2 {
            // SAFETY: FMA is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_fmadd_ps(self.0, b.0, c.0) })
        }

        #[inline(always)]
        fn relu(self) -> Avx2 {
            // SAFETY: AVX is present (the contract of `Avx2`).
            Avx2(unsafe { _mm256_max_ps(self.0, _mm256_setzero_ps()) })
        }
    }
}
