//! Batch verification of BLS signatures on bls12-381 (issue 18; draft-irtf-cfrg-bls-signature-05
//! defines Verify, this module verifies many (PK, message, signature) triples at once).
//!
//! The small-exponents test (Bellare, Garay, Rabin, "Fast batch verification for modular
//! exponentiation and digital signatures", EUROCRYPT 1998, Sec. 3.3; applied to pairing
//! equations by Camenisch, Hohenberger, Pedersen, EUROCRYPT 2007, Sec. 3): with public random
//! non-zero coefficients c_i of b bits, accept iff
//!
//! * min-pk (keys in G1, signatures in G2):
//!   prod_i e([c_i] PK_i, H(m_i)) * e(-g1, sum_i [c_i] sig_i) = 1,
//! * min-sig (keys in G2, signatures in G1):
//!   prod_i e([c_i] H(m_i), PK_i) * e(sum_i [c_i] sig_i, -g2) = 1.
//!
//! A batch holding an invalid triple passes with probability at most 2^-(b-1) over the c_i.
//! Everything here handles public data (keys, messages, signatures, coefficients), so it is
//! variable time. The work is spread over the rayon pool: decoding with the subgroup checks,
//! hashing to the curve, the short scalar multiplications, and the Miller loops (one
//! multi-Miller loop per chunk of pairs, their product, one final exponentiation).
use rayon::prelude::*;

use crate::curve::prime::bls12_381::{Bls12381G1, Bls12381G2, CURVE_G1, CURVE_G2, G1, G2};
use crate::curve::prime::group::PrimeGroup;
use crate::curve::prime::{Curve, Field, Jacobian};
use crate::error::{Error, Result};
use crate::field::fp::{Bls12381P, Fp12};
use crate::pairing::ate;

/// Where the keys are: min-pk (keys in G1, signatures in G2) or min-sig (the reverse).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    MinPk,
    MinSig,
}

/// The Miller loops of a batch run in chunks of this many pairs (one multi-Miller loop each,
/// sharing its squarings); enough chunks to keep every core busy on large batches.
const PAIRS_PER_CHUNK: usize = 16;

type Pair = (ate::G1Affine<Bls12381P, 6>, ate::G2Affine<Bls12381P, 6>);

/// One triple's share of the equation: its pair ([c] A, B) and its term [c] sig (Jacobian, in the
/// signature group), or None where a key or signature does not decode to a valid point (the
/// batch's verdict is then false).
struct Share<S> {
    pair: Option<Pair>,
    sig_term: Jacobian<S>,
}

