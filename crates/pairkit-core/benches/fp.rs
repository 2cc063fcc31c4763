//! GF(p) and tower benchmarks (`field::fp`): one group per prime (`fp/<set>`), ids
//! `mul` (the selected Montgomery product), `mul_cios` (general CIOS), `sqr`, `mul_chain16` /
//! `sqr_chain16` (16 dependent products: latency rather than throughput), `inv` (Fermat,
//! constant time), `inv_vartime` (binary Euclid), `sqrt`, and for the sextic towers
//! `fp2_mul`, `fp2_sqr`, `fp6_mul`, `fp12_mul`, `fp12_sqr`, `fp12_cyc_sqr`, `fp12_inv`,
//! `fp12_frob`.
//!
//! The clock is the calling thread's ON-CPU time (CLOCK_THREAD_CPUTIME_ID, Linux), not
//! wall time, so that numbers taken on a shared, oversubscribed machine are not inflated by
//! time slices given to other processes (cache interference still counts); without that file
//! it falls back to wall time. Set PAIRKIT_BENCH_WALL=1 to force wall time.
//!
//! Quick run: cargo bench -p pairkit-core --bench fp -- --warm-up-time 1 --measurement-time 2
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::field::fp::{
    Bls12381P, Bn254P, Fp, Fp12, Fp2, Fp6, FpParams, TowerParams, TypeA512Q,
};
use rand::{rngs::StdRng, SeedableRng};
use std::hint::black_box;

fn bench_base<P: FpParams<N>, const N: usize>(c: &mut Criterion<OnCpu>, id: &str) {
    let mut rng = StdRng::seed_from_u64(1);
    let x = Fp::<P, N>::random(&mut rng);
    let y = Fp::<P, N>::random(&mut rng);
    let mut g = c.benchmark_group(format!("fp/{id}"));
    g.bench_function("mul", |b| b.iter(|| black_box(&x).mul(black_box(&y))));
    g.bench_function("mul_cios", |b| {
        b.iter(|| black_box(&x).mul_cios(black_box(&y)))
    });
    g.bench_function("sqr", |b| b.iter(|| black_box(&x).square()));
    // latency (each product waits for the previous one): 16 chained operations per iteration
    g.bench_function("mul_chain16", |b| {
        b.iter(|| (0..16).fold(*black_box(&x), |t, _| t.mul(black_box(&y))))
    });
    g.bench_function("sqr_chain16", |b| {
        b.iter(|| (0..16).fold(*black_box(&x), |t, _| t.square()))
    });
    g.bench_function("add", |b| b.iter(|| black_box(&x).add(black_box(&y))));
    g.bench_function("inv", |b| b.iter(|| black_box(&x).inv().unwrap()));
    g.bench_function("inv_vartime", |b| {
        b.iter(|| black_box(&x).inv_vartime().unwrap())
    });
    g.bench_function("sqrt", |b| b.iter(|| black_box(&x).sqrt().unwrap()));
    let u = Fp2::<P, N>::random(&mut rng);
    let v = Fp2::<P, N>::random(&mut rng);
    g.bench_function("fp2_mul", |b| b.iter(|| black_box(&u).mul(black_box(&v))));
    g.bench_function("fp2_sqr", |b| b.iter(|| black_box(&u).square()));
    g.finish();
}

fn bench_tower<P: TowerParams<N>, const N: usize>(c: &mut Criterion<OnCpu>, id: &str) {
    let mut rng = StdRng::seed_from_u64(2);
    let a = Fp12::<P, N>::random(&mut rng);
    let b12 = Fp12::<P, N>::random(&mut rng);
    let (s, t) = (Fp6::<P, N>::random(&mut rng), Fp6::<P, N>::random(&mut rng));
    // a cyclotomic element a^{(p^6-1)(p^2+1)}
    let cy = a.conj().mul(&a.inv().unwrap());
    let cy = cy.frobenius2().mul(&cy);
    let mut g = c.benchmark_group(format!("fp/{id}"));
    g.bench_function("fp6_mul", |b| b.iter(|| black_box(&s).mul(black_box(&t))));
    g.bench_function("fp12_mul", |b| {
        b.iter(|| black_box(&a).mul(black_box(&b12)))
    });
    g.bench_function("fp12_sqr", |b| b.iter(|| black_box(&a).square()));
    g.bench_function("fp12_cyc_sqr", |b| {
        b.iter(|| black_box(&cy).cyclotomic_square())
    });
    g.bench_function("fp12_inv", |b| b.iter(|| black_box(&a).inv().unwrap()));
    g.bench_function("fp12_frob", |b| b.iter(|| black_box(&a).frobenius()));
    let (x, y, z) = (b12.c0.c0, b12.c1.c0, b12.c1.c1);
    g.bench_function("fp12_mul_by_034", |b| {
        b.iter(|| black_box(&a).mul_by_034(&x, &y, &z))
    });
    g.finish();
}

fn benches(c: &mut Criterion<OnCpu>) {
    bench_base::<Bn254P, 4>(c, "bn254");
    bench_tower::<Bn254P, 4>(c, "bn254");
    bench_base::<Bls12381P, 6>(c, "bls12-381");
    bench_tower::<Bls12381P, 6>(c, "bls12-381");
    bench_base::<TypeA512Q, 8>(c, "typea-512");
}

#[path = "common/on_cpu.rs"]
mod on_cpu;
use on_cpu::OnCpu;

criterion_group! {
    name = fp;
    config = Criterion::default().with_measurement(OnCpu::new());
    targets = benches
}
criterion_main!(fp);
