//! The large-characteristic family: `typea-512` (PBC Type A, seed 002; symmetric, both
//! arguments in G1 = E(F_q)[r]) and `bn254`, `bls12-381` (optimal ate; `p` arguments are G1
//! points, `q` arguments G2 points on the sextic twist): one generic engine, [`PrimeEngine`], over
//! a set's [`PrimeSet`] (`curve::prime`) and its base field `Fp<P, N>`.
//!
//! Written once for every set: the point API ([`Points`]: lengths, decoding, encoding, the group
//! law, generators, random points; dispatched on `group` to the set's G1 or G2, G2 = G1 for
//! typea-512), [`Describe`], the F_p operations ([`FieldOps`]) and the bench inputs ([`Bench`]).
//! Per pairing kind: the typed [`Family`] (the pairing functions and GT) and [`PrimeKind`] (the
//! hash to the curve, the preprocessed pairing's timing) -- once, generically, for the optimal
//! ate sets (`P: AteParams<N>`), and once for typea-512.
//!
//! Encodings are those of `curve::prime` (ZCash/IETF for bls12-381, EIP-196/197 for bn254, PBC's
//! x || y for typea-512); a GT element is its F_p coordinates, each 8N bytes big-endian: a || b
//! for a + b i in F_{q^2} (typea-512), the 12 coordinates in `Fp12::coeffs` order otherwise.
//! Every input is validated (length, canonical coordinates, on the curve, in the subgroup,
//! finite) before any pairing; nothing panics on bad input. typea-512 has one algorithm, the
//! canonical pairing itself (`canonical` changes nothing). bn254 and bls12-381 have two
//! (`pairing::ate_final_exp::Variant`): `optimal-ate`, the default, whose GT values are those of
//! blst / zkcrypto / arkworks (bls12-381) and arkworks / mcl (bn254), and `optimal-ate-reduced`,
//! the plain reduced pairing f^{(p^12-1)/r}; `canonical` maps either to the reduced one.
//! `pair_fixed` precomputes the fixed argument's lines where the set can (G2Prepared, G1Prepared).
use std::hint::black_box;
use std::marker::PhantomData;
use std::sync::{Mutex, OnceLock};

use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;

use super::api::{check_group, check_scalar};
use super::bench::{time_runs, Bench};
use super::fieldops::FieldOps;
use super::generic::Family;
use super::points::{Describe, Points};
use crate::curve::prime::group::{Coord, PrimeGroup, PrimeSet};
use crate::curve::prime::typea512::{TypeA512, TypeA512G1};
use crate::curve::prime::{bls12_381, bn254};
use crate::error::{Error, Result};
use crate::field::fp::{self, Fp, Fp12, Fp2, FpParams};
use crate::pairing::ate_params::AteParams;
use crate::pairing::{ate, typea};

/// The operations `Engine::field_op` accepts for these sets (on F_p).
pub const FIELD_OPS_P: [&str; 5] = ["add", "mul", "sqr", "inv", "sqrt"];

/// Scalars (of `point_mul`, `gt_pow`) longer than this are refused.
const MAX_SCALAR_BYTES: usize = 512;

/// The engine of the large-characteristic set `S` over the base field `Fp<P, N>` (see the module
/// docs); a zero-sized value, made by [`PrimeEngine::new`].
pub struct PrimeEngine<S, P, const N: usize>(PhantomData<fn() -> (S, P)>);

