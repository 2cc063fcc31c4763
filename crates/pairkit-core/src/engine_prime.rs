//! The byte-level engines of the large-characteristic sets (issue 4): `typea-512` (PBC Type A,
//! seed 002; symmetric, both arguments in G1 = E(F_q)[r]) and `bn254`, `bls12-381` (optimal ate;
//! `p` arguments are G1 points, `q` arguments G2 points on the sextic twist).
//!
//! Encodings are those of `curve::prime` (ZCash/IETF for bls12-381, EIP-196/197 for bn254, PBC's
//! x || y for typea-512); a GT element is its F_p coordinates, each 8N bytes big-endian: a || b
//! for a + b i in F_{q^2} (typea-512), the 12 coordinates in `Fp12::coeffs` order otherwise.
//! Every input is validated (length, canonical coordinates, on the curve, in the subgroup,
//! finite) before any pairing; nothing panics on bad input.
use std::sync::{Arc, OnceLock};

use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;

use crate::curve::prime::{bls12_381, bn254, typea512};
use crate::engine::{
    check_count, check_group, decode_pairs_with2, pair_into_flat, split_flat, time_runs, Engine,
};
use crate::error::{Error, Result};
use crate::field::fp::{self, Fp, Fp12, Fp2, FpParams};
use crate::pairing::{ate, typea};

/// The operations [`Engine::field_op`] accepts for these sets (on F_p).
pub const FIELD_OPS_P: [&str; 5] = ["add", "mul", "sqr", "inv", "sqrt"];

/// The ids this module serves.
pub const PRIME_IDS: [&str; 3] = ["typea-512", "bn254", "bls12-381"];

/// The engine of a large-characteristic id.
pub fn build_prime(id: &str) -> Result<(&'static str, Arc<dyn Engine>)> {
    Ok(match id {
        "typea-512" => ("typea-512", Arc::new(TypeAEngine) as Arc<dyn Engine>),
        "bn254" => ("bn254", Arc::new(Bn254Engine) as Arc<dyn Engine>),
        "bls12-381" => ("bls12-381", Arc::new(Bls12381Engine) as Arc<dyn Engine>),
        _ => return Err(Error::UnknownSet(id.to_string())),
    })
}

