"""The fast path: binary-field pairings computed by the Rust core (``pairkit._native``).

Points and GT elements are bytes in the CLI encodings (see README): a point is x||y (or x with
the y-bit at bit m when compressed), each coordinate ceil(m/8) bytes big-endian; a GT element is
c0||c1||c2||c3 in the basis {1, s, t, st}. Batches take and return numpy uint8 arrays of shape
(n, length). Bad input raises a subclass of :class:`pairkit.errors.PairkitError`.
"""
from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from . import catalogue
from .errors import PairkitError

try:
    from . import _native
except ImportError as exc:  # pragma: no cover - the package is built by maturin
    raise ImportError("pairkit's native module is missing: build it with `make build`") from exc

ENGINES = ("cpu", "gpu")


def algorithms(set_id: str) -> list[str]:
    return list(_native.algorithms(set_id))


def default_algorithm(set_id: str) -> str:
    return _native.default_algorithm(set_id)


def _alg(set_id: str, alg: str | None) -> str:
    return alg or _native.default_algorithm(set_id)


def pair(set_id: str, P: bytes, Q: bytes, alg: str | None = None, canonical: bool = False) -> bytes:
    """The pairing of two encoded points; ``canonical`` maps the output to tau_r(P, psi(Q))."""
    return _native.pair(set_id, _alg(set_id, alg), bytes(P), bytes(Q), canonical)


def miller_loop(set_id: str, P: bytes, Q: bytes, alg: str | None = None) -> bytes:
    return _native.miller_loop(set_id, _alg(set_id, alg), bytes(P), bytes(Q))


def final_exponentiation(set_id: str, f: bytes, alg: str | None = None) -> bytes:
    return _native.final_exponentiation(set_id, _alg(set_id, alg), bytes(f))


def _as_matrix(set_id: str, pts) -> np.ndarray:
    if isinstance(pts, np.ndarray):
        if pts.dtype != np.uint8 or pts.ndim != 2:
            raise PairkitError("a batch of points is a uint8 array of shape (n, point_length)")
        return np.ascontiguousarray(pts)
    pts = [bytes(p) for p in pts]
    if not pts:
        return np.zeros((0, 2 * catalogue.get(set_id).nbytes), dtype=np.uint8)
    if len({len(p) for p in pts}) != 1:
        raise PairkitError("all points of a batch must have the same encoding length")
    return np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(len(pts), -1).copy()


def pair_batch(set_id: str, P: np.ndarray | Sequence[bytes], Q: np.ndarray | Sequence[bytes],
               alg: str | None = None, canonical: bool = False, engine: str = "cpu") -> np.ndarray:
    """Pairings of P[i], Q[i] on every core; returns uint8 array (n, 4 ceil(m/8))."""
    if engine not in ENGINES:
        raise PairkitError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")
    if engine == "gpu":
        raise PairkitError("the gpu engine is not built yet (issue: GPU batch engine); use engine='cpu'")
    Pm, Qm = _as_matrix(set_id, P), _as_matrix(set_id, Q)
    if Pm.shape[0] != Qm.shape[0]:
        raise PairkitError(f"batch sizes differ: {Pm.shape[0]} points P vs {Qm.shape[0]} points Q")
    return _native.pair_batch(set_id, _alg(set_id, alg), Pm, Qm, canonical)


def random_points(set_id: str, n: int, seed: int | None = None, compressed: bool = False) -> list[bytes]:
    """n random points of order r (a seeded, reproducible stream when ``seed`` is given)."""
    import secrets

    s = secrets.randbits(64) if seed is None else seed
    return list(_native.random_points(set_id, n, s, compressed))


def decode_point(set_id: str, data: bytes, check_subgroup: bool = True):
    """Validate an encoded point; returns (x, y) as ints, or None for the point at infinity."""
    xy = _native.decode_point(set_id, bytes(data), check_subgroup)
    if xy is None:
        return None
    return int.from_bytes(xy[0], "big"), int.from_bytes(xy[1], "big")


def backend(set_id: str) -> str:
    return _native.backend(set_id)


def split_gt(set_id: str, gt: bytes) -> list[int]:
    """GT bytes -> coordinates: four (ss2, basis {1, s, t, st}) or six (ss3, 1, rho, rho^2, sigma,
    sigma rho, sigma rho^2; each the integer sum a_i 3^i)."""
    p = catalogue.get(set_id)
    n, k = p.nbytes, (6 if p.family == "ss3" else 4)
    return [int.from_bytes(gt[i * n:(i + 1) * n], "big") for i in range(k)]


def join_gt(set_id: str, coords: Iterable[int]) -> bytes:
    n = catalogue.get(set_id).nbytes
    return b"".join(int(c).to_bytes(n, "big") for c in coords)
