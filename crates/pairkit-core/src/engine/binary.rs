//! The binary family (`ss2-*`): [`BinaryEngine`] for the supersingular curves over GF(2^m)
//! with N = ceil(m/64) words per field element (the registry builds N = 1..=20).
//!
//! Encodings (the CLI contract, identical to `spec/ss_binary.py`): a point is x || y (each
//! ceil(m/8) bytes big-endian), or compressed (x with bit m = y_0), or all-0xFF for the point
//! at infinity; a GT element is c0 || c1 || c2 || c3 (basis {1, s, t, st}), each ceil(m/8) bytes.
//!
//! Points given to `pair`, `miller_loop`, ... must decode, lie on the curve, be finite and lie
//! in the order-r subgroup ([`SubgroupTest`]: nothing to check when the cofactor is 1; the
//! Frobenius trace sum_j sigma^j(P) = O for b = 0, #E = 5r; r P = O otherwise). The stages,
//! batches and timings over this adapter are `generic.rs` and `bench.rs`.
use rand::rngs::StdRng;
use rand::SeedableRng;

use super::bench::Bench;
use super::fieldops::FieldOps;
use super::generic::Family;
use super::points::{decode_finite, sample_pair, secret_limbs, Describe, SmallCurve};
use std::sync::{Arc, Mutex, OnceLock};

use crate::curve::ss_binary::TraceMaps;
use crate::curve::{scalar, Curve, Point};
use crate::error::{Error, Result};
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::gf2m::{Fe, Gf2m};
use crate::pairing::eta_t_par::{self, EtaTPlan};
use crate::pairing::{self, Algorithm, CurveParams};
use crate::params::SetDesc;

/// The operations `Engine::field_op` and `Engine::bench_field` accept (binary sets).
pub const FIELD_OPS: [&str; 7] = ["add", "mul", "sqr", "sqrt", "inv", "half_trace", "trace"];

/// The engine for sets with N = ceil(m/64) words per field element.
pub struct BinaryEngine<const N: usize> {
    desc: &'static SetDesc,
    curve: Curve<N>,
    cp: CurveParams,
    r: Vec<u64>,
    cofactor: Vec<u64>,
    gen: Point<N>,
    subgroup: SubgroupTest,
    /// The trace chain's multi-squaring tables, built on the first `FrobeniusTrace` check.
    trace_maps: OnceLock<TraceMaps<N>>,
    /// The split eta_T pairing's plans, one per thread count asked for (`pair_parallel`).
    par_plans: Mutex<Vec<Arc<EtaTPlan<N>>>>,
}

/// How membership in the order-r subgroup is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubgroupTest {
    /// Cofactor 1: every finite point on the curve is in the subgroup.
    Trivial,
    /// b = 0, #E = 5 r, 5 does not divide m: Tr(P) = sum sigma^j(P) = O
    /// (`Curve::frob_trace_proj_with`; about 12-15 additions instead of a full scalar
    /// multiplication, the chain's long Frobenius powers by multi-squaring tables).
    FrobeniusTrace,
    /// r P = O by the projective wNAF scalar multiplication.
    ScalarMul,
}

type Xy<const N: usize> = (Fe<N>, Fe<N>);

/// The largest field size in words for which `decode_pair` runs P's and Q's trace chains
/// interleaved: measured (benches/validation.rs, one core, 2026-11-26, loaded 2-core Xeon) a gain
/// for ss2-283 (N = 5: 0.76 -> 0.79 with/without) and a loss for ss2-1223 (N = 20: 0.81 -> 0.78),
/// whose chains' elements and tables no longer fit beside each other.
pub const PAIRED_TRACE_MAX_WORDS: usize = 5;

/// The smallest n for which the trace chain takes sigma^n from a table (see `trace_maps`): the
/// crossovers of `benches/field.rs` (`sqr_n/<k>` against `multisqr/<k>`, 2026-11-26, loaded
/// 2-core machine), about n = 16 for 8-bit windows (N <= 8) and n = 85 for the 4-bit ones at
/// N = 20. Lower thresholds won the check alone but lost inside a batch, where more tables
/// (5 x 368 KB for ss2-283) leave the cache to the pairing (ss2-1223 validated/unvalidated
/// throughput 0.73 with threshold 32 against 0.82 with squarings only).
pub const fn trace_map_min_n(n_words: usize) -> usize {
    if n_words <= 8 {
        16
    } else {
        85
    }
}

impl<const N: usize> BinaryEngine<N> {
    /// The engine of a catalogue set: its field, curve and subgroup test built once.
    pub fn new(desc: &'static SetDesc) -> Result<Self> {
        Self::with_field(desc, Gf2m::<N>::new(desc.m, desc.taps)?)
    }

