"""The fast path: every pairing computed by the Rust core (``pairkit._native``).

Points and GT elements are bytes in the CLI encodings (see README). Small characteristic: a point
is x||y (or compressed), each coordinate ceil(m/8) bytes big-endian; a GT element is c0||c1||c2||c3
in the basis {1, s, t, st} (ss2) or its six coordinates (ss3). Large characteristic: G1/G2 in the
formats their users already have (bls12-381: ZCash/IETF compressed or uncompressed; bn254: EIP-196
G1, EIP-197 G2; typea-512: PBC's x||y, 64 bytes each); for bn254 and bls12-381 the first pairing
argument is a G1 point and the second a G2 point (``group=2`` in the point functions); GT is its
F_p coordinates (a||b for typea-512, twelve for F_{p^12}). Batches take and return numpy uint8
arrays of shape (n, length). Bad input raises a subclass of :class:`pairkit.errors.PairkitError`,
arguments included (argcheck.py): bytes-like where bytes are meant (never an int), integers where
integers are meant (never a float), counts and seeds within the documented limits.
"""

from __future__ import annotations

import hashlib
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from pairkit import argcheck as A
from pairkit import sets
from pairkit.argcheck import MAX_POINTS  # noqa: F401  (the documented limit of random_points)
from pairkit.errors import ArgumentTypeError, EncodingError, InvalidArgumentError

try:
    from pairkit import _native
except ImportError as exc:  # pragma: no cover - the package is built by maturin
    raise ImportError("pairkit's native module is missing: build it with `make build`") from exc

ENGINES = ("cpu", "gpu")


def _sid(set_id) -> str:
    return A.text("the set id", set_id)


def algorithms(set_id: str) -> list[str]:
    return list(_native.algorithms(_sid(set_id)))


def default_algorithm(set_id: str) -> str:
    return _native.default_algorithm(_sid(set_id))


def _alg(set_id: str, alg: str | None) -> str:
    """``alg``, or the set's default when None (an empty string is an unknown algorithm)."""
    return _engine(_sid(set_id), None).alg if alg is None else A.text("the algorithm", alg)


_HANDLES: dict[tuple[str, str | None], _native.Engine] = {}
_MAX_HANDLES = 64


def _engine(set_id: str, alg: str | None) -> _native.Engine:
    """The native handle of (set, algorithm): the set's engine and the algorithm resolved once per
    process (a default handle also serves its algorithm by name; errors are raised, never cached)."""
    e = _HANDLES.get((set_id, alg))
    if e is None:
        e = _native.Engine(set_id, alg)
        if len(_HANDLES) >= _MAX_HANDLES:
            _HANDLES.clear()
        _HANDLES[(set_id, alg)] = e
        _HANDLES.setdefault((set_id, e.alg), e)
    return e


def engine(set_id: str, alg: str | None = None) -> _native.Engine:
    """The native handle of ``set_id`` with ``alg`` (default: the set's fastest): ``pair``,
    ``pair_batch``, ``miller_loop``, ``final_exponentiation``, ``multi_pair``, ``pair_fixed``
    without looking the set or the algorithm up again (raw bytes and uint8 arrays, no argument
    coercion: the functions below check their arguments first)."""
    sid = _sid(set_id)
    return _engine(sid, None if alg is None else A.text("the algorithm", alg))


def _bind(set_id, alg) -> Callable[[], _native.Engine]:
    """The handle of (set, alg), in the order the checks always ran: the set id's type, then the
    default algorithm's lookup (an unknown set fails here) or the algorithm's type; the handle of an
    explicit algorithm (unknown set, then unknown algorithm) once the other arguments are checked."""
    sid = _sid(set_id)
    if alg is None:
        e = _engine(sid, None)
        return lambda: e
    a = A.text("the algorithm", alg)
    return lambda: _engine(sid, a)


def pair(set_id: str, P: bytes, Q: bytes, alg: str | None = None, canonical: bool = False) -> bytes:
    """The pairing of two encoded points; ``canonical`` maps the output to tau_r(P, psi(Q))."""
    e = _bind(set_id, alg)
    p, q, c = A.data("P", P), A.data("Q", Q), A.flag("canonical", canonical)
    return e().pair(p, q, c)


