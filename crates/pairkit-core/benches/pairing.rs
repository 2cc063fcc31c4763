//! Pairing benchmarks (criterion): every algorithm's pairing on ss2-239, ss2-283, ss2-1223,
//! ss3-97 and ss3-193 through the validating byte API (`pair`), plus, for each set's default algorithm
//! (and eta-t on the ss3 sets),
//! the Miller loop, the final exponentiation, point validation, `raw_pair` on decoded points
//! (Miller loop and final exponentiation only) and a 64-pair batch on 1 and 2 threads; and
//! `backends/<set>`: the default algorithm's pairing on every GF(2^m) / GF(3^m) backend this
//! CPU has, side by side (ids `pair/<backend>`, engines from `engine_with`; on the ss3 sets
//! also `eta-t/<backend>`).
//!
//!   cargo bench -p pairkit-core --bench pairing -- --warm-up-time 1 --measurement-time 3
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use pairkit_core::engine::{engine, engine_with, Backends, BinaryEngine, Char3Engine, Engine};
use pairkit_core::field::gf3m::Gf3m;
use pairkit_core::field::{gf2m, gf3m};
use pairkit_core::pairing::duursma_lee::Alg3;
use pairkit_core::pairing::Algorithm;
use pairkit_core::params;
use std::hint::black_box;

const SETS: [&str; 5] = ["ss2-239", "ss2-283", "ss2-1223", "ss3-97", "ss3-193"];

/// The characteristic-three twin of [`raw`].
fn raw3<const N: usize>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    alg: &str,
    p: &[u8],
    q: &[u8],
) {
    let d = params::lookup3(id).unwrap();
    let e = Char3Engine::new(d, Gf3m::<N>::new(d.m, d.h).unwrap()).unwrap();
    let a = Alg3::parse(alg).unwrap();
    let (p, q) = (e.decode_valid(p).unwrap(), e.decode_valid(q).unwrap());
    g.bench_function(BenchmarkId::new("raw_pair", alg), |b| {
        b.iter(|| e.pair_xy(a, black_box(&p), black_box(&q), false).unwrap())
    });
}

/// Miller loop + final exponentiation on already-decoded points (no byte decoding, no
/// subgroup check).
fn raw<const N: usize>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    alg: &str,
    p: &[u8],
    q: &[u8],
) {
    let e = BinaryEngine::<N>::new(params::lookup(id).unwrap()).unwrap();
    let a = Algorithm::parse(alg).unwrap();
    let (p, q) = (e.decode_valid(p).unwrap(), e.decode_valid(q).unwrap());
    g.bench_function(BenchmarkId::new("raw_pair", alg), |b| {
        b.iter(|| e.pair_xy(a, black_box(&p), black_box(&q), false).unwrap())
    });
}

fn pairing(c: &mut Criterion) {
    for id in SETS {
        let Ok(e) = engine(id) else { continue };
        let pts = e.random_points(1, 2, 1, false).unwrap();
        let (p, q) = (&pts[0], &pts[1]);
        let mut g = c.benchmark_group(format!("pair/{id}"));
        if id == "ss2-1223" {
            g.sample_size(20);
        }
        for alg in e.algorithms() {
            if id == "ss2-1223" && alg.starts_with("tate") {
                continue; // m iterations at m = 1223: minutes of benchmarking for no insight
            }
            g.bench_function(BenchmarkId::new("pair", alg), |b| {
                b.iter(|| e.pair(alg, black_box(p), black_box(q), false).unwrap())
            });
        }
        g.finish();

        let mut algs = vec![e.default_algorithm()];
        if id.starts_with("ss3") {
            algs.push("eta-t"); // the fastest characteristic-three algorithm
        }
        for (i, alg) in algs.into_iter().enumerate() {
            stages(c, e.as_ref(), id, alg, p, q, i == 0);
        }
    }
}

