//! Exponentiation by a SECRET exponent, constant time in the exponent's value: a fixed 4-bit
//! window over the exponent's big-endian bytes (every byte gives two windows, so the operation
//! sequence depends on the byte length only, which is public), the table entry of each window
//! read by a masked scan of all 16 entries (no secret-dependent memory index), and one
//! multiplication per window whatever its value (by 1 for a zero window). Cost for an n-byte
//! exponent: 14 table products, 8n squarings, 2n products and 32n masked selects.
//!
//! Used by the GT exponentiations of the prime sets (`Fp12::pow_ct`, `Fp2::pow_ct`); the
//! square-and-multiply `pow` next to them stays for public exponents. Checked for secret
//! independence under Valgrind memcheck (`make ctgrind`, examples/ctgrind.rs).

/// base^k for a secret k (big-endian bytes, any length; the length is public). `one`, `mul`,
/// `sqr` and `select` (b when the choice is true, else a; constant time) are the group's.
pub fn pow_window4<T: Copy>(
    one: T,
    base: &T,
    k_be: &[u8],
    mul: impl Fn(&T, &T) -> T,
    sqr: impl Fn(&T) -> T,
    select: impl Fn(&T, &T, bool) -> T,
) -> T {
    let mut table = [one; 16];
    table[1] = *base;
    for i in 2..16 {
        table[i] = if i % 2 == 0 {
            sqr(&table[i / 2])
        } else {
            mul(&table[i - 1], base)
        };
    }
    let mut acc = one;
    for byte in k_be {
        for nib in [byte >> 4, byte & 15] {
            for _ in 0..4 {
                acc = sqr(&acc);
            }
            let mut t = one;
            for (i, e) in table.iter().enumerate() {
                t = select(&t, e, core::hint::black_box(i as u8) == nib);
            }
            acc = mul(&acc, &t);
        }
    }
    acc
}