def pair_parallel(
    set_id: str, P: bytes, Q: bytes, threads: int = 2, alg: str | None = None, canonical: bool = False
) -> bytes:
    """One pairing with its Miller loop split over ``threads`` cores (eta-t on the binary sets,
    Aranha-Lopez-Hankerson; the same bytes as :func:`pair`). ``threads=1`` is :func:`pair` on
    every set; more threads on another algorithm or family: UnknownAlgorithmError."""
    sid = _sid(set_id)
    a = A.text("alg", alg) if alg is not None else _native.default_algorithm(sid)
    t = A.ranged("threads", threads, 1, 64)
    p, q, c = A.data("P", P), A.data("Q", Q), A.flag("canonical", canonical)
    return _native.pair_parallel(sid, a, p, q, t, c)


def miller_loop(set_id: str, P: bytes, Q: bytes, alg: str | None = None) -> bytes:
    e = _bind(set_id, alg)
    p, q = A.data("P", P), A.data("Q", Q)
    return e().miller_loop(p, q)


def final_exponentiation(set_id: str, f: bytes, alg: str | None = None) -> bytes:
    e = _bind(set_id, alg)
    v = A.data("f", f)
    return e().final_exponentiation(v)


def multi_pair(
    set_id: str,
    P: Sequence[bytes] | np.ndarray,
    Q: Sequence[bytes] | np.ndarray,
    alg: str | None = None,
    canonical: bool = False,
    engine: str = "cpu",
) -> bytes:
    """prod_i e(P[i], Q[i]) with one shared Miller loop and one final exponentiation. ``engine="gpu"``
    (bn254, bls12-381; gpu/prime_batch.py): one Miller loop per pair on the device, their product by a
    tree of launches, one final exponentiation; the same bytes and errors, for batches of one encoding
    length per argument (as pair_batch's; uint8 arrays accepted)."""
    if engine not in ENGINES:
        raise InvalidArgumentError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")
    if engine == "gpu":
        canonical = A.flag("canonical", canonical)
        a = _alg(set_id, alg)
        prime = _gpu()[1]
        prime.check(set_id, a)
        if not isinstance(P, np.ndarray) and not isinstance(Q, np.ndarray) and len(P) != len(Q):
            raise EncodingError(f"batch inputs have different lengths: {len(P)} vs {len(Q)}")
        Pm, Qm = point_batches(set_id, P, Q)
        return prime.multi_pair(set_id, Pm, Qm, a, canonical)
    e = _bind(set_id, alg)
    ps, qs, c = A.data_list("P", P), A.data_list("Q", Q), A.flag("canonical", canonical)
    return e().multi_pair(ps, qs, c)


def pair_fixed(
    set_id: str, fixed: bytes, others: Sequence[bytes], fixed_is_p: bool = True, alg: str | None = None
) -> list[bytes]:
    """e(fixed, X) for every X in ``others`` (or e(X, fixed) with ``fixed_is_p=False``), the fixed
    point's Miller-loop lines precomputed once where the set has a preprocessed loop (typea-512:
    a fixed first argument; bn254/bls12-381: a fixed G2 point)."""
    e = _bind(set_id, alg)
    fx, os_, f = A.data("fixed", fixed), A.data_list("others", others), A.flag("fixed_is_p", fixed_is_p)
    return list(e().pair_fixed(fx, os_, f))


def hash_to_point(set_id: str, msg: bytes, dst: bytes, group: int = 1, compressed: bool = False) -> bytes:
    """RFC 9380 hash to G1/G2 (bls12-381: the BLS12381G{1,2}_XMD:SHA-256_SSWU_RO_ suites)."""
    return _native.hash_to_point(
        _sid(set_id), A.data("msg", msg), A.data("dst", dst), A.group(group), A.flag("compressed", compressed)
    )


def gt_one(set_id: str) -> bytes:
    """The identity of GT in the encoding of ``pair``/``multi_pair`` (test a pairing product against it)."""
    return _native.gt_one(_sid(set_id))


def asymmetric(set_id: str) -> bool:
    """Whether P and Q live in different groups (bn254, bls12-381)."""
    return bool(_native.asymmetric(_sid(set_id)))


def generator(set_id: str, group: int = 1) -> bytes:
    return _native.generator(_sid(set_id), A.group(group))


