//! GF(p) and tower benchmarks (`field::fp`): one group per prime (`fp/<set>`), ids
//! `mul` (the selected Montgomery product), `mul_cios` (general CIOS), `sqr`, `inv` (Fermat,
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
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pairkit_core::field::fp::{
    Bls12381P, Bn254P, Fp, Fp12, Fp2, Fp6, FpParams, TowerParams, TypeA512Q,
};
use rand::{rngs::StdRng, SeedableRng};
use std::hint::black_box;
use std::time::Instant;

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

/// On-CPU nanoseconds of this thread (clock_gettime(CLOCK_THREAD_CPUTIME_ID), Linux), or
/// wall nanoseconds since a fixed origin elsewhere or when PAIRKIT_BENCH_WALL is set.
struct OnCpu {
    origin: Instant,
    use_cpu: bool,
}

#[cfg(target_os = "linux")]
mod cpu_clock {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    pub fn ns() -> Option<u64> {
        let mut ts = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: a valid out-pointer to a C timespec (64-bit Linux layout).
        let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
    }
}
#[cfg(not(target_os = "linux"))]
mod cpu_clock {
    pub fn ns() -> Option<u64> {
        None
    }
}

impl OnCpu {
    fn new() -> Self {
        let use_cpu = std::env::var_os("PAIRKIT_BENCH_WALL").is_none()
            && cfg!(all(target_os = "linux", target_pointer_width = "64"))
            && cpu_clock::ns().is_some();
        eprintln!(
            "fp bench clock: {}",
            if use_cpu {
                "on-CPU thread time"
            } else {
                "wall time"
            }
        );
        OnCpu {
            origin: Instant::now(),
            use_cpu,
        }
    }

    fn now(&self) -> u64 {
        match self.use_cpu {
            true => cpu_clock::ns().unwrap_or(0),
            false => self.origin.elapsed().as_nanos() as u64,
        }
    }
}

impl Measurement for OnCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now()
    }
    fn end(&self, t0: u64) -> u64 {
        self.now().saturating_sub(t0)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &NsFormatter
    }
}

struct NsFormatter;

impl ValueFormatter for NsFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (f, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e-3, "µs"),
            _ => (1e-6, "ms"),
        };
        values.iter_mut().for_each(|v| *v *= f);
        unit
    }
    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let n = match *t {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Elements(n) => n,
            Throughput::Bits(n) => n,
            #[allow(unreachable_patterns)]
            _ => 1,
        } as f64;
        values.iter_mut().for_each(|v| *v = n * 1e9 / *v);
        "elem/s"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

criterion_group! {
    name = fp;
    config = Criterion::default().with_measurement(OnCpu::new());
    targets = benches
}
criterion_main!(fp);
