//! The byte-level pairing engine: one object per parameter set, dispatching on
//! N = ceil(m/64) words (1..=20) into the generic [`BinaryEngine`].
//!
//! Encodings (the CLI contract, identical to `spec/ss_binary.py`): a point is x || y (each
//! ceil(m/8) bytes big-endian), or compressed (x with bit m = y_0), or all-0xFF for the point
//! at infinity; a GT element is c0 || c1 || c2 || c3 (basis {1, s, t, st}), each ceil(m/8) bytes.
//!
//! Every entry point validates its input and returns a typed [`Error`]; nothing panics on bad
//! input. Points given to `pair`, `miller_loop`, ... must decode, lie on the curve, be finite
//! and lie in the order-r subgroup ([`SubgroupTest`]: nothing to check when the cofactor is 1;
//! the Frobenius trace sum_j sigma^j(P) = O for b = 0, #E = 5r; r P = O otherwise).
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;

use crate::curve::{scalar, Curve, Point};
use crate::error::{Error, Result};
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::gf2m::{Fe, Gf2m};
use crate::pairing::{self, Algorithm, CurveParams};
use crate::params::{self, SetDesc};

/// (per iteration, whole Miller loop) operation counts.
pub type OpCountPair = (Vec<(&'static str, u64)>, Vec<(&'static str, u64)>);

/// The operations [`Engine::field_op`] and [`Engine::bench_field`] accept (binary sets).
pub const FIELD_OPS: [&str; 7] = ["add", "mul", "sqr", "sqrt", "inv", "half_trace", "trace"];

/// A pairing engine for one parameter set (object safe; see the module docs for encodings).
pub trait Engine: Send + Sync {
    /// The catalogue id.
    fn id(&self) -> &'static str;
    /// The prime group order r, big-endian hex.
    fn r_hex(&self) -> &'static str;
    /// The field operations [`Engine::field_op`] and [`Engine::bench_field`] accept.
    fn field_ops(&self) -> Vec<&'static str>;
    /// Base-field operation counts of `alg`'s Miller loop: (one steady-state iteration -- the
    /// second --, the whole loop), as (kind, count) pairs in the spec trace's kind names.
    fn op_counts(&self, alg: &str) -> Result<OpCountPair> {
        Err(Error::UnsupportedAlgorithm {
            alg: alg.to_string(),
            reason: format!(
                "operation metering is implemented for the characteristic-three sets, not {}",
                self.id()
            ),
        })
    }
    /// Algorithm ids valid for this set.
    fn algorithms(&self) -> Vec<&'static str>;
    /// The fastest valid algorithm (measured with `benches/pairing.rs`).
    fn default_algorithm(&self) -> &'static str;
    /// The GF(2^m) multiplication backend in use ("Portable", "Clmul", "Vpclmul").
    fn backend(&self) -> String;
    /// ceil(m/8): bytes per field element.
    fn field_len(&self) -> usize;
    /// Bytes per encoded point.
    fn point_len(&self, compressed: bool) -> usize;
    /// Bytes per GT element (4 ceil(m/8)).
    fn gt_len(&self) -> usize;

