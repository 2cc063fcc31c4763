//! The characteristic-three family (`ss3-*`): [`Char3Engine`] over any [`Base3`] field; the
//! registry builds it on the fast GF(3^m) with N = ceil(m/64) words per bit-plane (1..=6).
//!
//! Encodings (identical to `spec/ss_char3.py` and `spec/ext3.py`): a field element is the integer
//! sum a_i 3^i in L = ceil(bitlen(3^m - 1)/8) big-endian bytes; a point is x || y, or compressed
//! 0x02/0x03 || x (x on two bytes when L = 1), or all-0xFF for the point at infinity; a GT element
//! is its six coordinates in the order 1, rho, rho^2, sigma, sigma rho, sigma rho^2. Points given
//! to the pairing must decode, lie on the curve, be finite and satisfy r P = O (projective
//! balanced-ternary multiplication; skipped when the cofactor is 1). The metering of
//! `Engine::op_counts` ([`Metered`]) is this family's.
use rand::rngs::StdRng;
use rand::SeedableRng;

use super::api::OpCountPair;
use super::bench::Bench;
use super::fieldops::FieldOps;
use super::generic::Family;
use super::points::{decode_finite, sample_pair, secret_limbs, Describe, SmallCurve};
use crate::curve::scalar;
use crate::curve::ss_char3::{Curve3, Point3};
use crate::error::{Error, Result};
use crate::field::ext3::sextic::{self, Fe3x6};
use crate::field::ext3::Metered;
use crate::field::traits::Base3;
use crate::pairing::duursma_lee::{self as dl, Alg3};
use crate::params::Set3Desc;

/// The operations `Engine::field_op` accepts for these sets.
pub const FIELD_OPS3: [&str; 8] = ["add", "sub", "neg", "mul", "sqr", "cube", "cbrt", "inv"];

type Xy<E> = (E, E);

/// A characteristic-three pairing engine over the field `B`.
pub struct Char3Engine<B: Base3> {
    desc: &'static Set3Desc,
    curve: Curve3<B>,
    r: Vec<u64>,
    cofactor: Vec<u64>,
    gen: Point3<B::E>,
    backend: String,
    /// The subgroup test: the Frobenius trace where it is exact (b = 1, cofactor 7, r != 7,
    /// 7 not dividing m: `Curve3::frob_trace_is_identity`), else r P = O.
    trace_test: bool,
}

impl<B: Base3 + Send + Sync> Char3Engine<B> {
    /// The engine of a catalogue set over the GF(3^m) backend `f`.
    pub fn new(desc: &'static Set3Desc, f: B) -> Result<Self> {
        let backend = f.backend_name();
        let curve = Curve3::new(f, desc.b as i64);
        let r = scalar::from_hex(desc.r_hex)?;
        let cofactor = scalar::from_hex(desc.cofactor_hex)?;
        let n = curve.f.byte_len();
        let fe = |hex: &str| -> Result<B::E> {
            let bytes = crate::params::hex_to_bytes(hex);
            let mut v = vec![0u8; n.saturating_sub(bytes.len())];
            v.extend(bytes);
            curve.f.from_bytes(&v)
        };
        let gen = Point3::Affine(fe(desc.gen_x_hex)?, fe(desc.gen_y_hex)?);
        if !curve.is_on_curve(&gen) || !curve.is_killed_by(&r, &gen) {
            return Err(Error::InvalidField(format!(
                "{}: catalogue generator is not a point of order r",
                desc.id
            )));
        }
        let trace_test = desc.b == 1 && cofactor == [7] && r != [7] && !desc.m.is_multiple_of(7);
        Ok(Char3Engine {
            desc,
            curve,
            r,
            cofactor,
            gen,
            backend,
            trace_test,
        })
    }

    /// The set's base field GF(3^m).
    pub fn field(&self) -> &B {
        &self.curve.f
    }

    /// The curve coefficient b (1 or -1).
    pub fn b(&self) -> i64 {
        self.desc.b as i64
    }

    /// Whether P (on the curve) is in the order-r subgroup: nothing to check for cofactor 1,
    /// else the Frobenius trace where it is exact (`trace_test`), else r P = O.
    pub fn in_subgroup(&self, p: &Point3<B::E>) -> bool {
        if scalar::is_one(&self.cofactor) {
            true
        } else if self.trace_test {
            self.curve.frob_trace_is_identity(p)
        } else {
            self.curve.is_killed_by(&self.r, p)
        }
    }

    /// Whether the engine checks membership by the Frobenius trace (tests, benches).
    pub fn uses_trace_test(&self) -> bool {
        self.trace_test
    }

    /// r P = O (the reference the trace test is checked against; tests, benches).
    pub fn in_subgroup_by_scalar_mul(&self, p: &Point3<B::E>) -> bool {
        self.curve.is_killed_by(&self.r, p)
    }

    /// The curve (tests, benches).
    pub fn curve(&self) -> &Curve3<B> {
        &self.curve
    }

    /// A pairing input: decode, on curve, finite, in the subgroup.
    pub fn decode_valid(&self, data: &[u8]) -> Result<Xy<B::E>> {
        decode_finite(self, data)
    }