impl<S, P, const N: usize> PrimeEngine<S, P, N> {
    /// The engine (it holds nothing: the set's constants are its types').
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<S, P, const N: usize> Default for PrimeEngine<S, P, N> {
    fn default() -> Self {
        Self::new()
    }
}

/// The optimal ate engine of bn254 (EIP-196/197 encodings).
pub type Bn254Engine = PrimeEngine<bn254::Bn254, fp::Bn254P, 4>;
/// The optimal ate engine of bls12-381 (ZCash/IETF encodings, RFC 9380 hashing).
pub type Bls12381Engine = PrimeEngine<bls12_381::Bls12381, fp::Bls12381P, 6>;
/// The PBC Type A engine: the reduced Tate pairing tau_r(P, phi(Q)), phi(x, y) = (-x, i y).
pub type TypeAEngine = PrimeEngine<TypeA512, Q8, 8>;

type Q8 = fp::TypeA512Q;

/// What differs per pairing kind beside [`Family`]: hashing to the curve and the timing of the
/// preprocessed pairing.
pub trait PrimeKind {
    /// Hash to `group` (RFC 9380) where the set defines a suite; the [`Points`] default
    /// (`UnsupportedAlgorithm`) otherwise.
    fn hash(&self, group: u8, msg: &[u8], dst: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// `iters` timings of the preprocessed pairing on the bench inputs.
    fn time_prepared_pairing(&self, iters: usize) -> Result<Vec<f64>>;
}

/// The name of the F_p multiplication backend in use.
fn fp_backend() -> String {
    fp::backend_name().to_string()
}

/// One F_p operation of [`FIELD_OPS_P`].
fn fp_op<P: FpParams<N>, const N: usize>(op: &str, a: &Fp<P, N>, b: &Fp<P, N>) -> Result<Fp<P, N>> {
    Ok(match op {
        "add" => a.add(b),
        "mul" => a.mul(b),
        "sqr" => a.square(),
        "inv" => a.inv()?,
        "sqrt" => a
            .sqrt()?
            .ok_or_else(|| Error::InvalidEncoding("not a square in F_p".into()))?,
        _ => return Err(Error::UnknownOperation(op.to_string())),
    })
}

/// The algorithms of the optimal ate sets, the default first: one per final-exponentiation
/// variant (`pairing::ate_final_exp`).
const ATE_ALGS: [ate::Variant; 2] = [ate::Variant::Interop, ate::Variant::Reduced];

fn unsupported(alg: &str, id: &str) -> Error {
    Error::UnknownAlgorithm(format!(
        "{alg} (valid for {id}: {})",
        if id == "typea-512" {
            "tate".to_string()
        } else {
            ATE_ALGS.map(|v| v.algorithm_id()).join(", ")
        }
    ))
}

/// `alg` must be the set's one algorithm.
fn check_alg(alg: &str, want: &str, id: &str) -> Result<()> {
    if alg == want {
        Ok(())
    } else {
        Err(unsupported(alg, id))
    }
}

/// A GT element for the final exponentiation: zero has none.
fn nonzero<T>(v: T, is_zero: bool) -> Result<T> {
    if is_zero {
        Err(Error::DivisionByZero)
    } else {
        Ok(v)
    }
}

/// Little-endian u64 words -> big-endian hex without leading zeros (the group order r of the
/// set's params, so the engine never restates it).
fn words_hex(w: &[u64]) -> String {
    let s: String = w.iter().rev().map(|x| format!("{x:016x}")).collect();
    let t = s.trim_start_matches('0');
    if t.is_empty() {
        "0".into()
    } else {
        t.into()
    }
}

/// r of the group `G` as [`words_hex`], computed once per set (a `static` in a generic function
/// is one for all its instances, hence the map keyed by the set id).
fn r_hex_of<G: PrimeGroup>() -> &'static str {
    static R: OnceLock<Mutex<Vec<(&'static str, &'static str)>>> = OnceLock::new();
    let mut known = R
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some((_, r)) = known.iter().find(|(id, _)| *id == G::SET_ID) {
        return r;
    }
    let r: &'static str = Box::leak(words_hex(G::ORDER).into_boxed_str());
    known.push((G::SET_ID, r));
    r
}

// -- the point API, written once over PrimeSet ----------------------------------------------------

/// A decoded P or Q as the pairing takes it: valid (subgroup checked) and finite.
fn decode_finite<G: PrimeGroup>(data: &[u8]) -> Result<(G::F, G::F)> {
    let p = G::from_bytes(data, true)?;
    if p.infinity {
        return Err(Error::PointAtInfinity);
    }
    Ok((p.x, p.y))
}

/// A random point of G as the pairing takes it.
fn random_xy<G: PrimeGroup>(rng: &mut StdRng) -> (G::F, G::F) {
    let p = G::random(rng);
    (p.x, p.y)
}

fn point_len<G: PrimeGroup>(compressed: bool) -> usize {
    G::to_bytes(&G::generator(), compressed).len()
}

fn decode_point<G: PrimeGroup>(
    data: &[u8],
    check_subgroup: bool,
) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
    let p = G::from_bytes(data, check_subgroup)?;
    Ok((!p.infinity).then(|| (p.x.to_be(), p.y.to_be())))
}

