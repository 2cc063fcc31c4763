//! pairkit._native: thin PyO3 bindings over pairkit-core. No arithmetic lives here, and no
//! unsafe code (forbidden below; PyO3's generated code is its own).
//!
//! Every function takes a parameter-set id first and forwards to the cached
//! `pairkit_core::engine::engine(id)`; the pairings themselves (pair, pair_batch, miller_loop,
//! final_exponentiation, multi_pair, pair_fixed) are the methods of the class `Engine`
//! (handle.rs), which resolves a set and an algorithm once for many calls; `pairkit.api` is the
//! one Python module that imports this one. Heavy work runs with the GIL released (`py.detach`).
//! Errors are raised as the classes of `pairkit.errors` (all subclasses of ValueError); a
//! batch error carries the failing item's position in its `index` attribute.
#![forbid(unsafe_code)]

use std::sync::Arc;

use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pairkit_core::engine::{self, Engine};
use pairkit_core::Error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};

mod handle;
mod protocols;

/// Name of the `pairkit.errors` class an error maps to.
fn class_name(e: &Error) -> &'static str {
    match e {
        Error::UnknownSet(_) => "UnknownSetError",
        Error::UnknownAlgorithm(_)
        | Error::UnsupportedAlgorithm { .. }
        | Error::UnknownOperation(_) => "UnknownAlgorithmError",
        Error::WrongLength { .. } | Error::InvalidEncoding(_) | Error::BatchMismatch(..) => {
            "EncodingError"
        }
        Error::NotOnCurve => "NotOnCurveError",
        Error::NotInSubgroup => "NotInSubgroupError",
        Error::PointAtInfinity => "PointAtInfinityError",
        Error::LimitExceeded { .. } => "LimitExceededError",
        Error::InvalidArgument(_) => "InvalidArgumentError",
        Error::AtIndex { source, .. } => class_name(source),
        _ => "PairkitError",
    }
}

pub(crate) fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let msg = e.to_string();
    let build = || -> PyResult<PyErr> {
        let module = py.import("pairkit.errors")?;
        let cls = module.getattr(class_name(&e))?;
        let inst = cls.call1((msg.clone(),))?;
        if let Error::AtIndex { index, .. } = &e {
            inst.setattr("index", *index)?;
        }
        Ok(PyErr::from_value(inst))
    };
    build().unwrap_or_else(|_| PyValueError::new_err(msg))
}

pub(crate) trait IntoPy<T> {
    fn py(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> IntoPy<T> for pairkit_core::error::Result<T> {
    fn py(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|e| to_py(py, e))
    }
}

pub(crate) fn eng(py: Python<'_>, set_id: &str) -> PyResult<Arc<dyn Engine>> {
    engine::engine(set_id).py(py)
}

pub(crate) fn bytes<'py>(py: Python<'py>, v: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, v)
}

/// Ids of the parameter sets in the catalogue.
#[pyfunction]
fn sets() -> Vec<&'static str> {
    engine::set_ids()
}

