// G1 and G2 of bn254 / bls12-381 on the device: the curve equations, the order-r subgroup tests and
// scalar multiplications by public integers, mirroring crates/pairkit-core/src/curve/prime/
// (bn254.rs, bls12_381.rs `in_subgroup`; group.rs `check`) and the spec's
// python/pairkit/spec/prime/curve.py `Groups.g1_in_subgroup` / `g2_in_subgroup`:
//   G1 bn254:      cofactor 1, the curve equation y^2 = x^3 + b is the test;
//   G1 bls12-381:  sigma(P) == [-u^2] P, sigma(x, y) = (beta x, y) (eprint 2021/1130 Sec. 6);
//   G2 bls12-381:  psi(Q) == [u] Q = -[|u|] Q (eprint 2021/1130 Sec. 4);
//   G2 bn254:      psi(Q) == [6u^2] Q (eprint 2021/1130 Sec. 5);
// psi(x, y) = (conj(x) cx, conj(y) cy) (Galbraith-Scott, eprint 2008/117). beta, cx, cy and the
// scalars come from the prelude (prime_source.py takes them from the spec's Groups).
//
// The group law is the complete projective one of Renes, Costello, Batina (eprint 2015/1060,
// Alg. 7 addition and Alg. 9 doubling for a = 0, with b3 = 3b): complete on every curve of odd
// order, which E(F_p) and E'(F_{p^2}) of both sets are (h1 r and h2 r odd: the cofactors and r of
// the spec's parameters, checked by tests/test_gpu_validate_prime.py), so no input -- O, P = T,
// P = -T -- needs a branch. O is (0 : 1 : 0). Written once as templates over F_p and F_{p^2}
// (the pk_f_* overloads below).

// ---- one name per operation for F_p and F_{p^2} ----------------------------------------------------
__device__ __forceinline__ pk_fp pk_f_add(const pk_fp& a, const pk_fp& b) { return pk_fp_add(a, b); }
__device__ __forceinline__ pk_fp2 pk_f_add(const pk_fp2& a, const pk_fp2& b) { return pk_fp2_add(a, b); }
__device__ __forceinline__ pk_fp pk_f_sub(const pk_fp& a, const pk_fp& b) { return pk_fp_sub(a, b); }
__device__ __forceinline__ pk_fp2 pk_f_sub(const pk_fp2& a, const pk_fp2& b) { return pk_fp2_sub(a, b); }
__device__ __forceinline__ pk_fp pk_f_mul(const pk_fp& a, const pk_fp& b) { return pk_fp_mul(a, b); }
__device__ __forceinline__ pk_fp2 pk_f_mul(const pk_fp2& a, const pk_fp2& b) { return pk_fp2_mul(a, b); }
__device__ __forceinline__ pk_fp pk_f_sqr(const pk_fp& a) { return pk_fp_sqr(a); }
__device__ __forceinline__ pk_fp2 pk_f_sqr(const pk_fp2& a) { return pk_fp2_sqr(a); }
__device__ __forceinline__ pk_fp pk_f_neg(const pk_fp& a) { return pk_fp_neg(a); }
__device__ __forceinline__ pk_fp2 pk_f_neg(const pk_fp2& a) { return pk_fp2_neg(a); }
__device__ __forceinline__ pk_fp pk_f_triple(const pk_fp& a) { return pk_fp_mul_small(a, 3u); }
__device__ __forceinline__ pk_fp2 pk_f_triple(const pk_fp2& a) { return pk_fp2_mul_small(a, 3u); }
__device__ __forceinline__ bool pk_f_is_zero(const pk_fp& a) { return pk_fp_is_zero(a); }
__device__ __forceinline__ bool pk_f_is_zero(const pk_fp2& a) { return pk_fp2_is_zero(a); }
__device__ __forceinline__ void pk_f_set(pk_fp* r, bool one) { *r = one ? pk_fp_one() : pk_fp_zero(); }
__device__ __forceinline__ void pk_f_set(pk_fp2* r, bool one) { *r = one ? pk_fp2_one() : pk_fp2_zero(); }
// 3b of E (G1: a small integer) and of E' (G2: pk_three_b of ate.cuh).
__device__ __forceinline__ pk_fp pk_f_mul_b3(const pk_fp& a) { return pk_fp_mul_small(a, PK_G1_B3); }
__device__ __forceinline__ pk_fp2 pk_f_mul_b3(const pk_fp2& a) { return pk_fp2_mul(a, pk_fp2_load(pk_three_b)); }
// Reduced values: equality is word equality.
__device__ __forceinline__ bool pk_f_eq(const pk_fp& a, const pk_fp& b) { return pk_fp_is_zero(pk_fp_sub(a, b)); }
__device__ __forceinline__ bool pk_f_eq(const pk_fp2& a, const pk_fp2& b) { return pk_fp2_is_zero(pk_fp2_sub(a, b)); }

