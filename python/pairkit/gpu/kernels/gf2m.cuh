// GF(2^m) for the GPU batch engine: one field element per thread ("lane per instance") in PK_W
// 32-bit words, little-endian word order (bit i of the polynomial is bit i%32 of word i/32).
// Mirrors crates/pairkit-core/src/field/gf2m/mod.rs: the same operations (every one returns the
// unique reduced representative, so the bytes agree whatever the multiplication method), the
// same Itoh-Tsujii chain and the same rule for choosing between squarings and square roots in
// sqr_n / sqrt_n (seed 003 App. A.2).
//
// The per-set constants (PK_M, PK_W, the tap X-macro PK_FOR_TAPS, sqrt(x)) come from the
// generated prelude (python/pairkit/gpu/source.py derives them from the catalogue), so every
// reduction below is specialised to its polynomial at compile time.
//
// Memory: an element is a struct of PK_W words (9 for m = 283, 8 for m = 239, 39 for
// m = 1223). Small fixed-index arrays stay in registers; the comb's 16-entry window table is
// indexed by data (the window nibble), so it cannot. Where it lives is the prelude's choice
// (PK_COMB_SHARED, source.COMB_VARIANTS), measured side by side on a GPU (docs/gpu-runs/LOG.md):
//   0: thread-local memory (cached in L1). Local memory is interleaved per word across the lanes
//      of a warp, so a load is coalesced only when every lane reads the same table entry; the
//      nibbles differ per lane, so each load splits into up to 32 transactions.
//   1: dynamic shared memory, thread-interleaved: word l of entry u of thread t is at
//      (u (PK_W + 1) + l) blockDim.x + t, so lane t always hits bank t mod 32 whatever its nibble
//      (no bank conflicts). 64 (PK_W + 1) bytes per thread: 80 KiB per 128 threads for m = 283,
//      2.5 KiB per thread for m = 1223 (at most 88 threads per block in the 227 KiB an H100/H200
//      block may opt into); the launch passes the size (engine.GpuKernels.shared_bytes).
// PK_COMB_UNROLL 1 unrolls the comb's word loop, so the 2 PK_W-word product is indexed by
// constants only and can stay in registers (else it lives in local memory, coalesced).

typedef unsigned int pk_u32;

struct pk_fe {
    pk_u32 w[PK_W];
};

// Operation counters (host build only: tests and docs/GPU.md count operations per pairing).
#ifndef PK_COUNT
#define PK_COUNT(kind)
#endif
#define PK_OP_MUL 0
#define PK_OP_SQR 1
#define PK_OP_SQRT 2
#define PK_OP_INV 3
#define PK_OP_ADD 4

// The product's variant (see Memory above; the prelude sets both).
#ifndef PK_COMB_SHARED
#define PK_COMB_SHARED 0
#endif
#ifndef PK_COMB_UNROLL
#define PK_COMB_UNROLL 0
#endif
#if PK_COMB_UNROLL
#define PK_UNROLL_WORDS _Pragma("unroll")
#define PK_UNROLL_INNER _Pragma("unroll")
#else
#define PK_UNROLL_WORDS _Pragma("unroll 1")
#define PK_UNROLL_INNER
#endif

// Word index and bit offset of x^m.
#define PK_MW (PK_M / 32)
#define PK_MB (PK_M % 32)

__device__ __forceinline__ pk_fe pk_fe_zero() {
    pk_fe r;
#pragma unroll
    for (int j = 0; j < PK_W; ++j) r.w[j] = 0u;
    return r;
}

__device__ __forceinline__ pk_fe pk_fe_one() {
    pk_fe r = pk_fe_zero();
    r.w[0] = 1u;
    return r;
}

// a + b (word-wise xor; `xor` of crates/pairkit-core/src/field/ext/mod.rs).
__device__ __forceinline__ pk_fe pk_add(const pk_fe& a, const pk_fe& b) {
    PK_COUNT(PK_OP_ADD);
    pk_fe r;
#pragma unroll
    for (int j = 0; j < PK_W; ++j) r.w[j] = a.w[j] ^ b.w[j];
    return r;
}

