//! `make bench-peers-native`: pairkit's bn254 / bls12-381 pairing beside the native peer
//! libraries, in one criterion run, on the same inputs and the same work: one Miller loop and
//! one final exponentiation of affine points already decoded and validated (no hashing, no
//! decoding, no subgroup checks, no G2 precomputation).
//!
//!   peers-native/bls12-381/{pairkit, pairkit-reduced, blst, arkworks}
//!   peers-native/bn254/{pairkit, pairkit-reduced, arkworks, mcl}
//!
//! pairkit: `pairing::ate::pair_with` (the default `Interop` variant, the value the peers
//! compute; `pairkit-reduced`: the plain reduced pairing). blst: `blst_miller_loop` +
//! `blst_final_exp`. arkworks: `Pairing::pairing` on affine points (its G2Prepared built inside,
//! as pairkit's loop computes its lines). mcl (bn254 only): `mclBn_pairing` of herumi/mcl
//! initialised for MCL_BN_SNARK1, loaded from the pymcl wheel's .so named by `PAIRKIT_MCL_LIB`
//! (src/mcl.rs; without it the mcl entry is skipped with a message). The inputs are the interop vectors' second case
//! (P = [a]G1, Q = [b]G2 from lib.rs), each library's own representation of the same points.
//! scripts/peers_table.py turns the criterion estimates into a markdown table.
use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::curve::prime::group::{PrimeGroup, PrimeSet};
use pairkit_core::curve::prime::{bls12_381 as pk_bls, bn254 as pk_bn};
use pairkit_core::field::fp::{Bls12381P, Bn254P};
use pairkit_core::pairing::ate::{self, Variant};
use pairkit_peers::*;
use std::hint::black_box;

const A: [u8; 32] = BENCH_A;
const B: [u8; 32] = BENCH_B;

fn bls(c: &mut Criterion) {
    let x = blst_points(&A, &B);
    let (_, p96, _, q192) = blst_encodings(&x);
    let p = <pk_bls::Bls12381 as PrimeSet>::G1::from_bytes(&p96, true).unwrap();
    let q = <pk_bls::Bls12381 as PrimeSet>::G2::from_bytes(&q192, true).unwrap();
    let (pp, qq) = ((p.x, p.y), (q.x, q.y));
    let (ap, aq) = ark_bls_points(&A, &B);
    // the same value from all three before timing
    let want = blst_gt_bytes(&blst_pair(&x));
    assert_eq!(
        ate::pair::<Bls12381P, 6>(&pp, &qq).unwrap().to_bytes_be(),
        want
    );
    assert_eq!(
        ark_gt_bytes(&ark_bls12_381::Bls12_381::pairing(ap, aq)),
        want
    );
    let mut g = c.benchmark_group("peers-native/bls12-381");
    g.bench_function("pairkit", |b| {
        b.iter(|| ate::pair_with::<Bls12381P, 6>(Variant::Interop, black_box(&pp), black_box(&qq)))
    });
    g.bench_function("pairkit-reduced", |b| {
        b.iter(|| ate::pair_with::<Bls12381P, 6>(Variant::Reduced, black_box(&pp), black_box(&qq)))
    });
    g.bench_function("blst", |b| b.iter(|| blst_pair(black_box(&x))));
    g.bench_function("arkworks", |b| {
        b.iter(|| ark_bls12_381::Bls12_381::pairing(black_box(ap), black_box(aq)))
    });
    g.finish();
}

fn bn(c: &mut Criterion) {
    let (ap, aq) = ark_bn_points(&A, &B);
    let (g1, g2) = ark_bn_encodings(&ap, &aq);
    let p = <pk_bn::Bn254 as PrimeSet>::G1::from_bytes(&g1, true).unwrap();
    let q = <pk_bn::Bn254 as PrimeSet>::G2::from_bytes(&g2, true).unwrap();
    let (pp, qq) = ((p.x, p.y), (q.x, q.y));
    let want = ark_gt_bytes(&ark_bn254::Bn254::pairing(ap, aq));
    assert_eq!(
        ate::pair::<Bn254P, 4>(&pp, &qq).unwrap().to_bytes_be(),
        want
    );
    let mut g = c.benchmark_group("peers-native/bn254");
    g.bench_function("pairkit", |b| {
        b.iter(|| ate::pair_with::<Bn254P, 4>(Variant::Interop, black_box(&pp), black_box(&qq)))
    });
    g.bench_function("pairkit-reduced", |b| {
        b.iter(|| ate::pair_with::<Bn254P, 4>(Variant::Reduced, black_box(&pp), black_box(&qq)))
    });
    g.bench_function("arkworks", |b| {
        b.iter(|| ark_bn254::Bn254::pairing(black_box(ap), black_box(aq)))
    });
    match mcl::Mcl::from_env() {
        Ok(m) => {
            let (mp, mq) = mcl::mcl_bn_points(&m, &ap, &aq).expect("mcl points");
            assert_eq!(m.gt_bytes(&m.pair(&mp, &mq)).expect("mcl GT"), want);
            g.bench_function("mcl", |b| b.iter(|| m.pair(black_box(&mp), black_box(&mq))));
        }
        Err(e) => eprintln!("peers-native/bn254/mcl skipped: {e}"),
    }
    g.finish();
}

criterion_group!(benches, bls, bn);
criterion_main!(benches);
