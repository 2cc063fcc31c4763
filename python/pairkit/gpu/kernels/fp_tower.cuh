// The tower F_{p^2} / F_{p^6} / F_{p^12} over fp.cuh, exactly as the Rust core builds it
// (crates/pairkit-core/src/field/fp/fp2.rs, fp6.rs, fp12.rs, sparse.rs; the spec's
// python/pairkit/spec/prime/tower.py):
//   F_{p^2}  = F_p[i]/(i^2 + 1)            (p = 3 mod 4)
//   F_{p^6}  = F_{p^2}[v]/(v^3 - xi)       (xi = PK_XI0 + PK_XI1 i: 9 + i bn254, 1 + i bls12-381)
//   F_{p^12} = F_{p^6}[w]/(w^2 - v)
// Every function is named after its Rust twin (pk_fp6_mul_by_01 = Fp6::mul_by_01, ...) and uses
// the same formula; the values are unique reduced field elements, so the bytes agree.
// The Frobenius constants gamma_j = xi^{j (p-1)/6}, delta_j = gamma_j conj(gamma_j) and
// eps_j = gamma_j delta_j (fp6.rs frob_consts, eprint 2010/354 Sec. 3.2) come from the prelude,
// computed by python/pairkit/gpu/prime_source.py from the spec's tower (j = 1..5; j = 0 is 1).

struct pk_fp2 {
    pk_fp c0, c1;
};
struct pk_fp6 {
    pk_fp2 c0, c1, c2;
};
struct pk_fp12 {
    pk_fp6 c0, c1;
};

__constant__ pk_u32 pk_gamma[5 * 2 * PK_NL] = PK_GAMMA_WORDS;  // gamma_1..5 (c0, c1), Montgomery
__constant__ pk_u32 pk_delta[5 * PK_NL] = PK_DELTA_WORDS;      // delta_1..5 in F_p
__constant__ pk_u32 pk_eps[5 * 2 * PK_NL] = PK_EPS_WORDS;      // eps_1..5

// ---- F_{p^2} (fp2.rs) ------------------------------------------------------------------------

__device__ __forceinline__ pk_fp2 pk_fp2_make(const pk_fp& a, const pk_fp& b) {
    pk_fp2 r;
    r.c0 = a;
    r.c1 = b;
    return r;
}
__device__ __forceinline__ pk_fp2 pk_fp2_zero() { return pk_fp2_make(pk_fp_zero(), pk_fp_zero()); }
__device__ __forceinline__ pk_fp2 pk_fp2_one() { return pk_fp2_make(pk_fp_one(), pk_fp_zero()); }
__device__ __forceinline__ pk_fp2 pk_fp2_load(const pk_u32* src) {
    return pk_fp2_make(pk_fp_load(src), pk_fp_load(src + PK_NL));
}
__device__ __forceinline__ bool pk_fp2_is_zero(const pk_fp2& a) { return pk_fp_is_zero(a.c0) && pk_fp_is_zero(a.c1); }
__device__ __forceinline__ pk_fp2 pk_fp2_add(const pk_fp2& a, const pk_fp2& b) {
    return pk_fp2_make(pk_fp_add(a.c0, b.c0), pk_fp_add(a.c1, b.c1));
}
__device__ __forceinline__ pk_fp2 pk_fp2_sub(const pk_fp2& a, const pk_fp2& b) {
    return pk_fp2_make(pk_fp_sub(a.c0, b.c0), pk_fp_sub(a.c1, b.c1));
}
__device__ __forceinline__ pk_fp2 pk_fp2_neg(const pk_fp2& a) { return pk_fp2_make(pk_fp_neg(a.c0), pk_fp_neg(a.c1)); }
__device__ __forceinline__ pk_fp2 pk_fp2_dbl(const pk_fp2& a) { return pk_fp2_add(a, a); }
// c0 - c1 i = a^p (i^p = -i for p = 3 mod 4).
__device__ __forceinline__ pk_fp2 pk_fp2_conj(const pk_fp2& a) { return pk_fp2_make(a.c0, pk_fp_neg(a.c1)); }