/// The name of the F_p multiplication backend in use.
fn fp_backend() -> String {
    #[cfg(target_arch = "x86_64")]
    if fp::x86_64::has_adx() {
        return "mulx-adx".to_string();
    }
    "portable-u128".to_string()
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

fn fp_op_bytes<P: FpParams<N>, const N: usize>(op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
    if !FIELD_OPS_P.contains(&op) {
        return Err(Error::UnknownOperation(op.to_string()));
    }
    let x = Fp::<P, N>::from_bytes_be(a)?;
    let y = if matches!(op, "add" | "mul") {
        Fp::<P, N>::from_bytes_be(b)?
    } else {
        Fp::ZERO
    };
    Ok(fp_op(op, &x, &y)?.to_bytes_be())
}

/// Dependent-chain latency of an F_p operation (each result feeds the next).
fn fp_bench<P: FpParams<N>, const N: usize>(op: &str, iters: usize) -> Result<Vec<f64>> {
    if !FIELD_OPS_P.contains(&op) {
        return Err(Error::UnknownOperation(op.to_string()));
    }
    let mut rng = StdRng::seed_from_u64(0xf1e1d);
    let a = Fp::<P, N>::random(&mut rng);
    let b = Fp::<P, N>::random(&mut rng);
    let mut x = a;
    // sqrt needs squares: chain x -> sqrt(x^2) costs one extra squaring; stated in BENCHMARKS.md
    Ok(time_runs(iters, || {
        let y = if op == "sqrt" {
            fp_op(op, &std::hint::black_box(x).square(), &b)
        } else {
            fp_op(op, std::hint::black_box(&x), &b)
        };
        x = match y {
            Ok(v) if !v.is_zero() => v,
            _ => a,
        };
    }))
}

fn unsupported(alg: &str, id: &str) -> Error {
    Error::UnknownAlgorithm(format!(
        "{alg} (valid for {id}: {})",
        if id == "typea-512" {
            "tate"
        } else {
            "optimal-ate"
        }
    ))
}

fn scalar_or_err(k_be: &[u8]) -> Result<&[u8]> {
    if k_be.len() > 512 {
        return Err(Error::InvalidEncoding(format!(
            "scalar of {} bytes is too long (at most 512)",
            k_be.len()
        )));
    }
    Ok(k_be)
}

macro_rules! hash_impl {
    (bls12_381, $id:literal, $group:ident, $msg:ident, $dst:ident, $compressed:ident) => {
        if $dst.is_empty() {
            // RFC 9380 Sec. 3.1: domain separation tags MUST have nonzero length
            Err(Error::InvalidEncoding(
                "the domain separation tag must not be empty (RFC 9380 Sec. 3.1)".into(),
            ))
        } else if $group == 1 {
            Ok(bls12_381::g1_to_bytes(
                &bls12_381::hash_to_g1($msg, $dst),
                $compressed,
            ))
        } else {
            Ok(bls12_381::g2_to_bytes(
                &bls12_381::hash_to_g2($msg, $dst),
                $compressed,
            ))
        }
    };
    ($m:ident, $id:literal, $group:ident, $msg:ident, $dst:ident, $compressed:ident) => {{
        let _ = ($group, $msg, $dst, $compressed);
        Err(Error::UnsupportedAlgorithm {
            alg: "hash_to_curve".into(),
            reason: format!("no RFC 9380 suite is implemented for {}", $id),
        })
    }};
}

// -- the optimal ate sets ------------------------------------------------------------------------

macro_rules! ate_engine {
    ($name:ident, $id:literal, $m:ident, $P:ty, $N:literal, $R:ty) => {
        /// The optimal ate engine of one BN/BLS set (see the module docs).
        pub struct $name;

        impl $name {
            fn g1(data: &[u8]) -> Result<$m::G1> {
                let p = $m::g1_from_bytes(data, true)?;
                if p.infinity {
                    return Err(Error::PointAtInfinity);
                }
                Ok(p)
            }
            fn g2(data: &[u8]) -> Result<$m::G2> {
                let q = $m::g2_from_bytes(data, true)?;
                if q.infinity {
                    return Err(Error::PointAtInfinity);
                }
                Ok(q)
            }
            #[allow(clippy::type_complexity)]
            fn xy(p: &$m::G1, q: &$m::G2) -> ((Fp<$P, $N>, Fp<$P, $N>), (Fp2<$P, $N>, Fp2<$P, $N>)) {
                ((p.x, p.y), (q.x, q.y))
            }
            fn pair_pts(p: &$m::G1, q: &$m::G2) -> Result<Fp12<$P, $N>> {
                ate::pair::<$P, $N>(&(p.x, p.y), &(q.x, q.y))
            }
            fn gt(data: &[u8]) -> Result<Fp12<$P, $N>> {
                Fp12::<$P, $N>::from_bytes_be(data)
            }
            fn bench_pts() -> ($m::G1, $m::G2) {
                let mut rng = StdRng::seed_from_u64(0x5eed);
                ($m::g1_random(&mut rng), $m::g2_random(&mut rng))
            }
            fn check_alg(&self, alg: &str) -> Result<()> {
                if alg == "optimal-ate" {
                    Ok(())
                } else {
                    Err(unsupported(alg, $id))
                }
            }
        }

        impl Engine for $name {
            fn id(&self) -> &'static str {
                $id
            }
            fn r_hex(&self) -> &'static str {
                static R: OnceLock<String> = OnceLock::new();
                R.get_or_init(|| words_hex(&<$R as FpParams<4>>::MODULUS))
            }
            fn field_ops(&self) -> Vec<&'static str> {
                FIELD_OPS_P.to_vec()
            }
            fn algorithms(&self) -> Vec<&'static str> {
                vec!["optimal-ate"]
            }
            fn default_algorithm(&self) -> &'static str {
                "optimal-ate"
            }
            fn backend(&self) -> String {
                fp_backend()
            }
            fn field_len(&self) -> usize {
                8 * $N
            }
            fn point_len(&self, compressed: bool) -> usize {
                $m::g1_to_bytes(&$m::g1_generator(), compressed).len()
            }
            fn gt_len(&self) -> usize {
                12 * 8 * $N
            }
            fn decode_point(&self, data: &[u8], check_subgroup: bool) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
                self.decode_point_in(1, data, check_subgroup)
            }
            fn encode_point(&self, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
                self.encode_point_in(1, data, compressed)
            }
            fn point_mul(&self, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
                self.point_mul_in(1, p, k_be, compressed)
            }
            fn point_add(&self, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
                self.point_add_in(1, p, q, compressed)
            }
            fn generator(&self) -> Vec<u8> {
                $m::g1_to_bytes(&$m::g1_generator(), false)
            }
            fn random_points(&self, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>> {
                let mut rng = StdRng::seed_from_u64(seed);
                (0..n).map(|_| $m::g1_to_bytes(&$m::g1_random(&mut rng), compressed)).collect()
            }

            fn asymmetric(&self) -> bool {
                true
            }
            fn point_len_in(&self, group: u8, compressed: bool) -> Result<usize> {
                check_group(group)?;
                Ok(if group == 1 {
                    $m::g1_to_bytes(&$m::g1_generator(), compressed).len()
                } else {
                    $m::g2_to_bytes(&$m::g2_generator(), compressed).len()
                })
            }
            fn decode_point_in(&self, group: u8, data: &[u8], check_subgroup: bool) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
                check_group(group)?;
                if group == 1 {
                    let p = $m::g1_from_bytes(data, check_subgroup)?;
                    Ok((!p.infinity).then(|| (p.x.to_bytes_be(), p.y.to_bytes_be())))
                } else {
                    let q = $m::g2_from_bytes(data, check_subgroup)?;
                    Ok((!q.infinity).then(|| (q.x.to_bytes_be(), q.y.to_bytes_be())))
                }
            }
            fn encode_point_in(&self, group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
                check_group(group)?;
                Ok(if group == 1 {
                    $m::g1_to_bytes(&$m::g1_from_bytes(data, true)?, compressed)
                } else {
                    $m::g2_to_bytes(&$m::g2_from_bytes(data, true)?, compressed)
                })
            }
            fn point_mul_in(&self, group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
                check_group(group)?;
                let k = scalar_or_err(k_be)?;
                Ok(if group == 1 {
                    $m::g1_to_bytes(&$m::g1_mul(&$m::g1_from_bytes(p, true)?, k), compressed)
                } else {
                    $m::g2_to_bytes(&$m::g2_mul(&$m::g2_from_bytes(p, true)?, k), compressed)
                })
            }
            fn point_add_in(&self, group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
                check_group(group)?;
                Ok(if group == 1 {
                    let s = $m::g1_add(&$m::g1_from_bytes(p, true)?, &$m::g1_from_bytes(q, true)?);
                    $m::g1_to_bytes(&s, compressed)
                } else {
                    let s = $m::g2_add(&$m::g2_from_bytes(p, true)?, &$m::g2_from_bytes(q, true)?);
                    $m::g2_to_bytes(&s, compressed)
                })
            }
            fn generator_in(&self, group: u8) -> Result<Vec<u8>> {
                check_group(group)?;
                Ok(if group == 1 {
                    $m::g1_to_bytes(&$m::g1_generator(), false)
                } else {
                    $m::g2_to_bytes(&$m::g2_generator(), false)
                })
            }
            fn random_points_in(&self, group: u8, n: usize, seed: u64, compressed: bool) -> Result<Vec<Vec<u8>>> {
                check_group(group)?;
                check_count(n)?;
                if group == 1 {
                    return Ok(self.random_points(n, seed, compressed));
                }
                let mut rng = StdRng::seed_from_u64(seed);
                Ok((0..n).map(|_| $m::g2_to_bytes(&$m::g2_random(&mut rng), compressed)).collect())
            }
            fn hash_to_point(&self, group: u8, msg: &[u8], dst: &[u8], compressed: bool) -> Result<Vec<u8>> {
                check_group(group)?;
                hash_impl!($m, $id, group, msg, dst, compressed)
            }
            fn pair_fixed(&self, alg: &str, fixed: &[u8], fixed_is_p: bool, others: &[&[u8]]) -> Result<Vec<Vec<u8>>> {
                self.check_alg(alg)?;
                if fixed_is_p {
                    let p = Self::g1(fixed)?;
                    let qs = decode_all(others, Self::g2)?;
                    return qs.par_iter().map(|q| Ok(Self::pair_pts(&p, q)?.to_bytes_be())).collect();
                }
                // fixed Q in G2: its line coefficients are computed once (G2Prepared)
                let q = Self::g2(fixed)?;
                let prep = ate::G2Prepared::<$P, $N>::new(&(q.x, q.y));
                let ps = decode_all(others, Self::g1)?;
                ps.par_iter()
                    .map(|p| Ok(ate::multi_pair_prepared::<$P, $N>(&[((p.x, p.y), &prep)])?.to_bytes_be()))
                    .collect()
            }

            fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>> {
                self.check_alg(alg)?;
                let (p, q) = (Self::g1(p)?, Self::g2(q)?);
                Ok(ate::multi_miller_loop::<$P, $N>(&[Self::xy(&p, &q)]).to_bytes_be())
            }
            fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>> {
                self.check_alg(alg)?;
                let f = Self::gt(f)?;
                if f.is_zero() {
                    return Err(Error::DivisionByZero);
                }
                Ok(ate::final_exponentiation::<$P, $N>(&f)?.to_bytes_be())
            }
            fn miller_states(&self, alg: &str, _p: &[u8], _q: &[u8]) -> Result<Vec<Vec<u8>>> {
                Err(Error::UnsupportedAlgorithm {
                    alg: alg.to_string(),
                    reason: format!("per-iteration Miller states are recorded for the small-characteristic sets, not {}", $id),
                })
            }
            fn pair(&self, alg: &str, p: &[u8], q: &[u8], _canonical: bool) -> Result<Vec<u8>> {
                self.check_alg(alg)?;
                Ok(Self::pair_pts(&Self::g1(p)?, &Self::g2(q)?)?.to_bytes_be())
            }
            fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
                self.check_alg(alg)?;
                Ok(Self::gt(v)?.to_bytes_be()) // the optimal ate value is the canonical one
            }
            fn multi_pair(&self, alg: &str, ps: &[&[u8]], qs: &[&[u8]], _canonical: bool) -> Result<Vec<u8>> {
                self.check_alg(alg)?;
                let pts = decode_pairs_with2(ps, qs, Self::g1, Self::g2)?;
                let xy: Vec<_> = pts.iter().map(|(p, q)| Self::xy(p, q)).collect();
                Ok(ate::multi_pair::<$P, $N>(&xy)?.to_bytes_be())
            }
            fn pair_batch(&self, alg: &str, ps: &[&[u8]], qs: &[&[u8]], _canonical: bool) -> Result<Vec<Vec<u8>>> {
                self.check_alg(alg)?;
                let pts = decode_pairs_with2(ps, qs, Self::g1, Self::g2)?;
                pts.par_iter().map(|(p, q)| Ok(Self::pair_pts(p, q)?.to_bytes_be())).collect()
            }
            fn pair_batch_flat(&self, alg: &str, ps: &[u8], p_len: usize, qs: &[u8], q_len: usize, _canonical: bool) -> Result<Vec<u8>> {
                self.check_alg(alg)?;
                let (ps, qs) = split_flat(ps, p_len, qs, q_len)?;
                let pts = decode_pairs_with2(&ps, &qs, Self::g1, Self::g2)?;
                pair_into_flat(&pts, self.gt_len(), |p, q, out| {
                    out.copy_from_slice(&Self::pair_pts(p, q)?.to_bytes_be());
                    Ok(())
                })
            }

            fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
                fp_op_bytes::<$P, $N>(op, a, b)
            }
            fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
                Ok(Self::gt(a)?.mul(&Self::gt(b)?).to_bytes_be())
            }
            fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>> {
                let k = scalar_or_err(k_be)?;
                Ok(Self::gt(a)?.pow(&be_to_words(k)).to_bytes_be())
            }
            fn gt_one(&self) -> Vec<u8> {
                Fp12::<$P, $N>::ONE.to_bytes_be()
            }

            fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>> {
                self.check_alg(alg)?;
                let (p, q) = Self::bench_pts();
                Ok(time_runs(iters, || {
                    std::hint::black_box(Self::pair_pts(std::hint::black_box(&p), &q)).ok();
                }))
            }
            fn bench_pair_prepared(&self, iters: usize) -> Result<Vec<f64>> {
                let (p, q) = Self::bench_pts();
                let prep = ate::G2Prepared::<$P, $N>::new(&(q.x, q.y));
                Ok(time_runs(iters, || {
                    let v = ate::multi_pair_prepared::<$P, $N>(&[((p.x, p.y), std::hint::black_box(&prep))]);
                    std::hint::black_box(v).ok();
                }))
            }
            fn bench_multi_pair(&self, n: usize, iters: usize) -> Result<Vec<f64>> {
                let mut rng = StdRng::seed_from_u64(0x3a17);
                let xy: Vec<_> = (0..n).map(|_| Self::xy(&$m::g1_random(&mut rng), &$m::g2_random(&mut rng))).collect();
                Ok(time_runs(iters, || {
                    std::hint::black_box(ate::multi_pair::<$P, $N>(std::hint::black_box(&xy))).ok();
                }))
            }
            fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>> {
                fp_bench::<$P, $N>(op, iters)
            }
        }
    };
}