    /// The engine over a given field context (e.g. one on a pinned backend,
    /// `Gf2m::with_backend`); `f` must be the field of `desc`.
    pub fn with_field(desc: &'static SetDesc, f: Gf2m<N>) -> Result<Self> {
        let mut taps = desc.taps.to_vec();
        taps.sort_unstable_by(|a, b| b.cmp(a));
        if f.m() != desc.m || f.taps() != taps {
            return Err(Error::InvalidField(format!(
                "{}: field context of another field",
                desc.id
            )));
        }
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
            trace_maps: OnceLock::new(),
            par_plans: Mutex::new(Vec::new()),
        })
    }

    /// The set's base field GF(2^m).
    #[inline]
    pub fn field(&self) -> &Gf2m<N> {
        &self.curve.f
    }

    /// The set's curve E_b.
    pub fn curve(&self) -> &Curve<N> {
        &self.curve
    }

    /// Whether P (on the curve) is in the order-r subgroup, by the engine's [`SubgroupTest`].
    pub fn in_subgroup(&self, p: &Point<N>) -> bool {
        match self.subgroup {
            SubgroupTest::Trivial => true,
            SubgroupTest::FrobeniusTrace => self
                .curve
                .frob_trace_proj_with(p, Some(self.trace_maps()))
                .is_infinity(),
            SubgroupTest::ScalarMul => self.curve.is_killed_by(&self.r, p),
        }
    }

    /// The multi-squaring tables of the trace chain (built once, on first use): a table map
    /// replaces the squarings of sigma^n from n >= `trace_map_min_n(N)` (measured: benches/field.rs
    /// `sqr_n/<k>` against `multisqr/<k>`).
    pub fn trace_maps(&self) -> &TraceMaps<N> {
        self.trace_maps
            .get_or_init(|| TraceMaps::new(self.field(), trace_map_min_n(N)))
    }

    /// The plan of the eta_T pairing split into `threads` blocks (built once per count).
    pub fn eta_t_plan(&self, threads: usize) -> Result<Arc<EtaTPlan<N>>> {
        let mut plans = self.par_plans.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = plans.iter().find(|p| p.blocks() == threads) {
            return Ok(p.clone());
        }
        let p = Arc::new(EtaTPlan::new(self.field(), threads)?);
        plans.push(p.clone());
        Ok(p)
    }

    /// The Frobenius-trace test by plain squarings (the check before the tables; reference
    /// and benchmark baseline). Only meaningful where `subgroup_test()` is `FrobeniusTrace`.
    pub fn in_subgroup_by_trace_squarings(&self, p: &Point<N>) -> bool {
        self.curve.frob_trace_proj(p).is_infinity()
    }

    /// The subgroup test in use.
    pub fn subgroup_test(&self) -> SubgroupTest {
        self.subgroup
    }

    /// r P == O by scalar multiplication (reference for the other tests).
    pub fn in_subgroup_by_scalar_mul(&self, p: &Point<N>) -> bool {
        self.curve.is_killed_by(&self.r, p)
    }

    /// A pairing input: decode, on curve, finite, in the subgroup.
    pub fn decode_valid(&self, data: &[u8]) -> Result<Xy<N>> {
        decode_finite(self, data)
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
}

impl<const N: usize> Family for BinaryEngine<N> {
    type Alg = Algorithm;
    type P = Xy<N>;
    type Q = Xy<N>;
    type Gt = Fe4<N>;
    const RECORDS_STATES: bool = true;