fn encode_point<G: PrimeGroup>(data: &[u8], compressed: bool) -> Result<Vec<u8>> {
    Ok(G::to_bytes(&G::from_bytes(data, true)?, compressed))
}

fn point_mul<G: PrimeGroup>(p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
    let k = check_scalar(k_be, MAX_SCALAR_BYTES)?;
    Ok(G::to_bytes(
        &G::mul(&G::from_bytes(p, true)?, k),
        compressed,
    ))
}

fn point_add<G: PrimeGroup>(p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
    let s = G::add(&G::from_bytes(p, true)?, &G::from_bytes(q, true)?);
    Ok(G::to_bytes(&s, compressed))
}

fn generator<G: PrimeGroup>() -> Vec<u8> {
    G::to_bytes(&G::generator(), false)
}

fn random_points<G: PrimeGroup>(n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|_| G::to_bytes(&G::random(&mut rng), compressed))
        .collect()
}

fn hash_to_point<G: PrimeGroup>(msg: &[u8], dst: &[u8], compressed: bool) -> Result<Vec<u8>> {
    Ok(G::to_bytes(&G::hash_to_curve(msg, dst)?, compressed))
}

impl<S: PrimeSet, P: FpParams<N>, const N: usize> Describe for PrimeEngine<S, P, N> {
    fn r_hex(&self) -> &'static str {
        r_hex_of::<S::G1>()
    }
    fn backend(&self) -> String {
        fp_backend()
    }
    fn field_len(&self) -> usize {
        8 * N
    }
}

impl<S, P, const N: usize> FieldOps for PrimeEngine<S, P, N>
where
    S: PrimeSet,
    P: FpParams<N>,
    Self: Family,
{
    type Elem = Fp<P, N>;
    const OPS: &'static [&'static str] = &FIELD_OPS_P;
    const BINARY_OPS: &'static [&'static str] = &["add", "mul"];

    fn elem_decode(&self, data: &[u8]) -> Result<Fp<P, N>> {
        Fp::<P, N>::from_bytes_be(data)
    }
    fn elem_bytes(&self, a: &Fp<P, N>) -> Vec<u8> {
        a.to_bytes_be()
    }
    fn elem_zero(&self) -> Fp<P, N> {
        Fp::ZERO
    }
    fn elem_is_zero(&self, a: &Fp<P, N>) -> bool {
        a.is_zero()
    }
    fn apply(&self, op: &str, a: &Fp<P, N>, b: &Fp<P, N>) -> Result<Fp<P, N>> {
        fp_op(op, a, b)
    }
}