/// A coefficient as little-endian words, from big-endian bytes (1 to 32, not all zero).
fn coefficient(be: &[u8]) -> Result<Vec<u64>> {
    if be.is_empty() || be.len() > 32 {
        return Err(Error::InvalidArgument(format!(
            "a batch coefficient has {} bytes; 1 to 32 are allowed",
            be.len()
        )));
    }
    let mut words = vec![0u64; be.len().div_ceil(8)];
    for (i, &b) in be.iter().rev().enumerate() {
        words[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    if words.iter().all(|&w| w == 0) {
        return Err(Error::InvalidArgument(
            "a batch coefficient is zero (the coefficients must be non-zero)".into(),
        ));
    }
    Ok(words)
}

fn g1_pair(a: &G1, b: &G2) -> Pair {
    ((a.x, a.y), (b.x, b.y))
}

/// [c] P for a finite affine P, as the affine point the pairing takes.
fn scaled<F: Field>(
    curve: &Curve<F>,
    p: &crate::curve::prime::Affine<F>,
    c: &[u64],
) -> crate::curve::prime::Affine<F> {
    curve.to_affine_vartime(&curve.mul_vartime(p, c))
}

/// The share of one min-pk triple: PK in G1 (KeyValidate: not the identity, in the subgroup),
/// sig in G2 (in the subgroup; the identity contributes nothing), H(m) in G2.
fn share_min_pk(
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    dst: &[u8],
    c: &[u64],
) -> Result<Share<crate::field::fp::Fp2<Bls12381P, 6>>> {
    let invalid = || Share {
        pair: None,
        sig_term: Jacobian::identity(),
    };
    let (Ok(pk), Ok(sig)) = (
        Bls12381G1::from_bytes(pk, true),
        Bls12381G2::from_bytes(sig, true),
    ) else {
        return Ok(invalid());
    };
    if pk.infinity {
        return Ok(invalid());
    }
    let h = Bls12381G2::hash_to_curve(msg, dst)?;
    let a = scaled(&CURVE_G1, &pk, c);
    let sig_term = if sig.infinity {
        Jacobian::identity()
    } else {
        CURVE_G2.mul_vartime(&sig, c)
    };
    // [c] PK is finite (c < r is invertible mod r and PK != O); H(m) = O has negligible
    // probability and then only makes the verdict false
    Ok(Share {
        pair: (!h.infinity).then(|| g1_pair(&a, &h)),
        sig_term,
    })
}

/// The share of one min-sig triple: PK in G2, sig in G1, H(m) in G1 (scaled by c).
fn share_min_sig(
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    dst: &[u8],
    c: &[u64],
) -> Result<Share<crate::field::fp::FpBls12381>> {
    let invalid = || Share {
        pair: None,
        sig_term: Jacobian::identity(),
    };
    let (Ok(pk), Ok(sig)) = (
        Bls12381G2::from_bytes(pk, true),
        Bls12381G1::from_bytes(sig, true),
    ) else {
        return Ok(invalid());
    };
    if pk.infinity {
        return Ok(invalid());
    }
    let h = Bls12381G1::hash_to_curve(msg, dst)?;
    let a = scaled(&CURVE_G1, &h, c);
    let sig_term = if sig.infinity {
        Jacobian::identity()
    } else {
        CURVE_G1.mul_vartime(&sig, c)
    };
    Ok(Share {
        pair: (!a.infinity).then(|| g1_pair(&a, &pk)),
        sig_term,
    })
}

/// prod over the pairs of the Miller values, chunk by chunk on the rayon pool.
fn miller_product(pairs: &[Pair]) -> Fp12<Bls12381P, 6> {
    pairs
        .par_chunks(PAIRS_PER_CHUNK)
        .map(ate::multi_miller_loop::<Bls12381P, 6>)
        .reduce(|| Fp12::ONE, |a, b| a.mul(&b))
}

/// The sum of the signature terms, then its pair with -g of the key group.
fn closing_pair<S: Field + Send + Sync>(
    curve: &Curve<S>,
    terms: Vec<Jacobian<S>>,
    make: impl Fn(&crate::curve::prime::Affine<S>) -> Pair,
) -> Option<Pair> {
    let sum = terms
        .into_par_iter()
        .reduce(Jacobian::identity, |a, b| curve.add_vartime(&a, &b));
    let s = curve.to_affine_vartime(&sum);
    (!s.infinity).then(|| make(&s))
}

/// Whether every (pks[i], msgs[i], sigs[i]) verifies (`true` for an empty batch), by the test in
/// the module docs with the coefficients `coeffs` (big-endian, non-zero, at most 32 bytes; the
/// caller draws them uniformly at random). `msgs[i]` is the message as hashed (the aug scheme's
/// PK || m is formed by the caller); `dst` the ciphersuite's DST. A key or signature that does
/// not decode to a valid point gives `false`, never an error. Errors: `BatchMismatch` for lists of
/// different lengths, `InvalidArgument` for a bad coefficient, `InvalidEncoding` for an empty DST.
pub fn batch_verify(
    variant: Variant,
    pks: &[&[u8]],
    msgs: &[&[u8]],
    sigs: &[&[u8]],
    dst: &[u8],
    coeffs: &[&[u8]],
) -> Result<bool> {
    let n = pks.len();
    for len in [msgs.len(), sigs.len(), coeffs.len()] {
        if len != n {
            return Err(Error::BatchMismatch(n, len));
        }
    }
    if dst.is_empty() {
        return Err(Error::InvalidEncoding(
            "the domain separation tag must not be empty (RFC 9380 Sec. 3.1)".into(),
        ));
    }
    let cs = coeffs
        .iter()
        .map(|c| coefficient(c))
        .collect::<Result<Vec<_>>>()?;
    if n == 0 {
        return Ok(true);
    }
    let (mut pairs, closing) = match variant {
        Variant::MinPk => {
            let shares = (0..n)
                .into_par_iter()
                .map(|i| share_min_pk(pks[i], msgs[i], sigs[i], dst, &cs[i]))
                .collect::<Result<Vec<_>>>()?;
            let Some(pairs) = shares.iter().map(|s| s.pair).collect::<Option<Vec<_>>>() else {
                return Ok(false);
            };
            let neg_g1 = Bls12381G1::generator().neg();
            let terms = shares.into_iter().map(|s| s.sig_term).collect();
            (
                pairs,
                closing_pair(&CURVE_G2, terms, |s| g1_pair(&neg_g1, s)),
            )
        }
        Variant::MinSig => {
            let shares = (0..n)
                .into_par_iter()
                .map(|i| share_min_sig(pks[i], msgs[i], sigs[i], dst, &cs[i]))
                .collect::<Result<Vec<_>>>()?;
            let Some(pairs) = shares.iter().map(|s| s.pair).collect::<Option<Vec<_>>>() else {
                return Ok(false);
            };
            let neg_g2 = Bls12381G2::generator().neg();
            let terms = shares.into_iter().map(|s| s.sig_term).collect();
            (
                pairs,
                closing_pair(&CURVE_G1, terms, |s| g1_pair(s, &neg_g2)),
            )
        }
    };
    pairs.extend(closing);
    let f = miller_product(&pairs);
    if f.is_zero() {
        return Ok(false);
    }
    Ok(ate::final_exponentiation::<Bls12381P, 6>(&f)? == Fp12::ONE)
}

/// The sum of n >= 1 points of bls12-381's `group` (1: G1, otherwise G2), each decoded with its
/// subgroup check (the identity allowed), decoded and summed on the rayon pool (BLS Aggregate,
/// and FastAggregateVerify's sum of keys). Errors: `InvalidArgument` for no points; the decoder's
/// error of the lowest bad index as `AtIndex`.
pub fn sum_points(group: u8, pts: &[&[u8]], compressed: bool) -> Result<Vec<u8>> {
    if pts.is_empty() {
        return Err(Error::InvalidArgument(
            "the sum of no points (at least one is needed)".into(),
        ));
    }
    if group == 1 {
        sum_in::<Bls12381G1>(pts, compressed)
    } else {
        sum_in::<Bls12381G2>(pts, compressed)
    }
}

fn sum_in<G: PrimeGroup>(pts: &[&[u8]], compressed: bool) -> Result<Vec<u8>>
where
    G::F: Send + Sync,
{
    let decoded: Vec<Result<_>> = pts.par_iter().map(|p| G::from_bytes(p, true)).collect();
    let mut points = Vec::with_capacity(decoded.len());
    for (index, d) in decoded.into_iter().enumerate() {
        match d {
            Ok(p) => points.push(p),
            Err(e) => {
                return Err(Error::AtIndex {
                    index,
                    source: Box::new(e),
                })
            }
        }
    }
    let curve = G::CURVE;
    let sum = points
        .par_iter()
        .map(|p| p.to_jacobian())
        .reduce(Jacobian::identity, |a, b| curve.add_vartime(&a, &b));
    Ok(G::to_bytes(&curve.to_affine_vartime(&sum), compressed))
}
