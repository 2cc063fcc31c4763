//! BLS Verify, AggregateVerify and FastAggregateVerify on bls12-381 in one native call each
//! (draft-irtf-cfrg-bls-signature-05 Sec. 2.6-2.9, 3.3.4), and validated public keys.
//!
//! CoreVerify / CoreAggregateVerify (Sec. 2.7, 2.9) as one multi-pairing tested against 1:
//!
//! * min-pk (keys in G1, signatures in G2): prod_i e(PK_i, H(m_i)) * e(-g1, sig) = 1,
//! * min-sig (keys in G2, signatures in G1): prod_i e(H(m_i), PK_i) * e(sig, -g2) = 1,
//!
//! with one multi-Miller loop (the squarings shared by the pairs) and one final
//! exponentiation. [`PublicKey`] is a key that passed KeyValidate (Sec. 2.5: decodes, is not the
//! identity, lies in the order-r subgroup); only [`PublicKey::from_bytes`] makes one, so the
//! verifiers that take keys do not decode or check them again: FastAggregateVerify over such
//! keys is one sum of points and one Verify. [`Signature`] is the same for a signature (decodes,
//! lies in the subgroup; the identity allowed, Sec. 2.9 step 2): a verifier given one
//! ([`SigInput::Valid`]) neither decodes nor subgroup-checks it again. Public data only, variable
//! time.
use rayon::prelude::*;

use crate::curve::prime::bls12_381::{Bls12381G1, Bls12381G2, G1, G2};
use crate::curve::prime::group::PrimeGroup;
use crate::curve::prime::{Affine, Jacobian};
use crate::error::{Error, Result};
use crate::field::fp::{Bls12381P, Fp12};
use crate::pairing::ate;

/// Where the keys are: min-pk (keys in G1, signatures in G2) or min-sig (the reverse).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Keys in G1 (48 bytes), signatures in G2 (96 bytes).
    MinPk,
    /// Keys in G2 (96 bytes), signatures in G1 (48 bytes).
    MinSig,
}

/// A pair of the optimal ate pairing on bls12-381, (G1 point, G2 point) as affine coordinates.
pub type Pair = (ate::G1Affine<Bls12381P, 6>, ate::G2Affine<Bls12381P, 6>);

/// The pair of two finite points.
pub fn pair_of(a: &G1, b: &G2) -> Pair {
    ((a.x, a.y), (b.x, b.y))
}

/// The group of the keys of a variant (G1: min-pk, G2: min-sig) and, as `Sig`, the group of its
/// signatures and message hashes: the verifiers are written once over it.
pub trait KeyGroup: PrimeGroup {
    /// The other group: signatures and H(m).
    type Sig: PrimeGroup;
    /// e(a, b) in the pairing's argument order: (a, b) for min-pk, (b, a) for min-sig, where
    /// `a` is in the key group and `b` in the signature group.
    fn orient(a: &Affine<Self::F>, b: &Affine<<Self::Sig as PrimeGroup>::F>) -> (G1, G2);
    /// The point of a validated key of this group; None for a key of the other group.
    fn key_point(k: &PublicKey) -> Option<Affine<Self::F>>;
    /// The point of a validated signature of the signature group; None for one of the other group.
    fn sig_point(s: &Signature) -> Option<Affine<<Self::Sig as PrimeGroup>::F>>;
}

impl KeyGroup for Bls12381G1 {
    type Sig = Bls12381G2;
    fn orient(a: &G1, b: &G2) -> (G1, G2) {
        (*a, *b)
    }
    fn key_point(k: &PublicKey) -> Option<G1> {
        match k {
            PublicKey::G1(p) => Some(*p),
            PublicKey::G2(_) => None,
        }
    }
    fn sig_point(s: &Signature) -> Option<G2> {
        match s {
            Signature::G2(q) => Some(*q),
            Signature::G1(_) => None,
        }
    }
}

impl KeyGroup for Bls12381G2 {
    type Sig = Bls12381G1;
    fn orient(a: &G2, b: &G1) -> (G1, G2) {
        (*b, *a)
    }
    fn key_point(k: &PublicKey) -> Option<G2> {
        match k {
            PublicKey::G2(q) => Some(*q),
            PublicKey::G1(_) => None,
        }
    }
    fn sig_point(s: &Signature) -> Option<G1> {
        match s {
            Signature::G1(p) => Some(*p),
            Signature::G2(_) => None,
        }
    }
}