// a + b + c (`xor3`).
__device__ __forceinline__ pk_fe pk_add3(const pk_fe& a, const pk_fe& b, const pk_fe& c) {
    return pk_add(pk_add(a, b), c);
}

// a + c for a constant c in F_2 (`addc`: flips the constant term).
__device__ __forceinline__ pk_fe pk_addc(const pk_fe& a, pk_u32 c) {
    pk_fe r = a;
    r.w[0] ^= c & 1u;
    return r;
}

__device__ __forceinline__ bool pk_is_zero(const pk_fe& a) {
    pk_u32 acc = 0u;
#pragma unroll
    for (int j = 0; j < PK_W; ++j) acc |= a.w[j];
    return acc == 0u;
}

// c[...] ^= t x^{32 i - d}: word i of a double-length value moved down by d bits (d >= 32, so
// the target words lie strictly below word i and a top-down sweep sees every carry once).
__device__ __forceinline__ void pk_xor_down(pk_u32* c, int i, pk_u32 t, int d) {
    const int q = d >> 5, r = d & 31;
    if (r == 0) {
        c[i - q] ^= t;
    } else {
        c[i - q] ^= t >> r;
        c[i - q - 1] ^= t << (32 - r);
    }
}

// c ^= t x^e for t < 2^32 (the partial top word folded back onto the low terms).
__device__ __forceinline__ void pk_xor_up(pk_u32* c, pk_u32 t, int e) {
    const int q = e >> 5, r = e & 31;
    c[q] ^= t << r;
    if (r != 0) c[q + 1] ^= t >> (32 - r);
}

// Reduction modulo f = x^m + sum_{e in taps} x^e + 1 of a 2 PK_W-word value, in place (the
// result is c[0 .. PK_W)). x^m = sum_{e in taps} x^e + 1, so bit p >= m moves to p - (m - e)
// for e = 0 and each tap: whole words above x^m first (HMV Alg. 2.41 generalised to any
// sparse f with m - max(taps) >= 32, checked by the prelude), then the bits m .. 32 PK_MW + 31
// of the word holding x^m.
__device__ __forceinline__ void pk_reduce(pk_u32* c) {
    PK_UNROLL_WORDS
    for (int i = 2 * PK_W - 1; i > PK_MW; --i) {
        const pk_u32 t = c[i];
        c[i] = 0u;
        pk_xor_down(c, i, t, PK_M);
#define PK_RED_WORD(e) pk_xor_down(c, i, t, PK_M - (e));
        PK_FOR_TAPS(PK_RED_WORD)
#undef PK_RED_WORD
    }
    const pk_u32 t = c[PK_MW] >> PK_MB;
    c[PK_MW] &= (1u << PK_MB) - 1u;
    pk_xor_up(c, t, 0);
#define PK_RED_TOP(e) pk_xor_up(c, t, (e));
    PK_FOR_TAPS(PK_RED_TOP)
#undef PK_RED_TOP
}

__device__ __forceinline__ pk_fe pk_take_low(const pk_u32* c) {
    pk_fe r;
#pragma unroll
    for (int j = 0; j < PK_W; ++j) r.w[j] = c[j];
    return r;
}

// The unreduced product a b (2 PK_W words) by the left-to-right comb with a 4-bit window
// (HMV Alg. 2.36, López–Dahab): T[u] = u(x) b(x) for the 16 polynomials u of degree < 4, then
// for each nibble position k (top first) add T[nibble_k(a_j)] x^{32 j} for every word j and
// shift the accumulator by 4. 16 (PK_W+1) + 8 PK_W (PK_W+1) + 7 * 2 PK_W word xors/shifts.
#if PK_COMB_SHARED
// The block's dynamic shared memory (the host build declares a static array instead).
#ifndef PK_SMEM_DECL
#define PK_SMEM_DECL extern __shared__ pk_u32 pk_smem[];
#endif
PK_SMEM_DECL
#endif

