// The optimal ate pairing of bn254 and bls12-381 (Vercauteren, eprint 2008/096), one pairing per
// thread, mirroring crates/pairkit-core/src/pairing/ate.rs (Miller loop) and ate_final_exp.rs
// (final exponentiation) step for step, so the Miller value itself -- not only the pairing --
// equals the Rust core's (the projective line scalings are the Rust ones, not the spec's).
//
// Prelude: PK_FAMILY (1 = BN: loop 6u + 2 and two Frobenius lines; 2 = BLS12: loop |u|, conjugated
// for u < 0), PK_TWIST_M (0 = D-type, lines by mul_by_034; 1 = M-type, mul_by_014), PK_U_NEG,
// PK_VARIANT (0 = optimal-ate, the interop value; 1 = optimal-ate-reduced), 3b' in Montgomery
// form, and the signed digits (least significant first): the NAF of the loop length
// (PK_LOOP_NAF), the width-PK_U_W NAF of |u| (PK_U_NAF) and, for BLS12's reduced hard part, the
// width-PK_H_W NAF of (u - 1)^2/3 (PK_H_NAF); widths chosen as ate_params.rs best_window does.

__constant__ pk_u32 pk_three_b[2 * PK_NL] = PK_THREE_B_WORDS;  // 3 b' (the twist's b' in F_{p^2})
__constant__ signed char pk_loop_naf[PK_LOOP_LEN] = PK_LOOP_NAF;
__constant__ signed char pk_u_naf[PK_U_LEN] = PK_U_NAF;
#if PK_FAMILY == 2 && PK_VARIANT == 1
__constant__ signed char pk_h_naf[PK_H_LEN] = PK_H_NAF;
#endif
// c^{-1} mod r, little-endian words: the map of an optimal-ate value to the reduced pairing
// (ate_final_exp.rs to_reduced; the engine's `canonical`).
__constant__ pk_u32 pk_canon_exp[PK_CANON_NW] = PK_CANON_EXP_WORDS;

struct pk_g2proj {
    pk_fp2 x, y, z;
};
struct pk_line {
    pk_fp2 a, b, c;  // a y_P + b x_P (w part) + c (ate.rs LineCoeffs)
};

// f times the line (a, b, c) evaluated at P (ate.rs mul_line).
__device__ __forceinline__ pk_fp12 pk_mul_line(const pk_fp12& f, const pk_line& l, const pk_fp& xp, const pk_fp& yp) {
    const pk_fp2 ay = pk_fp2_mul_by_fp(l.a, yp);
    const pk_fp2 bx = pk_fp2_mul_by_fp(l.b, xp);
#if PK_TWIST_M
    return pk_fp12_mul_by_014(f, l.c, bx, ay);
#else
    return pk_fp12_mul_by_034(f, ay, bx, l.c);
#endif
}

// T <- 2T and the tangent line (eprint 2010/526 Eq. (10), scaled by 4; ate.rs double_step):
// A = XY, B = Y^2, C = Z^2, E = 3b'C, F = 3E, H = (Y + Z)^2 - B - C, I = E - B, J = X^2;
// 2T = (2A(B - F), (B + F)^2 - 12E^2, 4BH), line (-H, 3J, I).
__device__ __noinline__ pk_line pk_double_step(pk_g2proj* t) {
    const pk_fp2 a = pk_fp2_mul(t->x, t->y);
    const pk_fp2 b = pk_fp2_sqr(t->y);
    const pk_fp2 c = pk_fp2_sqr(t->z);
    const pk_fp2 e = pk_fp2_mul(pk_fp2_load(pk_three_b), c);
    const pk_fp2 f = pk_fp2_add(pk_fp2_dbl(e), e);
    const pk_fp2 h = pk_fp2_sub(pk_fp2_sub(pk_fp2_sqr(pk_fp2_add(t->y, t->z)), b), c);
    const pk_fp2 i = pk_fp2_sub(e, b);
    const pk_fp2 j = pk_fp2_sqr(t->x);
    const pk_fp2 e2 = pk_fp2_sqr(e);
    const pk_fp2 e2_3 = pk_fp2_add(pk_fp2_dbl(e2), e2);
    t->x = pk_fp2_dbl(pk_fp2_mul(a, pk_fp2_sub(b, f)));
    t->y = pk_fp2_sub(pk_fp2_sqr(pk_fp2_add(b, f)), pk_fp2_dbl(pk_fp2_dbl(e2_3)));
    t->z = pk_fp2_dbl(pk_fp2_dbl(pk_fp2_mul(b, h)));
    pk_line l;
    l.a = pk_fp2_neg(h);
    l.b = pk_fp2_add(pk_fp2_dbl(j), j);
    l.c = i;
    return l;
}