/// A public key that passed KeyValidate: a finite point of the order-r subgroup of G1 (min-pk)
/// or G2 (min-sig).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PublicKey {
    /// A min-pk key.
    G1(G1),
    /// A min-sig key.
    G2(G2),
}

impl PublicKey {
    /// KeyValidate of `data` for `variant` (compressed or uncompressed ZCash encoding): the
    /// decoder's errors (`WrongLength`, `InvalidEncoding`, `NotOnCurve`), `NotInSubgroup`, and
    /// `PointAtInfinity` for the identity.
    pub fn from_bytes(variant: Variant, data: &[u8]) -> Result<PublicKey> {
        let k = match variant {
            Variant::MinPk => PublicKey::G1(Bls12381G1::from_bytes(data, true)?),
            Variant::MinSig => PublicKey::G2(Bls12381G2::from_bytes(data, true)?),
        };
        if k.is_identity() {
            return Err(Error::PointAtInfinity);
        }
        Ok(k)
    }

    fn is_identity(&self) -> bool {
        match self {
            PublicKey::G1(p) => p.infinity,
            PublicKey::G2(q) => q.infinity,
        }
    }

    /// The variant whose keys live in this key's group.
    pub fn variant(&self) -> Variant {
        match self {
            PublicKey::G1(_) => Variant::MinPk,
            PublicKey::G2(_) => Variant::MinSig,
        }
    }

    /// The ZCash encoding (48 / 96 bytes compressed, twice that uncompressed).
    pub fn to_bytes(&self, compressed: bool) -> Vec<u8> {
        match self {
            PublicKey::G1(p) => Bls12381G1::to_bytes(p, compressed),
            PublicKey::G2(q) => Bls12381G2::to_bytes(q, compressed),
        }
    }
}

/// A signature that decoded to a point of the order-r subgroup of G2 (min-pk) or G1 (min-sig):
/// the draft's signature_subgroup_check done once (Sec. 2.9 step 2; the identity is such a point
/// and is kept, the verifiers decide on it as they do from bytes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Signature {
    /// A min-sig signature.
    G1(G1),
    /// A min-pk signature.
    G2(G2),
}

impl Signature {
    /// The decoding of `data` (compressed or uncompressed ZCash encoding) in the signature group
    /// of `variant`, with the subgroup check: the decoder's errors and `NotInSubgroup`.
    pub fn from_bytes(variant: Variant, data: &[u8]) -> Result<Signature> {
        Ok(match variant {
            Variant::MinPk => Signature::G2(Bls12381G2::from_bytes(data, true)?),
            Variant::MinSig => Signature::G1(Bls12381G1::from_bytes(data, true)?),
        })
    }

    /// The variant whose signatures live in this signature's group.
    pub fn variant(&self) -> Variant {
        match self {
            Signature::G2(_) => Variant::MinPk,
            Signature::G1(_) => Variant::MinSig,
        }
    }

    /// The ZCash encoding (96 / 48 bytes compressed, twice that uncompressed).
    pub fn to_bytes(&self, compressed: bool) -> Vec<u8> {
        match self {
            Signature::G1(p) => Bls12381G1::to_bytes(p, compressed),
            Signature::G2(q) => Bls12381G2::to_bytes(q, compressed),
        }
    }
}

/// A verifier's signature argument: bytes, decoded and subgroup-checked by the call (a bad
/// encoding is the verdict false), or a [`Signature`] validated when it was made (used as it is;
/// one of the other variant is `InvalidArgument`).
#[derive(Clone, Copy, Debug)]
pub enum SigInput<'a> {
    /// A signature's encoding.
    Bytes(&'a [u8]),
    /// A validated signature.
    Valid(&'a Signature),
}

impl<'a> From<&'a [u8]> for SigInput<'a> {
    fn from(b: &'a [u8]) -> Self {
        SigInput::Bytes(b)
    }
}

