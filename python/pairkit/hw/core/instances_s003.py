"""Seed 003's processor in the paper's own organisation (issue 36, item 2): the cores
``s003-eta-t-{tmvp2,tmvp3,dmoci}-paper``.

Seed 003 section 5.1 (Fig. 3): the binary arithmetic unit (BAU) has five 1223-bit registers, one
multiplier, one adder and two squarers in series (X^2 and X^4 in one cycle, for the Itoh-Tsujii
inversion); the input and squaring unit (ISU) five registers (x1, x2, y1, y2, T) and the square roots,
four sequences of 611 of them in parallel in the final exponentiation (section 4.2); the data handling
unit (DHU) eight registers for the extension-field products' intermediate values, and the transfers
between BAU and ISU. The multipliers run 9 (two-way, A.1), 6 (three-way, 3.2) or 9 (the DMOCI, two
products with a common input, section 6) cycles per product in steady state (Table 4).

Here: the same units (the multiplier unlatched, so 9 / 6 cycles, as the paper counts; one adder taking the
product from the multiplier's output port as the BAU accumulates on it; one squarer and one two-squarer
chain for the BAU's pair in series; four single square roots; the squarers and square roots unlatched, one
cycle each) and the three banks as a fixed bank map
(:mod:`.bankmap`): the multiplier's first operand and the adder's first read the BAU, their second the
DHU, the squarer and the square roots the ISU, the two-squarer chain the BAU; the multiplier and the adder
write the BAU and the DHU, the squarer the ISU, BAU and DHU, the chain the BAU, the square roots the ISU
and the DHU. A value a bank needs from a unit not wired to it is moved there (a DHU transfer), and the
schedule gives every such move its cycle. The bank sizes are what the generator's schedule (list
scheduling, eight iterations per pass, retimed, sunk) needs, not the paper's 5 / 5 / 8: with those the
generator refuses the layout (a typed error naming the banks and the registers they lack).
"""

from __future__ import annotations

from pairkit.hw.core.bankmap import BankMap
from pairkit.hw.core.config import CoreConfig, UnitChoice

_VS = (
    "the paper's organisation: its BAU/ISU/DHU banks as a fixed bank map (each unit port reads one bank, each "
    "unit output writes its wired banks, copies across banks moved and counted in the cycles), its units (one "
    "multiplier of the paper's latency, one adder on the multiplier's output, two squarers in series, four "
    "single square roots); the schedule is the generator's, the bank sizes what it needs"
)


def _paper(table: str, cycles: int, lut: int, note: str) -> dict:
    return {
        "seed": f"seed 003 {table} (Virtex-6)",
        "cycles": cycles,
        "area_lut6": lut,
        "note": note,
        "measure": "verilator",  # with --no-rtl: the interpreter (the 1223-bit models take ~25 min each)
        "family": "xc6v",
        "synth": "blocks",
        "vs": _VS,
    }


#: (name, multiplier unit, its parameters, the multiplier's bank per operand, bank sizes BAU/ISU/DHU, paper)
_CORES = (
    (
        "s003-eta-t-tmvp2-paper",
        "gf2_mul_tmvp",
        (("outer", "2,2"), ("latch", 0)),
        ("BAU", "DHU"),
        (12, 5, 14),
        _paper("Table 4", 40320, 50179, "one two-way TMVP multiplier (9 cycles), Miller loop 38,562"),
    ),
    (
        "s003-eta-t-tmvp3-paper",
        "gf2_mul_tmvp",
        (("outer", "3"), ("latch", 0), ("inner", "3,3,3,2")),
        ("BAU", "DHU"),
        (12, 5, 12),
        _paper("Table 4", 27308, 63103, "one three-way TMVP multiplier (6 cycles), Miller loop 25,710"),
    ),
    (
        "s003-eta-t-dmoci-paper",
        "gf2_dmoci",
        (("outer", "2,2"), ("latch", 0)),
        ("BAU", "DHU", "DHU"),
        (11, 5, 15),
        _paper("Table 7", 23772, 75017, "the DMOCI (two two-way products with a common input, 9 cycles), ML 22,040"),
    ),
)


def bank_map(mul_op: str, mul_reads: tuple, sizes: tuple) -> BankMap:
    """Seed 003's three banks (section 5.1) wired as the module's docstring says."""
    reads = tuple((mul_op, j, b) for j, b in enumerate(mul_reads)) + (
        ("add", 0, "BAU"),
        ("add", 1, "DHU"),
        ("sqr", 0, "ISU"),
        ("sqrn", 0, "BAU"),
        ("sqrt", 0, "ISU"),
    )
    writes = (
        (mul_op, ("BAU", "DHU")),
        ("add", ("BAU", "DHU")),
        ("sqr", ("ISU", "BAU", "DHU")),
        ("sqrn", ("BAU",)),
        ("sqrt", ("ISU", "DHU")),
    )
    return BankMap(tuple(zip(("BAU", "ISU", "DHU"), sizes)), reads, writes, "DHU")


def paper_units(mul: str, params: tuple) -> list:
    """Seed 003's units: the multiplier, one adder, a squarer and a two-squarer chain, four square roots, the
    linear maps unlatched (one cycle each: "two squarings in a single clock cycle", section 5.1)."""
    return [
        UnitChoice(mul, 1, params),
        UnitChoice("gf2_add", 1, (("latch", 0),)),
        UnitChoice("gf2_sqr", 1, (("latch", 0),)),
        UnitChoice("gf2_sqr_chain", 1, (("k", 2), ("latch", 0))),
        UnitChoice("gf2_sqrt", 4, (("latch", 0),)),
    ]


def _core(name, mul, params, mul_reads, sizes, paper) -> CoreConfig:
    op = "dmul" if mul == "gf2_dmoci" else "mul"
    return CoreConfig(
        name,
        "ss2-1223",
        "eta-t",
        paper_units(mul, params),
        "list",
        summary=f"seed 003's organisation (section 5.1, Fig. 3): BAU/ISU/DHU banks of {'/'.join(map(str, sizes))} "
        f"registers as a fixed bank map, one {mul} ({', '.join(f'{k}={v}' for k, v in params)}), one adder, two "
        "squarers in series, four square roots; eight iterations per pass, retimed, sunk",
        paper=paper,
        unroll=8,
        retime=True,
        forward=True,
        sink=("*",),
        bank_map=bank_map(op, mul_reads, sizes),
    )


def _toy() -> CoreConfig:
    """The toy analogue the tests simulate whole (Amaranth, Verilator): ss2-17, the same units and bank map,
    two iterations per pass."""
    return CoreConfig(
        "toy-ss2-17-eta-t-paper",
        "ss2-17",
        "eta-t",
        paper_units("gf2_mul_tmvp", (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
        "list",
        summary="toy: ss2-17 eta_T on seed 003's organisation as s003-eta-t-tmvp2-paper (BAU/ISU/DHU banks of "
        "12/5/13 registers as a fixed bank map, one adder, two squarers in series, four square roots), two "
        "iterations per pass",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
        bank_map=bank_map("mul", ("BAU", "DHU"), (12, 5, 13)),
    )


ALL = [lambda c=c: _core(*c) for c in _CORES] + [_toy]
