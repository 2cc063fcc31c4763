//! Batch verification of BLS signatures on bls12-381 (draft-irtf-cfrg-bls-signature-05
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

pub use super::bls_verify::Variant;
use super::bls_verify::{pair_of, KeyGroup, Pair};
use crate::curve::prime::bls12_381::{Bls12381G1, Bls12381G2, CURVE_G1};
use crate::curve::prime::group::PrimeGroup;
use crate::curve::prime::{Curve, Jacobian};
use crate::error::{Error, Result};
use crate::field::fp::{Bls12381P, Fp12};
use crate::pairing::ate;

/// The Miller loops of a batch run in chunks of this many pairs (one multi-Miller loop each,
/// sharing its squarings); enough chunks to keep every core busy on large batches.
const PAIRS_PER_CHUNK: usize = 16;

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

/// The share of one triple with keys in K (KeyValidate: not the identity, in the subgroup),
/// the signature in K::Sig (in the subgroup; the identity contributes nothing), H(m) in K::Sig;
/// c scales the pair's G1 member ([c] PK for min-pk, [c] H(m) for min-sig).
fn share<K: KeyGroup>(
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    dst: &[u8],
    c: &[u64],
) -> Result<Share<<K::Sig as PrimeGroup>::F>> {
    let invalid = || Share {
        pair: None,
        sig_term: Jacobian::identity(),
    };
    let (Ok(pk), Ok(sig)) = (K::from_bytes(pk, true), K::Sig::from_bytes(sig, true)) else {
        return Ok(invalid());
    };
    if pk.infinity {
        return Ok(invalid());
    }
    let h = K::Sig::hash_to_curve(msg, dst)?;
    let (a, b) = K::orient(&pk, &h);
    let a = CURVE_G1.to_affine_vartime(&CURVE_G1.mul_vartime(&a, c));
    let sig_term = if sig.infinity {
        Jacobian::identity()
    } else {
        K::Sig::CURVE.mul_vartime(&sig, c)
    };
    // [c] A = O when c = 0 mod r (coefficients of up to 256 bits can be multiples of r) or A =
    // O (H(m) = O: negligible probability); O has no affine coordinates for the Miller loop, and
    // the triple would go unchecked, so the verdict is false. B (PK for min-sig, H(m) for
    // min-pk) likewise.
    Ok(Share {
        pair: (!a.infinity && !b.infinity).then(|| pair_of(&a, &b)),
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

/// The pairs of every triple (None when one is invalid) and the closing pair: the sum of the
/// signature terms paired with -g of the key group K (None when the sum is O).
fn shares_and_closing<K: KeyGroup>(
    pks: &[&[u8]],
    msgs: &[&[u8]],
    sigs: &[&[u8]],
    dst: &[u8],
    cs: &[Vec<u64>],
) -> Result<(Option<Vec<Pair>>, Option<Pair>)>
where
    <K::Sig as PrimeGroup>::F: Send + Sync,
{
    let shares = (0..pks.len())
        .into_par_iter()
        .map(|i| share::<K>(pks[i], msgs[i], sigs[i], dst, &cs[i]))
        .collect::<Result<Vec<_>>>()?;
    let Some(pairs) = shares.iter().map(|s| s.pair).collect::<Option<Vec<_>>>() else {
        return Ok((None, None));
    };
    let curve: &Curve<<K::Sig as PrimeGroup>::F> = &K::Sig::CURVE;
    let sum = shares
        .into_par_iter()
        .map(|s| s.sig_term)
        .reduce(Jacobian::identity, |a, b| curve.add_vartime(&a, &b));
    let s = curve.to_affine_vartime(&sum);
    let closing = (!s.infinity).then(|| {
        let (a, b) = K::orient(&K::generator().neg(), &s);
        pair_of(&a, &b)
    });
    Ok((Some(pairs), closing))
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
    let (pairs, closing) = match variant {
        Variant::MinPk => shares_and_closing::<Bls12381G1>(pks, msgs, sigs, dst, &cs)?,
        Variant::MinSig => shares_and_closing::<Bls12381G2>(pks, msgs, sigs, dst, &cs)?,
    };
    let Some(mut pairs) = pairs else {
        return Ok(false);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::prime::words_to_be_bytes;
    use crate::field::fp::{Bls12381R, FpParams};

    /// (pk, msg, sig) of a valid triple of `variant` under the scheme's DST.
    fn triple(variant: Variant, dst: &[u8]) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let sk = [0x2au8; 32];
        let msg = b"coefficient".to_vec();
        match variant {
            Variant::MinPk => {
                let pk = Bls12381G1::mul(&Bls12381G1::generator(), &sk);
                let h = Bls12381G2::hash_to_curve(&msg, dst).unwrap();
                let sig = Bls12381G2::mul(&h, &sk);
                (
                    Bls12381G1::to_bytes(&pk, true),
                    msg,
                    Bls12381G2::to_bytes(&sig, true),
                )
            }
            Variant::MinSig => {
                let pk = Bls12381G2::mul(&Bls12381G2::generator(), &sk);
                let h = Bls12381G1::hash_to_curve(&msg, dst).unwrap();
                let sig = Bls12381G1::mul(&h, &sk);
                (
                    Bls12381G2::to_bytes(&pk, true),
                    msg,
                    Bls12381G1::to_bytes(&sig, true),
                )
            }
        }
    }

    /// A coefficient c = 0 mod r (allowed: up to 256 bits) leaves [c] A = O, which has no
    /// affine coordinates for the Miller loop: the verdict is false, for both variants; c = r + 1
    /// acts as c = 1.
    #[test]
    fn coefficient_multiple_of_r() {
        let r = words_to_be_bytes(&Bls12381R::MODULUS);
        assert_eq!(r.len(), 32);
        let mut r1 = r.clone();
        r1[31] += 1; // r ends in 0x01
        for v in [Variant::MinPk, Variant::MinSig] {
            let dst = b"BLS_SIG_TEST_DST_NUL_";
            let (pk, msg, sig) = triple(v, dst);
            let run = |c: &[u8]| batch_verify(v, &[&pk], &[&msg], &[&sig], dst, &[c]).unwrap();
            assert!(run(&[1]), "{v:?} c = 1");
            assert!(run(&r1), "{v:?} c = r + 1");
            assert!(!run(&r), "{v:?} c = r");
        }
    }
}