def point_mul(set_id: str, P: bytes, k: int | bytes, group: int = 1, compressed: bool = False) -> bytes:
    """k P for a non-negative integer k (or k as big-endian bytes) below 2^argcheck.MAX_SCALAR_BITS."""
    return _native.point_mul(
        _sid(set_id), A.data("P", P), A.scalar(k), A.flag("compressed", compressed), A.group(group)
    )


def point_add(set_id: str, P: bytes, Q: bytes, group: int = 1, compressed: bool = False) -> bytes:
    return _native.point_add(
        _sid(set_id), A.data("P", P), A.data("Q", Q), A.flag("compressed", compressed), A.group(group)
    )


def _as_matrix(set_id: str, pts, what: str) -> np.ndarray:
    if isinstance(pts, np.ndarray):
        if pts.dtype != np.uint8 or pts.ndim != 2:
            raise InvalidArgumentError(f"a batch of points ({what}) is a uint8 array of shape (n, point_length)")
        return np.ascontiguousarray(pts)
    pts = A.data_list(what, pts)
    if not pts:
        return np.zeros((0, _native.sizes(set_id)[1]), dtype=np.uint8)
    if len({len(p) for p in pts}) != 1:
        raise InvalidArgumentError(f"all points of a batch ({what}) must have the same encoding length")
    return np.frombuffer(b"".join(pts), dtype=np.uint8).reshape(len(pts), -1).copy()


def point_batches(
    set_id: str, P: np.ndarray | Sequence[bytes], Q: np.ndarray | Sequence[bytes]
) -> tuple[np.ndarray, np.ndarray]:
    """pair_batch's points, checked: P and Q as two contiguous uint8 arrays (n, point length) of the same n
    (each a uint8 array of that shape, or a sequence of equal-length encodings); the set must exist."""
    Pm, Qm = _as_matrix(_sid(set_id), P, "P"), _as_matrix(set_id, Q, "Q")
    if Pm.shape[0] != Qm.shape[0]:
        raise InvalidArgumentError(f"batch sizes differ: {Pm.shape[0]} points P vs {Qm.shape[0]} points Q")
    _native.sizes(set_id)  # UnknownSetError for an unknown id (after the points' own errors, as pair_batch had)
    return Pm, Qm


def pair_batch(
    set_id: str,
    P: np.ndarray | Sequence[bytes],
    Q: np.ndarray | Sequence[bytes],
    alg: str | None = None,
    canonical: bool = False,
    engine: str = "cpu",
) -> np.ndarray:
    """Pairings of P[i], Q[i]; returns a uint8 array (n, GT length). ``engine="cpu"``: every core
    (Rust); ``engine="gpu"``: the CUDA kernels (ss2-283 / ss2-1223 eta-t or eta-alg2, ss2-239
    eta-alg2; bn254 / bls12-381 optimal-ate or optimal-ate-reduced, inputs validated on the host),
    byte-identical to the CPU engine; GpuUnavailableError without CuPy or a device."""
    if engine not in ENGINES:
        raise InvalidArgumentError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")
    canonical = A.flag("canonical", canonical)
    Pm, Qm = point_batches(set_id, P, Q)
    if engine == "gpu":  # CUDA kernels for the registry's gpu sets (python/pairkit/gpu, docs/GPU.md)
        return _gpu()[0].pair_batch(set_id, Pm, Qm, _alg(set_id, alg), canonical)
    return _bind(set_id, alg)().pair_batch(Pm, Qm, canonical)


def _gpu():
    """pairkit.gpu.engine and pairkit.gpu.prime_batch, imported on first use (the CPU paths never load
    the GPU engine)."""
    from pairkit.gpu import engine, prime_batch

    return engine, prime_batch


def check_engine(set_id: str, alg: str | None = None, engine: str = "cpu") -> None:
    """Whether ``engine`` can pair on (set_id, alg), checked once before a batch and without any input:
    InvalidArgumentError for an unknown engine; for "gpu", GpuUnsupportedError for a set or algorithm
    it has no kernels for, GpuUnavailableError without CuPy or a CUDA device, GpuKernelBuildError if its
    kernels do not compile (they are built here, once, and cached for ``pair_batch``, which raises the
    same errors, but a caller that reads its pairs first would meet them only with the first pairs)."""
    if A.text("the engine", engine) not in ENGINES:
        raise InvalidArgumentError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")
    a = _engine(_sid(set_id), None if alg is None else A.text("the algorithm", alg)).alg  # set and algorithm known
    if engine == "gpu":  # the kernels of (set, alg) on the device: built once and cached for pair_batch
        eng, prime = _gpu()
        if prime.is_prime_set(set_id):
            eng.PrimeGpuKernels(set_id, a)
        else:
            eng.GpuKernels(set_id, a)