// T <- T + Q (Q affine) and the chord (eprint 2010/526 Eq. (11); ate.rs add_step).
__device__ __noinline__ pk_line pk_add_step(pk_g2proj* t, const pk_fp2& qx, const pk_fp2& qy) {
    const pk_fp2 theta = pk_fp2_sub(t->y, pk_fp2_mul(qy, t->z));
    const pk_fp2 lambda = pk_fp2_sub(t->x, pk_fp2_mul(qx, t->z));
    const pk_fp2 c = pk_fp2_sqr(theta);
    const pk_fp2 d = pk_fp2_sqr(lambda);
    const pk_fp2 e = pk_fp2_mul(lambda, d);
    const pk_fp2 f = pk_fp2_mul(t->z, c);
    const pk_fp2 g = pk_fp2_mul(t->x, d);
    const pk_fp2 h = pk_fp2_sub(pk_fp2_add(e, f), pk_fp2_dbl(g));
    t->x = pk_fp2_mul(lambda, h);
    t->y = pk_fp2_sub(pk_fp2_mul(theta, pk_fp2_sub(g, h)), pk_fp2_mul(t->y, e));
    t->z = pk_fp2_mul(t->z, e);
    pk_line l;
    l.a = lambda;
    l.b = pk_fp2_neg(theta);
    l.c = pk_fp2_sub(pk_fp2_mul(theta, qx), pk_fp2_mul(lambda, qy));
    return l;
}

// The Miller loop of one pair (ate.rs miller_core with one OnTheFly source): P = (xp, yp) in
// G1, Q = (qx, qy) on the twist, both affine, validated and finite, in Montgomery form.
__device__ __noinline__ pk_fp12 pk_ate_miller(const pk_fp& xp, const pk_fp& yp, const pk_fp2& qx, const pk_fp2& qy) {
    pk_g2proj t;
    t.x = qx;
    t.y = qy;
    t.z = pk_fp2_one();
    const pk_fp2 nqy = pk_fp2_neg(qy);
    pk_fp12 f = pk_fp12_one();
    const int top = PK_LOOP_LEN - 1;
#pragma unroll 1
    for (int i = top - 1; i >= 0; --i) {
        if (i + 1 != top) f = pk_fp12_sqr(f);
        f = pk_mul_line(f, pk_double_step(&t), xp, yp);
        const int d = pk_loop_naf[i];
        if (d != 0) f = pk_mul_line(f, pk_add_step(&t, qx, d < 0 ? nqy : qy), xp, yp);
    }
#if PK_FAMILY == 1
    // psi(x, y) = (conj(x) gamma_2, conj(y) gamma_3) (D-type; ate.rs psi); T + psi(Q), T - psi^2(Q)
    const pk_fp2 g2 = pk_gamma_j(2), g3 = pk_gamma_j(3);
    const pk_fp2 q1x = pk_fp2_mul(pk_fp2_conj(qx), g2), q1y = pk_fp2_mul(pk_fp2_conj(qy), g3);
    f = pk_mul_line(f, pk_add_step(&t, q1x, q1y), xp, yp);
    const pk_fp2 q2x = pk_fp2_mul(pk_fp2_conj(q1x), g2), q2y = pk_fp2_mul(pk_fp2_conj(q1y), g3);
    f = pk_mul_line(f, pk_add_step(&t, q2x, pk_fp2_neg(q2y)), xp, yp);
#elif PK_U_NEG
    f = pk_fp12_conj(f);  // f_{u,Q} = conj(f_{|u|,Q}) up to factors the final exponentiation kills
#endif
    return f;
}

