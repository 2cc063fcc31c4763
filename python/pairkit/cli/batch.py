"""`pairkit pair-batch` as a stream: lines ``P Q`` (hex) in, one GT element (hex) per line out.

The input is read, paired and written in bounded chunks, so memory does not grow with the input and
the first results appear at once; Python checks for Ctrl-C between chunks, whose size adapts so that
one chunk takes about a quarter of a second (from 64 to 8,192 pairs). The lines come from
``cli/lines.py`` (shared by every batch command): a chunk ends early when the input pauses, so a slow
producer gets the results of the lines it wrote within ``lines.HOLD`` seconds plus their pairing, and a
line longer than ``MAX_LINE`` bytes is a ``LimitExceededError`` read no further than the limit. Errors
name the physical line (counted from 1, blank lines included). Two modes:

* **fail-fast** (default): the first bad line stops the run with its typed error (exit 2); the output
  then holds exactly the results of the lines before it, each complete — no record of the bad line
  or of any line after it (``--json``: the object is closed with an ``error`` member, so it stays
  valid JSON).
* **keep-going** (``--keep-going``): a bad line writes an error record in its place
  (``error: line N: <Type>: <message>``; ``--json``: ``null`` in ``gt`` and an entry of ``errors``)
  and the run goes on; at the end, if any line failed, a ``BatchError`` naming the count and the first
  bad line (exit 2).
"""

from __future__ import annotations

import functools
import time
from typing import BinaryIO, Callable, TextIO, cast

from pairkit import api
from pairkit.cli.lines import JsonArray, Lines, at_line, decode
from pairkit.errors import (
    BatchError,
    EncodingError,
    GpuKernelBuildError,
    GpuUnavailableError,
    GpuUnsupportedError,
    PairkitError,
)

#: the engine's own failures: never a line's error, never retried line by line (the CLI checks the
#: engine before reading; a device lost mid-run still stops the run, --keep-going or not)
ENGINE_ERRORS = (GpuUnavailableError, GpuKernelBuildError, GpuUnsupportedError)
MAX_LINE = 1 << 16  # bytes per input line (two hex points of the largest set fit many times)
MIN_CHUNK, MAX_CHUNK = 64, 8192
CHUNK_SECONDS = 0.25


def parse_hex(s: str) -> bytes:
    """Bytes from hex text (an optional 0x, surrounding space); EncodingError if it is not hex."""
    s = s.strip().lower()
    s = s[2:] if s.startswith("0x") else s
    try:
        return bytes.fromhex(s)
    except ValueError:
        raise EncodingError(f"malformed hex: {s[:40]!r}") from None


def _pq(name: str, n: int, raw) -> tuple | None:
    """(line number, P, Q) for a line of two hex points, None for a blank line, (line number, None, error)
    for any other line (over-long, not UTF-8, not two hex points)."""
    if isinstance(raw, PairkitError):
        return n, None, raw
    try:
        text = decode(name, n, raw)
    except EncodingError as e:
        return n, None, e
    fields = text.split()
    if not fields:
        return None
    if len(fields) != 2:
        return n, None, at_line(EncodingError, name, n, f"expected two hex points `P Q`, got {len(fields)} fields")
    try:
        P, Q = parse_hex(fields[0]), parse_hex(fields[1])
    except EncodingError as e:
        return n, None, at_line(EncodingError, name, n, str(e))
    if not P or not Q:
        return n, None, at_line(EncodingError, name, n, "an empty point (no hex digits)")
    return n, P, Q


def _relabel(e: PairkitError, name: str, line: int) -> PairkitError:
    """The engine's error for one pair, its message naming the input line instead of the batch index."""
    msg = str(e)
    if msg.startswith("batch item ") and ": " in msg:
        msg = msg.split(": ", 1)[1]
    return at_line(type(e), name, line, msg)


def _first_bad(pending: list, err: PairkitError, pair: Callable) -> tuple:
    """The index of the first pair that fails alone, and its error (``err`` for the first if none does)."""
    for i, (_, p, q) in enumerate(pending):
        try:
            pair([p], [q])
        except ENGINE_ERRORS:
            raise
        except PairkitError as e:
            return i, e
    return 0, err


def _record(e: PairkitError) -> dict:
    return {"line": e.line, "type": type(e).__name__, "message": e.detail}


