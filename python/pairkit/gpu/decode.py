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
from dataclasses import dataclass
from typing import cast

import numpy as np

from pairkit import _native
from pairkit.errors import NotInSubgroupError, NotOnCurveError, PairkitError, PointAtInfinityError
from pairkit.gpu import source

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
            return host_error(self.set_id, name, i, (self.P if name == "P" else self.Q)[i])
        if int(code) not in STATUS_ERRORS:
            return _named(PairkitError(f"unknown validation status {int(code)}"), name, i)
        cls, msg = STATUS_ERRORS[int(code)]
        return _named(cls(msg), name, i)


# -- the prime sets (bn254, bls12-381) ---------------------------------------------------------------
# No device validation kernel exists for them yet (docs/GPU.md): every point goes through the Rust
# decoder with the full checks (encoding, on the curve, in the subgroup, finite), on every core, in
# tasks of PRIME_CHUNK pairs (~57 us of CPU per bn254 pair, ~76 us per bls12-381 pair, measured on
# the 2-core development machine: 32,768 pairs make 64 tasks, enough for a 16-core host).
PRIME_CHUNK = 512


def _prime_chunk(set_id: str, P: np.ndarray, Q: np.ndarray, idx: np.ndarray, rows: np.ndarray, errors: dict):
    nb = _native.sizes(set_id)[0]
    for i in idx:
        for name, pts, group, col in (("P", P, 1, 0), ("Q", Q, 2, 2 * nb)):
            try:
                xy = _native.decode_point(set_id, pts[i].tobytes(), True, group)
            except PairkitError as e:
                errors[int(i)] = _named(e, name, int(i))
                break
            if xy is None:
                errors[int(i)] = _named(PointAtInfinityError(INFINITY_MESSAGE), name, int(i))
                break
            b = np.frombuffer(xy[0] + xy[1], np.uint8)
            rows[i, col : col + b.size] = b
        else:
            continue
        return  # the chunk's lowest bad index is found; later ones cannot be the batch's first


def prime_rows(set_id: str, P: np.ndarray, Q: np.ndarray) -> np.ndarray:
    """Every P (in G1) and Q (in G2) validated by the Rust decoder, as (n, 6 nb) uint8 rows
    x(P) || y(P) || x(Q).c0 || x(Q).c1 || y(Q).c0 || y(Q).c1 (big-endian, nb bytes each: the prime
    kernels' input coordinates, kernels/batch_prime.cu). Raises the CPU engine's error of the lowest
    bad index, P before Q at the same index, named "P[i]: ..." / "Q[i]: ..." with ``.index`` set."""
    n, nb = P.shape[0], _native.sizes(set_id)[0]
    rows = np.zeros((n, 6 * nb), np.uint8)
    errors: dict[int, PairkitError] = {}
    parts = [np.arange(s, min(n, s + PRIME_CHUNK)) for s in range(0, n, PRIME_CHUNK)]
    with ThreadPoolExecutor(max_workers=max(1, min(len(parts), os.cpu_count() or 1))) as ex:
        for f in [ex.submit(_prime_chunk, set_id, P, Q, p, rows, errors) for p in parts]:
            f.result()
    if errors:
        raise errors[min(errors)]
    return rows