// Karatsuba (eprint 2006/471 Sec. 3; Fp2::mul_generic): t0 = a0 b0, t1 = a1 b1,
// c0 = t0 - t1, c1 = (a0 + a1)(b0 + b1) - t0 - t1.
__device__ __noinline__ pk_fp2 pk_fp2_mul(const pk_fp2& a, const pk_fp2& b) {
    const pk_fp t0 = pk_fp_mul(a.c0, b.c0);
    const pk_fp t1 = pk_fp_mul(a.c1, b.c1);
    const pk_fp s = pk_fp_mul(pk_fp_add(a.c0, a.c1), pk_fp_add(b.c0, b.c1));
    return pk_fp2_make(pk_fp_sub(t0, t1), pk_fp_sub(pk_fp_sub(s, t0), t1));
}

// Complex squaring (Fp2::square_generic): (a0 + a1)(a0 - a1) + 2 a0 a1 i.
__device__ __noinline__ pk_fp2 pk_fp2_sqr(const pk_fp2& a) {
    const pk_fp x = pk_fp_mul(pk_fp_add(a.c0, a.c1), pk_fp_sub(a.c0, a.c1));
    return pk_fp2_make(x, pk_fp_dbl(pk_fp_mul(a.c0, a.c1)));
}

__device__ __forceinline__ pk_fp2 pk_fp2_mul_by_fp(const pk_fp2& a, const pk_fp& k) {
    return pk_fp2_make(pk_fp_mul(a.c0, k), pk_fp_mul(a.c1, k));
}

__device__ __forceinline__ pk_fp2 pk_fp2_mul_small(const pk_fp2& a, unsigned k) {
    return pk_fp2_make(pk_fp_mul_small(a.c0, k), pk_fp_mul_small(a.c1, k));
}

// a xi = (x0 a0 - x1 a1) + (x0 a1 + x1 a0) i (Fp2::mul_by_small_fp2: additions only).
__device__ __forceinline__ pk_fp2 pk_fp2_mul_by_xi(const pk_fp2& a) {
    const pk_fp x0a0 = pk_fp_mul_small(a.c0, PK_XI0), x0a1 = pk_fp_mul_small(a.c1, PK_XI0);
    const pk_fp x1a0 = pk_fp_mul_small(a.c0, PK_XI1), x1a1 = pk_fp_mul_small(a.c1, PK_XI1);
    return pk_fp2_make(pk_fp_sub(x0a0, x1a1), pk_fp_add(x0a1, x1a0));
}

// 1/(a0 + a1 i) = (a0 - a1 i)/(a0^2 + a1^2), 0 for 0 (Fp2::inv_or_zero).
__device__ __forceinline__ pk_fp2 pk_fp2_inv(const pk_fp2& a) {
    const pk_fp t = pk_fp_inv(pk_fp_add(pk_fp_sqr(a.c0), pk_fp_sqr(a.c1)));
    return pk_fp2_make(pk_fp_mul(a.c0, t), pk_fp_neg(pk_fp_mul(a.c1, t)));
}

// ---- F_{p^6} (fp6.rs) ------------------------------------------------------------------------

__device__ __forceinline__ pk_fp6 pk_fp6_make(const pk_fp2& a, const pk_fp2& b, const pk_fp2& c) {
    pk_fp6 r;
    r.c0 = a;
    r.c1 = b;
    r.c2 = c;
    return r;
}
__device__ __forceinline__ pk_fp6 pk_fp6_zero() { return pk_fp6_make(pk_fp2_zero(), pk_fp2_zero(), pk_fp2_zero()); }
__device__ __forceinline__ pk_fp6 pk_fp6_one() { return pk_fp6_make(pk_fp2_one(), pk_fp2_zero(), pk_fp2_zero()); }
__device__ __forceinline__ pk_fp6 pk_fp6_add(const pk_fp6& a, const pk_fp6& b) {
    return pk_fp6_make(pk_fp2_add(a.c0, b.c0), pk_fp2_add(a.c1, b.c1), pk_fp2_add(a.c2, b.c2));
}
__device__ __forceinline__ pk_fp6 pk_fp6_sub(const pk_fp6& a, const pk_fp6& b) {
    return pk_fp6_make(pk_fp2_sub(a.c0, b.c0), pk_fp2_sub(a.c1, b.c1), pk_fp2_sub(a.c2, b.c2));
}
__device__ __forceinline__ pk_fp6 pk_fp6_neg(const pk_fp6& a) {
    return pk_fp6_make(pk_fp2_neg(a.c0), pk_fp2_neg(a.c1), pk_fp2_neg(a.c2));
}
__device__ __forceinline__ pk_fp6 pk_fp6_dbl(const pk_fp6& a) { return pk_fp6_add(a, a); }

