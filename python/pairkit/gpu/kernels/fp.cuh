// GF(p) for the GPU batch engine's prime sets (bn254, bls12-381): one element per thread in PK_NL
// 32-bit words, little-endian word order, in Montgomery form a R mod p with R = 2^(32 PK_NL),
// always fully reduced (< p), so equality is word equality. Mirrors
// crates/pairkit-core/src/field/fp/mod.rs and arith.rs (there 64-bit limbs: 4 for bn254, 6 for
// bls12-381, i.e. the same R = 2^256 and 2^384, so even the Montgomery words agree). Every
// operation returns the unique reduced representative, so the bytes agree with the Rust core
// whatever the product method.
//
// The constants (p, R mod p, R^2 mod p, -p^{-1} mod 2^32, p - 2) come from the generated prelude
// (python/pairkit/gpu/prime_source.py derives them from data/prime.json through the spec's
// parameters), never typed in.
//
// Carry chains: portable C++ with 64-bit products (`pk_u64`), which NVRTC lowers to IMAD.WIDE /
// IADD3 with carries and g++ to mul/adc on the host build; or, with PK_FP_MUL_PTX (the "ptx"
// product variant), the product as 32-bit PTX carry chains (mad.lo.cc / madc.hi.cc / addc, below):
// inline asm under __CUDA_ARCH__, and on the host the same instruction sequence over an emulated
// carry flag, so the host-executed tests check the sequence itself; only the one-instruction
// wrappers differ (docs/GPU.md).

typedef unsigned int pk_u32;
typedef unsigned long long pk_u64;

struct pk_fp {
    pk_u32 w[PK_NL];
};

// Operation counters (host build only, as in gf2m.cuh: host_shim.h defines PK_COUNT; the kinds are
// host.OP_KINDS' order: 0 mul, 1 sqr, 3 inv, 4 add/sub/neg). Device builds compile them away.
#ifndef PK_COUNT
#define PK_COUNT(kind)
#endif

__constant__ pk_u32 pk_p[PK_NL] = PK_P_WORDS;          // p
__constant__ pk_u32 pk_r1[PK_NL] = PK_ONE_WORDS;       // R mod p (Montgomery 1)
__constant__ pk_u32 pk_r2[PK_NL] = PK_R2_WORDS;        // R^2 mod p (into Montgomery form)
__constant__ pk_u32 pk_pm2[PK_NL] = PK_PM2_WORDS;      // p - 2 (Fermat inversion exponent)

__device__ __forceinline__ pk_fp pk_fp_zero() {
    pk_fp r;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) r.w[j] = 0u;
    return r;
}

// A constant stored as PK_NL consecutive words (the prelude's tables).
__device__ __forceinline__ pk_fp pk_fp_load(const pk_u32* src) {
    pk_fp r;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) r.w[j] = src[j];
    return r;
}

__device__ __forceinline__ pk_fp pk_fp_one() { return pk_fp_load(pk_r1); }

__device__ __forceinline__ bool pk_fp_is_zero(const pk_fp& a) {
    pk_u32 d = 0u;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) d |= a.w[j];
    return d == 0u;
}

// r = m ? b : a, word by word without a branch.
__device__ __forceinline__ pk_fp pk_fp_select(const pk_fp& a, const pk_fp& b, pk_u32 m) {
    pk_fp r;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) r.w[j] = (a.w[j] & ~m) | (b.w[j] & m);
    return r;
}

// t - p if t >= p (t < 2p): the masked conditional subtraction of arith.rs.
__device__ __forceinline__ pk_fp pk_fp_reduce_once(const pk_fp& t) {
    pk_fp s;
    pk_u64 borrow = 0u;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) {
        const pk_u64 d = (pk_u64)t.w[j] - pk_p[j] - borrow;
        s.w[j] = (pk_u32)d;
        borrow = (d >> 32) & 1u;
    }
    return pk_fp_select(s, t, 0u - (pk_u32)borrow);  // borrow: t < p, keep t
}

