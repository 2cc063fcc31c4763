"""Bounded fuzzing in CI: every decoder and parser gets hostile bytes and text and must
answer with a value or a ``pairkit.errors`` subclass -- never another exception, never a wrong
acceptance. ``make fuzz`` runs the same properties with many more cases (``PAIRKIT_FUZZ_EXAMPLES``),
with the other files' fuzz properties (tests/fuzzbudget.py: the budgets and the ``fuzz`` mark).
Inputs that once failed are kept as ``@example`` regression cases."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from fuzzbudget import budget
from pairkit import _native, api
from pairkit.cli import batch as batch_io
from pairkit.errors import LimitExceededError, PairkitError

pytestmark = pytest.mark.fuzz  # every property here; `make fuzz` runs them at its nightly budget
FUZZ = budget(1000)  # PAIRKIT_FUZZ_EXAMPLES cases per property (tests/fuzzbudget.py)
SETS = list(_native.sets())


def _lengths(set_id: str) -> list[int]:
    el, unc, comp, gt = _native.sizes(set_id)
    base = {0, 1, el, unc, comp, gt, 2 * unc, 2 * comp}
    return sorted({n + d for n in base for d in (-1, 0, 1) if n + d >= 0})


@st.composite
def encodings(draw, set_id: str):
    """Bytes of a plausible length: random, or a valid encoding with a few bytes or flag bits changed."""
    group = draw(st.sampled_from([1, 2] if api.asymmetric(set_id) else [1]))
    if draw(st.booleans()):
        n = draw(st.sampled_from(_lengths(set_id)))
        return group, draw(st.binary(min_size=n, max_size=n))
    good = bytearray(
        api.random_points(set_id, 1, seed=draw(st.integers(0, 2**32)), compressed=draw(st.booleans()), group=group)[0]
    )
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(good) - 1))
        good[i] ^= draw(st.integers(1, 255))
    return group, bytes(good)


@pytest.mark.parametrize("set_id", SETS)
def test_decode_point_accepts_only_what_it_can_use(set_id):
    g2 = api.generator(set_id, 2) if api.asymmetric(set_id) else api.generator(set_id, 1)
    g1 = api.generator(set_id, 1)

    @FUZZ
    @given(encodings(set_id))
    def prop(case):
        group, data = case
        try:
            xy = api.decode_point(set_id, data, group=group)
        except PairkitError:
            return
        if xy is None:  # the point at infinity: its encoding and nothing else
            return
        # an accepted point is usable: it pairs (typed errors only) with the other group's generator
        P, Q = (data, g2) if group == 1 else (g1, data)
        api.pair(set_id, P, Q)

    prop()


@pytest.mark.parametrize("set_id", ["ss2-283", "ss3-97", "bn254"])
def test_pair_on_hostile_bytes_is_typed(set_id):
    @FUZZ
    @given(st.binary(max_size=300), st.binary(max_size=300))
    def prop(P, Q):
        try:
            api.pair(set_id, P, Q)
        except PairkitError:
            pass

    prop()


@FUZZ
@given(st.binary(max_size=2000))
@example(b"\xff\xfe 00\n")
@example(b"\n\n\r\n 0x 0x\n")
@example(b"00 " + b"0" * 70000 + b"\n00 00")
def test_pair_batch_parser_never_escapes_the_contract(data):
    out = io.StringIO()
    try:
        batch_io.pair_stream("ss2-7", "eta-t", io.BytesIO(data), "fuzz", out, keep_going=True, as_json=True)
    except PairkitError:
        pass
    import json

    json.loads(out.getvalue())  # valid JSON whatever the input


class _Pieces(io.RawIOBase):
    """A stream that returns its bytes in the given piece sizes (a pipe's partial reads)."""

    def __init__(self, data: bytes, sizes: list):
        self.data, self.sizes, self.i = data, sizes or [1], 0

    def read1(self, n: int = -1) -> bytes:
        k = min(n, self.sizes[self.i % len(self.sizes)])
        self.i += 1
        out, self.data = self.data[:k], self.data[k:]
        return out


@FUZZ
@given(
    st.binary(max_size=3000).map(lambda b: b.replace(b"\x00", b"\n")), st.integers(0, 40), st.lists(st.integers(1, 50))
)
def test_line_reader_splits_like_split_whatever_the_pieces(data, limit, sizes):
    """cli/lines.py gives the lines of data.split(b"\n") (no empty last line after a final newline), each
    numbered from 1, every one longer than the limit a LimitExceededError, whatever the read sizes."""
    from pairkit.cli import lines as L

    want = data.split(b"\n")
    if want and want[-1] == b"":
        want.pop()
    src = L.Lines(_Pieces(data, sizes), "fuzz", limit)
    got = []
    while (item := src.next()) is not None:
        got.append(item)
    assert [n for n, _ in got] == list(range(1, len(want) + 1))
    for (n, x), w in zip(got, want):
        if len(w) > limit:
            assert isinstance(x, LimitExceededError) and x.line == n
        else:
            assert x == w


@FUZZ
@given(st.text(max_size=400))
@example("add r0, r1, r2\nmul r3 r0\n")
@example(".const k0 0x\nloop: jdec c9, loop\n")
def test_processor_assembler_never_escapes_the_contract(text):
    from pairkit.hw.proc import asm

    try:
        asm.assemble(text)
    except PairkitError:
        pass


def test_every_fuzz_harness_scales_with_the_nightly_budget():
    """The files `make fuzz` names take their hypothesis budgets from tests/fuzzbudget.py (so the nightly run
    scales them) and set none of their own; each names at least one fuzz property."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    make = (root / "Makefile").read_text()
    files = re.search(r"^FUZZ_FILES = (.+)$", make, re.M).group(1).split()
    assert "tests/test_fuzz.py" in files and "-m fuzz $(FUZZ_FILES)" in make
    for f in files:
        text = (root / f).read_text()
        assert not re.search(r"^\s*@settings\(|=\s*settings\(", text, re.M), f"{f}: a budget of its own"
        assert "from fuzzbudget import" in text and ("@fuzz(" in text or "pytestmark = pytest.mark.fuzz" in text), f
