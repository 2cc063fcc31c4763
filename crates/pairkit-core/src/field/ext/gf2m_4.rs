//! F_{2^{4m}} = F_{2^{2m}}[t]/(t^2 + t + s): c = c0 + c1 s + c2 t + c3 st as `[c0, c1, c2, c3]`
//! (seed 000 Eq. 4; seed 003 §3.3 with u = s, v = t). Mirrors the `f4_*` functions of
//! `spec/ext.py`; every function keeps elements in fixed-size arrays (no allocation).
//!
//! Powers of the basis under the 2-power Frobenius (used by [`frob`], [`frob2`], [`sqr`] and
//! [`pow_2k`]): s^2 = s + 1, s^4 = s; t^2 = t + s, t^4 = t + 1, t^8 = t + s + 1, t^16 = t.
//! Hence for j = k mod 4, (d0 + d1 s + d2 t + d3 st)^{2^k} with d_i = c_i^{2^k} is
//!   j = 0: d0 + d1 s + d2 t + d3 st
//!   j = 1: (d0+d1+d3) + (d1+d2) s + (d2+d3) t + d3 st
//!   j = 2: (d0+d2) + (d1+d3) s + d2 t + d3 st                     (seed 003 Lemma 1 (iii))
//!   j = 3: (d0+d1+d2) + (d1+d2+d3) s + (d2+d3) t + d3 st          (seed 003 Lemma 1 (ii), seed 004 Eq. 4)
use super::gf2m_2::{self as f2, Fe2};
use super::{xor, xor3};
use crate::error::{Error, Result};
use crate::field::gf2m::multisqr::SqrMap;
use crate::field::gf2m::{Fe, Gf2m};

/// c0 + c1 s + c2 t + c3 st.
pub type Fe4<const N: usize> = [Fe<N>; 4];

/// 1.
#[inline(always)]
pub fn one<const N: usize>() -> Fe4<N> {
    [Gf2m::<N>::one(), [0u64; N], [0u64; N], [0u64; N]]
}

/// a == 1.
pub fn is_one<const N: usize>(a: &Fe4<N>) -> bool {
    *a == one::<N>()
}

/// a + b.
#[inline(always)]
pub fn add<const N: usize>(a: &Fe4<N>, b: &Fe4<N>) -> Fe4<N> {
    [
        xor(&a[0], &b[0]),
        xor(&a[1], &b[1]),
        xor(&a[2], &b[2]),
        xor(&a[3], &b[3]),
    ]
}

#[inline(always)]
fn lo<const N: usize>(a: &Fe4<N>) -> Fe2<N> {
    [a[0], a[1]]
}

#[inline(always)]
fn hi<const N: usize>(a: &Fe4<N>) -> Fe2<N> {
    [a[2], a[3]]
}

#[inline(always)]
fn join<const N: usize>(l: Fe2<N>, h: Fe2<N>) -> Fe4<N> {
    [l[0], l[1], h[0], h[1]]
}

/// Karatsuba over F_{2^{2m}} (spec `f4_mul`, seed 003 §3.3):
/// (A0 + A1 t)(B0 + B1 t) = (A0B0 + s A1B1) + ((A0+A1)(B0+B1) + A0B0) t, with t^2 = t + s.
/// Three F_{2^{2m}} products = 9 F_{2^m} multiplications.
pub fn mul<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, b: &Fe4<N>) -> Fe4<N> {
    let (a0, a1, b0, b1) = (lo(a), hi(a), lo(b), hi(b));
    let p0 = f2::mul(f, &a0, &b0);
    let p1 = f2::mul(f, &a1, &b1);
    let p2 = f2::mul(f, &f2::add(&a0, &a1), &f2::add(&b0, &b1));
    join(f2::add(&p0, &f2::mul_s(&p1)), f2::add(&p2, &p0))
}

/// (A0 + A1 t)^2 = (A0^2 + s A1^2) + A1^2 t (spec `f4_sqr`; t^2 = t + s): 4 base squarings,
/// i.e. the j = 1 case of the module table.
#[inline(always)]
pub fn sqr<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>) -> Fe4<N> {
    let d = [f.sqr(&a[0]), f.sqr(&a[1]), f.sqr(&a[2]), f.sqr(&a[3])];
    recombine(&d, 1)
}

/// The basis change of the module table: d (coordinates already raised to 2^k) -> a^{2^k},
/// for j = k mod 4.
#[inline(always)]
pub(crate) fn recombine<const N: usize>(d: &Fe4<N>, j: usize) -> Fe4<N> {
    let [d0, d1, d2, d3] = d;
    match j & 3 {
        0 => *d,
        1 => [xor3(d0, d1, d3), xor(d1, d2), xor(d2, d3), *d3],
        2 => [xor(d0, d2), xor(d1, d3), *d2, *d3],
        _ => [xor3(d0, d1, d2), xor3(d1, d2, d3), xor(d2, d3), *d3],
    }
}

