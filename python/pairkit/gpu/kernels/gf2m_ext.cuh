// The tower F_{2^{2m}} = F_{2^m}[s]/(s^2+s+1), F_{2^{4m}} = F_{2^{2m}}[t]/(t^2+t+s) in the basis
// {1, s, t, st} (seed 000 Eq. 4; seed 003 §3.3 with u = s, v = t), m odd. Mirrors
// crates/pairkit-core/src/field/ext/gf2m_2.rs (pk_f2_*) and gf2m_4.rs (pk_f4_*) function for
// function, with the same formulas and therefore the same operation counts.
//
// Frobenius table (gf2m_4.rs module doc): s^2 = s + 1, s^4 = s; t^2 = t + s, t^4 = t + 1,
// t^8 = t + s + 1, t^16 = t; for j = k mod 4 and d_i = c_i^{2^k}, (sum d_i basis_i)^{2^k} is
//   j = 0: d0 + d1 s + d2 t + d3 st
//   j = 1: (d0+d1+d3) + (d1+d2) s + (d2+d3) t + d3 st
//   j = 2: (d0+d2) + (d1+d3) s + d2 t + d3 st                 (seed 003 Lemma 1 (iii))
//   j = 3: (d0+d1+d2) + (d1+d2+d3) s + (d2+d3) t + d3 st      (seed 003 Lemma 1 (ii), seed 004 Eq. 4)

struct pk_f2 {
    pk_fe c[2];
};

struct pk_f4 {
    pk_fe c[4];
};

__device__ __forceinline__ pk_f2 pk_f2_make(const pk_fe& a0, const pk_fe& a1) {
    pk_f2 r;
    r.c[0] = a0;
    r.c[1] = a1;
    return r;
}

__device__ __forceinline__ pk_f4 pk_f4_make(const pk_fe& a0, const pk_fe& a1, const pk_fe& a2, const pk_fe& a3) {
    pk_f4 r;
    r.c[0] = a0;
    r.c[1] = a1;
    r.c[2] = a2;
    r.c[3] = a3;
    return r;
}

__device__ __forceinline__ pk_f2 pk_f2_add(const pk_f2& a, const pk_f2& b) {
    return pk_f2_make(pk_add(a.c[0], b.c[0]), pk_add(a.c[1], b.c[1]));
}

// Karatsuba (f2::mul, seed 003 §3.3): (a0b0 + a1b1) + ((a0+a1)(b0+b1) + a0b0) s. 3M.
__device__ __forceinline__ pk_f2 pk_f2_mul(const pk_f2& a, const pk_f2& b) {
    const pk_fe p0 = pk_mul(a.c[0], b.c[0]);
    const pk_fe p1 = pk_mul(a.c[1], b.c[1]);
    const pk_fe p2 = pk_mul(pk_add(a.c[0], a.c[1]), pk_add(b.c[0], b.c[1]));
    return pk_f2_make(pk_add(p0, p1), pk_add(p2, p0));
}

// (a0 + a1 s) c for c in F_{2^m} (f2::mul_base). 2M.
__device__ __forceinline__ pk_f2 pk_f2_mul_base(const pk_f2& a, const pk_fe& c) {
    return pk_f2_make(pk_mul(a.c[0], c), pk_mul(a.c[1], c));
}

// (a0 + a1 s)^2 = (a0^2 + a1^2) + a1^2 s (f2::sqr).
__device__ __forceinline__ pk_f2 pk_f2_sqr(const pk_f2& a) {
    const pk_fe s0 = pk_sqr(a.c[0]);
    const pk_fe s1 = pk_sqr(a.c[1]);
    return pk_f2_make(pk_add(s0, s1), s1);
}

// s (a0 + a1 s) = a1 + (a0 + a1) s (f2::mul_s).
__device__ __forceinline__ pk_f2 pk_f2_mul_s(const pk_f2& a) {
    return pk_f2_make(a.c[1], pk_add(a.c[0], a.c[1]));
}

// (a0 + a1 s)^{2^m} = (a0 + a1) + a1 s for odd m (seed 003 Lemma 1 (i)).
__device__ __forceinline__ pk_f2 pk_f2_frob(const pk_f2& a) {
    return pk_f2_make(pk_add(a.c[0], a.c[1]), a.c[1]);
}

