//! Bindings of the Rust core's protocol kernels (`pairkit_core::protocols`, issue 18).
use pairkit_core::protocols::bls_batch::{self, Variant};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::IntoPy;

fn refs(l: &[Vec<u8>]) -> Vec<&[u8]> {
    l.iter().map(|b| b.as_slice()).collect()
}

/// BLS batch verification on bls12-381 (`protocols::bls_batch::batch_verify`): `min_pk` selects
/// min-pk (keys in G1) or min-sig; `msgs` as hashed (the aug scheme's PK || m formed by the
/// caller); `coeffs` the random non-zero coefficients, big-endian bytes. False for a key or
/// signature that does not decode to a valid point.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub(crate) fn bls_batch_verify(
    py: Python<'_>,
    min_pk: bool,
    pks: Vec<Vec<u8>>,
    msgs: Vec<Vec<u8>>,
    sigs: Vec<Vec<u8>>,
    dst: Vec<u8>,
    coeffs: Vec<Vec<u8>>,
) -> PyResult<bool> {
    let v = if min_pk {
        Variant::MinPk
    } else {
        Variant::MinSig
    };
    let (p, m, s, c) = (refs(&pks), refs(&msgs), refs(&sigs), refs(&coeffs));
    py.detach(|| bls_batch::batch_verify(v, &p, &m, &s, &dst, &c))
        .py(py)
}

/// The sum of n >= 1 bls12-381 points of `group` (`protocols::bls_batch::sum_points`): each
/// decoded with its subgroup check, the lowest bad index raised with `index` set.
#[pyfunction]
#[pyo3(signature = (group, points, compressed=true))]
pub(crate) fn bls_sum_points<'py>(
    py: Python<'py>,
    group: u8,
    points: Vec<Vec<u8>>,
    compressed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let p = refs(&points);
    let v = py
        .detach(|| bls_batch::sum_points(group, &p, compressed))
        .py(py)?;
    Ok(PyBytes::new(py, &v))
}