__constant__ pk_u32 pk_beta[PK_NL] = PK_BETA_WORDS;           // beta (bls12-381 sigma), Montgomery
__constant__ pk_u32 pk_psi[4 * PK_NL] = PK_PSI_WORDS;         // cx, cy of psi, Montgomery
__constant__ pk_u32 pk_u_abs[2] = PK_U_ABS_WORDS;              // |u| (64 bits)
__constant__ signed char pk_g2_k_naf[PK_G2_K_LEN] = PK_G2_K_NAF;  // |k| of G2's test psi(Q) == [k] Q, signed digits

template <typename F>
struct pk_pt {
    F x, y, z;
};

template <typename F>
__device__ __forceinline__ pk_pt<F> pk_pt_affine(const F& x, const F& y) {
    pk_pt<F> r;
    r.x = x;
    r.y = y;
    pk_f_set(&r.z, true);
    return r;
}

template <typename F>
__device__ __forceinline__ pk_pt<F> pk_pt_identity() {
    pk_pt<F> r;
    pk_f_set(&r.x, false);
    pk_f_set(&r.y, true);
    pk_f_set(&r.z, false);
    return r;
}

// y^2 = x^3 + b, multiplied by 3 to use b3 only (3 is invertible mod p).
template <typename F>
__device__ __noinline__ bool pk_on_curve(const F& x, const F& y) {
    F one;
    pk_f_set(&one, true);
    const F lhs = pk_f_triple(pk_f_sqr(y));
    const F rhs = pk_f_add(pk_f_triple(pk_f_mul(pk_f_sqr(x), x)), pk_f_mul_b3(one));
    return pk_f_eq(lhs, rhs);
}

// P + Q, complete (RCB eprint 2015/1060 Alg. 7, a = 0).
template <typename F>
__device__ __noinline__ pk_pt<F> pk_pt_add(const pk_pt<F>& p, const pk_pt<F>& q) {
    F t0 = pk_f_mul(p.x, q.x), t1 = pk_f_mul(p.y, q.y), t2 = pk_f_mul(p.z, q.z);
    F t3 = pk_f_mul(pk_f_add(p.x, p.y), pk_f_add(q.x, q.y));
    F t4 = pk_f_add(t0, t1);
    t3 = pk_f_sub(t3, t4);
    t4 = pk_f_mul(pk_f_add(p.y, p.z), pk_f_add(q.y, q.z));
    F x3 = pk_f_add(t1, t2);
    t4 = pk_f_sub(t4, x3);
    x3 = pk_f_mul(pk_f_add(p.x, p.z), pk_f_add(q.x, q.z));
    F y3 = pk_f_add(t0, t2);
    y3 = pk_f_sub(x3, y3);
    x3 = pk_f_add(t0, t0);
    t0 = pk_f_add(x3, t0);
    t2 = pk_f_mul_b3(t2);
    F z3 = pk_f_add(t1, t2);
    t1 = pk_f_sub(t1, t2);
    y3 = pk_f_mul_b3(y3);
    x3 = pk_f_mul(t4, y3);
    t2 = pk_f_mul(t3, t1);
    x3 = pk_f_sub(t2, x3);
    y3 = pk_f_mul(y3, t0);
    t1 = pk_f_mul(t1, z3);
    y3 = pk_f_add(t1, y3);
    t0 = pk_f_mul(t0, t3);
    z3 = pk_f_mul(z3, t4);
    z3 = pk_f_add(z3, t0);
    pk_pt<F> r;
    r.x = x3;
    r.y = y3;
    r.z = z3;
    return r;
}

// 2P, complete (RCB eprint 2015/1060 Alg. 9, a = 0).
template <typename F>
__device__ __noinline__ pk_pt<F> pk_pt_dbl(const pk_pt<F>& p) {
    F t0 = pk_f_sqr(p.y);
    F z3 = pk_f_add(t0, t0);
    z3 = pk_f_add(z3, z3);
    z3 = pk_f_add(z3, z3);
    F t1 = pk_f_mul(p.y, p.z);
    F t2 = pk_f_mul_b3(pk_f_sqr(p.z));
    F x3 = pk_f_mul(t2, z3);
    F y3 = pk_f_add(t0, t2);
    z3 = pk_f_mul(t1, z3);
    t1 = pk_f_add(t2, t2);
    t2 = pk_f_add(t1, t2);
    t0 = pk_f_sub(t0, t2);
    y3 = pk_f_mul(t0, y3);
    y3 = pk_f_add(x3, y3);
    t1 = pk_f_mul(p.x, p.y);
    x3 = pk_f_mul(t0, t1);
    x3 = pk_f_add(x3, x3);
    pk_pt<F> r;
    r.x = x3;
    r.y = y3;
    r.z = z3;
    return r;
}

