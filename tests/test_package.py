"""The installed package's hygiene: ``pairkit.__version__`` and ``pairkit --version`` from the source tree's
pyproject.toml or the installed metadata, and ``py.typed`` (PEP 561) shipped."""

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

import pairkit

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "python" / "pairkit"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
VERSION = PYPROJECT["project"]["version"]


def _python(code: str, pythonpath: str, *flags: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": pythonpath}
    p = subprocess.run(
        [sys.executable, *flags, "-c", code], env=env, capture_output=True, text=True, timeout=120, cwd="/"
    )
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def test_version_of_the_source_tree_is_pyprojects():
    assert pairkit.__version__ == VERSION
    assert _python("import pairkit; print(pairkit.__version__)", str(ROOT / "python")) == VERSION


def test_version_of_an_installed_package_comes_from_its_metadata(tmp_path):
    """A wheel's layout (site-packages/pairkit/ beside pairkit-X.dist-info/, no pyproject.toml): the metadata's
    version, not the checkout's."""
    site = tmp_path / "site"
    (site / "pairkit").mkdir(parents=True)
    shutil.copy(PKG / "__init__.py", site / "pairkit" / "__init__.py")
    info = site / "pairkit-9.8.7.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pairkit\nVersion: 9.8.7\n")
    code = "import pairkit; print(pairkit.__file__); print(pairkit.__version__)"
    where, version = _python(code, str(site)).splitlines()
    assert Path(where).parent == site / "pairkit" and version == "9.8.7"
    # neither a pyproject.toml nor metadata (-S: not even the venv's): a version that says so, no traceback
    shutil.rmtree(info)
    assert _python(code, str(site), "-S").splitlines()[1] == "0+unknown"


def test_a_pyproject_of_another_project_is_not_read(tmp_path):
    """A pyproject.toml two levels up that is not pairkit's (a vendored copy) leaves the metadata in charge."""
    pkg = tmp_path / "src" / "pairkit"
    pkg.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "5.0"\n')
    got = pairkit._read_version(pkg, dist="no-such-distribution-pairkit")
    assert got == "0+unknown"
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pairkit"\nversion = "5.0"\n')
    assert pairkit._read_version(pkg) == "5.0"
    (tmp_path / "pyproject.toml").write_text("not toml = = =")
    assert pairkit._read_version(pkg, dist="no-such-distribution-pairkit") == "0+unknown"


def test_cli_version():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(ROOT / "python")}
    p = subprocess.run(
        [sys.executable, "-m", "pairkit", "--version"], env=env, capture_output=True, text=True, timeout=120
    )
    assert p.returncode == 0 and p.stdout == f"pairkit {VERSION}\n" and p.stderr == ""


def test_py_typed_is_in_the_package_maturin_ships():
    """PEP 561: the marker sits in the package folder, which maturin copies whole into the wheel and the sdist
    (the mixed layout: [tool.maturin] python-source)."""
    assert (PKG / "py.typed").is_file()
    assert PYPROJECT["tool"]["maturin"]["python-source"] == "python"
    assert PYPROJECT["tool"]["maturin"]["module-name"].startswith("pairkit.")
    ignored = subprocess.run(["git", "check-ignore", "-q", str(PKG / "py.typed")], cwd=ROOT)
    assert ignored.returncode == 1  # not ignored: maturin leaves out what .gitignore names


@pytest.mark.slow
def test_the_sdist_carries_py_typed(tmp_path):
    """``maturin sdist`` (no Rust build): the source distribution holds the marker and the stub."""
    maturin = shutil.which("maturin", path=os.path.dirname(sys.executable)) or shutil.which("maturin")
    if maturin is None:
        pytest.skip("maturin is not installed (the dev extra)")
    p = subprocess.run([maturin, "sdist", "-o", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    (sdist,) = tmp_path.glob("pairkit-*.tar.gz")
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {"python/pairkit/py.typed", "python/pairkit/_native.pyi", "python/pairkit/__init__.py"} <= names
