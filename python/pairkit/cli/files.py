"""File input and output of the command line (`pairkit` and its groups): `--input` as a stream (the
batch commands), the writability of an output path checked before a long run, and writing a report.
Typed errors only (FileAccessError), so every command keeps the error contract of cli.py. The group
CLIs (proc, protocols) import these from here, not from cli.py, which imports them.
"""

from __future__ import annotations

import contextlib
import errno
import sys
from typing import BinaryIO, Iterator, Optional

from pairkit import argcheck
from pairkit.errors import FileAccessError


@contextlib.contextmanager
def input_stream(infile: Optional[str]) -> Iterator[BinaryIO]:
    """--input FILE (stdin without it) opened for reading as a stream (the batch commands read it with
    cli/lines.py); FileAccessError if it cannot be opened or read (closed stdin, missing, a directory)."""
    try:
        if infile is None:
            if sys.stdin is None:  # started with stdin closed
                raise FileAccessError("--input -: standard input is closed")
            stream = sys.stdin.buffer
        else:
            stream = open(infile, "rb")
    except OSError as e:
        raise FileAccessError(f"--input {infile or '-'}: {e.strerror or e}") from None
    try:
        yield stream
    except OSError as e:
        if e.errno in (errno.EISDIR, errno.EACCES, errno.EIO) or getattr(e, "filename", None):
            raise FileAccessError(f"--input {infile or '-'}: {e.strerror or e}") from None
        raise
    finally:
        if infile is not None:
            stream.close()


def check_writable(path: str, opt: str) -> None:
    """Fail now, not after a long run, when `opt PATH` cannot be written."""
    argcheck.output_file(path, opt)


def write_text(path: str, text: str, opt: str) -> None:
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as e:
        raise FileAccessError(f"{opt} {path}: {e.strerror or e}") from None