/// The field operations `field_op` / `bench_field` accept for the set.
#[pyfunction]
fn field_ops(py: Python<'_>, set_id: &str) -> PyResult<Vec<&'static str>> {
    Ok(eng(py, set_id)?.field_ops())
}

/// Base-field operation counts of `alg`'s Miller loop, measured by the Rust meter:
/// (second iteration, whole loop), each a list of (kind, count).
#[pyfunction]
fn op_counts(py: Python<'_>, set_id: &str, alg: &str) -> PyResult<engine::OpCountPair> {
    eng(py, set_id)?.op_counts(alg).py(py)
}

/// Algorithm ids valid for the set.
#[pyfunction]
fn algorithms(py: Python<'_>, set_id: &str) -> PyResult<Vec<&'static str>> {
    Ok(eng(py, set_id)?.algorithms())
}

/// The fastest valid algorithm of the set.
#[pyfunction]
fn default_algorithm(py: Python<'_>, set_id: &str) -> PyResult<&'static str> {
    Ok(eng(py, set_id)?.default_algorithm())
}

/// The arithmetic backend of the set's engine: "gf2m-portable|clmul|vpclmul256|vpclmul512",
/// "gf3m-comb|avx2|avx512" or "mulx-adx" / "portable-u128" (pinned by PAIRKIT_*_BACKEND, `pairkit_core::cpu`).
#[pyfunction]
fn backend(py: Python<'_>, set_id: &str) -> PyResult<String> {
    Ok(eng(py, set_id)?.backend())
}

/// (field bytes, uncompressed point bytes, compressed point bytes, GT bytes) of `group`.
#[pyfunction]
#[pyo3(signature = (set_id, group=1))]
fn sizes(py: Python<'_>, set_id: &str, group: u8) -> PyResult<(usize, usize, usize, usize)> {
    let e = eng(py, set_id)?;
    Ok((
        e.field_len(),
        e.point_len(group, false).py(py)?,
        e.point_len(group, true).py(py)?,
        e.gt_len(),
    ))
}

/// Whether the set's pairing is asymmetric (P in G1, Q in G2 != G1).
#[pyfunction]
fn asymmetric(py: Python<'_>, set_id: &str) -> PyResult<bool> {
    Ok(eng(py, set_id)?.asymmetric())
}

/// The pairing with one pairing's work split over `threads` tasks (`Engine::pair_parallel`:
/// eta-t on the binary sets; the same bytes as `pair`).
#[pyfunction]
#[pyo3(signature = (set_id, alg, p, q, threads, canonical=false))]
fn pair_parallel<'py>(
    py: Python<'py>,
    set_id: &str,
    alg: &str,
    p: &[u8],
    q: &[u8],
    threads: usize,
    canonical: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let e = eng(py, set_id)?;
    let v = py
        .detach(|| e.pair_parallel(alg, p, q, threads, canonical))
        .py(py)?;
    Ok(bytes(py, &v))
}

/// Map an output of `alg` to the canonical reduced Tate pairing.
#[pyfunction]
fn to_canonical<'py>(
    py: Python<'py>,
    set_id: &str,
    alg: &str,
    v: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let e = eng(py, set_id)?;
    let v = e.to_canonical(alg, v).py(py)?;
    Ok(bytes(py, &v))
}

/// The accumulator after every Miller iteration.
#[pyfunction]
fn miller_states<'py>(
    py: Python<'py>,
    set_id: &str,
    alg: &str,
    p: &[u8],
    q: &[u8],
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let e = eng(py, set_id)?;
    let v = py.detach(|| e.miller_states(alg, p, q)).py(py)?;
    Ok(v.iter().map(|s| bytes(py, s)).collect())
}

pub(crate) fn flat<'a>(
    a: &'a PyReadonlyArray2<'_, u8>,
) -> (usize, usize, std::borrow::Cow<'a, [u8]>) {
    let shape = a.shape();
    let (n, len) = (shape[0], shape[1]);
    let data = match a.as_slice() {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => std::borrow::Cow::Owned(a.as_array().iter().copied().collect()),
    };
    (n, len, data)
}

/// `n` random points of order r (deterministic in `seed`).
#[pyfunction]
#[pyo3(signature = (set_id, n, seed=0, compressed=false, group=1))]
fn random_points<'py>(
    py: Python<'py>,
    set_id: &str,
    n: usize,
    seed: u64,
    compressed: bool,
    group: u8,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let e = eng(py, set_id)?;
    let v = py
        .detach(|| e.random_points(group, n, seed, compressed))
        .py(py)?;
    Ok(v.iter().map(|s| bytes(py, s)).collect())
}

/// The catalogue generator of `group` (uncompressed).
#[pyfunction]
#[pyo3(signature = (set_id, group=1))]
fn generator<'py>(py: Python<'py>, set_id: &str, group: u8) -> PyResult<Bound<'py, PyBytes>> {
    let v = eng(py, set_id)?.generator(group).py(py)?;
    Ok(bytes(py, &v))
}

/// Hash a message to `group` (RFC 9380; bls12-381: BLS12381G1/G2_XMD:SHA-256_SSWU_RO_ with `dst`).
#[pyfunction]
#[pyo3(signature = (set_id, msg, dst, group=1, compressed=false))]
fn hash_to_point<'py>(
    py: Python<'py>,
    set_id: &str,
    msg: &[u8],
    dst: &[u8],
    group: u8,
    compressed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let e = eng(py, set_id)?;
    let v = py
        .detach(|| e.hash_to_point(group, msg, dst, compressed))
        .py(py)?;
    Ok(bytes(py, &v))
}