// m^e for a cyclotomic m and the width-w NAF digits d[0..len) of a public e > 0
// (ate_final_exp.rs cyclotomic_pow_wnaf): table m, m^3, ..., m^{2^{w-1} - 1}; negative digits
// multiply by the conjugate.
__device__ __noinline__ pk_fp12 pk_cyclotomic_pow_wnaf(const pk_fp12& m, const signed char* d, int len, int w) {
    pk_fp12 table[PK_WNAF_TABLE];  // PK_WNAF_TABLE = 2^{w-2} for the widest w (prelude)
    const int size = 1 << (w - 2);
    table[0] = m;
    if (size > 1) {
        const pk_fp12 m2 = pk_fp12_cyclotomic_sqr(m);
#pragma unroll 1
        for (int k = 1; k < size; ++k) table[k] = pk_fp12_mul(table[k - 1], m2);
    }
    int top = d[len - 1];
    pk_fp12 r = table[(top < 0 ? -top : top) >> 1];
    if (top < 0) r = pk_fp12_conj(r);
#pragma unroll 1
    for (int k = len - 2; k >= 0; --k) {
        r = pk_fp12_cyclotomic_sqr(r);
        const int dk = d[k];
        if (dk != 0) {
            const pk_fp12& t = table[(dk < 0 ? -dk : dk) >> 1];
            r = pk_fp12_mul(r, dk < 0 ? pk_fp12_conj(t) : t);
        }
    }
    return r;
}

// m^u (ate_final_exp.rs exp_by_u).
__device__ __forceinline__ pk_fp12 pk_exp_by_u(const pk_fp12& m) {
    const pk_fp12 r = pk_cyclotomic_pow_wnaf(m, pk_u_naf, PK_U_LEN, PK_U_W);
#if PK_U_NEG
    return pk_fp12_conj(r);
#else
    return r;
#endif
}