    /// The pairing of `a` on decoded points, optionally mapped to the canonical value.
    pub fn pair_xy(
        &self,
        a: Alg3,
        p: &Xy<B::E>,
        q: &Xy<B::E>,
        canonical: bool,
    ) -> Result<Fe3x6<B::E>> {
        let f = self.field();
        let v = dl::pair(a, f, self.b(), (&p.0, &p.1), (&q.0, &q.1))?;
        Ok(if canonical {
            dl::to_canonical(a, f, self.b(), &v)
        } else {
            v
        })
    }
}

impl<B: Base3 + Send + Sync> Family for Char3Engine<B> {
    type Alg = Alg3;
    type P = Xy<B::E>;
    type Q = Xy<B::E>;
    type Gt = Fe3x6<B::E>;
    const RECORDS_STATES: bool = true;

    fn set_id(&self) -> &'static str {
        self.desc.id
    }

    fn algorithm_ids(&self) -> Vec<&'static str> {
        Alg3::ALL.iter().map(|a| a.id()).collect()
    }

    fn default_algorithm_id(&self) -> &'static str {
        Alg3::DuursmaLee.id()
    }

    fn alg(&self, id: &str) -> Result<Alg3> {
        Alg3::parse(id)
    }

    fn decode_p(&self, data: &[u8]) -> Result<Xy<B::E>> {
        self.decode_valid(data)
    }

    fn decode_q(&self, data: &[u8]) -> Result<Xy<B::E>> {
        self.decode_valid(data)
    }

    fn miller(&self, a: Alg3, p: &Xy<B::E>, q: &Xy<B::E>) -> Result<Fe3x6<B::E>> {
        let (f, b) = (self.field(), self.b());
        Ok(dl::miller(a, f, b, (&p.0, &p.1), (&q.0, &q.1), &mut |_| {}))
    }

    fn final_exp(&self, a: Alg3, v: &Fe3x6<B::E>) -> Result<Fe3x6<B::E>> {
        dl::final_exp_alg(a, self.field(), self.b(), v)
    }

    fn pairing(&self, a: Alg3, p: &Xy<B::E>, q: &Xy<B::E>) -> Result<Fe3x6<B::E>> {
        self.pair_xy(a, p, q, false)
    }

    fn canonical(&self, a: Alg3, v: Fe3x6<B::E>) -> Fe3x6<B::E> {
        dl::to_canonical(a, self.field(), self.b(), &v)
    }

    fn states(&self, a: Alg3, p: &Xy<B::E>, q: &Xy<B::E>) -> Result<Vec<Fe3x6<B::E>>> {
        let mut st = Vec::with_capacity(self.desc.m);
        let (f, b) = (self.field(), self.b());
        dl::miller(a, f, b, (&p.0, &p.1), (&q.0, &q.1), &mut |s| st.push(*s));
        Ok(st)
    }

    fn op_counts(&self, alg: &str) -> Result<OpCountPair> {
        let a = self.alg(alg)?;
        let (p, q) = sample_pair(self);
        let mf = Metered::new(self.field());
        let mut marks = Vec::with_capacity(self.desc.m + 1);
        marks.push(mf.counts());
        dl::miller(a, &mf, self.b(), (&p.0, &p.1), (&q.0, &q.1), &mut |_| {
            marks.push(mf.counts())
        });
        let whole = mf.counts();
        let it = if marks.len() > 2 {
            marks[2].since(&marks[1])
        } else {
            whole
        };
        Ok((it.named(), whole.named()))
    }

    fn gt_len(&self) -> usize {
        6 * self.field().byte_len()
    }

    fn gt_decode(&self, data: &[u8]) -> Result<Fe3x6<B::E>> {
        let n = self.field().byte_len();
        if data.len() != 6 * n {
            return Err(Error::WrongLength {
                expected: 6 * n,
                got: data.len(),
            });
        }
        let c = |i: usize| self.field().from_bytes(&data[i * n..(i + 1) * n]);
        Ok([[c(0)?, c(1)?, c(2)?], [c(3)?, c(4)?, c(5)?]])
    }

    fn gt_bytes(&self, v: &Fe3x6<B::E>) -> Vec<u8> {
        let mut out = vec![0u8; self.gt_len()];
        self.gt_write(v, &mut out);
        out
    }

    fn gt_write(&self, v: &Fe3x6<B::E>, out: &mut [u8]) {
        let n = self.field().byte_len();
        for (i, c) in v.iter().flatten().enumerate() {
            out[i * n..(i + 1) * n].copy_from_slice(&self.field().to_bytes(c));
        }
    }

    fn gt_mul(&self, x: &Fe3x6<B::E>, y: &Fe3x6<B::E>) -> Fe3x6<B::E> {
        sextic::mul(self.field(), self.b(), x, y)
    }

    fn gt_one(&self) -> Fe3x6<B::E> {
        sextic::one(self.field())
    }

    /// Constant-time in the exponent where the base field's products are (`sextic::pow_ct`).
    fn gt_pow(&self, x: &Fe3x6<B::E>, k_be: &[u8]) -> Fe3x6<B::E> {
        sextic::pow_ct(self.field(), self.b(), x, &secret_limbs(self, k_be))
    }
}

