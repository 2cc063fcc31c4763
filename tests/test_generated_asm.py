"""The committed x86-64 assembly of the GF(p) backend is exactly its generators' output (`make asm`)."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
GEN = ROOT / "gen"
FP = ROOT / "crates" / "pairkit-core" / "src" / "field" / "fp"


@pytest.mark.parametrize(
    "gen,out",
    [
        ("x86_64_gen.py", "x86_64_asm.rs"),
        ("x86_64_fp2_gen.py", "x86_64_fp2_asm.rs"),
        ("x86_64_tower_gen.py", "x86_64_tower_asm.rs"),
    ],
)
def test_generated_asm_is_current(gen, out):
    got = subprocess.run([sys.executable, str(GEN / gen)], check=True, capture_output=True, text=True).stdout
    assert got == (FP / out).read_text(), f"{out} is stale: run `make asm`"