/// The point API of every large-characteristic set: `group` 1 is G1, anything else G2 (the
/// facade checks `group` first; G2 = G1 for typea-512, which has one group and is encoded
/// uncompressed only, PBC's x || y: there `group` and `compressed` change nothing).
impl<S, P, const N: usize> Points for PrimeEngine<S, P, N>
where
    S: PrimeSet,
    P: FpParams<N>,
    Self: Family + PrimeKind,
{
    fn asymmetric(&self) -> bool {
        S::ASYMMETRIC
    }
    fn point_len(&self, group: u8, compressed: bool) -> usize {
        if group == 1 {
            point_len::<S::G1>(compressed)
        } else {
            point_len::<S::G2>(compressed)
        }
    }
    fn decode_point(
        &self,
        group: u8,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        if group == 1 {
            decode_point::<S::G1>(data, check_subgroup)
        } else {
            decode_point::<S::G2>(data, check_subgroup)
        }
    }
    fn encode_point(&self, group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
        if group == 1 {
            encode_point::<S::G1>(data, compressed)
        } else {
            encode_point::<S::G2>(data, compressed)
        }
    }
    fn point_mul(&self, group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
        if group == 1 {
            point_mul::<S::G1>(p, k_be, compressed)
        } else {
            point_mul::<S::G2>(p, k_be, compressed)
        }
    }
    fn point_add(&self, group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
        if group == 1 {
            point_add::<S::G1>(p, q, compressed)
        } else {
            point_add::<S::G2>(p, q, compressed)
        }
    }
    fn generator(&self, group: u8) -> Vec<u8> {
        if group == 1 {
            generator::<S::G1>()
        } else {
            generator::<S::G2>()
        }
    }
    fn random_points(&self, group: u8, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>> {
        if group == 1 {
            random_points::<S::G1>(n, seed, compressed)
        } else {
            random_points::<S::G2>(n, seed, compressed)
        }
    }
    fn hash_to_point(
        &self,
        group: u8,
        msg: &[u8],
        dst: &[u8],
        compressed: bool,
    ) -> Result<Vec<u8>> {
        self.hash(group, msg, dst, compressed)
    }
}

/// The timing inputs of every large-characteristic set (deterministic seeds, so runs compare).
impl<S, P, const N: usize> Bench for PrimeEngine<S, P, N>
where
    S: PrimeSet,
    P: FpParams<N>,
    Self: Family<
            P = (<S::G1 as PrimeGroup>::F, <S::G1 as PrimeGroup>::F),
            Q = (<S::G2 as PrimeGroup>::F, <S::G2 as PrimeGroup>::F),
        > + PrimeKind,
{
    fn bench_inputs(&self) -> (Self::P, Self::Q) {
        let mut rng = StdRng::seed_from_u64(0x5eed);
        let p = random_xy::<S::G1>(&mut rng);
        (p, random_xy::<S::G2>(&mut rng))
    }
    fn field_operands(&self) -> (Fp<P, N>, Fp<P, N>) {
        let mut rng = StdRng::seed_from_u64(0xf1e1d);
        (Fp::random(&mut rng), Fp::random(&mut rng))
    }
    /// sqrt needs squares: the chain x -> sqrt(x^2) costs one extra squaring (stated in
    /// BENCHMARKS.md).
    fn field_step(&self, op: &str, x: &Fp<P, N>, b: &Fp<P, N>) -> Result<Fp<P, N>> {
        if op == "sqrt" {
            fp_op(op, &x.square(), b)
        } else {
            fp_op(op, x, b)
        }
    }
    fn multi_inputs(&self, n: usize) -> Option<Vec<(Self::P, Self::Q)>> {
        let mut rng = StdRng::seed_from_u64(0x3a17);
        Some(
            (0..n)
                .map(|_| {
                    let p = random_xy::<S::G1>(&mut rng);
                    (p, random_xy::<S::G2>(&mut rng))
                })
                .collect(),
        )
    }
    fn time_prepared(&self, iters: usize) -> Result<Vec<f64>> {
        self.time_prepared_pairing(iters)
    }
}

// -- the optimal ate sets ------------------------------------------------------------------------

impl<S, P, const N: usize> Family for PrimeEngine<S, P, N>
where
    S: PrimeSet,
    S::G1: PrimeGroup<F = Fp<P, N>>,
    S::G2: PrimeGroup<F = Fp2<P, N>>,
    P: AteParams<N>,
{
    type Alg = ate::Variant;
    type P = ate::G1Affine<P, N>;
    type Q = ate::G2Affine<P, N>;
    type Gt = Fp12<P, N>;
    const SCALAR_MAX_BYTES: Option<usize> = Some(MAX_SCALAR_BYTES);
    const FIXED_DECODED_ONCE: bool = true;

    fn set_id(&self) -> &'static str {
        S::ID
    }
    fn algorithm_ids(&self) -> Vec<&'static str> {
        ATE_ALGS.iter().map(|v| v.algorithm_id()).collect()
    }
    fn default_algorithm_id(&self) -> &'static str {
        ate::Variant::DEFAULT.algorithm_id()
    }
    fn alg(&self, alg: &str) -> Result<ate::Variant> {
        ate::Variant::from_algorithm_id(alg).ok_or_else(|| unsupported(alg, S::ID))
    }
    fn decode_p(&self, data: &[u8]) -> Result<Self::P> {
        decode_finite::<S::G1>(data)
    }
    fn decode_q(&self, data: &[u8]) -> Result<Self::Q> {
        decode_finite::<S::G2>(data)
    }
    fn miller(&self, _a: ate::Variant, p: &Self::P, q: &Self::Q) -> Result<Self::Gt> {
        Ok(ate::multi_miller_loop::<P, N>(&[(*p, *q)]))
    }
    fn final_exp(&self, a: ate::Variant, f: &Self::Gt) -> Result<Self::Gt> {
        ate::final_exponentiation_with::<P, N>(a, nonzero(f, f.is_zero())?)
    }
    fn pairing(&self, a: ate::Variant, p: &Self::P, q: &Self::Q) -> Result<Self::Gt> {
        ate::pair_with::<P, N>(a, p, q)
    }
    /// The canonical value is the plain reduced pairing (`optimal-ate-reduced`).
    fn canonical(&self, a: ate::Variant, v: Self::Gt) -> Self::Gt {
        match a {
            ate::Variant::Interop => ate::to_reduced::<P, N>(&v),
            ate::Variant::Reduced => v,
        }
    }
    fn multi_pairing(&self, a: ate::Variant, pts: &[(Self::P, Self::Q)]) -> Result<Self::Gt> {
        ate::multi_pair_with::<P, N>(a, pts)
    }
    /// A fixed Q in G2: its line coefficients are computed once (G2Prepared).
    fn fixed_q(&self, a: ate::Variant, ps: &[Self::P], q: &Self::Q) -> Result<Vec<Vec<u8>>> {
        let prep = ate::G2Prepared::<P, N>::new(q);
        ps.par_iter()
            .map(|p| Ok(ate::multi_pair_prepared_with::<P, N>(a, &[(*p, &prep)])?.to_bytes_be()))
            .collect()
    }
    fn gt_len(&self) -> usize {
        12 * 8 * N
    }
    fn gt_decode(&self, data: &[u8]) -> Result<Self::Gt> {
        Fp12::<P, N>::from_bytes_be(data)
    }
    fn gt_bytes(&self, v: &Self::Gt) -> Vec<u8> {
        v.to_bytes_be()
    }
    fn gt_mul(&self, a: &Self::Gt, b: &Self::Gt) -> Self::Gt {
        a.mul(b)
    }
    fn gt_one(&self) -> Self::Gt {
        Fp12::<P, N>::ONE
    }
    fn gt_pow(&self, a: &Self::Gt, k_be: &[u8]) -> Self::Gt {
        a.pow_ct(k_be)
    }
}

