//! Limb arithmetic on `[u64; N]` (little-endian 64-bit words), all `const fn`: the same code
//! computes the Montgomery constants at compile time and runs the field at run time (the
//! portable reference backend, on `u128` products).
//!
//! Run-time functions here have data-independent control flow and memory access: loops run
//! over the public N only, and conditional subtraction is a mask select, never a branch.
//! The compile-time helpers at the end (`*_const`, `div_small`, `parse_*`) branch freely: they
//! only ever see public constants.

/// Largest limb count supported (scratch buffers hold 2 * MAX_LIMBS words).
pub const MAX_LIMBS: usize = 8;

/// a + b + carry = (sum, carry out), carry in {0, 1}.
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// a - b - borrow = (difference, borrow out), borrow in {0, 1}.
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, (t >> 127) as u64)
}

/// a + b * c + carry = (low word, high word); never overflows 128 bits.
#[inline(always)]
pub const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// All-ones when `bit` = 1, zero when `bit` = 0.
#[inline(always)]
pub const fn mask(bit: u64) -> u64 {
    0u64.wrapping_sub(bit)
}

/// Constant-time select: `a` when `m` = 0, `b` when `m` = all-ones. The mask passes through
/// `black_box` (an identity in constant evaluation): without it LLVM at opt-level 3 turned
/// `final_sub`'s select into a compare and branch on the borrow in the release build, which
/// `make ctgrind` caught under Valgrind (a secret-dependent branch in every F_p product).
#[inline(always)]
pub const fn select<const N: usize>(a: &[u64; N], b: &[u64; N], m: u64) -> [u64; N] {
    let m = core::hint::black_box(m);
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] ^ ((a[i] ^ b[i]) & m);
        i += 1;
    }
    r
}

/// a - b over N words: (difference mod 2^{64N}, borrow).
#[inline(always)]
pub const fn sub_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        let (d, bo) = sbb(a[i], b[i], borrow);
        r[i] = d;
        borrow = bo;
        i += 1;
    }
    (r, borrow)
}

/// a + b over N words: (sum mod 2^{64N}, carry).
#[inline(always)]
pub const fn add_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        let (s, c) = adc(a[i], b[i], carry);
        r[i] = s;
        carry = c;
        i += 1;
    }
    (r, carry)
}

/// The value hi * 2^{64N} + t, known to be < 2p, reduced to [0, p): subtract p and keep the
/// difference unless it borrowed without the extra word (constant time).
#[inline(always)]
pub const fn final_sub<const N: usize>(t: &[u64; N], hi: u64, p: &[u64; N]) -> [u64; N] {
    let (s, borrow) = sub_n(t, p);
    // Take s when hi = 1 (the value exceeds 2^{64N} > p) or when t >= p (no borrow).
    select(t, &s, mask(hi | (borrow ^ 1)))
}

/// (a + b) mod p for a, b < p.
#[inline(always)]
pub const fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (s, c) = add_n(a, b);
    final_sub(&s, c, p)
}

/// (a - b) mod p for a, b < p: subtract, then add p back under the borrow mask.
#[inline(always)]
pub const fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_n(a, b);
    let m = core::hint::black_box(mask(borrow));
    let mut pm = [0u64; N];
    let mut i = 0;
    while i < N {
        pm[i] = p[i] & m;
        i += 1;
    }
    add_n(&d, &pm).0
}

/// (-a) mod p for a < p: p - a, and 0 (not p) for a = 0.
#[inline(always)]
pub const fn neg_mod<const N: usize>(a: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (d, _) = sub_n(p, a);
    let mut nz = 0u64;
    let mut i = 0;
    while i < N {
        nz |= a[i];
        i += 1;
    }
    // nz != 0 as a mask, without a branch: (nz | -nz) has its top bit set iff nz != 0.
    let m = core::hint::black_box(mask((nz | nz.wrapping_neg()) >> 63));
    let mut r = [0u64; N];
    i = 0;
    while i < N {
        r[i] = d[i] & m;
        i += 1;
    }
    r
}

