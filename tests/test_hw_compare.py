"""pairkit hw core compare: the papers' figures and ours side by side, from the cached reports only
(reports/hw_compare.py, docs/CORE.md "compare")."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pairkit.errors import FileAccessError, PairkitError
from pairkit.hw.core.errors import CoreError
from pairkit.reports import hw_compare as C
from pairkit.reports import hw_compare_md as M

CACHE = Path(__file__).resolve().parents[1] / "hw-report-cache"
PAPER_KEYS = {"table", "cycles", "lut", "lut_kind", "ff", "bram", "mhz", "latency_us", "area_latency", "device"}
OURS_KEYS = {"cycles", "cycles_checked", "lut", "lut_kind", "ff", "bram", "mhz", "mhz_source", "latency_us", "device"}
#: present when measured: LUT × µs with a latency; the per-block timing's cycles and blocks (blocktime)
OURS_OPTIONAL = {"area_latency", "latency_cycles", "per_block"}
KINDS = {"LUT4", "LUT6", "LUT-eq", "gates"}
VERDICT = re.compile(
    r"^(met|missed|lower, not like for like|higher, not like for like) \([+-]\d+\.\d%\)$"
    r"|^(met|missed) \([+-]\d+\.\d%; per-block timing on ECP5, device differs\)$"
    r"|^not measured$|^no paper figure$"
)


@pytest.fixture(scope="module")
def rows():
    return C.rows(str(CACHE))


def by(rows, core, table=None):
    got = [r for r in rows if r["core"] == core and (table is None or table in r["paper"]["table"])]
    assert got, core
    return got[0]


def _copy(tmp_path) -> Path:
    """A copy of the cached reports (cores/*.json, proc/*.json) to damage."""
    d = tmp_path / "cache"
    for sub in ("cores", "proc"):
        (d / sub).mkdir(parents=True)
        for f in (CACHE / sub).glob("*.json"):
            shutil.copy(f, d / sub)
    return d


def _num(x):
    return x is None or (isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0)


def test_every_row_follows_the_schema(rows):
    assert rows
    for r in rows:
        assert set(r) - {"notes", "missing"} == {
            "core",
            "seed",
            "paper",
            "ours",
            "like_for_like",
            "differences",
            "verdict",
        }, r["core"]
        assert r["seed"] in ("000", "001", "002", "003", "004")
        assert set(r["paper"]) == PAPER_KEYS
        assert r["paper"]["lut_kind"] in KINDS | {None}
        assert all(_num(r["paper"][k]) for k in ("cycles", "lut", "ff", "bram", "mhz", "latency_us"))
        assert isinstance(r["like_for_like"], bool)
        assert all(isinstance(d, str) and d.split(": ")[0] for d in r["differences"])
        assert set(r["verdict"]) == {"cycles", "lut", "latency"}
        assert all(VERDICT.match(v) for v in r["verdict"].values()), r["verdict"]
        if r["ours"] is None:
            assert r["missing"].startswith(r["core"])
            continue
        o = r["ours"]
        assert OURS_KEYS <= set(o) <= OURS_KEYS | OURS_OPTIONAL
        assert ("area_latency" in o) == (o["latency_us"] is not None and o["lut"] is not None)
        assert o["lut_kind"] in KINDS | {None} and (o["lut_kind"] is None) == (o["lut"] is None)
        assert o["cycles_checked"] in ("verilator", "interp", "iss", None)
        assert all(_num(o[k]) for k in ("cycles", "lut", "ff", "bram", "mhz", "latency_us"))
        # a hardware figure without a clock is not a latency; the clock only from a place and route
        assert (o["mhz"] is None) == (o["mhz_source"] is None)
        assert (o["latency_us"] is None) == (o["mhz"] is None)
        if o["mhz"]:  # a whole-core place and route, or the per-block one, said so
            assert "place and route" in o["mhz_source"] or o["mhz_source"].startswith("per-block P&R")
        if r["like_for_like"]:
            assert not any(d.startswith(C.DECIDING) for d in r["differences"])
    json.dumps({"rows": rows})


def test_every_seed_is_present(rows):
    assert {r["seed"] for r in rows} == {"000", "001", "002", "003", "004"}
    assert [r["seed"] for r in rows] == sorted(r["seed"] for r in rows)


def test_seed000_multiplier2_and_the_unmeasured_designs(rows):
    for core in ("s000-ca-eta2-239-d16", "s000-ca-alg1-283-d32", "s000-ca-eta2-283-d16"):
        r = by(rows, core)
        assert not r["like_for_like"]
        assert any(d.startswith("units: Multiplier 2 runs at digit D1") and "D2 = D1/4" in d for d in r["differences"])
        assert r["verdict"]["cycles"].startswith("lower, not like for like")
        assert r["ours"]["lut_kind"] == r["paper"]["lut_kind"] == "LUT4"
    for core, lut in (("s000-ca-alg1-239-d16", 34499), ("s000-ca-alg1-283-d16", 42997)):
        r = by(rows, core)
        assert r["ours"] is None and r["paper"]["lut"] == lut
        assert "no report" in r["missing"] and "pairkit hw core report --core " + core in r["missing"]
        assert r["verdict"] == {"cycles": "not measured", "lut": "not measured", "latency": "not measured"}


def test_seed000_fig5_cores_without_a_synthesis_are_not_like_for_like(rows):
    """A Fig. 5 core with cycles but no synthesis: where its micro-code ROM sits is unknown, so the row is not
    like for like (a storage difference), while its cycles verdict still stands on the paper's mix."""
    unsynth = [r for r in rows if r["core"].endswith("-fig5") and r["ours"] and r["ours"]["lut"] is None]
    assert len(unsynth) >= 1
    for r in unsynth:
        assert not r["like_for_like"]
        assert any(d.startswith("storage: not synthesized") for d in r["differences"])
        assert r["verdict"]["cycles"].startswith(("missed", "met"))


def test_seed003_miller_loops_chains_and_the_two_dmoci_rows(rows):
    for core, pct in (
        ("s003-eta-t-tmvp2-u8", "+0.6%"),
        ("s003-eta-t-tmvp3-u8", "+0.9%"),
        ("s003-eta-t-dmoci-u8", "+1.8%"),
    ):
        r = by(rows, core)
        assert not r["like_for_like"]
        assert any(
            d.startswith("cycles: the Miller loop misses") and pct in d and "met only through" in d
            for d in r["differences"]
        ), r["differences"]
        assert any(
            d.startswith("units: 1 × gf2_sqr_chain (k = 8), 4 × gf2_sqrt_chain (k = 4)") for d in r["differences"]
        )
        assert r["ours"]["cycles_checked"] == "verilator"
    dm = [r for r in rows if r["core"] == "s003-eta-t-dmoci-u8"]
    assert sorted(r["paper"]["lut"] for r in dm) == [68225, 75017]
    text = by(rows, "s003-eta-t-dmoci-u8", "section 6")
    assert text["paper"]["cycles"] is None and text["verdict"]["cycles"] == "no paper figure"


def test_seed003_paper_organisation_rows(rows):
    """The -paper cores (seed 003's BAU/ISU/DHU as a fixed bank map, the paper's units): cycles compare (same
    units, the assumptions listed but not deciding) and miss by the stated amount, with the Miller loop's miss and
    its cause; the row is not like for like (registers in larger banks, a sum of blocks against ISE)."""
    for core, ml in (
        ("s003-eta-t-tmvp2-paper", 38562),
        ("s003-eta-t-tmvp3-paper", 25710),
        ("s003-eta-t-dmoci-paper", 22040),
    ):
        r = by(rows, core)
        assert not r["like_for_like"]
        ds = r["differences"]
        assert any(d.startswith("assumption: the units as section 5.1 states them") for d in ds), ds
        assert any(d.startswith("interconnect: BAU/ISU/DHU as a fixed bank map") and "moves" in d for d in ds)
        assert any(d.startswith("storage") and "against the paper's 18 (5/5/8)" in d for d in ds)
        assert any(d.startswith("basis") for d in ds)
        assert not any(d.startswith("units") for d in ds)
        assert any(
            d.startswith("cycles: the Miller loop misses") and f"the paper's {ml:,}" in d and "cause:" in d for d in ds
        )
        assert r["verdict"]["cycles"].startswith("missed (+")
        assert r["verdict"]["lut"].startswith(("higher, not like for like", "lower, not like for like"))
        assert r["ours"]["cycles_checked"] == "interp" and r["ours"]["lut_kind"] == "LUT6"


def test_seed004_shared_datapath_and_block_ram(rows):
    for core in ("s004-alg10-m5x9", "s004-alg10-m4x9", "s004-alg9-m5x9"):
        r = by(rows, core)
        assert not r["like_for_like"]
        assert any(
            d.startswith("units: 9 M")
            and "an F_{2^4m} multiplier of 9 M" in d
            and "6 more M" in d
            and "2 squarers" in d
            for d in r["differences"]
        )
        assert any(d.startswith("storage:") and "block RAM outside the LUT count" in d for d in r["differences"])
        assert "not like for like" in r["verdict"]["lut"]
    assert any(d.startswith("algorithm: Alg. 9") for d in by(rows, "s004-alg9-m5x9")["differences"])
    assert by(rows, "s004-alg10-m5x9")["paper"]["mhz"] == 161.66


def test_seed001_time_optimal_mix(rows):
    for core in ("s001-dl-9mul-list", "s001-dl-9mul-cpsat"):
        r = by(rows, core)
        assert "units: mix 9/2/4/2 (mul/cube/add/cbrt) against the paper's 9/1/4/1" in r["differences"]
        assert r["verdict"]["cycles"].startswith("lower, not like for like")
    r = by(rows, "s001-dl-5141-list")  # the AT-optimal mix: same units, the cycles compare; the area does not
    assert not any(d.startswith("units:") for d in r["differences"])
    assert r["verdict"]["cycles"].startswith("met") and "not like for like" in r["verdict"]["lut"]
    assert r["ours"]["lut_kind"] == "LUT-eq" and r["paper"]["mhz"] is None


def test_seed002_program_and_pipeline(rows):
    r = by(rows, "typea-512-W16-P4-d2-montgomery")
    assert not r["like_for_like"]
    assert any(d.startswith("algorithm:") and "program" in d for d in r["differences"])
    assert any(
        d.startswith("units: a shallower pipeline (d = 2) than the paper-depth core (d = 6)")
        and "846 FF (xc6v) against the paper's 1,947–2,207" in d
        for d in r["differences"]
    )
    assert r["ours"]["cycles_checked"] == "verilator" and r["ours"]["mhz"] and r["ours"]["latency_us"]
    assert r["verdict"]["cycles"].startswith("lower, not like for like")


#: what every seed 002 row must say differs (categories and a word of each): the program, the datapath's inferred
#: limb width, the pipeline depth, the counting basis, the tool and the device of the clock
SEED002_DIFFS = {
    "algorithm": "program",
    "units": "W = 16 inferred",
    "basis": "derived, not counted",
    "tool": "Yosys",
    "clock": "",  # "device differs: ..." with a measured clock, "no measured clock, so no latency" without
}


def test_seed002_paper_depth_core_against_both_devices(rows):
    """The paper-depth core (d = 6, Barrett as Table 2, W = 16, P = 4): beside the Virtex-6 and the Virtex-5 rows,
    never like for like, every difference listed, its cycles checked in Verilator, its latency from its own clock."""
    got = [r for r in rows if r["core"] == "typea-512-W16-paper"]
    assert [("Virtex-6" in r["paper"]["table"], "Virtex-5" in r["paper"]["table"]) for r in got] == [
        (True, False),
        (False, True),
    ]
    v6, v5 = got
    assert v5["paper"]["latency_us"] == 43_300 and v5["paper"]["mhz"] == 208 and v5["paper"]["ff"] == 2207
    assert v6["paper"]["latency_us"] == 22_600 and v6["paper"]["mhz"] == 399 and v6["paper"]["ff"] == 1947
    for r in got:
        o = r["ours"]
        assert not r["like_for_like"] and o["cycles_checked"] == "verilator"
        assert o["latency_us"] == round(o["cycles"] / o["mhz"], 2) and "nextpnr-ecp5" in o["mhz_source"]
        assert any(d.startswith("units: pipeline depth d = 6 inferred") for d in r["differences"])
        assert all(v.startswith(("lower", "higher")) for v in r["verdict"].values())  # never met: not like for like
    assert any("Virtex-5's (208 MHz, ISE)" in d for d in v5["differences"])
    assert any("Virtex-6's (399 MHz, ISE)" in d for d in v6["differences"])


def test_seed002_rows_list_every_difference(rows):
    """compare must not drop a difference: every seed 002 row names each of SEED002_DIFFS; the Montgomery rows
    also the reduction; the rows of d < 6 the shallower pipeline."""
    r002 = [r for r in rows if r["seed"] == "002"]
    want = {f"typea-512-W16-P4-d{d}{m}" for d in (2, 3) for m in ("", "-montgomery")} | {"typea-512-W16-paper"}
    assert want <= {r["core"] for r in r002}
    for r in r002:
        for cat, word in SEED002_DIFFS.items():
            assert any(d.startswith(f"{cat}:") and word in d for d in r["differences"]), (r["core"], cat)
        assert not r["like_for_like"] and "met" not in r["verdict"]["cycles"].split()
        clock = [d for d in r["differences"] if d.startswith("clock:")]
        assert len(clock) == 1 and ("device differs" in clock[0]) == (r["ours"]["mhz"] is not None), r["core"]
        if r["core"].endswith("montgomery"):
            assert any("montgomery reduction" in d for d in r["differences"])
        depth = 6 if r["core"] == "typea-512-W16-paper" else int(r["core"].split("-d")[1].split("-")[0])
        shallower = any(d.startswith("units: a shallower pipeline") for d in r["differences"])
        inferred = any(d.startswith("units: pipeline depth d = 6 inferred") for d in r["differences"])
        assert (shallower, inferred) == ((True, False) if depth < 6 else (False, True)), r["core"]


def test_seed002_storage_difference_appears_when_the_bram_differs(tmp_path):
    d = _copy(tmp_path)
    p = d / "proc" / "typea-512-W16-P4-d6.json"
    r = json.loads(p.read_text())
    r["xc6v"]["bram18"] = 5
    p.write_text(json.dumps(r))
    rows = [x for x in C.rows(str(d)) if x["core"] == "typea-512-W16-paper"]
    assert rows and all("storage: 5 RAMB18 against the paper's 4" in x["differences"] for x in rows)


def test_a_missing_report_is_a_typed_error_when_named(tmp_path):
    d = _copy(tmp_path)
    (d / "cores" / "s000-ca-eta2-239-d16.json").unlink()
    (d / "proc" / "typea-512-W16-P4-d3.json").unlink()
    rs = C.rows(str(d))  # the listing does not fail: the rows say what is missing
    assert by(rs, "s000-ca-eta2-239-d16")["ours"] is None
    assert by(rs, "typea-512-W16-P4-d3")["ours"] is None
    with pytest.raises(C.ReportMissingError, match="s000-ca-eta2-239-d16: no report"):
        C.rows(str(d), ["s000-ca-eta2-239-d16"])
    with pytest.raises(C.ReportMissingError, match="typea-512-W16-P4-d3: no report"):
        C.rows(str(d), ["typea-512-W16-P4-d3"])
    assert issubclass(C.ReportMissingError, CoreError) and issubclass(CoreError, PairkitError)
    with pytest.raises(CoreError, match="unknown core"):
        C.rows(str(d), ["no-such-core"])
    with pytest.raises(CoreError, match="no paper figure"):
        C.rows(str(d), ["toy-ss3-13-dl"])
    with pytest.raises(FileAccessError, match="not a directory"):
        C.rows(str(d / "cores" / "s000-ca-alg1-283-d32.json"))


def test_a_stale_report_is_a_typed_error_when_named(tmp_path):
    d = _copy(tmp_path)
    p = d / "cores" / "s004-alg10-m5x9.json"
    r = json.loads(p.read_text())
    r["units"] = "8 gf2_mul_chunked, 3 gf2_add, 2 gf2_sqr, 2 gf2_sqrt"
    p.write_text(json.dumps(r))
    row = by(C.rows(str(d)), "s004-alg10-m5x9")
    assert row["ours"] is None and "stale" in row["missing"] and "units" in row["missing"]
    with pytest.raises(C.ReportMissingError, match="s004-alg10-m5x9: .*stale"):
        C.rows(str(d), ["s004-alg10-m5x9"])


def test_never_a_figure_the_cache_lacks(tmp_path):
    d = _copy(tmp_path)
    p = d / "cores" / "s000-ca-alg1-283-d32.json"
    r = json.loads(p.read_text())
    for k in ("xc2vp", "ecp5", "pnr", "sim"):
        r.pop(k, None)
    p.write_text(json.dumps(r))
    o = by(C.rows(str(d)), "s000-ca-alg1-283-d32")["ours"]
    assert o["cycles"] == r["cycles"] and o["cycles_checked"] is None
    assert all(o[k] is None for k in ("lut", "lut_kind", "ff", "bram", "mhz", "mhz_source", "latency_us", "device"))


def test_markdown_and_text(rows):
    md = M.render_markdown(rows)
    assert M.cells_over(md) == [] and sum(1 for line in md if line.startswith("| `")) == len(rows)
    assert sum(1 for line in md if line.startswith("### Seed ")) == 5
    text = "\n".join(md)
    assert "units (decides like for like): Multiplier 2 runs at digit D1" in text
    # seed 002: the cycles beside the paper's ~9.0 M are not like for like (docs/PROC.md): program and pipeline
    assert (
        "| `typea-512-W16-P4-d2-montgomery` | Tables 5-6 (Virtex-6, per core) | 9,000,000 / 4,385,283 (verilator) "
        "| 1,850 / 1,360 LUT6 + 4 BRAM | 1,947 / 846 | 22,600 at 399 MHz / 119,165 at 36.8 MHz | no "
        "| lower, not like for like (-51.3%) |"
    ) in text
    assert "algorithm (decides like for like): pairkit's compiled typea-512 program (spec's Tate pairing" in text
    assert (
        "units (decides like for like): a shallower pipeline (d = 2) than the paper-depth core (d = 6): 846 FF (xc6v) "
        "against the paper's 1,947–2,207"
    ) in text
    assert "basis (decides like for like): the paper's cycles are derived, not counted" in text
    assert "68,225" in text and "9/2/4/2 (mul/cube/add/cbrt) against the paper's 9/1/4/1" in text
    assert not re.search(r"\bmet\b", "\n".join(line for line in md if line.startswith("| `s00")).replace("| met (", ""))
    txt = C.render_text(rows)
    assert txt.count("like for like: ") == len(rows)


def test_cells_over_finds_a_long_cell():
    """The cell check itself: a cell over the limit is found (with its line), a code span's ``|`` does not split
    a cell, an escaped ``\\|`` does not either."""
    ok = "| a | " + "x" * M.MAX_CELL + " |"
    assert M.cells_over(["text " + "y" * 900, ok]) == []
    assert M.cells_over([ok, "| a | " + "x" * (M.MAX_CELL + 1) + " |"]) == [(2, M.MAX_CELL + 1)]
    assert M.cells_over(["| `" + "a|" * 250 + "` |"]) == [(1, 502)]
    assert M.cells_over(["| " + "a\\|" * 150 + " |"]) == [(1, 450)]
    assert M.cut("z" * 1000) == "z" * (M.MAX_CELL - 1) + "…" and "|" not in M.cut("a|b")


def test_hardware_md_has_no_cell_over_400(monkeypatch):
    """HARDWARE.md readable at a glance: no table cell over 400 characters, in the committed document and in
    what the renderer writes from the cached reports now (``pairkit hw report --cached``, no tool run)."""
    from pairkit.reports import hw_cores
    from pairkit.reports.hw_units import load_results
    from pairkit.reports.hw_units_md import render

    def front(res, field, path):  # the Pareto front's cores, without writing the committed plots
        eq = hw_cores._lut_eq
        pts = [(r["cycles"], eq(r), n) for n, r in res.items() if r["set"] == field and eq(r)]
        return [p[2] for p in sorted(hw_cores.pareto(pts))]

    root = CACHE.parent
    assert M.cells_over((root / "HARDWARE.md").read_text().splitlines()) == []
    monkeypatch.setattr(hw_cores, "pareto_plot", front)
    monkeypatch.chdir(root)  # the renderer reads hw-report-cache/ relative to the checkout, as the command does
    md = render(load_results(str(CACHE)))
    assert "\n## Beside the papers" not in md and "\n### Beside the papers (`pairkit hw core compare`)" in md
    assert M.cells_over(md.splitlines()) == []
    assert not re.search(r"issue \d+", md)  # readers cannot see the issue tracker
    # seed 002's section says what docs/PROC.md says: fewer cycles than ~9.0 M, but not like for like
    assert (
        "beside the paper's ≈ 9.0 M cycles (≈ 43.3 ms × 208 MHz): 4,385,283 against 9,000,000, lower, not like for "
        "like (-51.3%): pairkit's compiled program, not the paper's (which it does not publish), on a shallower "
        "pipeline than the paper's (846 FF against its 1,947–2,207)"
    ) in md
    assert "**met** (4,385,283" not in md
    # the committed document is the renderer's output on the committed caches
    assert md == (root / "HARDWARE.md").read_text()


def test_cli(tmp_path):
    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "pairkit.cli", "hw", "core", "compare", *args],
            capture_output=True,
            text=True,
            timeout=120,
        )

    p = run("--json", "--reports-dir", str(CACHE), "--core", "s001-dl-9mul-list")
    assert p.returncode == 0, p.stderr
    (r,) = json.loads(p.stdout)["rows"]
    assert r["core"] == "s001-dl-9mul-list" and r["like_for_like"] is False
    d = _copy(tmp_path)
    (d / "cores" / "s001-dl-9mul-list.json").unlink()
    p = run("--reports-dir", str(d), "--core", "s001-dl-9mul-list")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().startswith("error: ReportMissingError: s001-dl-9mul-list: no report")
