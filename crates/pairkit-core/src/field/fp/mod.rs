//! GF(p) for a large odd prime p, generic over the limb count N (4, 6 and 8 limbs of u64
//! here): "a generic model, concrete parameters". A parameter type implements [`FpParams`]
//! with only its modulus; every Montgomery constant (R, R^2, R^3 mod p, -p^{-1} mod 2^64, the
//! exponents p - 2, (p + 1)/4, (p - 1)/2) is derived from it by `const fn` at compile time.
//! [`Fp<P, N>`] is an element in Montgomery form a R mod p, R = 2^{64N}, always fully reduced
//! (< p), so equality is limb equality.
//!
//! | operation | algorithm | time |
//! |---|---|---|
//! | add, sub, neg, select, eq | word carry chains, masked conditional subtraction | constant |
//! | mul | CIOS Montgomery (Koc-Acar-Kaliski 1996), or its "no-carry" form when p has a spare top bit (gnark-crypto 2020) | constant |
//! | square | half the cross products + HAC Alg. 14.32 reduction | constant |
//! | inv | Fermat a^{p-2} with a fixed 4-bit window over the public exponent | constant |
//! | inv_vartime | binary extended Euclid (Hankerson-Menezes-Vanstone, Guide to ECC, Alg. 2.22) | variable |
//! | sqrt | a^{(p+1)/4} (p = 3 mod 4) and a constant-time check that it squares to a | constant (the answer, square or not, is revealed) |
//! | from_bytes_be / to_bytes_be | 8N-byte big-endian, typed errors for length and value >= p | constant |
//!
//! Backend: the portable `u128` code in [`arith`] is the reference and the only backend so
//! far (a MULX/ADX path is future work; see the issue-4 report).
//!
//! The towers F_{p^2}, F_{p^6}, F_{p^12} over these fields are [`fp2`], [`fp6`], [`fp12`];
//! the concrete primes (bn254, bls12-381, typea-512 and their group orders) in [`params`].

pub mod arith;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod params;
pub mod sparse;

use crate::error::{Error, Result};
use core::fmt;
use core::marker::PhantomData;

pub use fp12::Fp12;
pub use fp2::Fp2;
pub use fp6::{Fp6, TowerParams};
pub use params::*;

/// A prime field's parameters: the modulus as N little-endian words; all else is derived.
///
/// Requirements (checked at compile time when the constants are used): p odd, p > 3,
/// N <= [`arith::MAX_LIMBS`], and p has no leading zero limb. p is assumed prime (the tests
/// check it with the spec's parameters; `params` cites each value's source).
pub trait FpParams<const N: usize>: 'static + Copy + Send + Sync + fmt::Debug + Eq {
    /// p, little-endian words.
    const MODULUS: [u64; N];
    /// Short name for messages ("bn254 p", ...).
    const NAME: &'static str;

    // -- derived (do not override) -----------------------------------------------------
    /// -p^{-1} mod 2^64.
    const INV: u64 = arith::neg_inv64(Self::MODULUS[0]);
    /// R mod p (the Montgomery form of 1).
    const R: [u64; N] = arith::pow2_mod(64 * N, &Self::MODULUS);
    /// R^2 mod p (to enter Montgomery form).
    const R2: [u64; N] = arith::pow2_mod(128 * N, &Self::MODULUS);
    /// R^3 mod p (corrects the binary inversion, see `inv_vartime`).
    const R3: [u64; N] = arith::pow2_mod(192 * N, &Self::MODULUS);
    /// Whether the no-carry CIOS applies (see `arith::no_carry_ok`).
    const NO_CARRY: bool = arith::no_carry_ok(&Self::MODULUS);
    /// Number of bits of p.
    const BITS: usize = arith::bit_len(&Self::MODULUS);
    /// p - 2 (Fermat inversion exponent).
    const P_MINUS_2: [u64; N] = arith::sub_small(&Self::MODULUS, 2);
    /// (p - 1)/2 (Euler's criterion).
    const P_MINUS_1_HALF: [u64; N] = arith::div_small(&Self::MODULUS, 2);
    /// (p + 1)/4 (square-root exponent when p = 3 mod 4; floor otherwise, unused then).
    /// Computed as (p - 3)/4 + 1 so that it cannot overflow for a full-width p.
    const P_PLUS_1_QUARTER: [u64; N] = arith::add_small(
        &arith::div_small(&arith::sub_small(&Self::MODULUS, 3), 4),
        1,
    );
    /// p mod 4.
    const P_MOD_4: u64 = Self::MODULUS[0] & 3;
    /// Compile-time sanity checks; referenced by `Fp::new_unchecked`'s callers.
    const CHECK: () = {
        assert!(N >= 1 && N <= arith::MAX_LIMBS, "unsupported limb count");
        assert!(Self::MODULUS[0] & 1 == 1, "modulus must be odd");
        assert!(Self::MODULUS[N - 1] != 0, "modulus has a leading zero limb");
    };
}