/// Seed 000 Eq. 5–6 (spec `f4_mul_ca`): C (w + z s + e t), e in {0, 1}, with 6 F_{2^m}
/// multiplications (the shared-operand C·A unit of seed 000 Fig. 3):
///   c0' = c0 w + c1 z + e c3            c1' = (c0+c1)(w+z) + c0 w + e (c2+c3)
///   c2' = c2 w + c3 z + e (c0+c2)       c3' = (c2+c3)(w+z) + c2 w + e (c1+c3)
#[inline(always)]
pub fn mul_ca<const N: usize>(f: &Gf2m<N>, c: &Fe4<N>, w: &Fe<N>, z: &Fe<N>, e: bool) -> Fe4<N> {
    let [c0, c1, c2, c3] = c;
    let c0w = f.mul(c0, w);
    let c1z = f.mul(c1, z);
    let c2w = f.mul(c2, w);
    let c3z = f.mul(c3, z);
    let wz = xor(w, z);
    let m1 = f.mul(&xor(c0, c1), &wz);
    let m3 = f.mul(&xor(c2, c3), &wz);
    let mut n0 = xor(&c0w, &c1z);
    let mut n1 = xor(&m1, &c0w);
    let mut n2 = xor(&c2w, &c3z);
    let mut n3 = xor(&m3, &c2w);
    if e {
        n0 = xor(&n0, c3);
        n1 = xor3(&n1, c2, c3);
        n2 = xor3(&n2, c0, c2);
        n3 = xor3(&n3, c1, c3);
    }
    [n0, n1, n2, n3]
}

/// Seed 003 §3.3 (spec `f4_mul_fg`): f (g0 + g1 u + v) with two F_{2^{2m}} products (6M).
///
/// fg = (f0+f1u)(g0+g1u) + (f2+f3u)(g0+g1u) v + f v, and with v^2 = v + u, u^2 = u + 1:
/// f v = (f3 + (f2+f3) u) + ((f0+f2) + (f1+f3) u) v. This is the derived recombination; the
/// paper's printed one (f2 + f3 + f3 u, f0 + f3 + (f1+f3) u) is an erratum (see the spec).
#[inline(always)]
pub fn mul_fg<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, g0: &Fe<N>, g1: &Fe<N>) -> Fe4<N> {
    let g = [*g0, *g1];
    let l = f2::mul(f, &lo(a), &g);
    let h = f2::mul(f, &hi(a), &g);
    [
        xor(&l[0], &a[3]),
        xor3(&l[1], &a[2], &a[3]),
        xor3(&h[0], &a[0], &a[2]),
        xor3(&h[1], &a[1], &a[3]),
    ]
}

/// a^{2^m} for odd m (spec `f4_frob`): the j = m mod 4 row of the module table
/// (m = 3 mod 4: seed 003 Lemma 1 (ii), seed 004 Eq. 4; m = 1 mod 4: same derivation).
#[inline(always)]
pub fn frob<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>) -> Fe4<N> {
    recombine(a, f.m() % 4)
}

/// a^{2^{2m}}: s fixed, t -> t + 1: (f0+f2) + (f1+f3) s + f2 t + f3 st (seed 003 Lemma 1 (iii)).
#[inline(always)]
pub fn frob2<const N: usize>(a: &Fe4<N>) -> Fe4<N> {
    recombine(a, 2)
}

/// Seed 003 Algorithm 3 (spec `f4_inv`): norm-based inversion in F_{2^{4m}},
/// 10M + 3S + 1I + 14A. R = A^{2^{2m}}; S = A R in F_{2^{2m}}; T = S^{2^m}; U = S T in F_{2^m};
/// V = U^{-1}; W = T V; Z = R W = A^{-1}. `Err(DivisionByZero)` for a = 0.
pub fn inv<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>) -> Result<Fe4<N>> {
    let (a0, a1) = (lo(a), hi(a));
    let r = frob2(a);
    let r0 = lo(&r);
    // S = A0 (A0 + A1) + s A1^2 (= A0 R0 + s A1^2)
    let s = f2::add(&f2::mul(f, &a0, &r0), &f2::mul_s(&f2::sqr(f, &a1)));
    let t = f2::frob(&s);
    // S1 = T1, so S1 T1 is a squaring.
    let u = xor(&f.mul(&s[0], &t[0]), &f.sqr(&s[1]));
    let v = f.inv(&u)?;
    let w = f2::mul_base(f, &t, &v);
    Ok(join(f2::mul(f, &r0, &w), f2::mul(f, &hi(&r), &w)))
}

