"""The input of every batch command (``pair-batch``, ``bls batch-verify``, ``peks encrypt|test``) as a
stream of lines, so that no command holds more than a bounded part of its input:

* lines are read in blocks of ``BLOCK`` bytes and numbered physically (from 1, blank lines counted);
* a line longer than the command's limit is a ``LimitExceededError`` naming it, returned as soon as
  ``limit + 1`` bytes of it are read; the rest of it is skipped as it is read, never held (memory stays
  within the limit plus one block whatever the line's length);
* ``Lines.chunks`` groups the parsed lines into chunks of a size the caller chooses, and ends a chunk early
  when the input pauses (a pipe or terminal with no data for up to ``HOLD`` seconds while lines are
  waiting), so that a slow producer sees the results of the lines it has written at once, not when the
  next chunk fills or the input closes.

Ctrl-C interrupts a wait or a read (``KeyboardInterrupt``; the CLI's ``main`` turns it into exit 130).
"""

from __future__ import annotations

import io
import json
import os
import select
import stat
import time
from typing import BinaryIO, Callable, Iterator, TextIO

from pairkit.errors import EncodingError, FileAccessError, LimitExceededError, PairkitError

BLOCK = 1 << 16  # bytes per read
HOLD = 0.1  # seconds a parsed line may wait for more input before its chunk is handled
PAUSED = object()  # Lines.next: no complete line arrived within the wait


def at_line(etype: type, name: str, line: int, detail: str) -> PairkitError:
    """An error of ``etype`` about line ``line`` of input ``name`` (``.line``, ``.detail`` kept for records)."""
    e = etype(f"{name} line {line}: {detail}")
    e.line, e.detail = line, detail
    return e


