// Seed 003 Algorithm 1 (the eta_T pairing, (m+1)/2 iterations with square roots of P,
// f <- f g with g = g0 + g1 u + v) and Algorithm 2 (final exponentiation
// f^{(2^{2m}-1)(2^m + 1 - delta 2^{(m+1)/2})}), per instance. Mirrors
// crates/pairkit-core/src/pairing/eta_t.rs line for line. Written in the paper for b = 0: the
// engine only compiles this algorithm for sets with b = 0.

// Seed 003 Algorithm 1 on affine P = (x1, y1), Q = (x2, y2).
__device__ __noinline__ pk_f4 pk_eta_t_miller(pk_fe x1, pk_fe y1, pk_fe x2, pk_fe y2) {
    // Alg. 1 lines 1-3: T <- x1 + 1, g0 <- T (x1 + x2 + 1) + y1 + y2, g1 <- T + x2,
    // f <- g0 + g1 u + v.
    const pk_fe t0 = pk_addc(x1, 1u);
    const pk_fe g00 = pk_add3(pk_mul(t0, pk_addc(pk_add(x1, x2), 1u)), y1, y2);
    const pk_fe g10 = pk_add(t0, x2);
    pk_f4 acc = pk_f4_make(g00, g10, pk_fe_one(), pk_fe_zero());
    const int iters = (PK_M + 1) / 2;
#pragma unroll 1
    for (int i = 0; i < iters; ++i) {
        // Alg. 1 lines 5-10: T <- x1, x1 <- sqrt(x1), y1 <- sqrt(y1),
        // g0 <- T (x1 + x2) + y1 + y2 + x1 + 1, g1 <- T + x2, f <- f (g0 + g1 u + v).
        const pk_fe t = x1;
        x1 = pk_sqrt(x1);
        y1 = pk_sqrt(y1);
        const pk_fe g0 = pk_addc(pk_add3(pk_mul(t, pk_add(x1, x2)), pk_add(y1, y2), x1), 1u);
        const pk_fe g1 = pk_add(t, x2);
        acc = pk_f4_mul_fg(acc, g0, g1);
        if (i + 1 < iters) {
            // Alg. 1 lines 11-12: x2 <- x2^2, y2 <- y2^2.
            x2 = pk_sqr(x2);
            y2 = pk_sqr(y2);
        }
    }
    return acc;
}

// Seed 003 Algorithm 2: 1 S = f^{2^{2m}} (Lemma 1 (iii)); 2 T = f^{-1} (Alg. 3); 3 S = S T;
// 4 T = S^{2^{2m}} (delta > 0) or S; 5 T = T^{2^{(m+1)/2}} (App. A.2 square-root chain when
// (m+1)/2 = 0 mod 4, squarings otherwise); 6 R = S^{2^m} (Lemma 1 (ii)); 7 R = R T S.
__device__ __noinline__ pk_f4 pk_eta_t_final_exp(const pk_f4& c, bool* ok) {
    const int k = (PK_M + 1) / 2;
    pk_f4 s = pk_f4_frob2(c);
    pk_f4 t = pk_f4_inv(c, ok);
    s = pk_f4_mul(s, t);
    t = PK_DELTA > 0 ? pk_f4_frob2(s) : s;
    t = (k % 4 == 0) ? pk_f4_pow_2k_by_sqrt(t, k) : pk_f4_pow_2k(t, k);
    const pk_f4 r = pk_f4_frob(s);
    return pk_f4_mul(pk_f4_mul(r, t), s);
}

// The relation of eta-t's output to the canonical reduced Tate pairing (pairing/mod.rs
// `to_canonical`): v = tau^{2^m} for m = 3 mod 4 (tau = v^{2^{3m}}), v = tau for m = 1 mod 4.
__device__ __forceinline__ pk_f4 pk_eta_t_to_canonical(const pk_f4& v) {
    return (PK_M % 4 == 3) ? pk_f4_frob2(pk_f4_frob(v)) : v;
}
