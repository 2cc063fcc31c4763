//! The byte-level point API of a set ([`Points`]) and what describes it ([`Describe`]), and
//! that API written once for the two symmetric small-characteristic families over
//! [`SmallCurve`] (the binary and characteristic-three curves: one group of points, affine
//! points or infinity, a subgroup test, a catalogue generator).
//!
//! `group` arguments arrive checked (1 or 2) except in [`Points::hash_to_point`]; the symmetric
//! families ignore them.
use rand::rngs::StdRng;
use rand::SeedableRng;

use super::generic::Family;
use crate::error::{Error, Result};

/// What `Engine` reports about a set besides its pairing.
pub trait Describe: Send + Sync {
    /// The prime group order r, big-endian hex.
    fn r_hex(&self) -> &'static str;
    /// The base-field multiplication backend in use.
    fn backend(&self) -> String;
    /// Bytes per base-field element.
    fn field_len(&self) -> usize;
}

/// Points on bytes: decoding, encoding, the group law, generators, random points, hashing.
pub trait Points: Family {
    /// Whether the pairing is asymmetric (G1 != G2).
    fn asymmetric(&self) -> bool {
        false
    }
    /// Bytes per encoded point of `group`.
    fn point_len(&self, group: u8, compressed: bool) -> usize;
    /// Decode and validate (infinity allowed: `None`); the coordinates as field-element bytes.
    fn decode_point(
        &self,
        group: u8,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>>;
    /// Re-encode a valid point.
    fn encode_point(&self, group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// k P for a big-endian scalar k.
    fn point_mul(&self, group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// P + Q.
    fn point_add(&self, group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// The generator of `group`, uncompressed.
    fn generator(&self, group: u8) -> Vec<u8>;
    /// `n` random points of order r from `StdRng::seed_from_u64(seed)`.
    fn random_points(&self, group: u8, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>>;
    /// Hash to `group` (RFC 9380) where the set defines a suite (`group` unchecked).
    fn hash_to_point(
        &self,
        group: u8,
        msg: &[u8],
        dst: &[u8],
        compressed: bool,
    ) -> Result<Vec<u8>> {
        let _ = (group, msg, dst, compressed);
        Err(Error::UnsupportedAlgorithm {
            alg: "hash_to_curve".into(),
            reason: format!("no RFC 9380 suite is defined for {}", self.set_id()),
        })
    }
}

/// A symmetric small-characteristic curve with its catalogue data, typed.
pub trait SmallCurve: Family {
    /// A field element (an affine coordinate).
    type Coord: Copy + Send + Sync;
    /// A point: affine or infinity.
    type Pt: Copy;
    /// Bytes per encoded point.
    fn encoded_len(&self, compressed: bool) -> usize;
    /// Decode, on the curve (infinity only when allowed); no subgroup test.
    fn curve_decode(&self, data: &[u8], allow_infinity: bool) -> Result<Self::Pt>;
    /// Encode (all-0xFF for infinity).
    fn curve_encode(&self, p: &Self::Pt, compressed: bool) -> Vec<u8>;
    /// The affine coordinates, `None` for infinity.
    fn xy(&self, p: &Self::Pt) -> Option<(Self::Coord, Self::Coord)>;
    /// A coordinate's bytes.
    fn coord_bytes(&self, c: &Self::Coord) -> Vec<u8>;
    /// P + Q.
    fn curve_add(&self, p: &Self::Pt, q: &Self::Pt) -> Self::Pt;
    /// k P (k little-endian words).
    fn curve_mul(&self, k: &[u64], p: &Self::Pt) -> Self::Pt;
    /// The number of 64-bit limbs of the group order r (a secret scalar's least limb count).
    fn order_limbs(&self) -> usize;
    /// A random point of order r.
    fn curve_random(&self, rng: &mut StdRng) -> Self::Pt;
    /// The catalogue generator.
    fn curve_generator(&self) -> Self::Pt;
    /// Whether P (on the curve) lies in the order-r subgroup.
    fn in_group(&self, p: &Self::Pt) -> bool;
}

/// A secret scalar's limbs for [`SmallCurve::curve_mul`] and the GT exponentiations: padded to
/// r's limb count, never trimmed, so the ladder's length does not depend on k's value.
pub fn secret_limbs<C: SmallCurve>(c: &C, k_be: &[u8]) -> Vec<u64> {
    crate::curve::scalar::from_be_bytes_secret(k_be, c.order_limbs())
}

/// Decode + on-curve (+ subgroup), infinity allowed.
fn decode_any<C: SmallCurve>(c: &C, data: &[u8], check_subgroup: bool) -> Result<C::Pt> {
    let p = c.curve_decode(data, true)?;
    if check_subgroup && !c.in_group(&p) {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}

/// A pairing input: decode, on the curve, finite, in the subgroup.
pub fn decode_finite<C: SmallCurve>(c: &C, data: &[u8]) -> Result<(C::Coord, C::Coord)> {
    let p = c.curve_decode(data, false)?;
    match c.xy(&p) {
        None => Err(Error::PointAtInfinity),
        Some(xy) if c.in_group(&p) => Ok(xy),
        Some(_) => Err(Error::NotInSubgroup),
    }
}

/// Two deterministic random points of order r (seed 0x5eed), the timings' and meters' inputs.
pub fn sample_pair<C: SmallCurve>(c: &C) -> SamplePair<C::Coord> {
    let mut rng = StdRng::seed_from_u64(0x5eed);
    let mut xy = || {
        let p = c.curve_random(&mut rng);
        c.xy(&p).expect("random points are finite")
    };
    (xy(), xy())
}

/// Two affine points.
pub type SamplePair<E> = ((E, E), (E, E));

impl<C: SmallCurve> Points for C {
    fn point_len(&self, _group: u8, compressed: bool) -> usize {
        self.encoded_len(compressed)
    }

    fn decode_point(
        &self,
        _group: u8,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        let p = decode_any(self, data, check_subgroup)?;
        Ok(self
            .xy(&p)
            .map(|(x, y)| (self.coord_bytes(&x), self.coord_bytes(&y))))
    }

    fn encode_point(&self, _group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
        Ok(self.curve_encode(&decode_any(self, data, false)?, compressed))
    }

    fn point_mul(&self, _group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let p = decode_any(self, p, false)?;
        let k = secret_limbs(self, k_be);
        Ok(self.curve_encode(&self.curve_mul(&k, &p), compressed))
    }

    fn point_add(&self, _group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let (p, q) = (decode_any(self, p, false)?, decode_any(self, q, false)?);
        Ok(self.curve_encode(&self.curve_add(&p, &q), compressed))
    }

    fn generator(&self, _group: u8) -> Vec<u8> {
        self.curve_encode(&self.curve_generator(), false)
    }

    fn random_points(&self, _group: u8, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|_| self.curve_encode(&self.curve_random(&mut rng), compressed))
            .collect()
    }
}