__device__ __forceinline__ void pk_mul_wide(pk_u32* c, const pk_fe& a, const pk_fe& b) {
#if PK_COMB_SHARED
    pk_u32* const tab = pk_smem + threadIdx.x;  // entry u, word l at tab[(u (W+1) + l) S]
    const unsigned S = blockDim.x;
#else
    pk_u32 tab[16 * (PK_W + 1)];
    const unsigned S = 1u;
#endif
#define PK_T(u, l) tab[((u) * (PK_W + 1) + (l)) * S]
#pragma unroll
    for (int l = 0; l <= PK_W; ++l) PK_T(0, l) = 0u;
#pragma unroll
    for (int l = 0; l < PK_W; ++l) PK_T(1, l) = b.w[l];
    PK_T(1, PK_W) = 0u;
#pragma unroll 1
    for (int u = 2; u < 16; ++u) {
        if (u & 1) {
            for (int l = 0; l <= PK_W; ++l) PK_T(u, l) = PK_T(u - 1, l) ^ PK_T(1, l);
        } else {
            const int h = u >> 1;
            PK_T(u, 0) = PK_T(h, 0) << 1;
            for (int l = 1; l <= PK_W; ++l) PK_T(u, l) = (PK_T(h, l) << 1) | (PK_T(h, l - 1) >> 31);
        }
    }
    PK_UNROLL_INNER
    for (int l = 0; l < 2 * PK_W; ++l) c[l] = 0u;
#pragma unroll 1
    for (int k = 7; k >= 0; --k) {
        PK_UNROLL_WORDS
        for (int j = 0; j < PK_W; ++j) {
            const pk_u32* row = &PK_T((a.w[j] >> (4 * k)) & 15u, 0);
            PK_UNROLL_INNER
            for (int l = 0; l <= PK_W; ++l) c[j + l] ^= row[l * S];
        }
        if (k != 0) {
            PK_UNROLL_INNER
            for (int l = 2 * PK_W - 1; l > 0; --l) c[l] = (c[l] << 4) | (c[l - 1] >> 28);
            c[0] <<= 4;
        }
    }
#undef PK_T
}

// a b mod f.
__device__ __noinline__ pk_fe pk_mul(const pk_fe& a, const pk_fe& b) {
    PK_COUNT(PK_OP_MUL);
    pk_u32 c[2 * PK_W];
    pk_mul_wide(c, a, b);
    pk_reduce(c);
    return pk_take_low(c);
}

// The low 16 bits of x spread to the even bit positions (squaring is linear: bit i -> 2i).
__device__ __forceinline__ pk_u32 pk_spread16(pk_u32 x) {
    x &= 0xFFFFu;
    x = (x | (x << 8)) & 0x00FF00FFu;
    x = (x | (x << 4)) & 0x0F0F0F0Fu;
    x = (x | (x << 2)) & 0x33333333u;
    x = (x | (x << 1)) & 0x55555555u;
    return x;
}

// The inverse of pk_spread16: the even bits of x gathered into 16 bits.
__device__ __forceinline__ pk_u32 pk_gather16(pk_u32 x) {
    x &= 0x55555555u;
    x = (x | (x >> 1)) & 0x33333333u;
    x = (x | (x >> 2)) & 0x0F0F0F0Fu;
    x = (x | (x >> 4)) & 0x00FF00FFu;
    x = (x | (x >> 8)) & 0x0000FFFFu;
    return x;
}

// a^2 = sum a_i x^{2i} (bit spreading), then the reduction.
__device__ __noinline__ pk_fe pk_sqr(const pk_fe& a) {
    PK_COUNT(PK_OP_SQR);
    pk_u32 c[2 * PK_W];
#pragma unroll
    for (int j = 0; j < PK_W; ++j) {
        c[2 * j] = pk_spread16(a.w[j]);
        c[2 * j + 1] = pk_spread16(a.w[j] >> 16);
    }
    pk_reduce(c);
    return pk_take_low(c);
}

