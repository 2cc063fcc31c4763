"""The registry of parameter sets: one data source per family, gen/params/*.toml,
generated into both languages by `make params`; the upper layers read it instead of their own lists."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "gen"))

import emit_params  # noqa: E402
import registry_data  # noqa: E402
from pairkit import sets  # noqa: E402
from pairkit.reports import papers, peers  # noqa: E402


@pytest.mark.parametrize("path", sorted(emit_params.outputs(), key=str), ids=lambda p: p.name)
def test_generated_registry_files_are_current(path):
    assert path.read_text(encoding="utf-8") == emit_params.outputs()[path], (
        f"{path.relative_to(ROOT)} is stale: run `make params`"
    )


def test_derived_catalogues_hold_the_declared_fields():
    assert emit_params.stale_declared(registry_data.load_all()) == [], "run `make params`"


def test_one_order_everywhere():
    ids = sets.ids()
    assert [p.id for p in sets.all_sets()] == ids
    from pairkit import _native

    assert list(_native.sets()) == ids


def test_registry_lists_are_what_the_layers_used_to_hold():
    """The lists that moved into the data files, unchanged (order included)."""
    assert sets.bench_sets() == [
        "ss2-239",
        "ss2-283",
        "ss2-283b1",
        "ss2-1223",
        "ss3-97",
        "typea-512",
        "bn254",
        "bls12-381",
    ]
    assert sets.gpu_sets() == ("ss2-283", "ss2-1223", "ss2-239")
    assert {s: [n for n, _ in v] for s, v in peers.PEERS.items()} == {
        "bls12-381": ["pymcl", "blspy", "py-arkworks-bls12381"],
        "bn254": ["mclbn256"],
    }
    assert sorted(papers.PAIRING_LATENCY_US) == sorted(
        ["typea-512", "bn254", "bls12-381", "ss2-239", "ss2-283", "ss2-283b1", "ss2-1223", "ss3-97"]
    )
    assert papers.PAIRING_CYCLES["ss3-97"][0] == (
        "seed 001 Table 3",
        "best list schedule (9 multipliers): 87 clk x 97 iterations",
        8439,
    )
    assert papers.GOAL_US == {"typea-512": 150.0, "ss2-239": 20.0, "ss2-283": 25.0, "ss2-1223": 500.0, "ss3-97": 40.0}
    assert papers.GOAL_MUL_NS == {"ss2-283": 20.0, "ss2-1223": 120.0, "ss3-97": 40.0}
    assert papers.GOAL_SPEEDUP_2CORES == {"ss3-97": 1.8}


def test_every_peer_named_has_an_adapter():
    for e in sets.registrations():
        assert set(e.peers) <= set(peers.ADAPTERS), e.id


def test_bad_data_entries_are_refused(tmp_path, monkeypatch):
    (tmp_path / "ss2.toml").write_text(
        '[[set]]\nid = "x"\nm = 7\ntaps = [1]\nb = 0\nseeds = "-"\nrole = "toy"\nsecurity = "toy"\ncolour = "red"\n'
    )
    monkeypatch.setattr(registry_data, "PARAMS", tmp_path)
    monkeypatch.setattr(registry_data, "ROOT", tmp_path)
    with pytest.raises(registry_data.DataError, match="unknown \\['colour'\\]"):
        registry_data.load("ss2")
