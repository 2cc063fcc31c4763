//! Public scalars (group orders, cofactors, exponents) as little-endian u64 limbs, and their
//! width-w NAF. Everything here is variable time: it only ever sees public values, except
//! [`from_be_bytes_secret`], the one conversion for secret scalars (no branch on their value).
use crate::error::{Error, Result};

/// Parse a big-endian hex string (no 0x, any length) into little-endian limbs (trimmed).
pub fn from_hex(hex: &str) -> Result<Vec<u64>> {
    let digits: Vec<u8> = hex
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'_')
        .collect();
    let mut limbs = vec![0u64; digits.len().div_ceil(16).max(1)];
    for (i, &c) in digits.iter().rev().enumerate() {
        let v = (c as char)
            .to_digit(16)
            .ok_or_else(|| Error::InvalidEncoding(format!("not a hex digit: {:?}", c as char)))?;
        limbs[i / 16] |= (v as u64) << (4 * (i % 16));
    }
    Ok(trim(limbs))
}

/// Big-endian bytes -> little-endian limbs (trimmed).
pub fn from_be_bytes(bytes: &[u8]) -> Vec<u64> {
    let mut limbs = vec![0u64; bytes.len().div_ceil(8).max(1)];
    for (i, &b) in bytes.iter().rev().enumerate() {
        limbs[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    trim(limbs)
}

/// Big-endian bytes of a SECRET scalar -> little-endian limbs, at least `min_limbs` of them (the
/// group order r's count) and never trimmed: the constant-time ladders and exponentiations run a
/// number of windows fixed by the limb count, so the count must come from public lengths only
/// (the encoding's and r's), not from the value, and nothing here branches on a byte's value.
pub fn from_be_bytes_secret(bytes: &[u8], min_limbs: usize) -> Vec<u64> {
    let mut limbs = vec![0u64; bytes.len().div_ceil(8).max(min_limbs).max(1)];
    for (i, &b) in bytes.iter().rev().enumerate() {
        limbs[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    limbs
}

fn trim(mut v: Vec<u64>) -> Vec<u64> {
    while v.len() > 1 && *v.last().unwrap() == 0 {
        v.pop();
    }
    v
}

/// k == 0.
pub fn is_zero(k: &[u64]) -> bool {
    k.iter().all(|&w| w == 0)
}

/// k == 1.
pub fn is_one(k: &[u64]) -> bool {
    !k.is_empty() && k[0] == 1 && k[1..].iter().all(|&w| w == 0)
}

/// Number of significant bits.
pub fn bit_len(k: &[u64]) -> usize {
    for i in (0..k.len()).rev() {
        if k[i] != 0 {
            return 64 * i + 64 - k[i].leading_zeros() as usize;
        }
    }
    0
}

/// Width-w NAF of k >= 0 (HMV Alg. 3.35): digits d_i (least significant first), each 0 or odd
/// with |d_i| < 2^{w-1}, k = sum d_i 2^i, and at most one non-zero among any w consecutive.
pub fn wnaf(k: &[u64], w: u32) -> Vec<i8> {
    assert!((2..=7).contains(&w));
    let mut k: Vec<u64> = k.to_vec();
    k.push(0); // room for the carry of k - d with d < 0
    let mut out = Vec::with_capacity(64 * k.len());
    let modulus = 1i64 << w;
    while !is_zero(&k) {
        let mut d = 0i64;
        if k[0] & 1 == 1 {
            d = (k[0] & (modulus as u64 - 1)) as i64;
            if d >= modulus / 2 {
                d -= modulus;
            }
            // k -= d
            if d > 0 {
                sub_small(&mut k, d as u64);
            } else {
                add_small(&mut k, (-d) as u64);
            }
        }
        out.push(d as i8);
        shr1(&mut k);
    }
    out
}

fn sub_small(k: &mut [u64], v: u64) {
    let (r, mut borrow) = k[0].overflowing_sub(v);
    k[0] = r;
    let mut i = 1;
    while borrow && i < k.len() {
        let (r, b) = k[i].overflowing_sub(1);
        k[i] = r;
        borrow = b;
        i += 1;
    }
}

fn add_small(k: &mut [u64], v: u64) {
    let (r, mut carry) = k[0].overflowing_add(v);
    k[0] = r;
    let mut i = 1;
    while carry && i < k.len() {
        let (r, c) = k[i].overflowing_add(1);
        k[i] = r;
        carry = c;
        i += 1;
    }
}

fn shr1(k: &mut [u64]) {
    for i in 0..k.len() {
        let hi = if i + 1 < k.len() { k[i + 1] << 63 } else { 0 };
        k[i] = (k[i] >> 1) | hi;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wnaf_reconstructs() {
        for k in [1u64, 2, 3, 7, 255, 0xdead_beef, u64::MAX] {
            for w in 2..=6 {
                let d = wnaf(&[k], w);
                let v: i128 = d.iter().enumerate().map(|(i, &x)| (x as i128) << i).sum();
                assert_eq!(v, k as i128, "k={k} w={w}");
            }
        }
        assert_eq!(from_hex("1_0000000000000000").unwrap(), vec![0, 1]);
        assert_eq!(from_be_bytes(&[1, 0, 0, 0, 0, 0, 0, 0, 2]), vec![2, 1]);
    }

    /// Issue 37 item 3: a secret's limb count depends on the lengths only, never on the value
    /// (from_be_bytes trims a short scalar's zero limbs, which shortened the ladder).
    #[test]
    fn secret_limbs_keep_the_padded_length() {
        let mut short = [0u8; 36];
        short[35] = 1;
        let long = [0xffu8; 36];
        assert_eq!(from_be_bytes(&short).len(), 1); // the public conversion trims
        for k in [&short[..], &long[..]] {
            assert_eq!(from_be_bytes_secret(k, 5).len(), 5);
        }
        assert_eq!(from_be_bytes_secret(&[1], 5), vec![1, 0, 0, 0, 0]);
        assert_eq!(from_be_bytes_secret(&[7; 48], 5).len(), 6); // longer encodings keep theirs
        assert_eq!(from_be_bytes_secret(&[], 0), vec![0]);
    }
}
