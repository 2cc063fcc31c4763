//! Validation at a fraction of a pairing and the split eta_T latency (`api.pair_parallel`).
//! Clock: the calling thread's on-CPU time (`common/on_cpu.rs`, so that figures taken on the
//! shared 2-core machine are not inflated by other processes' time slices), except the
//! `parallel-wall` group, whose point is wall-clock latency on several threads.
//!
//! `validation/<set>`: `decode_point` with and without the subgroup check (per point, each
//! group), and for the Frobenius-trace sets the trace by plain squarings (`trace_squarings`,
//! the check before the multi-squaring tables) beside the tables (`trace_tables`). Then one line
//! per set (`validation-summary`, printed whatever the filter), every figure a median of
//! interleaved rounds:
//! * one core (on-CPU): n = 16 pairings + GT encodings on already-validated points (without
//!   validation) against n x (decode_p + decode_q + pairing + encoding) on the encoded points
//!   (with: the work of one `pair_batch` item), and their ratio (throughput with validation /
//!   without); for the sets whose check changed, also with the previous check in its place
//!   (ss2-283 / ss2-1223: the trace by squarings; ss3-97 and typea-512: r P = O);
//! * all cores (wall clock, the global rayon pool): `Engine::pair_batch` on a batch of encoded
//!   points against the same pairings + encodings of the decoded points on the same pool;
//! * per point (on-CPU): `decode_point_in` with the subgroup check and without (the curve check
//!   is in both), each group; their difference is the subgroup check.
//!
//! Only the summary: `cargo bench -p pairkit-core --bench validation -- summary-only` (a filter
//! that matches no criterion benchmark).
//!
//! `parallel/ss2-1223` (on-CPU): `pair` (serial eta-t), `pair_parallel` with 1 thread, and with
//! 2 blocks run one after the other on a 1-thread pool (the sum of both blocks' work: the
//! 2-core latency is about half of it when both cores are free). `parallel-wall/ss2-1223`: `pair`
//! and `pair_parallel` with 2 threads on the global pool, wall clock.
//!
//! Run: cargo bench -p pairkit-core --bench validation -- --warm-up-time 1 --measurement-time 3
// `criterion_group!` defines public functions without doc comments (workspace lint `missing_docs`);
// a bench is no API.
#![allow(missing_docs)]
use criterion::measurement::Measurement;
use criterion::{criterion_group, criterion_main, Criterion};
use pairkit_core::curve::prime::group::PrimeGroup;
use pairkit_core::curve::prime::typea512::TypeA512G1;
use pairkit_core::curve::Point;
use pairkit_core::engine::{
    engine, BinaryEngine, Bls12381Engine, Bn254Engine, Char3Engine, Engine, Family, TypeAEngine,
};
use pairkit_core::field::gf3m::Gf3m;
use rayon::prelude::*;
use std::hint::black_box;
use std::time::Instant;

#[path = "common/on_cpu.rs"]
mod on_cpu;
use on_cpu::OnCpu;

const SETS: [&str; 9] = [
    "ss2-239",
    "ss2-283",
    "ss2-283b1",
    "ss2-1223",
    "ss3-97",
    "ss3-193",
    "bn254",
    "bls12-381",
    "typea-512",
];
const N: usize = 16;

/// An alternative subgroup check on an encoded point (the trace by squarings), if any.
type AltCheck<'a> = Option<&'a dyn Fn(&[u8]) -> bool>;

fn median(mut v: Vec<u64>) -> f64 {
    v.sort_unstable();
    v[v.len() / 2] as f64
}

/// One set's line: on-CPU ns per pairing on one core (without validation, with, with the
/// alternative check), wall ns per pairing of a whole batch on all cores (without, with), and
/// on-CPU ns per point (each group: decode with the subgroup check, decode without it).
struct Line {
    one: (f64, f64, Option<f64>),
    all: (f64, f64),
    points: Vec<(u8, f64, f64)>,
}

