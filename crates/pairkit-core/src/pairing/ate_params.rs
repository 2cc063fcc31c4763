//! The parameters of the optimal ate pairings (bn254, bls12-381): [`AteParams`] (u, the family,
//! the twist, b') with the constants derived from them at compile time (the Miller loop's NAF,
//! the final exponentiation's window widths and digits), and the signed-digit helpers they use
//! ([`wnaf`], [`best_window`]). Shared by [`super::ate`] (the Miller loop) and
//! [`super::ate_final_exp`] (the final exponentiation), which import it and not each other's
//! parameters.
use crate::field::fp::{Bls12381P, Bn254P, Fp2, TowerParams};
use crate::params::prime::{BLS12_381, BN254};

/// The pairing-friendly family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Barreto-Naehrig: loop 6u + 2 and two Frobenius lines.
    Bn,
    /// BLS12: loop |u|, conjugation for u < 0.
    Bls12,
}

/// The sextic twist type (how E' maps to E).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twist {
    /// E': y^2 = x^3 + b/xi, psi(x, y) = (x w^2, y w^3).
    D,
    /// E': y^2 = x^3 + b xi, psi(x, y) = (x/w^2, y/w^3).
    M,
}

/// Signed binary digits, least significant first (NAF or width-w NAF).
#[derive(Clone, Copy, Debug)]
pub struct SignedDigits {
    /// The digits (only the first `len` are used).
    pub digits: [i8; 132],
    /// How many digits are used.
    pub len: usize,
}

/// The width-w NAF of e (w >= 2; w = 2 is the NAF): every non-zero digit is odd, |d| < 2^{w-1},
/// and any w consecutive digits hold at most one non-zero (Hankerson, Menezes, Vanstone, Guide
/// to ECC, Alg. 3.35). Compile-time helper for public exponents.
pub const fn wnaf(mut e: u128, w: u32) -> SignedDigits {
    assert!(
        e < 1 << 127 && w >= 2 && w <= 7,
        "wnaf: e < 2^127, 2 <= w <= 7"
    );
    let mut digits = [0i8; 132];
    let mut len = 0;
    let modulus = 1i128 << w;
    while e != 0 {
        let mut d = 0i128;
        if e & 1 == 1 {
            d = (e % (modulus as u128)) as i128;
            if d >= modulus / 2 {
                d -= modulus;
            }
            e = (e as i128 - d) as u128;
        }
        digits[len] = d as i8;
        len += 1;
        e >>= 1;
    }
    SignedDigits { digits, len }
}

/// The width w in 2..=6 minimising the products of a left-to-right width-w NAF
/// exponentiation of e in the cyclotomic subgroup (inversion free): 2^{w-2} - 1 table products
/// (plus one squaring for w > 2) and one product per non-zero digit but the first. Bit length
/// (the squarings) does not depend on w (up to one).
pub const fn best_window(e: u128) -> u32 {
    let mut best = 2;
    let mut best_cost = usize::MAX;
    let mut w = 2;
    while w <= 6 {
        let d = wnaf(e, w);
        let mut nz = 0;
        let mut k = 0;
        while k < d.len {
            if d.digits[k] != 0 {
                nz += 1;
            }
            k += 1;
        }
        let cost = (1usize << (w - 2)) - 1 + (w > 2) as usize + nz - 1;
        if cost < best_cost {
            best_cost = cost;
            best = w;
        }
        w += 1;
    }
    best
}

/// 6u + 2 (BN) or |u| (BLS12).
pub const fn loop_count(u_abs: u64, u_neg: bool, family: Family) -> u128 {
    match family {
        Family::Bn => {
            assert!(!u_neg, "BN loop 6u + 2 implemented for u > 0");
            6 * u_abs as u128 + 2
        }
        Family::Bls12 => u_abs as u128,
    }
}

/// b' of the twist from b and xi (compile time): b/xi = b conj(xi)/N(xi) (D), b xi (M).
pub const fn twist_b<P: TowerParams<N>, const N: usize>(b: u64, twist: Twist) -> Fp2<P, N> {
    let xi = Fp2::<P, N>::from_u64s(P::XI[0], P::XI[1]);
    match twist {
        Twist::M => xi.mul_small_const(b),
        Twist::D => {
            let n = Fp2::<P, N>::from_u64s(P::XI[0] * P::XI[0] + P::XI[1] * P::XI[1], 0);
            let n_inv = n.pow_const(&P::P_MINUS_2); // Fermat in F_p (n is in F_p)
            xi.conj_const().mul_const(&n_inv).mul_small_const(b)
        }
    }
}

