"""`pairkit pair-batch` as a stream: physical line numbers, fail-fast and keep-going
modes, valid JSON in both, bounded chunks, and the results equal to `api.pair` line by line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from pairkit import api
from pairkit.cli import batch as batch_io
from pairkit.errors import BatchError, EncodingError, LimitExceededError, NotOnCurveError, PointAtInfinityError

SID = "ss2-283"


@pytest.fixture(scope="module")
def data():
    P, Q = api.random_points(SID, 6, seed=5), api.random_points(SID, 6, seed=6)
    good = [f"{p.hex()} {q.hex()}" for p, q in zip(P, Q)]
    want = [api.pair(SID, p, q).hex() for p, q in zip(P, Q)]
    inf = "ff" * len(P[0])
    off = (bytes([P[0][0] ^ 1]) + P[0][1:]).hex()  # x flipped: (almost surely) off the curve
    # lines: 1 good0, 2 blank, 3 good1, 4 infinity, 5 malformed, 6 good2, 7 off-curve, 8 good3
    lines = [good[0], "", good[1], f"{inf} {Q[0].hex()}", "zz 11", good[2], f"{off} {Q[1].hex()}", good[3]]
    return "\n".join(lines) + "\n", want


def _run(text, **kw):
    out = io.StringIO()
    n = batch_io.pair_stream(SID, "eta-t", io.BytesIO(text.encode()), "stdin", out, **kw)
    return n, out.getvalue()


def test_fail_fast_writes_exactly_the_lines_before_the_bad_one(data):
    text, want = data
    out = io.StringIO()
    with pytest.raises(PointAtInfinityError, match="stdin line 4: "):
        batch_io.pair_stream(SID, "eta-t", io.BytesIO(text.encode()), "stdin", out)
    assert out.getvalue().split() == want[:2]
    out = io.StringIO()
    with pytest.raises(PointAtInfinityError) as e:
        batch_io.pair_stream(SID, "eta-t", io.BytesIO(text.encode()), "stdin", out, as_json=True, header={"set": SID})
    j = json.loads(out.getvalue())  # still one valid JSON object
    assert j["gt"] == want[:2] and j["error"] == {"line": 4, "type": "PointAtInfinityError", "message": e.value.detail}


def test_keep_going_writes_an_error_record_per_bad_line(data):
    text, want = data
    out = io.StringIO()
    with pytest.raises(BatchError, match="3 of 7 lines failed .first: line 4"):
        batch_io.pair_stream(SID, "eta-t", io.BytesIO(text.encode()), "stdin", out, keep_going=True)
    rows = out.getvalue().splitlines()
    assert [r for r in rows if not r.startswith("error:")] == want[:4]
    assert rows[2].startswith("error: line 4: PointAtInfinityError: ")
    assert rows[3].startswith("error: line 5: EncodingError: malformed hex")
    assert rows[5].startswith("error: line 7: NotOnCurveError: ")
    out = io.StringIO()
    with pytest.raises(BatchError):
        batch_io.pair_stream(SID, "eta-t", io.BytesIO(text.encode()), "stdin", out, keep_going=True, as_json=True)
    j = json.loads(out.getvalue())
    assert j["gt"] == [want[0], want[1], None, None, want[2], None, want[3]]
    assert [(x["line"], x["type"]) for x in j["errors"]] == [
        (4, "PointAtInfinityError"),
        (5, "EncodingError"),
        (7, "NotOnCurveError"),
    ]


def test_chunks_adapt_and_results_stay_in_order(monkeypatch):
    P, Q = api.random_points(SID, 300, seed=7), api.random_points(SID, 300, seed=8)
    text = "".join(f"{p.hex()} {q.hex()}\n" for p, q in zip(P, Q))
    calls = []

    def spy(*a, **k):
        calls.append(len(a[1]))
        return api.pair_batch(*a, **k)

    monkeypatch.setattr(batch_io, "MIN_CHUNK", 16)
    out = io.StringIO()
    assert batch_io.pair_stream(SID, "eta-t", io.BytesIO(text.encode()), "stdin", out, pair_batch=spy) == 300
    assert max(calls) <= batch_io.MAX_CHUNK and calls[0] == 16 and len(calls) > 1
    assert out.getvalue().split() == [bytes(g).hex() for g in api.pair_batch(SID, P, Q)]


@pytest.mark.parametrize(
    "line,etype,what",
    [
        (b"\xff\xfe 00\n", EncodingError, "not UTF-8 text"),
        (b"00 " + b"0" * (1 << 17) + b"\n", LimitExceededError, "longer than 65,536 bytes"),
        (b"00\n", EncodingError, "expected two hex points"),
    ],
)
def test_malformed_lines_are_named(line, etype, what):
    with pytest.raises(etype, match=f"f line 2: {what}"):
        batch_io.pair_stream(SID, "eta-t", io.BytesIO(b"\n" + line), "f", io.StringIO())


def test_the_cli_streams_and_keeps_going(data):
    text, want = data
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", "pair-batch", "--set", SID, "--keep-going"],
        input=text,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 2 and "BatchError" in p.stderr and "Traceback" not in p.stderr
    assert [r for r in p.stdout.splitlines() if not r.startswith("error:")] == want[:4]
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", "pair-batch", "--set", SID],
        input=text,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 2 and "stdin line 4" in p.stderr and p.stdout.split() == want[:2]
    assert NotOnCurveError  # imported for the record types above
