//! In-process timings (`pairkit bench`): the timer [`time_runs`] and the timed pairings and
//! field operations, written once over [`Bench`], the inputs each family supplies.
//!
//! The timings are not part of the pairing families: a family only says which pre-validated
//! inputs to time (deterministic seeds, so runs compare) and, where it has one, how its
//! preprocessed pairing runs.
use std::hint::black_box;
use std::time::Instant;

use super::api::Timings;
use super::fieldops::{check_op, FieldOps};
use super::generic::Family;
use crate::error::{Error, Result};

/// The inputs a family's timings run on.
pub trait Bench: Family + FieldOps {
    /// Two deterministic, validated pairing inputs (`StdRng::seed_from_u64(0x5eed)`).
    fn bench_inputs(&self) -> (Self::P, Self::Q);
    /// Two deterministic field operands, the first non-zero (`seed_from_u64(0xf1e1d)`).
    fn field_operands(&self) -> (Self::Elem, Self::Elem);
    /// One link of the timed chain x -> op(x, b) (`FieldOps::apply` unless the operation
    /// needs a prepared input).
    fn field_step(&self, op: &str, x: &Self::Elem, b: &Self::Elem) -> Result<Self::Elem> {
        self.apply(op, x, b)
    }
    /// `n` validated random pairs for the multi-pair timing (`seed_from_u64(0x3a17)`); `None`
    /// where it is not measured.
    fn multi_inputs(&self, n: usize) -> Option<Vec<(Self::P, Self::Q)>> {
        let _ = n;
        None
    }
    /// `iters` timings of the preprocessed pairing, where the family has one.
    fn time_prepared(&self, iters: usize) -> Result<Vec<f64>> {
        let _ = iters;
        Err(Error::UnsupportedAlgorithm {
            alg: "prepared".into(),
            reason: format!("{} has no preprocessed pairing", self.set_id()),
        })
    }
}

/// Run `op` `reps` times per entry, `iters` entries, reps chosen so an entry lasts ~50 µs.
pub fn time_runs(iters: usize, mut op: impl FnMut()) -> Vec<f64> {
    let t0 = Instant::now();
    op();
    let one = t0.elapsed().as_nanos().max(1) as f64;
    let reps = ((50_000.0 / one).ceil() as usize).clamp(1, 1 << 20);
    for _ in 0..reps.min(16) {
        op(); // warm-up
    }
    (0..iters)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                op();
            }
            t.elapsed().as_nanos() as f64 / reps as f64
        })
        .collect()
}

/// [`Timings::bench_pair`]: ns per pairing of `alg` (Miller loop + final exponentiation).
pub fn bench_pair<F: Bench>(f: &F, alg: &str, iters: usize) -> Result<Vec<f64>> {
    let a = f.alg(alg)?;
    let (p, q) = f.bench_inputs();
    f.pairing(a, &p, &q)?;
    Ok(time_runs(iters, || {
        black_box(f.pairing(a, black_box(&p), &q)).ok();
    }))
}

/// [`Timings::bench_field`]: the dependent-chain latency of a field operation (each result
/// feeds the next; a zero result restarts the chain, so `inv` stays defined).
pub fn bench_field<F: Bench>(f: &F, op: &str, iters: usize) -> Result<Vec<f64>> {
    check_op::<F>(op)?;
    let (a, b) = f.field_operands();
    let mut x = a;
    Ok(time_runs(iters, || {
        x = match f.field_step(op, black_box(&x), &b) {
            Ok(y) if !f.elem_is_zero(&y) => y,
            _ => a,
        };
    }))
}

/// [`Timings::bench_multi_pair`]: ns per `multi_pair` call over `n` validated pairs.
pub fn bench_multi_pair<F: Bench>(f: &F, n: usize, iters: usize) -> Result<Vec<f64>> {
    let Some(pts) = f.multi_inputs(n) else {
        return Err(Error::UnsupportedAlgorithm {
            alg: "multi_pair".into(),
            reason: format!(
                "{}: multi_pair timing is measured for the large-characteristic sets",
                f.set_id()
            ),
        });
    };
    let a = f.alg(f.default_algorithm_id())?;
    Ok(time_runs(iters, || {
        black_box(f.multi_pairing(a, black_box(&pts))).ok();
    }))
}

/// The most timed entries one `bench_*` call returns (each lasts about 50 µs, so the largest
/// call runs about a minute): larger counts are refused before anything is allocated (a huge
/// count aborted the interpreter with a capacity overflow).
pub const MAX_BENCH_ITERS: usize = 1 << 20;

/// `iters` at most [`MAX_BENCH_ITERS`].
pub fn check_iters(iters: usize) -> Result<()> {
    if iters > MAX_BENCH_ITERS {
        return Err(Error::LimitExceeded {
            what: "the number of timed runs",
            limit: MAX_BENCH_ITERS,
            got: iters,
        });
    }
    Ok(())
}

/// The object-safe timings (`Engine::timings`) of every family, from its [`Bench`] inputs;
/// every count is checked first.
impl<F: Bench> Timings for F {
    fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>> {
        check_iters(iters)?;
        bench_pair(self, alg, iters)
    }
    fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>> {
        check_iters(iters)?;
        bench_field(self, op, iters)
    }
    fn bench_pair_prepared(&self, iters: usize) -> Result<Vec<f64>> {
        check_iters(iters)?;
        Bench::time_prepared(self, iters)
    }
    fn bench_multi_pair(&self, n: usize, iters: usize) -> Result<Vec<f64>> {
        check_iters(iters)?;
        super::api::check_count(n)?;
        bench_multi_pair(self, n, iters)
    }
}