#: points per native call of random_points: the seeded stream is drawn in blocks of this many (block 0
#: seeded by the seed itself, block i > 0 by _block_seed), one call each, so Ctrl-C is honoured between
#: blocks (about 0.13 s each on the slowest set: ss3-353, 1 ms a point) and a prefix of the stream is the
#: same for every n
POINTS_BLOCK = 128


def _block_seed(seed: int, i: int) -> int:
    """The seed of block i of the stream of ``seed`` (block 0: the seed; then 64 bits of BLAKE2b)."""
    if i == 0:
        return seed
    return int.from_bytes(hashlib.blake2b(f"pairkit random_points {seed} {i}".encode(), digest_size=8).digest(), "big")


def iter_random_points(
    set_id: str, n: int, seed: int | None = None, compressed: bool = False, group: int = 1
) -> Iterator[list[bytes]]:
    """random_points as an iterator of blocks of up to ``POINTS_BLOCK`` points, one native call each (a
    caller may write each block out before the next is drawn). The arguments are checked at once."""
    import secrets

    n = A.count("the number of points n", n)
    s = secrets.randbits(64) if seed is None else A.seed(seed)
    sid, c, g = _sid(set_id), A.flag("compressed", compressed), A.group(group)
    first = list(_native.random_points(sid, min(n, POINTS_BLOCK), s, c, g))  # the set and group checked here

    def blocks() -> Iterator[list[bytes]]:
        if first:
            yield first
        for i, lo in enumerate(range(POINTS_BLOCK, n, POINTS_BLOCK), 1):
            yield list(_native.random_points(sid, min(POINTS_BLOCK, n - lo), _block_seed(s, i), c, g))

    return blocks()


def random_points(
    set_id: str, n: int, seed: int | None = None, compressed: bool = False, group: int = 1
) -> list[bytes]:
    """n random points of order r in ``group`` (a seeded, reproducible stream when ``seed`` is given:
    an integer in [0, 2^64)); n at most ``MAX_POINTS`` (LimitExceededError above it). Drawn in blocks of
    ``POINTS_BLOCK`` (iter_random_points), so Ctrl-C stops a large n within a block."""
    return [p for block in iter_random_points(set_id, n, seed, compressed, group) for p in block]


def decode_point(set_id: str, data: bytes, check_subgroup: bool = True, group: int = 1):
    """Validate an encoded point; returns (x, y) as ints (F_{p^2} coordinates as (c0, c1) pairs), or
    None for the point at infinity."""
    xy = _native.decode_point(
        _sid(set_id), A.data("the encoded point", data), A.flag("check_subgroup", check_subgroup), A.group(group)
    )
    if xy is None:
        return None

    n = _native.sizes(set_id)[0]

    def coord(b: bytes):
        if len(b) == n:
            return int.from_bytes(b, "big")
        return tuple(int.from_bytes(b[i : i + n], "big") for i in range(0, len(b), n))

    return coord(xy[0]), coord(xy[1])


def backend(set_id: str) -> str:
    """The arithmetic backend the set's engine uses (e.g. ``gf2m-vpclmul256``, ``gf3m-avx512``,
    ``mulx-adx``); ``PAIRKIT_GF2M_BACKEND`` / ``PAIRKIT_GF3M_BACKEND`` / ``PAIRKIT_FP_BACKEND`` pin it
    for a new process (ARCHITECTURE.md, ``src/cpu.rs``)."""
    return _native.backend(_sid(set_id))


def _gt_shape(set_id: str) -> tuple[int, int]:
    p = sets.get(_sid(set_id))
    k = p.gt_coords
    return p.nbytes, k


def split_gt(set_id: str, gt: bytes) -> list[int]:
    """GT bytes -> coordinates: four (ss2, basis {1, s, t, st}), six (ss3, 1, rho, rho^2, sigma,
    sigma rho, sigma rho^2; each the integer sum a_i 3^i), two (typea-512: a + b i) or twelve
    (bn254, bls12-381: the F_{p^12} tower order c0.c0.re, c0.c0.im, ..., c1.c2.im)."""
    n, k = _gt_shape(set_id)
    gt = A.data("the GT element", gt)
    if len(gt) != n * k:
        raise EncodingError(f"a {set_id} GT element is {n * k} bytes, got {len(gt)}")
    return [int.from_bytes(gt[i * n : (i + 1) * n], "big") for i in range(k)]


