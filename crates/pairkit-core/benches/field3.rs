//! GF(3^m) arithmetic benchmarks: one group per field (`gf3m/<m>`), ids `mul/<backend>` for
//! every backend this CPU has, and `sqr`, `cube`, `cbrt`, `cube_n/<m/2>`, `inv`, `add`, `sub`
//! (with the default = fastest backend; `*/comb` for the portable ones).
//!
//! Quick run: cargo bench -p pairkit-core --bench field3 -- --warm-up-time 1 --measurement-time 2
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::field::gf3m::{Gf3m, MulBackend};
use rand::SeedableRng;
use std::hint::black_box;

fn bench_field<const N: usize>(c: &mut Criterion, m: usize, h: usize) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(m as u64);
    let mut g = c.benchmark_group(format!("gf3m/{m}"));
    let f0 = Gf3m::<N>::new(m, h).unwrap();
    let x = f0.random(&mut rng);
    let y = f0.random(&mut rng);
    for be in Gf3m::<N>::available_backends() {
        let f = Gf3m::<N>::with_backend(m, h, be).unwrap();
        let n = be.name();
        g.bench_function(format!("mul/{n}"), |b| {
            b.iter(|| f.mul(black_box(&x), black_box(&y)))
        });
        if be == MulBackend::Comb {
            g.bench_function("cube/comb", |b| b.iter(|| f.cube(black_box(&x))));
            g.bench_function("cbrt/comb", |b| b.iter(|| f.cbrt(black_box(&x))));
            g.bench_function("inv/comb", |b| b.iter(|| f.inv(black_box(&x)).unwrap()));
        }
    }
    g.bench_function("sqr", |b| b.iter(|| f0.sqr(black_box(&x))));
    g.bench_function("cube", |b| b.iter(|| f0.cube(black_box(&x))));
    g.bench_function("cbrt", |b| b.iter(|| f0.cbrt(black_box(&x))));
    g.bench_function(format!("cube_n/{}", m / 2), |b| {
        b.iter(|| f0.cube_n(black_box(&x), m / 2))
    });
    g.bench_function("inv", |b| b.iter(|| f0.inv(black_box(&x)).unwrap()));
    g.bench_function("add", |b| b.iter(|| f0.add(black_box(&x), black_box(&y))));
    g.bench_function("sub", |b| b.iter(|| f0.sub(black_box(&x), black_box(&y))));
    // latency of a dependent chain of 16 multiplications (per multiplication: divide by 16)
    g.bench_function("mul_chain16", |b| {
        b.iter(|| {
            let mut z = black_box(x);
            for _ in 0..16 {
                z = f0.mul(&z, &y);
            }
            z
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    bench_field::<2>(c, 97, 16);
    bench_field::<4>(c, 193, 64);
}

criterion_group!(field3, benches);
criterion_main!(field3);