/// An element of GF(p), in Montgomery form, fully reduced.
#[derive(Clone, Copy)]
pub struct Fp<P: FpParams<N>, const N: usize> {
    m: [u64; N],
    _p: PhantomData<P>,
}

impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// Encoded length in bytes (8N: 32 for bn254, 48 for bls12-381, 64 for typea-512).
    pub const BYTES: usize = 8 * N;

    /// From Montgomery-form words (must be < p; crate-internal).
    #[inline(always)]
    pub(crate) const fn from_mont(m: [u64; N]) -> Self {
        #[allow(clippy::let_unit_value)]
        let _ = P::CHECK;
        Fp { m, _p: PhantomData }
    }

    /// The Montgomery-form words a R mod p.
    #[inline(always)]
    pub const fn mont_limbs(&self) -> &[u64; N] {
        &self.m
    }

    pub const ZERO: Self = Self::from_mont([0u64; N]);
    pub const ONE: Self = Self::from_mont(P::R);

    #[inline(always)]
    pub const fn zero() -> Self {
        Self::ZERO
    }

    #[inline(always)]
    pub const fn one() -> Self {
        Self::ONE
    }

    /// The element with canonical words `a` (little-endian), or None if a >= p.
    pub const fn from_limbs(a: &[u64; N]) -> Option<Self> {
        if arith::geq(a, &P::MODULUS) {
            return None;
        }
        Some(Self::from_mont(Self::mul_raw(a, &P::R2)))
    }

    /// a mod p for a small integer a (a reduction of a < 2^64 by Montgomery multiplication;
    /// correct for every a since a < 2^64 <= R).
    pub const fn from_u64(a: u64) -> Self {
        let mut w = [0u64; N];
        w[0] = a;
        // w R^2 / R = w R mod p, also when w >= p: the general CIOS with a < R, b < p ends
        // with t = (ab + Mp)/R < 2p (Koc et al.), so one conditional subtraction suffices.
        Self::from_mont(arith::mont_mul_cios(&w, &P::R2, &P::MODULUS, P::INV))
    }

    /// The canonical integer as little-endian words.
    pub const fn to_limbs(&self) -> [u64; N] {
        let mut one = [0u64; N];
        one[0] = 1;
        Self::mul_raw(&self.m, &one)
    }

    #[inline(always)]
    const fn mul_raw(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if P::NO_CARRY {
            arith::mont_mul_nocarry(a, b, &P::MODULUS, P::INV)
        } else {
            arith::mont_mul_cios(a, b, &P::MODULUS, P::INV)
        }
    }

    // -- constant-time ring operations -------------------------------------------------

    #[inline(always)]
    pub const fn add(&self, o: &Self) -> Self {
        Self::from_mont(arith::add_mod(&self.m, &o.m, &P::MODULUS))
    }

    #[inline(always)]
    pub const fn sub(&self, o: &Self) -> Self {
        Self::from_mont(arith::sub_mod(&self.m, &o.m, &P::MODULUS))
    }

    #[inline(always)]
    pub const fn neg(&self) -> Self {
        Self::from_mont(arith::neg_mod(&self.m, &P::MODULUS))
    }

    #[inline(always)]
    pub const fn double(&self) -> Self {
        self.add(self)
    }

    /// Montgomery product (CIOS, or no-carry CIOS when `P::NO_CARRY`).
    #[inline(always)]
    pub const fn mul(&self, o: &Self) -> Self {
        Self::from_mont(Self::mul_raw(&self.m, &o.m))
    }

    /// The general CIOS product regardless of `P::NO_CARRY` (a cross-check and a bench id).
    #[inline(always)]
    pub const fn mul_cios(&self, o: &Self) -> Self {
        Self::from_mont(arith::mont_mul_cios(&self.m, &o.m, &P::MODULUS, P::INV))
    }

    /// Dedicated Montgomery squaring.
    #[inline(always)]
    pub const fn square(&self) -> Self {
        Self::from_mont(arith::mont_sqr(&self.m, &P::MODULUS, P::INV))
    }

    /// Multiplication by a small public constant k by double-and-add over the bits of k
    /// (the control flow depends on k only).
    #[inline(always)]
    pub const fn mul_small(&self, k: u64) -> Self {
        if k == 0 {
            return Self::ZERO;
        }
        let mut r = *self;
        let mut i = 63 - k.leading_zeros() as i32 - 1;
        while i >= 0 {
            r = r.double();
            if (k >> i) & 1 == 1 {
                r = r.add(self);
            }
            i -= 1;
        }
        r
    }

    /// Constant-time select: `a` when `choice` is false, `b` when true.
    #[inline(always)]
    pub fn conditional_select(a: &Self, b: &Self, choice: bool) -> Self {
        let m = arith::mask(core::hint::black_box(choice as u64));
        Self::from_mont(arith::select(&a.m, &b.m, m))
    }

    /// Constant-time equality.
    #[inline(always)]
    pub fn ct_eq(&self, o: &Self) -> bool {
        let mut d = 0u64;
        for i in 0..N {
            d |= self.m[i] ^ o.m[i];
        }
        core::hint::black_box(d) == 0
    }

    /// Constant-time zero test.
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.ct_eq(&Self::ZERO)
    }

    /// self^e for a PUBLIC exponent e (little-endian words): left-to-right 4-bit fixed
    /// window (HAC Alg. 14.82 with k = 4). The sequence of operations depends on e only,
    /// so the time is independent of the base; every window multiplies (also by the table
    /// entry 1 for a zero window), and the table index is the public window value.
    pub fn pow(&self, e: &[u64]) -> Self {
        let mut table = [Self::ONE; 16];
        for i in 1..16 {
            table[i] = table[i - 1].mul(self);
        }
        let mut r = Self::ONE;
        for w in e.iter().rev() {
            for k in (0..16).rev() {
                for _ in 0..4 {
                    r = r.square();
                }
                r = r.mul(&table[((w >> (4 * k)) & 15) as usize]);
            }
        }
        r
    }

    /// Multiplicative inverse by Fermat, self^{p-2} (constant time: fixed public exponent).
    /// Returns `Error::DivisionByZero` for 0 (the zero test is the only data-dependent branch,
    /// and it only reveals whether the input was zero).
    pub fn inv(&self) -> Result<Self> {
        let r = self.pow(&P::P_MINUS_2);
        if self.is_zero() {
            Err(Error::DivisionByZero)
        } else {
            Ok(r)
        }
    }

    /// Multiplicative inverse by the binary extended Euclidean algorithm (Hankerson, Menezes,
    /// Vanstone, "Guide to Elliptic Curve Cryptography", Alg. 2.22) on the Montgomery
    /// representative a R: it yields (aR)^{-1} = a^{-1} R^{-1}, and one Montgomery product by
    /// R^3 gives a^{-1} R. VARIABLE TIME: for public data only.
    pub fn inv_vartime(&self) -> Result<Self> {
        if self.is_zero() {
            return Err(Error::DivisionByZero);
        }
        let p = P::MODULUS;
        let mut u = self.m;
        let mut v = p;
        let mut x1 = [0u64; N];
        x1[0] = 1;
        let mut x2 = [0u64; N];
        let is_one = |a: &[u64; N]| a[0] == 1 && a[1..].iter().all(|&w| w == 0);
        // x/2 mod p: (x + p)/2 when x is odd, keeping the carry of x + p as the new top bit.
        let half = |x: &mut [u64; N]| {
            let (s, c) = if x[0] & 1 == 1 {
                arith::add_n(x, &p)
            } else {
                (*x, 0)
            };
            for i in 0..N {
                let hi = if i + 1 < N { s[i + 1] } else { c };
                x[i] = (s[i] >> 1) | (hi << 63);
            }
        };
        let shr1 = |a: &mut [u64; N]| {
            for i in 0..N {
                let hi = if i + 1 < N { a[i + 1] } else { 0 };
                a[i] = (a[i] >> 1) | (hi << 63);
            }
        };
        while !is_one(&u) && !is_one(&v) {
            while u[0] & 1 == 0 {
                shr1(&mut u);
                half(&mut x1);
            }
            while v[0] & 1 == 0 {
                shr1(&mut v);
                half(&mut x2);
            }
            if arith::geq(&u, &v) {
                u = arith::sub_n(&u, &v).0;
                x1 = arith::sub_mod(&x1, &x2, &p);
            } else {
                v = arith::sub_n(&v, &u).0;
                x2 = arith::sub_mod(&x2, &x1, &p);
            }
        }
        let x = if is_one(&u) { x1 } else { x2 };
        Ok(Self::from_mont(Self::mul_raw(&x, &P::R3)))
    }

    /// Euler's criterion self^{(p-1)/2}: 1 for a non-zero square, -1 for a non-square, 0 for 0.
    pub fn legendre(&self) -> i8 {
        let s = self.pow(&P::P_MINUS_1_HALF);
        if s.is_zero() {
            0
        } else if s == Self::ONE {
            1
        } else {
            -1
        }
    }

    /// A square root (p = 3 mod 4): r = self^{(p+1)/4}, returned when r^2 = self (the same root
    /// as the spec's `fp.sqrt`), else None. For p != 3 mod 4 it returns `Error::InvalidField`
    /// (none of pairkit's primes is; Tonelli-Shanks is not needed here).
    pub fn sqrt(&self) -> Result<Option<Self>> {
        if P::P_MOD_4 != 3 {
            return Err(Error::InvalidField(format!(
                "{}: sqrt needs p = 3 mod 4",
                P::NAME
            )));
        }
        let r = self.pow(&P::P_PLUS_1_QUARTER);
        Ok(if r.square().ct_eq(self) {
            Some(r)
        } else {
            None
        })
    }

    /// sgn0 of RFC 9380 Sec. 4.1: the parity of the canonical integer.
    pub fn sgn0(&self) -> bool {
        self.to_limbs()[0] & 1 == 1
    }

    // -- encodings ----------------------------------------------------------------------

    /// The canonical integer, big-endian, 8N bytes.
    pub fn to_bytes_be(&self) -> Vec<u8> {
        let mut out = vec![0u8; Self::BYTES];
        self.write_bytes_be(&mut out);
        out
    }

    /// Writes the canonical integer big-endian into `out` (exactly 8N bytes; panics otherwise).
    pub fn write_bytes_be(&self, out: &mut [u8]) {
        assert_eq!(out.len(), Self::BYTES, "output buffer length");
        let a = self.to_limbs();
        for i in 0..N {
            out[8 * (N - 1 - i)..8 * (N - i)].copy_from_slice(&a[i].to_be_bytes());
        }
    }

    /// Parses 8N big-endian bytes: `Error::WrongLength` for another length,
    /// `Error::InvalidEncoding` for a value >= p (non-canonical). The range check is a
    /// constant-time borrow; only its verdict is branched on.
    pub fn from_bytes_be(bytes: &[u8]) -> Result<Self> {
        if bytes.len() != Self::BYTES {
            return Err(Error::WrongLength {
                expected: Self::BYTES,
                got: bytes.len(),
            });
        }
        let mut a = [0u64; N];
        for i in 0..N {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * (N - 1 - i)..8 * (N - i)]);
            a[i] = u64::from_be_bytes(w);
        }
        let (_, borrow) = arith::sub_n(&a, &P::MODULUS);
        if borrow == 0 {
            return Err(Error::InvalidEncoding(format!(
                "{} element is not < p",
                P::NAME
            )));
        }
        Ok(Self::from_mont(Self::mul_raw(&a, &P::R2)))
    }

    /// A uniformly distributed element (up to a 2^{-64N} bias): a random 2N-word integer
    /// lo + hi 2^{64N} reduced as (lo R^2 + hi R^3) R^{-1} = (lo + hi R) R mod p.
    pub fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self {
        let mut lo = [0u64; N];
        let mut hi = [0u64; N];
        for w in lo.iter_mut().chain(hi.iter_mut()) {
            *w = rng.next_u64();
        }
        let a = Self::from_mont(arith::mont_mul_cios(&lo, &P::R2, &P::MODULUS, P::INV));
        let b = Self::from_mont(arith::mont_mul_cios(&hi, &P::R3, &P::MODULUS, P::INV));
        a.add(&b)
    }
}

