//! Element encodings (planes, digits, bytes). The byte encoding is the integer sum_i a_i 3^i
//! as exactly L = ceil(bitlen(3^m - 1) / 8) big-endian bytes (m = 97: L = 20).
//!
//! Base conversion uses a small bignum on u64 limbs, processed in chunks of 40 base-3 digits
//! (3^40 < 2^64): to bytes by Horner's rule (limbs * 3^40 + chunk), from bytes by repeated
//! division by 3^40. Public data only (variable time).

use super::{Fe3, Gf3m};
use crate::error::{Error, Result};

/// 3^40, the largest power of 3 used as a limb-sized chunk.
const POW40: u64 = 12_157_665_459_056_928_801;
const CHUNK: usize = 40;

/// Little-endian u64 limbs.
type Big = Vec<u64>;

/// x = x * k + c (k, c < 2^64).
fn mul_add(x: &mut Big, k: u64, c: u64) {
    let mut carry = c as u128;
    for w in x.iter_mut() {
        let t = (*w as u128) * (k as u128) + carry;
        *w = t as u64;
        carry = t >> 64;
    }
    if carry != 0 {
        x.push(carry as u64);
    }
}

/// x = x / k, returns x mod k.
fn div_small(x: &mut Big, k: u64) -> u64 {
    let mut rem: u128 = 0;
    for w in x.iter_mut().rev() {
        let cur = (rem << 64) | (*w as u128);
        *w = (cur / k as u128) as u64;
        rem = cur % k as u128;
    }
    while x.len() > 1 && *x.last().unwrap() == 0 {
        x.pop();
    }
    rem as u64
}

fn bit_len(x: &Big) -> usize {
    for i in (0..x.len()).rev() {
        if x[i] != 0 {
            return 64 * i + 64 - x[i].leading_zeros() as usize;
        }
    }
    0
}

/// 3^m as a bignum.
fn pow3(m: usize) -> Big {
    let mut x = vec![1u64];
    for _ in 0..m / CHUNK {
        mul_add(&mut x, POW40, 0);
    }
    mul_add(&mut x, 3u64.pow((m % CHUNK) as u32), 0);
    x
}

/// L = ceil(bitlen(3^m - 1) / 8), computed exactly.
pub(crate) fn byte_len(m: usize) -> usize {
    let mut x = pow3(m);
    // 3^m - 1 (3^m >= 3, no borrow past the first nonzero limb)
    for w in x.iter_mut() {
        let (v, borrow) = w.overflowing_sub(1);
        *w = v;
        if !borrow {
            break;
        }
    }
    bit_len(&x).div_ceil(8)
}

/// The digits a_0..a_{m-1} as the integer sum a_i 3^i, big-endian, exactly `len` bytes.
pub(crate) fn digits_to_bytes(digits: &[u8], len: usize) -> Vec<u8> {
    let mut x: Big = vec![0];
    let m = digits.len();
    let chunks = m.div_ceil(CHUNK);
    for c in (0..chunks).rev() {
        let lo = c * CHUNK;
        let hi = (lo + CHUNK).min(m);
        let mut v = 0u64;
        for i in (lo..hi).rev() {
            v = v * 3 + digits[i] as u64;
        }
        // Horner from the top chunk: x = x * 3^{len of this chunk} + v
        mul_add(&mut x, 3u64.pow((hi - lo) as u32), v);
    }
    let mut out = vec![0u8; len];
    for (k, byte) in out.iter_mut().rev().enumerate() {
        let limb = k / 8;
        if limb < x.len() {
            *byte = (x[limb] >> (8 * (k % 8))) as u8;
        }
    }
    out
}

/// Parses exactly `len` big-endian bytes as an integer < 3^m and returns its m base-3 digits.
pub(crate) fn bytes_to_digits(bytes: &[u8], m: usize, len: usize) -> Result<Vec<u8>> {
    if bytes.len() != len {
        return Err(Error::WrongLength {
            expected: len,
            got: bytes.len(),
        });
    }
    let mut x: Big = vec![0u64; len.div_ceil(8).max(1)];
    for (k, &byte) in bytes.iter().rev().enumerate() {
        x[k / 8] |= (byte as u64) << (8 * (k % 8));
    }
    let mut digits = vec![0u8; m];
    let chunks = m.div_ceil(CHUNK);
    for c in 0..chunks {
        let lo = c * CHUNK;
        let hi = (lo + CHUNK).min(m);
        let k = 3u64.pow((hi - lo) as u32);
        let mut r = div_small(&mut x, k);
        for d in digits.iter_mut().take(hi).skip(lo) {
            *d = (r % 3) as u8;
            r /= 3;
        }
    }
    if bit_len(&x) != 0 {
        return Err(Error::InvalidEncoding(format!(
            "value is not below 3^{m} (not a canonical GF(3^{m}) element)"
        )));
    }
    Ok(digits)
}