impl<'a> From<&'a Vec<u8>> for SigInput<'a> {
    fn from(b: &'a Vec<u8>) -> Self {
        SigInput::Bytes(b)
    }
}

impl<'a> From<&'a Signature> for SigInput<'a> {
    fn from(s: &'a Signature) -> Self {
        SigInput::Valid(s)
    }
}

/// The signature's point in K's signature group: Ok(None) for bytes that do not decode to a
/// subgroup point (the verdict false), `InvalidArgument` for a [`Signature`] of the other variant.
fn sig_point<K: KeyGroup>(sig: SigInput<'_>) -> Result<Option<Affine<<K::Sig as PrimeGroup>::F>>> {
    match sig {
        SigInput::Bytes(b) => Ok(K::Sig::from_bytes(b, true).ok()),
        SigInput::Valid(s) => K::sig_point(s).map(Some).ok_or_else(|| {
            Error::InvalidArgument(
                "a signature of the other variant (min-pk signatures are in G2, min-sig in G1)"
                    .into(),
            )
        }),
    }
}

/// The keys' points when every key belongs to K, else `InvalidArgument`.
fn points<K: KeyGroup>(pks: &[PublicKey]) -> Result<Vec<Affine<K::F>>> {
    pks.iter()
        .map(|k| K::key_point(k).ok_or_else(wrong_group))
        .collect()
}

fn wrong_group() -> Error {
    Error::InvalidArgument(
        "a public key of the other variant (min-pk keys are in G1, min-sig keys in G2)".into(),
    )
}

fn check_dst(dst: &[u8]) -> Result<()> {
    if dst.is_empty() {
        return Err(Error::InvalidEncoding(
            "the domain separation tag must not be empty (RFC 9380 Sec. 3.1)".into(),
        ));
    }
    Ok(())
}

/// Whether prod_i e(keys_i, hs_i) * e(-g, sig) = 1 (in the pairing order of K) for validated
/// keys, hashes and a signature of the subgroup: one multi-Miller loop of n + 1 pairs (n when
/// the signature is the identity: e(-g, O) = 1, its pair left out), one final exponentiation.
fn product_is_one<K: KeyGroup>(
    keys: &[Affine<K::F>],
    hs: &[Affine<<K::Sig as PrimeGroup>::F>],
    sig: &Affine<<K::Sig as PrimeGroup>::F>,
) -> Result<bool> {
    let mut pairs = Vec::with_capacity(keys.len() + 1);
    for (k, h) in keys.iter().zip(hs) {
        if h.infinity {
            return Ok(false); // H(m) = O: negligible probability; e(PK, O) = 1 proves nothing
        }
        let (a, b) = K::orient(k, h);
        pairs.push(pair_of(&a, &b));
    }
    if !sig.infinity {
        let (a, b) = K::orient(&K::generator().neg(), sig);
        pairs.push(pair_of(&a, &b));
    }
    let f = ate::multi_miller_loop::<Bls12381P, 6>(&pairs);
    if f.is_zero() {
        return Ok(false);
    }
    Ok(ate::final_exponentiation::<Bls12381P, 6>(&f)? == Fp12::ONE)
}

/// CoreAggregateVerify over validated keys, `sig` the signature's bytes. False for a signature
/// that does not decode to a point of the subgroup, for no keys and for counts that differ. The
/// identity signature is a point of the subgroup and is checked as any other (draft-05 Sec. 2.9
/// steps 1-3 ask only signature_subgroup_check): with one key it never verifies (e(PK, H(m))
/// != 1 for points of order r), but n >= 2 keys can pair to 1, e.g. [PK, -PK] on one message
/// (pop AggregateVerify: VALID, as in the draft and py_ecc). Several
/// messages are hashed on the rayon pool; one message (Verify, FastAggregateVerify) stays on
/// the calling thread: handing a job to the pool and back costs two thread wake-ups, which on a
/// loaded machine took milliseconds (measured: Verify 1.5 ms on the caller, 7 ms with
/// `rayon::join` of the hash and the decoding, load average 10 on 2 cores).
fn core_aggregate<K: KeyGroup>(
    keys: &[Affine<K::F>],
    msgs: &[&[u8]],
    sig: SigInput<'_>,
    dst: &[u8],
) -> Result<bool> {
    check_dst(dst)?;
    let s = match sig_point::<K>(sig)? {
        Some(s) => s,
        None => return Ok(false),
    };
    if keys.is_empty() || keys.len() != msgs.len() {
        return Ok(false);
    }
    let hash = |m: &&[u8]| K::Sig::hash_to_curve(m, dst);
    let hs: Vec<_> = if msgs.len() > 1 {
        msgs.par_iter().map(hash).collect::<Result<_>>()?
    } else {
        msgs.iter().map(hash).collect::<Result<_>>()?
    };
    product_is_one::<K>(keys, &hs, &s)
}