/// Montgomery product a b R^{-1} mod p, R = 2^{64N}, for a, b < p: CIOS (Koc, Acar, Kaliski,
/// "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 1996, Sec. 4
/// "Coarsely Integrated Operand Scanning"), with the two extra words t_N, t_{N+1} of the
/// paper kept in scalars. The invariant t < 2p after every outer step (ibid.) makes t_{N+1}
/// at most 1 and lets the final conditional subtraction see t_N as one bit. Valid for every
/// odd p < 2^{64N}, including full-width moduli (typea-512's q has its top bit set).
#[inline(always)]
pub const fn mont_mul_cios<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_n = 0u64;
    let mut i = 0;
    while i < N {
        // t += a * b_i
        let mut c = 0u64;
        let mut j = 0;
        while j < N {
            let (lo, hi) = mac(t[j], a[j], b[i], c);
            t[j] = lo;
            c = hi;
            j += 1;
        }
        let (tn, tn1) = adc(t_n, c, 0);
        // t = (t + m p) / 2^64 with m = t_0 (-p^{-1}) mod 2^64
        let m = t[0].wrapping_mul(inv);
        let (_, mut c2) = mac(t[0], m, p[0], 0);
        j = 1;
        while j < N {
            let (lo, hi) = mac(t[j], m, p[j], c2);
            t[j - 1] = lo;
            c2 = hi;
            j += 1;
        }
        let (lo, hi) = adc(tn, c2, 0);
        t[N - 1] = lo;
        t_n = tn1 + hi;
        i += 1;
    }
    final_sub(&t, t_n, p)
}

/// Montgomery product for moduli with a spare top bit and not of the form 2^{64N-1} - 1 - ...
/// (see [`no_carry_ok`]): the CIOS loop with the two carry chains (product and reduction)
/// interleaved and the extra words t_N, t_{N+1} dropped, because they provably stay zero.
/// This is the "no-carry" optimisation of gnark-crypto (G. Botrel, Y. El Housni et al.,
/// ConsenSys, "Faster big-integer modular multiplication for most moduli", 2020; also
/// eprint 2022/1400 Sec. 3.1). Cross-checked against [`mont_mul_cios`] in the tests.
#[inline(always)]
pub const fn mont_mul_nocarry<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        let (lo, mut ca) = mac(t[0], a[0], b[i], 0);
        t[0] = lo;
        let m = t[0].wrapping_mul(inv);
        let (_, mut cm) = mac(t[0], m, p[0], 0);
        let mut j = 1;
        while j < N {
            let (lo, hi) = mac(t[j], a[j], b[i], ca);
            t[j] = lo;
            ca = hi;
            let (lo, hi) = mac(t[j], m, p[j], cm);
            t[j - 1] = lo;
            cm = hi;
            j += 1;
        }
        t[N - 1] = cm.wrapping_add(ca);
        i += 1;
    }
    final_sub(&t, 0, p)
}

/// Whether [`mont_mul_nocarry`] is valid for p: the top bit of p is zero and the remaining
/// bits are not all ones (gnark-crypto's condition, ibid.).
pub const fn no_carry_ok<const N: usize>(p: &[u64; N]) -> bool {
    if p[N - 1] >> 63 != 0 {
        return false;
    }
    let mut all_ones = p[N - 1] == u64::MAX >> 1;
    let mut i = 0;
    while i + 1 < N {
        all_ones = all_ones && p[i] == u64::MAX;
        i += 1;
    }
    !all_ones
}

/// Montgomery reduction of the 2N-word value t (HAC Alg. 14.32, word by word), t < p R:
/// returns t R^{-1} mod p. `t` is a 2 * MAX_LIMBS scratch buffer; words >= 2N are ignored.
#[inline(always)]
pub const fn mont_reduce<const N: usize>(
    t: &mut [u64; 2 * MAX_LIMBS],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut carry2 = 0u64;
    let mut i = 0;
    while i < N {
        let m = t[i].wrapping_mul(inv);
        let mut c = 0u64;
        let mut j = 0;
        while j < N {
            let (lo, hi) = mac(t[i + j], m, p[j], c);
            t[i + j] = lo;
            c = hi;
            j += 1;
        }
        let (s, c2) = adc(t[i + N], c, carry2);
        t[i + N] = s;
        carry2 = c2;
        i += 1;
    }
    let mut r = [0u64; N];
    i = 0;
    while i < N {
        r[i] = t[N + i];
        i += 1;
    }
    final_sub(&r, carry2, p)
}

