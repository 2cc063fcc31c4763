"""Batch decoding and validation on the CPU, through the Rust core (``_native.decode_point``:
length, canonical field elements, curve equation, order-r subgroup). A bad element is reported
with its argument and index ("P[17]: point is not on the curve") as the typed error the core
raised, with ``.index`` set, like the CPU engine's batch errors."""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .. import _native
from ..errors import PairkitError, PointAtInfinityError

# Points per task: the subgroup check costs ~17 us (ss2-283) to ~56 us (ss2-1223) per point on
# one core (decode_point releases the GIL), so the batch is decoded on every core.
CHUNK = 4096


def _decode_rows(set_id: str, name: str, rows: np.ndarray, start: int):
    xs, ys = [], []
    for k, row in enumerate(rows):
        i = start + k
        try:
            xy = _native.decode_point(set_id, row.tobytes(), True, 1)
        except PairkitError as e:
            err = type(e)(f"{name}[{i}]: {e}")
            err.index = i
            raise err from None
        if xy is None:
            err = PointAtInfinityError(f"{name}[{i}]: the point at infinity is not allowed here")
            err.index = i
            raise err
        xs.append(xy[0])
        ys.append(xy[1])
    return xs, ys


def decode(set_id: str, name: str, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n, point length) uint8 -> the x and y coordinates as (n, ceil(m/8)) uint8 arrays; raises the
    first bad element's typed error (lowest index) with the argument name and index."""
    n = pts.shape[0]
    nbytes = _native.sizes(set_id)[0]
    starts = list(range(0, n, CHUNK))
    workers = max(1, min(len(starts), os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as ex:
        futs = [ex.submit(_decode_rows, set_id, name, pts[s:s + CHUNK], s) for s in starts]
        parts = [f.result() for f in futs]  # in order: the first failing chunk raises first
    x = np.frombuffer(b"".join(b for xs, _ in parts for b in xs), dtype=np.uint8).reshape(n, nbytes)
    y = np.frombuffer(b"".join(b for _, ys in parts for b in ys), dtype=np.uint8).reshape(n, nbytes)
    return x, y
