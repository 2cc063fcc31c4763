//! `pairkit._native.Engine`: one parameter set and one algorithm, resolved once.
//!
//! The module-level functions look the set up in the registry (a locked map) and take the
//! algorithm by name on every call; a handle does both in its constructor -- the cached engine
//! of the set, the algorithm given (checked: `UnknownAlgorithm` / `UnsupportedAlgorithm` first)
//! or the set's default -- and its methods forward to that engine. The pairings are served here
//! only (the module has no duplicate functions for them).
use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pairkit_core::engine::Engine;
use pairkit_core::Error;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::{bytes, eng, flat, to_py, IntoPy};

/// A pairing engine bound to one set and one algorithm.
#[pyclass(frozen, name = "Engine", module = "pairkit._native")]
pub struct PyEngine {
    e: Arc<dyn Engine>,
    alg: String,
}

#[pymethods]
impl PyEngine {
    /// The engine of `set_id` with `alg` (default: the set's fastest algorithm).
    #[new]
    #[pyo3(signature = (set_id, alg=None))]
    fn new(py: Python<'_>, set_id: &str, alg: Option<&str>) -> PyResult<Self> {
        let e = eng(py, set_id)?;
        let alg = match alg {
            None => e.default_algorithm().to_string(),
            Some(a) => {
                e.check_algorithm(a).py(py)?;
                a.to_string()
            }
        };
        Ok(Self { e, alg })
    }

    /// The parameter set's id.
    #[getter]
    fn set_id(&self) -> &'static str {
        self.e.id()
    }

    /// The algorithm every pairing of this handle uses.
    #[getter]
    fn alg(&self) -> &str {
        &self.alg
    }

    /// (field bytes, uncompressed point bytes, compressed point bytes, GT bytes) of `group`.
    #[pyo3(signature = (group=1))]
    fn sizes(&self, py: Python<'_>, group: u8) -> PyResult<(usize, usize, usize, usize)> {
        let e = &self.e;
        Ok((
            e.field_len(),
            e.point_len(group, false).py(py)?,
            e.point_len(group, true).py(py)?,
            e.gt_len(),
        ))
    }

    /// The pairing (canonical: mapped to tau_r(P, psi(Q))).
    #[pyo3(signature = (p, q, canonical=false))]
    fn pair<'py>(
        &self,
        py: Python<'py>,
        p: &[u8],
        q: &[u8],
        canonical: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let v = py
            .detach(|| self.e.pair(&self.alg, p, q, canonical))
            .py(py)?;
        Ok(bytes(py, &v))
    }

    /// The Miller loop (before the final exponentiation).
    fn miller_loop<'py>(
        &self,
        py: Python<'py>,
        p: &[u8],
        q: &[u8],
    ) -> PyResult<Bound<'py, PyBytes>> {
        let v = py.detach(|| self.e.miller_loop(&self.alg, p, q)).py(py)?;
        Ok(bytes(py, &v))
    }

    /// The final exponentiation of a GT-encoded Miller value.
    fn final_exponentiation<'py>(
        &self,
        py: Python<'py>,
        f: &[u8],
    ) -> PyResult<Bound<'py, PyBytes>> {
        let v = py
            .detach(|| self.e.final_exponentiation(&self.alg, f))
            .py(py)?;
        Ok(bytes(py, &v))
    }

    /// Pairings of the rows of `ps` (n, plen) and `qs` (n, qlen) uint8 arrays on all cores;
    /// returns an (n, gtlen) uint8 array.
    #[pyo3(signature = (ps, qs, canonical=false))]
    fn pair_batch<'py>(
        &self,
        py: Python<'py>,
        ps: PyReadonlyArray2<'py, u8>,
        qs: PyReadonlyArray2<'py, u8>,
        canonical: bool,
    ) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let (n, plen, pd) = flat(&ps);
        let (nq, qlen, qd) = flat(&qs);
        if n != nq {
            return Err(to_py(py, Error::BatchMismatch(n, nq)));
        }
        let g = self.e.gt_len();
        let out = if n == 0 {
            Vec::new()
        } else {
            py.detach(|| {
                self.e
                    .pair_batch_flat(&self.alg, &pd, plen, &qd, qlen, canonical)
            })
            .py(py)?
        };
        PyArray1::from_vec(py, out).reshape([n, g])
    }

    /// prod_i e(P_i, Q_i) with one final exponentiation (lists of encoded points).
    #[pyo3(signature = (ps, qs, canonical=false))]
    fn multi_pair<'py>(
        &self,
        py: Python<'py>,
        ps: Vec<Vec<u8>>,
        qs: Vec<Vec<u8>>,
        canonical: bool,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let pr: Vec<&[u8]> = ps.iter().map(|v| v.as_slice()).collect();
        let qr: Vec<&[u8]> = qs.iter().map(|v| v.as_slice()).collect();
        let v = py
            .detach(|| self.e.multi_pair(&self.alg, &pr, &qr, canonical))
            .py(py)?;
        Ok(bytes(py, &v))
    }

    /// e(fixed, others_i) (`fixed_is_p`) or e(others_i, fixed), the fixed point's lines
    /// precomputed where the set has a preprocessed Miller loop.
    #[pyo3(signature = (fixed, others, fixed_is_p=true))]
    fn pair_fixed<'py>(
        &self,
        py: Python<'py>,
        fixed: &[u8],
        others: Vec<Vec<u8>>,
        fixed_is_p: bool,
    ) -> PyResult<Vec<Bound<'py, PyBytes>>> {
        let or: Vec<&[u8]> = others.iter().map(|v| v.as_slice()).collect();
        let v = py
            .detach(|| self.e.pair_fixed(&self.alg, fixed, fixed_is_p, &or))
            .py(py)?;
        Ok(v.iter().map(|s| bytes(py, s)).collect())
    }

    fn __repr__(&self) -> String {
        format!("Engine({:?}, {:?})", self.e.id(), self.alg)
    }
}
