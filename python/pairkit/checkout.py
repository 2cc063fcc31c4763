"""The pairkit checkout a command works in, for the commands that read or regenerate the
repository's own files: ``pairkit hw report`` and ``pairkit hw core report``
rewrite HARDWARE.md from the caches under ``hw-report-cache/``, ``pairkit dse --costs measured`` reads
``hw-report-cache/units.json``.

Such a command run in a directory with the caches (``hw-report-cache/``: a checkout's root, or a copy of
its caches) works there, as always. Run anywhere else it works in the checkout this package was loaded from (an
editable install: ``python/pairkit`` two levels below the root), saying so on stderr; paths the
user gave are taken relative to where they were given. With no checkout at all (an installed
wheel) it refuses with a typed error instead of writing a partial HARDWARE.md into the current
directory.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

from pairkit.errors import InvalidArgumentError


def is_checkout(d: Path) -> bool:
    """A directory the report commands work in: it has the hardware caches, ``hw-report-cache/`` (a
    checkout's root, or a copy of its caches; HARDWARE.md is written there if it is missing)."""
    return (d / "hw-report-cache").is_dir()


def package_checkout() -> Optional[Path]:
    """The checkout this package was loaded from, if it was (python/pairkit/ under the root, with
    HARDWARE.md and hw-report-cache/ beside it)."""
    root = Path(__file__).resolve().parents[2]
    return root if is_checkout(root) and (root / "HARDWARE.md").is_file() else None


def repo_file(rel: str) -> str:
    """``rel`` in the current directory if it is there, else in the package's checkout if that has
    it, else ``rel`` unchanged (the caller's not-found error names it)."""
    if os.path.exists(rel):
        return rel
    root = package_checkout()
    if root is not None and (root / rel).exists():
        return str(root / rel)
    return rel


def enter(command: str, *paths: Optional[str]) -> list[Optional[str]]:
    """Make the current directory a checkout's root for ``command`` (see the module text).
    Returns ``paths`` (the user's explicit options; None where not given) made absolute if the
    directory changed."""
    cwd = Path.cwd()
    if is_checkout(cwd):
        return list(paths)
    root = package_checkout()
    if root is None:
        raise InvalidArgumentError(
            f"{command} regenerates a pairkit checkout's HARDWARE.md from its caches (hw-report-cache/): run it in "
            f"the checkout's root; {cwd} is not one, and this pairkit was not loaded from one"
        )
    out = [os.path.abspath(p) if p is not None else None for p in paths]
    print(f"note: {command} works in the pairkit checkout {root}", file=sys.stderr)
    os.chdir(root)
    return out
