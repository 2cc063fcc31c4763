//! Bindings of the Rust core's protocol kernels (`pairkit_core::protocols`).
use pairkit_core::protocols::bls_batch;
use pairkit_core::protocols::bls_verify::{
    self as core_verify, PublicKey, SigInput, Signature, Variant,
};
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
    let v = variant(min_pk);
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

fn variant(min_pk: bool) -> Variant {
    if min_pk {
        Variant::MinPk
    } else {
        Variant::MinSig
    }
}

/// A BLS public key on bls12-381 that passed KeyValidate (`protocols::bls_verify::PublicKey`):
/// the decoded point, held natively; only this constructor makes one, so the verifiers taking
/// keys neither decode nor check them again.
#[pyclass(frozen, eq, name = "BlsPublicKey", module = "pairkit._native")]
#[derive(PartialEq)]
pub(crate) struct BlsPublicKey {
    k: PublicKey,
}

#[pymethods]
impl BlsPublicKey {
    /// KeyValidate of `data` (ZCash encoding, compressed or not) in G1 (`min_pk`) or G2: the
    /// decoder's errors, NotInSubgroupError, PointAtInfinityError for the identity.
    #[new]
    #[pyo3(signature = (data, min_pk=true))]
    fn new(py: Python<'_>, data: &[u8], min_pk: bool) -> PyResult<Self> {
        let k = PublicKey::from_bytes(variant(min_pk), data).py(py)?;
        Ok(BlsPublicKey { k })
    }

    /// True for a key in G1 (the min-pk variant), False for G2 (min-sig).
    #[getter]
    fn min_pk(&self) -> bool {
        self.k.variant() == Variant::MinPk
    }

    /// The ZCash encoding, compressed (48 / 96 bytes) unless asked otherwise.
    #[pyo3(signature = (compressed=true))]
    fn to_bytes<'py>(&self, py: Python<'py>, compressed: bool) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.k.to_bytes(compressed))
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        self.to_bytes(py, true)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut h = DefaultHasher::new();
        self.k.to_bytes(true).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let b = self.k.to_bytes(true);
        let hex: String = b[..8].iter().map(|x| format!("{x:02x}")).collect();
        let v = if self.min_pk() { "min-pk" } else { "min-sig" };
        format!("BlsPublicKey({v}, {hex}...)")
    }
}

/// A BLS signature on bls12-381 that decoded to a point of the order-r subgroup
/// (`protocols::bls_verify::Signature`; the identity allowed): the point, held natively. The
/// verifiers given one use it as it is, without decoding or checking it again.
#[pyclass(frozen, eq, name = "BlsSignature", module = "pairkit._native")]
#[derive(PartialEq)]
pub(crate) struct BlsSignature {
    s: Signature,
}

#[pymethods]
impl BlsSignature {
    /// The decoding of `data` (ZCash encoding, compressed or not) in G2 (`min_pk`: the min-pk
    /// variant's signatures) or G1, with the subgroup check: the decoder's errors,
    /// NotInSubgroupError.
    #[new]
    #[pyo3(signature = (data, min_pk=true))]
    fn new(py: Python<'_>, data: &[u8], min_pk: bool) -> PyResult<Self> {
        let s = Signature::from_bytes(variant(min_pk), data).py(py)?;
        Ok(BlsSignature { s })
    }

    /// True for a signature in G2 (the min-pk variant), False for G1 (min-sig).
    #[getter]
    fn min_pk(&self) -> bool {
        self.s.variant() == Variant::MinPk
    }

    /// The ZCash encoding, compressed (96 / 48 bytes) unless asked otherwise.
    #[pyo3(signature = (compressed=true))]
    fn to_bytes<'py>(&self, py: Python<'py>, compressed: bool) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.s.to_bytes(compressed))
    }

    fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        self.to_bytes(py, true)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut h = DefaultHasher::new();
        self.s.to_bytes(true).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let b = self.s.to_bytes(true);
        let hex: String = b[..8].iter().map(|x| format!("{x:02x}")).collect();
        let v = if self.min_pk() { "min-pk" } else { "min-sig" };
        format!("BlsSignature({v}, {hex}...)")
    }
}

/// A verifier's signature argument from Python: a validated BlsSignature or bytes.
#[derive(FromPyObject)]
pub(crate) enum SigArg<'py> {
    /// Validated when it was made: used as it is.
    Valid(Bound<'py, BlsSignature>),
    /// Bytes: decoded and subgroup-checked by the call.
    Bytes(Vec<u8>),
}

/// The owned form of a [`SigArg`], to take into a call without the GIL.
enum SigOwned {
    Valid(Signature),
    Bytes(Vec<u8>),
}

impl SigArg<'_> {
    fn owned(self) -> SigOwned {
        match self {
            SigArg::Valid(b) => SigOwned::Valid(b.get().s),
            SigArg::Bytes(v) => SigOwned::Bytes(v),
        }
    }
}

impl SigOwned {
    fn input(&self) -> SigInput<'_> {
        match self {
            SigOwned::Valid(s) => SigInput::Valid(s),
            SigOwned::Bytes(b) => SigInput::Bytes(b),
        }
    }
}

fn keys(pks: &[Bound<'_, BlsPublicKey>]) -> Vec<PublicKey> {
    pks.iter().map(|k| k.get().k).collect()
}

/// BLS Verify (CoreVerify) on bls12-381 in one call (`protocols::bls_verify::verify`): KeyValidate
/// of `pk`, the signature's decoding and subgroup check, the hash to the curve, one two-pair
/// multi-Miller loop and one final exponentiation. False for a bad key or signature; `msg` as
/// signed (the aug scheme's PK || m formed by the caller).
#[pyfunction]
pub(crate) fn bls_verify(
    py: Python<'_>,
    min_pk: bool,
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    dst: &[u8],
) -> PyResult<bool> {
    let v = variant(min_pk);
    py.detach(|| core_verify::verify(v, pk, msg, sig, dst))
        .py(py)
}

/// CoreAggregateVerify over validated keys (`protocols::bls_verify::aggregate_verify`), one
/// message each, as signed; the signature as bytes or a BlsSignature (not checked again).
#[pyfunction]
pub(crate) fn bls_aggregate_verify(
    py: Python<'_>,
    min_pk: bool,
    pks: Vec<Bound<'_, BlsPublicKey>>,
    msgs: Vec<Vec<u8>>,
    sig: SigArg<'_>,
    dst: &[u8],
) -> PyResult<bool> {
    let (v, ks, m, s) = (variant(min_pk), keys(&pks), refs(&msgs), sig.owned());
    py.detach(|| core_verify::aggregate_verify(v, &ks, &m, s.input(), dst))
        .py(py)
}

/// FastAggregateVerify over validated keys (`protocols::bls_verify::fast_aggregate_verify`):
/// the keys summed natively, then one Verify; the signature as bytes or a BlsSignature.
#[pyfunction]
pub(crate) fn bls_fast_aggregate_verify(
    py: Python<'_>,
    min_pk: bool,
    pks: Vec<Bound<'_, BlsPublicKey>>,
    msg: &[u8],
    sig: SigArg<'_>,
    dst: &[u8],
) -> PyResult<bool> {
    let (v, ks, s) = (variant(min_pk), keys(&pks), sig.owned());
    py.detach(|| core_verify::fast_aggregate_verify(v, &ks, msg, s.input(), dst))
        .py(py)
}