/// Decode and validate a point: (x, y) field-element bytes, or None for infinity.
#[pyfunction]
#[pyo3(signature = (set_id, data, check_subgroup=true, group=1))]
fn decode_point<'py>(
    py: Python<'py>,
    set_id: &str,
    data: &[u8],
    check_subgroup: bool,
    group: u8,
) -> PyResult<Option<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)>> {
    let e = eng(py, set_id)?;
    let v = py
        .detach(|| e.decode_point(group, data, check_subgroup))
        .py(py)?;
    Ok(v.map(|(x, y)| (bytes(py, &x), bytes(py, &y))))
}

/// Re-encode a valid point, compressed or not.
#[pyfunction]
#[pyo3(signature = (set_id, data, compressed=false, group=1))]
fn encode_point<'py>(
    py: Python<'py>,
    set_id: &str,
    data: &[u8],
    compressed: bool,
    group: u8,
) -> PyResult<Bound<'py, PyBytes>> {
    let v = eng(py, set_id)?
        .encode_point(group, data, compressed)
        .py(py)?;
    Ok(bytes(py, &v))
}

/// A non-negative Python int or big-endian bytes -> big-endian bytes.
fn scalar_bytes(k: &Bound<'_, PyAny>, order_hex: &str) -> PyResult<Vec<u8>> {
    if let Ok(b) = k.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if k.is_instance_of::<PyInt>() {
        if k.lt(0)? {
            return Err(PyValueError::new_err("the scalar must be non-negative"));
        }
        // At least the group order's length, whatever k's value: the constant-time
        // multiplications run one fixed window per byte, so a minimal-length encoding would let
        // their time reveal k's length. Longer ints keep their own length.
        let bits: usize = k.call_method0("bit_length")?.extract()?;
        let n = bits
            .div_ceil(8)
            .max(order_hex.trim_start_matches('0').len().div_ceil(2))
            .max(1);
        let b = k.call_method1("to_bytes", (n, "big"))?;
        return Ok(b.cast::<PyBytes>()?.as_bytes().to_vec());
    }
    Err(PyValueError::new_err(
        "the scalar must be an int or big-endian bytes",
    ))
}

/// k P (k an int or big-endian bytes).
#[pyfunction]
#[pyo3(signature = (set_id, p, k, compressed=false, group=1))]
fn point_mul<'py>(
    py: Python<'py>,
    set_id: &str,
    p: &[u8],
    k: &Bound<'py, PyAny>,
    compressed: bool,
    group: u8,
) -> PyResult<Bound<'py, PyBytes>> {
    let e = eng(py, set_id)?;
    let kb = scalar_bytes(k, e.r_hex())?;
    let v = py
        .detach(|| e.point_mul(group, p, &kb, compressed))
        .py(py)?;
    Ok(bytes(py, &v))
}

/// P + Q.
#[pyfunction]
#[pyo3(signature = (set_id, p, q, compressed=false, group=1))]
fn point_add<'py>(
    py: Python<'py>,
    set_id: &str,
    p: &[u8],
    q: &[u8],
    compressed: bool,
    group: u8,
) -> PyResult<Bound<'py, PyBytes>> {
    let v = eng(py, set_id)?.point_add(group, p, q, compressed).py(py)?;
    Ok(bytes(py, &v))
}

/// One GF(2^m) operation: add, mul, sqr, sqrt, inv, half_trace, trace (b ignored if unary).
#[pyfunction]
#[pyo3(signature = (set_id, op, a, b=None))]
fn field_op<'py>(
    py: Python<'py>,
    set_id: &str,
    op: &str,
    a: &[u8],
    b: Option<&[u8]>,
) -> PyResult<Bound<'py, PyBytes>> {
    let v = eng(py, set_id)?.field_op(op, a, b.unwrap_or(&[])).py(py)?;
    Ok(bytes(py, &v))
}

/// a b in GT (F_{2^{4m}}).
#[pyfunction]
fn gt_mul<'py>(py: Python<'py>, set_id: &str, a: &[u8], b: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let v = eng(py, set_id)?.gt_mul(a, b).py(py)?;
    Ok(bytes(py, &v))
}

/// a^k in GT (k an int or big-endian bytes).
#[pyfunction]
fn gt_pow<'py>(
    py: Python<'py>,
    set_id: &str,
    a: &[u8],
    k: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let e = eng(py, set_id)?;
    let kb = scalar_bytes(k, e.r_hex())?;
    let v = py.detach(|| e.gt_pow(a, &kb)).py(py)?;
    Ok(bytes(py, &v))
}