// a + b mod p (a + b < 2p < 2^(32 PK_NL): p has a spare top bit, checked by the builder).
__device__ __forceinline__ pk_fp pk_fp_add(const pk_fp& a, const pk_fp& b) {
    PK_COUNT(4);
    pk_fp t;
    pk_u64 c = 0u;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) {
        c += (pk_u64)a.w[j] + b.w[j];
        t.w[j] = (pk_u32)c;
        c >>= 32;
    }
    return pk_fp_reduce_once(t);
}

__device__ __forceinline__ pk_fp pk_fp_dbl(const pk_fp& a) { return pk_fp_add(a, a); }

// a - b mod p: the difference, plus p when it borrowed.
__device__ __forceinline__ pk_fp pk_fp_sub(const pk_fp& a, const pk_fp& b) {
    PK_COUNT(4);
    pk_fp t;
    pk_u64 borrow = 0u;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) {
        const pk_u64 d = (pk_u64)a.w[j] - b.w[j] - borrow;
        t.w[j] = (pk_u32)d;
        borrow = (d >> 32) & 1u;
    }
    const pk_u32 m = 0u - (pk_u32)borrow;
    pk_u64 c = 0u;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) {
        c += (pk_u64)t.w[j] + (pk_p[j] & m);
        t.w[j] = (pk_u32)c;
        c >>= 32;
    }
    return t;
}

// -a mod p (0 for 0, as carry.rs neg_mod).
__device__ __forceinline__ pk_fp pk_fp_neg(const pk_fp& a) { return pk_fp_sub(pk_fp_zero(), a); }

// Montgomery product a b R^{-1} mod p: CIOS (Koc, Acar, Kaliski 1996) in its "no-carry" form
// (gnark-crypto 2020; arith.rs mont_mul_nocarry), valid when the top word of p is below
// 2^31 - 1 (both primes; the builder checks it). Per row i: t += a b_i, then m = t_0 (-p^{-1})
// and t = (t + m p) / 2^32, the two carry chains A and C kept apart.
// PK_FP_MUL_CALL (prelude; prime_source.FP_MUL_VARIANTS, default prime_source.DEFAULT_FP_MUL):
// 0 inlines the product into every caller, 1 makes it one out-of-line function (a call per
// product; far smaller code and faster compiles: docs/GPU.md). The same value either way; which
// runs faster is a device measurement. The operands are taken by value so that a call can pass
// them in registers (a reference would force them into local memory).
// ---- 32-bit carry-chain primitives (PTX ISA: mad.cc, madc, addc; the carry flag CC.CF) ----------
// Each is one instruction in its own asm volatile statement, kept in program order; the carry flag
// lives between them (the practice of PTX carry-chain code; the PTX ISA does not promise CC.CF across
// asm statements, which the device tests of the ptx variant check, tests/test_gpu_engine_prime.py).
#if PK_FP_MUL_PTX
#ifdef __CUDA_ARCH__
#define PK_PTX3(op, d, a, b, c) asm volatile(op " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c))
#define PK_PTX2(op, d, a, b) asm volatile(op " %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b))
__device__ __forceinline__ void pk_cc_clear() {}
#define PK_MAD_LO_CC(d, a, b, c) PK_PTX3("mad.lo.cc.u32", d, a, b, c)
#define PK_MADC_LO_CC(d, a, b, c) PK_PTX3("madc.lo.cc.u32", d, a, b, c)
#define PK_MAD_HI_CC(d, a, b, c) PK_PTX3("mad.hi.cc.u32", d, a, b, c)
#define PK_MADC_HI_CC(d, a, b, c) PK_PTX3("madc.hi.cc.u32", d, a, b, c)
#define PK_MADC_HI(d, a, b, c) PK_PTX3("madc.hi.u32", d, a, b, c)
#define PK_ADDC(d, a, b) PK_PTX2("addc.u32", d, a, b)
#else
// Host build: the flag as a variable, each macro the instruction's definition (PTX ISA, "Extended-
// Precision Integer Arithmetic Instructions"): d = (lo or hi of a b) + c [+ CF], CF = the carry out.
static pk_u32 pk_cf;
__device__ __forceinline__ void pk_cc_clear() { pk_cf = 0u; }
__device__ __forceinline__ pk_u32 pk_cc_op(pk_u32 x, pk_u32 c, bool cin, bool cout) {
    const pk_u64 s = (pk_u64)x + c + (cin ? pk_cf : 0u);
    if (cout) pk_cf = (pk_u32)(s >> 32);
    return (pk_u32)s;
}
#define PK_LO(a, b) ((pk_u32)((pk_u64)(a) * (b)))
#define PK_HI(a, b) ((pk_u32)(((pk_u64)(a) * (b)) >> 32))
#define PK_MAD_LO_CC(d, a, b, c) (d = pk_cc_op(PK_LO(a, b), c, false, true))
#define PK_MADC_LO_CC(d, a, b, c) (d = pk_cc_op(PK_LO(a, b), c, true, true))
#define PK_MAD_HI_CC(d, a, b, c) (d = pk_cc_op(PK_HI(a, b), c, false, true))
#define PK_MADC_HI_CC(d, a, b, c) (d = pk_cc_op(PK_HI(a, b), c, true, true))
#define PK_MADC_HI(d, a, b, c) (d = pk_cc_op(PK_HI(a, b), c, true, false))
#define PK_ADDC(d, a, b) (d = pk_cc_op(a, b, true, false))
#endif