// Karatsuba (eprint 2006/471 Sec. 4; Fp6::mul_generic): t_k = a_k b_k,
// c0 = t0 + xi((a1 + a2)(b1 + b2) - t1 - t2), c1 = (a0 + a1)(b0 + b1) - t0 - t1 + xi t2,
// c2 = (a0 + a2)(b0 + b2) - t0 - t2 + t1.
__device__ __noinline__ pk_fp6 pk_fp6_mul(const pk_fp6& a, const pk_fp6& b) {
    const pk_fp2 t0 = pk_fp2_mul(a.c0, b.c0);
    const pk_fp2 t1 = pk_fp2_mul(a.c1, b.c1);
    const pk_fp2 t2 = pk_fp2_mul(a.c2, b.c2);
    const pk_fp2 c0 = pk_fp2_add(
        pk_fp2_mul_by_xi(pk_fp2_sub(pk_fp2_sub(pk_fp2_mul(pk_fp2_add(a.c1, a.c2), pk_fp2_add(b.c1, b.c2)), t1), t2)),
        t0);
    const pk_fp2 c1 = pk_fp2_add(
        pk_fp2_sub(pk_fp2_sub(pk_fp2_mul(pk_fp2_add(a.c0, a.c1), pk_fp2_add(b.c0, b.c1)), t0), t1),
        pk_fp2_mul_by_xi(t2));
    const pk_fp2 c2 =
        pk_fp2_add(pk_fp2_sub(pk_fp2_sub(pk_fp2_mul(pk_fp2_add(a.c0, a.c2), pk_fp2_add(b.c0, b.c2)), t0), t2), t1);
    return pk_fp6_make(c0, c1, c2);
}

// CH-SQR2 (Chung, Hasan 2007; Fp6::square): s0 = a0^2, s1 = 2 a0 a1, s2 = (a0 - a1 + a2)^2,
// s3 = 2 a1 a2, s4 = a2^2; c0 = s0 + xi s3, c1 = s1 + xi s4, c2 = s1 + s2 + s3 - s0 - s4.
__device__ __noinline__ pk_fp6 pk_fp6_sqr(const pk_fp6& a) {
    const pk_fp2 s0 = pk_fp2_sqr(a.c0);
    const pk_fp2 s1 = pk_fp2_dbl(pk_fp2_mul(a.c0, a.c1));
    const pk_fp2 s2 = pk_fp2_sqr(pk_fp2_add(pk_fp2_sub(a.c0, a.c1), a.c2));
    const pk_fp2 s3 = pk_fp2_dbl(pk_fp2_mul(a.c1, a.c2));
    const pk_fp2 s4 = pk_fp2_sqr(a.c2);
    return pk_fp6_make(pk_fp2_add(s0, pk_fp2_mul_by_xi(s3)), pk_fp2_add(s1, pk_fp2_mul_by_xi(s4)),
                       pk_fp2_sub(pk_fp2_sub(pk_fp2_add(pk_fp2_add(s1, s2), s3), s0), s4));
}

__device__ __forceinline__ pk_fp6 pk_fp6_mul_by_fp2(const pk_fp6& a, const pk_fp2& k) {
    return pk_fp6_make(pk_fp2_mul(a.c0, k), pk_fp2_mul(a.c1, k), pk_fp2_mul(a.c2, k));
}

// v (c0 + c1 v + c2 v^2) = xi c2 + c0 v + c1 v^2.
__device__ __forceinline__ pk_fp6 pk_fp6_mul_by_v(const pk_fp6& a) {
    return pk_fp6_make(pk_fp2_mul_by_xi(a.c2), a.c0, a.c1);
}

// a (b0 + b1 v): Karatsuba with b2 = 0, 5 F_{p^2} products (Fp6::mul_by_01).
__device__ __noinline__ pk_fp6 pk_fp6_mul_by_01(const pk_fp6& a, const pk_fp2& b0, const pk_fp2& b1) {
    const pk_fp2 t0 = pk_fp2_mul(a.c0, b0);
    const pk_fp2 t1 = pk_fp2_mul(a.c1, b1);
    const pk_fp2 c0 = pk_fp2_add(pk_fp2_mul_by_xi(pk_fp2_mul(a.c2, b1)), t0);
    const pk_fp2 c1 = pk_fp2_sub(pk_fp2_sub(pk_fp2_mul(pk_fp2_add(a.c0, a.c1), pk_fp2_add(b0, b1)), t0), t1);
    const pk_fp2 c2 = pk_fp2_add(pk_fp2_mul(a.c2, b0), t1);
    return pk_fp6_make(c0, c1, c2);
}

