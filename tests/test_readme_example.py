"""README.md's Python example runs as pasted: the first ```python block is
executed in a fresh interpreter, as a newcomer would paste it. It starts a local Ray cluster, so
it is marked slow; without Ray installed the test is skipped (the block's last lines need it)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.slow
def test_the_readme_python_example_runs_as_pasted():
    pytest.importorskip("ray")
    block = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert block, "README.md has no ```python block"
    code = block.group(1) + "\nassert s.batch_verify(pks, msgs, sigs) and len(gts) == 8\nprint('README OK')\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "README OK" in r.stdout, r.stderr[-3000:]