/// The GT identity.
#[pyfunction]
fn gt_one<'py>(py: Python<'py>, set_id: &str) -> PyResult<Bound<'py, PyBytes>> {
    Ok(bytes(py, &eng(py, set_id)?.gt_one()))
}

/// `iters` timings in ns per pairing (measured in Rust on pre-validated points).
#[pyfunction]
#[pyo3(signature = (set_id, alg, iters=10))]
fn bench_pair(py: Python<'_>, set_id: &str, alg: &str, iters: usize) -> PyResult<Vec<f64>> {
    let e = eng(py, set_id)?;
    py.detach(|| e.timings().bench_pair(alg, iters)).py(py)
}

/// `iters` timings in ns per field operation (measured in Rust).
#[pyfunction]
#[pyo3(signature = (set_id, op, iters=10))]
fn bench_field(py: Python<'_>, set_id: &str, op: &str, iters: usize) -> PyResult<Vec<f64>> {
    let e = eng(py, set_id)?;
    py.detach(|| e.timings().bench_field(op, iters)).py(py)
}

/// Timings (ns per pairing) of the preprocessed pairing (fixed argument's lines precomputed).
#[pyfunction]
#[pyo3(signature = (set_id, iters=100))]
fn bench_pair_prepared(py: Python<'_>, set_id: &str, iters: usize) -> PyResult<Vec<f64>> {
    let e = eng(py, set_id)?;
    py.detach(|| e.timings().bench_pair_prepared(iters)).py(py)
}

/// Timings (ns per call) of `multi_pair` over `n` validated pairs.
#[pyfunction]
#[pyo3(signature = (set_id, n, iters=50))]
fn bench_multi_pair(py: Python<'_>, set_id: &str, n: usize, iters: usize) -> PyResult<Vec<f64>> {
    let e = eng(py, set_id)?;
    py.detach(|| e.timings().bench_multi_pair(n, iters)).py(py)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<handle::PyEngine>()?;
    m.add_function(wrap_pyfunction!(sets, m)?)?;
    m.add_function(wrap_pyfunction!(field_ops, m)?)?;
    m.add_function(wrap_pyfunction!(op_counts, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(default_algorithm, m)?)?;
    m.add_function(wrap_pyfunction!(backend, m)?)?;
    m.add_function(wrap_pyfunction!(sizes, m)?)?;
    m.add_function(wrap_pyfunction!(pair_parallel, m)?)?;
    m.add_function(wrap_pyfunction!(to_canonical, m)?)?;
    m.add_function(wrap_pyfunction!(miller_states, m)?)?;
    m.add_function(wrap_pyfunction!(random_points, m)?)?;
    m.add_function(wrap_pyfunction!(generator, m)?)?;
    m.add_function(wrap_pyfunction!(decode_point, m)?)?;
    m.add_function(wrap_pyfunction!(encode_point, m)?)?;
    m.add_function(wrap_pyfunction!(point_mul, m)?)?;
    m.add_function(wrap_pyfunction!(point_add, m)?)?;
    m.add_function(wrap_pyfunction!(field_op, m)?)?;
    m.add_function(wrap_pyfunction!(gt_mul, m)?)?;
    m.add_function(wrap_pyfunction!(gt_pow, m)?)?;
    m.add_function(wrap_pyfunction!(gt_one, m)?)?;
    m.add_function(wrap_pyfunction!(bench_pair, m)?)?;
    m.add_function(wrap_pyfunction!(bench_field, m)?)?;
    m.add_function(wrap_pyfunction!(bench_pair_prepared, m)?)?;
    m.add_function(wrap_pyfunction!(bench_multi_pair, m)?)?;
    m.add_function(wrap_pyfunction!(asymmetric, m)?)?;
    m.add_function(wrap_pyfunction!(hash_to_point, m)?)?;
    m.add_function(wrap_pyfunction!(protocols::bls_batch_verify, m)?)?;
    m.add_function(wrap_pyfunction!(protocols::bls_sum_points, m)?)?;
    m.add_class::<protocols::BlsPublicKey>()?;
    m.add_class::<protocols::BlsSignature>()?;
    m.add_function(wrap_pyfunction!(protocols::bls_verify, m)?)?;
    m.add_function(wrap_pyfunction!(protocols::bls_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(protocols::bls_fast_aggregate_verify, m)?)?;
    Ok(())
}
