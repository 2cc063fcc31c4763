"""The kernels' word layout (kernels/batch.cu): field elements as PK_W little-endian 32-bit words,
word-major over the batch ("structure of arrays"): word j of coordinate c of instance i sits at
index (c * W + j) * n + i, so a warp's 32 lanes touch 32 consecutive words per load."""

from __future__ import annotations

import numpy as np

from pairkit.gpu.source import WORD_BITS, words

WORD_BYTES = WORD_BITS // 8


def pack(coords: list[np.ndarray], m: int) -> np.ndarray:
    """Big-endian field-element bytes, one (n, ceil(m/8)) uint8 array per coordinate, -> the flat
    uint32 array of len(coords) * W * n words."""
    w = words(m)
    n = coords[0].shape[0]
    out = np.empty((len(coords), w, n), dtype=np.uint32)
    for c, a in enumerate(coords):
        padded = np.zeros((n, w * WORD_BYTES), dtype=np.uint8)
        padded[:, w * WORD_BYTES - a.shape[1] :] = a
        be = padded.view(">u4")  # (n, w): most significant word first
        out[c] = be[:, ::-1].astype(np.uint32).T
    return out.reshape(-1)


def unpack(flat: np.ndarray, m: int, n: int, ncoords: int = 4) -> np.ndarray:
    """The inverse of :func:`pack` for ncoords coordinates: (n, ncoords * ceil(m/8)) uint8, each
    coordinate big-endian (the GT encoding c0||c1||c2||c3)."""
    w, nbytes = words(m), (m + 7) // 8
    a = np.asarray(flat, dtype=np.uint32).reshape(ncoords, w, n).transpose(2, 0, 1)[:, :, ::-1]
    be = np.ascontiguousarray(a.astype(">u4")).view(np.uint8).reshape(n, ncoords, w * WORD_BYTES)
    return np.ascontiguousarray(be[:, :, w * WORD_BYTES - nbytes :]).reshape(n, ncoords * nbytes)
