//! The pairings of seeds 000, 003 and 004 on E_b: y^2 + y = x^3 + x + b over GF(2^m), one file
//! per algorithm, each split into `miller` and its final exponentiation and mirroring
//! `python/pairkit/spec/binary/pairing.py` operation for operation (same per-iteration states).
//!
//! Relation of every output to the canonical reduced Tate pairing
//! tau_r(P, psi(Q)) = f_{r,P}(psi(Q))^{(2^{4m}-1)/r} (derived against the PARI/GP oracle on toy
//! sets of every class of m mod 8 and b; checked on the catalogue sets by the tests):
//!
//! | algorithm | output |
//! |---|---|
//! | `tate-alg1`, `eta-alg2` | tau |
//! | `tate-alg9`, `tate-alg10` | tau^{-1} = tau^{2^{2m}} for b = 0, tau for b = 1 |
//! | `eta-t` (b = 0 only) | tau^{2^m} for m = 3 mod 4, tau for m = 1 mod 4 |
//!
//! [`eta_t_par`]: `eta-t` with its Miller loop split into blocks on several cores (the same
//! output, bit for bit; `Engine::pair_parallel`).
//!
//! [`to_canonical`] undoes these with Frobenius maps (frob^4 = id, frob2^2 = id).
//!
//! Large characteristic, mirroring spec/pairing_ate.py and spec/pairing_typea.py
//! (reduced pairings bit-exact; Miller values differ by factors the final exponentiation
//! kills): [`ate`] (optimal ate of bn254 / bls12-381: projective Miller loop, multi-Miller
//! loop, `G2Prepared`) with [`ate_final_exp`] (both over [`ate_params`]), and [`typea`] (typea-512 Tate pairing,
//! `G1Prepared`, Lucas-sequence final exponentiation).
pub mod ate;
pub mod ate_final_exp;
pub mod ate_params;
pub mod duursma_lee;
pub mod eta_alg2;
pub mod eta_t;
pub mod eta_t_par;
pub mod tate_alg1;
pub mod tate_alg9;
pub mod typea;

use crate::error::{Error, Result};
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::gf2m::{Fe, Gf2m};

/// The pairing algorithms, by their stable ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Seed 000 Alg. 1 + §5.2 final exponentiation.
    TateAlg1,
    /// Seed 004 Alg. 9 (square roots of Q in the loop) + §5 final exponentiation.
    TateAlg9,
    /// Seed 004 Alg. 10 (precomputed square roots) + §5 final exponentiation.
    TateAlg10,
    /// Seed 000 Alg. 2 + Eq. 8 final exponentiation.
    EtaAlg2,
    /// Seed 003 Alg. 1 + Alg. 2 (b = 0 only).
    EtaT,
}

impl Algorithm {
    /// Every binary-field algorithm.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::TateAlg1,
        Algorithm::TateAlg9,
        Algorithm::TateAlg10,
        Algorithm::EtaAlg2,
        Algorithm::EtaT,
    ];

    /// The algorithm's id as the API and the spec name it.
    pub fn id(self) -> &'static str {
        match self {
            Algorithm::TateAlg1 => "tate-alg1",
            Algorithm::TateAlg9 => "tate-alg9",
            Algorithm::TateAlg10 => "tate-alg10",
            Algorithm::EtaAlg2 => "eta-alg2",
            Algorithm::EtaT => "eta-t",
        }
    }

    /// Parse an id; `Err(UnknownAlgorithm)` otherwise.
    pub fn parse(id: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|a| a.id() == id)
            .ok_or_else(|| Error::UnknownAlgorithm(id.to_string()))
    }

    /// Whether the algorithm is defined for the curve constant b.
    pub fn valid_for(self, b: u8) -> bool {
        !(self == Algorithm::EtaT && b != 0)
    }

    /// `Err(UnsupportedAlgorithm)` if not valid for b.
    pub fn check(self, b: u8) -> Result<()> {
        if self.valid_for(b) {
            Ok(())
        } else {
            Err(Error::UnsupportedAlgorithm {
                alg: self.id().to_string(),
                reason: format!("eta-t needs b = 0 (seed 003 Alg. 1), this curve has b = {b}"),
            })
        }
    }

    /// Number of entries [`miller`] records in `states`.
    pub fn iterations(self, m: usize) -> usize {
        match self {
            Algorithm::TateAlg1 | Algorithm::TateAlg9 | Algorithm::TateAlg10 => m,
            Algorithm::EtaAlg2 | Algorithm::EtaT => m.div_ceil(2),
        }
    }
}

