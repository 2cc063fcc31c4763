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
