// The curve E_b: y^2 + y = x^3 + x + b over GF(2^m), m odd (seed 000 §2), as far as the
// device-side validation of pairing inputs needs it (pk_validate in batch.cu): the curve
// equation and the order-r subgroup test. Mirrors crates/pairkit-core/src/curve/ss_binary.rs
// (`rhs`, `is_on_curve`, `to_proj`, `Proj::infinity`, `proj_double`, `proj_add`,
// `proj_add_mixed`, `proj_frob_n`, `frob_trace_proj`) with the same formulas, and the choice of
// test of crates/pairkit-core/src/engine.rs (`SubgroupTest`), which the prelude passes as
// PK_SUBGROUP (python/pairkit/gpu/source.py `subgroup_test`):
//   0 = Trivial (cofactor 1, e.g. ss2-239): every finite point on the curve is in the subgroup;
//   1 = FrobeniusTrace (b = 0, #E = 5 r, 5 does not divide m: ss2-283, ss2-1223):
//       P is in the order-r subgroup G_r iff Tr(P) = sum_{j<m} sigma^j(P) = O.
// The Rust core's third test (r P = O by scalar multiplication) has no kernel: source.py refuses
// such sets with GpuUnsupportedError.
//
// Why Tr(P) = O is a subgroup test (ss_binary.rs `frob_trace_proj`): sigma^m - 1 =
// (sigma - 1) Phi kills E(F_{2^m}), and deg(sigma - 1) = #E_0(F_2) = 5. If #E = 5 r with r a
// prime != 5, the image of sigma - 1 is G_r and lies in ker Phi, while Phi acts on E(F_2) as
// [m]; so for 5 not dividing m, ker Phi = G_r exactly.
//
// Projective (X : Y : Z), x = X/Z, y = Y/Z, Z = 0 the point at infinity (ss_binary.rs module
// docs): 2(X : Y : Z) = (X^4 + Z^4 : Y^4 + X^4 : Z^4); addition with A = Y1 Z2 + Y2 Z1,
// B = X1 Z2 + X2 Z1, E = A^2 Z1 Z2 + B^3:
//   (X3 : Y3 : Z3) = (E B : A (X1 Z2 B^2 + E) + B^3 (Y1 Z2 + Z1 Z2) : B^3 Z1 Z2).

struct pk_proj {
    pk_fe x, y, z;
};

__device__ __forceinline__ bool pk_fe_eq(const pk_fe& a, const pk_fe& b) {
    pk_u32 acc = 0u;
#pragma unroll
    for (int j = 0; j < PK_W; ++j) acc |= a.w[j] ^ b.w[j];
    return acc == 0u;
}

__device__ __forceinline__ pk_proj pk_proj_make(const pk_fe& x, const pk_fe& y, const pk_fe& z) {
    pk_proj r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}

// (1 : 1 : 0) (`Proj::infinity`).
__device__ __forceinline__ pk_proj pk_proj_infinity() {
    return pk_proj_make(pk_fe_one(), pk_fe_one(), pk_fe_zero());
}

// y^2 + y = x^3 + x + b (`Curve::is_on_curve` with `rhs`): 1M + 2S.
__device__ __noinline__ bool pk_on_curve(const pk_fe& x, const pk_fe& y) {
    const pk_fe rhs = pk_addc(pk_add(pk_mul(pk_sqr(x), x), x), (pk_u32)PK_B);
    return pk_fe_eq(pk_add(pk_sqr(y), y), rhs);
}

// 2(X : Y : Z) = (X^4 + Z^4 : Y^4 + X^4 : Z^4) (`proj_double`): 6S.
__device__ __forceinline__ pk_proj pk_proj_double(const pk_proj& p) {
    const pk_fe x4 = pk_sqr(pk_sqr(p.x));
    const pk_fe z4 = pk_sqr(pk_sqr(p.z));
    return pk_proj_make(pk_add(x4, z4), pk_add(pk_sqr(pk_sqr(p.y)), x4), z4);
}

