// The batch entry points of the prime sets (bn254, bls12-381): one pairing per thread, every value
// in 32-bit words, word-major like batch.cu: word j of coordinate c of instance i is at
// a[(c * PK_NL + j) * n + i], so a warp's 32 lanes read 32 consecutive words per load.
// Coordinates travel as canonical integers (< p, checked on the host); the kernels enter and
// leave Montgomery form themselves.
//
//   input of pk_miller / pk_pair:  6 coordinates x(P), y(P), x(Q).c0, x(Q).c1, y(Q).c0, y(Q).c1
//                                  of finite, validated points (P in G1, Q in G2 on the twist)
//   input of pk_final_exp:         the 12 coordinates of a Miller value
//   output of the three:           12 coordinates in Fp12::coeffs order (g0.c0, g0.c1, g1.c0,
//                                  ..., h2.c1), the CPU engine's GT encoding word for word
//   status[i]:                     0 = ok, 1 = zero Miller value (the Rust core's DivisionByZero)
//   pk_validate:                   in = the 6 coordinates of pk_pair; no output; status[i] = P's code
//                                  | Q's code << 8 (curve_prime.cuh: 0 ok, 2 not on the curve, 3 not in
//                                  the subgroup)
//   pk_fp12_prod:                  in = n F_{p^12} elements (12 coordinates); out = ceil(n / arg)
//                                  elements, out[i] = in[arg i] ... in[arg i + arg - 1] (the tree level
//                                  of a product of Miller values; arg >= 1 is the fan-in)
//   pk_g2_sum:                     in = n projective G2 points (X, Y, Z: 6 coordinates); out =
//                                  ceil(n / arg) projective sums, as pk_fp12_prod
//   pk_bls_scale:                  in = 7 coordinates pk (G1, x y), sig (G2, 4), c (an integer < 2^256,
//                                  raw); out = 8 coordinates: [c] pk affine (x, y), [c] sig projective
//                                  (X, Y, Z); status 1 when [c] pk = O (then x = y = 0)
//   pk_fp_op:                      in = 2 coordinates a, b; out = 1 coordinate op(a, b) with
//                                  op = the last argument (PK_FPOP_*): the F_p layer on its own,
//                                  for the host-executed tests and a device micro-benchmark
// `canonical` maps the variant's value to the reduced pairing (pk_ate_to_canonical).

#define PK_FPOP_ADD 0
#define PK_FPOP_SUB 1
#define PK_FPOP_MUL 2
#define PK_FPOP_SQR 3
#define PK_FPOP_INV 4
#define PK_FPOP_NEG 5

__device__ __forceinline__ pk_fp pk_load_fp(const pk_u32* __restrict__ a, unsigned n, unsigned i, int coord) {
    pk_fp r;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) r.w[j] = a[(size_t)(coord * PK_NL + j) * n + i];
    return pk_fp_to_mont(r);
}

__device__ __forceinline__ void pk_store_fp(pk_u32* __restrict__ a, unsigned n, unsigned i, int coord, const pk_fp& v) {
    const pk_fp c = pk_fp_from_mont(v);
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) a[(size_t)(coord * PK_NL + j) * n + i] = c.w[j];
}

__device__ __forceinline__ pk_fp2 pk_load_fp2(const pk_u32* __restrict__ a, unsigned n, unsigned i, int coord) {
    return pk_fp2_make(pk_load_fp(a, n, i, coord), pk_load_fp(a, n, i, coord + 1));
}

__device__ __forceinline__ pk_fp12 pk_load_fp12(const pk_u32* __restrict__ a, unsigned n, unsigned i) {
    return pk_fp12_make(
        pk_fp6_make(pk_load_fp2(a, n, i, 0), pk_load_fp2(a, n, i, 2), pk_load_fp2(a, n, i, 4)),
        pk_fp6_make(pk_load_fp2(a, n, i, 6), pk_load_fp2(a, n, i, 8), pk_load_fp2(a, n, i, 10)));
}

__device__ __forceinline__ void pk_store_fp2(pk_u32* __restrict__ a, unsigned n, unsigned i, int coord, const pk_fp2& v) {
    pk_store_fp(a, n, i, coord, v.c0);
    pk_store_fp(a, n, i, coord + 1, v.c1);
}

__device__ __forceinline__ void pk_store_fp12(pk_u32* __restrict__ a, unsigned n, unsigned i, const pk_fp12& v) {
    pk_store_fp2(a, n, i, 0, v.c0.c0);
    pk_store_fp2(a, n, i, 2, v.c0.c1);
    pk_store_fp2(a, n, i, 4, v.c0.c2);
    pk_store_fp2(a, n, i, 6, v.c1.c0);
    pk_store_fp2(a, n, i, 8, v.c1.c1);
    pk_store_fp2(a, n, i, 10, v.c1.c2);
}

__device__ __forceinline__ pk_fp12 pk_load_miller(const pk_u32* __restrict__ in, unsigned n, unsigned i) {
    return pk_ate_miller(pk_load_fp(in, n, i, 0), pk_load_fp(in, n, i, 1), pk_load_fp2(in, n, i, 2),
                         pk_load_fp2(in, n, i, 4));
}

__device__ __forceinline__ void pk_finish(pk_u32* out, pk_u32* status, unsigned n, unsigned i, pk_fp12 v, bool ok,
                                          int canonical) {
    if (canonical) v = pk_ate_to_canonical(v);
    pk_store_fp12(out, n, i, v);
    status[i] = ok ? 0u : 1u;
}

// The Miller loop alone: out = the Rust core's Miller value (ate.rs multi_miller_loop of one pair).
extern "C" __global__ void pk_miller(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                     pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    pk_store_fp12(out, n, i, pk_load_miller(in, n, i));
    status[i] = 0u;
}

