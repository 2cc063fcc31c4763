//! The GF(2^m) multiplication backends: names, the CPU features each needs (see the table
//! in the module docs of `gf2m`) and the parsing of `PAIRKIT_GF2M_BACKEND`.
use crate::error::Result;

/// Carry-less multiplication backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MulBackend {
    /// Software only (any architecture).
    Portable,
    /// x86-64 PCLMULQDQ.
    Clmul,
    /// x86-64 AVX2 + 256-bit VPCLMULQDQ (2 carry-less products per instruction; no AVX-512).
    Vpclmul256,
    /// x86-64 AVX-512 VPCLMULQDQ (4 carry-less products per instruction).
    Vpclmul,
}

impl MulBackend {
    /// Every backend, slowest first.
    pub const ALL: [MulBackend; 4] = [
        MulBackend::Portable,
        MulBackend::Clmul,
        MulBackend::Vpclmul256,
        MulBackend::Vpclmul,
    ];
    /// The name of `PAIRKIT_GF2M_BACKEND` and of the benchmarks.
    pub fn name(self) -> &'static str {
        match self {
            MulBackend::Portable => "portable",
            MulBackend::Clmul => "clmul",
            MulBackend::Vpclmul256 => "vpclmul256",
            MulBackend::Vpclmul => "vpclmul512",
        }
    }
    /// The backend called `name` (`vpclmul` is `vpclmul512`).
    pub fn from_name(name: &str) -> Result<Self> {
        match name {
            "vpclmul" => Ok(MulBackend::Vpclmul),
            _ => Self::ALL
                .into_iter()
                .find(|b| b.name() == name)
                .ok_or_else(|| {
                    crate::cpu::unknown_backend(
                        "PAIRKIT_GF2M_BACKEND",
                        name,
                        &Self::ALL.map(|b| b.name()),
                    )
                }),
        }
    }
    /// The x86 features the backend needs (`is_x86_feature_detected!` names).
    pub fn cpu_features(self) -> &'static [&'static str] {
        match self {
            MulBackend::Portable => &[],
            MulBackend::Clmul => &["pclmulqdq", "sse2"],
            MulBackend::Vpclmul256 => &["avx2", "vpclmulqdq", "pclmulqdq", "sse2", "bmi2"],
            MulBackend::Vpclmul => &[
                "avx512f",
                "avx512vbmi2",
                "vpclmulqdq",
                "pclmulqdq",
                "sse2",
                "bmi2",
            ],
        }
    }
    /// Whether this CPU runs the backend (detection minus `PAIRKIT_CPU_DISABLE`).
    pub fn available(self) -> bool {
        crate::cpu::missing(self.cpu_features()).is_empty()
    }
}