// t[0 .. PK_NL] += x y (x a word): the low halves in one chain, then the high halves one word up
// in a second. t < 2^(32 PK_NL) before (t[PK_NL] = 0), so neither chain carries past t[PK_NL].
__device__ __forceinline__ void pk_mac_row(pk_u32* t, const pk_u32* x, pk_u32 y) {
    PK_MAD_LO_CC(t[0], x[0], y, t[0]);
#pragma unroll
    for (int j = 1; j < PK_NL; ++j) PK_MADC_LO_CC(t[j], x[j], y, t[j]);
    PK_ADDC(t[PK_NL], t[PK_NL], 0u);
    PK_MAD_HI_CC(t[1], x[0], y, t[1]);
#pragma unroll
    for (int j = 1; j < PK_NL - 1; ++j) PK_MADC_HI_CC(t[j + 1], x[j], y, t[j + 1]);
    PK_MADC_HI(t[PK_NL], x[PK_NL - 1], y, t[PK_NL]);
}

// The Montgomery product by CIOS (Koc, Acar, Kaliski 1996) on PK_NL + 1 words: per word b_i of b,
// t += a b_i, m = t_0 (-p^{-1}), t += m p (t_0 becomes 0), t /= 2^32. With a, b < p and t < 2p at
// a row's start, t + a b_i + m p < 2^32 2p <= 2^(32 (PK_NL + 1)) (p has a spare top bit), so no
// chain carries past t[PK_NL], t < 2p again after the shift and t[PK_NL] = 0 at every row's start.
__device__ __forceinline__ pk_fp pk_fp_mul_ptx(const pk_fp& a, const pk_fp& b) {
    pk_u32 t[PK_NL + 1];
#pragma unroll
    for (int j = 0; j <= PK_NL; ++j) t[j] = 0u;
    pk_cc_clear();
#pragma unroll
    for (int i = 0; i < PK_NL; ++i) {
        pk_mac_row(t, a.w, b.w[i]);
        const pk_u32 m = t[0] * (pk_u32)PK_PINV;
        PK_MAD_LO_CC(t[0], m, pk_p[0], t[0]);
#pragma unroll
        for (int j = 1; j < PK_NL; ++j) PK_MADC_LO_CC(t[j], m, pk_p[j], t[j]);
        PK_ADDC(t[PK_NL], t[PK_NL], 0u);
        PK_MAD_HI_CC(t[1], m, pk_p[0], t[1]);
#pragma unroll
        for (int j = 1; j < PK_NL - 1; ++j) PK_MADC_HI_CC(t[j + 1], m, pk_p[j], t[j + 1]);
        PK_MADC_HI(t[PK_NL], m, pk_p[PK_NL - 1], t[PK_NL]);
#pragma unroll
        for (int j = 0; j < PK_NL; ++j) t[j] = t[j + 1];
        t[PK_NL] = 0u;
    }
    pk_fp r;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) r.w[j] = t[j];
    return pk_fp_reduce_once(r);
}
#endif