impl<S, P, const N: usize> PrimeKind for PrimeEngine<S, P, N>
where
    S: PrimeSet,
    S::G1: PrimeGroup<F = Fp<P, N>>,
    S::G2: PrimeGroup<F = Fp2<P, N>>,
    P: AteParams<N>,
{
    fn hash(&self, group: u8, msg: &[u8], dst: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        if group == 1 {
            hash_to_point::<S::G1>(msg, dst, compressed)
        } else {
            hash_to_point::<S::G2>(msg, dst, compressed)
        }
    }
    fn time_prepared_pairing(&self, iters: usize) -> Result<Vec<f64>> {
        let (p, q) = self.bench_inputs();
        let prep = ate::G2Prepared::<P, N>::new(&q);
        Ok(time_runs(iters, || {
            black_box(ate::multi_pair_prepared::<P, N>(&[(p, black_box(&prep))])).ok();
        }))
    }
}

// -- typea-512 -----------------------------------------------------------------------------------

impl Family for TypeAEngine {
    type Alg = ();
    type P = typea::G1Affine;
    type Q = typea::G1Affine;
    type Gt = Fp2<Q8, 8>;
    const SCALAR_MAX_BYTES: Option<usize> = Some(MAX_SCALAR_BYTES);
    const FIXED_DECODED_ONCE: bool = true;

