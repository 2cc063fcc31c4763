// The batch entry points: one pairing per thread (lane per instance), every value in 32-bit
// words. Device arrays are word-major ("structure of arrays"): word j of coordinate c of
// instance i is at a[(c * PK_W + j) * n + i], so the 32 lanes of a warp read 32 consecutive
// words (one 128-byte transaction) for every word they load or store.
//
//   input of pk_validate / pk_miller / pk_pair: 4 coordinates x(P), y(P), x(Q), y(Q), field
//                                 elements (< 2^m) of finite points, checked on the host
//   input of pk_final_exp:        the 4 coordinates c0, c1, c2, c3 of a Miller value
//   output of the other kernels:  4 coordinates c0, c1, c2, c3 in the basis {1, s, t, st}
//   status[i] of pk_miller / pk_final_exp / pk_pair: 0 = ok, 1 = division by zero in the final
//                                 exponentiation (a zero Miller value; impossible for valid points)
//   status[i] of pk_validate:     P's code in bits 0-7, Q's in bits 8-15, each 0 = ok,
//                                 2 = not on the curve (PK_ST_NOT_ON_CURVE),
//                                 3 = not in the order-r subgroup (PK_ST_NOT_IN_SUBGROUP)
//
// pk_validate is the device half of input validation (curve.cuh: the curve equation and the
// subgroup test, the part of the CPU engine's decode that costs ~17-56 us per point on a CPU
// core); the host keeps lengths, canonical encodings, the point at infinity and decompression.
// It is a separate kernel, not fused into pk_pair, so it can be timed on its own and so
// pk_miller and pk_pair keep their register budget; the engine launches it before pk_pair on the
// same stream, reading the same input buffer.
//
// The stages are separate kernels so a GPU session can time them; pk_pair fuses them and
// never writes the Miller value to memory. PK_ALG selects the algorithm (1 = eta-t, seed 003
// Alg. 1/2; 2 = eta-alg2, seed 000 Alg. 2 + Eq. 8).

#if PK_ALG == 1
#define PK_MILLER pk_eta_t_miller
#define PK_FINAL_EXP pk_eta_t_final_exp
#define PK_TO_CANONICAL pk_eta_t_to_canonical
#elif PK_ALG == 2
#define PK_MILLER pk_eta_alg2_miller
#define PK_FINAL_EXP pk_eta_alg2_final_exp
#define PK_TO_CANONICAL pk_eta_alg2_to_canonical
#else
#error "PK_ALG must be 1 (eta-t) or 2 (eta-alg2)"
#endif

__device__ __forceinline__ pk_fe pk_load(const pk_u32* __restrict__ a, unsigned n, unsigned i, int coord) {
    pk_fe r;
#pragma unroll
    for (int j = 0; j < PK_W; ++j) r.w[j] = a[(size_t)(coord * PK_W + j) * n + i];
    return r;
}

__device__ __forceinline__ pk_f4 pk_load4(const pk_u32* __restrict__ a, unsigned n, unsigned i) {
    return pk_f4_make(pk_load(a, n, i, 0), pk_load(a, n, i, 1), pk_load(a, n, i, 2), pk_load(a, n, i, 3));
}

__device__ __forceinline__ void pk_store4(pk_u32* __restrict__ a, unsigned n, unsigned i, const pk_f4& v) {
#pragma unroll
    for (int c = 0; c < 4; ++c)
#pragma unroll
        for (int j = 0; j < PK_W; ++j) a[(size_t)(c * PK_W + j) * n + i] = v.c[c].w[j];
}

// Store a pairing (mapped to the canonical pairing when asked) and its status (1: an inverse of 0
// in the final exponentiation).
__device__ __forceinline__ void pk_finish(pk_u32* out, pk_u32* status, unsigned n, unsigned i, pk_f4 v, bool ok,
                                          int canonical) {
    if (canonical) v = PK_TO_CANONICAL(v);
    pk_store4(out, n, i, v);
    status[i] = ok ? 0u : 1u;
}

// The Miller loop alone: out = f_P(psi Q) before the final exponentiation.
extern "C" __global__ void pk_miller(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                     pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const pk_f4 pq = pk_load4(in, n, i);
    pk_store4(out, n, i, PK_MILLER(pq.c[0], pq.c[1], pq.c[2], pq.c[3]));
    status[i] = 0u;
}

// The final exponentiation alone (and the map to the canonical pairing when asked).
extern "C" __global__ void pk_final_exp(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                        pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool ok = true;
    const pk_f4 v = PK_FINAL_EXP(pk_load4(in, n, i), &ok);
    pk_finish(out, status, n, i, v, ok, canonical);
}

// Miller loop + final exponentiation, fused.
extern "C" __global__ void pk_pair(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                   pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const pk_f4 pq = pk_load4(in, n, i);
    bool ok = true;
    const pk_f4 v = PK_FINAL_EXP(PK_MILLER(pq.c[0], pq.c[1], pq.c[2], pq.c[3]), &ok);
    pk_finish(out, status, n, i, v, ok, canonical);
}

// Validation of both inputs (curve.cuh): writes status[i] only; `out` and `canonical` are unused
// (the signature is the other entry points', so the launch code is shared).
extern "C" __global__ void pk_validate(const pk_u32* __restrict__ in, pk_u32* __restrict__ out,
                                       pk_u32* __restrict__ status, unsigned n, int canonical) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const pk_u32 sp = pk_point_status(pk_load(in, n, i, 0), pk_load(in, n, i, 1));
    const pk_u32 sq = pk_point_status(pk_load(in, n, i, 2), pk_load(in, n, i, 3));
    status[i] = sp | (sq << 8);
}
