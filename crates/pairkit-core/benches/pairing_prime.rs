//! Pairing benchmarks for the large-characteristic sets (`pairing::ate`, `pairing::typea`):
//! one group per set (`pairing-prime/<set>`), ids `miller_loop`, `final_exp`, `pair`,
//! `multi_pair_8` (8 pairs, one shared Miller loop and one final exponentiation),
//! `prepare` (G2Prepared / G1Prepared), `miller_loop_prepared`, `pair_prepared`.
//!
//! The clock is the calling thread's ON-CPU time (as benches/fp.rs; PAIRKIT_BENCH_WALL=1 for
//! wall time).
//!
//! Quick run: cargo bench -p pairkit-core --bench pairing_prime -- --warm-up-time 1 --measurement-time 3
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::field::fp::{Bls12381P, Bn254P, Fp, Fp2, TypeA512Q};
use pairkit_core::pairing::{ate, typea};
use serde_json::Value;
use std::hint::black_box;
use std::path::PathBuf;

fn load(id: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../test-vectors/pairing-prime/{id}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors")).unwrap()
}

fn hexb(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

/// The vectors' 3 multi-pair points and 4 single cases, cycled to n pairs.
fn ate_points<P: ate::AteParams<N>, const N: usize>(
    id: &str,
    n: usize,
) -> Vec<(ate::G1Affine<P, N>, ate::G2Affine<P, N>)> {
    let doc = load(id);
    let all: Vec<_> = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .chain(doc["multi"]["pairs"].as_array().unwrap())
        .map(|c| {
            let p = (
                Fp::from_bytes_be(&hexb(&c["p"][0])).unwrap(),
                Fp::from_bytes_be(&hexb(&c["p"][1])).unwrap(),
            );
            let q = (
                Fp2::from_bytes_be(&hexb(&c["q"][0])).unwrap(),
                Fp2::from_bytes_be(&hexb(&c["q"][1])).unwrap(),
            );
            (p, q)
        })
        .collect();
    all.iter().cycle().take(n).copied().collect()
}

fn bench_ate<P: ate::AteParams<N>, const N: usize>(c: &mut Criterion<OnCpu>, id: &str) {
    let pts = ate_points::<P, N>(id, 8);
    let (p, q) = pts[1];
    let f = ate::miller_loop(&p, &q);
    let qp = ate::G2Prepared::new(&q);
    let mut g = c.benchmark_group(format!("pairing-prime/{id}"));
    g.bench_function("miller_loop", |b| {
        b.iter(|| ate::miller_loop(black_box(&p), black_box(&q)))
    });
    g.bench_function("final_exp", |b| {
        b.iter(|| ate::final_exponentiation(black_box(&f)).unwrap())
    });
    g.bench_function("pair", |b| {
        b.iter(|| ate::pair(black_box(&p), black_box(&q)).unwrap())
    });
    g.bench_function("multi_pair_8", |b| {
        b.iter(|| ate::multi_pair(black_box(&pts)).unwrap())
    });
    g.bench_function("prepare", |b| {
        b.iter(|| ate::G2Prepared::new(black_box(&q)))
    });
    g.bench_function("miller_loop_prepared", |b| {
        b.iter(|| ate::miller_loop_prepared(black_box(&p), black_box(&qp)))
    });
    g.bench_function("pair_prepared", |b| {
        b.iter(|| ate::multi_pair_prepared(&[(*black_box(&p), black_box(&qp))]).unwrap())
    });
    g.finish();
}

fn bench_typea(c: &mut Criterion<OnCpu>) {
    let doc = load("typea-512");
    let fq = |v: &Value| Fp::<TypeA512Q, 8>::from_bytes_be(&hexb(v)).unwrap();
    let pts: Vec<(typea::G1Affine, typea::G1Affine)> = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .chain(doc["multi"]["pairs"].as_array().unwrap())
        .map(|c| {
            (
                (fq(&c["p"][0]), fq(&c["p"][1])),
                (fq(&c["q"][0]), fq(&c["q"][1])),
            )
        })
        .cycle()
        .take(8)
        .collect();
    let (p, q) = pts[1];
    let f = typea::miller_loop(&p, &q).unwrap();
    let pp = typea::G1Prepared::new(&p).unwrap();
    let mut g = c.benchmark_group("pairing-prime/typea-512");
    g.bench_function("miller_loop", |b| {
        b.iter(|| typea::miller_loop(black_box(&p), black_box(&q)).unwrap())
    });
    g.bench_function("final_exp", |b| {
        b.iter(|| typea::final_exponentiation(black_box(&f)).unwrap())
    });
    g.bench_function("pair", |b| {
        b.iter(|| typea::pair(black_box(&p), black_box(&q)).unwrap())
    });
    g.bench_function("multi_pair_8", |b| {
        b.iter(|| typea::multi_pair(black_box(&pts)).unwrap())
    });
    g.bench_function("prepare", |b| {
        b.iter(|| typea::G1Prepared::new(black_box(&p)).unwrap())
    });
    g.bench_function("miller_loop_prepared", |b| {
        b.iter(|| typea::miller_loop_prepared(black_box(&pp), black_box(&q)))
    });
    g.bench_function("pair_prepared", |b| {
        b.iter(|| typea::pair_prepared(black_box(&pp), black_box(&q)).unwrap())
    });
    g.finish();
}

fn benches(c: &mut Criterion<OnCpu>) {
    bench_ate::<Bn254P, 4>(c, "bn254");
    bench_ate::<Bls12381P, 6>(c, "bls12-381");
    bench_typea(c);
}

#[path = "common/on_cpu.rs"]
mod on_cpu;
use on_cpu::OnCpu;

criterion_group! {
    name = pairing_prime;
    config = Criterion::default().with_measurement(OnCpu::new());
    targets = benches
}
criterion_main!(pairing_prime);
