//! Portable (architecture-independent) polynomial multiplication over F_2.
//!
//! * [`clmul64`]: constant-time 64x64 -> 128 carry-less multiply in software, by integer
//!   multiplication of "holey" operands (the BearSSL `bmul` idea, T. Pornin,
//!   ghash_ctmul.c, widened here to 64-bit inputs with a hole stride of 5 so that column sums
//!   (<= 13 terms) never carry into the next kept bit).
//! * [`prod_karatsuba`]: word-level Karatsuba (HMV §2.3.3, "Karatsuba–Ofman") over `clmul64`,
//!   schoolbook below a threshold. This is the `Portable` backend.
//! * [`prod_comb`]: HMV Algorithm 2.36, left-to-right comb with windows of width w = 4.

/// Carry-less product of two 64-bit polynomials, returned as (low word, high word).
///
/// Each operand is split into 5 "holey" parts x_i = x & M_i, where M_i keeps the bit
/// positions congruent to i mod 5. In the integer product x_i * y_j every column sum counts
/// at most 13 partial products (13 < 2^5), so bit k (k = i + j mod 5) of the integer product
/// equals the XOR of the column — the carries only pollute the 4 positions above, which have
/// other residues and are masked away. Runs in constant time where integer multiplication
/// does (all mainstream 64-bit CPUs).
#[inline(always)]
pub fn clmul64(x: u64, y: u64) -> (u64, u64) {
    const M: [u64; 5] = [
        0x1084_2108_4210_8421,
        0x2108_4210_8421_0842,
        0x4210_8421_0842_1084,
        0x8421_0842_1084_2108,
        0x0842_1084_2108_4210,
    ];
    // 128-bit masks: positions congruent to r mod 5, r = 0..4 (period 5 over 128 bits).
    const fn m128(r: u32) -> u128 {
        let mut v = 0u128;
        let mut k = r;
        while k < 128 {
            v |= 1u128 << k;
            k += 5;
        }
        v
    }
    const MM: [u128; 5] = [m128(0), m128(1), m128(2), m128(3), m128(4)];
    let xs = [
        (x & M[0]) as u128,
        (x & M[1]) as u128,
        (x & M[2]) as u128,
        (x & M[3]) as u128,
        (x & M[4]) as u128,
    ];
    let ys = [
        (y & M[0]) as u128,
        (y & M[1]) as u128,
        (y & M[2]) as u128,
        (y & M[3]) as u128,
        (y & M[4]) as u128,
    ];
    let mut z = 0u128;
    for r in 0..5 {
        let mut acc = 0u128;
        for i in 0..5 {
            let j = (r + 5 - i) % 5;
            acc ^= xs[i].wrapping_mul(ys[j]);
        }
        z |= acc & MM[r];
    }
    (z as u64, (z >> 64) as u64)
}

/// Schoolbook product of two `n`-word polynomials (slices of equal length) into `out`
/// (2n words, overwritten), using `clmul64`.
#[inline(always)]
fn school_slice(a: &[u64], b: &[u64], out: &mut [u64]) {
    let n = a.len();
    for x in out[..2 * n].iter_mut() {
        *x = 0;
    }
    for i in 0..n {
        for j in 0..n {
            let (lo, hi) = clmul64(a[i], b[j]);
            out[i + j] ^= lo;
            out[i + j + 1] ^= hi;
        }
    }
}

/// Below this many words the portable Karatsuba switches to schoolbook.
const KARA_THRESHOLD: usize = 2;
/// Largest operand handled by the stack-buffered Karatsuba recursion.
const KARA_MAX: usize = 64;

/// Recursive Karatsuba (HMV §2.3.3): A = A0 + X^h A1 with h = ceil(n/2),
/// A B = P0 + X^h (P1 + P0 + P2) + X^{2h} P2, P0 = A0 B0, P2 = A1 B1, P1 = (A0+A1)(B0+B1).
fn kara_slice(a: &[u64], b: &[u64], out: &mut [u64]) {
    let n = a.len();
    if n <= KARA_THRESHOLD {
        school_slice(a, b, out);
        return;
    }
    let h = n.div_ceil(2);
    let l = n - h; // l == h or h - 1
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let mut sa = [0u64; KARA_MAX];
    let mut sb = [0u64; KARA_MAX];
    sa[..h].copy_from_slice(a0);
    sb[..h].copy_from_slice(b0);
    for i in 0..l {
        sa[i] ^= a1[i];
        sb[i] ^= b1[i];
    }
    let mut p1 = [0u64; 2 * KARA_MAX];
    kara_slice(&sa[..h], &sb[..h], &mut p1[..2 * h]);
    for x in out[..2 * n].iter_mut() {
        *x = 0;
    }
    {
        let (lo, hi) = out.split_at_mut(2 * h);
        kara_slice(a0, b0, lo); // P0 -> out[0..2h]
        kara_slice(a1, b1, &mut hi[..2 * l]); // P2 -> out[2h..2h+2l]
    }
    // middle = P1 + P0 + P2, added at word h.
    for i in 0..2 * h {
        let p0 = out[i];
        let p2 = if i < 2 * l { out[2 * h + i] } else { 0 };
        p1[i] ^= p0 ^ p2;
    }
    for i in 0..2 * h {
        if h + i < 2 * n {
            out[h + i] ^= p1[i];
        }
    }
}

/// Word-level Karatsuba product over the constant-time software `clmul64` (the Portable
/// backend). Returns the 2N-word product as (low N words, high N words).
#[inline(never)]
pub fn prod_karatsuba<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    let mut out = [[0u64; N]; 2];
    if N <= KARA_MAX {
        kara_slice(a, b, out.as_flattened_mut());
    } else {
        school_slice(a, b, out.as_flattened_mut());
    }
    out
}

/// HMV Algorithm 2.36 (left-to-right comb method with windows of width w = 4).
///
/// Precompute B_u = u(x) b(x) for the 16 polynomials u of degree < 4, then for k = 15..0
/// add B_u (u = the 4-bit window k of word j of a) into C at word offset j, and multiply
/// C by x^4 between rounds.
///
/// Note: the table index is taken from the bits of `a`, so the memory-access pattern depends
/// on `a` (classic cache-timing concern). It is a cross-checked, benchmarked variant; no
/// backend selects it for `mul`.
#[inline(never)]
pub fn prod_comb<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    // Table of u(x) * b(x), each N+1 words, stored as [[u64; N]; 2] rows for const sizing.
    let mut tab = [[[0u64; N]; 2]; 16];
    for u in 1..16usize {
        let row = tab[u].as_flattened_mut();
        for bit in 0..4 {
            if (u >> bit) & 1 == 1 {
                // row ^= b << bit
                let mut carry = 0u64;
                for i in 0..N {
                    row[i] ^= (b[i] << bit) | carry;
                    carry = if bit == 0 { 0 } else { b[i] >> (64 - bit) };
                }
                row[N] ^= carry;
            }
        }
    }
    let mut c2 = [[0u64; N]; 2];
    {
        let c = c2.as_flattened_mut();
        for k in (0..16).rev() {
            for j in 0..N {
                let u = ((a[j] >> (4 * k)) & 0xF) as usize;
                let row = tab[u].as_flattened();
                for i in 0..=N {
                    if i + j < 2 * N {
                        c[i + j] ^= row[i];
                    }
                }
            }
            if k != 0 {
                // C <- C * x^4
                for i in (0..2 * N).rev() {
                    c[i] = (c[i] << 4) | if i > 0 { c[i - 1] >> 60 } else { 0 };
                }
            }
        }
    }
    c2
}
