"""``pairkit hw core compare``: the seeds' published figures and ours side by side, one row per (core, paper
table), computed from the cached reports (``hw-report-cache/cores/*.json``, ``hw-report-cache/proc/*.json``),
never typed in.

The paper's figures are the transcriptions the cores already carry (``instances``: each core's ``paper``),
``hw_papers`` (seed 004's clocks), ``reports.proc`` (seed 002 Table 5) and ``proc_array_md`` (seed 002's
cycles); the clocks, latencies, flip-flops and devices that were not transcribed yet are in :data:`PAPER_ROWS`
below, each with its table. Ours come only from the cached JSON: cycles (and which engine checked them),
LUT/FF/BRAM of the synthesis the paper's LUT kind calls for, Fmax only from a place and route. A hardware
figure without a clock is not a latency: ours ``latency_us`` is null unless the cache holds a measured Fmax.

Like for like (:func:`rows`): every difference between our core and the paper's design is a
:class:`Difference` with a category. The row is like for like only when none of them is in
:data:`DECIDING` (algorithm, field, unit mix with counts, digit sizes and latencies, storage counted the
paper's way, counting basis); the others (tool, schedule, interconnect, clock, what the paper gives) are
listed but do not decide. Verdicts: ``met`` / ``missed`` (with the relative difference) where the figure is
comparable (cycles: algorithm, field and units match; LUT: the row is like for like; latency: cycles
comparable and both clocks measured on the same device), else ``lower`` / ``higher, not like for like``,
``not measured`` (ours null) or ``no paper figure``.

A core whose report is missing or stale (measured for another unit mix, pairing, unroll, binding or paper
transcription than the core has now): in the default listing its row has ``"ours": null`` and ``missing``
says what is missing; asked for by name (``cores=[...]``, ``--core``) it is a :class:`ReportMissingError`.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from pairkit import checkout
from pairkit.errors import FileAccessError
from pairkit.hw.core import instances
from pairkit.hw.core.breakdown import parts
from pairkit.hw.core.errors import CoreError
from pairkit.hw.proc.rtl.layout import PAPER_DEPTH, PAPER_DEPTH_CONFIG, PAPER_DEPTH_NAME
from pairkit.reports import hw_compare_003 as c003
from pairkit.reports import hw_compare_004 as c004
from pairkit.reports.hw_cores_interconnect import before_binding, check_003, lut6_of, where_16
from pairkit.reports.hw_papers import FF_LUT, SEED001_T2, SEED004, SEED004_FMAX
from pairkit.reports.proc import PAPER as PROC_PAPER
from pairkit.reports.proc_array_md import PAPER_CYCLES as PROC_PAPER_CYCLES

DEFAULT_DIR = "hw-report-cache"
#: the per-block timing of the cores (pairkit.hw.core.blocktime.CACHE_FILE, in cores/)
TIMING_FILE = "_blocks-timing.json"


def default_dir() -> str:
    """The caches of the checkout in the current directory, else of the checkout pairkit was loaded from, else
    ``hw-report-cache`` here (every row then missing)."""
    cwd = Path.cwd()
    root = cwd if checkout.is_checkout(cwd) else checkout.package_checkout()
    return os.path.join(str(root), DEFAULT_DIR) if root is not None else DEFAULT_DIR


#: the categories that decide like for like (the issue's: algorithm, field, unit mix, storage, counting basis)
DECIDING = ("algorithm", "field", "units", "storage", "basis")
#: the categories that decide whether the cycles compare
CYCLES_DECIDING = ("algorithm", "field", "units")
#: what a latency verdict on a per-block clock says (:func:`verdict`)
TIMING_VERDICT = "per-block timing on ECP5, device differs"
#: the longest Markdown table cell of HARDWARE.md (hw_compare_md renders the rows there)
MAX_CELL = 400


class ReportMissingError(CoreError):
    """A core asked for by name whose cached report is missing or stale: the message names the core and what
    is missing (and the command that measures it)."""


@dataclass(frozen=True)
class Difference:
    category: str  # DECIDING or: tool, schedule, interconnect, clock, cycles, paper
    text: str

    def __str__(self) -> str:
        return f"{self.category}: {self.text}"


# ------------------------------------------------------------------------------ the paper's rows (transcribed)

_T000 = "seed 000 Table 3 (latency x clock)"
_DEV000 = "XC2VP100-6 (Virtex-II Pro), ISE 7.1 place and route"
_DEV003 = "xc6vlx365t-3 (Virtex-6), ISE 12.4"
_DEV004 = "XC7VX690T-2 (Virtex-7), Vivado 2023.1 post-synthesis, out of context"
_T004 = "seed 004 Tables 4, 5, 7 (post-synthesis, Virtex-7)"

#: what the cores' ``paper`` transcriptions lack, keyed by (their ``seed``, their cycles or loop cycles):
#: the algorithm and field the row describes, the clock (MHz), the latency (µs) and flip-flops as the paper's
#: own table gives them, the device; seed 003 also the Miller loop (#CC for ML)
PAPER_ROWS: dict[tuple, dict] = {
    # seed 000 Table 3: FF, LUT, slices, f (MHz), latency (µs)
    (_T000, 2870): {
        "alg": "eta-alg2",
        "set": "ss2-239",
        "D": 16,
        "mhz": 84,
        "latency_us": 34,
        "ff": 14226,
        "device": _DEV000,
    },
    (_T000, 3520): {
        "alg": "tate-alg1",
        "set": "ss2-283",
        "D": 32,
        "mhz": 72,
        "latency_us": 49,
        "ff": 13007,
        "device": _DEV000,
    },
    (_T000, 3790): {
        "alg": "eta-alg2",
        "set": "ss2-283",
        "D": 16,
        "mhz": 56,
        "latency_us": 70,
        "ff": 16563,
        "device": _DEV000,
    },
    (_T000, 4700): {
        "alg": "tate-alg1",
        "set": "ss2-239",
        "D": 16,
        "mhz": 100,
        "latency_us": 47,
        "ff": 10981,
        "device": _DEV000,
    },
    (_T000, 2739): {
        "alg": "tate-alg1",
        "set": "ss2-239",
        "D": 32,
        "mhz": 83,
        "latency_us": 33,
        "ff": 11077,
        "device": _DEV000,
    },
    (_T000, 6384): {
        "alg": "tate-alg1",
        "set": "ss2-283",
        "D": 16,
        "mhz": 84,
        "latency_us": 76,
        "ff": 12995,
        "device": _DEV000,
    },
    # seed 001 Tables 3-4: loop-body schedules of estimated units; no clock, no device
    ("seed 001 Table 4", 10476): {
        "alg": "duursma-lee",
        "set": "ss3-97",
        "mix": {"mul": 5, "cube": 1, "add": 4, "cbrt": 1},
        "device": "none: an estimate (units of Table 2 and 32 registers), not synthesized",
    },
    ("seed 001 Table 3", 8439): {
        "alg": "duursma-lee",
        "set": "ss3-97",
        "mix": {"mul": 9, "cube": 1, "add": 4, "cbrt": 1},
        "device": "none: an estimate (units of Table 2 and 32 registers), not synthesized",
    },
    ("seed 001 Table 4", 41322): {  # Table 4's first row, T = 426; section 5: "426 x 97 = 41,322"
        "alg": "duursma-lee",
        "set": "ss3-97",
        "mix": {"mul": 1, "cube": 1, "add": 1, "cbrt": 1},
        "device": "none: an estimate (units of Table 2 and 32 registers), not synthesized",
    },
    # seed 003 Tables 4 and 7: max. freq. (MHz), time (µs), #CC for ML; Table 2 the multipliers' cycles
    ("seed 003 Table 4 (Virtex-6)", 40320): {
        "alg": "eta-t",
        "set": "ss2-1223",
        "mhz": 271,
        "latency_us": 148.78,
        "miller": 38562,
        "mul_cycles": 9,
        "device": _DEV003,
    },
    ("seed 003 Table 4 (Virtex-6)", 27308): {
        "alg": "eta-t",
        "set": "ss2-1223",
        "mhz": 267,
        "latency_us": 102.40,
        "miller": 25710,
        "mul_cycles": 6,
        "device": _DEV003,
    },
    ("seed 003 Table 7 (Virtex-6)", 23772): {
        "alg": "eta-t",
        "set": "ss2-1223",
        "mhz": 271,
        "latency_us": 87.719,
        "miller": 22040,
        "mul_cycles": 9,
        "device": _DEV003,
    },
    # seed 004 Table 5 (latency, ms) and Table 7 (hw_papers.SEED004_FMAX)
    (_T004, 30716): {"alg": "tate-alg10", "set": "ss2-283b1", "M": "M5", "latency_us": 190, "device": _DEV004},
    (_T004, 20797): {"alg": "tate-alg10", "set": "ss2-283b1", "M": "M4", "latency_us": 120, "device": _DEV004},
}

#: seed 003 section 6's text for the DMOCI processor: "requires 68,225 LUTs and can compute pairing operation
#: in just 87.808 µs" (Table 7 of the same paper: 75,017 LUTs, 87.719 µs)
SEED003_DMOCI_TEXT = {"table": "seed 003 section 6 (text)", "lut": 68225, "latency_us": 87.808}

#: seed 002 Table 6: latency (ms) of one core on the Virtex-6 (22.6) and the Virtex-5 (43.3)
SEED002_LATENCY_MS = {"v6": 22.6, "v5": 43.3}
#: seed 002's processor cores reported (HARDWARE.md's seed 002 section): (W, P, d, reduction)
PROC_CORES = tuple((16, 4, d, red) for d in (2, 3) for red in ("barrett", "montgomery")) + (PAPER_DEPTH_CONFIG,)

# ------------------------------------------------------------------------------------------------ the rows


@dataclass
class Row:
    core: str
    seed: str
    paper: dict
    ours: dict | None
    differences: list = field(default_factory=list)  # of Difference
    notes: list = field(default_factory=list)
    missing: str | None = None

    @property
    def like_for_like(self) -> bool:
        return not any(d.category in DECIDING for d in self.differences)

    def comparable(self, what: str) -> bool:
        cats = {d.category for d in self.differences}
        if what == "cycles":
            return not cats & set(CYCLES_DECIDING)
        if what == "lut":
            return self.like_for_like
        return self.comparable("cycles") and "clock" not in cats

    def as_dict(self) -> dict:
        out = {
            "core": self.core,
            "seed": self.seed,
            "paper": self.paper,
            "ours": self.ours,
            "like_for_like": self.like_for_like,
            "differences": [str(d) for d in self.differences],
            "verdict": {k: verdict(self, k) for k in ("cycles", "lut", "latency")},
        }
        if self.notes:
            out["notes"] = list(self.notes)
        if self.missing:
            out["missing"] = self.missing
        return out


_FIGURE = {"cycles": "cycles", "lut": "lut", "latency": "latency_us"}


def verdict(row: Row, what: str) -> str:
    """``met (-0.3%)``, ``missed (+1.8%)``, ``lower, not like for like (-5.0%)``, ``higher, not like for like
    (+2.0%)``, ``not measured`` or ``no paper figure``. A latency on a per-block clock (a ``timing`` difference,
    :mod:`pairkit.hw.core.blocktime`) is met or missed when the cycles compare, and says how it was measured:
    ``missed (+35.0%; per-block timing on ECP5, device differs)``."""
    p = row.paper.get(_FIGURE[what])
    o = None if row.ours is None else row.ours.get(_FIGURE[what])
    if p is None:
        return "no paper figure"
    if o is None:
        return "not measured"
    d = f"({(o - p) / p:+.1%})"
    if what == "latency" and any(x.category == "timing" for x in row.differences):
        # a per-block clock on an ECP5 against a Virtex's (issue 35 item 3: "the stated per-block method")
        if row.comparable("cycles"):
            return f"{'met' if o <= p else 'missed'} {d[:-1]}; {TIMING_VERDICT})"
        return f"{'lower' if o <= p else 'higher'}, not like for like {d}"
    if row.comparable(what):
        return f"{'met' if o <= p else 'missed'} {d}"
    return f"{'lower' if o <= p else 'higher'}, not like for like {d}"


def _n(x) -> str:
    return "—" if x is None else f"{x:,}" if isinstance(x, int) else f"{x:g}" if isinstance(x, float) else str(x)


def _load(path: str) -> dict | None:
    if not os.path.exists(path):
        return None
    with open(path) as fh:
        return json.load(fh)


def _stale(cfg, r: dict) -> str | None:
    """What in the cached report ``r`` differs from core ``cfg`` as configured now (None: current)."""
    want = {
        "set": cfg.set_id,
        "alg": cfg.alg,
        "units": cfg.mix_str(),
        "unroll": cfg.unroll,
        "binding": cfg.binding,
        "paper": cfg.paper,
    }
    got = dict(r, binding=r.get("binding", "first-fit"))
    bad = [k for k, v in want.items() if got.get(k) != v]
    if bad:
        return f"stale: measured with another {', '.join(bad)} than the core has now"
    if not isinstance(r.get("cycles"), int):
        return "no cycle count"
    return None


def _check(r: dict) -> str | None:
    """Which engine confirmed the cycles: verilator (RTL cycles equal to the micro-code's), interp, or None."""
    sim = r.get("sim") or {}
    if not sim.get("ok"):
        return None
    if sim.get("engine") == "verilator" and sim.get("rtl_cycles") == r.get("cycles"):
        return "verilator"
    if sim.get("engine") == "interp":
        return "interp"
    return None


def _clock(r: dict, cycles) -> tuple:
    """(MHz, its source, latency µs, a Difference: why there is no clock, or how the per-block clock was measured)
    from the cached place and route: the whole core's (``pnr``), else the per-block timing
    (:mod:`pairkit.hw.core.blocktime`, ``_blocks_timing``: the core built for its target clock, every block
    boundary registered; the latency counts that core's cycles)."""
    p = r.get("pnr") or {}
    if p.get("fmax_mhz") and cycles:
        mhz = p["fmax_mhz"]
        return (
            mhz,
            f"nextpnr-ecp5 place and route, LFE5U-85F ({p.get('router', 'router1')})",
            round(cycles / mhz, 2),
            None,
        )
    bt = r.get("_blocks_timing") or {}
    if bt.get("fmax_mhz") and cycles:
        mhz = bt["fmax_mhz"]
        timed = _timed_cycles(r, bt, cycles)
        miller = timed != bt["cycles"]
        return mhz, blocks_source(bt), round(timed / mhz, 2), Difference("timing", blocks_text(bt, miller))
    why = "place and route " + (p.get("reason") or p.get("status") or "never run (pairkit hw core report --pnr)")
    if bt:  # the per-block figure first: it is what was tried last
        why = f"per-block timing: {bt.get('status')}; whole-core {why}"
    return (
        None,
        None,
        None,
        Difference("clock", f"no measured clock, so no latency: {why if len(why) <= 176 else why[:175] + '…'}"),
    )


def _timed_cycles(r: dict, bt: dict, cycles: int) -> int:
    """The cycles of the core timed block by block that stand for ``cycles`` of the row: its Miller loop when the
    row counts the loop (seed 001), else its whole pairing."""
    miller = cycles == r.get("miller_cycles") and cycles != r.get("cycles")
    return bt["miller_cycles"] if miller else bt["cycles"]


def _version(tool: str | None) -> str:
    """``nextpnr-0.11.1-native`` out of nextpnr's ``--version`` line (the line itself when it has no version)."""
    t = tool or "version unknown"
    return t.rsplit("(Version ", 1)[-1].rstrip(")") if "(Version " in t else t


def blocks_source(bt: dict) -> str:
    """ours.mhz_source of a per-block clock."""
    return f"{bt['method']}, {bt['device']}, nextpnr-ecp5 {_version(bt.get('tool'))}"


def blocks_text(bt: dict, miller: bool = False) -> str:
    """The difference that names the per-block method: what was timed, what it omits, which boundaries the
    generated core registers and which are assumed."""
    stages = bt.get("pipeline") or {}
    on = [k.replace("_regs", "") for k in ("operand_regs", "mux_regs", "output_regs") if stages.get(k)]
    cyc = bt["miller_cycles"] if miller else bt["cycles"]
    assumed = [b.removeprefix("assumed: ") for b in bt.get("boundaries", []) if b.startswith("assumed: ")]
    return (
        f"clock from {bt['method']} (not a whole-core place and route): each of {len(bt['blocks'])} distinct blocks "
        f"alone, registers on every input and output, nextpnr-ecp5 on an {bt['device']}; the minimum, "
        f"{bt['fmax_mhz']:g} MHz, is the {bt['critical']}; the core timed is built for a {bt['target_mhz']:g} MHz "
        f"target ({', '.join(on) or 'no'} registers), so the latency counts its {cyc:,} "
        f"{'Miller-loop ' if miller else ''}cycles; omits {bt['omits']}; assumed registered: {'; '.join(assumed)}"
    )


def _ours(r: dict, cycles, lut, lut_kind, ff, bram, device) -> tuple:
    mhz, src, lat, nodiff = _clock(r, cycles)
    ours = {
        "cycles": cycles,
        "cycles_checked": _check(r) if cycles is not None else None,
        "lut": lut,
        "lut_kind": lut_kind if lut is not None else None,
        "ff": ff,
        "bram": bram,
        "mhz": mhz,
        "mhz_source": src,
        "latency_us": lat,
        "device": device,
    }
    bt = r.get("_blocks_timing") or {}
    if mhz and nodiff is not None and nodiff.category == "timing":
        ours["latency_cycles"] = _timed_cycles(r, bt, cycles)
    if bt and not (r.get("pnr") or {}).get("fmax_mhz"):
        ours["per_block"] = [
            {k: b.get(k) for k in ("label", "count", "lut", "ff", "bram", "fmax_mhz", "status")} for b in bt["blocks"]
        ]
    if lat is not None and lut is not None:
        ours["area_latency"] = round(lut * lat)  # LUT × µs
    return ours, nodiff


def _missing(name: str, what: str, measure: str) -> str:
    return f"{name}: {what} ({measure})"


def _unit(cfg, unit: str):
    return [u for u in cfg.units if u.unit == unit]


# ---------------------------------------------------------------------------------------------- per seed


def _diff_common(cfg, row_paper: dict) -> list:
    out = []
    if cfg.alg != row_paper["alg"]:
        out.append(Difference("algorithm", f"{cfg.alg} against the paper's {row_paper['alg']}"))
    if cfg.set_id != row_paper["set"]:
        out.append(Difference("field", f"{cfg.set_id} against the paper's {row_paper['set']}"))
    return out


def _storage_bram(bram, where: str) -> list:
    if bram:
        return [
            Difference(
                "storage",
                f"our micro-code ROM{where} sits in block RAM (ours.bram), outside the LUT count "
                "(the paper's table lists no block RAM)",
            )
        ]
    return []


def _seed000(cfg, r, extra) -> tuple:
    diffs = _diff_common(cfg, extra)
    ca = _unit(cfg, "f4_sqr_mul_ca")
    D1 = extra["D"]
    if ca:
        cap = dict(ca[0].params)
        if cap.get("D") != D1 or cap.get("scheme", 1) != 1:
            diffs.append(
                Difference(
                    "units",
                    f"C·A unit scheme {cap.get('scheme', 1)}, D = {cap.get('D')} "
                    f"against the paper's scheme 1, D1 = {D1}",
                )
            )
        muls = [dict(u.params).get("D") for u in _unit(cfg, "gf2_mul_msd") for _ in range(u.count)]
        if len(muls) >= 2 and muls[1] != D1 // 4:
            diffs.append(
                Difference(
                    "units",
                    f"Multiplier 2 runs at digit D1 = {muls[1]}, not the paper's D2 = "
                    f"D1/4 = {D1 // 4} (Multipliers 1/2: {' and '.join(map(str, muls))})",
                )
            )
        if cfg.alg == "eta-alg2" and not _unit(cfg, "f4_sqr_chain"):
            diffs.append(Difference("units", "no F_{2^4m} squarer chain (the paper's C^{2^4} per cycle)"))
        diffs.append(
            Difference(
                "interconnect",
                "every unit input multiplexes the registers the schedule reads "
                "there; the paper's register files and interconnection network (Fig. 1) are "
                "designed by hand",
            )
        )
    else:
        n = sum(u.count for u in _unit(cfg, "gf2_mul_msd"))
        diffs.append(
            Difference(
                "units",
                f"no C·A unit: {n} separate D = {D1} MSD multipliers (every F_{{2^4m}} "
                "product as six GF(2^m) products and its sums as separate additions), no F_{2^4m} "
                "squarer; the paper's C·A unit, Multipliers 1/2 at D1 and D2 = D1/4",
            )
        )
    inv = _unit(cfg, "gf2_inv")
    if inv and dict(inv[0].params).get("D") != D1 // 2:
        diffs.append(
            Difference("units", f"inverter D3 = {dict(inv[0].params).get('D')} against the paper's D1/2 = {D1 // 2}")
        )
    diffs.append(
        Difference(
            "schedule",
            f"list-scheduled micro-code, {cfg.unroll} iteration(s) per pass"
            + (", retimed loop" if cfg.retime else "")
            + "; the paper's hand-designed control",
        )
    )
    if cfg.binding != "first-fit":
        diffs.append(
            Difference(
                "interconnect", f"registers bound by the {cfg.binding} binding ({cfg.spare_regs} spare registers)"
            )
        )
    if r is None:
        return None, diffs, []
    x, e = r.get("xc2vp") or {}, r.get("ecp5") or {}
    if x.get("lut"):
        flow = f" {x['flow']}" if x.get("flow") else ", wide LUTs"
        dev = f"Virtex-II Pro (Yosys synth_xilinx -family xc2vp{flow}, post-synthesis)"
        ours, nod = _ours(r, r["cycles"], x["lut"], "LUT4", x.get("ff"), x.get("bram"), dev)
        if not x.get("flow"):
            diffs.append(
                Difference(
                    "basis",
                    "Yosys's default xc2vp mapping builds LUT5-LUT8 out of LUT4 and "
                    "MUXF5-F8 (more LUT4 on XOR networks); ISE maps neither way",
                )
            )
        diffs += _storage_bram(x.get("bram"), "")
    elif e.get("lut"):
        ours, nod = _ours(
            r, r["cycles"], e["lut"], "LUT4", e.get("ff"), e.get("bram"), "ECP5 (Yosys synth_ecp5, post-synthesis)"
        )
        diffs.append(
            Difference(
                "basis",
                "ECP5 LUT4 (Yosys synth_ecp5, with PFUMX wide multiplexers) against the paper's Virtex-II Pro LUT4",
            )
        )
        diffs += _storage_bram(e.get("bram"), "")
    else:
        ours, nod = _ours(r, r["cycles"], None, None, None, None, None)
        # without a synthesis, where the micro-code ROM sits (LUTs or block RAM) is unknown: not like for like
        # until it is measured, rather than "yes" by default
        diffs.append(Difference("storage", "not synthesized: the micro-code ROM's storage (LUT or BRAM) unmeasured"))
    diffs.append(Difference("tool", "Yosys post-synthesis LUT4 against ISE 7.1's place-and-route count"))
    if nod:
        diffs.append(nod)
    return ours, diffs, _notes_000(r)


def _notes_000(r: dict) -> list:
    """Where a seed 000 core's LUT4 go (its own breakdown, when cached) and its figures before its binding
    changed (when recorded)."""
    notes = []
    b = r.get("breakdown") or {}
    if b.get("total"):
        lut = {p: n for _, p, n, _ in parts(b)}
        tot = b["total"]["lut"]
        mux = lut.get("operand multiplexers", 0) + lut.get("registers and write multiplexers", 0)
        notes.append(
            f'where the LUT4 go (breakdown, Virtex-II Pro LUT4, "Where the area goes"): the operand '
            f"multiplexers and the register file with its write multiplexers {mux:,} of {tot:,} ({mux / tot:.0%}): "
            "every unit input multiplexes the registers the schedule reads there; the C·A unit with its input "
            f"squarer {lut.get('sca0', 0):,}"
        )
    if r.get("before"):
        notes.append(before_binding(r).lstrip("; "))
    return notes


def _seed001(cfg, r, extra) -> tuple:
    diffs = _diff_common(cfg, extra)
    mix = {u.op: u.count for u in cfg.units}
    if mix != extra["mix"]:
        order = ("mul", "cube", "add", "cbrt")
        diffs.append(
            Difference(
                "units",
                f"mix {'/'.join(str(mix.get(k, 0)) for k in order)} (mul/cube/add/cbrt) "
                f"against the paper's {'/'.join(str(extra['mix'][k]) for k in order)}",
            )
        )
    lat = {op: cfg.latency(op) for op in mix}
    off = [
        f"{op} {lat[op]} clk (Table 2: {SEED001_T2[op][1]})"
        for op in lat
        if op in SEED001_T2 and lat[op] != SEED001_T2[op][1]
    ]
    if off:
        diffs.append(Difference("units", "unit latencies differ: " + ", ".join(off)))
    diffs.append(
        Difference(
            "basis",
            "the paper's area is an estimate of the units (Table 2, I/O buffers "
            "included) and 32 registers, without control or final exponentiation; ours the whole "
            "synthesized core (units, registers, operand and write multiplexers, controller), "
            "ECP5 LUT4 + ⌈4/3 FF⌉",
        )
    )
    sched = "CP-SAT" if cfg.scheduler == "exact" else "list"
    diffs.append(
        Difference(
            "schedule",
            f"{sched} schedule, {cfg.unroll} iteration(s) per pass"
            + ("" if cfg.unroll == 1 else " (iterations overlap; the paper schedules one loop body)"),
        )
    )
    if r is None:
        return None, diffs, []
    e = r.get("ecp5") or {}
    lut = e["lut"] + math.ceil(FF_LUT * e["ff"]) if "lut" in e and "ff" in e else None
    ours, nod = _ours(
        r,
        r["miller_cycles"],
        lut,
        "LUT-eq",
        e.get("ff"),
        e.get("bram"),
        "ECP5 (Yosys synth_ecp5, post-synthesis)" if lut is not None else None,
    )
    diffs += _storage_bram(e.get("bram"), "")
    notes = [
        f"cycles: the Miller loop, as the paper counts it (T × 97); our whole pairing, with the final "
        f"exponentiation, is {r['cycles']:,} cycles"
    ]
    if nod:
        diffs.append(nod)
    return ours, diffs, notes


def _seed003(cfg, r, extra) -> tuple:
    diffs = _diff_common(cfg, extra)
    mul = next(u for u in cfg.units if u.unit in ("gf2_mul_tmvp", "gf2_dmoci"))
    if cfg.cycles(mul.op) != extra["mul_cycles"]:
        diffs.append(
            Difference("units", f"multiplier {cfg.cycles(mul.op)} cycles against the paper's {extra['mul_cycles']}")
        )
    if cfg.bank_map is not None:  # seed 003's BAU/ISU/DHU organisation (hw_compare_003.py)
        diffs += [Difference(c, t) for c, t in (*c003.units(cfg), *c003.interconnect(cfg, r))]
    else:
        chains = [
            f"{u.count} × {u.unit} (k = {dict(u.params).get('k')})"
            for u in cfg.units
            if u.unit in ("gf2_sqr_chain", "gf2_sqrt_chain")
        ]
        adders = sum(u.count for u in _unit(cfg, "gf2_add"))
        diffs.append(
            Difference(
                "units",
                f"{', '.join(chains)} the paper does not have, {adders} adders, "
                f"{sum(u.count for u in _unit(cfg, 'gf2_sqrt'))} square roots; the paper's BAU: one "
                "multiplier, one adder, two squarers in series, its ISU the square roots one per cycle",
            )
        )
    diffs.append(
        Difference(
            "schedule",
            f"list schedule, {cfg.unroll} iterations per pass, retimed, every "
            "operation sunk to its latest start; the paper's hand schedule",
        )
    )
    if cfg.buses:
        diffs.append(
            Difference("interconnect", f"{cfg.buses} read buses (at most {cfg.buses} registers read per step)")
        )
    if cfg.write_banks or cfg.read_banks:
        diffs.append(
            Difference(
                "interconnect",
                (
                    "write banks (each register written by one unit output)"
                    if cfg.write_banks
                    else f"{cfg.read_banks} read banks"
                ),
            )
        )
    if cfg.binding != "first-fit":
        diffs.append(Difference("interconnect", f"the {cfg.binding} binding (fewer multiplexer inputs)"))
    if r is None:
        return None, diffs, []
    lut, ff, how = lut6_of(r)
    b = r.get("blocks") or {}
    ours, nod = _ours(
        r,
        r["cycles"],
        lut,
        "LUT6",
        ff,
        b.get("bram") if lut is not None else None,
        f"Virtex-6 (Yosys: {how})" if lut else None,
    )
    ml, pml = r["miller_cycles"], extra["miller"]
    diffs.append(
        Difference(
            "cycles",
            f"the Miller loop {'misses' if ml > pml else 'meets'}: {ml:,} against the "
            f"paper's {pml:,} ({(ml - pml) / pml:+.1%}); the total "
            + (
                "is met only through the shorter final exponentiation the chains give"
                if ml > pml and r["cycles"] <= extra["cycles"]
                else "follows the loop"
            )
            + (c003.cause(r, ml > pml) if cfg.bank_map is not None else ""),
        )
    )
    if cfg.bank_map is not None:
        diffs += [Difference(c, t) for c, t in c003.storage(cfg, r)]
    else:
        diffs.append(
            Difference(
                "storage",
                f"{r['registers']} registers of 1,223 bits in one register file against the "
                "paper's 18 in its BAU/ISU/DHU banks",
            )
        )
    diffs += _storage_bram(b.get("bram"), " (and the controller's counters)")
    if lut is not None:
        diffs.append(
            Difference(
                "basis",
                "a sum of separately synthesized blocks (no optimisation across blocks, "
                "the multiplier standalone) against ISE 12.4's whole-design count",
            )
        )
    if nod:
        diffs.append(nod)
    inv = r.get("inversion_cycles") or 0
    notes = [
        f"our cycles: Miller loop {ml:,}, inversion {inv:,}, the rest {r['final_exp_cycles'] - inv:,}; checked: "
        f"{check_003(r)}"
    ]
    where = where_16(r, lut is not None and lut > cfg.paper.get("area_lut6", 0))
    if where:
        notes.append(f"LUT6 {where.lstrip('; ')}")
    return ours, diffs, notes


def _seed004(cfg, r, extra) -> tuple:
    diffs = _diff_common(cfg, extra)
    if cfg.alg != extra["alg"]:
        diffs[-1] = Difference(
            "algorithm", "Alg. 9 (square roots in the loop) against the paper's Alg. 10 (square roots precomputed)"
        )
    diffs.append(
        Difference(
            "algorithm",
            "the final exponentiation's F_{2^4m} inverse is the spec's norm method (seed 003 Alg. 3: 10M + 3S + 1I), "
            "the paper's Alg. 8 three F_{2^4m} products, the Frobenius and a GF(2^m) inverse",
        )
    )
    paper_mix = c004.is_paper_mix(cfg)
    K = dict(_unit(cfg, "gf2_mul_chunked")[0].params).get("K")
    name = {4: "M5", 3: "M4"}.get(int(K or 0), f"K = {K}")
    if paper_mix:
        diffs += [Difference(c, t) for c, t in c004.mix_differences(cfg, extra["M"])]
    else:
        n = sum(u.count for u in _unit(cfg, "gf2_mul_chunked"))
        rest = ", ".join(f"{u.count} {u.unit}" for u in cfg.units if u.unit != "gf2_mul_chunked")
        diffs.append(
            Difference(
                "units",
                f"{n} {name} multipliers shared by every operation (one datapath; {rest}) "
                f"against the paper's system (section 5): an F_{{2^4m}} multiplier of 9 {extra['M']}, an "
                "F_{2^4m} inverter with its own GF(2^m) inverter, an exponentiator, 6 more "
                f"{extra['M']} and 2 squarers",
            )
        )
        paper_cyc = SEED004["M5" if extra["M"] == "M5" else "M3/M4"][2]
        mc = cfg.cycles("mul")
        if paper_cyc and mc != paper_cyc:
            diffs.append(
                Difference(
                    "units",
                    f"our {name} multiplier takes {mc} cycles against the {paper_cyc} "
                    "hw_papers.SEED004 derives from the paper's text (its FSM's states per word)",
                )
            )
    diffs.append(
        Difference("schedule", f"list-scheduled micro-code, {cfg.unroll} iteration(s) per pass; the paper's FSMs")
    )
    if r is None:
        return None, diffs, []
    x = r.get("xilinx") or {}
    fam = x.get("family", "xc7")
    ours, nod = _ours(
        r,
        r["cycles"],
        x.get("lut"),
        "LUT6",
        x.get("ff"),
        x.get("bram"),
        f"7 series (Yosys synth_xilinx -family {fam}, post-synthesis)" if x.get("lut") else None,
    )
    if paper_mix:
        diffs += [Difference(c, t) for c, t in c004.storage_differences(cfg, x)]
    elif x.get("bram"):
        what = "square-root tables and micro-code ROM sit" if cfg.streams else "micro-code ROM sits"
        diffs.append(
            Difference(
                "storage",
                f"our {what} in {x['bram']} block RAM outside the LUT count; the paper stores its "
                'precomputed square roots "into LUTs" (counted)',
            )
        )
    diffs.append(Difference("tool", "Yosys synth_xilinx post-synthesis LUT6 against Vivado 2023.1's"))
    if cfg.streams:
        diffs.append(Difference("cycles", "our cycles include the prologue that fills the tables"))
    if nod:
        diffs.append(nod)
    notes = [n for n in (c004.storage_note(x),) if n]
    if paper_mix:
        notes.append(c004.cycles_note(r, extra["cycles"]))
        lut = c004.lut_note(cfg, x, cfg.paper["area_lut6"], extra["cache_dir"])
        notes += [lut] if lut else []
    if not paper_mix:
        notes.append(
            "beyond the paper's architecture: a shared datapath of our own mix, its memories in block RAM "
            "(the paper's own unit mix: the s004-*-paper rows)"
        )
    return ours, diffs, notes


_SEEDS = {
    "seed 000": ("000", _seed000),
    "seed 001": ("001", _seed001),
    "seed 003": ("003", _seed003),
    "seed 004": ("004", _seed004),
}


def _paper_dict(p: dict, extra: dict) -> dict:
    if "loop_cycles" in p:  # seed 001: the loop, an estimate in LUT-eq
        return {
            "table": p["seed"],
            "cycles": p["loop_cycles"],
            "lut": p.get("area_lut"),
            "lut_kind": "LUT-eq" if p.get("area_lut") else None,
            "ff": None,
            "bram": None,
            "mhz": None,
            "latency_us": None,
            "area_latency": None,
            "device": extra["device"],
        }
    lut6 = "area_lut6" in p
    ff = p.get("ff", extra.get("ff"))
    mhz = SEED004_FMAX[extra["M"]] if "M" in extra else extra.get("mhz")
    lut, lat = p["area_lut6"] if lut6 else p["area_lut4"], extra.get("latency_us")
    return {
        "area_latency": round(lut * lat) if lut is not None and lat is not None else None,
        "table": p["seed"],
        "cycles": p["cycles"],
        "lut": p["area_lut6"] if lut6 else p["area_lut4"],
        "lut_kind": "LUT6" if lut6 else "LUT4",
        "ff": ff,
        "bram": None,
        "mhz": mhz,
        "latency_us": extra.get("latency_us"),
        "device": extra["device"],
    }


def _with_timing(r: dict | None, name: str, timing: dict) -> dict | None:
    """The cached report ``r`` with core ``name``'s per-block timing (``_blocks_timing``) when the timing file
    has it for the core as cached (its core without a target has the report's cycles; else stale, left out)."""
    bt = (timing.get("cores") or {}).get(name)
    if r is None or not bt:
        return r
    if bt.get("base_cycles") != r.get("cycles"):
        bt = dict(bt, fmax_mhz=None, status=f"stale: timed for a core of {bt.get('base_cycles')} cycles")
    return dict(r, _blocks_timing=bt)


def _device_differs(diffs: list, paper_device: str) -> None:
    """Name the device in the per-block timing's difference (the papers' are Xilinx devices, or none)."""
    for i, d in enumerate(diffs):
        if d.category == "timing":
            what = (
                "the paper gives no device (an estimate)"
                if paper_device.startswith("none")
                else f"device differs: ECP5 LFE5U-85F against the paper's {paper_device}"
            )
            diffs[i] = Difference("timing", f"{d.text}; {what}")


def _core_rows(cfg, cache_dir: str, timing: dict | None = None) -> list:
    p = cfg.paper
    key = (p.get("seed"), p.get("loop_cycles", p.get("cycles")))
    if key not in PAPER_ROWS:
        return []
    extra = dict(PAPER_ROWS[key], cycles=key[1], cache_dir=cache_dir)
    seed, build = _SEEDS[p["seed"][:8]]
    path = os.path.join(cache_dir, "cores", f"{cfg.name}.json")
    r = _load(path)
    missing = None
    if r is None:
        missing = _missing(cfg.name, f"no report {path}", f"pairkit hw core report --core {cfg.name}")
    elif _stale(cfg, r):
        missing = _missing(cfg.name, f"{path}: {_stale(cfg, r)}", f"pairkit hw core report --core {cfg.name}")
        r = None
    ours, diffs, notes = build(cfg, _with_timing(r, cfg.name, timing or {}), extra)
    _device_differs(diffs, extra["device"])
    rows = [Row(cfg.name, seed, _paper_dict(p, extra), ours, diffs, notes, missing)]
    if key == ("seed 003 Table 7 (Virtex-6)", 23772):  # the same processor in the text: a second paper row
        text = dict(
            rows[0].paper,
            table=SEED003_DMOCI_TEXT["table"],
            cycles=None,
            mhz=None,
            lut=SEED003_DMOCI_TEXT["lut"],
            latency_us=SEED003_DMOCI_TEXT["latency_us"],
        )
        d2 = diffs + [
            Difference(
                "paper",
                "the text of section 6 gives 68,225 LUTs and 87.808 µs for the DMOCI "
                "processor, Table 7 75,017 LUTs and 87.719 µs",
            )
        ]
        rows[0].differences = diffs + [
            Difference(
                "paper", "Table 7's 75,017 LUTs; the text of section 6 gives 68,225 for the same processor (next row)"
            )
        ]
        rows.append(Row(cfg.name, seed, text, ours, d2, list(notes), missing))
    return rows


# ------------------------------------------------------------------------------------------- seed 002


def _proc_file(W, P, d, red) -> str:
    """The cache's name (``pairkit proc report``: hw-report-cache/proc/<name>.json)."""
    return f"typea-512-W{W}-P{P}-d{d}" + ("" if red == "barrett" else f"-{red}")


def _proc_name(W, P, d, red) -> str:
    """The row's core: the cache's name, or :data:`PAPER_DEPTH_NAME` for the paper-depth configuration."""
    return PAPER_DEPTH_NAME if (W, P, d, red) == PAPER_DEPTH_CONFIG else _proc_file(W, P, d, red)


_PROC_V6 = {
    "table": "seed 002 Tables 5-6 (Virtex-6, per core)",
    "ff": PROC_PAPER["ff_v6"],
    "lut": PROC_PAPER["lut_v6"],
    "mhz": PROC_PAPER["mhz_v6"],
    "latency_us": SEED002_LATENCY_MS["v6"] * 1000,
    "device": "xc6vlx760 (Virtex-6), ISE place and route",
}
_PROC_V5 = {
    "table": "seed 002 Tables 5-6 (Virtex-5, per core, the 16-core prototype)",
    "ff": PROC_PAPER["ff_v5"],
    "lut": PROC_PAPER["lut_v5"],
    "mhz": PROC_PAPER["mhz_v5"],
    "latency_us": SEED002_LATENCY_MS["v5"] * 1000,
    "device": "xc5vlx110t (Virtex-5), ISE place and route",
}
#: what the text gives of the paper's program (seed 002 sections 2.1, 4, 5.1, 5.3) and what it does not
_PROC_PROGRAM = (
    "pairkit's compiled typea-512 program (spec's Tate pairing: Jacobian Miller loop with denominator "
    "elimination, one INV, cyclotomic squarings in the final exponentiation), not the paper's: the paper names "
    "Algorithm 1 on PBC's Type A curve and JSR loops but publishes no program or operation count"
)


def _proc_diffs(name: str, r: dict | None, red: str, d: int, v: dict) -> list:
    """Every difference between our processor core and the paper's (seed 002 sections 3-5, Tables 5-6). Like for
    like needs the datapath (W, P, reduction), the pipeline depth, the program and the counting basis to match;
    none of our rows can claim the program or the basis, so none is like for like."""
    diffs = [Difference("algorithm", _PROC_PROGRAM)]
    if red != "barrett":
        diffs.append(Difference("algorithm", f"{red} reduction against the paper's division by multiplication"))
    diffs.append(
        Difference(
            "units",
            "W = 16 inferred (the paper states no limb width; 4 DSP slices a core = its 4 PPGs, 17 × 17 unsigned "
            "each); P = 4 as Fig. 4",
        )
    )
    x = (r or {}).get("xc6v") or {}
    ff = (
        f": {x['ff']:,} FF (xc6v) against the paper's {PROC_PAPER['ff_v6']:,}–{PROC_PAPER['ff_v5']:,}"
        if x.get("ff") is not None
        else " (FF not measured)"
    )
    if d < PAPER_DEPTH:
        diffs.append(
            Difference("units", f"a shallower pipeline (d = {d}) than the paper-depth core (d = {PAPER_DEPTH}){ff}")
        )
    else:
        diffs.append(
            Difference(
                "units",
                f"pipeline depth d = {d} inferred, not the paper's (it states no stage count: Fig. 3's (k+1)-cycle "
                f"PPG, Figs. 4-5's skew registers and adder tree, register-file reads and writes){ff}",
            )
        )
    diffs.append(
        Difference(
            "basis",
            f"the paper's cycles are derived, not counted: ≈ {PROC_PAPER_CYCLES:,} = 43.3 ms × 208 MHz (Tables 5-6, "
            "Virtex-5); ours counted in the RTL (Verilator) and the ISS",
        )
    )
    if x.get("bram18") is not None and x["bram18"] != PROC_PAPER["bram18"]:
        diffs.append(Difference("storage", f"{x['bram18']} RAMB18 against the paper's {PROC_PAPER['bram18']}"))
    diffs.append(Difference("tool", "Yosys post-synthesis LUT6 against ISE's place-and-route count"))
    return diffs


def _proc_row(name: str, r: dict | None, path: str, v: dict = _PROC_V6) -> Row:
    paper = {
        "table": v["table"],
        "cycles": PROC_PAPER_CYCLES,
        "lut": v["lut"],
        "lut_kind": "LUT6",
        "ff": v["ff"],
        "bram": PROC_PAPER["bram18"],
        "mhz": v["mhz"],
        "latency_us": v["latency_us"],
        "area_latency": round(v["lut"] * v["latency_us"]),
        "device": v["device"],
    }
    missing = None
    if r is None:
        missing = _missing(name, f"no report {path}", "pairkit proc report")
    elif r.get("paper") != PROC_PAPER or r.get("set") != "typea-512" or "sim" not in r:
        missing = _missing(
            name, f"{path}: stale (another paper transcription, set, or no simulation)", "pairkit proc report --force"
        )
        r = None
    stem = os.path.basename(path)[: -len(".json")]
    red = "montgomery" if stem.endswith("montgomery") else "barrett"
    d = int(stem.split("-d")[1].split("-")[0])
    diffs = _proc_diffs(name, r, red, d, v)
    if r is None:
        return Row(name, "002", paper, None, diffs, [], missing)
    x, sim = r.get("xc6v") or {}, r.get("sim") or {}
    cyc = sim.get("rtl_cycles")
    checked = "verilator" if cyc is not None and cyc == sim.get("iss_cycles") else "iss" if cyc else None
    mhz, src, lat, nod = _clock(r, cyc)
    ours = {
        "cycles": cyc,
        "cycles_checked": checked,
        "lut": x.get("lut"),
        "lut_kind": "LUT6" if x.get("lut") else None,
        "ff": x.get("ff"),
        "bram": x.get("bram18"),
        "mhz": mhz,
        "mhz_source": src,
        "latency_us": lat,
        "device": "Virtex-6 (Yosys synth_xilinx -family xc6v, post-synthesis)" if x.get("lut") else None,
    }
    if lat is not None and x.get("lut") is not None:
        ours["area_latency"] = round(x["lut"] * lat)  # LUT × µs
    if mhz:
        diffs.append(
            Difference(
                "clock",
                f"device differs: our clock is an ECP5 LFE5U-85F's ({mhz} MHz, nextpnr), the paper's a "
                f"{v['device'].split(' (')[1].split(')')[0]}'s ({v['mhz']} MHz, ISE)",
            )
        )
    elif nod:
        diffs.append(nod)
    notes = [f"DSP: ours {x.get('dsp')}, the paper's {PROC_PAPER['dsp']}", f"cache: {stem}.json"]
    if sim.get("iss_conversion_cycles"):
        notes.append(f"cycles without the host's Montgomery conversions ({sim['iss_conversion_cycles']:,})")
    return Row(name, "002", paper, ours, diffs, notes, missing)


def _proc_rows(cache_dir: str) -> list:
    pdir = os.path.join(cache_dir, "proc")
    cfgs = {_proc_name(*c): _proc_file(*c) for c in PROC_CORES}
    if os.path.isdir(pdir):
        for f in sorted(os.listdir(pdir)):
            if f.endswith(".json") and f[:-5] not in cfgs.values():
                cfgs[f[:-5]] = f[:-5]
    out = []
    for name, stem in cfgs.items():
        path = os.path.join(pdir, f"{stem}.json")
        r = _load(path)
        out.append(_proc_row(name, r, path))
        if name == PAPER_DEPTH_NAME:  # the paper-depth core also beside the Virtex-5 prototype (43.3 ms, 208 MHz)
            out.append(_proc_row(name, r, path, _PROC_V5))
    return out


# ------------------------------------------------------------------------------------------- the table


def rows(cache_dir: str | None = None, cores: list | None = None) -> list[dict]:
    """The comparison rows (the JSON schema of docs/CORE.md "compare"), seed by seed. ``cores``: only these
    (names of ``pairkit hw core list`` with a paper figure, or seed 002's ``typea-512-W16-P4-d2...``): an
    unknown name or one without a paper figure is a :class:`CoreError`, a missing or stale report a
    :class:`ReportMissingError`, a ``cache_dir`` that is not a directory a :class:`FileAccessError`.
    ``cache_dir``: the folder holding ``cores/`` and ``proc/`` (default: :func:`default_dir`)."""
    if cache_dir is not None and not os.path.isdir(cache_dir):
        raise FileAccessError(f"reports dir: {cache_dir} is not a directory (it holds cores/ and proc/)")
    cache_dir = default_dir() if cache_dir is None else cache_dir
    built: list[Row] = []
    timing = _load(os.path.join(cache_dir, "cores", TIMING_FILE)) or {}
    for cfg in instances.all_configs():
        built += _core_rows(cfg, cache_dir, timing)
    built += _proc_rows(cache_dir)
    if cores is not None:
        known = {r.core for r in built}
        for name in cores:
            if name not in known:
                if name in {c.name for c in instances.all_configs()}:
                    raise CoreError(
                        f"core: {name!r} has no paper figure to compare with (compare covers "
                        f"{', '.join(sorted(known))})"
                    )
                instances.get(name)  # raises CoreError naming the known cores
            for r in built:
                if r.core == name and r.missing:
                    raise ReportMissingError(r.missing)
        built = [r for r in built if r.core in cores]
    built.sort(key=lambda r: r.seed)  # stable: the cores' order inside a seed
    return [r.as_dict() for r in built]


def _pair(p, o) -> str:
    return f"{_n(p)} / {_n(o)}"


def render_text(rs: list[dict]) -> str:
    """Plain text: one block per row."""
    L = []
    for r in rs:
        p, o = r["paper"], r["ours"] or {}
        L.append(
            f"{r['core']} (seed {r['seed']}) vs {p['table']}: like for like: {'yes' if r['like_for_like'] else 'no'}"
        )
        if r.get("missing"):
            L.append(f"  ours: missing: {r['missing']}")
        L.append(
            f"  cycles  paper {_n(p['cycles'])}, ours {_n(o.get('cycles'))}"
            + (f" ({o['cycles_checked']})" if o.get("cycles_checked") else "")
            + f": {r['verdict']['cycles']}"
        )
        L.append(
            f"  LUT     paper {_n(p['lut'])} {p['lut_kind'] or ''}, ours {_n(o.get('lut'))} "
            f"{o.get('lut_kind') or ''}: {r['verdict']['lut']}"
        )
        L.append(f"  FF/BRAM paper {_n(p['ff'])}/{_n(p['bram'])}, ours {_n(o.get('ff'))}/{_n(o.get('bram'))}")
        L.append(
            f"  latency paper {_n(p['latency_us'])} µs at {_n(p['mhz'])} MHz, ours {_n(o.get('latency_us'))} µs "
            f"at {_n(o.get('mhz'))} MHz: {r['verdict']['latency']}"
        )
        L.append(f"  device  paper {p['device']}; ours {o.get('device') or '—'}")
        for i, d in enumerate(r["differences"], 1):
            L.append(f"  {i}. {d}")
        for n in r.get("notes", []):
            L.append(f"  note: {n}")
    return "\n".join(L) + ("\n" if L else "")
