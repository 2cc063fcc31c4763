//! CPU features and the choice of arithmetic backends.
//!
//! Every field picks the fastest backend the CPU supports when its context is built
//! (run-time detection with `is_x86_feature_detected!`, so one binary runs on every x86-64
//! tier and never executes an instruction the CPU lacks). Three environment variables pin a
//! backend instead; each is read when a field context (and so an engine) is built:
//!
//! | variable | values (`auto` or unset: fastest available) |
//! |---|---|
//! | `PAIRKIT_GF2M_BACKEND` | `portable`, `clmul`, `vpclmul256`, `vpclmul512` |
//! | `PAIRKIT_GF3M_BACKEND` | `comb`, `avx2`, `avx512` |
//! | `PAIRKIT_FP_BACKEND` | `portable`, `mulx` (process-wide, see [`crate::field::fp`]) |
//!
//! The Rust API is the same choice per context: `Gf2m::with_backend`, `Gf3m::with_backend`,
//! [`crate::engine::engine_with`] (an uncached engine on pinned backends) and
//! `field::fp::x86_64::force_portable`. Pinning a backend whose instructions the CPU lacks
//! is [`Error::UnsupportedAlgorithm`] naming the missing features (a Python
//! `UnknownAlgorithmError`), never an illegal instruction; an unknown value is the same error.
//!
//! `PAIRKIT_CPU_DISABLE` (a comma-separated list of feature names, e.g.
//! `avx512f,vpclmulqdq`) makes detection report those features as absent: it simulates an
//! older CPU (an AVX2-only Zen 3, a CPU without PCLMULQDQ) on a newer one, for the tests of
//! automatic selection and of the refusal of a forced backend. It can only remove features.
//! Besides the CPUID names there is one derived feature, `fast-pdep` (BMI2 on a CPU that does
//! not run PDEP/PEXT in microcode, i.e. not AMD family 17h): GF(3^m)'s cubes use PDEP only
//! where it is present.
use std::sync::OnceLock;

use crate::error::{Error, Result};

/// Whether the CPU reports the x86 feature `name` (the spelling of `is_x86_feature_detected!`)
/// and `PAIRKIT_CPU_DISABLE` does not remove it. Always false off x86-64 and for names this
/// crate does not use.
pub fn has(name: &str) -> bool {
    detected(name) && !disabled().iter().any(|d| d == name)
}

/// The features of `names` that [`has`] reports absent.
pub fn missing<'a>(names: &[&'a str]) -> Vec<&'a str> {
    names.iter().copied().filter(|n| !has(n)).collect()
}

/// `Ok(())` if the CPU has every feature of `names`, else `UnsupportedAlgorithm` for
/// `backend` naming the missing ones.
pub fn require(backend: &str, names: &[&str]) -> Result<()> {
    let miss = missing(names);
    if miss.is_empty() {
        Ok(())
    } else {
        Err(Error::UnsupportedAlgorithm {
            alg: format!("backend {backend}"),
            reason: format!("this CPU lacks {}", miss.join(", ")),
        })
    }
}

/// The value of the backend variable `var` (lower-cased, trimmed); `None` when it is unset,
/// empty or `auto`.
pub fn env_choice(var: &str) -> Option<String> {
    let v = std::env::var(var).ok()?.trim().to_ascii_lowercase();
    if v.is_empty() || v == "auto" {
        None
    } else {
        Some(v)
    }
}

/// The error for a value of `var` that names no backend.
pub fn unknown_backend(var: &str, got: &str, valid: &[&str]) -> Error {
    Error::UnsupportedAlgorithm {
        alg: format!("{var}={got}"),
        reason: format!("unknown backend; valid: auto, {}", valid.join(", ")),
    }
}

