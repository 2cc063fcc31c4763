"""Batches beyond one machine: the batch paths on a Ray cluster.

``pair_batch``, BLS ``batch_verify`` and PEKS ``search`` cut their batch into chunks and send each
chunk to a Ray task that calls the same native engine as the local path; the results come back in
batch order, byte-identical to the local engine (``tests/test_distributed.py`` compares them).

- **Cluster.** ``connect(address=None, workers=None)`` joins an existing cluster (``address``:
  ``"auto"`` on a cluster node, ``"ray://head:10001"`` through Ray Client, or the head's
  ``"host:6379"``) or, without an address, starts a local one with ``workers`` CPUs (default: this
  machine's cores). Every function below calls it if no cluster is connected; ``shutdown()`` leaves.
- **Workers.** A task takes ``threads`` CPUs of the cluster (default 1) and runs the native engine
  on that many threads (``RAYON_NUM_THREADS`` in its runtime environment), so the tasks in flight
  never oversubscribe a node. ``threads`` above the CPUs of the largest live node (``ray.nodes()``)
  raises ``LimitExceededError`` before anything is sent: Ray would queue such a task forever.
- **Timeout.** ``timeout`` (seconds in (0, 1 week], default 600) bounds every wait for a chunk's
  result, counted from when the driver starts waiting for that chunk (after the chunks before it
  came back). A chunk with no result by then raises ``DistributedTimeoutError`` naming the call,
  the chunk's batch index and the limit. The tasks already sent are left to finish on the
  cluster, not cancelled (``ray.cancel`` racing a task that completes crashed the driver in Ray
  2.60.0).
- **Errors.** A bad element raises the local engine's typed error (same class and message) with
  the *global* batch index in ``index`` and in the message; as locally, the lowest bad index wins,
  P before Q at the same index. Argument errors are raised before anything is sent.
- **Failures.** A worker process that dies is retried by Ray (``max_retries`` per task, default 3);
  a chunk's result is only taken from the attempt that completed, so nothing is lost or repeated.
  A chunk that still fails raises ``DistributedError``.

Ray is an optional dependency (``pip install pairkit[ray]``); without it the functions raise
``DistributedUnavailableError``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from pairkit import api
from pairkit import argcheck as A
from pairkit import errors as E
from pairkit.errors import InvalidArgumentError, LimitExceededError, PairkitError
from pairkit.protocols import bls, peks

#: pairings per task by default: large enough that a task's overhead (a few ms) is small against
#: its work (bls12-381: ~1 ms per pairing per core), small enough to spread a batch over workers
DEFAULT_CHUNK = 1024
MAX_CHUNK = 1 << 20
DEFAULT_RETRIES = 3
#: seconds the driver waits for one chunk's result: a default chunk (1,024 bls12-381 pairings, ~1 s
#: per core) plus a fresh worker's start-up (seconds) fit many times over
DEFAULT_TIMEOUT = 600.0


class DistributedUnavailableError(PairkitError):
    """Ray is not installed (``pip install pairkit[ray]``) or the cluster cannot be reached."""


class DistributedError(PairkitError):
    """A chunk failed on the cluster after its retries (a worker died every time, or Ray failed)."""


class DistributedTimeoutError(DistributedError):
    """A chunk's result did not come back within ``timeout`` seconds (a busy or too small cluster,
    or a stuck worker); the message names the call, the chunk's batch index and the limit."""


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - exercised where ray is absent
        raise DistributedUnavailableError("pairkit.distributed needs Ray: pip install 'pairkit[ray]'") from exc
    return ray


def connect(address: str | None = None, workers: int | None = None) -> None:
    """Join the cluster at ``address``, or start a local one with ``workers`` CPUs (no address).
    Nothing happens if this process is already connected."""
    ray = _ray()
    if ray.is_initialized():
        return
    if address is not None:
        address = A.text("address", address)
    if workers is not None:
        workers = A.ranged("workers", workers, 1, 4096)
    kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address is None:
        kw["num_cpus"] = workers or os.cpu_count() or 1
    elif workers is not None:
        raise InvalidArgumentError("workers only sizes a local cluster; an existing cluster has its own")
    try:
        ray.init(address=address, **kw)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise DistributedUnavailableError(
            f"cannot start or reach the Ray cluster ({address or 'local'}): {exc}"
        ) from exc