/// The default algorithm's pairing on every backend this CPU has.
fn backends(c: &mut Criterion) {
    for id in SETS {
        let Ok(e0) = engine(id) else { continue };
        let pts = e0.random_points(1, 2, 1, false).unwrap();
        let (p, q) = (&pts[0], &pts[1]);
        let alg = e0.default_algorithm();
        let pins: Vec<Backends> = if id.starts_with("ss2") {
            gf2m::Gf2m::<4>::available_backends()
                .into_iter()
                .filter(|&b| b != gf2m::MulBackend::Portable || id != "ss2-1223")
                .map(|b| Backends {
                    gf2m: Some(b),
                    ..Default::default()
                })
                .collect()
        } else {
            gf3m::Gf3m::<2>::available_backends()
                .into_iter()
                .map(|b| Backends {
                    gf3m: Some(b),
                    ..Default::default()
                })
                .collect()
        };
        let mut g = c.benchmark_group(format!("backends/{id}"));
        g.sample_size(20);
        for b in pins {
            let e = engine_with(id, &b).unwrap();
            g.bench_function(BenchmarkId::new("pair", e.backend()), |bn| {
                bn.iter(|| e.pair(alg, black_box(p), black_box(q), false).unwrap())
            });
            if id.starts_with("ss3") {
                // the goal row of the backends without AVX-512: eta_T on the best non-AVX-512 backend
                g.bench_function(BenchmarkId::new("eta-t", e.backend()), |bn| {
                    bn.iter(|| e.pair("eta-t", black_box(p), black_box(q), false).unwrap())
                });
            }
        }
        g.finish();
    }
}

/// Miller loop, final exponentiation, `raw_pair` and (except ss2-1223) a 64-pair batch on 1 and
/// 2 threads for one algorithm; point validation once per set (`first`).
fn stages(c: &mut Criterion, e: &dyn Engine, id: &str, alg: &str, p: &[u8], q: &[u8], first: bool) {
    let mut g = c.benchmark_group(format!("stages/{id}"));
    if id == "ss2-1223" {
        g.sample_size(20);
    }
    let f = e.miller_loop(alg, p, q).unwrap();
    g.bench_function(BenchmarkId::new("miller_loop", alg), |b| {
        b.iter(|| e.miller_loop(alg, black_box(p), black_box(q)).unwrap())
    });
    g.bench_function(BenchmarkId::new("final_exponentiation", alg), |b| {
        b.iter(|| e.final_exponentiation(alg, black_box(&f)).unwrap())
    });
    if first {
        g.bench_function("decode_point+subgroup", |b| {
            b.iter(|| e.decode_point(1, black_box(p), true).unwrap())
        });
    }
    match id {
        "ss2-239" => raw::<4>(&mut g, id, alg, p, q),
        "ss2-283" => raw::<5>(&mut g, id, alg, p, q),
        "ss3-97" => raw3::<2>(&mut g, id, alg, p, q),
        "ss3-193" => raw3::<4>(&mut g, id, alg, p, q),
        _ => raw::<20>(&mut g, id, alg, p, q),
    }
    g.finish();

    if id != "ss2-1223" {
        let n = 64;
        let pts = e.random_points(1, 2 * n, 2, false).unwrap();
        let ps: Vec<&[u8]> = pts[..n].iter().map(|v| v.as_slice()).collect();
        let qs: Vec<&[u8]> = pts[n..].iter().map(|v| v.as_slice()).collect();
        let mut g = c.benchmark_group(format!("batch/{id}"));
        g.throughput(Throughput::Elements(n as u64));
        g.sample_size(20);
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            g.bench_function(
                BenchmarkId::new(format!("pair_batch/{alg}"), threads),
                |b| b.iter(|| pool.install(|| e.pair_batch(alg, &ps, &qs, false).unwrap())),
            );
        }
        g.finish();
    }
}

criterion_group!(benches, pairing, backends);
criterion_main!(benches);
