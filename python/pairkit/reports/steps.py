"""The progress callback the measurement campaigns take: ``progress(done, total, what)``, the steps done of
``total`` and the one now running. The command line draws it on stderr (pairkit.cli.progress); the campaigns
never print progress themselves."""

from __future__ import annotations

from collections.abc import Callable

#: ``progress(done, total, what)``
Progress = Callable[[int, int, str], None]


def no_progress(done: int, total: int, what: str) -> None:
    """The default :data:`Progress`: reports nothing."""
