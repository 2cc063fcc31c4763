"""The host half of the gpu engine's input validation. The CPU engine's decode
(crates/pairkit-core: `Curve::decode`, then the subgroup test) checks, per point and in this
order: the length, the point at infinity (all 0xFF), canonical field elements (< 2^m; compressed:
nothing above bit m), decompression (compressed points), the curve equation, the order-r subgroup.
Here the host does the first four, with numpy for uncompressed points (no per-point Python call)
and ``_native.decode_point(..., check_subgroup=False)`` for decompression; the curve equation and
the subgroup test run on the device (kernels/curve.cuh, ``pk_validate``), whose status words
:meth:`Batch.first_error` turns into the CPU engine's typed error: the lowest bad index, P before
Q at the same index (``decode_pairs`` in engine/generic.rs), "P[17]: ..." with ``.index`` set."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from pairkit import _native
from pairkit.errors import NotInSubgroupError, NotOnCurveError, PairkitError, PointAtInfinityError
from pairkit.gpu import source
from pairkit.spec.prime import params as spec_params

# Compressed points per decompression task (decode_point releases the GIL; every core is used).
CHUNK = 4096
# pk_validate's per-point codes (kernels/curve.cuh) -> the Rust core's error and its message
# (crates/pairkit-core/src/error.rs).
STATUS_ERRORS = {
    2: (NotOnCurveError, "point is not on the curve"),
    3: (NotInSubgroupError, "point is not in the order-r subgroup"),
}
INFINITY_MESSAGE = "the point at infinity is not allowed here"


def _named(err: PairkitError, name: str, i: int) -> PairkitError:
    e = type(err)(f"{name}[{i}]: {err}")
    e.index = i
    return e


def host_error(set_id: str, name: str, i: int, row: np.ndarray) -> PairkitError:
    """The CPU engine's error for an element the host checks rejected, from the Rust decoder itself
    (so class and message are the core's), named "name[i]: ..."."""
    try:
        xy = _native.decode_point(set_id, row.tobytes(), False, 1)
    except PairkitError as e:
        return _named(e, name, i)
    if xy is None:
        return _named(PointAtInfinityError(INFINITY_MESSAGE), name, i)
    return _named(
        PairkitError(f"the host checks rejected a point the Rust decoder accepts ({row.tobytes().hex()})"), name, i
    )


def _decompress(set_id: str, rows: np.ndarray, idx: np.ndarray, xy: np.ndarray, bad: np.ndarray):
    nb = xy.shape[1] // 2
    for i in idx:
        try:
            x, y = cast(tuple, _native.decode_point(set_id, rows[i].tobytes(), False, 1))  # compressed: finite
        except PairkitError:
            bad[i] = True
            continue
        xy[i, :nb] = np.frombuffer(x, np.uint8)
        xy[i, nb:] = np.frombuffer(y, np.uint8)


def parse(set_id: str, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n, point length) uint8 -> xy, bad: xy the (n, 2 ceil(m/8)) uint8 rows x || y (each
    big-endian), bad (n,) bool the elements the host checks reject (the device's verdict on them is
    ignored). Uncompressed points are returned as they are, no copy: a rejected row keeps its bytes
    (kernels/layout.cuh masks them to field elements); compressed ones are decompressed (a rejected
    row is zero)."""
    n, length = pts.shape
    nb = _native.sizes(set_id)[0]
    top = source.param(set_id).m - 8 * (nb - 1)  # bits of a coordinate in its leading byte
    if length not in (nb, 2 * nb):
        return np.zeros((n, 2 * nb), np.uint8), np.ones(n, dtype=bool)
    lead = pts[:, 0].astype(np.int32)
    if length == 2 * nb:
        bad = (lead >> top != 0) | (pts[:, nb].astype(np.int32) >> top != 0)
        if top == 8:  # m divisible by 8: the point at infinity (all 0xFF) has no bit above x^m
            bad |= (pts == 0xFF).all(axis=1)
        return np.ascontiguousarray(pts, dtype=np.uint8), bad
    bad = (pts == 0xFF).all(axis=1)  # the point at infinity
    bad |= lead >> (top + 1) != 0  # bit m carries y_0; nothing may lie above it
    xy = np.zeros((n, 2 * nb), np.uint8)
    todo = np.flatnonzero(~bad)
    parts = [todo[s : s + CHUNK] for s in range(0, todo.size, CHUNK)]
    with ThreadPoolExecutor(max_workers=max(1, min(len(parts), os.cpu_count() or 1))) as ex:
        for f in [ex.submit(_decompress, set_id, pts, p, xy, bad) for p in parts]:
            f.result()
    return xy, bad


def decode(set_id: str, name: str, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x, y ((n, ceil(m/8)) uint8 views) of every point after the host checks only (no curve
    equation or subgroup test for uncompressed points); raises the first rejected element's error
    with its name and index."""
    xy, bad = parse(set_id, pts)
    if bad.any():
        i = int(np.argmax(bad))
        raise host_error(set_id, name, i, pts[i])
    nb = xy.shape[1] // 2
    return xy[:, :nb], xy[:, nb:]


@dataclass
class Batch:
    """Both arguments of a pair_batch after the host checks: the device input (the byte rows
    xy_p || xy_q, copied as they are into the engine's pinned buffer) and what is needed to name the
    first bad element once pk_validate's status words are in."""

    set_id: str
    P: np.ndarray
    Q: np.ndarray
    xy_p: np.ndarray  # x(P) || y(P): (n, 2 ceil(m/8)) uint8, big-endian coordinates
    xy_q: np.ndarray  # x(Q) || y(Q)
    bad_p: np.ndarray
    bad_q: np.ndarray

    @classmethod
    def parse(cls, set_id: str, P: np.ndarray, Q: np.ndarray) -> "Batch":
        xy_p, bp = parse(set_id, P)
        xy_q, bq = parse(set_id, Q)
        return cls(set_id, P, Q, xy_p, xy_q, bp, bq)

    @property
    def parts(self) -> list:
        """The device input as column blocks of one row: x(P) || y(P) || x(Q) || y(Q)."""
        return [self.xy_p, self.xy_q]

    @property
    def coords(self) -> list:
        """x(P), y(P), x(Q), y(Q): (n, ceil(m/8)) uint8 views each (layout.pack's input)."""
        nb = self.xy_p.shape[1] // 2
        return [self.xy_p[:, :nb], self.xy_p[:, nb:], self.xy_q[:, :nb], self.xy_q[:, nb:]]

    def _host_error(self, name: str, i: int) -> PairkitError:
        return host_error(self.set_id, name, i, (self.P if name == "P" else self.Q)[i])

    def first_host_bad(self) -> int | None:
        """The lowest index the host checks rejected (in P or Q), or None."""
        bad = self.bad_p | self.bad_q
        return int(np.argmax(bad)) if bad.any() else None

    def first_error(self, start: int, status: np.ndarray) -> PairkitError | None:
        """The CPU engine's error for instances start .. start + len(status), given pk_validate's
        status words for them (P's code in bits 0-7, Q's in bits 8-15), or None if all are valid:
        the lowest bad index, P before Q; a host rejection outranks the device's code."""
        k = status.size
        hp, hq = self.bad_p[start : start + k], self.bad_q[start : start + k]
        dp, dq = status & 0xFF, (status >> 8) & 0xFF
        badp, badq = hp | (dp != 0), hq | (dq != 0)
        if not (badp | badq).any():
            return None
        j = int(np.argmax(badp | badq))
        i, name, host, code = (start + j, *(("P", hp[j], dp[j]) if badp[j] else ("Q", hq[j], dq[j])))
        if host:
            return self._host_error(name, i)
        if int(code) not in STATUS_ERRORS:
            return _named(PairkitError(f"unknown validation status {int(code)}"), name, i)
        cls, msg = STATUS_ERRORS[int(code)]
        return _named(cls(msg), name, i)


# -- the prime sets (bn254, bls12-381) ---------------------------------------------------------------
# The same split as above. The host checks the encodings: uncompressed points (bn254's EIP-196 /
# EIP-197, bls12-381's ZCash uncompressed form with no flag set) with numpy -- length, flags,
# every coordinate < p, bn254's all-zero point at infinity -- and every other row (compressed
# points, flags, anything the numpy check does not accept) with the Rust decoder without the
# subgroup test (``decode_point(..., check_subgroup=False)``, which decompresses; tasks of
# PRIME_CHUNK rows on every core). The curve equation and the subgroup tests run on the device
# (kernels/curve_prime.cuh, ``pk_validate``).
PRIME_CHUNK = 512
# An uncompressed G2 point's coordinates in the encoding (EIP-197 and ZCash both put the imaginary
# part first) -> the kernels' order x.c0, x.c1, y.c0, y.c1.
G2_ORDER = (1, 0, 3, 2)


def _p_bytes(set_id: str, nb: int) -> np.ndarray:
    return np.frombuffer(spec_params.SETS[set_id].p.to_bytes(nb, "big"), np.uint8)


def below(coords: np.ndarray, bound: np.ndarray) -> np.ndarray:
    """(n, k, nb) big-endian numbers < the nb-byte bound, per (row, coordinate): the first byte that
    differs decides."""
    diff = coords != bound
    first = np.argmax(diff, axis=2)
    lead = np.take_along_axis(coords, first[:, :, None], axis=2)[:, :, 0]
    return diff.any(axis=2) & (lead < bound[first])


def _prime_slow(set_id: str, pts: np.ndarray, idx: np.ndarray, group: int, rows: np.ndarray, bad: np.ndarray):
    for i in idx:
        try:
            xy = _native.decode_point(set_id, pts[i].tobytes(), False, group)
        except PairkitError:
            bad[i] = True
            continue
        if xy is None:  # the point at infinity
            bad[i] = True
            continue
        b = np.frombuffer(xy[0] + xy[1], np.uint8)
        rows[i, : b.size] = b


def prime_parse(set_id: str, pts: np.ndarray, group: int) -> tuple[np.ndarray, np.ndarray]:
    """(n, point length) uint8 points of G1 (group 1) or G2 (group 2) -> rows, bad: rows the (n,
    2 group nb) uint8 coordinates in the kernels' order (x, y; G2: x.c0, x.c1, y.c0, y.c1; each nb bytes
    big-endian, nb = 32 or 48), bad the rows the host checks reject (encoding, infinity; a rejected
    row is zero). No curve equation or subgroup test for uncompressed points."""
    n, length = pts.shape
    nb, k = _native.sizes(set_id)[0], 2 * group
    rows = np.zeros((n, k * nb), np.uint8)
    bad = np.zeros(n, dtype=bool)
    slow: np.ndarray = np.ones(n, dtype=bool)
    if length == k * nb and n:
        c = pts.reshape(n, k, nb)
        ok = below(c, _p_bytes(set_id, nb)).all(axis=1)
        if set_id == "bls12-381":
            ok &= pts[:, 0] >> 5 == 0  # no compression, infinity or sign flag
        else:
            ok &= pts.any(axis=1)  # all zero is the point at infinity
        order = G2_ORDER if group == 2 else (0, 1)
        rows[ok] = c[ok][:, list(order), :].reshape(-1, k * nb)
        slow = np.logical_not(ok)
    todo = np.flatnonzero(slow)
    parts = [todo[s : s + PRIME_CHUNK] for s in range(0, todo.size, PRIME_CHUNK)]
    with ThreadPoolExecutor(max_workers=max(1, min(len(parts), os.cpu_count() or 1))) as ex:
        for f in [ex.submit(_prime_slow, set_id, pts, part, group, rows, bad) for part in parts]:
            f.result()
    return rows, bad


def prime_host_error(set_id: str, name: str, i: int, data: bytes, group: int) -> PairkitError:
    """The CPU engine's error for a point the host checks rejected: the Rust decoder's own (class and
    message), named "name[i]: ..."; PointAtInfinityError for the point at infinity."""
    try:
        xy = _native.decode_point(set_id, bytes(data), True, group)
    except PairkitError as e:
        return _named(e, name, i)
    if xy is None:
        return _named(PointAtInfinityError(INFINITY_MESSAGE), name, i)
    return _named(
        PairkitError(f"the host checks rejected a point the Rust decoder accepts ({bytes(data).hex()})"), name, i
    )


@dataclass
class PrimeBatch(Batch):
    """A bn254 / bls12-381 pair_batch (P in G1, Q in G2) after the host checks: ``rows`` the kernels'
    6 input coordinates per pair; ``first_error`` turns pk_validate's status words into the CPU
    engine's error (as Batch: the lowest bad index, P before Q)."""

    rows: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.uint8))

    @classmethod
    def parse(cls, set_id: str, P: np.ndarray, Q: np.ndarray) -> "PrimeBatch":
        rp, bp = prime_parse(set_id, P, 1)
        rq, bq = prime_parse(set_id, Q, 2)
        return cls(set_id, P, Q, rp, rq, bp, bq, np.hstack([rp, rq]))

    def _host_error(self, name: str, i: int) -> PairkitError:
        pts, group = (self.P, 1) if name == "P" else (self.Q, 2)
        return prime_host_error(self.set_id, name, i, pts[i].tobytes(), group)


def prime_point_is_identity(set_id: str, data: bytes, group: int) -> bool | None:
    """True for a valid encoding of the point at infinity, False for a valid finite point, None for
    an encoding the Rust decoder rejects (subgroup test included)."""
    try:
        return _native.decode_point(set_id, bytes(data), True, group) is None
    except PairkitError:
        return None