// sqrt(a) = A_even + sqrt(x) A_odd, where a(x) = A_even(x)^2 + x A_odd(x)^2 (the even/odd
// split; HMV §2.3.6, seed 003 App. A.2). A_even, A_odd have degree < (m+1)/2.
// sqrt(x) = x^{2^{m-1}} mod f comes from the prelude: either as a short list of exponents
// (PK_SQRTX_SHIFTS, e.g. x^{(m+1)/2} + x^{(k+1)/2} for a trinomial with odd k) so the product
// is a few shifted xors, or as PK_W dense words multiplied by the comb.
__device__ __noinline__ pk_fe pk_sqrt(const pk_fe& a) {
    PK_COUNT(PK_OP_SQRT);
    pk_fe ev = pk_fe_zero(), od = pk_fe_zero();
#pragma unroll
    for (int j = 0; j < PK_W; ++j) {
        const pk_u32 e = pk_gather16(a.w[j]), o = pk_gather16(a.w[j] >> 1);
        ev.w[j >> 1] |= (j & 1) ? (e << 16) : e;
        od.w[j >> 1] |= (j & 1) ? (o << 16) : o;
    }
#ifdef PK_SQRTX_SHIFTS
    pk_u32 c[2 * PK_W];
    for (int l = 0; l < 2 * PK_W; ++l) c[l] = l < PK_W ? ev.w[l] : 0u;
#define PK_SQRT_TERM(s) \
    for (int j = 0; j < PK_W; ++j) pk_xor_up(c + j, od.w[j], (s));
    PK_SQRTX_SHIFTS(PK_SQRT_TERM)
#undef PK_SQRT_TERM
    pk_reduce(c);
    return pk_take_low(c);
#else
    const pk_u32 sx_words[PK_W] = PK_SQRTX_WORDS;
    pk_fe sx;
    for (int j = 0; j < PK_W; ++j) sx.w[j] = sx_words[j];
    pk_u32 c[2 * PK_W];
    pk_mul_wide(c, od, sx);
    pk_reduce(c);
    return pk_add(pk_take_low(c), ev);
#endif
}

// n squarings.
__device__ __forceinline__ pk_fe pk_sqr_n_plain(pk_fe a, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) a = pk_sqr(a);
    return a;
}

// n square roots.
__device__ __forceinline__ pk_fe pk_sqrt_n_plain(pk_fe a, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) a = pk_sqrt(a);
    return a;
}

// a^{2^n} for any n: n mod m squarings or m - (n mod m) square roots, whichever the cost model
// (PK_SQRT_COST_PCT = cost of a square root in % of a squaring) says is cheaper (seed 003
// App. A.2; `sqr_n_r` of the Rust core, same rule).
__device__ __forceinline__ pk_fe pk_sqr_n(const pk_fe& a, int n) {
    n %= PK_M;
    const int back = PK_M - n;
    if (n == 0) return a;
    if (back * PK_SQRT_COST_PCT < n * 100) return pk_sqrt_n_plain(a, back);
    return pk_sqr_n_plain(a, n);
}

// a^{2^{-n}} (mirror of pk_sqr_n; `sqrt_n_r`).
__device__ __forceinline__ pk_fe pk_sqrt_n(const pk_fe& a, int n) {
    n %= PK_M;
    const int fwd = PK_M - n;
    if (n == 0) return a;
    if (fwd * 100 < n * PK_SQRT_COST_PCT) return pk_sqr_n_plain(a, fwd);
    return pk_sqrt_n_plain(a, n);
}

// Itoh–Tsujii inversion (seed 000 Eq. 7; seed 003 App. A.3 Alg. 4 for m = 1223):
// a^{-1} = (a^{2^{m-1}-1})^2 with beta_k = a^{2^k - 1}, beta_{2k} = beta_k^{2^k} beta_k,
// beta_{2k+1} = beta_{2k}^2 a, scanning the bits of m - 1 from the top (`inv_r`). The chain
// depends on m only. `*ok` is cleared for a = 0 (the Rust core's DivisionByZero).
__device__ __noinline__ pk_fe pk_inv(const pk_fe& a, bool* ok) {
    PK_COUNT(PK_OP_INV);
    if (pk_is_zero(a)) *ok = false;
    const int e = PK_M - 1;
    int top = 31;
    while (((e >> top) & 1) == 0) --top;
    pk_fe beta = a;
    int k = 1;
#pragma unroll 1
    for (int bit = top - 1; bit >= 0; --bit) {
        beta = pk_mul(pk_sqr_n_plain(beta, k), beta);
        k *= 2;
        if ((e >> bit) & 1) {
            beta = pk_mul(pk_sqr(beta), a);
            k += 1;
        }
    }
    return pk_sqr(beta);
}
