#!/usr/bin/env python3
"""Print the pinned requirements of pyproject.toml's extras, one a line, for pip.

    python3 scripts/pins.py EXTRA...        # e.g. dev test dse hw ray (what `make venv` installs)

pyproject.toml [project.optional-dependencies] is the one place where versions are pinned (exact
``name==version``; tests/test_pins.py keeps it so); `make venv` and `make peers` install from here.
Standard library only (tomllib, Python >= 3.11), so it runs before the venv exists.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def extras(path: Path = ROOT / "pyproject.toml") -> dict[str, list[str]]:
    """Extra -> its requirement strings, as pyproject.toml lists them."""
    with open(path, "rb") as fh:
        return tomllib.load(fh)["project"]["optional-dependencies"]


def requirements(names: list[str]) -> list[str]:
    """The requirements of the named extras, each once, in first-seen order."""
    table = extras()
    unknown = [n for n in names if n not in table]
    if unknown:
        raise SystemExit(f"pins.py: no extra {', '.join(unknown)} in pyproject.toml (have: {', '.join(table)})")
    out: list[str] = []
    for n in names:
        out.extend(r for r in table[n] if r not in out)
    return out


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    print("\n".join(requirements(sys.argv[1:])))
