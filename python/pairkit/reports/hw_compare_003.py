"""The differences of seed 003's paper-organisation cores (``s003-eta-t-*-paper``: a fixed bank map,
:mod:`pairkit.hw.core.bankmap`) from the paper's processor, for :mod:`.hw_compare`'s rows: (category, text)
pairs, every figure read from the configuration or the cached report.

Seed 003 section 5.1 states the BAU (five registers, one multiplier, one adder, two squarers in series), the
ISU (five registers, the square roots: section 4.2's four sequences of 611 in parallel) and the DHU (eight
registers, the transfers between BAU and ISU); Fig. 3's wiring is not in the text, so ours is stated here.
"""

from __future__ import annotations


def _banks(bm) -> str:
    return "/".join(b for b, _ in bm.banks)


def units(cfg) -> list:
    """The unit mix against section 5.1's (an assumption where the paper gives no count: not deciding)."""
    n = {u.unit: u.count for u in cfg.units}
    return [
        (
            "assumption",
            f"the units as section 5.1 states them: one multiplier, {n.get('gf2_add', 0)} adder on its output, "
            f"the BAU's two squarers in series as one two-squarer chain (X^4 in {cfg.cycles('sqrn')} cycle(s)) and "
            f"one squarer reading the ISU (its 'input and squaring unit'), {n.get('gf2_sqrt', 0)} single square "
            f"roots of {cfg.cycles('sqrt')} cycle(s) (section 4.2: four sequences of 611 in parallel in the ISU; the "
            "paper gives no unit count)",
        )
    ]


def interconnect(cfg, r: dict | None) -> list:
    """The bank map and the copies across banks (moves, each given its cycle by the schedule)."""
    bm = cfg.bank_map
    ports = ", ".join(f"{op}.{j} {b}" for op, j, b in bm.reads)
    wires = "; ".join(f"{op} -> {'+'.join(bs)}" for op, bs in bm.writes)
    rb = ((r or {}).get("interconnect") or {}).get("read_banks") or {}
    moves = f"{rb['moves']} moves and {rb['dual_writes']} second writes across banks; " if rb else ""
    return [
        (
            "interconnect",
            f"{_banks(bm)} as a fixed bank map (ours; Fig. 3's wiring is not in the text): ports read {ports}; "
            f"outputs write {wires}; {moves}a move gets its own step in the schedule",
        )
    ]


def storage(cfg, r: dict) -> list:
    """Registers per bank against the paper's 5 / 5 / 8 (deciding)."""
    bm = cfg.bank_map
    rb = (r.get("interconnect") or {}).get("read_banks") or {}
    used = "/".join(map(str, rb.get("registers") or [])) or "?"
    return [
        (
            "storage",
            f"{r['registers']} registers of 1,223 bits in {_banks(bm)} banks of {used} against the paper's 18 "
            "(5/5/8): the generator's schedule (eight iterations per pass) keeps more values live, and with "
            "5/5/8 the generator refuses it (a typed error naming the banks)",
        )
    ]


def cause(r: dict, missed: bool) -> str:
    """Why the Miller loop misses on the paper's units: the generator's schedule, and the moves across banks."""
    if not missed:
        return ""
    rb = (r.get("interconnect") or {}).get("read_banks") or {}
    return (
        "; cause: the generator's list schedule on the paper's single adder (not the paper's hand schedule); the "
        f"{rb.get('moves', '?')} moves across the banks each have a step of it (docs/CORE.md: 2 cycles of the loop)"
    )


def glue(r: dict) -> int | None:
    """LUT6 of the operand and register-write multiplexers (the glue the bank map changes), or None."""
    g = ((r or {}).get("blocks") or {}).get("glue") or {}
    if not g:
        return None
    return sum(v["lut"] for k, v in g.items() if "multiplexers" in k)
