"""The commands that regenerate or read the checkout's own files work from any directory, or refuse
cleanly: never a partial HARDWARE.md written into the current directory."""

import os
from pathlib import Path

import pytest

from pairkit import checkout
from pairkit.dse import costs
from pairkit.errors import InvalidArgumentError

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_comes_from_this_checkout():
    assert checkout.package_checkout() == ROOT
    assert checkout.is_checkout(ROOT) and not checkout.is_checkout(ROOT / "tests")
    assert (ROOT / "HARDWARE.md").is_file()


def test_enter_from_elsewhere_works_in_the_checkout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out, cache = checkout.enter("pairkit hw report", "mine.md", None)
    assert Path.cwd() == ROOT
    assert out == str(tmp_path / "mine.md") and cache is None  # the user's path keeps its meaning
    assert not list(tmp_path.iterdir())


def test_enter_in_a_checkout_stays(tmp_path, monkeypatch):
    (tmp_path / "hw-report-cache" / "cores").mkdir(parents=True)  # a copy of the caches, no HARDWARE.md yet
    monkeypatch.chdir(tmp_path)
    assert checkout.enter("pairkit hw report", "HARDWARE.md") == ["HARDWARE.md"]
    assert Path.cwd() == tmp_path


def test_no_checkout_is_a_typed_refusal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(checkout, "package_checkout", lambda: None)
    with pytest.raises(InvalidArgumentError, match="not one"):
        checkout.enter("pairkit hw core report", None, None)
    assert Path.cwd() == tmp_path and not list(tmp_path.iterdir())


def test_measured_costs_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    model = costs.measured()
    assert model.units and os.path.samefile(checkout.repo_file(costs.DEFAULT_MEASURED), ROOT / costs.DEFAULT_MEASURED)
