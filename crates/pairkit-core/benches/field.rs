//! GF(2^m) arithmetic benchmarks: one group per field (`gf2m/<m>`), with ids
//! `mul_<backend>` for every backend this CPU has (plus `mul_comb`), and `sqr_<backend>`,
//! `sqrt_<backend>`, `inv_<backend>`, `half_trace_<backend>` (backends: `portable`, `clmul`,
//! `vpclmul256`, `vpclmul512`, side by side); `sqr_n/<k>` (k squarings) beside `multisqr/<k>`
//! (the same power by the tables of `field::multisqr`).
//!
//! Quick run: cargo bench -p pairkit-core --bench field -- --warm-up-time 1 --measurement-time 2
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::field::gf2m::multisqr::SqrMap;
use pairkit_core::field::gf2m::{Gf2m, MulBackend};
use rand::SeedableRng;
use std::hint::black_box;

fn name(b: MulBackend) -> &'static str {
    b.name()
}

fn bench_field<const N: usize>(c: &mut Criterion, m: usize, taps: &[usize]) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(m as u64);
    let mut g = c.benchmark_group(format!("gf2m/{m}"));
    let f0 = Gf2m::<N>::new(m, taps).unwrap();
    let x = f0.random(&mut rng);
    let y = f0.random(&mut rng);
    g.bench_function("mul", |b| b.iter(|| f0.mul(black_box(&x), black_box(&y))));
    g.bench_function("mul_comb", |b| {
        b.iter(|| f0.mul_comb(black_box(&x), black_box(&y)))
    });
    for be in Gf2m::<N>::available_backends() {
        let f = Gf2m::<N>::with_backend(m, taps, be).unwrap();
        let n = name(be);
        g.bench_function(format!("mul_{n}"), |b| {
            b.iter(|| f.mul(black_box(&x), black_box(&y)))
        });
        g.bench_function(format!("sqr_{n}"), |b| b.iter(|| f.sqr(black_box(&x))));
        g.bench_function(format!("sqrt_{n}"), |b| b.iter(|| f.sqrt(black_box(&x))));
        g.bench_function(format!("inv_{n}"), |b| {
            b.iter(|| f.inv(black_box(&x)).unwrap())
        });
        g.bench_function(format!("half_trace_{n}"), |b| {
            b.iter(|| f.half_trace(black_box(&x)))
        });
    }
    g.bench_function("trace", |b| b.iter(|| f0.trace(black_box(&x))));
    for k in [4, 8, 16, 32, 64, m.div_ceil(2)] {
        let map = SqrMap::new(&f0, k);
        g.bench_function(format!("sqr_n/{k}"), |b| {
            b.iter(|| f0.sqr_n(black_box(&x), k))
        });
        g.bench_function(format!("multisqr/{k}"), |b| {
            b.iter(|| map.apply(black_box(&x)))
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    bench_field::<4>(c, 239, &[36]);
    bench_field::<5>(c, 283, &[12, 7, 5]);
    bench_field::<20>(c, 1223, &[255]);
}

criterion_group!(field, benches);
criterion_main!(field);