    /// Decode and validate a point: `Ok(None)` for the point at infinity, else its (x, y)
    /// as field-element bytes. With `check_subgroup`, `NotInSubgroup` unless r P = O.
    fn decode_point(&self, data: &[u8], check_subgroup: bool)
        -> Result<Option<(Vec<u8>, Vec<u8>)>>;
    /// Re-encode a valid point (compressed or not); infinity allowed.
    fn encode_point(&self, data: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// k P for a big-endian scalar k (P validated, infinity allowed).
    fn point_mul(&self, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// P + Q (both validated, infinity allowed).
    fn point_add(&self, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// The catalogue generator (uncompressed).
    fn generator(&self) -> Vec<u8>;
    /// `n` random points of order r from `StdRng::seed_from_u64(seed)`.
    fn random_points(&self, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>>;

    /// The Miller loop of `alg` (its own accumulator, before the final exponentiation).
    fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>>;
    /// The final exponentiation of `alg` applied to a GT-encoded Miller value.
    fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>>;
    /// The accumulator after every Miller iteration (as the spec's `states`).
    fn miller_states(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<Vec<u8>>>;
    /// The pairing; `canonical` maps the output to tau_r(P, psi(Q)) (see `pairing` docs).
    fn pair(&self, alg: &str, p: &[u8], q: &[u8], canonical: bool) -> Result<Vec<u8>>;
    /// Map an output of `alg` to the canonical reduced Tate pairing.
    fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>>;
    /// prod_i e(P_i, Q_i) with one final exponentiation.
    fn multi_pair(&self, alg: &str, ps: &[&[u8]], qs: &[&[u8]], canonical: bool)
        -> Result<Vec<u8>>;
    /// Pairings of many (P_i, Q_i) on all rayon threads; every input is validated first
    /// (`AtIndex { index, .. }` names the first bad one).
    fn pair_batch(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<Vec<u8>>>;
    /// [`Engine::pair_batch`] on flat buffers: `ps` is n points of `p_len` bytes, `qs` n of
    /// `q_len`; returns n GT elements back to back.
    fn pair_batch_flat(
        &self,
        alg: &str,
        ps: &[u8],
        p_len: usize,
        qs: &[u8],
        q_len: usize,
        canonical: bool,
    ) -> Result<Vec<u8>>;

    /// One GF(2^m) operation on encoded elements (`FIELD_OPS`; `b` ignored by unary ops).
    fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>>;
    /// a b in F_{2^{4m}}.
    fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>>;
    /// a^k in F_{2^{4m}}, k a big-endian unsigned integer.
    fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>>;
    /// The GT identity, encoded.
    fn gt_one(&self) -> Vec<u8>;

    // -- asymmetric sets (bn254, bls12-381): G1 != G2 --------------------------------------
    // For a symmetric set both groups are the one group of points (group 1 or 2 mean the same);
    // for an asymmetric one `p` arguments of the pairing functions are G1 points and `q`
    // arguments G2 points, and the `*_in` functions below name the group.

    /// Whether the pairing is asymmetric (G1 != G2).
    fn asymmetric(&self) -> bool {
        false
    }
    /// Bytes per encoded point of `group` (1 or 2).
    fn point_len_in(&self, group: u8, compressed: bool) -> Result<usize> {
        check_group(group)?;
        Ok(self.point_len(compressed))
    }
    /// [`Engine::decode_point`] in `group`: the coordinates as field-element bytes (an F_{p^2}
    /// coordinate is c0 || c1).
    fn decode_point_in(
        &self,
        group: u8,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        check_group(group)?;
        self.decode_point(data, check_subgroup)
    }
    /// [`Engine::encode_point`] in `group`.
    fn encode_point_in(&self, group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        self.encode_point(data, compressed)
    }
    /// [`Engine::point_mul`] in `group`.
    fn point_mul_in(&self, group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        self.point_mul(p, k_be, compressed)
    }
    /// [`Engine::point_add`] in `group`.
    fn point_add_in(&self, group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        self.point_add(p, q, compressed)
    }
    /// The generator of `group` (uncompressed).
    fn generator_in(&self, group: u8) -> Result<Vec<u8>> {
        check_group(group)?;
        Ok(self.generator())
    }
    /// [`Engine::random_points`] in `group`.
    fn random_points_in(
        &self,
        group: u8,
        n: usize,
        seed: u64,
        compressed: bool,
    ) -> Result<Vec<Vec<u8>>> {
        check_group(group)?;
        check_count(n)?;
        Ok(self.random_points(n, seed, compressed))
    }
    /// Hash a message to `group` (RFC 9380, where the set defines a suite).
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
            reason: format!("no RFC 9380 suite is defined for {}", self.id()),
        })
    }
    /// Pairings of one fixed point with many: e(fixed, others_i) when `fixed_is_p`, else
    /// e(others_i, fixed). Sets with a preprocessed Miller loop precompute the fixed point's
    /// lines once; the default pairs one by one.
    fn pair_fixed(
        &self,
        alg: &str,
        fixed: &[u8],
        fixed_is_p: bool,
        others: &[&[u8]],
    ) -> Result<Vec<Vec<u8>>> {
        let fx: Vec<&[u8]> = vec![fixed; others.len()];
        if fixed_is_p {
            self.pair_batch(alg, &fx, others, false)
        } else {
            self.pair_batch(alg, others, &fx, false)
        }
    }
    /// `iters` timings (ns per pairing) of the preprocessed pairing (the fixed argument's lines
    /// precomputed outside the timing), where the set has one.
    fn bench_pair_prepared(&self, iters: usize) -> Result<Vec<f64>> {
        let _ = iters;
        Err(Error::UnsupportedAlgorithm {
            alg: "prepared".into(),
            reason: format!("{} has no preprocessed pairing", self.id()),
        })
    }
    /// `iters` timings (ns per call) of `multi_pair` over `n` pairs (validated inputs).
    fn bench_multi_pair(&self, n: usize, iters: usize) -> Result<Vec<f64>> {
        let _ = (n, iters);
        Err(Error::UnsupportedAlgorithm {
            alg: "multi_pair".into(),
            reason: format!(
                "{}: multi_pair timing is measured for the large-characteristic sets",
                self.id()
            ),
        })
    }

    /// `iters` timings (ns per pairing) of `alg`'s Miller loop + final exponentiation on
    /// pre-validated random points, measured in Rust (each entry averages enough pairings to
    /// last about 50 µs).
    fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>>;
    /// `iters` timings (ns per operation) of a field operation (`FIELD_OPS`).
    fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>>;
}

/// The most points one `random_points_in` call returns (README "Limits"; the Python API's
/// `pairkit.argcheck.MAX_POINTS`): larger counts are refused before anything is allocated.
pub const MAX_POINTS: usize = 1 << 22;

/// `n` points at most [`MAX_POINTS`].
pub fn check_count(n: usize) -> Result<()> {
    if n > MAX_POINTS {
        return Err(Error::LimitExceeded {
            what: "the number of points",
            limit: MAX_POINTS,
            got: n,
        });
    }
    Ok(())
}

/// Group numbers name G1 (1) and G2 (2).
pub fn check_group(group: u8) -> Result<()> {
    if group == 1 || group == 2 {
        Ok(())
    } else {
        Err(Error::InvalidEncoding(format!(
            "group must be 1 (G1) or 2 (G2), got {group}"
        )))
    }
}

/// A deferred engine constructor (`engine`'s cache fills on first use).
type Builder = Box<dyn FnOnce() -> Result<Arc<dyn Engine>>>;

/// The engine of a catalogue set (built once per id and cached).
pub fn engine(id: &str) -> Result<Arc<dyn Engine>> {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, Arc<dyn Engine>>>> = OnceLock::new();
    let (key, build_it): (&'static str, Builder) = match params::lookup(id) {
        Ok(desc) => (desc.id, Box::new(move || build(desc))),
        Err(_) => match crate::engine_prime::PRIME_IDS.iter().find(|&&p| p == id) {
            Some(&pid) => (
                pid,
                Box::new(move || crate::engine_prime::build_prime(pid).map(|(_, e)| e)),
            ),
            None => {
                let desc = params::lookup3(id).map_err(|_| Error::UnknownSet(id.to_string()))?;
                (desc.id, Box::new(move || crate::engine3::build3(desc)))
            }
        },
    };
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(e) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(key) {
        return Ok(e.clone());
    }
    let e = build_it()?;
    let mut map = cache.lock().unwrap_or_else(|p| p.into_inner());
    Ok(map.entry(key).or_insert(e).clone())
}

/// Every catalogue id (binary, characteristic three, then large characteristic).
pub fn set_ids() -> Vec<&'static str> {
    params::SETS
        .iter()
        .map(|s| s.id)
        .chain(params::SETS3.iter().map(|s| s.id))
        .chain(crate::engine_prime::PRIME_IDS)
        .collect()
}

macro_rules! build_n {
    ($desc:expr, $n:expr; $($N:literal)*) => {
        match $n {
            $( $N => Ok(Arc::new(BinaryEngine::<$N>::new($desc)?) as Arc<dyn Engine>), )*
            n => Err(Error::InvalidField(format!("m = {} needs {} words; supported: 1..=20", $desc.m, n))),
        }
    };
}

fn build(desc: &'static SetDesc) -> Result<Arc<dyn Engine>> {
    build_n!(desc, desc.m.div_ceil(64); 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
}

/// The engine for sets with N = ceil(m/64) words per field element.
pub struct BinaryEngine<const N: usize> {
    desc: &'static SetDesc,
    curve: Curve<N>,
    cp: CurveParams,
    r: Vec<u64>,
    cofactor: Vec<u64>,
    gen: Point<N>,
    subgroup: SubgroupTest,
}

/// How membership in the order-r subgroup is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubgroupTest {
    /// Cofactor 1: every finite point on the curve is in the subgroup.
    Trivial,
    /// b = 0, #E = 5 r, 5 does not divide m: Tr(P) = sum sigma^j(P) = O
    /// (`Curve::frob_trace_proj`; about 12-15 additions instead of a full scalar multiplication).
    FrobeniusTrace,
    /// r P = O by the projective wNAF scalar multiplication.
    ScalarMul,
}

type Xy<const N: usize> = (Fe<N>, Fe<N>);

impl<const N: usize> BinaryEngine<N> {
    pub fn new(desc: &'static SetDesc) -> Result<Self> {
        let f = Gf2m::<N>::new(desc.m, desc.taps)?;
        let curve = Curve::new(f, desc.b);
        let r = scalar::from_hex(desc.r_hex)?;
        let cofactor = scalar::from_hex(desc.cofactor_hex)?;
        let gx = scalar::from_hex(desc.gen_x_hex)?;
        let gy = scalar::from_hex(desc.gen_y_hex)?;
        let to_fe = |v: &[u64]| -> Result<Fe<N>> {
            let mut a = [0u64; N];
            for (i, &w) in v.iter().enumerate() {
                if w != 0 && i >= N {
                    return Err(Error::InvalidField(format!(
                        "{}: generator does not fit",
                        desc.id
                    )));
                }
                if i < N {
                    a[i] = w;
                }
            }
            Ok(a)
        };
        let gen = Point::Affine(to_fe(&gx)?, to_fe(&gy)?);
        if !curve.is_on_curve(&gen) {
            return Err(Error::InvalidField(format!(
                "{}: catalogue generator is not on the curve",
                desc.id
            )));
        }
        let subgroup = if scalar::is_one(&cofactor) {
            SubgroupTest::Trivial
        } else if desc.b == 0 && cofactor == [5] && r != [5] && !desc.m.is_multiple_of(5) {
            SubgroupTest::FrobeniusTrace
        } else {
            SubgroupTest::ScalarMul
        };
        Ok(BinaryEngine {
            desc,
            curve,
            cp: CurveParams {
                b: desc.b,
                delta: desc.delta,
            },
            r,
            cofactor,
            gen,
            subgroup,
        })
    }

    #[inline]
    pub fn field(&self) -> &Gf2m<N> {
        &self.curve.f
    }

    pub fn curve(&self) -> &Curve<N> {
        &self.curve
    }

    fn alg(&self, id: &str) -> Result<Algorithm> {
        let a = Algorithm::parse(id)?;
        a.check(self.desc.b)?;
        Ok(a)
    }

    /// Whether P (on the curve) is in the order-r subgroup, by the engine's [`SubgroupTest`].
    pub fn in_subgroup(&self, p: &Point<N>) -> bool {
        match self.subgroup {
            SubgroupTest::Trivial => true,
            SubgroupTest::FrobeniusTrace => self.curve.frob_trace_proj(p).is_infinity(),
            SubgroupTest::ScalarMul => self.curve.is_killed_by(&self.r, p),
        }
    }

    /// The subgroup test in use.
    pub fn subgroup_test(&self) -> SubgroupTest {
        self.subgroup
    }

    /// r P == O by scalar multiplication (reference for the other tests).
    pub fn in_subgroup_by_scalar_mul(&self, p: &Point<N>) -> bool {
        self.curve.is_killed_by(&self.r, p)
    }

    /// Decode + on-curve (+ subgroup), infinity allowed.
    fn decode_any(&self, data: &[u8], check_subgroup: bool) -> Result<Point<N>> {
        let p = self.curve.decode(data, true)?;
        if check_subgroup && !self.in_subgroup(&p) {
            return Err(Error::NotInSubgroup);
        }
        Ok(p)
    }

    /// A pairing input: decode, on curve, finite, in the subgroup.
    pub fn decode_valid(&self, data: &[u8]) -> Result<Xy<N>> {
        match self.curve.decode(data, false)? {
            Point::Infinity => Err(Error::PointAtInfinity),
            p @ Point::Affine(x, y) => {
                if !self.in_subgroup(&p) {
                    return Err(Error::NotInSubgroup);
                }
                Ok((x, y))
            }
        }
    }

    /// Pairing on validated coordinates (the algorithm's own output, or canonical).
    pub fn pair_xy(&self, alg: Algorithm, p: &Xy<N>, q: &Xy<N>, canonical: bool) -> Result<Fe4<N>> {
        let f = self.field();
        let v = pairing::pair(alg, f, self.cp, (&p.0, &p.1), (&q.0, &q.1))?;
        Ok(if canonical {
            pairing::to_canonical(alg, f, self.cp, &v)
        } else {
            v
        })
    }

    fn gt(&self, data: &[u8]) -> Result<Fe4<N>> {
        f4::from_bytes(self.field(), data)
    }

    fn gt_bytes(&self, a: &Fe4<N>) -> Vec<u8> {
        f4::to_bytes(self.field(), a)
    }

    fn gt_write(&self, a: &Fe4<N>, out: &mut [u8]) {
        let n = self.field().byte_len();
        for (i, c) in a.iter().enumerate() {
            out[i * n..(i + 1) * n].copy_from_slice(&self.field().to_bytes_be(c));
        }
    }

    fn decode_pairs(&self, ps: &[&[u8]], qs: &[&[u8]]) -> Result<Vec<(Xy<N>, Xy<N>)>> {
        decode_pairs_with(ps, qs, |d| self.decode_valid(d))
    }

    fn fe(&self, data: &[u8]) -> Result<Fe<N>> {
        self.field().from_bytes_be(data)
    }

    fn field_op_fe(&self, op: &str, a: &Fe<N>, b: &Fe<N>) -> Result<Fe<N>> {
        let f = self.field();
        Ok(match op {
            "add" => Gf2m::<N>::add(a, b),
            "mul" => f.mul(a, b),
            "sqr" => f.sqr(a),
            "sqrt" => f.sqrt(a),
            "inv" => f.inv(a)?,
            "half_trace" => f.half_trace(a),
            "trace" => Gf2m::<N>::from_u64(f.trace(a) as u64),
            _ => return Err(Error::UnknownOperation(op.to_string())),
        })
    }

    /// Deterministic pre-validated inputs for the timing helpers.
    fn bench_points(&self) -> (Xy<N>, Xy<N>) {
        let mut rng = StdRng::seed_from_u64(0x5eed);
        let mut xy = || match self.curve.random_point(&mut rng, &self.cofactor) {
            Point::Affine(x, y) => (x, y),
            Point::Infinity => unreachable!("random_point never returns infinity"),
        };
        (xy(), xy())
    }
}

/// The P and Q halves of a batch, one encoded point per entry.
pub(crate) type PointSlices<'a> = (Vec<&'a [u8]>, Vec<&'a [u8]>);

/// Split flat buffers of fixed-length encoded points into points (`pair_batch_flat`).
pub(crate) fn split_flat<'a>(
    ps: &'a [u8],
    p_len: usize,
    qs: &'a [u8],
    q_len: usize,
) -> Result<PointSlices<'a>> {
    for (buf, len) in [(ps, p_len), (qs, q_len)] {
        if len == 0 || buf.len() % len != 0 {
            return Err(Error::InvalidEncoding(format!(
                "a flat batch of {} bytes is not a whole number of {len}-byte points",
                buf.len()
            )));
        }
    }
    Ok((ps.chunks(p_len).collect(), qs.chunks(q_len).collect()))
}