// (X1 : Y1 : Z1) + (X2 : Y2 : Z2) (`proj_add`): 12M + 2S.
__device__ __noinline__ pk_proj pk_proj_add(const pk_proj& p, const pk_proj& q) {
    if (pk_is_zero(p.z)) return q;
    if (pk_is_zero(q.z)) return p;
    const pk_fe y1z2 = pk_mul(p.y, q.z);
    const pk_fe x1z2 = pk_mul(p.x, q.z);
    const pk_fe a = pk_add(y1z2, pk_mul(q.y, p.z));
    const pk_fe b = pk_add(x1z2, pk_mul(q.x, p.z));
    if (pk_is_zero(b)) return pk_is_zero(a) ? pk_proj_double(p) : pk_proj_infinity();
    const pk_fe zp = pk_mul(p.z, q.z);
    const pk_fe b2 = pk_sqr(b);
    const pk_fe b3 = pk_mul(b2, b);
    const pk_fe e = pk_add(pk_mul(pk_sqr(a), zp), b3);
    const pk_fe x3 = pk_mul(e, b);
    const pk_fe y3 = pk_add(pk_mul(a, pk_add(pk_mul(x1z2, b2), e)), pk_mul(b3, pk_add(y1z2, zp)));
    return pk_proj_make(x3, y3, pk_mul(b3, zp));
}

// (X1 : Y1 : Z1) + (x2, y2), the addition above with Z2 = 1 (`proj_add_mixed`): 9M + 2S.
__device__ __noinline__ pk_proj pk_proj_add_mixed(const pk_proj& p, const pk_fe& x2, const pk_fe& y2) {
    if (pk_is_zero(p.z)) return pk_proj_make(x2, y2, pk_fe_one());
    const pk_fe a = pk_add(p.y, pk_mul(y2, p.z));
    const pk_fe b = pk_add(p.x, pk_mul(x2, p.z));
    if (pk_is_zero(b)) return pk_is_zero(a) ? pk_proj_double(p) : pk_proj_infinity();
    const pk_fe b2 = pk_sqr(b);
    const pk_fe b3 = pk_mul(b2, b);
    const pk_fe e = pk_add(pk_mul(pk_sqr(a), p.z), b3);
    const pk_fe x3 = pk_mul(e, b);
    const pk_fe y3 = pk_add(pk_mul(a, pk_add(pk_mul(p.x, b2), e)), pk_mul(b3, pk_add(p.y, p.z)));
    return pk_proj_make(x3, y3, pk_mul(b3, p.z));
}

// sigma^n (X : Y : Z) = (X^{2^n} : Y^{2^n} : Z^{2^n}), sigma the 2-power Frobenius, an
// endomorphism since E_b is defined over F_2 (`proj_frob_n`; pk_sqr_n picks squarings or
// square roots by the same cost rule as the Rust core's sqr_n).
__device__ __forceinline__ pk_proj pk_proj_frob_n(const pk_proj& p, int n) {
    return pk_proj_make(pk_sqr_n(p.x, n), pk_sqr_n(p.y, n), pk_sqr_n(p.z, n));
}

// Tr(P) = sum_{j<m} sigma^j(P) for affine P = (px, py), computed like an Itoh-Tsujii chain over
// the binary expansion of m (`frob_trace_proj`): Phi_{2n} = Phi_n + sigma^n Phi_n,
// Phi_{n+1} = P + sigma Phi_n; floor(log2 m) + HW(m) - 1 additions and about 3 m squarings.
__device__ __noinline__ pk_proj pk_frob_trace(const pk_fe& px, const pk_fe& py) {
    pk_proj s = pk_proj_make(px, py, pk_fe_one());  // `to_proj`
    int n = 1;
    int top = 31;
    while (((PK_M >> top) & 1) == 0) --top;
#pragma unroll 1
    for (int bit = top - 1; bit >= 0; --bit) {
        s = pk_proj_add(s, pk_proj_frob_n(s, n));
        n *= 2;
        if ((PK_M >> bit) & 1) {
            s = pk_proj_add_mixed(pk_proj_frob_n(s, 1), px, py);
            n += 1;
        }
    }
    return s;
}

// Status of one finite affine point (the CPU engine's checks after decoding, in its order:
// `Curve::decode` then `BinaryEngine::in_subgroup`): 0, PK_ST_NOT_ON_CURVE or
// PK_ST_NOT_IN_SUBGROUP (codes defined in batch.cu's status table).
#define PK_ST_NOT_ON_CURVE 2u
#define PK_ST_NOT_IN_SUBGROUP 3u

__device__ __forceinline__ pk_u32 pk_point_status(const pk_fe& x, const pk_fe& y) {
    if (!pk_on_curve(x, y)) return PK_ST_NOT_ON_CURVE;
#if PK_SUBGROUP == 1
    if (!pk_is_zero(pk_frob_trace(x, y).z)) return PK_ST_NOT_IN_SUBGROUP;
#elif PK_SUBGROUP != 0
#error "PK_SUBGROUP must be 0 (trivial) or 1 (Frobenius trace)"
#endif
    return 0u;
}
