"""Progress of the long commands on standard error (rich), never on standard output.

A command that can run for minutes (``pair-batch``, ``bench``, ``hw report``, ``hw core report``,
``proc sim-array``) takes ``--progress/--no-progress`` and ``--quiet``:

* by default the progress shows only when stderr is a terminal: a rich bar (or a spinner where the
  total is unknown), redrawn in place and cleared at the end;
* ``--progress`` shows it even when stderr is not a terminal (a pipe, a log file): then as plain text
  lines, ``CMD: <what> (done/total, %), <seconds> s``: the first update, then at most one a second, and the
  last state (``, stopped`` if the command failed), so that a log stays readable;
* ``--quiet`` (or ``--no-progress``) shows none; ``--quiet`` also drops the notes a command writes on stderr
  beside its result (pair-batch's security note; errors are still written).

The libraries report through a plain callback, ``progress(done, total, what)`` (``total`` None when unknown),
and never import rich (tests/test_layering.py); :class:`Bar` is such a callback.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from typing import BinaryIO, Optional

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)

PROGRESS = typer.Option(
    None,
    "--progress/--no-progress",
    help="progress on stderr (default: only when stderr is a terminal; --progress: also on a pipe, as text lines)",
)
QUIET = typer.Option(False, "--quiet", "-q", help="nothing on stderr but errors: no progress, no notes")
#: seconds between two text lines of progress when stderr is not a terminal
LINE_SECONDS = 1.0


def shown(progress: Optional[bool], quiet: bool) -> bool:
    """Whether a command draws its progress: never with --quiet, always with --progress, else on a terminal."""
    if quiet:
        return False
    if progress is not None:
        return progress
    return sys.stderr is not None and sys.stderr.isatty()


class Bar:
    """One progress line on stderr for command ``name``; call it as ``bar(done, total, what)``.

    A rich bar on a terminal, text lines elsewhere, nothing when ``show`` is false. Use it as a context
    manager: the terminal display is removed on exit, the text mode writes its last line."""

    def __init__(self, name: str, show: bool, total: Optional[int] = None, what: str = "", counts: bool = True):
        self.name, self.show, self.counts = name, show, counts  # counts: show done/total (else the percentage only)
        self.done, self.total, self.what = 0, total, what
        self.console = Console(stderr=True, highlight=False, soft_wrap=True)  # no line break inserted in output
        self.live: Optional[Progress] = None
        self._task = TaskID(0)
        self._t0 = 0.0
        self._written = -1.0  # the time of the last text line
        self._dirty = False  # a state not written yet (text lines)

    def __enter__(self) -> "Bar":
        self._t0 = time.monotonic()
        if self.show and self.console.is_terminal:
            cols = [SpinnerColumn(), TextColumn("{task.description}", markup=False), BarColumn()]
            cols += [MofNCompleteColumn()] if self.counts else []
            # What the command prints on stdout meanwhile goes through rich (above the bar) only when stdout is
            # the same terminal as stderr; elsewhere stdout is left alone (rich would send it to stderr).
            shared = _same_terminal()
            self.live = Progress(
                *cols,
                TaskProgressColumn(),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
                redirect_stdout=shared,
                redirect_stderr=shared,
            )
            self.live.start()
            self._task = self.live.add_task(self._label(), total=self.total)
        return self

    def __exit__(self, *exc) -> None:
        if self.live is not None:
            self.live.stop()
            self.live = None
        elif self.show:
            if self._dirty or exc[0] is not None:
                self._line(force=True, stopped=exc[0] is not None)

    def __call__(self, done: int, total: Optional[int] = None, what: Optional[str] = None) -> None:
        self.done = done
        if total is not None:
            self.total = total
        if what is not None:
            self.what = what
        if self.live is not None:
            self.live.update(self._task, completed=done, total=self.total, description=self._label())
        elif self.show:
            self._line()

    def _label(self) -> str:
        return f"{self.name}: {self.what}" if self.what else self.name

    def _line(self, force: bool = False, stopped: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._written < LINE_SECONDS:
            self._dirty = True
            return
        self._written, self._dirty = now, False
        parts = []
        if self.counts and (self.done or self.total):
            parts.append(f"{self.done:,}/{self.total:,}" if self.total else f"{self.done:,}")
        if self.total:
            parts.append(f"{100 * self.done / self.total:.0f} %")
        count = f" ({', '.join(parts)})" if parts else ""
        tail = ", stopped" if stopped else ""
        self.console.print(
            f"{self._label()}{count}, {now - self._t0:.1f} s{tail}", markup=False, highlight=False, soft_wrap=True
        )


def _same_terminal() -> bool:
    """Whether stdout and stderr are the same terminal (a user watching both on one screen)."""
    try:
        if not (sys.stdout.isatty() and sys.stderr.isatty()):
            return False
        return os.fstat(sys.stdout.fileno()).st_rdev == os.fstat(sys.stderr.fileno()).st_rdev
    except (OSError, ValueError, AttributeError):
        return False


def bar(
    name: str, progress: Optional[bool], quiet: bool, total: Optional[int] = None, what: str = "", counts: bool = True
) -> Bar:
    """The progress of command ``name`` under its --progress / --quiet options (a context manager)."""
    return Bar(name, shown(progress, quiet), total, what, counts)


def file_size(stream: BinaryIO) -> Optional[int]:
    """The size in bytes of ``stream`` if it is a regular file (its position then measures the progress), else
    None (a pipe, a terminal: the total is unknown)."""
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) and st.st_size > 0 else None