// a (b1 v) (Fp6::mul_by_1).
__device__ __forceinline__ pk_fp6 pk_fp6_mul_by_1(const pk_fp6& a, const pk_fp2& b1) {
    return pk_fp6_make(pk_fp2_mul_by_xi(pk_fp2_mul(a.c2, b1)), pk_fp2_mul(a.c0, b1), pk_fp2_mul(a.c1, b1));
}

// Inverse, eprint 2010/354 Alg. 17 (Fp6::inv_with): A = a0^2 - xi a1 a2, B = xi a2^2 - a0 a1,
// C = a1^2 - a0 a2, F = xi a2 B + a0 A + xi a1 C, (A, B, C)/F; 0 for 0.
__device__ __noinline__ pk_fp6 pk_fp6_inv(const pk_fp6& a) {
    const pk_fp2 A = pk_fp2_sub(pk_fp2_sqr(a.c0), pk_fp2_mul_by_xi(pk_fp2_mul(a.c1, a.c2)));
    const pk_fp2 B = pk_fp2_sub(pk_fp2_mul_by_xi(pk_fp2_sqr(a.c2)), pk_fp2_mul(a.c0, a.c1));
    const pk_fp2 C = pk_fp2_sub(pk_fp2_sqr(a.c1), pk_fp2_mul(a.c0, a.c2));
    const pk_fp2 F = pk_fp2_add(pk_fp2_add(pk_fp2_mul_by_xi(pk_fp2_mul(a.c2, B)), pk_fp2_mul(a.c0, A)),
                                pk_fp2_mul_by_xi(pk_fp2_mul(a.c1, C)));
    const pk_fp2 fi = pk_fp2_inv(F);
    return pk_fp6_make(pk_fp2_mul(A, fi), pk_fp2_mul(B, fi), pk_fp2_mul(C, fi));
}

// ---- F_{p^12} (fp12.rs, sparse.rs) ---------------------------------------------------------------

__device__ __forceinline__ pk_fp12 pk_fp12_make(const pk_fp6& a, const pk_fp6& b) {
    pk_fp12 r;
    r.c0 = a;
    r.c1 = b;
    return r;
}
__device__ __forceinline__ pk_fp12 pk_fp12_one() { return pk_fp12_make(pk_fp6_one(), pk_fp6_zero()); }
__device__ __forceinline__ pk_fp12 pk_fp12_conj(const pk_fp12& a) { return pk_fp12_make(a.c0, pk_fp6_neg(a.c1)); }

__device__ __forceinline__ bool pk_fp12_is_zero(const pk_fp12& a) {
    return pk_fp2_is_zero(a.c0.c0) && pk_fp2_is_zero(a.c0.c1) && pk_fp2_is_zero(a.c0.c2) &&
           pk_fp2_is_zero(a.c1.c0) && pk_fp2_is_zero(a.c1.c1) && pk_fp2_is_zero(a.c1.c2);
}

// Karatsuba over F_{p^6} (Fp12::mul): t0 = a0 b0, t1 = a1 b1, c0 = t0 + v t1,
// c1 = (a0 + a1)(b0 + b1) - t0 - t1.
__device__ __noinline__ pk_fp12 pk_fp12_mul(const pk_fp12& a, const pk_fp12& b) {
    const pk_fp6 t0 = pk_fp6_mul(a.c0, b.c0);
    const pk_fp6 t1 = pk_fp6_mul(a.c1, b.c1);
    const pk_fp6 s = pk_fp6_mul(pk_fp6_add(a.c0, a.c1), pk_fp6_add(b.c0, b.c1));
    return pk_fp12_make(pk_fp6_add(t0, pk_fp6_mul_by_v(t1)), pk_fp6_sub(pk_fp6_sub(s, t0), t1));
}

