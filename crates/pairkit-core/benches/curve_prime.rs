//! Large-characteristic curves (curve/prime): decoding with the subgroup check, the subgroup
//! checks alone, constant-time scalar multiplication, and RFC 9380 hashing (bls12-381).
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::curve::prime::group::PrimeGroup;
use pairkit_core::curve::prime::{bls12_381 as bls, bn254 as bn, typea512 as ta};
use rand::{rngs::StdRng, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(1);
    let k = [0x5au8; 32];
    let mut g = c.benchmark_group("curve_prime");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800));

    let p = bn::Bn254G1::random(&mut rng);
    let e = bn::Bn254G1::to_bytes(&p, false);
    g.bench_function("bn254 g1 decode+check", |b| {
        b.iter(|| bn::Bn254G1::from_bytes(black_box(&e), true))
    });
    g.bench_function("bn254 g1 mul", |b| {
        b.iter(|| bn::Bn254G1::mul(black_box(&p), &k))
    });
    let q = bn::Bn254G2::random(&mut rng);
    let e = bn::Bn254G2::to_bytes(&q, false);
    g.bench_function("bn254 g2 decode+check", |b| {
        b.iter(|| bn::Bn254G2::from_bytes(black_box(&e), true))
    });
    g.bench_function("bn254 g2 subgroup", |b| {
        b.iter(|| bn::Bn254G2::in_subgroup(black_box(&q)))
    });
    g.bench_function("bn254 g2 mul", |b| {
        b.iter(|| bn::Bn254G2::mul(black_box(&q), &k))
    });

    let p = bls::Bls12381G1::random(&mut rng);
    let e = bls::Bls12381G1::to_bytes(&p, true);
    g.bench_function("bls12-381 g1 decode+check (48 B)", |b| {
        b.iter(|| bls::Bls12381G1::from_bytes(black_box(&e), true))
    });
    g.bench_function("bls12-381 g1 subgroup", |b| {
        b.iter(|| bls::Bls12381G1::in_subgroup(black_box(&p)))
    });
    g.bench_function("bls12-381 g1 subgroup naive", |b| {
        b.iter(|| bls::Bls12381G1::in_subgroup_naive(black_box(&p)))
    });
    g.bench_function("bls12-381 g1 mul", |b| {
        b.iter(|| bls::Bls12381G1::mul(black_box(&p), &k))
    });
    let q = bls::Bls12381G2::random(&mut rng);
    let e = bls::Bls12381G2::to_bytes(&q, true);
    g.bench_function("bls12-381 g2 decode+check (96 B)", |b| {
        b.iter(|| bls::Bls12381G2::from_bytes(black_box(&e), true))
    });
    g.bench_function("bls12-381 g2 subgroup", |b| {
        b.iter(|| bls::Bls12381G2::in_subgroup(black_box(&q)))
    });
    g.bench_function("bls12-381 g2 mul", |b| {
        b.iter(|| bls::Bls12381G2::mul(black_box(&q), &k))
    });
    let dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
    g.bench_function("bls12-381 hash_to_g1", |b| {
        b.iter(|| bls::hash_to_g1(black_box(b"abc"), dst))
    });
    g.bench_function("bls12-381 hash_to_g2", |b| {
        b.iter(|| bls::hash_to_g2(black_box(b"abc"), dst))
    });

    let p = ta::TypeA512G1::random(&mut rng);
    let e = ta::TypeA512G1::to_bytes(&p, false);
    g.bench_function("typea-512 g1 decode+check", |b| {
        b.iter(|| ta::TypeA512G1::from_bytes(black_box(&e), true))
    });
    g.bench_function("typea-512 g1 mul (160-bit k)", |b| {
        b.iter(|| ta::TypeA512G1::mul(black_box(&p), &k[..20]))
    });
    g.finish();
}

criterion_group!(curve, benches);
criterion_main!(curve);