// [k] P for a non-negative integer k of nw little-endian words (public: the loop skips the leading
// zeros and branches on k's bits; the formulas are complete, so k = 0 or a multiple of P's order
// gives O).
template <typename F>
__device__ __noinline__ pk_pt<F> pk_pt_mul(const pk_pt<F>& p, const pk_u32* k, int nw) {
    pk_pt<F> r = pk_pt_identity<F>();
    bool started = false;
#pragma unroll 1
    for (int j = nw - 1; j >= 0; --j) {
        const pk_u32 e = k[j];
#pragma unroll 1
        for (int b = 31; b >= 0; --b) {
            if (started) r = pk_pt_dbl(r);
            if ((e >> b) & 1u) {
                r = started ? pk_pt_add(r, p) : p;
                started = true;
            }
        }
    }
    return r;
}

// [k] P for a public k > 0 given by signed digits d[0 .. len) in {-1, 0, 1} (least significant first;
// the top one is 1; prime_source takes the NAF where it has fewer non-zero digits: bn254's 6u^2, 40
// against 70 one bits): a negative digit adds -P = (X : -Y : Z).
template <typename F>
__device__ __noinline__ pk_pt<F> pk_pt_mul_naf(const pk_pt<F>& p, const signed char* d, int len) {
    pk_pt<F> neg = p;
    neg.y = pk_f_neg(p.y);
    pk_pt<F> r = p;
#pragma unroll 1
    for (int k = len - 2; k >= 0; --k) {
        r = pk_pt_dbl(r);
        if (d[k] != 0) r = pk_pt_add(r, d[k] > 0 ? p : neg);
    }
    return r;
}

// Whether the projective t equals the finite affine (x, y), or its negation when neg.
template <typename F>
__device__ __forceinline__ bool pk_pt_eq_affine(const pk_pt<F>& t, const F& x, const F& y, bool neg) {
    const F yz = pk_f_mul(y, t.z);
    return !pk_f_is_zero(t.z) && pk_f_eq(t.x, pk_f_mul(x, t.z)) && pk_f_eq(neg ? pk_f_neg(t.y) : t.y, yz);
}

// The validation codes of pk_validate (the binary kernels' codes, decode.STATUS_ERRORS):
// 0 ok, 2 not on the curve, 3 not in the order-r subgroup. P and Q are finite (the host checked
// the encodings and the point at infinity) and canonical, in Montgomery form.
#define PK_VALID_OK 0u
#define PK_VALID_NOT_ON_CURVE 2u
#define PK_VALID_NOT_IN_SUBGROUP 3u

__device__ __noinline__ pk_u32 pk_g1_check(const pk_fp& x, const pk_fp& y) {
    if (!pk_on_curve(x, y)) return PK_VALID_NOT_ON_CURVE;
#if PK_FAMILY == 2
    // sigma(P) == -[|u|]([|u|] P) (u < 0 for bls12-381; prime_source refuses u > 0 here)
    const pk_pt<pk_fp> t = pk_pt_mul(pk_pt_mul(pk_pt_affine(x, y), pk_u_abs, 2), pk_u_abs, 2);
    if (!pk_pt_eq_affine(t, pk_fp_mul(x, pk_fp_load(pk_beta)), y, true)) return PK_VALID_NOT_IN_SUBGROUP;
#endif
    return PK_VALID_OK;
}

__device__ __noinline__ pk_u32 pk_g2_check(const pk_fp2& x, const pk_fp2& y) {
    if (!pk_on_curve(x, y)) return PK_VALID_NOT_ON_CURVE;
    const pk_pt<pk_fp2> t = pk_pt_mul_naf(pk_pt_affine(x, y), pk_g2_k_naf, PK_G2_K_LEN);
    const pk_fp2 px = pk_fp2_mul(pk_fp2_conj(x), pk_fp2_load(pk_psi));
    const pk_fp2 py = pk_fp2_mul(pk_fp2_conj(y), pk_fp2_load(pk_psi + 2 * PK_NL));
    if (!pk_pt_eq_affine(t, px, py, PK_G2_K_NEG != 0)) return PK_VALID_NOT_IN_SUBGROUP;
    return PK_VALID_OK;
}
