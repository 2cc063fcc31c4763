"""README.md's Python examples run as pasted.

The first ```python block (the first screen's example) runs in a fresh interpreter twice: as a file, and fed
to an interactive interpreter line by line, as a newcomer pastes it at the ``>>>`` prompt (where a compound
statement without its closing blank line is a SyntaxError); both must print exactly the ```text block that
follows it. The longer example (the block that uses ``pairkit.distributed``) starts a local Ray cluster, so it
is marked slow; without Ray installed that test is skipped (the block's last lines need it)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(), re.S)


def _first_example() -> tuple[str, str]:
    """The first python block and the text block right after it (what it prints)."""
    m = re.search(r"```python\n(.*?)```\s*\n(?:[^`]*\n)?```text\n(.*?)```", README.read_text(), re.S)
    assert m, "README.md's first ```python block must be followed by the ```text block of its output"
    return m.group(1), m.group(2)


def _run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(ROOT / "python"), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, *args], input=stdin, capture_output=True, text=True, timeout=300, env=env, cwd="/"
    )


def test_the_first_example_prints_what_the_readme_says_as_a_file():
    code, want = _first_example()
    assert code == _blocks("python")[0]
    r = _run(["-c", code])
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout == want


def test_the_first_example_runs_when_pasted_at_the_prompt():
    code, want = _first_example()
    r = _run(["-i", "-q"], stdin=code)  # interactive mode: each line as typed at >>>
    assert "Error" not in r.stderr, r.stderr[-3000:]
    assert r.stdout == want


@pytest.mark.slow
def test_the_readme_ray_example_runs_as_pasted():
    pytest.importorskip("ray")
    block = next((b for b in _blocks("python") if "distributed" in b), None)
    assert block, "README.md has no ```python block using pairkit.distributed"
    code = block + "\nassert s.batch_verify(pks, msgs, sigs) and len(gts) == 8\nprint('README OK')\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "README OK" in r.stdout, r.stderr[-3000:]