// Complex squaring for w^2 = v (Fp12::square): t = a0 a1, c0 = (a0 + a1)(a0 + v a1) - t - v t,
// c1 = 2t.
__device__ __noinline__ pk_fp12 pk_fp12_sqr(const pk_fp12& a) {
    const pk_fp6 t = pk_fp6_mul(a.c0, a.c1);
    const pk_fp6 s = pk_fp6_mul(pk_fp6_add(a.c0, a.c1), pk_fp6_add(a.c0, pk_fp6_mul_by_v(a.c1)));
    return pk_fp12_make(pk_fp6_sub(pk_fp6_sub(s, t), pk_fp6_mul_by_v(t)), pk_fp6_dbl(t));
}

// a (x + y w + z w^3): the D-type line shape, coefficients g0, h0, h1 (Fp12::mul_by_034).
__device__ __noinline__ pk_fp12 pk_fp12_mul_by_034(const pk_fp12& a, const pk_fp2& x, const pk_fp2& y,
                                                   const pk_fp2& z) {
    const pk_fp6 t0 = pk_fp6_mul_by_fp2(a.c0, x);
    const pk_fp6 t1 = pk_fp6_mul_by_01(a.c1, y, z);
    const pk_fp6 s = pk_fp6_mul_by_01(pk_fp6_add(a.c0, a.c1), pk_fp2_add(x, y), z);
    return pk_fp12_make(pk_fp6_add(t0, pk_fp6_mul_by_v(t1)), pk_fp6_sub(pk_fp6_sub(s, t0), t1));
}

// a ((c0 + c1 v) + (c4 v) w): the M-type line shape, coefficients g0, g1, h1 (sparse.rs
// Fp12::mul_by_014).
__device__ __noinline__ pk_fp12 pk_fp12_mul_by_014(const pk_fp12& a, const pk_fp2& c0, const pk_fp2& c1,
                                                   const pk_fp2& c4) {
    const pk_fp6 t0 = pk_fp6_mul_by_01(a.c0, c0, c1);
    const pk_fp6 t1 = pk_fp6_mul_by_1(a.c1, c4);
    const pk_fp6 s = pk_fp6_mul_by_01(pk_fp6_add(a.c0, a.c1), c0, pk_fp2_add(c1, c4));
    return pk_fp12_make(pk_fp6_add(t0, pk_fp6_mul_by_v(t1)), pk_fp6_sub(pk_fp6_sub(s, t0), t1));
}

// 1/(c0 + c1 w) = (c0 - c1 w)/(c0^2 - v c1^2); 0 for 0 (Fp12::inv_or_zero).
__device__ __noinline__ pk_fp12 pk_fp12_inv(const pk_fp12& a) {
    const pk_fp6 d = pk_fp6_inv(pk_fp6_sub(pk_fp6_sqr(a.c0), pk_fp6_mul_by_v(pk_fp6_sqr(a.c1))));
    return pk_fp12_make(pk_fp6_mul(a.c0, d), pk_fp6_neg(pk_fp6_mul(a.c1, d)));
}

// Frobenius maps (Fp12::frobenius, frobenius2, frobenius3): the coefficient of w^j goes to
// conj(.) gamma_j, (.) delta_j, conj(.) eps_j. Coefficient order of w^j: g0 (j = 0), h0 (1),
// g1 (2), h1 (3), g2 (4), h2 (5).
__device__ __forceinline__ pk_fp2 pk_gamma_j(int j) { return pk_fp2_load(pk_gamma + (j - 1) * 2 * PK_NL); }
__device__ __forceinline__ pk_fp2 pk_eps_j(int j) { return pk_fp2_load(pk_eps + (j - 1) * 2 * PK_NL); }
__device__ __forceinline__ pk_fp pk_delta_j(int j) { return pk_fp_load(pk_delta + (j - 1) * PK_NL); }

__device__ __noinline__ pk_fp12 pk_fp12_frobenius(const pk_fp12& a) {
    const pk_fp6& x = a.c0;
    const pk_fp6& y = a.c1;
    return pk_fp12_make(pk_fp6_make(pk_fp2_conj(x.c0), pk_fp2_mul(pk_fp2_conj(x.c1), pk_gamma_j(2)),
                                    pk_fp2_mul(pk_fp2_conj(x.c2), pk_gamma_j(4))),
                        pk_fp6_make(pk_fp2_mul(pk_fp2_conj(y.c0), pk_gamma_j(1)),
                                    pk_fp2_mul(pk_fp2_conj(y.c1), pk_gamma_j(3)),
                                    pk_fp2_mul(pk_fp2_conj(y.c2), pk_gamma_j(5))));
}