// ------------------------------------------------------------------ element encodings ---

impl<const N: usize> Gf3m<N> {
    /// 1 if the lowest nonzero digit of `a` is 2, else 0 (0 for a = 0): the sign bit of
    /// compressed points.
    pub fn sign(&self, a: &Fe3<N>) -> u8 {
        for i in 0..N {
            let any = a.lo[i] | a.hi[i];
            if any != 0 {
                return ((a.hi[i] >> any.trailing_zeros()) & 1) as u8;
            }
        }
        0
    }

    // ------------------------------------------------------------------ encodings -------

    /// Whether `a` is a canonical element (no digit with both bits, no bits >= m).
    pub fn is_canonical(&self, a: &Fe3<N>) -> bool {
        let mut bad = 0u64;
        for i in 0..N {
            bad |= (a.lo[i] & a.hi[i]) | ((a.lo[i] | a.hi[i]) & !self.top_mask[i]);
        }
        bad == 0
    }

    /// The element with the given planes; `Err(InvalidEncoding)` if not canonical.
    pub fn from_planes(&self, lo: [u64; N], hi: [u64; N]) -> Result<Fe3<N>> {
        let a = Fe3 { lo, hi };
        if !self.is_canonical(&a) {
            return Err(Error::InvalidEncoding(format!(
                "planes are not a canonical GF(3^{}) element (a digit with both bits, or bits >= m)",
                self.m
            )));
        }
        Ok(a)
    }

    /// The element sum d_i x^i from at most m digits in {0, 1, 2} (index = power of x).
    pub fn from_digits(&self, digits: &[u8]) -> Result<Fe3<N>> {
        if digits.len() > self.m {
            return Err(Error::InvalidEncoding(format!(
                "{} digits for GF(3^{}) (at most m)",
                digits.len(),
                self.m
            )));
        }
        let mut r = Fe3::ZERO;
        for (i, &d) in digits.iter().enumerate() {
            match d {
                0 => {}
                1 => r.lo[i / 64] |= 1 << (i % 64),
                2 => r.hi[i / 64] |= 1 << (i % 64),
                _ => {
                    return Err(Error::InvalidEncoding(format!(
                        "digit {d} at position {i} is not in {{0, 1, 2}}"
                    )))
                }
            }
        }
        Ok(r)
    }

    /// The m digits of `a` (index = power of x).
    pub fn to_digits(&self, a: &Fe3<N>) -> Vec<u8> {
        (0..self.m).map(|i| a.digit(i)).collect()
    }

    /// L = ceil(bitlen(3^m - 1) / 8), the byte length of the encoding.
    pub fn byte_len(&self) -> usize {
        self.byte_len
    }

    /// The integer sum a_i 3^i as exactly [`Self::byte_len`] big-endian bytes.
    pub fn to_bytes(&self, a: &Fe3<N>) -> Vec<u8> {
        digits_to_bytes(&self.to_digits(a), self.byte_len)
    }

    /// Inverse of [`Self::to_bytes`]: `Err(WrongLength)` for a length other than
    /// [`Self::byte_len`], `Err(InvalidEncoding)` for a value >= 3^m.
    pub fn from_bytes(&self, bytes: &[u8]) -> Result<Fe3<N>> {
        let d = bytes_to_digits(bytes, self.m, self.byte_len)?;
        self.from_digits(&d)
    }

    /// A uniformly random element.
    pub fn random<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Fe3<N> {
        let mut r = Fe3::ZERO;
        for i in 0..self.m {
            match rng.gen_range(0..3u8) {
                1 => r.lo[i / 64] |= 1 << (i % 64),
                2 => r.hi[i / 64] |= 1 << (i % 64),
                _ => {}
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_lengths() {
        // bitlen(3^m - 1) = floor(m log2 3) + 1
        assert_eq!(byte_len(1), 1);
        assert_eq!(byte_len(5), 1); // 242 < 256
        assert_eq!(byte_len(6), 2); // 728
        assert_eq!(byte_len(97), 20); // 3^97 ~ 2^153.7
        assert_eq!(byte_len(193), 39); // 3^193 ~ 2^305.9
        for m in 1..400 {
            let bits = (m as f64 * 3f64.log2()).floor() as usize + 1;
            assert_eq!(byte_len(m), bits.div_ceil(8), "m = {m}");
        }
    }

    #[test]
    fn roundtrip_small() {
        let d = vec![2u8, 1, 0, 2, 2];
        let b = digits_to_bytes(&d, 1);
        assert_eq!(b, vec![2 + 3 + 2 * 27 + 2 * 81]);
        assert_eq!(bytes_to_digits(&b, 5, 1).unwrap(), d);
        assert!(bytes_to_digits(&[243], 5, 1).is_err());
        assert!(bytes_to_digits(&[242], 5, 1).is_ok());
    }
}