// The final exponentiation alone (and the map to the reduced pairing when asked).
extern "C" __global__ void pk_final_exp(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                        pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool ok = true;
    const pk_fp12 v = pk_ate_final_exp(pk_load_fp12(in, n, i), &ok);
    pk_finish(out, status, n, i, v, ok, canonical);
}

// Miller loop + final exponentiation, fused (the Miller value never leaves the thread).
extern "C" __global__ void pk_pair(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                   pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool ok = true;
    const pk_fp12 v = pk_ate_final_exp(pk_load_miller(in, n, i), &ok);
    pk_finish(out, status, n, i, v, ok, canonical);
}

// The device half of input validation (curve_prime.cuh): on the curve, then in the subgroup.
extern "C" __global__ void pk_validate(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                       pk_u32* __restrict__ status, unsigned n, int arg) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const pk_u32 cp = pk_g1_check(pk_load_fp(in, n, i, 0), pk_load_fp(in, n, i, 1));
    const pk_u32 cq = pk_g2_check(pk_load_fp2(in, n, i, 2), pk_load_fp2(in, n, i, 4));
    status[i] = cp | (cq << 8);
}

// One level of a product tree over F_{p^12} (multi_pair: the Miller values' product; the order of
// the factors does not change the reduced value).
extern "C" __global__ void pk_fp12_prod(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                        pk_u32* __restrict__ status, unsigned n, int arg) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned fan = arg < 1 ? 1u : (unsigned)arg, m = (n + fan - 1u) / fan;
    if (i >= m) return;
    pk_fp12 acc = pk_load_fp12(in, n, fan * i);
#pragma unroll 1
    for (unsigned j = fan * i + 1u; j < n && j < fan * (i + 1u); ++j) acc = pk_fp12_mul(acc, pk_load_fp12(in, n, j));
    pk_store_fp12(out, m, i, acc);
    status[i] = 0u;
}

__device__ __forceinline__ pk_pt<pk_fp2> pk_load_g2proj(const pk_u32* __restrict__ a, unsigned n, unsigned i, int c) {
    pk_pt<pk_fp2> r;
    r.x = pk_load_fp2(a, n, i, c);
    r.y = pk_load_fp2(a, n, i, c + 2);
    r.z = pk_load_fp2(a, n, i, c + 4);
    return r;
}

__device__ __forceinline__ void pk_store_g2proj(pk_u32* __restrict__ a, unsigned n, unsigned i, int c,
                                                const pk_pt<pk_fp2>& v) {
    pk_store_fp2(a, n, i, c, v.x);
    pk_store_fp2(a, n, i, c + 2, v.y);
    pk_store_fp2(a, n, i, c + 4, v.z);
}

// One level of a sum tree over projective G2 points (BLS batch verification's sum c_i sig_i).
extern "C" __global__ void pk_g2_sum(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                     pk_u32* __restrict__ status, unsigned n, int arg) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned fan = arg < 1 ? 1u : (unsigned)arg, m = (n + fan - 1u) / fan;
    if (i >= m) return;
    pk_pt<pk_fp2> acc = pk_load_g2proj(in, n, fan * i, 0);
#pragma unroll 1
    for (unsigned j = fan * i + 1u; j < n && j < fan * (i + 1u); ++j) acc = pk_pt_add(acc, pk_load_g2proj(in, n, j, 0));
    pk_store_g2proj(out, m, i, 0, acc);
    status[i] = 0u;
}

// BLS batch verification's scalar multiplications (min-pk): [c] pk in G1 (affine, for the Miller
// loop) and [c] sig in G2 (projective, for pk_g2_sum), c the triple's random coefficient.
extern "C" __global__ void pk_bls_scale(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                        pk_u32* __restrict__ status, unsigned n, int arg) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    pk_u32 c[PK_NL];
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) c[j] = in[(size_t)(6 * PK_NL + j) * n + i];
    const pk_pt<pk_fp> t = pk_pt_mul(pk_pt_affine(pk_load_fp(in, n, i, 0), pk_load_fp(in, n, i, 1)), c, PK_NL);
    const pk_fp zi = pk_fp_inv(t.z);  // 0 for O: then x = y = 0 and the status says so
    pk_store_fp(out, n, i, 0, pk_fp_mul(t.x, zi));
    pk_store_fp(out, n, i, 1, pk_fp_mul(t.y, zi));
    const pk_pt<pk_fp2> s = pk_pt_mul(pk_pt_affine(pk_load_fp2(in, n, i, 2), pk_load_fp2(in, n, i, 4)), c, PK_NL);
    pk_store_g2proj(out, n, i, 2, s);
    status[i] = pk_fp_is_zero(t.z) ? 1u : 0u;
}

// One F_p operation per instance (see the header); status 0, or 1 for an unknown op.
extern "C" __global__ void pk_fp_op(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                    pk_u32* __restrict__ status, unsigned n, int op) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const pk_fp a = pk_load_fp(in, n, i, 0), b = pk_load_fp(in, n, i, 1);
    pk_fp r = pk_fp_zero();
    pk_u32 st = 0u;
    switch (op) {
        case PK_FPOP_ADD: r = pk_fp_add(a, b); break;
        case PK_FPOP_SUB: r = pk_fp_sub(a, b); break;
        case PK_FPOP_MUL: r = pk_fp_mul(a, b); break;
        case PK_FPOP_SQR: r = pk_fp_sqr(a); break;
        case PK_FPOP_INV: r = pk_fp_inv(a); break;
        case PK_FPOP_NEG: r = pk_fp_neg(a); break;
        default: st = 1u;
    }
    pk_store_fp(out, n, i, 0, r);
    status[i] = st;
}