impl<B: Base3 + Send + Sync> SmallCurve for Char3Engine<B> {
    type Coord = B::E;
    type Pt = Point3<B::E>;

    fn encoded_len(&self, compressed: bool) -> usize {
        self.curve.point_len(compressed)
    }
    fn curve_decode(&self, data: &[u8], allow_infinity: bool) -> Result<Point3<B::E>> {
        self.curve.decode(data, allow_infinity)
    }
    fn curve_encode(&self, p: &Point3<B::E>, compressed: bool) -> Vec<u8> {
        self.curve.encode(p, compressed)
    }
    fn xy(&self, p: &Point3<B::E>) -> Option<Xy<B::E>> {
        match p {
            Point3::Infinity => None,
            Point3::Affine(x, y) => Some((*x, *y)),
        }
    }
    fn coord_bytes(&self, c: &B::E) -> Vec<u8> {
        self.field().to_bytes(c)
    }
    fn curve_add(&self, p: &Point3<B::E>, q: &Point3<B::E>) -> Point3<B::E> {
        self.curve.add(p, q)
    }
    /// Constant-time in k where the base field's products are (`curve::ss_char3_ct`).
    fn curve_mul(&self, k: &[u64], p: &Point3<B::E>) -> Point3<B::E> {
        self.curve.mul_ct(k, p)
    }
    fn curve_random(&self, rng: &mut StdRng) -> Point3<B::E> {
        self.curve.random_point(rng, &self.cofactor)
    }
    fn curve_generator(&self) -> Point3<B::E> {
        self.gen
    }
    fn order_limbs(&self) -> usize {
        self.r.len()
    }
    fn in_group(&self, p: &Point3<B::E>) -> bool {
        self.in_subgroup(p)
    }
}

impl<B: Base3 + Send + Sync> Describe for Char3Engine<B> {
    fn r_hex(&self) -> &'static str {
        self.desc.r_hex
    }
    fn backend(&self) -> String {
        self.backend.clone()
    }
    fn field_len(&self) -> usize {
        self.field().byte_len()
    }
}

impl<B: Base3 + Send + Sync> FieldOps for Char3Engine<B> {
    type Elem = B::E;
    const OPS: &'static [&'static str] = &FIELD_OPS3;
    const BINARY_OPS: &'static [&'static str] = &["add", "sub", "mul"];

    fn elem_decode(&self, data: &[u8]) -> Result<B::E> {
        self.field().from_bytes(data)
    }
    fn elem_bytes(&self, a: &B::E) -> Vec<u8> {
        self.field().to_bytes(a)
    }
    fn elem_zero(&self) -> B::E {
        self.field().zero()
    }
    fn elem_is_zero(&self, a: &B::E) -> bool {
        self.field().is_zero(a)
    }
    fn apply(&self, op: &str, a: &B::E, b: &B::E) -> Result<B::E> {
        let f = self.field();
        Ok(match op {
            "add" => f.add(a, b),
            "sub" => f.sub(a, b),
            "neg" => f.neg(a),
            "mul" => f.mul(a, b),
            "sqr" => f.sqr(a),
            "cube" => f.cube(a),
            "cbrt" => f.cbrt(a),
            "inv" => f.inv(a)?,
            _ => return Err(Error::UnknownOperation(op.to_string())),
        })
    }
}

impl<B: Base3 + Send + Sync> Bench for Char3Engine<B> {
    fn bench_inputs(&self) -> (Xy<B::E>, Xy<B::E>) {
        sample_pair(self)
    }
    fn field_operands(&self) -> (B::E, B::E) {
        let mut rng = StdRng::seed_from_u64(0xf1e1d);
        let f = self.field();
        let a = loop {
            let a = f.random(&mut rng);
            if !f.is_zero(&a) {
                break a;
            }
        };
        (a, f.random(&mut rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::points::Points;
    use crate::field::gf3m::Gf3m;

    /// Issue 37 item 3: a secret scalar's limbs, the ladder's and `sextic::pow_ct`'s window count,
    /// are r's count (3 on ss3-97) for a short and a long scalar alike; the products unchanged.
    #[test]
    fn secret_scalars_run_over_r_limbs() {
        let desc = crate::params::lookup3("ss3-97").unwrap();
        let e = Char3Engine::new(desc, Gf3m::<2>::new(desc.m, desc.h).unwrap()).unwrap();
        assert_eq!(e.r.len(), 3);
        for k in [&[1u8][..], &[0u8; 19][..], &[0x7fu8; 19][..]] {
            assert_eq!(secret_limbs(&e, k).len(), 3);
        }
        let g = Points::generator(&e, 1);
        assert_eq!(e.point_mul(1, &g, &[1], false).unwrap(), g);
        let mut padded = [0u8; 19];
        padded[18] = 3;
        assert_eq!(
            e.point_mul(1, &g, &padded, false).unwrap(),
            e.point_mul(1, &g, &[3], false).unwrap()
        );
    }
}