/// On-CPU ns per pairing on one core (without validation, with, with the alternative `check`),
/// interleaved rounds; the work of one `pair_batch` item (decode P, decode Q, pairing, GT
/// encoding) against the same pairing and encoding on already-validated points.
fn one_core<F: Family>(
    f: &F,
    e: &dyn Engine,
    rounds: usize,
    alt: AltCheck,
) -> (f64, f64, Option<f64>) {
    let a = f.alg(f.default_algorithm_id()).unwrap();
    let ps = e.random_points(1, N, 11, false).unwrap();
    let qs = e.random_points(2, N, 12, false).unwrap();
    let dec: Vec<(F::P, F::Q)> = (0..N)
        .map(|i| (f.decode_p(&ps[i]).unwrap(), f.decode_q(&qs[i]).unwrap()))
        .collect();
    let m = OnCpu::new();
    let (mut without, mut with, mut with_alt) = (vec![], vec![], vec![]);
    for _ in 0..rounds {
        let t = m.start();
        for (p, q) in &dec {
            black_box(f.gt_bytes(&f.pairing(a, black_box(p), q).unwrap()));
        }
        without.push(m.end(t));
        let t = m.start();
        for i in 0..N {
            // as `pair_batch` decodes an item (`Family::decode_pair`)
            let (p, q) = f.decode_pair(black_box(&ps[i]), black_box(&qs[i]));
            let (p, q) = (p.unwrap(), q.unwrap().unwrap());
            black_box(f.gt_bytes(&f.pairing(a, &p, &q).unwrap()));
        }
        with.push(m.end(t));
        if let Some(check) = alt {
            // the same work with the decode's subgroup test replaced by `check`
            let t = m.start();
            for (i, (p, q)) in dec.iter().enumerate() {
                assert!(check(black_box(&ps[i])) && check(black_box(&qs[i])));
                black_box(f.gt_bytes(&f.pairing(a, p, q).unwrap()));
            }
            with_alt.push(m.end(t));
        }
    }
    let per = |v: Vec<u64>| median(v) / N as f64;
    let alt_t = alt.map(|_| per(with_alt));
    (per(without), per(with), alt_t)
}

/// Wall ns per pairing of a batch of `n` on all cores of the global rayon pool: the engine's
/// `pair_batch` on encoded points (with validation) against the same pairings and encodings of
/// the already-validated points on the same pool (without), interleaved rounds.
fn all_cores<F: Family>(f: &F, e: &dyn Engine, n: usize, rounds: usize) -> (f64, f64) {
    let alg = f.default_algorithm_id();
    let a = f.alg(alg).unwrap();
    let ps = e.random_points(1, n, 31, false).unwrap();
    let qs = e.random_points(2, n, 32, false).unwrap();
    let (pr, qr): (Vec<&[u8]>, Vec<&[u8]>) = (
        ps.iter().map(|v| v.as_slice()).collect(),
        qs.iter().map(|v| v.as_slice()).collect(),
    );
    let dec: Vec<(F::P, F::Q)> = (0..n)
        .map(|i| (f.decode_p(&ps[i]).unwrap(), f.decode_q(&qs[i]).unwrap()))
        .collect();
    let (mut without, mut with) = (vec![], vec![]);
    for _ in 0..rounds {
        let t = Instant::now();
        let v: Vec<Vec<u8>> = dec
            .par_iter()
            .map(|(p, q)| f.gt_bytes(&f.pairing(a, p, q).unwrap()))
            .collect();
        black_box(v);
        without.push(t.elapsed().as_nanos() as u64);
        let t = Instant::now();
        black_box(e.pair_batch(alg, black_box(&pr), &qr, false).unwrap());
        with.push(t.elapsed().as_nanos() as u64);
    }
    let per = |v: Vec<u64>| median(v) / n as f64;
    (per(without), per(with))
}

/// On-CPU ns per point: decode with the subgroup check and without it, each group.
fn per_point(e: &dyn Engine, rounds: usize) -> Vec<(u8, f64, f64)> {
    let m = OnCpu::new();
    let groups: &[u8] = if e.asymmetric() { &[1, 2] } else { &[1] };
    groups
        .iter()
        .map(|&g| {
            let pts = e.random_points(g, N, 40 + g as u64, false).unwrap();
            let (mut chk, mut plain) = (vec![], vec![]);
            for _ in 0..rounds {
                for (check, out) in [(true, &mut chk), (false, &mut plain)] {
                    let t = m.start();
                    for p in &pts {
                        black_box(e.decode_point(g, black_box(p), check).unwrap());
                    }
                    out.push(m.end(t));
                }
            }
            (g, median(chk) / N as f64, median(plain) / N as f64)
        })
        .collect()
}

