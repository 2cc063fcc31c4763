//! Constant-time masks and selections on word arrays, for the small-characteristic families'
//! constant-time scalar multiplication and GT exponentiation (`curve::ss_binary_ct`,
//! `curve::ss_char3_ct`, `ext::gf2m_4::pow_ct`, `ext3::sextic::pow_ct`).
//!
//! A mask is 0 or all-ones. Every mask passes through [`opaque`] before it is used, so the
//! optimiser cannot learn that it is 0 or all-ones and turn a select into a branch (what LLVM did
//! to the F_p selects at opt-level 3, docs/PROTOCOLS.md; `field::fp::carry` does the same).
//! `examples/ctgrind.rs` checks the functions built on these under Valgrind.

/// m, with no value information for the optimiser (an empty asm on x86-64; `black_box`
/// elsewhere).
#[inline(always)]
pub fn opaque(m: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut m = m;
        // SAFETY: an empty instruction sequence; it only pins m to a register.
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) m, options(pure, nomem, nostack, preserves_flags))
        };
        m
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        core::hint::black_box(m)
    }
}

/// All-ones if every word of `a` is zero, else 0.
#[inline(always)]
pub fn zero_mask(a: &[u64]) -> u64 {
    let nz = a.iter().fold(0u64, |acc, w| acc | w);
    // (nz | -nz) has its top bit set iff nz != 0.
    opaque(((nz | nz.wrapping_neg()) >> 63).wrapping_sub(1))
}

/// All-ones if a == b (both public-length), else 0.
#[inline(always)]
pub fn eq_mask_u64(a: u64, b: u64) -> u64 {
    zero_mask(&[a ^ b])
}

/// a where m = 0, b where m = all-ones (word by word).
#[inline(always)]
pub fn select<const N: usize>(a: &[u64; N], b: &[u64; N], m: u64) -> [u64; N] {
    let m = opaque(m);
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = a[i] ^ ((a[i] ^ b[i]) & m);
    }
    r
}

/// `table[index]` read by scanning every entry (the address never depends on `index`).
#[inline(always)]
pub fn lookup<T: Copy, const K: usize>(
    table: &[T; K],
    index: u64,
    sel: impl Fn(&T, &T, u64) -> T,
) -> T {
    let mut r = table[0];
    for (i, t) in table.iter().enumerate().skip(1) {
        r = sel(&r, t, eq_mask_u64(i as u64, index));
    }
    r
}

/// The `w`-bit window of the little-endian limbs `k` starting at bit `pos` (public positions,
/// so only shifts and masks touch the secret).
#[inline(always)]
pub fn window(k: &[u64], pos: usize, w: usize) -> u64 {
    let (i, s) = (pos / 64, pos % 64);
    let lo = k.get(i).copied().unwrap_or(0) >> s;
    let hi = if s + w > 64 {
        k.get(i + 1).copied().unwrap_or(0) << (64 - s)
    } else {
        0
    };
    (lo | hi) & ((1u64 << w) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_selects_and_windows() {
        assert_eq!(zero_mask(&[0, 0]), u64::MAX);
        assert_eq!(zero_mask(&[0, 1 << 63]), 0);
        assert_eq!(eq_mask_u64(5, 5), u64::MAX);
        assert_eq!(eq_mask_u64(5, 4), 0);
        assert_eq!(select(&[1, 2], &[3, 4], 0), [1, 2]);
        assert_eq!(select(&[1, 2], &[3, 4], u64::MAX), [3, 4]);
        let t = [[10u64], [11], [12], [13]];
        for i in 0..4 {
            assert_eq!(lookup(&t, i, select), t[i as usize]);
        }
        let k = [0xfedc_ba98_7654_3210u64, 0x0123_4567_89ab_cdef];
        for pos in (0..128).step_by(4) {
            let want = ((u128::from(k[1]) << 64 | u128::from(k[0])) >> pos) as u64 & 15;
            assert_eq!(window(&k, pos, 4), want);
        }
        assert_eq!(window(&k, 62, 4), ((k[0] >> 62) | (k[1] << 2)) & 15);
        assert_eq!(window(&k, 128, 4), 0);
    }
}