/// Montgomery square a^2 R^{-1} mod p: the 2N-word square with each cross product a_i a_j
/// (i < j) computed once and doubled by a one-bit shift, plus the diagonal a_i^2 (HAC
/// Alg. 14.16, N(N-1)/2 + N word products instead of N^2), then [`mont_reduce`].
#[inline(always)]
pub const fn mont_sqr<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; 2 * MAX_LIMBS];
    // off-diagonal products
    let mut i = 0;
    while i + 1 < N {
        let mut c = 0u64;
        let mut j = i + 1;
        while j < N {
            let (lo, hi) = mac(t[i + j], a[i], a[j], c);
            t[i + j] = lo;
            c = hi;
            j += 1;
        }
        t[i + N] = c;
        i += 1;
    }
    // double
    let mut k = 2 * N - 1;
    t[k] = t[k - 1] >> 63;
    while k > 1 {
        k -= 1;
        t[k] = (t[k] << 1) | (t[k - 1] >> 63);
    }
    t[0] <<= 1;
    // add the diagonal
    let mut c = 0u64;
    i = 0;
    while i < N {
        let (lo, hi) = mac(0, a[i], a[i], 0);
        let (s0, c0) = adc(t[2 * i], lo, c);
        let (s1, c1) = adc(t[2 * i + 1], hi, c0);
        t[2 * i] = s0;
        t[2 * i + 1] = s1;
        c = c1;
        i += 1;
    }
    mont_reduce::<N>(&mut t, p, inv)
}

// ------------------------------------------------------------------------------------------
// Compile-time helpers (public constants only; may branch).
// ------------------------------------------------------------------------------------------

/// -p^{-1} mod 2^64 for odd p_0, by Newton iteration x <- x (2 - p_0 x), which doubles the
/// number of correct low bits (Dusse, Kaliski, EUROCRYPT '90; x = p_0 is right mod 8).
pub const fn neg_inv64(p0: u64) -> u64 {
    assert!(p0 & 1 == 1, "modulus must be odd");
    let mut x = p0;
    let mut k = 0;
    while k < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
        k += 1;
    }
    x.wrapping_neg()
}

/// a >= b as integers.
pub const fn geq<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    sub_n(a, b).1 == 0
}

/// 2^k mod p by k modular doublings of 1 (p odd, p > 1).
pub const fn pow2_mod<const N: usize>(k: usize, p: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = 1;
    let mut i = 0;
    while i < k {
        let (s, c) = add_n(&r, &r);
        r = if c == 1 || geq(&s, p) {
            sub_n(&s, p).0
        } else {
            s
        };
        i += 1;
    }
    r
}

/// a + small over N words (wrapping).
pub const fn add_small<const N: usize>(a: &[u64; N], k: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = k;
    add_n(a, &b).0
}

/// a - small over N words (wrapping).
pub const fn sub_small<const N: usize>(a: &[u64; N], k: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = k;
    sub_n(a, &b).0
}

/// floor(a / d) for a small divisor d > 0 (schoolbook long division, top word first).
pub const fn div_small<const N: usize>(a: &[u64; N], d: u64) -> [u64; N] {
    let mut q = [0u64; N];
    let mut rem = 0u128;
    let mut i = N;
    while i > 0 {
        i -= 1;
        let cur = (rem << 64) | a[i] as u128;
        q[i] = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    q
}

/// a mod d for a small divisor d > 0.
pub const fn rem_small<const N: usize>(a: &[u64; N], d: u64) -> u64 {
    let mut rem = 0u128;
    let mut i = N;
    while i > 0 {
        i -= 1;
        rem = ((rem << 64) | a[i] as u128) % d as u128;
    }
    rem as u64
}

/// a * k + c over N words (panics on overflow: used for parsing constants).
const fn mul_small_add<const N: usize>(a: &[u64; N], k: u64, c: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut carry = c;
    let mut i = 0;
    while i < N {
        let (lo, hi) = mac(carry, a[i], k, 0);
        r[i] = lo;
        carry = hi;
        i += 1;
    }
    assert!(carry == 0, "constant does not fit in N limbs");
    r
}

/// Parse a decimal string (digits only) into N limbs at compile time, so parameter files
/// can quote the published decimal values verbatim (e.g. PBC's a.param).
pub const fn parse_dec<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut r = [0u64; N];
    let mut i = 0;
    while i < b.len() {
        assert!(b[i] >= b'0' && b[i] <= b'9', "not a decimal digit");
        r = mul_small_add(&r, 10, (b[i] - b'0') as u64);
        i += 1;
    }
    r
}

/// Parse a hexadecimal string (optional "0x", digits and a-f/A-F) into N limbs.
pub const fn parse_hex<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    let mut r = [0u64; N];
    let mut i = if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        2
    } else {
        0
    };
    while i < b.len() {
        let d = match b[i] {
            b'0'..=b'9' => b[i] - b'0',
            b'a'..=b'f' => b[i] - b'a' + 10,
            b'A'..=b'F' => b[i] - b'A' + 10,
            _ => panic!("not a hex digit"),
        };
        r = mul_small_add(&r, 16, d as u64);
        i += 1;
    }
    r
}

/// Number of significant bits of a.
pub const fn bit_len<const N: usize>(a: &[u64; N]) -> usize {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i + 64 - a[i].leading_zeros() as usize;
        }
    }
    0
}