fn measure<F: Family>(f: &F, e: &dyn Engine, alt: AltCheck) -> Line {
    let batch = match f.set_id() {
        "ss2-1223" | "typea-512" => 32,
        _ => 128,
    };
    Line {
        one: one_core(f, e, 9, alt),
        all: all_cores(f, e, batch, 9),
        points: per_point(e, 9),
    }
}

fn summary_line(id: &str, alg: &str, l: Line, alt_name: &str) -> String {
    let (without, with, alt) = l.one;
    let mut s = format!(
        "{id} {alg}: one core: per pairing without validation {:.1} us, with {:.1} us, throughput \
         with/without {:.3}",
        without / 1e3,
        with / 1e3,
        without / with
    );
    if let Some(a) = alt {
        s += &format!(
            "; with {alt_name} {:.1} us, ratio {:.3}",
            a / 1e3,
            without / a
        );
    }
    let (aw, ah) = l.all;
    s += &format!(
        " | all cores ({} threads): without {:.1} us, with {:.1} us per pairing, ratio {:.3}",
        rayon::current_num_threads(),
        aw / 1e3,
        ah / 1e3,
        aw / ah
    );
    for (g, chk, plain) in l.points {
        s += &format!(
            " | G{g} per point: decode+checks {chk:.0} ns, decode+curve check {plain:.0} ns, subgroup \
             check {:.0} ns",
            chk - plain
        );
    }
    s
}

fn binary_ratio<const W: usize>(id: &str, e: &dyn Engine) -> String {
    let b = BinaryEngine::<W>::new(pairkit_core::params::lookup(id).unwrap()).unwrap();
    let check = |d: &[u8]| {
        let p: Point<W> = b.curve().decode(d, false).unwrap();
        b.in_subgroup_by_trace_squarings(&p)
    };
    let alt: AltCheck = if b.subgroup_test() == pairkit_core::engine::SubgroupTest::FrobeniusTrace {
        Some(&check)
    } else {
        None
    };
    let l = measure(&b, e, alt);
    summary_line(id, e.default_algorithm(), l, "the trace by squarings")
}

fn char3_ratio<const W: usize>(id: &str, e: &dyn Engine) -> String {
    let d = pairkit_core::params::lookup3(id).unwrap();
    let c = Char3Engine::new(d, Gf3m::<W>::new(d.m, d.h).unwrap()).unwrap();
    let check = |data: &[u8]| {
        let p = c.curve().decode(data, false).unwrap();
        c.in_subgroup_by_scalar_mul(&p)
    };
    let alt: AltCheck = if c.uses_trace_test() {
        Some(&check)
    } else {
        None
    };
    let l = measure(&c, e, alt);
    summary_line(
        id,
        e.default_algorithm(),
        l,
        "r P = O (the check before the trace)",
    )
}

fn trace<const W: usize>(c: &mut Criterion<OnCpu>, id: &str, enc: &[u8]) {
    let e = BinaryEngine::<W>::new(pairkit_core::params::lookup(id).unwrap()).unwrap();
    let p: Point<W> = e.curve().decode(enc, false).unwrap();
    assert!(e.in_subgroup(&p) && e.in_subgroup_by_trace_squarings(&p));
    let mut g = c.benchmark_group(format!("validation/{id}"));
    g.bench_function("trace_squarings", |b| {
        b.iter(|| e.in_subgroup_by_trace_squarings(black_box(&p)))
    });
    g.bench_function("trace_tables", |b| b.iter(|| e.in_subgroup(black_box(&p))));
    g.finish();
}