#if PK_FP_MUL_CALL
#define PK_FP_MUL_ATTR __noinline__
#else
#define PK_FP_MUL_ATTR __forceinline__
#endif
__device__ PK_FP_MUL_ATTR pk_fp pk_fp_mul(const pk_fp a, const pk_fp b) {
    PK_COUNT(0);
#if PK_FP_MUL_PTX
    return pk_fp_mul_ptx(a, b);
#else
    pk_u32 t[PK_NL];
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) t[j] = 0u;
#pragma unroll
    for (int i = 0; i < PK_NL; ++i) {
        pk_u64 uv = (pk_u64)a.w[0] * b.w[i] + t[0];
        pk_u32 A = (pk_u32)(uv >> 32);
        const pk_u32 m = (pk_u32)uv * (pk_u32)PK_PINV;
        pk_u64 c = (pk_u64)m * pk_p[0] + (pk_u32)uv;
        pk_u32 C = (pk_u32)(c >> 32);
#pragma unroll
        for (int j = 1; j < PK_NL; ++j) {
            uv = (pk_u64)a.w[j] * b.w[i] + t[j] + A;
            A = (pk_u32)(uv >> 32);
            c = (pk_u64)m * pk_p[j] + (pk_u32)uv + C;
            C = (pk_u32)(c >> 32);
            t[j - 1] = (pk_u32)c;
        }
        t[PK_NL - 1] = C + A;
    }
    pk_fp r;
#pragma unroll
    for (int j = 0; j < PK_NL; ++j) r.w[j] = t[j];
    return pk_fp_reduce_once(r);
#endif
}

// a^2 as the product a a (counted as a product and a squaring: the counts' "mul" includes it).
__device__ __forceinline__ pk_fp pk_fp_sqr(const pk_fp& a) {
    PK_COUNT(1);
    return pk_fp_mul(a, a);
}

// k a for a small public constant k (the non-residue's coordinates, 3b'): double-and-add over
// the bits of k, as Fp::mul_small.
__device__ __forceinline__ pk_fp pk_fp_mul_small(const pk_fp& a, unsigned k) {
    if (k == 0u) return pk_fp_zero();
    int top = 31;
    while (((k >> top) & 1u) == 0u) --top;
    pk_fp r = a;
    for (int i = top - 1; i >= 0; --i) {
        r = pk_fp_dbl(r);
        if ((k >> i) & 1u) r = pk_fp_add(r, a);
    }
    return r;
}

// Canonical words (< p, checked on the host) -> Montgomery form, and back.
__device__ __forceinline__ pk_fp pk_fp_to_mont(const pk_fp& a) { return pk_fp_mul(a, pk_fp_load(pk_r2)); }

__device__ __forceinline__ pk_fp pk_fp_from_mont(const pk_fp& a) {
    pk_fp one = pk_fp_zero();
    one.w[0] = 1u;
    return pk_fp_mul(a, one);
}

// a^{p-2} (Fermat; 0 for 0, as Fp::inv_or_zero): left-to-right square-and-multiply over the
// public exponent's bits. Any inversion gives the same reduced value; this one has no branch on a.
__device__ __noinline__ pk_fp pk_fp_inv(const pk_fp& a) {
    PK_COUNT(3);
    pk_fp r = pk_fp_one();
#pragma unroll 1
    for (int j = PK_NL - 1; j >= 0; --j) {
        const pk_u32 e = pk_pm2[j];
#pragma unroll 1
        for (int k = 31; k >= 0; --k) {
            r = pk_fp_sqr(r);
            if ((e >> k) & 1u) r = pk_fp_mul(r, a);
        }
    }
    return r;
}