/// A backend enum and its table: every backend (slowest first) with its name (the value of the
/// pinning variable `var` and of the benchmark ids; extra names after `|` are aliases) and the
/// x86 features it needs. Generates the enum, `ALL`, `name`, `from_name` (an unknown name is
/// [`unknown_backend`]), `cpu_features`, `available` (detection minus `PAIRKIT_CPU_DISABLE`)
/// and `chosen` (the pinned backend, or else the fastest available one), so that each family
/// of backends states only its table.
macro_rules! backend_table {
    (
        $(#[$meta:meta])*
        pub enum $E:ident pinned by $var:literal {
            $( $(#[$vmeta:meta])* $V:ident = $name:literal $(| $alias:literal)* => [$($feat:literal),* $(,)?] ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $E {
            $( $(#[$vmeta])* $V, )+
        }

        impl $E {
            /// Every backend, slowest first.
            pub const ALL: [$E; <[()]>::len(&[$($crate::cpu::backend_table!(@unit $V)),+])] = [$($E::$V),+];
            #[doc = concat!("The name of `", $var, "` and of the benchmarks.")]
            pub fn name(self) -> &'static str {
                match self {
                    $( $E::$V => $name, )+
                }
            }
            /// The backend called `name` (or one of its aliases).
            pub fn from_name(name: &str) -> $crate::error::Result<Self> {
                match name {
                    $( $name $(| $alias)* => Ok($E::$V), )+
                    _ => Err($crate::cpu::unknown_backend(
                        $var,
                        name,
                        &Self::ALL.map(|b| b.name()),
                    )),
                }
            }
            /// The x86 features the backend needs (`is_x86_feature_detected!` names).
            pub fn cpu_features(self) -> &'static [&'static str] {
                match self {
                    $( $E::$V => &[$($feat),*], )+
                }
            }
            /// Whether this CPU runs the backend (detection minus `PAIRKIT_CPU_DISABLE`).
            pub fn available(self) -> bool {
                $crate::cpu::missing(self.cpu_features()).is_empty()
            }
            #[doc = concat!("The backend `", $var, "` pins (an unknown name is an error), else the")]
            /// fastest available one.
            pub fn chosen() -> $crate::error::Result<Self> {
                if let Some(v) = $crate::cpu::env_choice($var) {
                    return Self::from_name(&v);
                }
                Ok(Self::ALL
                    .into_iter()
                    .rev()
                    .find(|b| b.available())
                    .unwrap_or(Self::ALL[0]))
            }
        }
    };
    (@unit $V:ident) => {
        ()
    };
}
pub(crate) use backend_table;

fn disabled() -> &'static [String] {
    static D: OnceLock<Vec<String>> = OnceLock::new();
    D.get_or_init(|| {
        std::env::var("PAIRKIT_CPU_DISABLE")
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_ascii_lowercase())
            .filter(|s| !s.is_empty())
            .collect()
    })
}

#[cfg(target_arch = "x86_64")]
fn detected(name: &str) -> bool {
    use std::arch::is_x86_feature_detected as d;
    match name {
        "sse2" => d!("sse2"),
        "pclmulqdq" => d!("pclmulqdq"),
        "avx2" => d!("avx2"),
        "bmi1" => d!("bmi1"),
        "bmi2" => d!("bmi2"),
        "adx" => d!("adx"),
        "vpclmulqdq" => d!("vpclmulqdq"),
        "avx512f" => d!("avx512f"),
        "avx512bw" => d!("avx512bw"),
        "avx512dq" => d!("avx512dq"),
        "avx512vl" => d!("avx512vl"),
        "avx512vbmi" => d!("avx512vbmi"),
        "avx512vbmi2" => d!("avx512vbmi2"),
        "fast-pdep" => d!("bmi2") && !microcoded_pdep(),
        _ => false,
    }
}

/// AMD family 17h (Zen, Zen+, Zen 2) executes PDEP and PEXT in microcode, at a latency that grows
/// with the mask's set bits (tens to hundreds of cycles; AMD's Software Optimization Guide for
/// family 17h lists them as microcoded, and family 19h, Zen 3, made them single operations). Those
/// CPUs report BMI2, so the pseudo-feature `fast-pdep` (BMI2 and not family 17h) is what a
/// PDEP-based path asks for; `PAIRKIT_CPU_DISABLE=fast-pdep` simulates such a CPU.
#[cfg(target_arch = "x86_64")]
fn microcoded_pdep() -> bool {
    static M: OnceLock<bool> = OnceLock::new();
    *M.get_or_init(family_17h)
}

#[cfg(target_arch = "x86_64")]
fn family_17h() -> bool {
    use std::arch::x86_64::__cpuid;
    // SAFETY: CPUID leaves 0 and 1 exist on every x86-64 CPU.
    #[allow(unused_unsafe)]
    let (v, f) = unsafe { (__cpuid(0), __cpuid(1)) };
    let amd = [v.ebx, v.edx, v.ecx] == [0x6874_7541, 0x6974_6e65, 0x444d_4163]; // "AuthenticAMD"
    let family = ((f.eax >> 8) & 0xf)
        + if (f.eax >> 8) & 0xf == 0xf {
            (f.eax >> 20) & 0xff
        } else {
            0
        };
    amd && family == 0x17
}

#[cfg(not(target_arch = "x86_64"))]
fn detected(_name: &str) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_feature_is_absent_and_named() {
        assert!(!has("no-such-feature"));
        let e = require("x", &["no-such-feature"]).unwrap_err();
        assert!(e.to_string().contains("no-such-feature"), "{e}");
        assert!(require("x", &[]).is_ok());
    }

    #[test]
    fn fast_pdep_needs_bmi2() {
        if has("fast-pdep") {
            assert!(has("bmi2"));
        }
    }
}