// N(a) = a0^2 + a0 a1 + a1^2 (seed 003 Alg. 3 step 4; f2::norm).
__device__ __forceinline__ pk_fe pk_f2_norm(const pk_f2& a) {
    return pk_add3(pk_sqr(a.c[0]), pk_mul(a.c[0], a.c[1]), pk_sqr(a.c[1]));
}

__device__ __forceinline__ pk_f4 pk_f4_one() {
    const pk_fe z = pk_fe_zero();
    return pk_f4_make(pk_fe_one(), z, z, z);
}

__device__ __forceinline__ pk_f2 pk_f4_lo(const pk_f4& a) {
    return pk_f2_make(a.c[0], a.c[1]);
}

__device__ __forceinline__ pk_f2 pk_f4_hi(const pk_f4& a) {
    return pk_f2_make(a.c[2], a.c[3]);
}

__device__ __forceinline__ pk_f4 pk_f4_join(const pk_f2& l, const pk_f2& h) {
    return pk_f4_make(l.c[0], l.c[1], h.c[0], h.c[1]);
}

// Karatsuba over F_{2^{2m}} (f4::mul, seed 003 §3.3): (A0 + A1 t)(B0 + B1 t) =
// (A0B0 + s A1B1) + ((A0+A1)(B0+B1) + A0B0) t. 9M.
__device__ __noinline__ pk_f4 pk_f4_mul(const pk_f4& a, const pk_f4& b) {
    const pk_f2 a0 = pk_f4_lo(a), a1 = pk_f4_hi(a), b0 = pk_f4_lo(b), b1 = pk_f4_hi(b);
    const pk_f2 p0 = pk_f2_mul(a0, b0);
    const pk_f2 p1 = pk_f2_mul(a1, b1);
    const pk_f2 p2 = pk_f2_mul(pk_f2_add(a0, a1), pk_f2_add(b0, b1));
    return pk_f4_join(pk_f2_add(p0, pk_f2_mul_s(p1)), pk_f2_add(p2, p0));
}

// The basis change of the table above: d (coordinates already raised to 2^k) -> a^{2^k},
// j = k mod 4 (f4::recombine).
__device__ __forceinline__ pk_f4 pk_f4_recombine(const pk_f4& d, int j) {
    switch (j & 3) {
    case 0:
        return d;
    case 1:
        return pk_f4_make(pk_add3(d.c[0], d.c[1], d.c[3]), pk_add(d.c[1], d.c[2]), pk_add(d.c[2], d.c[3]), d.c[3]);
    case 2:
        return pk_f4_make(pk_add(d.c[0], d.c[2]), pk_add(d.c[1], d.c[3]), d.c[2], d.c[3]);
    default:
        return pk_f4_make(pk_add3(d.c[0], d.c[1], d.c[2]), pk_add3(d.c[1], d.c[2], d.c[3]), pk_add(d.c[2], d.c[3]),
                          d.c[3]);
    }
}

// (A0 + A1 t)^2 = (A0^2 + s A1^2) + A1^2 t: 4 base squarings and the j = 1 row (f4::sqr).
__device__ __forceinline__ pk_f4 pk_f4_sqr(const pk_f4& a) {
    return pk_f4_recombine(pk_f4_make(pk_sqr(a.c[0]), pk_sqr(a.c[1]), pk_sqr(a.c[2]), pk_sqr(a.c[3])), 1);
}

// Seed 000 Eq. 5-6 (f4::mul_ca): C (w + z s + e t), e in {0, 1}, 6M:
//   c0' = c0 w + c1 z + e c3            c1' = (c0+c1)(w+z) + c0 w + e (c2+c3)
//   c2' = c2 w + c3 z + e (c0+c2)       c3' = (c2+c3)(w+z) + c2 w + e (c1+c3)
__device__ __noinline__ pk_f4 pk_f4_mul_ca(const pk_f4& c, const pk_fe& w, const pk_fe& z, bool e) {
    const pk_fe c0w = pk_mul(c.c[0], w);
    const pk_fe c1z = pk_mul(c.c[1], z);
    const pk_fe c2w = pk_mul(c.c[2], w);
    const pk_fe c3z = pk_mul(c.c[3], z);
    const pk_fe wz = pk_add(w, z);
    const pk_fe m1 = pk_mul(pk_add(c.c[0], c.c[1]), wz);
    const pk_fe m3 = pk_mul(pk_add(c.c[2], c.c[3]), wz);
    pk_fe n0 = pk_add(c0w, c1z);
    pk_fe n1 = pk_add(m1, c0w);
    pk_fe n2 = pk_add(c2w, c3z);
    pk_fe n3 = pk_add(m3, c2w);
    if (e) {
        n0 = pk_add(n0, c.c[3]);
        n1 = pk_add3(n1, c.c[2], c.c[3]);
        n2 = pk_add3(n2, c.c[0], c.c[2]);
        n3 = pk_add3(n3, c.c[1], c.c[3]);
    }
    return pk_f4_make(n0, n1, n2, n3);
}