    fn set_id(&self) -> &'static str {
        self.desc.id
    }

    fn algorithm_ids(&self) -> Vec<&'static str> {
        Algorithm::ALL
            .iter()
            .filter(|a| a.valid_for(self.desc.b))
            .map(|a| a.id())
            .collect()
    }

    fn default_algorithm_id(&self) -> &'static str {
        // Measured (benches/pairing.rs, see ARCHITECTURE.md): eta-t is the fastest where it
        // applies (b = 0: no F_{2^{4m}} squaring in the loop), eta-alg2 otherwise.
        if self.desc.b == 0 {
            Algorithm::EtaT.id()
        } else {
            Algorithm::EtaAlg2.id()
        }
    }

    fn alg(&self, id: &str) -> Result<Algorithm> {
        let a = Algorithm::parse(id)?;
        a.check(self.desc.b)?;
        Ok(a)
    }

    fn decode_p(&self, data: &[u8]) -> Result<Xy<N>> {
        self.decode_valid(data)
    }

    fn decode_q(&self, data: &[u8]) -> Result<Xy<N>> {
        self.decode_valid(data)
    }

    /// Both on-curve decodes first, then, where the test is the Frobenius trace, both trace
    /// chains together (`Curve::frob_trace_proj_pair_with`); the results and error order of
    /// `decode_p` then `decode_q`: P's error (decode or subgroup) before anything of Q's.
    fn decode_pair(&self, p: &[u8], q: &[u8]) -> (Result<Xy<N>>, Option<Result<Xy<N>>>) {
        if self.subgroup != SubgroupTest::FrobeniusTrace || N > PAIRED_TRACE_MAX_WORDS {
            let p = self.decode_p(p);
            let q = p.is_ok().then(|| self.decode_q(q));
            return (p, q);
        }
        let finite = |d: &[u8]| -> Result<(Point<N>, Xy<N>)> {
            let pt = self.curve.decode(d, false)?;
            let xy = self.xy(&pt).ok_or(Error::PointAtInfinity)?;
            Ok((pt, xy))
        };
        let (pp, pxy) = match finite(p) {
            Ok(v) => v,
            Err(e) => return (Err(e), None),
        };
        let (qp, qxy) = match finite(q) {
            Ok(v) => v,
            Err(e) => {
                return match self.in_subgroup(&pp) {
                    true => (Ok(pxy), Some(Err(e))),
                    false => (Err(Error::NotInSubgroup), None),
                }
            }
        };
        let (tp, tq) = self
            .curve
            .frob_trace_proj_pair_with(&pp, &qp, Some(self.trace_maps()));
        if !tp.is_infinity() {
            (Err(Error::NotInSubgroup), None)
        } else if !tq.is_infinity() {
            (Ok(pxy), Some(Err(Error::NotInSubgroup)))
        } else {
            (Ok(pxy), Some(Ok(qxy)))
        }
    }

    fn miller(&self, a: Algorithm, p: &Xy<N>, q: &Xy<N>) -> Result<Fe4<N>> {
        pairing::miller(a, self.field(), self.cp, (&p.0, &p.1), (&q.0, &q.1), None)
    }

    fn final_exp(&self, a: Algorithm, f: &Fe4<N>) -> Result<Fe4<N>> {
        pairing::final_exp(a, self.field(), self.cp, f)
    }

    fn pairing(&self, a: Algorithm, p: &Xy<N>, q: &Xy<N>) -> Result<Fe4<N>> {
        self.pair_xy(a, p, q, false)
    }

    /// eta-t: the split pairing of `pairing::eta_t_par` (one block included: its tables make
    /// even one thread's path differ from `pairing`'s, with the same output); other algorithms:
    /// the serial pairing on one thread.
    fn pairing_parallel(
        &self,
        a: Algorithm,
        p: &Xy<N>,
        q: &Xy<N>,
        threads: usize,
    ) -> Result<Fe4<N>> {
        if threads == 0 {
            return Err(Error::InvalidArgument("threads must be at least 1".into()));
        }
        if a != Algorithm::EtaT {
            if threads > 1 {
                return Err(Error::UnsupportedAlgorithm {
                    alg: a.id().to_string(),
                    reason: "the split Miller loop is implemented for eta-t".into(),
                });
            }
            return self.pairing(a, p, q);
        }
        let plan = self.eta_t_plan(threads)?;
        eta_t_par::pair(
            self.field(),
            &plan,
            (&p.0, &p.1),
            (&q.0, &q.1),
            self.cp.delta,
        )
    }

    fn canonical(&self, a: Algorithm, v: Fe4<N>) -> Fe4<N> {
        pairing::to_canonical(a, self.field(), self.cp, &v)
    }

    fn states(&self, a: Algorithm, p: &Xy<N>, q: &Xy<N>) -> Result<Vec<Fe4<N>>> {
        let mut st = Vec::with_capacity(a.iterations(self.desc.m));
        let (f, cp) = (self.field(), self.cp);
        pairing::miller(a, f, cp, (&p.0, &p.1), (&q.0, &q.1), Some(&mut st))?;
        Ok(st)
    }

    fn gt_len(&self) -> usize {
        4 * self.field().byte_len()
    }

    fn gt_decode(&self, data: &[u8]) -> Result<Fe4<N>> {
        f4::from_bytes(self.field(), data)
    }

    fn gt_bytes(&self, v: &Fe4<N>) -> Vec<u8> {
        f4::to_bytes(self.field(), v)
    }

    /// Straight into `out` (big-endian, as `Gf2m::to_bytes_be`): no allocation per element,
    /// so `pair_batch_flat` allocates per batch only (tests/batch_alloc.rs).
    fn gt_write(&self, v: &Fe4<N>, out: &mut [u8]) {
        let n = self.field().byte_len();
        for (c, o) in v.iter().zip(out.chunks_exact_mut(n)) {
            for (k, byte) in o.iter_mut().rev().enumerate() {
                *byte = (c[k / 8] >> (8 * (k % 8))) as u8;
            }
        }
    }

    fn gt_mul(&self, a: &Fe4<N>, b: &Fe4<N>) -> Fe4<N> {
        f4::mul(self.field(), a, b)
    }

    fn gt_one(&self) -> Fe4<N> {
        f4::one::<N>()
    }

    /// Constant-time in the exponent (`f4::pow_ct`; its time depends on the limb count only: r's,
    /// or k_be's when longer, never k's value: [`secret_limbs`]).
    fn gt_pow(&self, a: &Fe4<N>, k_be: &[u8]) -> Fe4<N> {
        f4::pow_ct(self.field(), a, &secret_limbs(self, k_be))
    }
}

