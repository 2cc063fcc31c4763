"""A user without an optional extra gets a typed error naming ``pip install 'pairkit[EXTRA]'`` when they call a
command needing it (pairkit.extras, MissingExtraError), never a traceback. The missing import is simulated:
``sys.modules[name] = None`` makes ``import name`` raise ImportError, in a child process so that the test
process's modules stay as they are."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pairkit import extras
from pairkit.errors import MissingExtraError, PairkitError

ROOT = Path(__file__).resolve().parents[1]

# a child: block the named modules, then run the CLI with the given arguments
_CHILD = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None
sys.argv = ["pairkit", *{argv!r}]
from pairkit.cli.root import main
main()
"""


def _cli_without(blocked: list[str], argv: list[str]) -> subprocess.CompletedProcess:
    code = _CHILD.format(blocked=blocked, argv=argv)
    env = {"PYTHONPATH": str(ROOT / "python"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)


def test_require_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "cypari2", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'pairkit\[oracle\]'") as ei:
        extras.require("cypari2", "the PARI/GP oracle")
    assert ei.value.extra == "oracle"
    assert isinstance(ei.value, PairkitError) and isinstance(ei.value, ImportError)


def test_the_pari_oracle_without_cypari2(monkeypatch):
    """The oracle module's entry point refuses with the typed error (and `pairkit demo`'s probe, an
    ``except ImportError``, still catches it: MissingExtraError is an ImportError too)."""
    from pairkit import oracle

    oracle.pari.cache_clear()
    monkeypatch.setitem(sys.modules, "cypari2", None)
    try:
        with pytest.raises(MissingExtraError, match=r"cypari2.*pip install 'pairkit\[oracle\]'"):
            oracle.pari()
        with pytest.raises(ImportError):
            oracle.pari()
    finally:
        oracle.pari.cache_clear()


def test_the_py_ecc_oracle_without_py_ecc(monkeypatch):
    from pairkit import oracle_ecc

    monkeypatch.setitem(sys.modules, "py_ecc", None)
    monkeypatch.delitem(sys.modules, "py_ecc.optimized_bn128", raising=False)
    with pytest.raises(MissingExtraError, match=r"py_ecc.*pairkit\[oracle\]"):
        oracle_ecc.pairing("bn254", (1, 2), ((1, 2), (3, 4)))


@pytest.mark.slow
def test_dse_exact_without_ortools_is_a_typed_cli_error():
    r = _cli_without(["ortools"], ["dse", "schedule", "--set", "ss2-7", "--units", "mul=1,add=1,sqr=1", "--exact"])
    assert r.returncode == 2, r.stderr
    assert "MissingExtraError" in r.stderr and "pip install 'pairkit[dse]'" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.slow
def test_hw_without_amaranth_is_a_typed_cli_error():
    r = _cli_without(["amaranth"], ["hw", "sim", "gf2_add", "-n", "1"])
    assert r.returncode == 2, r.stderr
    assert "MissingExtraError" in r.stderr and "pip install 'pairkit[hw]'" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.slow
def test_commands_of_the_base_install_run_without_any_extra():
    """`pip install pairkit` alone: the CLI loads and signs with every extra's modules blocked."""
    blocked = sorted(extras.EXTRA_OF)
    r = _cli_without(blocked, ["bls", "keygen", "--ikm", "00" * 32, "--json"])
    assert r.returncode == 0, r.stderr
    assert len(bytes.fromhex(json.loads(r.stdout)["pk"])) == 48
