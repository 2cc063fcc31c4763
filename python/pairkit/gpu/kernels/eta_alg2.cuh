// Seed 000 Algorithm 2 ((m+1)/2 iterations, then the closing line l(psi Q) of seed 000 Eq. 3
// as printed in Alg. 2 line 11) and its final exponentiation C^{M T} (seed 000 Eq. 8), per
// instance. Mirrors crates/pairkit-core/src/pairing/eta_alg2.rs and `final_exp_2m` / `sqr2` of
// pairing/tate_alg1.rs line for line. Valid for b = 0 and b = 1 (PK_B).

// alpha^4 (tate_alg1.rs `sqr2`).
__device__ __forceinline__ pk_fe pk_sqr2(const pk_fe& a) {
    return pk_sqr(pk_sqr(a));
}

// Seed 000 Algorithm 2 on affine P = (px, py), Q = (x, y).
__device__ __noinline__ pk_f4 pk_eta_alg2_miller(const pk_fe& px, const pk_fe& py, const pk_fe& x, const pk_fe& y) {
    // Alg. 2 lines 1-3: alpha <- alpha^2 + 1, beta <- beta^2 + 1, u <- y + b + 1, v <- x + 1,
    // theta <- alpha v.
    pk_fe alpha = pk_addc(pk_sqr(px), 1u);
    pk_fe beta = pk_addc(pk_sqr(py), 1u);
    pk_fe u = pk_addc(y, (pk_u32)PK_B + 1u);
    pk_fe v = pk_addc(x, 1u);
    pk_fe theta = pk_mul(alpha, v);
    const int h = (PK_M - 1) / 2;
    pk_f4 c = pk_f4_one();
    pk_fe w = pk_fe_zero(), z = pk_fe_zero();
#pragma unroll 1
    for (int i = 0; i <= h; ++i) {
        // Alg. 2 lines 5-7: w <- beta + theta + u, z <- alpha + v + 1, C <- C^2 (w + z s + t).
        w = pk_add3(beta, theta, u);
        z = pk_addc(pk_add(alpha, v), 1u);
        if (i == 0) {
            // C = 1: the product is w + z s + t (seed 000 Eq. 6 with c = 1).
            c = pk_f4_make(w, z, pk_fe_one(), pk_fe_zero());
        } else {
            c = pk_f4_mul_ca(pk_f4_sqr(c), w, z, true);
        }
        if (i < h) {
            // Alg. 2 lines 8-10: alpha <- alpha^4, beta <- beta^4, u <- u + v + 1,
            // v <- v + 1, theta <- alpha v.
            alpha = pk_sqr2(alpha);
            beta = pk_sqr2(beta);
            u = pk_addc(pk_add(u, v), 1u);
            v = pk_addc(v, 1u);
            theta = pk_mul(alpha, v);
        }
    }
    // Alg. 2 line 11 as printed: A <- A + (alpha^2 + v + 1) + s, i.e. w += alpha^2 + v + 1,
    // z += 1, then C <- C A.
    w = pk_add(w, pk_addc(pk_add(pk_sqr(alpha), v), 1u));
    z = pk_addc(z, 1u);
    return pk_f4_mul_ca(c, w, z, true);
}

// C^{2^{2m}-1} (tate_alg1.rs `final_exp_2m`, seed 000 §5.2) for C = C1 + C2 t, as written
// there: N = C1^2 + C1 C2 + s C2^2 (the norm of C to F_{2^{2m}}), k = N^{2^m} / norm(N) = N^{-1},
// result k (C1^2 + C2^2 (1 + s)) + k C2^2 t.
__device__ __noinline__ pk_f4 pk_final_exp_2m(const pk_f4& c, bool* ok) {
    const pk_f2 c1 = pk_f4_lo(c), c2 = pk_f4_hi(c);
    const pk_f2 c1s = pk_f2_sqr(c1);
    const pk_f2 c2s = pk_f2_sqr(c2);
    const pk_f2 n = pk_f2_add(pk_f2_add(c1s, pk_f2_mul(c1, c2)), pk_f2_mul_s(c2s));
    const pk_fe d = pk_inv(pk_f2_norm(n), ok);
    const pk_f2 k = pk_f2_mul_base(pk_f2_frob(n), d);  // (c0 + c1 (s + 1)) / N
    const pk_f2 lo = pk_f2_add(c1s, pk_f2_add(c2s, pk_f2_mul_s(c2s)));  // C1^2 + C2^2 (1 + s)
    const pk_f2 r0 = pk_f2_mul(k, lo);
    const pk_f2 r1 = pk_f2_mul(k, c2s);
    return pk_f4_join(r0, r1);
}

// C^{M T} (seed 000 Eq. 8; eta_alg2.rs `final_exp_mt`) with M = (2^{2m}-1)(2^m + 1 - delta 2^k),
// |T| = 2^k + delta, k = (m+1)/2: z = C^{2^{2m}-1} is unitary (z^{-1} = z^{2^{2m}}), so
// w = z^{2^m + 1 - delta 2^k} and the result is w^{2^m} (delta = -1) or w^{-2^m} (delta = +1).
__device__ __noinline__ pk_f4 pk_eta_alg2_final_exp(const pk_f4& c, bool* ok) {
    const int k = (PK_M + 1) / 2;
    const pk_f4 z = pk_final_exp_2m(c, ok);
    pk_f4 zk = pk_f4_pow_2k(z, k);
    if (PK_DELTA > 0) zk = pk_f4_frob2(zk);  // z^{-2^k}
    pk_f4 w = pk_f4_mul(pk_f4_mul(pk_f4_frob(z), z), zk);  // z^{2^m + 1 - delta 2^k}
    w = pk_f4_frob(w);  // ^ 2^m
    return PK_DELTA > 0 ? pk_f4_frob2(w) : w;
}

// eta-alg2 outputs tau itself (pairing/mod.rs `to_canonical`).
__device__ __forceinline__ pk_f4 pk_eta_alg2_to_canonical(const pk_f4& v) {
    return v;
}