fn validation(c: &mut Criterion<OnCpu>) {
    for id in SETS {
        let e = engine(id).unwrap();
        let p1 = e.random_points(1, 1, 7, false).unwrap().pop().unwrap();
        let q1 = e.random_points(2, 1, 8, false).unwrap().pop().unwrap();
        let mut g = c.benchmark_group(format!("validation/{id}"));
        if id == "ss2-1223" || id == "typea-512" {
            g.sample_size(20);
        }
        for (grp, pt) in [(1u8, &p1), (2u8, &q1)] {
            if grp == 2 && !e.asymmetric() {
                continue;
            }
            g.bench_function(format!("g{grp}/decode_point+subgroup"), |b| {
                b.iter(|| e.decode_point(grp, black_box(pt), true).unwrap())
            });
            g.bench_function(format!("g{grp}/decode_point"), |b| {
                b.iter(|| e.decode_point(grp, black_box(pt), false).unwrap())
            });
        }
        g.finish();
        match id {
            "ss2-283" => trace::<5>(c, id, &p1),
            "ss2-1223" => trace::<20>(c, id, &p1),
            _ => {}
        }
    }
    let mut lines = Vec::new();
    for id in SETS {
        let e = engine(id).unwrap();
        let e = e.as_ref();
        let alg = e.default_algorithm();
        lines.push(match id {
            "ss2-239" => binary_ratio::<4>(id, e),
            "ss2-283" | "ss2-283b1" => binary_ratio::<5>(id, e),
            "ss2-1223" => binary_ratio::<20>(id, e),
            "ss3-97" => char3_ratio::<2>(id, e),
            "ss3-193" => char3_ratio::<4>(id, e),
            "bn254" => summary_line(id, alg, measure(&Bn254Engine::new(), e, None), ""),
            "bls12-381" => summary_line(id, alg, measure(&Bls12381Engine::new(), e, None), ""),
            _ => {
                let check = |d: &[u8]| {
                    let p = TypeA512G1::from_bytes(d, false).unwrap();
                    TypeA512G1::in_subgroup_naive(&p)
                };
                let l = measure(&TypeAEngine::new(), e, Some(&check));
                summary_line(id, alg, l, "r P = O (the check before the x-only one)")
            }
        });
    }
    for l in lines {
        println!("validation-summary: {l}");
    }
}

fn parallel(c: &mut Criterion<OnCpu>) {
    let e = engine("ss2-1223").unwrap();
    let pts = e.random_points(1, 2, 21, false).unwrap();
    let (p, q) = (&pts[0], &pts[1]);
    let m = OnCpu::new();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut g = c.benchmark_group("parallel/ss2-1223");
    g.sample_size(20);
    g.bench_function("pair/eta-t", |b| {
        b.iter(|| e.pair("eta-t", black_box(p), black_box(q), false).unwrap())
    });
    g.bench_function("miller_loop/eta-t", |b| {
        b.iter(|| e.miller_loop("eta-t", black_box(p), black_box(q)).unwrap())
    });
    for blocks in [1, 2] {
        g.bench_function(
            format!("pair_parallel/eta-t/{blocks}-blocks-on-1-thread"),
            |b| {
                b.iter_custom(|iters| {
                    pool.install(|| {
                        let t = m.start();
                        for _ in 0..iters {
                            black_box(e.pair_parallel("eta-t", p, q, blocks, false).unwrap());
                        }
                        m.end(t)
                    })
                })
            },
        );
    }
    g.finish();
}

fn parallel_wall(c: &mut Criterion) {
    let e = engine("ss2-1223").unwrap();
    let pts = e.random_points(1, 2, 21, false).unwrap();
    let (p, q) = (&pts[0], &pts[1]);
    let mut g = c.benchmark_group("parallel-wall/ss2-1223");
    g.sample_size(20);
    g.bench_function("pair/eta-t", |b| {
        b.iter(|| e.pair("eta-t", black_box(p), black_box(q), false).unwrap())
    });
    for threads in [1, 2] {
        g.bench_function(format!("pair_parallel/eta-t/{threads}"), |b| {
            b.iter(|| {
                e.pair_parallel("eta-t", black_box(p), black_box(q), threads, false)
                    .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = on_cpu_benches;
    config = Criterion::default().with_measurement(OnCpu::new());
    targets = parallel, validation
}
criterion_group!(wall_benches, parallel_wall);
criterion_main!(on_cpu_benches, wall_benches);
