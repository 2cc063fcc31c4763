"""The fast path: every pairing computed by the Rust core (``pairkit._native``).

Points and GT elements are bytes in the CLI encodings (see README). Small characteristic: a point
is x||y (or compressed), each coordinate ceil(m/8) bytes big-endian; a GT element is c0||c1||c2||c3
in the basis {1, s, t, st} (ss2) or its six coordinates (ss3). Large characteristic: G1/G2 in the
formats their users already have (bls12-381: ZCash/IETF compressed or uncompressed; bn254: EIP-196
G1, EIP-197 G2; typea-512: PBC's x||y, 64 bytes each); for bn254 and bls12-381 the first pairing
argument is a G1 point and the second a G2 point (``group=2`` in the point functions); GT is its
F_p coordinates (a||b for typea-512, twelve for F_{p^12}). Batches take and return numpy uint8
arrays of shape (n, length). Bad input raises a subclass of :class:`pairkit.errors.PairkitError`.
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


def multi_pair(set_id: str, P: Sequence[bytes], Q: Sequence[bytes], alg: str | None = None,
               canonical: bool = False) -> bytes:
    """prod_i e(P[i], Q[i]) with one shared Miller loop and one final exponentiation."""
    return _native.multi_pair(set_id, _alg(set_id, alg), [bytes(p) for p in P], [bytes(q) for q in Q], canonical)


def pair_fixed(set_id: str, fixed: bytes, others: Sequence[bytes], fixed_is_p: bool = True,
               alg: str | None = None) -> list[bytes]:
    """e(fixed, X) for every X in ``others`` (or e(X, fixed) with ``fixed_is_p=False``), the fixed
    point's Miller-loop lines precomputed once where the set has a preprocessed loop (typea-512:
    a fixed first argument; bn254/bls12-381: a fixed G2 point)."""
    return list(_native.pair_fixed(set_id, _alg(set_id, alg), bytes(fixed), [bytes(o) for o in others], fixed_is_p))


def hash_to_point(set_id: str, msg: bytes, dst: bytes, group: int = 1, compressed: bool = False) -> bytes:
    """RFC 9380 hash to G1/G2 (bls12-381: the BLS12381G{1,2}_XMD:SHA-256_SSWU_RO_ suites)."""
    return _native.hash_to_point(set_id, bytes(msg), bytes(dst), group, compressed)


def asymmetric(set_id: str) -> bool:
    """Whether P and Q live in different groups (bn254, bls12-381)."""
    return bool(_native.asymmetric(set_id))


def generator(set_id: str, group: int = 1) -> bytes:
    return _native.generator(set_id, group)


def point_mul(set_id: str, P: bytes, k: int, group: int = 1, compressed: bool = False) -> bytes:
    return _native.point_mul(set_id, bytes(P), int(k), compressed, group)


def point_add(set_id: str, P: bytes, Q: bytes, group: int = 1, compressed: bool = False) -> bytes:
    return _native.point_add(set_id, bytes(P), bytes(Q), compressed, group)


def _as_matrix(set_id: str, pts) -> np.ndarray:
    if isinstance(pts, np.ndarray):
        if pts.dtype != np.uint8 or pts.ndim != 2:
            raise PairkitError("a batch of points is a uint8 array of shape (n, point_length)")
        return np.ascontiguousarray(pts)
    pts = [bytes(p) for p in pts]
    if not pts:
        return np.zeros((0, _native.sizes(set_id)[1]), dtype=np.uint8)
    if len({len(p) for p in pts}) != 1:
        raise PairkitError("all points of a batch must have the same encoding length")
    return np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(len(pts), -1).copy()


def pair_batch(set_id: str, P: np.ndarray | Sequence[bytes], Q: np.ndarray | Sequence[bytes],
               alg: str | None = None, canonical: bool = False, engine: str = "cpu") -> np.ndarray:
    """Pairings of P[i], Q[i]; returns a uint8 array (n, GT length). ``engine="cpu"``: every core
    (Rust); ``engine="gpu"``: the CUDA kernels (ss2-283 / ss2-1223 eta-t or eta-alg2, ss2-239
    eta-alg2), byte-identical to the CPU engine; GpuUnavailableError without CuPy or a device."""
    if engine not in ENGINES:
        raise PairkitError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")
    Pm, Qm = _as_matrix(set_id, P), _as_matrix(set_id, Q)
    if Pm.shape[0] != Qm.shape[0]:
        raise PairkitError(f"batch sizes differ: {Pm.shape[0]} points P vs {Qm.shape[0]} points Q")
    if engine == "gpu":  # CUDA kernels for ss2-283, ss2-1223, ss2-239 (python/pairkit/gpu, docs/GPU.md)
        from .gpu import engine as gpu_engine

        return gpu_engine.pair_batch(set_id, Pm, Qm, _alg(set_id, alg), canonical)
    return _native.pair_batch(set_id, _alg(set_id, alg), Pm, Qm, canonical)


def random_points(set_id: str, n: int, seed: int | None = None, compressed: bool = False,
                  group: int = 1) -> list[bytes]:
    """n random points of order r in ``group`` (a seeded, reproducible stream when ``seed`` is given)."""
    import secrets

    s = secrets.randbits(64) if seed is None else seed
    return list(_native.random_points(set_id, n, s, compressed, group))


def decode_point(set_id: str, data: bytes, check_subgroup: bool = True, group: int = 1):
    """Validate an encoded point; returns (x, y) as ints (F_{p^2} coordinates as (c0, c1) pairs), or
    None for the point at infinity."""
    xy = _native.decode_point(set_id, bytes(data), check_subgroup, group)
    if xy is None:
        return None

    n = _native.sizes(set_id)[0]

    def coord(b: bytes):
        if len(b) == n:
            return int.from_bytes(b, "big")
        return tuple(int.from_bytes(b[i:i + n], "big") for i in range(0, len(b), n))

    return coord(xy[0]), coord(xy[1])


def backend(set_id: str) -> str:
    return _native.backend(set_id)


def _gt_shape(set_id: str) -> tuple[int, int]:
    p = catalogue.get(set_id)
    k = {"ss3": 6, "ss2": 4}.get(p.family) or p.gt_coords
    return p.nbytes, k


def split_gt(set_id: str, gt: bytes) -> list[int]:
    """GT bytes -> coordinates: four (ss2, basis {1, s, t, st}), six (ss3, 1, rho, rho^2, sigma,
    sigma rho, sigma rho^2; each the integer sum a_i 3^i), two (typea-512: a + b i) or twelve
    (bn254, bls12-381: the F_{p^12} tower order c0.c0.re, c0.c0.im, ..., c1.c2.im)."""
    n, k = _gt_shape(set_id)
    if len(gt) != n * k:
        raise PairkitError(f"a {set_id} GT element is {n * k} bytes, got {len(gt)}")
    return [int.from_bytes(gt[i * n:(i + 1) * n], "big") for i in range(k)]


def join_gt(set_id: str, coords: Iterable[int]) -> bytes:
    n, _ = _gt_shape(set_id)
    return b"".join(int(c).to_bytes(n, "big") for c in coords)
