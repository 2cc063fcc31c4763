"""The CLI's outputs that a refactor must not change: `pairkit list --json` byte for
byte, and `pairkit demo` with its timing column masked (the only part that varies between runs).
After an intended change, regenerate with ``PAIRKIT_UPDATE_GOLDEN=1 pytest tests/test_cli_golden.py``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
TIMING = "Rust µs (median)"


def _run(*argv) -> str:
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=os.pathsep.join(sys.path), NO_COLOR="1")
    p = subprocess.run(
        [sys.executable, "-m", "pairkit.cli", *argv], capture_output=True, text=True, timeout=600, env=env
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout


def _normalise_demo(text: str) -> str:
    """Table rows as `|`-joined stripped cells with the timing cell masked; rules and borders dropped."""
    out, col = [], None
    for line in text.splitlines():
        if line and all(ch in "┏┓┗┛┡┩└┘┳┻╇╈┴┬━─│┃ " for ch in line) and set(line) - {" ", "│", "┃"}:
            continue  # a rule of the table
        if line.startswith(("┃", "│")):
            cells = [c.strip() for c in line.strip().strip("┃│").replace("┃", "│").split("│")]
            if TIMING in cells:
                col = cells.index(TIMING)
            elif col is not None:
                cells[col] = "#"
            out.append("|".join(cells))
        else:
            out.append(line.strip())
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    "name,argv,norm", [("list.json", ("list", "--json"), None), ("demo.txt", ("demo",), _normalise_demo)]
)
def test_cli_output_is_unchanged(name, argv, norm):
    got = _run(*argv)
    got = norm(got) if norm else got
    path = GOLDEN / name
    if os.environ.get("PAIRKIT_UPDATE_GOLDEN"):
        path.write_text(got)
    assert got == path.read_text(), f"`pairkit {' '.join(argv)}` changed; see {path}"