// Seed 003 §3.3 (f4::mul_fg): f (g0 + g1 u + v), 6M, with the derived recombination
// f v = (f3 + (f2+f3) u) + ((f0+f2) + (f1+f3) u) v (the paper's printed one is an erratum).
__device__ __noinline__ pk_f4 pk_f4_mul_fg(const pk_f4& a, const pk_fe& g0, const pk_fe& g1) {
    const pk_f2 g = pk_f2_make(g0, g1);
    const pk_f2 l = pk_f2_mul(pk_f4_lo(a), g);
    const pk_f2 h = pk_f2_mul(pk_f4_hi(a), g);
    return pk_f4_make(pk_add(l.c[0], a.c[3]), pk_add3(l.c[1], a.c[2], a.c[3]), pk_add3(h.c[0], a.c[0], a.c[2]),
                      pk_add3(h.c[1], a.c[1], a.c[3]));
}

// a^{2^m} for odd m: the j = m mod 4 row (f4::frob).
__device__ __forceinline__ pk_f4 pk_f4_frob(const pk_f4& a) {
    return pk_f4_recombine(a, PK_M % 4);
}

// a^{2^{2m}}: s fixed, t -> t + 1 (seed 003 Lemma 1 (iii); f4::frob2).
__device__ __forceinline__ pk_f4 pk_f4_frob2(const pk_f4& a) {
    return pk_f4_recombine(a, 2);
}

// Seed 003 Algorithm 3 (f4::inv): R = A^{2^{2m}}; S = A R in F_{2^{2m}}; T = S^{2^m};
// U = S T in F_{2^m}; V = U^{-1}; W = T V; Z = R W = A^{-1}. 10M + 3S + 1I.
__device__ __noinline__ pk_f4 pk_f4_inv(const pk_f4& a, bool* ok) {
    const pk_f2 a0 = pk_f4_lo(a), a1 = pk_f4_hi(a);
    const pk_f4 r = pk_f4_frob2(a);
    const pk_f2 r0 = pk_f4_lo(r);
    // S = A0 (A0 + A1) + s A1^2 (= A0 R0 + s A1^2)
    const pk_f2 s = pk_f2_add(pk_f2_mul(a0, r0), pk_f2_mul_s(pk_f2_sqr(a1)));
    const pk_f2 t = pk_f2_frob(s);
    // S1 = T1, so S1 T1 is a squaring.
    const pk_fe u = pk_add(pk_mul(s.c[0], t.c[0]), pk_sqr(s.c[1]));
    const pk_fe v = pk_inv(u, ok);
    const pk_f2 w = pk_f2_mul_base(t, v);
    return pk_f4_join(pk_f2_mul(r0, w), pk_f2_mul(pk_f4_hi(r), w));
}

// a^{2^k}: coordinate-wise pk_sqr_n, then the basis change for k mod 4 (f4::pow_2k).
__device__ __forceinline__ pk_f4 pk_f4_pow_2k(const pk_f4& a, int k) {
    return pk_f4_recombine(
        pk_f4_make(pk_sqr_n(a.c[0], k), pk_sqr_n(a.c[1], k), pk_sqr_n(a.c[2], k), pk_sqr_n(a.c[3], k)), k % 4);
}

// Seed 003 Appendix A.2 (f4::pow_2k_by_sqrt): a^{2^k} for k = 0 mod 4 by m - k square roots
// of each coordinate (u, v are fixed by 2^k). Callers guarantee k = 0 mod 4 (compile-time).
__device__ __forceinline__ pk_f4 pk_f4_pow_2k_by_sqrt(const pk_f4& a, int k) {
    const int n = PK_M - (k % PK_M);
    return pk_f4_make(pk_sqrt_n(a.c[0], n), pk_sqrt_n(a.c[1], n), pk_sqrt_n(a.c[2], n), pk_sqrt_n(a.c[3], n));
}