/// Parameters of the optimal ate pairing of a BN or BLS12 curve over a sextic tower.
pub trait AteParams<const N: usize>: TowerParams<N> {
    /// |u|, the family parameter's magnitude.
    const U_ABS: u64;
    /// Whether u < 0.
    const U_NEG: bool;
    /// BN or BLS12: which loop and final exponentiation chain apply.
    const FAMILY: Family;
    /// D- or M-type sextic twist.
    const TWIST: Twist;
    /// b' of the twist E': y^2 = x^3 + b'.
    const B_TWIST: Fp2<Self, N>;
    /// c, little-endian words: the `Interop` final exponentiation is the reduced pairing to the
    /// power c (`ate_final_exp` module doc): 3 (BLS12), 2u(6u^2 + 3u + 1) (BN).
    const INTEROP_POWER: [u64; 4];
    /// c^{-1} mod r, little-endian words (maps an `Interop` value back to the reduced one).
    const INTEROP_POWER_INV: [u64; 4];

    // -- derived (do not override) -------------------------------------------------------
    /// 3 b'.
    const THREE_B_TWIST: Fp2<Self, N> = Self::B_TWIST.mul_small_const(3);
    /// NAF of the Miller loop length (6u + 2 or |u|).
    const LOOP_NAF: SignedDigits = wnaf(loop_count(Self::U_ABS, Self::U_NEG, Self::FAMILY), 2);
    /// Window width for the exponentiation by |u| (the cheapest by [`best_window`]).
    const U_W: u32 = best_window(Self::U_ABS as u128);
    /// Width-`U_W` NAF of |u| (exponentiation by u in the final exponentiation).
    const U_NAF: SignedDigits = wnaf(Self::U_ABS as u128, Self::U_W);
    /// (u - 1)^2/3 (the BLS12 hard part's first exponent, eprint 2020/875).
    const BLS12_H: u128 = {
        let u1 = if Self::U_NEG {
            Self::U_ABS as u128 + 1
        } else {
            Self::U_ABS as u128 - 1
        };
        u1 * u1 / 3
    };
    /// Window width and digits for `BLS12_H`.
    const BLS12_H_W: u32 = best_window(Self::BLS12_H);
    /// `BLS12_H` in width-`BLS12_H_W` NAF digits.
    const BLS12_H_NAF: SignedDigits = wnaf(Self::BLS12_H, Self::BLS12_H_W);
}

/// bn254 (EIP-196/197): u = 4965661367192848881 (`params::prime`), E: y^2 = x^3 + 3, D-type twist
/// b' = 3/(9 + i).
impl AteParams<4> for Bn254P {
    const U_ABS: u64 = BN254.ate().u_abs;
    const U_NEG: bool = BN254.ate().u_neg;
    const FAMILY: Family = Family::Bn;
    const TWIST: Twist = Twist::D;
    const B_TWIST: Fp2<Self, 4> = twist_b::<Self, 4>(3, Twist::D);
    // 2u(6u^2 + 3u + 1) and its inverse mod r (values checked by the spec's tests,
    // tests/test_spec_prime_pairing.py, and by GT round trips in tests/pairing_prime.rs)
    const INTEROP_POWER: [u64; 4] = [
        0x2e5d4e223ddedaf4,
        0x1ea96b02d9d9e38d,
        0x3bec47df15e307c8,
        0,
    ];
    const INTEROP_POWER_INV: [u64; 4] = [
        0xb8ca0b2d36636f22,
        0xcc37a73fec2bc5e9,
        0x048b6e193fd84104,
        0x30644e72e131a029,
    ];
}

/// bls12-381: u = -0xd201000000010000 (`params::prime`), E: y^2 = x^3 + 4, M-type twist
/// b' = 4(1 + i).
impl AteParams<6> for Bls12381P {
    const U_ABS: u64 = BLS12_381.ate().u_abs;
    const U_NEG: bool = BLS12_381.ate().u_neg;
    const FAMILY: Family = Family::Bls12;
    const TWIST: Twist = Twist::M;
    const B_TWIST: Fp2<Self, 6> = twist_b::<Self, 6>(4, Twist::M);
    // 3 and 3^{-1} mod r
    const INTEROP_POWER: [u64; 4] = [3, 0, 0, 0];
    const INTEROP_POWER_INV: [u64; 4] = [
        0xaaaaaaaa00000001,
        0xe27e6d5755543d54,
        0xccd13ab0066be558,
        0x4d491a377113a8da,
    ];
}