// The hard part m^{c (p^4 - p^2 + 1)/r} (c of the variant; ate_final_exp.rs hard_*).
__device__ __noinline__ pk_fp12 pk_final_exp_hard(const pk_fp12& m) {
#if PK_FAMILY == 1 && PK_VARIANT == 0
    // hard_bn_interop (Fuentes-Castaneda, Knapp, Rodriguez-Henriquez, SAC 2011, Sec. 6.1)
    const pk_fp12 a = pk_exp_by_u(m);
    const pk_fp12 b = pk_fp12_cyclotomic_sqr(a);
    const pk_fp12 d = pk_fp12_mul(pk_fp12_cyclotomic_sqr(b), b);
    const pk_fp12 e = pk_exp_by_u(d);
    const pk_fp12 g = pk_exp_by_u(pk_fp12_cyclotomic_sqr(e));
    const pk_fp12 k = pk_fp12_mul(pk_fp12_mul(g, e), d);
    const pk_fp12 l = pk_fp12_mul(k, pk_fp12_conj(b));
    const pk_fp12 n = pk_fp12_mul(pk_fp12_mul(k, e), m);
    const pk_fp12 t = pk_fp12_mul(l, pk_fp12_conj(m));
    return pk_fp12_mul(pk_fp12_mul(pk_fp12_mul(n, pk_fp12_frobenius(l)), pk_fp12_frobenius2(k)),
                       pk_fp12_frobenius3(t));
#elif PK_FAMILY == 1
    // hard_bn (Scott et al., eprint 2008/490 Sec. 4)
    const pk_fp12 m1 = pk_exp_by_u(m);
    const pk_fp12 m2 = pk_exp_by_u(m1);
    const pk_fp12 m3 = pk_exp_by_u(m2);
    const pk_fp12 x4 = pk_fp12_cyclotomic_sqr(pk_fp12_cyclotomic_sqr(m3));
    const pk_fp12 x36 =
        pk_fp12_mul(pk_fp12_cyclotomic_sqr(pk_fp12_cyclotomic_sqr(pk_fp12_cyclotomic_sqr(x4))), x4);
    const pk_fp12 y6 = pk_fp12_cyclotomic_sqr(pk_fp12_mul(pk_fp12_cyclotomic_sqr(m2), m2));
    const pk_fp12 y12 = pk_fp12_cyclotomic_sqr(y6);
    const pk_fp12 y18 = pk_fp12_mul(y12, y6);
    const pk_fp12 y30 = pk_fp12_mul(y18, y12);
    const pk_fp12 z6 = pk_fp12_cyclotomic_sqr(pk_fp12_mul(pk_fp12_cyclotomic_sqr(m1), m1));
    const pk_fp12 z12 = pk_fp12_cyclotomic_sqr(z6);
    const pk_fp12 z18 = pk_fp12_mul(z12, z6);
    const pk_fp12 l0 =
        pk_fp12_conj(pk_fp12_mul(pk_fp12_mul(pk_fp12_mul(x36, y30), z18), pk_fp12_cyclotomic_sqr(m)));
    const pk_fp12 l1 = pk_fp12_mul(pk_fp12_conj(pk_fp12_mul(pk_fp12_mul(x36, y18), z12)), m);
    const pk_fp12 l2 = pk_fp12_mul(y6, m);
    return pk_fp12_mul(pk_fp12_mul(pk_fp12_mul(l0, pk_fp12_frobenius(l1)), pk_fp12_frobenius2(l2)),
                       pk_fp12_frobenius3(m));
#elif PK_VARIANT == 0
    // hard_bls12_interop (eprint 2020/875 times 3)
    const pk_fp12 t = pk_fp12_mul(pk_exp_by_u(m), pk_fp12_conj(m));
    const pk_fp12 a = pk_fp12_mul(pk_exp_by_u(t), pk_fp12_conj(t));
    const pk_fp12 b = pk_fp12_mul(pk_exp_by_u(a), pk_fp12_frobenius(a));
    const pk_fp12 c =
        pk_fp12_mul(pk_fp12_mul(pk_exp_by_u(pk_exp_by_u(b)), pk_fp12_frobenius2(b)), pk_fp12_conj(b));
    return pk_fp12_mul(pk_fp12_mul(c, pk_fp12_cyclotomic_sqr(m)), m);
#else
    // hard_bls12 (Hayashida, Hayasaka, Teruya, eprint 2020/875 Theorem 1)
    const pk_fp12 a = pk_cyclotomic_pow_wnaf(m, pk_h_naf, PK_H_LEN, PK_H_W);
    const pk_fp12 b = pk_fp12_mul(pk_exp_by_u(a), pk_fp12_frobenius(a));
    const pk_fp12 c =
        pk_fp12_mul(pk_fp12_mul(pk_exp_by_u(pk_exp_by_u(b)), pk_fp12_frobenius2(b)), pk_fp12_conj(b));
    return pk_fp12_mul(c, m);
#endif
}

// The final exponentiation (ate_final_exp.rs final_exponentiation_or_zero_with): easy part
// g = conj(f)/f, m = frob^2(g) g, then the hard part. A zero f gives zero, and *ok = false
// (the Rust core's DivisionByZero; impossible for valid points).
__device__ __noinline__ pk_fp12 pk_ate_final_exp(const pk_fp12& f, bool* ok) {
    const pk_fp12 g = pk_fp12_mul(pk_fp12_conj(f), pk_fp12_inv(f));
    const pk_fp12 r = pk_final_exp_hard(pk_fp12_mul(pk_fp12_frobenius2(g), g));
    *ok = !pk_fp12_is_zero(r);
    return r;
}

// The canonical (reduced) value of the variant's output: g^{c^{-1} mod r} for optimal-ate
// (square-and-multiply from the top bit; g is in GT, so cyclotomic squarings are squarings),
// g itself for optimal-ate-reduced (ate_final_exp.rs to_reduced; engine/prime.rs canonical).
__device__ __noinline__ pk_fp12 pk_ate_to_canonical(const pk_fp12& g) {
#if PK_VARIANT == 0
    pk_fp12 r = pk_fp12_one();
    bool started = false;
#pragma unroll 1
    for (int j = PK_CANON_NW - 1; j >= 0; --j) {
        const pk_u32 e = pk_canon_exp[j];
#pragma unroll 1
        for (int k = 31; k >= 0; --k) {
            if (started) r = pk_fp12_cyclotomic_sqr(r);
            if ((e >> k) & 1u) {
                r = started ? pk_fp12_mul(r, g) : g;
                started = true;
            }
        }
    }
    return r;
#else
    return g;
#endif
}