/// Verify from bytes with keys in K, on the calling thread: KeyValidate, the signature's
/// decoding, the hash, then [`product_is_one`].
fn verify_in<K: KeyGroup>(pk: &[u8], msg: &[u8], sig: &[u8], dst: &[u8]) -> Result<bool> {
    match K::from_bytes(pk, true) {
        Ok(k) if !k.infinity => core_aggregate::<K>(&[k], &[msg], SigInput::Bytes(sig), dst),
        _ => Ok(false),
    }
}

/// The sum of the keys (FastAggregateVerify's aggregate key): mixed additions on the calling
/// thread (1,000 keys take about a quarter of one Verify; see [`core_aggregate`] on the pool).
fn sum_keys<G: PrimeGroup>(keys: &[Affine<G::F>]) -> Affine<G::F> {
    let c = &G::CURVE;
    let sum = keys
        .iter()
        .fold(Jacobian::identity(), |acc, p| c.add_mixed_vartime(&acc, p));
    c.to_affine_vartime(&sum)
}

/// Verify (Sec. 2.7 CoreVerify) from bytes: false for a key that fails KeyValidate, a
/// signature that does not decode to a subgroup point, and the identity signature (one valid
/// key never pairs to 1 with H(m)); `msg` as signed (the aug
/// scheme's PK || m formed by the caller). Errors: `InvalidEncoding` for an empty DST.
pub fn verify(variant: Variant, pk: &[u8], msg: &[u8], sig: &[u8], dst: &[u8]) -> Result<bool> {
    check_dst(dst)?;
    match variant {
        Variant::MinPk => verify_in::<Bls12381G1>(pk, msg, sig, dst),
        Variant::MinSig => verify_in::<Bls12381G2>(pk, msg, sig, dst),
    }
}

/// CoreAggregateVerify (Sec. 2.9) over validated keys, one message each (the scheme's rules on
/// the messages, e.g. basic's distinctness, are the caller's); the signature as bytes or a
/// validated [`Signature`]. False for no keys, a count of messages other than the keys', or a
/// bad signature; `InvalidArgument` for a key or signature of the other variant,
/// `InvalidEncoding` for an empty DST.
pub fn aggregate_verify<'s>(
    variant: Variant,
    pks: &[PublicKey],
    msgs: &[&[u8]],
    sig: impl Into<SigInput<'s>>,
    dst: &[u8],
) -> Result<bool> {
    let sig = sig.into();
    match variant {
        Variant::MinPk => core_aggregate::<Bls12381G1>(&points::<Bls12381G1>(pks)?, msgs, sig, dst),
        Variant::MinSig => {
            core_aggregate::<Bls12381G2>(&points::<Bls12381G2>(pks)?, msgs, sig, dst)
        }
    }
}

/// FastAggregateVerify (Sec. 3.3.4) over validated keys: the keys summed, then CoreVerify of
/// the sum; false for no keys and for keys summing to the identity (KeyValidate of the
/// aggregate fails). Errors as [`aggregate_verify`].
pub fn fast_aggregate_verify<'s>(
    variant: Variant,
    pks: &[PublicKey],
    msg: &[u8],
    sig: impl Into<SigInput<'s>>,
    dst: &[u8],
) -> Result<bool> {
    let sig = sig.into();
    check_dst(dst)?;
    if pks.is_empty() {
        return Ok(false);
    }
    match variant {
        Variant::MinPk => fast_in::<Bls12381G1>(pks, msg, sig, dst),
        Variant::MinSig => fast_in::<Bls12381G2>(pks, msg, sig, dst),
    }
}