def join_gt(set_id: str, coords: Iterable[int]) -> bytes:
    """The inverse of split_gt (the coordinates are not checked against the field: see gt_mul)."""
    n, k = _gt_shape(set_id)
    try:
        items = list(coords)
    except TypeError:
        raise ArgumentTypeError(f"the GT coordinates must be a sequence of ints, got {type(coords).__name__}") from None
    cs = [A.integer(f"GT coordinate {i}", c) for i, c in enumerate(items)]
    if len(cs) != k:
        raise EncodingError(f"a {set_id} GT element has {k} coordinates, got {len(cs)}")
    for i, c in enumerate(cs):
        if not 0 <= c < 1 << (8 * n):
            raise EncodingError(f"GT coordinate {i} does not fit in {n} bytes")
    return b"".join(c.to_bytes(n, "big") for c in cs)


# -- the engine's other native entry points, for pairkit's own modules (bench, cli, gpu/bench,
# protocols): api.py is the only importer of pairkit._native but gpu/decode.py, which api.py's
# pair_batch(engine="gpu") reaches (tests/test_layering.py says why) --------------------------------
def native_sets() -> list[str]:
    """Ids of the parameter sets the native engine serves (the catalogue's, in registry order)."""
    return list(_native.sets())


def gt_pow(set_id: str, gt: bytes, k: int | bytes) -> bytes:
    """gt^k in GT for a non-negative integer k (or k as big-endian bytes)."""
    return _native.gt_pow(_sid(set_id), A.data("the GT element", gt), A.scalar(k))


def op_counts(set_id: str, alg: str | None = None) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Base-field operation counts of ``alg``'s Miller loop, measured by the Rust meter: (the second
    iteration, the whole loop), each a list of (kind, count) in the spec trace's kind names."""
    sid = _sid(set_id)
    return _native.op_counts(sid, _alg(sid, alg))


def bench_pair(set_id: str, alg: str | None = None, iters: int = 10) -> list[float]:
    """``iters`` timings in ns per pairing of ``alg``, measured in Rust on validated points (the
    engine's bench side, crates/pairkit-core/src/engine/bench.rs)."""
    sid = _sid(set_id)
    return list(_native.bench_pair(sid, _alg(sid, alg), A.count("iters", iters)))


def bench_field(set_id: str, op: str, iters: int = 10) -> list[float]:
    """``iters`` timings in ns per base-field operation ``op`` (a dependent chain), measured in Rust."""
    return list(_native.bench_field(_sid(set_id), A.text("the field operation", op), A.count("iters", iters)))


def bench_pair_prepared(set_id: str, iters: int = 100) -> list[float]:
    """``iters`` timings in ns per preprocessed pairing (the fixed argument's lines precomputed),
    where the set has one (UnknownAlgorithmError otherwise)."""
    return list(_native.bench_pair_prepared(_sid(set_id), A.count("iters", iters)))


def bench_multi_pair(set_id: str, n: int, iters: int = 50) -> list[float]:
    """``iters`` timings in ns per :func:`multi_pair` call over ``n`` validated pairs (the
    large-characteristic sets; UnknownAlgorithmError otherwise)."""
    return list(_native.bench_multi_pair(_sid(set_id), A.count("the number of pairs n", n), A.count("iters", iters)))


#: The BLS kernels of the Rust core (crates/pairkit-core/src/protocols, crates/pairkit-py/src/protocols.rs):
#: pairkit.protocols.bls implements the standard around them and checks their arguments first.
#: ``BlsPublicKey`` is a bls12-381 public key that passed KeyValidate, held natively as its point.
BlsPublicKey = _native.BlsPublicKey
#: ``BlsSignature`` is a bls12-381 signature that decoded to a point of the order-r subgroup, held natively.
BlsSignature = _native.BlsSignature
bls_verify = _native.bls_verify
bls_aggregate_verify = _native.bls_aggregate_verify
bls_fast_aggregate_verify = _native.bls_fast_aggregate_verify
bls_batch_verify = _native.bls_batch_verify
bls_sum_points = _native.bls_sum_points