def shutdown() -> None:
    """Leave the cluster (and stop it, if this process started it)."""
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()


def _plan(n: int, chunk: int | None) -> list[tuple[int, int]]:
    size = DEFAULT_CHUNK if chunk is None else A.ranged("chunk", chunk, 1, MAX_CHUNK)
    return [(lo, min(n, lo + size)) for lo in range(0, n, size)]


def _err_record(e: PairkitError) -> tuple[str, str, int | None]:
    return type(e).__name__, str(e), getattr(e, "index", None)


def _raise(rec: tuple[str, str, int | None], offset: int) -> None:
    """Re-raise a worker's error record as the local engine's class, its index made global."""
    name, msg, index = rec
    cls = getattr(E, name, None)
    if not (isinstance(cls, type) and issubclass(cls, PairkitError)):
        cls = PairkitError
    if index is None:
        raise cls(msg)
    g = offset + index
    prefix = f"batch item {index}: "
    err = cls(f"batch item {g}: {msg[len(prefix) :]}" if msg.startswith(prefix) else msg)
    err.index = g
    raise err


# ---- the tasks (module-level functions, so Ray pickles them by reference) ----------------------


#: fault injection for tests/test_distributed.py only (set it with monkeypatch, never in use): a path
#: whose absence makes the first task to run create it and kill its worker, so Ray must retry
_FAULT_MARKER: str | None = None


def _crash_once(marker: str | None) -> None:
    """Fault injection for the tests: the first attempt (no marker file yet) kills its worker."""
    if marker and not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(1)


def _pair_task(set_id: str, alg: str, canonical: bool, P: np.ndarray, Q: np.ndarray, crash: str | None):
    _crash_once(crash)
    try:
        return "ok", api.pair_batch(set_id, P, Q, alg=alg, canonical=canonical)
    except PairkitError as e:
        return "error", _err_record(e)


def _bls_task(variant: str, scheme: str, pks, msgs, sigs, bits: int, crash: str | None):
    _crash_once(crash)

    try:
        return "ok", bls.ciphersuite(variant, scheme).batch_verify(pks, msgs, sigs, bits)
    except PairkitError as e:
        return "error", _err_record(e)


def _peks_task(td: bytes, cts: list[bytes], set_id: str, allow_insecure: bool, crash: str | None):
    _crash_once(crash)

    try:
        return "ok", peks.search(td, cts, set_id=set_id, allow_insecure=allow_insecure)
    except PairkitError as e:
        return "error", _err_record(e)


def _largest_node_cpus(ray: Any) -> float:
    """The CPUs of the cluster's largest live node (0 if none is alive)."""
    return max((float(n.get("Resources", {}).get("CPU", 0)) for n in ray.nodes() if n.get("Alive")), default=0.0)


def _run(
    what: str,
    fn,
    chunks: list[tuple[int, int]],
    args_of,
    threads: int | None,
    retries: int | None,
    timeout: float | None,
) -> list:
    """Submit one task per chunk, then collect the results in batch order, each within ``timeout``."""
    ray = _ray()
    t = 1 if threads is None else A.ranged("threads", threads, 1, 256)
    r = DEFAULT_RETRIES if retries is None else A.ranged("retries", retries, 0, 100)
    wait = DEFAULT_TIMEOUT if timeout is None else A.seconds("timeout", timeout)
    connect()
    cpus = _largest_node_cpus(ray)
    if t > cpus:
        raise LimitExceededError(
            f"threads={t}: each task of {what} would take {t} CPUs, and the largest node of the "
            f"cluster has {cpus:g} (Ray would never schedule it)"
        )
    remote = ray.remote(fn).options(
        num_cpus=t, max_retries=r, retry_exceptions=False, runtime_env={"env_vars": {"RAYON_NUM_THREADS": str(t)}}
    )
    refs = [remote.remote(*args_of(lo, hi), _FAULT_MARKER) for lo, hi in chunks]
    out = []
    # The chunks after a failure are left to finish, not cancelled: ray.cancel racing a task that
    # completes crashed the driver in Ray 2.60.0 ("Tried to complete task that was not pending",
    # task_manager.cc), seen in tests/test_distributed.py.
    for (lo, _), ref in zip(chunks, refs):
        try:
            status, value = ray.get(ref, timeout=wait)
        except ray.exceptions.GetTimeoutError as exc:
            raise DistributedTimeoutError(
                f"{what}: the chunk at batch index {lo} gave no result within the timeout of {wait:g} s "
                "(the cluster is busy or too small, or a worker is stuck); its task was not cancelled"
            ) from exc
        except ray.exceptions.RayError as exc:
            raise DistributedError(f"the chunk at batch index {lo} failed on the cluster: {exc}") from exc
        if status == "error":
            _raise(value, lo)  # the chunks before it had no error: this is the lowest bad index
        out.append(value)
    return out