// `mont_mul_cios` with an input >= p (the random words above, and `from_u64`) still
// returns a value < p: with a < R, b < p the CIOS invariant t < 2p holds (Koc et al.).

impl<P: FpParams<N>, const N: usize> PartialEq for Fp<P, N> {
    fn eq(&self, o: &Self) -> bool {
        self.ct_eq(o)
    }
}
impl<P: FpParams<N>, const N: usize> Eq for Fp<P, N> {}

impl<P: FpParams<N>, const N: usize> Default for Fp<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Debug for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp(0x")?;
        for b in self.to_bytes_be() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

// Operators are implemented on references (`&a * &b`) and as `op=` forms: a by-value
// `Add for Fp` would shadow the inherent `const fn add(&self, ..)` in method-call syntax.
crate::field::fp::fp2::impl_ops!(Fp, FpParams);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_bn254() {
        // R * R^{-1}: the Montgomery form of 1 maps back to 1; R^2 enters and leaves.
        assert_eq!(FpBn254::ONE.to_limbs(), [1, 0, 0, 0]);
        assert_eq!(FpBn254::from_u64(7).to_limbs(), [7, 0, 0, 0]);
        assert_eq!(Bn254P::MODULUS[0].wrapping_mul(Bn254P::INV), u64::MAX);
    }

    #[test]
    fn no_carry_flags() {
        assert!(Bn254P::NO_CARRY && Bls12381P::NO_CARRY && Bls12381R::NO_CARRY);
        assert!(!TypeA512Q::NO_CARRY, "q has its top bit set");
        assert_eq!(TypeA512Q::BITS, 512);
    }

    #[test]
    fn small_arith_typea() {
        let a = FpTypeA512::from_u64(3);
        let b = FpTypeA512::from_u64(5);
        assert_eq!((&a * &b).to_limbs()[0], 15);
        assert_eq!(&(&a - &b) + &b, a);
        assert_eq!(a.inv().unwrap().mul(&a), FpTypeA512::ONE);
        assert_eq!(a.inv_vartime().unwrap(), a.inv().unwrap());
        assert_eq!(FpTypeA512::ZERO.inv(), Err(Error::DivisionByZero));
    }
}
