//! The parameter traits of the prime curves, and what is written once over them:
//!
//! * [`PrimeGroup`]: one group of points of a set (G1, or G2 on the sextic twist): its curve,
//!   generator, prime order r, encoding and subgroup test. The group law on affine points
//!   ([`PrimeGroup::add`], [`PrimeGroup::double`], [`PrimeGroup::neg`], [`PrimeGroup::mul`]),
//!   the curve check, the r P = O test, the decoders' last two checks ([`PrimeGroup::check`]),
//!   random points and the big-endian order are provided once; a set overrides only what it does
//!   faster or differently (the endomorphism subgroup checks, the encodings, RFC 9380 hashing).
//! * [`PrimeSet`]: a parameter set, its id and its two groups (G2 = G1 for the symmetric
//!   typea-512).
//! * [`Coord`]: a coordinate field of the point formats (F_p or F_{p^2}, the latter imaginary
//!   part first on the wire: EIP-197 and ZCash alike), and the uncompressed x || y format
//!   ([`xy_to_bytes`], [`xy_from_bytes`]) of bn254 (EIP-196/197) and typea-512 (PBC).
//!
//! The implementors are unit structs in the set modules: [`super::bn254::Bn254`] (groups
//! `Bn254G1`, `Bn254G2`), [`super::bls12_381::Bls12381`] (`Bls12381G1`, `Bls12381G2`) and
//! [`super::typea512::TypeA512`] (`TypeA512G1`). Every method is an associated function
//! (no `self`), monomorphised per group: the arithmetic is [`Curve`]'s, as fast as before.
use super::{check_len, random_scalar, words_to_be_bytes, Affine, Curve, Field};
use crate::error::{Error, Result};
use crate::field::fp::{arith, Fp, Fp2, FpParams};

/// A coordinate field of the prime point formats.
pub trait Coord: Field {
    /// Bytes of one encoded element.
    const LEN: usize;
    /// The canonical big-endian bytes as the field layer writes them (F_{p^2}: c0 || c1).
    fn to_be(&self) -> Vec<u8>;
    /// Appends the wire form (F_{p^2}: c1 || c0, the imaginary part first).
    fn put(&self, out: &mut Vec<u8>);
    /// Parses the wire form (exactly `LEN` bytes): `InvalidEncoding` for a coordinate >= p.
    fn get(b: &[u8]) -> Result<Self>;
    /// Whether this is the lexicographically largest of {y, -y} (the ZCash S flag; F_{p^2}:
    /// by c1, by c0 when c1 = 0).
    fn largest(&self) -> bool;
    /// A uniformly random element (tests: random abscissae).
    fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self;
}

/// y > (p - 1)/2.
fn fp_largest<P: FpParams<N>, const N: usize>(y: &Fp<P, N>) -> bool {
    !arith::geq(&P::P_MINUS_1_HALF, &y.to_limbs())
}

impl<P: FpParams<N>, const N: usize> Coord for Fp<P, N> {
    const LEN: usize = 8 * N;
    fn to_be(&self) -> Vec<u8> {
        self.to_bytes_be()
    }
    fn put(&self, out: &mut Vec<u8>) {
        out.extend(self.to_bytes_be());
    }
    fn get(b: &[u8]) -> Result<Self> {
        Fp::from_bytes_be(b)
    }
    fn largest(&self) -> bool {
        fp_largest(self)
    }
    fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self {
        Fp::random(rng)
    }
}

impl<P: FpParams<N>, const N: usize> Coord for Fp2<P, N> {
    const LEN: usize = 16 * N;
    fn to_be(&self) -> Vec<u8> {
        self.to_bytes_be()
    }
    fn put(&self, out: &mut Vec<u8>) {
        out.extend(self.c1.to_bytes_be());
        out.extend(self.c0.to_bytes_be());
    }
    fn get(b: &[u8]) -> Result<Self> {
        let h = 8 * N;
        Ok(Fp2::new(
            Fp::from_bytes_be(&b[h..])?,
            Fp::from_bytes_be(&b[..h])?,
        ))
    }
    fn largest(&self) -> bool {
        if self.c1.is_zero() {
            fp_largest(&self.c0)
        } else {
            fp_largest(&self.c1)
        }
    }
    fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self {
        Fp2::random(rng)
    }
}

