"""The optional dependencies: which extra of pyproject.toml brings which module, and the typed refusal when one
is missing.

``pip install pairkit`` (or ``pip install .`` in a checkout) installs what pairing, hashing, the protocols and
the CLI need (numpy, typer, rich; the native module is built from the Rust core). The rest is split into extras
(pinned in one place, pyproject.toml ``[project.optional-dependencies]``; tests/test_pins.py checks the table
below against it):

  oracle   cypari2, py_ecc      the independent oracles (PARI/GP, py_ecc): ``pairkit demo``'s third column
  dse      ortools, matplotlib  ``pairkit dse --exact`` (CP-SAT) and the plots of the DSE and core reports
  hw       amaranth, yowasp-*   the hardware kit: ``pairkit hw``, ``pairkit proc`` (Verilator from apt: ``make tools``)
  ray      ray                  batches on a Ray cluster (pairkit.distributed, ``--ray``)
  gpu      cupy                 the gpu engine (pairkit.gpu; GpuUnavailableError names it)

:func:`require` imports a module of an extra or raises :class:`~pairkit.errors.MissingExtraError` naming the
``pip install`` that brings it, so a user without the extra gets one line, never a traceback.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pairkit.errors import MissingExtraError

#: top-level module -> (the extra that brings it, its distribution on PyPI)
EXTRA_OF: dict[str, tuple[str, str]] = {
    "cypari2": ("oracle", "cypari2"),
    "py_ecc": ("oracle", "py_ecc"),
    "ortools": ("dse", "ortools"),
    "matplotlib": ("dse", "matplotlib"),
    "amaranth": ("hw", "amaranth"),
    "ray": ("ray", "ray"),
    "cupy": ("gpu", "cupy-cuda12x"),
}


def install_hint(extra: str) -> str:
    """The command that installs ``extra``: from PyPI's name, or in a checkout."""
    return f"pip install 'pairkit[{extra}]' (in a checkout: pip install '.[{extra}]', or make venv)"


def missing(e: ModuleNotFoundError) -> MissingExtraError | None:
    """The MissingExtraError for ``e``, an import of a module of an extra that failed (a module importing
    amaranth at its top, say), else None (a module of no extra: not ours to explain)."""
    top = (e.name or "").split(".", 1)[0]
    if top not in EXTRA_OF:
        return None
    extra, dist = EXTRA_OF[top]
    return MissingExtraError(f"this command needs {dist}, which is not installed: {install_hint(extra)}", extra=extra)


def require(module: str, what: str) -> ModuleType:
    """``module`` imported (dotted names allowed), or MissingExtraError saying that ``what`` needs it and which
    extra brings it. A module of no extra is a programming error (KeyError)."""
    top = module.split(".", 1)[0]
    extra, dist = EXTRA_OF[top]
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise MissingExtraError(
            f"{what} needs {dist}, which is not installed ({e}): {install_hint(extra)}", extra=extra
        ) from None
