"""The device layout kernels (kernels/layout.cuh: pk_rows_to_words, pk_words_to_rows), executed on
the host, equal the numpy reference (pairkit.gpu.layout.pack / unpack) on random byte rows."""

import numpy as np
import pytest

from pairkit import sets
from pairkit.gpu import layout
from pairkit.gpu.host import HostKernels

ALGS = {"ss2-283": "eta-t", "ss2-1223": "eta-t", "ss2-239": "eta-alg2"}
_cache = {}


def kernels(set_id, block):
    if (set_id, block) not in _cache:
        _cache[set_id, block] = HostKernels(set_id, ALGS[set_id], block)
    return _cache[set_id, block]


def random_rows(m, n, seed):
    """n rows of 4 random field elements (< 2^m), each big-endian in ceil(m/8) bytes."""
    nb = (m + 7) // 8
    rows = np.random.default_rng(seed).integers(0, 256, (n, 4, nb), dtype=np.uint8)
    rows[:, :, 0] &= (1 << (m - 8 * (nb - 1))) - 1
    return rows.reshape(n, 4 * nb)


def split(rows):
    nb = rows.shape[1] // 4
    return [np.ascontiguousarray(rows[:, c * nb : (c + 1) * nb]) for c in range(4)]


@pytest.mark.parametrize("set_id", list(ALGS))
@pytest.mark.parametrize("n", [1, 33, 100])
def test_layout_kernels_equal_pack_and_unpack(set_id, n):
    m = sets.get(set_id).m
    rows = random_rows(m, n, n * 1000 + m)
    for block in (32, 7):
        k = kernels(set_id, block)
        words = k.convert("rows_to_words", rows, n)
        assert words.dtype == np.uint32 and (words == layout.pack(split(rows), m)).all()
        other = layout.pack(split(random_rows(m, n, n + m)), m)  # any word-major GT values
        back = k.convert("words_to_rows", other, n)
        assert back.shape == (n, rows.shape[1]) and (back == layout.unpack(other, m, n)).all()
        assert (k.convert("words_to_rows", words, n) == rows).all()


def test_the_gt_row_byte_order():
    """c0 || c1 || c2 || c3, each coordinate big-endian in 36 bytes for m = 283 (bit k of c in
    word k // 32 of the word-major layout)."""
    k, n = kernels("ss2-283", 32), 2
    words = np.zeros((4, 9, n), np.uint32)
    words[2, 0, 1] = 0x01020304  # c2 of instance 1 = 0x01020304
    words[1, 8, 0] = 1 << 26  # c1 of instance 0 = x^282, the top bit of a field element
    rows = k.convert("words_to_rows", words.reshape(-1), n)
    want = np.zeros((n, 144), np.uint8)
    want[1, 2 * 36 + 32 : 3 * 36] = [1, 2, 3, 4]
    want[0, 36] = 0x04  # 282 = 8 * 35 + 2: bit 2 of byte 0 of c1
    assert (rows == want).all()


@pytest.mark.parametrize("set_id", list(ALGS))
def test_bits_at_or_above_x_m_are_dropped(set_id):
    """A row the host rejected is handed over unchanged: the kernel keeps it a field element."""
    m = sets.get(set_id).m
    rows = np.full((3, 4 * ((m + 7) // 8)), 0xFF, np.uint8)  # the point at infinity, twice
    words = kernels(set_id, 32).convert("rows_to_words", rows, 3).reshape(4, -1, 3)
    top = m - 32 * (words.shape[1] - 1)
    assert (words[:, -1] == (1 << top) - 1).all() and (words[:, :-1] == 0xFFFFFFFF).all()
