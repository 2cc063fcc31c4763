"""File input and output of the command line (`pairkit` and its groups): the text of `--input`,
the writability of an output path checked before a long run, and writing a report. Typed errors
only (FileAccessError, EncodingError), so every command keeps the error contract of cli.py.
The group CLIs (proc, protocols) import these from here, not from cli.py, which imports them.
"""

from __future__ import annotations

import sys
from typing import Optional

from pairkit import argcheck
from pairkit.errors import EncodingError, FileAccessError


def read_input(infile: Optional[str]) -> str:
    """The text of --input FILE (stdin without it): FileAccessError if it cannot be read,
    EncodingError if it is not UTF-8."""
    try:
        if infile is None:
            if sys.stdin is None:  # started with stdin closed
                raise FileAccessError("--input -: standard input is closed")
            data = sys.stdin.buffer.read()
        else:
            with open(infile, "rb") as f:
                data = f.read()
    except OSError as e:
        raise FileAccessError(f"--input {infile or '-'}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise EncodingError(
            f"--input {infile or '-'}: not UTF-8 text (byte {data[e.start]:#04x} at offset {e.start})"
        ) from None


def check_writable(path: str, opt: str) -> None:
    """Fail now, not after a long run, when `opt PATH` cannot be written."""
    argcheck.output_file(path, opt)


def write_text(path: str, text: str, opt: str) -> None:
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as e:
        raise FileAccessError(f"{opt} {path}: {e.strerror or e}") from None