def decode(name: str, line: int, raw: bytes) -> str:
    """Line ``line`` of input ``name`` as text; an EncodingError naming the line and the first byte that is
    not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise at_line(
            EncodingError, name, line, f"not UTF-8 text (byte {raw[e.start]:#04x} at column {e.start + 1})"
        ) from None


def text_line(name: str, line: int, raw) -> str | None:
    """A line from :meth:`Lines.chunks` as stripped text; None for a blank line or a ``#`` comment. The
    reader's error for the line (``raw`` an exception: over-long, unreadable) and decode's are raised."""
    if isinstance(raw, Exception):
        raise raw
    text = decode(name, line, raw).strip()
    return None if not text or text.startswith("#") else text


def _pollable(stream: BinaryIO) -> int | None:
    """The descriptor of a stream whose reads can block (a pipe, a terminal, a socket); None for a regular
    file or an in-memory stream, which are always ready."""
    try:
        fd = stream.fileno()
        return None if stat.S_ISREG(os.fstat(fd).st_mode) else fd
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None


class Lines:
    """The lines of ``stream`` (bytes, without the newline), each at most ``limit`` bytes."""

    def __init__(self, stream: BinaryIO, name: str, limit: int):
        self.name, self.limit = name, limit
        # read1: one read of what is there (a pipe's pause does not block a partial block); the stream's
        # own buffer stays empty, so a wait on the descriptor sees every byte not yet returned
        self._read: Callable[[int], bytes] = getattr(stream, "read1", None) or stream.read
        self._fd = _pollable(stream)
        self._buf, self._pos = b"", 0  # the bytes read and not yet returned are _buf[_pos:]
        self._scanned = 0  # _buf[_pos:_scanned] holds no newline
        self._eof = self._skipping = False
        self.n = 0  # the physical lines returned so far

    def _more(self, until: float | None) -> bool:
        """One more read into the buffer; False if ``until`` (a time.monotonic() instant) is given and nothing
        arrived by then."""
        try:
            if until is not None and self._fd is not None:
                ready, _, _ = select.select([self._fd], [], [], max(0.0, until - time.monotonic()))
                if not ready:
                    return False
            data = self._read(BLOCK)
        except OSError as e:  # a directory, a descriptor closed under us, an I/O error
            raise FileAccessError(f"{self.name}: cannot be read: {e.strerror or e}") from None
        if data:
            self._buf = self._buf[self._pos :] + data
            self._scanned -= self._pos
            self._pos = 0
        else:
            self._eof = True
        return True

    def _too_long(self) -> PairkitError:
        return at_line(LimitExceededError, self.name, self.n, f"longer than {self.limit:,} bytes (the line limit)")

    def next(self, until: float | None = None):
        """``(line number, bytes)`` or ``(line number, LimitExceededError)``; ``PAUSED`` if ``until`` (a
        time.monotonic() instant) is given and no complete line arrived by then; None at the end of the input."""
        while True:
            buf, pos = self._buf, self._pos
            i = buf.find(b"\n", self._scanned)
            if self._skipping:  # the rest of an over-long line: dropped as it arrives
                if i < 0:
                    self._buf, self._pos, self._scanned = b"", 0, 0
                    if self._eof:
                        return None
                    if not self._more(until):
                        return PAUSED
                    continue
                self._pos = self._scanned = i + 1
                self._skipping = False
                continue
            if i >= 0 or (self._eof and pos < len(buf)):
                end = i if i >= 0 else len(buf)
                line = buf[pos:end]
                self._pos = self._scanned = end + 1
                self.n += 1
                return (self.n, self._too_long()) if len(line) > self.limit else (self.n, line)
            self._scanned = len(buf)
            if len(buf) - pos > self.limit:  # no newline within the limit: refuse it now, skip the rest later
                self.n += 1
                self._buf, self._pos, self._scanned = b"", 0, 0
                self._skipping = True
                return self.n, self._too_long()
            if self._eof:
                return None
            if not self._more(until):
                return PAUSED

    def chunks(self, parse: Callable[[int, object], object], size: Callable[[], int]) -> Iterator[list]:
        """Lists of ``parse(line number, bytes or error)`` (a None result is dropped: a blank line, a comment),
        at most ``size()`` each. A PairkitError that ``parse`` raises comes after the chunk of the lines
        before it, so a command that stops at a bad line has handled (written) every line before it. A
        chunk ends early when lines wait and the input has had nothing more for up to ``HOLD`` seconds
        since the first of them."""
        chunk: list = []
        until, most = 0.0, 0
        while True:
            item = self.next(until if chunk else None)
            if item is None:
                break
            if item is PAUSED:
                yield chunk
                chunk = []
                continue
            try:
                rec = parse(*item)
            except PairkitError:  # a bad line stops the run after the lines before it are handled
                if chunk:
                    yield chunk
                raise
            if rec is None:
                continue
            if not chunk:
                until, most = time.monotonic() + HOLD, size()
            chunk.append(rec)
            if len(chunk) >= most:
                yield chunk
                chunk = []
        if chunk:
            yield chunk


class JsonArray:
    """One JSON object written as it goes, so that a batch's output is never held whole: the ``head``
    members, then ``key``: [items, one at a time], then the members ``close`` is given. The head is written
    with the first item (or by ``close``), so a run refused before any result writes nothing."""

    def __init__(self, out: TextIO, head: dict, key: str):
        self.out, self.head, self.key = out, head, key
        self.started, self.first = False, True

    def _start(self) -> None:
        if not self.started:
            head = json.dumps(self.head)[:-1]
            self.out.write(head + (", " if self.head else "") + json.dumps(self.key) + ": [")
            self.started = True

    def add(self, item: object) -> None:
        self._start()
        self.out.write(("" if self.first else ", ") + json.dumps(item))
        self.first = False

    def close(self, tail: dict) -> None:
        self._start()
        self.out.write("]" + "".join(f", {json.dumps(k)}: {json.dumps(v)}" for k, v in tail.items()) + "}\n")
        self.out.flush()

    def abort(self, e: Exception) -> None:
        """After a failed run: close the object with an ``error`` member if any of it was written (so the
        output stays valid JSON)."""
        if self.started:
            self.close({"error": {"type": type(e).__name__, "message": str(e)}})
