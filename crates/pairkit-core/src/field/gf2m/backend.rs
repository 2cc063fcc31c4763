//! The GF(2^m) multiplication backends: names, the CPU features each needs (see the table
//! in the module docs of `gf2m`) and the parsing of `PAIRKIT_GF2M_BACKEND` (the table is
//! expanded by [`crate::cpu::backend_table`]).

crate::cpu::backend_table! {
    /// Carry-less multiplication backend.
    pub enum MulBackend pinned by "PAIRKIT_GF2M_BACKEND" {
        /// Software only (any architecture).
        Portable = "portable" => [],
        /// x86-64 PCLMULQDQ.
        Clmul = "clmul" => ["pclmulqdq", "sse2"],
        /// x86-64 AVX2 + 256-bit VPCLMULQDQ (2 carry-less products per instruction; no AVX-512).
        Vpclmul256 = "vpclmul256" => ["avx2", "vpclmulqdq", "pclmulqdq", "sse2", "bmi2"],
        /// x86-64 AVX-512 VPCLMULQDQ (4 carry-less products per instruction).
        Vpclmul = "vpclmul512" | "vpclmul" => [
            "avx512f",
            "avx512vbmi2",
            "vpclmulqdq",
            "pclmulqdq",
            "sse2",
            "bmi2",
        ],
    }
}