    fn set_id(&self) -> &'static str {
        "typea-512"
    }
    fn algorithm_ids(&self) -> Vec<&'static str> {
        vec!["tate"]
    }
    fn default_algorithm_id(&self) -> &'static str {
        "tate"
    }
    fn alg(&self, alg: &str) -> Result<()> {
        check_alg(alg, "tate", "typea-512")
    }
    /// The curve check only: the subgroup check of P is the Miller loop's (pairing/typea.rs,
    /// "The first argument's subgroup check, free"), or [`Family::check_p`] where no loop runs.
    fn decode_p(&self, data: &[u8]) -> Result<typea::G1Affine> {
        let p = TypeA512G1::from_bytes(data, false)?;
        if p.infinity {
            return Err(Error::PointAtInfinity);
        }
        Ok((p.x, p.y))
    }
    fn check_p(&self, p: &typea::G1Affine) -> Result<()> {
        let a = crate::curve::prime::Affine::new(p.0, p.1);
        if TypeA512G1::in_subgroup(&a) {
            Ok(())
        } else {
            Err(Error::NotInSubgroup)
        }
    }
    fn decode_q(&self, data: &[u8]) -> Result<typea::G1Affine> {
        decode_finite::<TypeA512G1>(data)
    }
    fn miller(&self, _a: (), p: &typea::G1Affine, q: &typea::G1Affine) -> Result<Self::Gt> {
        typea::miller_loop(p, q)
    }
    fn final_exp(&self, _a: (), f: &Self::Gt) -> Result<Self::Gt> {
        typea::final_exponentiation(nonzero(f, f.is_zero())?)
    }
    fn pairing(&self, _a: (), p: &typea::G1Affine, q: &typea::G1Affine) -> Result<Self::Gt> {
        typea::pair(p, q)
    }
    fn multi_pairing(&self, _a: (), pts: &[(Self::P, Self::Q)]) -> Result<Self::Gt> {
        typea::multi_pair(pts)
    }
    /// The first argument fixed: its Miller-loop lines are precomputed once (G1Prepared).
    fn fixed_p(&self, _a: (), p: &Self::P, qs: &[Self::Q]) -> Result<Vec<Vec<u8>>> {
        let prep = typea::G1Prepared::new(p)?;
        qs.par_iter()
            .map(|q| Ok(typea::pair_prepared(&prep, q)?.to_bytes_be()))
            .collect()
    }
    fn gt_len(&self) -> usize {
        128
    }
    fn gt_decode(&self, data: &[u8]) -> Result<Self::Gt> {
        Fp2::<Q8, 8>::from_bytes_be(data)
    }
    fn gt_bytes(&self, v: &Self::Gt) -> Vec<u8> {
        v.to_bytes_be()
    }
    fn gt_mul(&self, a: &Self::Gt, b: &Self::Gt) -> Self::Gt {
        a.mul(b)
    }
    fn gt_one(&self) -> Self::Gt {
        Fp2::<Q8, 8>::ONE
    }
    fn gt_pow(&self, a: &Self::Gt, k_be: &[u8]) -> Self::Gt {
        a.pow_ct(k_be)
    }
}

/// No hashing (the default of [`Points`], whose message it keeps); a fixed first argument's
/// lines precomputed (G1Prepared).
impl PrimeKind for TypeAEngine {
    fn hash(&self, group: u8, msg: &[u8], dst: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let _ = (group, msg, dst, compressed);
        Err(Error::UnsupportedAlgorithm {
            alg: "hash_to_curve".into(),
            reason: format!("no RFC 9380 suite is defined for {}", self.set_id()),
        })
    }
    fn time_prepared_pairing(&self, iters: usize) -> Result<Vec<f64>> {
        let (p, q) = self.bench_inputs();
        let prep = typea::G1Prepared::new(&p)?;
        Ok(time_runs(iters, || {
            black_box(typea::pair_prepared(black_box(&prep), &q)).ok();
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::api::Engine;
    use std::sync::Arc;

    /// r as published (EIP-196, the IETF pairing-friendly-curves draft, PBC a.param), and
    /// e(P, Q)^r = 1 != e(P, Q) through the engine with that r.
    #[test]
    fn r_hex_is_the_published_order_and_kills_gt() {
        for (id, want) in [
            (
                "bn254",
                "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001",
            ),
            (
                "bls12-381",
                "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
            ),
            ("typea-512", "8000000000000800000000000000000000000001"),
        ] {
            let e: Arc<dyn Engine> = match id {
                "bn254" => Arc::new(Bn254Engine::new()),
                "bls12-381" => Arc::new(Bls12381Engine::new()),
                _ => Arc::new(TypeAEngine::new()),
            };
            assert_eq!(e.r_hex(), want, "{id}");
            let p = e.random_points(1, 1, 7, false).unwrap().remove(0);
            let q = e
                .random_points(if e.asymmetric() { 2 } else { 1 }, 1, 8, false)
                .unwrap()
                .remove(0);
            let g = e.pair(e.default_algorithm(), &p, &q, false).unwrap();
            let r: Vec<u8> = (0..want.len() / 2)
                .map(|i| u8::from_str_radix(&want[2 * i..2 * i + 2], 16).unwrap())
                .collect();
            assert_ne!(g, e.gt_one(), "{id}");
            assert_eq!(e.gt_pow(&g, &r).unwrap(), e.gt_one(), "{id}");
        }
    }
}