impl<const N: usize> SmallCurve for BinaryEngine<N> {
    type Coord = Fe<N>;
    type Pt = Point<N>;

    fn encoded_len(&self, compressed: bool) -> usize {
        self.field().byte_len() * if compressed { 1 } else { 2 }
    }
    fn curve_decode(&self, data: &[u8], allow_infinity: bool) -> Result<Point<N>> {
        self.curve.decode(data, allow_infinity)
    }
    fn curve_encode(&self, p: &Point<N>, compressed: bool) -> Vec<u8> {
        self.curve.encode(p, compressed)
    }
    fn xy(&self, p: &Point<N>) -> Option<Xy<N>> {
        match p {
            Point::Infinity => None,
            Point::Affine(x, y) => Some((*x, *y)),
        }
    }
    fn coord_bytes(&self, c: &Fe<N>) -> Vec<u8> {
        self.field().to_bytes_be(c)
    }
    fn curve_add(&self, p: &Point<N>, q: &Point<N>) -> Point<N> {
        self.curve.add(p, q)
    }
    /// Constant-time in k (`curve::ss_binary_ct`).
    fn curve_mul(&self, k: &[u64], p: &Point<N>) -> Point<N> {
        self.curve.mul_ct(k, p)
    }
    fn curve_random(&self, rng: &mut StdRng) -> Point<N> {
        self.curve.random_point(rng, &self.cofactor)
    }
    fn curve_generator(&self) -> Point<N> {
        self.gen
    }
    fn order_limbs(&self) -> usize {
        self.r.len()
    }
    fn in_group(&self, p: &Point<N>) -> bool {
        self.in_subgroup(p)
    }
}

impl<const N: usize> Describe for BinaryEngine<N> {
    fn r_hex(&self) -> &'static str {
        self.desc.r_hex
    }
    fn backend(&self) -> String {
        format!("gf2m-{}", self.field().backend().name())
    }
    fn field_len(&self) -> usize {
        self.field().byte_len()
    }
}

impl<const N: usize> FieldOps for BinaryEngine<N> {
    type Elem = Fe<N>;
    const OPS: &'static [&'static str] = &FIELD_OPS;
    const BINARY_OPS: &'static [&'static str] = &["add", "mul"];

    fn elem_decode(&self, data: &[u8]) -> Result<Fe<N>> {
        self.field().from_bytes_be(data)
    }
    fn elem_bytes(&self, a: &Fe<N>) -> Vec<u8> {
        self.field().to_bytes_be(a)
    }
    fn elem_zero(&self) -> Fe<N> {
        [0u64; N]
    }
    fn elem_is_zero(&self, a: &Fe<N>) -> bool {
        a.iter().all(|&w| w == 0)
    }
    fn apply(&self, op: &str, a: &Fe<N>, b: &Fe<N>) -> Result<Fe<N>> {
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
}

impl<const N: usize> Bench for BinaryEngine<N> {
    fn bench_inputs(&self) -> (Xy<N>, Xy<N>) {
        sample_pair(self)
    }
    fn field_operands(&self) -> (Fe<N>, Fe<N>) {
        let mut rng = StdRng::seed_from_u64(0xf1e1d);
        let mut a = self.field().random(&mut rng);
        a[0] |= 1; // non-zero for inv
        (a, self.field().random(&mut rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::points::Points;

    /// Issue 37 item 3: a secret scalar's limbs, the ladder's and `f4::pow_ct`'s window count,
    /// are r's count (5 on ss2-283) for a short and a long scalar alike; the products unchanged.
    #[test]
    fn secret_scalars_run_over_r_limbs() {
        let e = BinaryEngine::<5>::new(crate::params::lookup("ss2-283").unwrap()).unwrap();
        assert_eq!(e.r.len(), 5);
        let mut long = [0xffu8; 36];
        long[0] = 0x01;
        for k in [&[1u8][..], &[0u8; 36][..], &long[..]] {
            assert_eq!(secret_limbs(&e, k).len(), 5);
        }
        let g = Points::generator(&e, 1);
        assert_eq!(e.point_mul(1, &g, &[1], false).unwrap(), g);
        let mut padded = [0u8; 36];
        padded[35] = 3;
        assert_eq!(
            e.point_mul(1, &g, &padded, false).unwrap(),
            e.point_mul(1, &g, &[3], false).unwrap()
        );
    }
}
