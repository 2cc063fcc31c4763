//! The object-safe [`Engine`]: the byte-level API of one parameter set, as the Python bindings
//! and the Rust tests see it, and the argument checks every family shares.
//!
//! No family implements [`Engine`] by hand: `facade.rs` implements it once for every type that
//! implements the typed family traits (`generic::Family`, `points::Points`,
//! `fieldops::FieldOps`; the timings of `bench::Bench` behind [`Timings`]). For a symmetric set
//! both groups are the one group of points (group 1 or 2 mean the same); for an asymmetric one (bn254, bls12-381) `p` arguments
//! of the pairing functions are G1 points and `q` arguments G2 points, and the point
//! functions take the group (1 or 2) as their first argument.
use crate::error::{Error, Result};

/// (per iteration, whole Miller loop) operation counts.
pub type OpCountPair = (Vec<(&'static str, u64)>, Vec<(&'static str, u64)>);

/// A pairing engine for one parameter set (object safe; encodings in each family's module).
pub trait Engine: Send + Sync {
    /// The catalogue id.
    fn id(&self) -> &'static str;
    /// The prime group order r, big-endian hex.
    fn r_hex(&self) -> &'static str;
    /// The field operations [`Engine::field_op`] and [`Engine::bench_field`] accept.
    fn field_ops(&self) -> Vec<&'static str>;
    /// Base-field operation counts of `alg`'s Miller loop: (one steady-state iteration -- the
    /// second --, the whole loop), as (kind, count) pairs in the spec trace's kind names.
    fn op_counts(&self, alg: &str) -> Result<OpCountPair>;
    /// Algorithm ids valid for this set.
    fn algorithms(&self) -> Vec<&'static str>;
    /// The fastest valid algorithm (measured with `benches/pairing.rs`).
    fn default_algorithm(&self) -> &'static str;
    /// Parse and check an algorithm id: the error every staged function returns first for it
    /// (`UnknownAlgorithm`, or `UnsupportedAlgorithm` where the set rules it out).
    fn check_algorithm(&self, alg: &str) -> Result<()>;
    /// The base-field multiplication backend in use ("Portable", "Clmul", "Vpclmul", ...).
    fn backend(&self) -> String;
    /// Bytes per base-field element.
    fn field_len(&self) -> usize;
    /// Bytes per GT element.
    fn gt_len(&self) -> usize;