__device__ __noinline__ pk_fp12 pk_fp12_frobenius2(const pk_fp12& a) {
    const pk_fp6& x = a.c0;
    const pk_fp6& y = a.c1;
    return pk_fp12_make(
        pk_fp6_make(x.c0, pk_fp2_mul_by_fp(x.c1, pk_delta_j(2)), pk_fp2_mul_by_fp(x.c2, pk_delta_j(4))),
        pk_fp6_make(pk_fp2_mul_by_fp(y.c0, pk_delta_j(1)), pk_fp2_mul_by_fp(y.c1, pk_delta_j(3)),
                    pk_fp2_mul_by_fp(y.c2, pk_delta_j(5))));
}

__device__ __noinline__ pk_fp12 pk_fp12_frobenius3(const pk_fp12& a) {
    const pk_fp6& x = a.c0;
    const pk_fp6& y = a.c1;
    return pk_fp12_make(pk_fp6_make(pk_fp2_conj(x.c0), pk_fp2_mul(pk_fp2_conj(x.c1), pk_eps_j(2)),
                                    pk_fp2_mul(pk_fp2_conj(x.c2), pk_eps_j(4))),
                        pk_fp6_make(pk_fp2_mul(pk_fp2_conj(y.c0), pk_eps_j(1)),
                                    pk_fp2_mul(pk_fp2_conj(y.c1), pk_eps_j(3)),
                                    pk_fp2_mul(pk_fp2_conj(y.c2), pk_eps_j(5))));
}

// (x + y s)^2 = (x^2 + xi y^2) + ((x + y)^2 - x^2 - y^2) s in F_{p^4} = F_{p^2}[s]/(s^2 - xi)
// (Fp2::fp4_square_generic).
__device__ __forceinline__ void pk_fp4_sqr(const pk_fp2& x, const pk_fp2& y, pk_fp2* c0, pk_fp2* c1) {
    const pk_fp2 t0 = pk_fp2_sqr(x);
    const pk_fp2 t1 = pk_fp2_sqr(y);
    *c0 = pk_fp2_add(t0, pk_fp2_mul_by_xi(t1));
    *c1 = pk_fp2_sub(pk_fp2_sub(pk_fp2_sqr(pk_fp2_add(x, y)), t0), t1);
}

// 3t - 2x and 3t + 2x, as (t -+ x) doubled plus t (Fp12::cyclotomic_square's m3m2 / m3p2).
__device__ __forceinline__ pk_fp2 pk_m3m2(const pk_fp2& t, const pk_fp2& x) { return pk_fp2_add(pk_fp2_dbl(pk_fp2_sub(t, x)), t); }
__device__ __forceinline__ pk_fp2 pk_m3p2(const pk_fp2& t, const pk_fp2& x) { return pk_fp2_add(pk_fp2_dbl(pk_fp2_add(t, x)), t); }

// Granger-Scott squaring in the cyclotomic subgroup (eprint 2009/565 Sec. 3.2;
// Fp12::cyclotomic_square, the spec's formula): A = g0 + h1 s, B = h0 + g2 s, C = g1 + h2 s,
// A' = 3A^2 - 2conj(A), B' = 3 s C^2 + 2conj(B), C' = 3B^2 - 2conj(C).
__device__ __noinline__ pk_fp12 pk_fp12_cyclotomic_sqr(const pk_fp12& f) {
    const pk_fp2 &g0 = f.c0.c0, &g1 = f.c0.c1, &g2 = f.c0.c2;
    const pk_fp2 &h0 = f.c1.c0, &h1 = f.c1.c1, &h2 = f.c1.c2;
    pk_fp2 a0, a1, b0, b1, c0, c1;
    pk_fp4_sqr(g0, h1, &a0, &a1);
    pk_fp4_sqr(h0, g2, &b0, &b1);
    pk_fp4_sqr(g1, h2, &c0, &c1);
    return pk_fp12_make(pk_fp6_make(pk_m3m2(a0, g0), pk_m3m2(b0, g1), pk_m3m2(c0, g2)),
                        pk_fp6_make(pk_m3p2(pk_fp2_mul_by_xi(c1), h0), pk_m3p2(a1, h1), pk_m3p2(b1, h2)));
}