/// a^{2^k} coordinate-wise: d_i = c_i^{2^k} (GF(2^m) `sqr_n`, which itself takes the
/// square-root direction a^{2^k} = a^{2^{-(m-k)}} when that is cheaper, seed 003 App. A.2),
/// then the fixed basis change for k mod 4 (module table). Equals `f4_pow_2k` of the spec
/// (k squarings) for every k.
pub fn pow_2k<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, k: usize) -> Fe4<N> {
    let d = [
        f.sqr_n(&a[0], k),
        f.sqr_n(&a[1], k),
        f.sqr_n(&a[2], k),
        f.sqr_n(&a[3], k),
    ];
    recombine(&d, k % 4)
}

/// a^{2^k} coordinate-wise from multi-squaring tables of x -> x^{2^k} (`field::multisqr`),
/// then the basis change for k mod 4: [`pow_2k`]'s value, ceil(m/w) table reads per coordinate.
pub fn pow_2k_map<const N: usize>(map: &SqrMap<N>, a: &Fe4<N>) -> Fe4<N> {
    let d = [
        map.apply(&a[0]),
        map.apply(&a[1]),
        map.apply(&a[2]),
        map.apply(&a[3]),
    ];
    recombine(&d, map.k() % 4)
}

/// a^{2^k} by k squarings in F_{2^{4m}} (spec `f4_pow_2k`; reference for [`pow_2k`]).
pub fn pow_2k_sqr<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, k: usize) -> Fe4<N> {
    let mut r = *a;
    for _ in 0..k {
        r = sqr(f, &r);
    }
    r
}

/// Seed 003 Appendix A.2 (spec `f4_pow_2k_by_sqrt`): a^{2^k} for k = 0 mod 4 by m - k square
/// roots of each coordinate (u, v are fixed by 2^k, so the power acts coordinate-wise).
pub fn pow_2k_by_sqrt<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, k: usize) -> Result<Fe4<N>> {
    if !k.is_multiple_of(4) {
        return Err(Error::InvalidField(format!(
            "the coordinate-wise square-root chain needs k = 0 mod 4, got k = {k}"
        )));
    }
    let n = f.m() - (k % f.m());
    Ok([
        f.sqrt_n(&a[0], n),
        f.sqrt_n(&a[1], n),
        f.sqrt_n(&a[2], n),
        f.sqrt_n(&a[3], n),
    ])
}

/// a^e for e given as little-endian 64-bit limbs (left-to-right square-and-multiply; the
/// exponent is public: `_vartime`).
pub fn pow_vartime<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, e: &[u64]) -> Fe4<N> {
    let mut r = one::<N>();
    let mut started = false;
    for limb in e.iter().rev() {
        for bit in (0..64).rev() {
            if started {
                r = sqr(f, &r);
            }
            if (limb >> bit) & 1 == 1 {
                r = if started { mul(f, &r, a) } else { *a };
                started = true;
            }
        }
    }
    r
}

/// a^e for a secret e (little-endian limbs; the time depends on e.len() only): fixed window of
/// 4 bits from the top (HMV Guide to ECC Alg. 3.41 in multiplicative notation), the table
/// a^0 .. a^15 read by scanning every entry under masks (`field::ct`), so each window costs a^{2^4}
/// ([`pow_2k`]: four squarings per coordinate) and one product whatever its digit. Checked by `examples/ctgrind.rs`.
pub fn pow_ct<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>, e: &[u64]) -> Fe4<N> {
    let sel = |x: &Fe4<N>, y: &Fe4<N>, m: u64| {
        core::array::from_fn(|i| crate::field::ct::select(&x[i], &y[i], m))
    };
    let mut table = [one::<N>(); 16];
    table[1] = *a;
    for i in 2..16 {
        table[i] = mul(f, &table[i - 1], a);
    }
    let mut r = one::<N>();
    for pos in (0..64 * e.len()).step_by(4).rev() {
        r = pow_2k(f, &r, 4);
        let t = crate::field::ct::lookup(&table, crate::field::ct::window(e, pos, 4), sel);
        r = mul(f, &r, &t);
    }
    r
}

/// c0 || c1 || c2 || c3, each `f.byte_len()` bytes big-endian (the GT encoding).
pub fn to_bytes<const N: usize>(f: &Gf2m<N>, a: &Fe4<N>) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 * f.byte_len());
    for c in a {
        out.extend_from_slice(&f.to_bytes_be(c));
    }
    out
}

/// Inverse of [`to_bytes`]: `WrongLength` unless exactly 4 ceil(m/8) bytes,
/// `InvalidEncoding` if a coordinate has bits >= m set.
pub fn from_bytes<const N: usize>(f: &Gf2m<N>, data: &[u8]) -> Result<Fe4<N>> {
    let n = f.byte_len();
    if data.len() != 4 * n {
        return Err(Error::WrongLength {
            expected: 4 * n,
            got: data.len(),
        });
    }
    let mut r = [[0u64; N]; 4];
    for (i, c) in r.iter_mut().enumerate() {
        *c = f.from_bytes_be(&data[i * n..(i + 1) * n])?;
    }
    Ok(r)
}