# ---- the batch paths -----------------------------------------------------------------------------


def pair_batch(
    set_id: str,
    P: np.ndarray | Sequence[bytes],
    Q: np.ndarray | Sequence[bytes],
    alg: str | None = None,
    canonical: bool = False,
    *,
    chunk: int | None = None,
    threads: int | None = None,
    retries: int | None = None,
    timeout: float | None = None,
) -> np.ndarray:
    """``api.pair_batch`` on the cluster: a uint8 array (n, GT length), byte-identical to the local
    engine's. ``chunk`` pairings per task (default 1024), ``threads`` CPUs and native threads per
    task (default 1; at most the CPUs of the cluster's largest node), ``retries`` per task when its
    worker dies (default 3), ``timeout`` seconds to wait for each chunk's result (default 600)."""
    sid = A.text("the set id", set_id)
    a = api.default_algorithm(sid) if alg is None else A.text("the algorithm", alg)
    canonical = A.flag("canonical", canonical)
    Pm, Qm = api.point_batches(sid, P, Q)
    chunks = _plan(Pm.shape[0], chunk)
    if not chunks:
        return api.pair_batch(sid, Pm, Qm, alg=a, canonical=canonical)  # the empty batch's shape
    parts = _run(
        "pair_batch",
        _pair_task,
        chunks,
        lambda lo, hi: (sid, a, canonical, Pm[lo:hi], Qm[lo:hi]),
        threads,
        retries,
        timeout,
    )
    return np.concatenate(parts, axis=0)


def bls_batch_verify(
    pks,
    messages,
    signatures,
    variant: str = "min-pk",
    scheme: str = "basic",
    bits: int | None = None,
    *,
    chunk: int | None = None,
    threads: int | None = None,
    retries: int | None = None,
    timeout: float | None = None,
) -> bool:
    """``Ciphersuite.batch_verify`` on the cluster: each chunk is one random-linear-combination
    batch (its own random coefficients, drawn on its worker), True only if every chunk is. A batch
    with an invalid triple passes with probability at most 2^-(bits-1), as locally; an empty batch is
    False."""
    suite = bls.ciphersuite(variant, scheme)
    pks, msgs, sigs = suite.batch_triples(pks, messages, signatures)
    b = bls.MIN_BATCH_BITS if bits is None else A.integer("bits", bits)
    if not bls.MIN_BATCH_BITS <= b <= 256:
        raise InvalidArgumentError(f"bits must be in [{bls.MIN_BATCH_BITS}, 256], got {b}")
    if not pks:
        return False  # no signature: invalid, as Ciphersuite.batch_verify of an empty batch
    chunks = _plan(len(pks), chunk)
    verdicts = _run(
        "bls_batch_verify",
        _bls_task,
        chunks,
        lambda lo, hi: (variant, scheme, pks[lo:hi], msgs[lo:hi], sigs[lo:hi], b),
        threads,
        retries,
        timeout,
    )
    return all(verdicts)


def peks_search(
    trapdoor,
    ciphertexts: Sequence[bytes],
    set_id: str | None = None,
    allow_insecure: bool = False,
    *,
    chunk: int | None = None,
    threads: int | None = None,
    retries: int | None = None,
    timeout: float | None = None,
) -> list[bool]:
    """``peks.search`` on the cluster: one verdict per ciphertext, in order."""
    sid = peks.SET if set_id is None else set_id
    peks.check_set(sid, allow_insecure)
    td = peks.check_trapdoor(trapdoor)
    cts = A.data_list("ciphertexts", ciphertexts)
    chunks = _plan(len(cts), chunk)
    parts = _run(
        "peks_search",
        _peks_task,
        chunks,
        lambda lo, hi: (td, cts[lo:hi], sid, allow_insecure),
        threads,
        retries,
        timeout,
    )
    return [v for part in parts for v in part]