/// Decode and validate a batch of (P_i, Q_i) on all cores; the first bad input is `AtIndex`.
pub(crate) fn decode_pairs_with<T: Send>(
    ps: &[&[u8]],
    qs: &[&[u8]],
    dec: impl Fn(&[u8]) -> Result<T> + Sync,
) -> Result<Vec<(T, T)>> {
    decode_pairs_with2(ps, qs, &dec, &dec)
}

/// [`decode_pairs_with`] with one decoder per argument (asymmetric pairings: G1 x G2).
pub(crate) fn decode_pairs_with2<A: Send, B: Send>(
    ps: &[&[u8]],
    qs: &[&[u8]],
    dec_p: impl Fn(&[u8]) -> Result<A> + Sync,
    dec_q: impl Fn(&[u8]) -> Result<B> + Sync,
) -> Result<Vec<(A, B)>> {
    if ps.len() != qs.len() {
        return Err(Error::BatchMismatch(ps.len(), qs.len()));
    }
    let decoded: Vec<Result<(A, B)>> = ps
        .par_iter()
        .zip(qs.par_iter())
        .enumerate()
        .map(|(i, (p, q))| {
            let wrap = |e: Error| Error::AtIndex {
                index: i,
                source: Box::new(e),
            };
            Ok((dec_p(p).map_err(wrap)?, dec_q(q).map_err(wrap)?))
        })
        .collect();
    decoded.into_iter().collect()
}

