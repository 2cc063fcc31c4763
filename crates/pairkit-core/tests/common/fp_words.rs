//! Montgomery-word inputs for the GF(p) backend tests (fp_props.rs, fp6_lazy.rs): edge words,
//! elements with given Montgomery words, and a proptest strategy biased to 0 and all-ones limbs.
#![allow(dead_code)]
use pairkit_core::field::fp::{arith, Fp, FpParams};
use proptest::prelude::*;

/// The element whose Montgomery words are `w` (< p): from_limbs(w) has words w R, and the
/// Montgomery product by the element with words 1 (canonical R^{-1}) leaves w.
pub fn with_mont_words<P: FpParams<N>, const N: usize>(w: &[u64; N]) -> Fp<P, N> {
    let r_inv = Fp::<P, N>::from_limbs(&P::R)
        .unwrap()
        .inv_vartime()
        .unwrap();
    let e = Fp::<P, N>::from_limbs(w).unwrap().mul_portable(&r_inv);
    assert_eq!(e.mont_limbs(), w);
    e
}

/// Any N words brought below p: the top limb masked to p's bit length, then p subtracted
/// once if still >= p (the value is then < 2^{bits} < 2p).
pub fn below_p<P: FpParams<N>, const N: usize>(mut w: [u64; N]) -> [u64; N] {
    let top_bits = P::BITS - 64 * (N - 1);
    if top_bits < 64 {
        w[N - 1] &= (1u64 << top_bits) - 1;
    }
    if arith::geq(&w, &P::MODULUS) {
        w = arith::sub_n(&w, &P::MODULUS).0;
    }
    w
}

/// Montgomery words 0, 1, 2, p-1, p-2, p - 2^64, (p-1)/2, R mod p, p with its low limbs
/// replaced by all-ones and the top limb decremented (all-ones limbs below p), 2^{64(N-1)}.
pub fn edge_words<P: FpParams<N>, const N: usize>() -> Vec<[u64; N]> {
    let mut v = vec![[0u64; N]];
    for k in [1u64, 2] {
        v.push(arith::add_small(&[0u64; N], k));
        v.push(arith::sub_small(&P::MODULUS, k));
    }
    let mut t = P::MODULUS;
    t[0] = 0;
    v.push(arith::sub_small(&t, 1));
    v.push(arith::div_small(&P::MODULUS, 2));
    v.push(P::R);
    let mut ones = [u64::MAX; N];
    ones[N - 1] = P::MODULUS[N - 1] - 1;
    v.push(ones);
    let mut top = [0u64; N];
    top[N - 1] = 1;
    v.push(top);
    v
}

/// Words biased to 0 and all-ones limbs.
pub fn words<const N: usize>() -> impl Strategy<Value = [u64; N]> {
    proptest::array::uniform(prop_oneof![
        1 => Just(0u64),
        2 => Just(u64::MAX),
        1 => Just(u64::MAX - 1),
        1 => Just(1u64 << 63),
        4 => any::<u64>(),
    ])
    .prop_map(|v: [u64; N]| v)
}
