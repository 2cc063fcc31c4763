//! typea-512 test helper shared by tests/curve_prime.rs and tests/typea_deferred_check.rs.

use pairkit_core::field::fp::{FpParams, TypeA512Q};

/// (q + 1)/d as a big-endian scalar, for d | q + 1 = h r: [(q + 1)/d] P has order dividing d.
pub fn cofactor_part(d: u64) -> Vec<u8> {
    let mut n = TypeA512Q::MODULUS;
    n[0] += 1; // q odd: no carry out of the low word
    let mut out = [0u64; 8];
    let mut rem = 0u128;
    for i in (0..8).rev() {
        let cur = (rem << 64) | n[i] as u128;
        out[i] = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    assert_eq!(rem, 0, "{d} divides q + 1");
    out.iter().rev().flat_map(|w| w.to_be_bytes()).collect()
}
