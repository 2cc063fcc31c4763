//! The criterion clock shared by the GF(p) and large-characteristic pairing benches
//! (included with `#[path]` by benches/fp.rs and benches/pairing_prime.rs): the calling
//! thread's ON-CPU time, so that figures taken on a shared machine are not inflated by time
//! slices given to other processes.
use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;
use std::time::Instant;

/// On-CPU nanoseconds of this thread (clock_gettime(CLOCK_THREAD_CPUTIME_ID), Linux), or
/// wall nanoseconds since a fixed origin elsewhere or when PAIRKIT_BENCH_WALL is set.
pub struct OnCpu {
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
    pub fn new() -> Self {
        let use_cpu = std::env::var_os("PAIRKIT_BENCH_WALL").is_none()
            && cfg!(all(target_os = "linux", target_pointer_width = "64"))
            && cpu_clock::ns().is_some();
        eprintln!(
            "bench clock: {}",
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