/// Decode every input with `dec`; the first bad one is `AtIndex`.
fn decode_all<T: Send>(data: &[&[u8]], dec: impl Fn(&[u8]) -> Result<T> + Sync) -> Result<Vec<T>> {
    data.par_iter()
        .enumerate()
        .map(|(i, d)| {
            dec(d).map_err(|e| Error::AtIndex {
                index: i,
                source: Box::new(e),
            })
        })
        .collect()
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

/// Big-endian bytes -> little-endian u64 words.
fn be_to_words(k: &[u8]) -> Vec<u64> {
    let mut w = vec![0u64; k.len().div_ceil(8).max(1)];
    for (i, &b) in k.iter().rev().enumerate() {
        w[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    w
}

ate_engine!(Bn254Engine, "bn254", bn254, fp::Bn254P, 4, fp::Bn254R);
ate_engine!(
    Bls12381Engine,
    "bls12-381",
    bls12_381,
    fp::Bls12381P,
    6,
    fp::Bls12381R
);

// -- typea-512 -----------------------------------------------------------------------------------

type Q8 = fp::TypeA512Q;

/// The PBC Type A engine: the reduced Tate pairing tau_r(P, phi(Q)), phi(x, y) = (-x, i y).
pub struct TypeAEngine;

impl TypeAEngine {
    fn g(data: &[u8]) -> Result<typea512::G1> {
        let p = typea512::g1_from_bytes(data, true)?;
        if p.infinity {
            return Err(Error::PointAtInfinity);
        }
        Ok(p)
    }
    fn pair_pts(p: &typea512::G1, q: &typea512::G1) -> Result<Fp2<Q8, 8>> {
        typea::pair(&(p.x, p.y), &(q.x, q.y))
    }
    fn gt(data: &[u8]) -> Result<Fp2<Q8, 8>> {
        Fp2::<Q8, 8>::from_bytes_be(data)
    }
    fn check_alg(&self, alg: &str) -> Result<()> {
        if alg == "tate" {
            Ok(())
        } else {
            Err(unsupported(alg, "typea-512"))
        }
    }
    fn bench_pts() -> (typea512::G1, typea512::G1) {
        let mut rng = StdRng::seed_from_u64(0x5eed);
        (typea512::g1_random(&mut rng), typea512::g1_random(&mut rng))
    }
}

impl Engine for TypeAEngine {
    fn id(&self) -> &'static str {
        "typea-512"
    }
    fn r_hex(&self) -> &'static str {
        static R: OnceLock<String> = OnceLock::new();
        R.get_or_init(|| words_hex(&fp::TypeA512R::MODULUS))
    }
    fn field_ops(&self) -> Vec<&'static str> {
        FIELD_OPS_P.to_vec()
    }
    fn algorithms(&self) -> Vec<&'static str> {
        vec!["tate"]
    }
    fn default_algorithm(&self) -> &'static str {
        "tate"
    }
    fn backend(&self) -> String {
        fp_backend()
    }
    fn field_len(&self) -> usize {
        64
    }
    fn point_len(&self, _compressed: bool) -> usize {
        128
    }
    fn gt_len(&self) -> usize {
        128
    }
    fn decode_point(
        &self,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        let p = typea512::g1_from_bytes(data, check_subgroup)?;
        Ok((!p.infinity).then(|| (p.x.to_bytes_be(), p.y.to_bytes_be())))
    }
    fn encode_point(&self, data: &[u8], _compressed: bool) -> Result<Vec<u8>> {
        Ok(typea512::g1_to_bytes(
            &typea512::g1_from_bytes(data, true)?,
            false,
        ))
    }
    fn point_mul(&self, p: &[u8], k_be: &[u8], _compressed: bool) -> Result<Vec<u8>> {
        let k = scalar_or_err(k_be)?;
        Ok(typea512::g1_to_bytes(
            &typea512::g1_mul(&typea512::g1_from_bytes(p, true)?, k),
            false,
        ))
    }
    fn point_add(&self, p: &[u8], q: &[u8], _compressed: bool) -> Result<Vec<u8>> {
        let s = typea512::g1_add(
            &typea512::g1_from_bytes(p, true)?,
            &typea512::g1_from_bytes(q, true)?,
        );
        Ok(typea512::g1_to_bytes(&s, false))
    }
    fn generator(&self) -> Vec<u8> {
        typea512::g1_to_bytes(&typea512::g1_generator(), false)
    }
    fn random_points(&self, n: usize, seed: u64, _compressed: bool) -> Vec<Vec<u8>> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|_| typea512::g1_to_bytes(&typea512::g1_random(&mut rng), false))
            .collect()
    }
    fn pair_fixed(
        &self,
        alg: &str,
        fixed: &[u8],
        fixed_is_p: bool,
        others: &[&[u8]],
    ) -> Result<Vec<Vec<u8>>> {
        self.check_alg(alg)?;
        let f = Self::g(fixed)?;
        let os = decode_all(others, Self::g)?;
        if !fixed_is_p {
            return os
                .par_iter()
                .map(|p| Ok(Self::pair_pts(p, &f)?.to_bytes_be()))
                .collect();
        }
        // the first argument fixed: its Miller-loop lines are precomputed once (G1Prepared)
        let prep = typea::G1Prepared::new(&(f.x, f.y))?;
        os.par_iter()
            .map(|q| Ok(typea::pair_prepared(&prep, &(q.x, q.y))?.to_bytes_be()))
            .collect()
    }

    fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>> {
        self.check_alg(alg)?;
        let (p, q) = (Self::g(p)?, Self::g(q)?);
        Ok(typea::miller_loop(&(p.x, p.y), &(q.x, q.y)).to_bytes_be())
    }
    fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>> {
        self.check_alg(alg)?;
        let f = Self::gt(f)?;
        if f.is_zero() {
            return Err(Error::DivisionByZero);
        }
        Ok(typea::final_exponentiation(&f)?.to_bytes_be())
    }
    fn miller_states(&self, alg: &str, _p: &[u8], _q: &[u8]) -> Result<Vec<Vec<u8>>> {
        Err(Error::UnsupportedAlgorithm {
            alg: alg.to_string(),
            reason: "per-iteration Miller states are recorded for the small-characteristic sets, not typea-512".into(),
        })
    }
    fn pair(&self, alg: &str, p: &[u8], q: &[u8], _canonical: bool) -> Result<Vec<u8>> {
        self.check_alg(alg)?;
        Ok(Self::pair_pts(&Self::g(p)?, &Self::g(q)?)?.to_bytes_be())
    }
    fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
        self.check_alg(alg)?;
        Ok(Self::gt(v)?.to_bytes_be()) // "tate" computes the canonical value itself
    }
    fn multi_pair(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        _canonical: bool,
    ) -> Result<Vec<u8>> {
        self.check_alg(alg)?;
        let pts = decode_pairs_with2(ps, qs, Self::g, Self::g)?;
        let xy: Vec<_> = pts.iter().map(|(p, q)| ((p.x, p.y), (q.x, q.y))).collect();
        Ok(typea::multi_pair(&xy)?.to_bytes_be())
    }
    fn pair_batch(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        _canonical: bool,
    ) -> Result<Vec<Vec<u8>>> {
        self.check_alg(alg)?;
        let pts = decode_pairs_with2(ps, qs, Self::g, Self::g)?;
        pts.par_iter()
            .map(|(p, q)| Ok(Self::pair_pts(p, q)?.to_bytes_be()))
            .collect()
    }
    fn pair_batch_flat(
        &self,
        alg: &str,
        ps: &[u8],
        p_len: usize,
        qs: &[u8],
        q_len: usize,
        _canonical: bool,
    ) -> Result<Vec<u8>> {
        self.check_alg(alg)?;
        let (ps, qs) = split_flat(ps, p_len, qs, q_len)?;
        let pts = decode_pairs_with2(&ps, &qs, Self::g, Self::g)?;
        pair_into_flat(&pts, 128, |p, q, out| {
            out.copy_from_slice(&Self::pair_pts(p, q)?.to_bytes_be());
            Ok(())
        })
    }

    fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        fp_op_bytes::<Q8, 8>(op, a, b)
    }
    fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        Ok(Self::gt(a)?.mul(&Self::gt(b)?).to_bytes_be())
    }
    fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>> {
        let k = scalar_or_err(k_be)?;
        Ok(Self::gt(a)?.pow(&be_to_words(k)).to_bytes_be())
    }
    fn gt_one(&self) -> Vec<u8> {
        Fp2::<Q8, 8>::ONE.to_bytes_be()
    }

    fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>> {
        self.check_alg(alg)?;
        let (p, q) = Self::bench_pts();
        Ok(time_runs(iters, || {
            std::hint::black_box(Self::pair_pts(std::hint::black_box(&p), &q)).ok();
        }))
    }
    fn bench_pair_prepared(&self, iters: usize) -> Result<Vec<f64>> {
        let (p, q) = Self::bench_pts();
        let prep = typea::G1Prepared::new(&(p.x, p.y))?;
        Ok(time_runs(iters, || {
            std::hint::black_box(typea::pair_prepared(
                std::hint::black_box(&prep),
                &(q.x, q.y),
            ))
            .ok();
        }))
    }
    fn bench_multi_pair(&self, n: usize, iters: usize) -> Result<Vec<f64>> {
        let mut rng = StdRng::seed_from_u64(0x3a17);
        let xy: Vec<_> = (0..n)
            .map(|_| {
                let (p, q) = (typea512::g1_random(&mut rng), typea512::g1_random(&mut rng));
                ((p.x, p.y), (q.x, q.y))
            })
            .collect();
        Ok(time_runs(iters, || {
            std::hint::black_box(typea::multi_pair(std::hint::black_box(&xy))).ok();
        }))
    }
    fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>> {
        fp_bench::<Q8, 8>(op, iters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let (_, e) = build_prime(id).unwrap();
            assert_eq!(e.r_hex(), want, "{id}");
            let p = e.random_points_in(1, 1, 7, false).unwrap().remove(0);
            let q = e
                .random_points_in(if e.asymmetric() { 2 } else { 1 }, 1, 8, false)
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