class _Writer:
    """Text (one hex GT per line) or one streamed JSON object (``gt``, then ``error`` or ``errors``)."""

    def __init__(self, out: TextIO, as_json: bool, header: dict):
        self.out, self.as_json = out, as_json
        self.errors: list = []
        self.j = JsonArray(out, header, "gt")

    def result(self, gt: bytes | None) -> None:
        if self.as_json:
            self.j.add(gt.hex() if gt is not None else None)
        else:
            self.out.write(cast(bytes, gt).hex() + "\n")  # text mode never writes a null

    def error(self, e: PairkitError) -> None:
        """keep-going: the error record of a bad line, in its place."""
        if self.as_json:
            self.result(None)
            self.errors.append(_record(e))
        else:
            self.out.write(f"error: line {e.line}: {type(e).__name__}: {e.detail}\n")

    def close(self, fail_fast_error: dict | None = None) -> None:
        if self.as_json:
            self.j.close({"error": fail_fast_error} if fail_fast_error is not None else {"errors": self.errors})
        self.out.flush()


class _Run:
    """One pair-batch run: the writer, the counts, and the well-formed lines waiting to be paired."""

    def __init__(self, name: str, w: _Writer, keep_going: bool, pair: Callable):
        self.name, self.w, self.keep_going, self.pair = name, w, keep_going, pair  # pair(P list, Q list)
        self.pending: list = []  # (line, P, Q) since the last write
        self.done = self.bad = 0
        self.first_bad: int | None = None

    def failed(self, err: PairkitError) -> None:
        """A bad line: stop (fail-fast) or write its record and go on."""
        if not self.keep_going:
            raise _Stop(err)
        self.w.error(err)
        self.bad, self.first_bad = self.bad + 1, self.first_bad or err.line

    def write(self, rows: list) -> None:
        for g in self.pair([p for _, p, _ in rows], [q for _, _, q in rows]):
            self.w.result(bytes(g))
        self.done += len(rows)

    def flush(self) -> None:
        """Pair the pending lines in order; a bad one ends its run of results and is handled as failed."""
        pending = self.pending
        while pending:
            try:
                gts = self.pair([p for _, p, _ in pending], [q for _, _, q in pending])
            except ENGINE_ERRORS:
                raise
            except PairkitError as e:
                i = getattr(e, "index", None)
                if i is None or not 0 <= i < len(pending):  # not named by the engine: find it
                    i, e = _first_bad(pending, e, self.pair)
                if i:  # the lines before the bad one, in order
                    self.write(pending[:i])
                line = pending[i][0]
                del pending[: i + 1]
                self.failed(_relabel(e, self.name, line))
                continue
            for g in gts:
                self.w.result(bytes(g))
            self.done += len(pending)
            pending.clear()


def pair_stream(
    set_id: str,
    alg: str,
    stream: BinaryIO,
    name: str,
    out: TextIO,
    *,
    canonical: bool = False,
    engine: str = "cpu",
    keep_going: bool = False,
    as_json: bool = False,
    header: dict | None = None,
    pair_batch: Callable = api.pair_batch,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Pair every line of ``stream``; returns the number of pairs written. Raises the first bad line's
    error (fail-fast) or, with ``keep_going``, a BatchError at the end if any line failed. ``progress``, if
    given, is called after each chunk with the number of lines handled (written or failed) so far."""

    def pair(P: list, Q: list):
        return pair_batch(set_id, P, Q, alg=alg, canonical=canonical, engine=engine)

    w = _Writer(out, as_json, header or {})
    run = _Run(name, w, keep_going, pair)
    size = [MIN_CHUNK]
    src = Lines(stream, name, MAX_LINE)
    for chunk in src.chunks(functools.partial(_pq, name), lambda: size[0]):
        t = time.perf_counter()
        try:
            for line, P, Q in chunk:
                if P is None:  # a malformed line: pair what came before it, then the error
                    run.flush()
                    run.failed(Q)
                    continue
                run.pending.append((line, P, Q))
            run.flush()
        except _Stop as s:
            w.close(_record(s.error))
            raise s.error from None
        except ENGINE_ERRORS as e:
            w.close({"line": None, "type": type(e).__name__, "message": str(e)})
            raise
        out.flush()
        if progress is not None:
            progress(run.done + run.bad)
        dt = time.perf_counter() - t
        if len(chunk) < size[0]:  # a chunk the input's pause cut short says nothing of the pairing rate
            continue
        if dt < CHUNK_SECONDS / 2 and size[0] < MAX_CHUNK:
            size[0] *= 2
        elif dt > CHUNK_SECONDS * 2 and size[0] > MIN_CHUNK:
            size[0] //= 2
    w.close()
    if run.bad:
        raise BatchError(
            f"{run.bad} of {run.done + run.bad} lines failed (first: line {run.first_bad}); their error "
            "records are in the output"
        )
    return run.done


class _Stop(Exception):
    def __init__(self, error: PairkitError):
        super().__init__(str(error))
        self.error = error