/// One group of points of a prime parameter set (see the module docs).
pub trait PrimeGroup: Sized + Send + Sync + 'static {
    /// The coordinate field (F_p, or F_{p^2} on the twist).
    type F: Coord;
    /// The set's id ("bn254") and the group's number (1 or 2).
    const SET_ID: &'static str;
    /// This group's number: 1 (G1) or 2 (G2).
    const GROUP: u8;
    /// The curve (y^2 = x^3 + a x + b over `F`).
    const CURVE: Curve<Self::F>;
    /// The set's generator of this group.
    const GENERATOR: Affine<Self::F>;
    /// The prime group order r, little-endian u64 words.
    const ORDER: &'static [u64];
    /// Whether the encoding has a compressed form (otherwise `compressed` is ignored).
    const HAS_COMPRESSED: bool;

    /// The set's encoding of a point (compressed when asked and the format has one).
    fn to_bytes(p: &Affine<Self::F>, compressed: bool) -> Vec<u8>;
    /// Decoding: `WrongLength`, `InvalidEncoding`, `NotOnCurve`, and `NotInSubgroup` when
    /// `check_subgroup`; the set's encoding of O gives O.
    fn from_bytes(data: &[u8], check_subgroup: bool) -> Result<Affine<Self::F>>;

    /// On the curve and in the order-r subgroup; by default r P = O (sets override it with an
    /// endomorphism check or nothing at all for cofactor 1). Variable time (public points).
    fn in_subgroup(p: &Affine<Self::F>) -> bool {
        Self::in_subgroup_naive(p)
    }
    /// On the curve and r P = O (the reference the fast checks are tested against).
    fn in_subgroup_naive(p: &Affine<Self::F>) -> bool {
        Self::is_on_curve(p) && Self::CURVE.mul_vartime(p, Self::ORDER).is_identity()
    }
    /// RFC 9380 hash_to_curve where the set implements a suite; `UnsupportedAlgorithm`
    /// otherwise.
    fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Result<Affine<Self::F>> {
        let _ = (msg, dst);
        Err(Error::UnsupportedAlgorithm {
            alg: "hash_to_curve".into(),
            reason: format!("no RFC 9380 suite is implemented for {}", Self::SET_ID),
        })
    }

    // -- provided: the group law, written once ----------------------------------------------

    /// The catalogue generator as an affine point.
    fn generator() -> Affine<Self::F> {
        Self::GENERATOR
    }

    /// O, or on the curve.
    fn is_on_curve(p: &Affine<Self::F>) -> bool {
        Self::CURVE.is_on_curve(p)
    }

    /// `NotOnCurve` unless on the curve, then `NotInSubgroup` when `check_subgroup` and not in
    /// the subgroup: the last checks of every decoder.
    fn check(p: Affine<Self::F>, check_subgroup: bool) -> Result<Affine<Self::F>> {
        if !Self::is_on_curve(&p) {
            return Err(Error::NotOnCurve);
        }
        if check_subgroup && !Self::in_subgroup(&p) {
            return Err(Error::NotInSubgroup);
        }
        Ok(p)
    }

    /// P + Q (complete, constant time).
    fn add(p: &Affine<Self::F>, q: &Affine<Self::F>) -> Affine<Self::F> {
        Self::CURVE.add_affine(p, q)
    }

    /// 2P (constant time).
    fn double(p: &Affine<Self::F>) -> Affine<Self::F> {
        let c = &Self::CURVE;
        c.to_affine(&c.double(&p.to_jacobian()))
    }

    /// -P.
    fn neg(p: &Affine<Self::F>) -> Affine<Self::F> {
        p.neg()
    }

    /// [k]P, k big-endian (secret: constant time in k and P).
    fn mul(p: &Affine<Self::F>, k_be: &[u8]) -> Affine<Self::F> {
        let c = &Self::CURVE;
        c.to_affine(&c.mul(p, k_be))
    }

    /// A uniformly random non-zero element: [k] G, k uniform in [1, r).
    fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Affine<Self::F> {
        Self::mul(&Self::GENERATOR, &random_scalar(rng, Self::ORDER))
    }

    /// The group order r as big-endian bytes (8 per word).
    fn order_be() -> Vec<u8> {
        words_to_be_bytes(Self::ORDER)
    }
}

/// A parameter set of the prime family: its id and its groups.
pub trait PrimeSet: Send + Sync + 'static {
    /// The set's id ("bn254", "bls12-381", "typea-512").
    const ID: &'static str;
    /// Whether the pairing is asymmetric (G2 != G1).
    const ASYMMETRIC: bool;
    /// The first argument's group.
    type G1: PrimeGroup;
    /// The second argument's group (the same type as `G1` for a symmetric pairing).
    type G2: PrimeGroup;
}

/// The uncompressed x || y format (wire order of [`Coord`]); O is `2 LEN` bytes `ident`
/// (EIP-196/197: 0x00; PBC Type A: 0xFF, never a valid coordinate).
pub fn xy_to_bytes<F: Coord>(p: &Affine<F>, ident: u8) -> Vec<u8> {
    if p.infinity {
        return vec![ident; 2 * F::LEN];
    }
    let mut v = Vec::with_capacity(2 * F::LEN);
    p.x.put(&mut v);
    p.y.put(&mut v);
    v
}

/// Decodes [`xy_to_bytes`]: `WrongLength`, `InvalidEncoding` (a coordinate >= p), then
/// [`PrimeGroup::check`]; `2 LEN` bytes `ident` are O. (For `ident` = 0 this equals testing
/// x = y = 0 after parsing: the all-zero string parses, and only it parses to (0, 0).)
pub fn xy_from_bytes<G: PrimeGroup>(
    data: &[u8],
    ident: u8,
    check_subgroup: bool,
) -> Result<Affine<G::F>> {
    let n = <G::F as Coord>::LEN;
    check_len(data, 2 * n)?;
    if data.iter().all(|&b| b == ident) {
        return Ok(Affine::identity());
    }
    let p = Affine::new(G::F::get(&data[..n])?, G::F::get(&data[n..])?);
    G::check(p, check_subgroup)
}