    /// The Miller loop of `alg` (its own accumulator, before the final exponentiation).
    fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>>;
    /// The final exponentiation of `alg` applied to a GT-encoded Miller value.
    fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>>;
    /// The accumulator after every Miller iteration (as the spec's `states`).
    fn miller_states(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<Vec<u8>>>;
    /// The pairing; `canonical` maps the output to tau_r(P, psi(Q)) (see `pairing` docs).
    fn pair(&self, alg: &str, p: &[u8], q: &[u8], canonical: bool) -> Result<Vec<u8>>;
    /// [`Engine::pair`] with one pairing's work split over `threads` tasks of the current rayon
    /// pool (a split Miller loop: `eta-t` on the binary sets; bit-exact with `pair`). One thread
    /// is `pair` on every set; more: `UnsupportedAlgorithm` where no split is implemented,
    /// `LimitExceeded` above `pairing::eta_t_par::MAX_THREADS` or (m+1)/2.
    fn pair_parallel(
        &self,
        alg: &str,
        p: &[u8],
        q: &[u8],
        threads: usize,
        canonical: bool,
    ) -> Result<Vec<u8>>;
    /// Map an output of `alg` to the canonical reduced Tate pairing.
    fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>>;
    /// prod_i e(P_i, Q_i) with one final exponentiation.
    fn multi_pair(&self, alg: &str, ps: &[&[u8]], qs: &[&[u8]], canonical: bool)
        -> Result<Vec<u8>>;
    /// Pairings of many (P_i, Q_i) on all rayon threads; every input is validated first
    /// (`AtIndex { index, .. }` names the first bad one).
    fn pair_batch(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<Vec<u8>>>;
    /// [`Engine::pair_batch`] on flat buffers: `ps` is n points of `p_len` bytes, `qs` n of
    /// `q_len`; returns n GT elements back to back.
    fn pair_batch_flat(
        &self,
        alg: &str,
        ps: &[u8],
        p_len: usize,
        qs: &[u8],
        q_len: usize,
        canonical: bool,
    ) -> Result<Vec<u8>>;

    /// One base-field operation on encoded elements ([`Engine::field_ops`]; `b` ignored by
    /// unary ops).
    fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>>;
    /// a b in GT.
    fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>>;
    /// a^k in GT, k a big-endian unsigned integer.
    fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>>;
    /// The GT identity, encoded.
    fn gt_one(&self) -> Vec<u8>;

    /// Whether the pairing is asymmetric (G1 != G2).
    fn asymmetric(&self) -> bool;
    /// Bytes per encoded point of `group` (1 or 2; both name the one group of a symmetric set).
    fn point_len(&self, group: u8, compressed: bool) -> Result<usize>;
    /// Decode and validate a point of `group`: `Ok(None)` for the point at infinity, else its
    /// (x, y) as field-element bytes (an F_{p^2} coordinate is c0 || c1). With
    /// `check_subgroup`, `NotInSubgroup` unless r P = O.
    fn decode_point(
        &self,
        group: u8,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>>;
    /// Re-encode a valid point of `group` (compressed or not); infinity allowed.
    fn encode_point(&self, group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// k P in `group` for a big-endian scalar k (P validated, infinity allowed).
    fn point_mul(&self, group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// P + Q in `group` (both validated, infinity allowed).
    fn point_add(&self, group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>>;
    /// The catalogue generator of `group` (uncompressed).
    fn generator(&self, group: u8) -> Result<Vec<u8>>;
    /// `n` random points of order r in `group` from `StdRng::seed_from_u64(seed)` (at most
    /// [`MAX_POINTS`]).
    fn random_points(
        &self,
        group: u8,
        n: usize,
        seed: u64,
        compressed: bool,
    ) -> Result<Vec<Vec<u8>>>;
    /// Hash a message to `group` (RFC 9380, where the set defines a suite).
    fn hash_to_point(&self, group: u8, msg: &[u8], dst: &[u8], compressed: bool)
        -> Result<Vec<u8>>;
    /// Pairings of one fixed point with many: e(fixed, others_i) when `fixed_is_p`, else
    /// e(others_i, fixed). Sets with a preprocessed Miller loop precompute the fixed point's
    /// lines once; the others pair one by one.
    fn pair_fixed(
        &self,
        alg: &str,
        fixed: &[u8],
        fixed_is_p: bool,
        others: &[&[u8]],
    ) -> Result<Vec<Vec<u8>>>;

    /// The in-process timings of this set (`pairkit bench`), the engine's bench side
    /// (`bench.rs`), kept apart from the pairing API.
    fn timings(&self) -> &dyn Timings;
}

/// The timed runs of one set (`Engine::timings`; implemented once over `bench::Bench` in
/// `bench.rs`): ns per operation, measured in Rust on validated inputs, `iters` entries each
/// averaging enough runs to last about 50 µs.
pub trait Timings {
    /// `alg`'s Miller loop + final exponentiation on pre-validated random points.
    fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>>;
    /// A field operation ([`Engine::field_ops`]) as a dependent chain.
    fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>>;
    /// The preprocessed pairing (the fixed argument's lines precomputed outside the timing),
    /// where the set has one.
    fn bench_pair_prepared(&self, iters: usize) -> Result<Vec<f64>>;
    /// `multi_pair` over `n` pairs (validated inputs).
    fn bench_multi_pair(&self, n: usize, iters: usize) -> Result<Vec<f64>>;
}

/// The most points one `random_points` call returns (README "Limits"; the Python API's
/// `pairkit.argcheck.MAX_POINTS`): larger counts are refused before anything is allocated.
pub const MAX_POINTS: usize = 1 << 22;

/// `n` points at most [`MAX_POINTS`].
pub fn check_count(n: usize) -> Result<()> {
    if n > MAX_POINTS {
        return Err(Error::LimitExceeded {
            what: "the number of points",
            limit: MAX_POINTS,
            got: n,
        });
    }
    Ok(())
}

/// Group numbers name G1 (1) and G2 (2).
pub fn check_group(group: u8) -> Result<()> {
    if group == 1 || group == 2 {
        Ok(())
    } else {
        Err(Error::InvalidEncoding(format!(
            "group must be 1 (G1) or 2 (G2), got {group}"
        )))
    }
}

/// A big-endian scalar of at most `max_bytes` bytes (the large-characteristic sets bound it).
pub fn check_scalar(k_be: &[u8], max_bytes: usize) -> Result<&[u8]> {
    if k_be.len() > max_bytes {
        return Err(Error::InvalidEncoding(format!(
            "scalar of {} bytes is too long (at most {max_bytes})",
            k_be.len()
        )));
    }
    Ok(k_be)
}