/// What the algorithms need to know about the curve.
#[derive(Clone, Copy, Debug)]
pub struct CurveParams {
    /// The curve constant b in {0, 1}.
    pub b: u8,
    /// #E = 2^m + 1 + delta 2^{(m+1)/2}, delta = +-1.
    pub delta: i8,
}

/// The Miller loop of `alg` on finite affine points P, Q (coordinates), recording the
/// accumulator after each iteration in `states` if given.
pub fn miller<const N: usize>(
    alg: Algorithm,
    f: &Gf2m<N>,
    cp: CurveParams,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    states: Option<&mut Vec<Fe4<N>>>,
) -> Result<Fe4<N>> {
    alg.check(cp.b)?;
    Ok(match alg {
        Algorithm::TateAlg1 => tate_alg1::miller(f, cp.b, p, q, states),
        Algorithm::TateAlg9 => tate_alg9::miller(f, p, q, false, states),
        Algorithm::TateAlg10 => tate_alg9::miller(f, p, q, true, states),
        Algorithm::EtaAlg2 => eta_alg2::miller(f, cp.b, p, q, states),
        Algorithm::EtaT => eta_t::miller(f, p, q, states),
    })
}

/// The final exponentiation of `alg`. `Err(DivisionByZero)` for a zero Miller value.
pub fn final_exp<const N: usize>(
    alg: Algorithm,
    f: &Gf2m<N>,
    cp: CurveParams,
    c: &Fe4<N>,
) -> Result<Fe4<N>> {
    alg.check(cp.b)?;
    match alg {
        Algorithm::TateAlg1 => tate_alg1::final_exp_2m(f, c),
        Algorithm::TateAlg9 | Algorithm::TateAlg10 => tate_alg9::final_exp(f, c),
        Algorithm::EtaAlg2 => eta_alg2::final_exp_mt(f, c, cp.delta),
        Algorithm::EtaT => eta_t::final_exp(f, c, cp.delta),
    }
}

/// Miller loop + final exponentiation (the algorithm's own output, see the module table).
pub fn pair<const N: usize>(
    alg: Algorithm,
    f: &Gf2m<N>,
    cp: CurveParams,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
) -> Result<Fe4<N>> {
    let c = miller(alg, f, cp, p, q, None)?;
    final_exp(alg, f, cp, &c)
}

/// Map the output of `alg` to the canonical reduced Tate pairing (module table).
pub fn to_canonical<const N: usize>(
    alg: Algorithm,
    f: &Gf2m<N>,
    cp: CurveParams,
    v: &Fe4<N>,
) -> Fe4<N> {
    match alg {
        Algorithm::TateAlg1 | Algorithm::EtaAlg2 => *v,
        Algorithm::TateAlg9 | Algorithm::TateAlg10 => {
            if cp.b == 0 {
                f4::frob2(v)
            } else {
                *v
            }
        }
        Algorithm::EtaT => {
            if f.m() % 4 == 3 {
                // v = tau^{2^m}: tau = v^{2^{3m}}.
                f4::frob2(&f4::frob(f, v))
            } else {
                *v
            }
        }
    }
}

/// Inverse of [`to_canonical`]: the canonical value as `alg` would output it.
pub fn from_canonical<const N: usize>(
    alg: Algorithm,
    f: &Gf2m<N>,
    cp: CurveParams,
    v: &Fe4<N>,
) -> Fe4<N> {
    match alg {
        Algorithm::EtaT if f.m() % 4 == 3 => f4::frob(f, v),
        _ => to_canonical(alg, f, cp, v), // involutions
    }
}