/// Pair every decoded (P, Q) on all cores into one flat buffer of `g`-byte GT elements.
pub(crate) fn pair_into_flat<A: Sync, B: Sync>(
    pts: &[(A, B)],
    g: usize,
    pair_to: impl Fn(&A, &B, &mut [u8]) -> Result<()> + Sync,
) -> Result<Vec<u8>> {
    let mut out = vec![0u8; pts.len() * g];
    out.par_chunks_mut(g)
        .zip(pts.par_iter())
        .try_for_each(|(o, (p, q))| pair_to(p, q, o))?;
    Ok(out)
}

/// Run `op` `reps` times per entry, `iters` entries, reps chosen so an entry lasts ~50 µs.
pub(crate) fn time_runs(iters: usize, mut op: impl FnMut()) -> Vec<f64> {
    let t0 = Instant::now();
    op();
    let one = t0.elapsed().as_nanos().max(1) as f64;
    let reps = ((50_000.0 / one).ceil() as usize).clamp(1, 1 << 20);
    for _ in 0..reps.min(16) {
        op(); // warm-up
    }
    (0..iters)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                op();
            }
            t.elapsed().as_nanos() as f64 / reps as f64
        })
        .collect()
}

impl<const N: usize> Engine for BinaryEngine<N> {
    fn id(&self) -> &'static str {
        self.desc.id
    }

    fn r_hex(&self) -> &'static str {
        self.desc.r_hex
    }

    fn field_ops(&self) -> Vec<&'static str> {
        FIELD_OPS.to_vec()
    }

    fn algorithms(&self) -> Vec<&'static str> {
        Algorithm::ALL
            .iter()
            .filter(|a| a.valid_for(self.desc.b))
            .map(|a| a.id())
            .collect()
    }

    fn default_algorithm(&self) -> &'static str {
        // Measured (benches/pairing.rs, see ARCHITECTURE.md): eta-t is the fastest where it
        // applies (b = 0: no F_{2^{4m}} squaring in the loop), eta-alg2 otherwise.
        if self.desc.b == 0 {
            Algorithm::EtaT.id()
        } else {
            Algorithm::EtaAlg2.id()
        }
    }

    fn backend(&self) -> String {
        format!("{:?}", self.field().backend())
    }

    fn field_len(&self) -> usize {
        self.field().byte_len()
    }

    fn point_len(&self, compressed: bool) -> usize {
        self.field().byte_len() * if compressed { 1 } else { 2 }
    }

    fn gt_len(&self) -> usize {
        4 * self.field().byte_len()
    }

    fn decode_point(
        &self,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        let f = self.field();
        Ok(match self.decode_any(data, check_subgroup)? {
            Point::Infinity => None,
            Point::Affine(x, y) => Some((f.to_bytes_be(&x), f.to_bytes_be(&y))),
        })
    }

    fn encode_point(&self, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
        Ok(self
            .curve
            .encode(&self.decode_any(data, false)?, compressed))
    }

    fn point_mul(&self, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let p = self.decode_any(p, false)?;
        let k = scalar::from_be_bytes(k_be);
        Ok(self
            .curve
            .encode(&self.curve.mul_vartime(&k, &p), compressed))
    }

    fn point_add(&self, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let (p, q) = (self.decode_any(p, false)?, self.decode_any(q, false)?);
        Ok(self.curve.encode(&self.curve.add(&p, &q), compressed))
    }

    fn generator(&self) -> Vec<u8> {
        self.curve.encode(&self.gen, false)
    }

    fn random_points(&self, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                self.curve.encode(
                    &self.curve.random_point(&mut rng, &self.cofactor),
                    compressed,
                )
            })
            .collect()
    }

    fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let (p, q) = (self.decode_valid(p)?, self.decode_valid(q)?);
        let c = pairing::miller(a, self.field(), self.cp, (&p.0, &p.1), (&q.0, &q.1), None)?;
        Ok(self.gt_bytes(&c))
    }

    fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let c = self.gt(f)?;
        Ok(self.gt_bytes(&pairing::final_exp(a, self.field(), self.cp, &c)?))
    }

    fn miller_states(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<Vec<u8>>> {
        let a = self.alg(alg)?;
        let (p, q) = (self.decode_valid(p)?, self.decode_valid(q)?);
        let mut st = Vec::with_capacity(a.iterations(self.desc.m));
        pairing::miller(
            a,
            self.field(),
            self.cp,
            (&p.0, &p.1),
            (&q.0, &q.1),
            Some(&mut st),
        )?;
        Ok(st.iter().map(|s| self.gt_bytes(s)).collect())
    }

    fn pair(&self, alg: &str, p: &[u8], q: &[u8], canonical: bool) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let (p, q) = (self.decode_valid(p)?, self.decode_valid(q)?);
        Ok(self.gt_bytes(&self.pair_xy(a, &p, &q, canonical)?))
    }

    fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let v = self.gt(v)?;
        Ok(self.gt_bytes(&pairing::to_canonical(a, self.field(), self.cp, &v)))
    }

    fn multi_pair(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let pts = self.decode_pairs(ps, qs)?;
        let f = self.field();
        // Every final exponentiation here is a fixed power map, so it commutes with products.
        let prod = pts
            .par_iter()
            .map(|(p, q)| pairing::miller(a, f, self.cp, (&p.0, &p.1), (&q.0, &q.1), None))
            .try_reduce(f4::one::<N>, |x, y| Ok(f4::mul(f, &x, &y)))?;
        let v = pairing::final_exp(a, f, self.cp, &prod)?;
        Ok(self.gt_bytes(&if canonical {
            pairing::to_canonical(a, f, self.cp, &v)
        } else {
            v
        }))
    }

    fn pair_batch(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<Vec<u8>>> {
        let a = self.alg(alg)?;
        let pts = self.decode_pairs(ps, qs)?;
        pts.par_iter()
            .map(|(p, q)| Ok(self.gt_bytes(&self.pair_xy(a, p, q, canonical)?)))
            .collect()
    }

    fn pair_batch_flat(
        &self,
        alg: &str,
        ps: &[u8],
        p_len: usize,
        qs: &[u8],
        q_len: usize,
        canonical: bool,
    ) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let (pv, qv) = split_flat(ps, p_len, qs, q_len)?;
        let pts = self.decode_pairs(&pv, &qv)?;
        pair_into_flat(&pts, self.gt_len(), |p, q, o| {
            self.gt_write(&self.pair_xy(a, p, q, canonical)?, o);
            Ok(())
        })
    }

    fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        if !FIELD_OPS.contains(&op) {
            return Err(Error::UnknownOperation(op.to_string()));
        }
        let a = self.fe(a)?;
        let b = if matches!(op, "add" | "mul") {
            self.fe(b)?
        } else {
            [0u64; N]
        };
        Ok(self.field().to_bytes_be(&self.field_op_fe(op, &a, &b)?))
    }

    fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        Ok(self.gt_bytes(&f4::mul(self.field(), &self.gt(a)?, &self.gt(b)?)))
    }

    fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>> {
        let a = self.gt(a)?;
        Ok(self.gt_bytes(&f4::pow_vartime(
            self.field(),
            &a,
            &scalar::from_be_bytes(k_be),
        )))
    }

    fn gt_one(&self) -> Vec<u8> {
        self.gt_bytes(&f4::one::<N>())
    }

    fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>> {
        let a = self.alg(alg)?;
        let (p, q) = self.bench_points();
        self.pair_xy(a, &p, &q, false)?;
        Ok(time_runs(iters, || {
            let v = self.pair_xy(a, std::hint::black_box(&p), &q, false);
            std::hint::black_box(v).ok();
        }))
    }

    fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>> {
        if !FIELD_OPS.contains(&op) {
            return Err(Error::UnknownOperation(op.to_string()));
        }
        let mut rng = StdRng::seed_from_u64(0xf1e1d);
        let f = self.field();
        let mut a = f.random(&mut rng);
        a[0] |= 1; // non-zero for inv
        let b = f.random(&mut rng);
        let mut x = a;
        Ok(time_runs(iters, || {
            // Chain the results so the work cannot be hoisted; keep x non-zero for inv.
            let y = self
                .field_op_fe(op, std::hint::black_box(&x), &b)
                .unwrap_or(a);
            x = if y.iter().all(|&w| w == 0) { a } else { y };
        }))
    }
}