/// FastAggregateVerify with keys in K: the sum of the keys, then CoreVerify of a finite sum.
fn fast_in<K: KeyGroup>(
    pks: &[PublicKey],
    msg: &[u8],
    sig: SigInput<'_>,
    dst: &[u8],
) -> Result<bool> {
    let s = sum_keys::<K>(&points::<K>(pks)?);
    Ok(!s.infinity && core_aggregate::<K>(&[s], &[msg], sig, dst)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    const DST_SIG: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";

    fn sk(i: u8) -> Vec<u8> {
        let mut k = vec![0u8; 32];
        k[31] = i;
        k[0] = 0x11;
        k
    }

    #[test]
    fn fast_aggregate_and_verify_min_pk() {
        let msg = b"m";
        let h = Bls12381G2::hash_to_curve(msg, DST).unwrap();
        let mut keys = vec![];
        let mut sig = Jacobian::identity();
        for i in 1..=3 {
            let p = Bls12381G1::mul(&Bls12381G1::generator(), &sk(i));
            let s = Bls12381G2::mul(&h, &sk(i));
            sig = Bls12381G2::CURVE.add_mixed_vartime(&sig, &s);
            keys.push(
                PublicKey::from_bytes(Variant::MinPk, &Bls12381G1::to_bytes(&p, true)).unwrap(),
            );
        }
        let sig = Bls12381G2::to_bytes(&Bls12381G2::CURVE.to_affine_vartime(&sig), true);
        assert!(fast_aggregate_verify(Variant::MinPk, &keys, msg, &sig, DST).unwrap());
        assert!(!fast_aggregate_verify(Variant::MinPk, &keys[..2], msg, &sig, DST).unwrap());
        assert!(!fast_aggregate_verify(Variant::MinPk, &keys, b"n", &sig, DST).unwrap());
        assert!(!fast_aggregate_verify(Variant::MinPk, &[], msg, &sig, DST).unwrap());
        // one signer: Verify from bytes
        let s1 = Bls12381G2::to_bytes(&Bls12381G2::mul(&h, &sk(1)), true);
        let pk1 = keys[0].to_bytes(true);
        assert!(verify(Variant::MinPk, &pk1, msg, &s1, DST).unwrap());
        assert!(!verify(Variant::MinPk, &pk1, b"n", &s1, DST).unwrap());
        assert!(!verify(Variant::MinPk, &pk1[1..], msg, &s1, DST).unwrap());
        assert!(verify(Variant::MinPk, &pk1, msg, &s1, b"").is_err());
        // a key of the other group is an error, not a verdict
        let g2key = PublicKey::G2(Bls12381G2::generator());
        assert!(aggregate_verify(Variant::MinPk, &[g2key], &[msg], &s1, DST).is_err());
    }

    /// A validated Signature gives the verdicts of its bytes, in both variants; one of the other
    /// variant is an error, not a verdict; the identity signature is kept (a subgroup point).
    #[test]
    fn validated_signature_is_used_as_is() {
        let msg: &[u8] = b"m";
        let h = Bls12381G2::hash_to_curve(msg, DST).unwrap();
        let pk = Bls12381G1::mul(&Bls12381G1::generator(), &sk(5));
        let key = PublicKey::from_bytes(Variant::MinPk, &Bls12381G1::to_bytes(&pk, true)).unwrap();
        let sig = Bls12381G2::to_bytes(&Bls12381G2::mul(&h, &sk(5)), true);
        let s = Signature::from_bytes(Variant::MinPk, &sig).unwrap();
        assert_eq!(s.variant(), Variant::MinPk);
        assert_eq!(s.to_bytes(true), sig);
        assert!(aggregate_verify(Variant::MinPk, &[key], &[msg], &s, DST).unwrap());
        assert!(!aggregate_verify(Variant::MinPk, &[key], &[b"n"], &s, DST).unwrap());
        assert!(fast_aggregate_verify(Variant::MinPk, &[key], msg, &s, DST).unwrap());
        assert!(aggregate_verify(Variant::MinSig, &[key], &[msg], &s, DST).is_err());
        let inf = Bls12381G2::to_bytes(&Affine::identity(), true);
        let si = Signature::from_bytes(Variant::MinPk, &inf).unwrap();
        assert!(!aggregate_verify(Variant::MinPk, &[key], &[msg], &si, DST).unwrap());
        assert!(Signature::from_bytes(Variant::MinPk, &sig[1..]).is_err());
        // min-sig
        let h1 = Bls12381G1::hash_to_curve(msg, DST_SIG).unwrap();
        let pk2 = Bls12381G2::to_bytes(&Bls12381G2::mul(&Bls12381G2::generator(), &sk(9)), true);
        let key2 = PublicKey::from_bytes(Variant::MinSig, &pk2).unwrap();
        let sig1 = Bls12381G1::to_bytes(&Bls12381G1::mul(&h1, &sk(9)), true);
        let s1 = Signature::from_bytes(Variant::MinSig, &sig1).unwrap();
        assert!(aggregate_verify(Variant::MinSig, &[key2], &[msg], &s1, DST_SIG).unwrap());
        assert!(aggregate_verify(Variant::MinSig, &[key2], &[msg], &sig1, DST_SIG).unwrap());
    }

    #[test]
    fn verify_min_sig() {
        let msg = b"min-sig";
        let h = Bls12381G1::hash_to_curve(msg, DST_SIG).unwrap();
        let pk = Bls12381G2::to_bytes(&Bls12381G2::mul(&Bls12381G2::generator(), &sk(7)), true);
        let sig = Bls12381G1::to_bytes(&Bls12381G1::mul(&h, &sk(7)), true);
        assert!(verify(Variant::MinSig, &pk, msg, &sig, DST_SIG).unwrap());
        assert!(!verify(Variant::MinSig, &pk, msg, &sig, DST).unwrap());
        // the identity signature and the identity key are rejected
        let inf_sig = Bls12381G1::to_bytes(&Affine::identity(), true);
        assert!(!verify(Variant::MinSig, &pk, msg, &inf_sig, DST_SIG).unwrap());
        let inf_pk = Bls12381G2::to_bytes(&Affine::identity(), true);
        assert_eq!(
            PublicKey::from_bytes(Variant::MinSig, &inf_pk),
            Err(Error::PointAtInfinity)
        );
    }
    /// Issue 37 item 2: the identity signature is a subgroup point (draft-05 Sec. 2.9); [PK, -PK]
    /// on one message pair to 1, so pop AggregateVerify over them is VALID, as the bytes path and
    /// py_ecc say; Verify and FastAggregateVerify (whose aggregate key is then the identity,
    /// which KeyValidate rejects) stay INVALID. Both variants.
    #[test]
    fn identity_signature_with_opposite_keys() {
        let msg: &[u8] = b"m";
        let pk1 = Bls12381G1::mul(&Bls12381G1::generator(), &sk(3));
        let pk2 = Bls12381G2::mul(&Bls12381G2::generator(), &sk(3));
        let key = |v, b: Vec<u8>| PublicKey::from_bytes(v, &b).unwrap();
        let cases = [
            (
                Variant::MinPk,
                key(Variant::MinPk, Bls12381G1::to_bytes(&pk1, true)),
                key(Variant::MinPk, Bls12381G1::to_bytes(&pk1.neg(), true)),
                Bls12381G2::to_bytes(&Affine::identity(), true),
                DST,
            ),
            (
                Variant::MinSig,
                key(Variant::MinSig, Bls12381G2::to_bytes(&pk2, true)),
                key(Variant::MinSig, Bls12381G2::to_bytes(&pk2.neg(), true)),
                Bls12381G1::to_bytes(&Affine::identity(), true),
                DST_SIG,
            ),
        ];
        for (v, k, nk, inf, dst) in cases {
            let both = [k, nk];
            assert!(aggregate_verify(v, &both, &[msg, msg], &inf, dst).unwrap());
            assert!(!aggregate_verify(v, &both, &[msg, b"n"], &inf, dst).unwrap());
            assert!(!aggregate_verify(v, &[k], &[msg], &inf, dst).unwrap());
            assert!(!fast_aggregate_verify(v, &both, msg, &inf, dst).unwrap());
            assert!(!verify(v, &k.to_bytes(true), msg, &inf, dst).unwrap());
        }
    }
}
