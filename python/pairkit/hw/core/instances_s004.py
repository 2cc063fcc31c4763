"""Seed 004's own system as named cores (issue 36 item 2): the paper's unit mix, its tables counted in LUTs.

The mix, derived from the paper (seed 004, Bilinear pairings on a Virtex-7 with the M_k multipliers):

* section 5 (first paragraph): "a modular multiplier in GF(2^{4m}), a modular exponentiator in GF(2^{4m}),
  a modular inverter in GF(2^{4m}), two modular squarers in GF(2^m) and six modular multipliers in
  GF(2^m)"; the six run m2..m7 of Alg. 10 in parallel (section 5, fifth state: "six different multipliers").
* section 3.2 / Fig. 2: the F_{2^{4m}} multiplier is Karatsuba over nine GF(2^m) multipliers in parallel.
* section 4.2 / Fig. 4 / Alg. 8: the F_{2^{4m}} inverter holds its own F_{2^{4m}} multiplier, a GF(2^m)
  inverter and the exponentiator (the Frobenius, coefficient recombination only, eq. 5). Table 3 confirms
  that it is a second multiplier: the inverter's 31,820 LUTs exceed the multiplier's 23,560 plus the GF(2^m)
  inverter's 3,972.
* section 4.1 / Alg. 7 / Fig. 3: the GF(2^m) inverter is Itoh-Tsujii on one multiplier and one squarer
  (283 squarings, 12 products at m = 283).
* Table 3 and Table 4: F_{2^{4m}} multiplier 23,560 + F_{2^{4m}} inverter 31,820 + 6 x M5 2,440 + 2 x squarer
  273 = 70,566 LUTs, 99.4 % of the M5 system's 71,014: nothing else of size (the control FSMs, the
  additions and the tables are the other 448).
* section 5 (Alg. 10): the square roots x_q^{2^{m-1}}, y_q^{2^{m-1}} are precomputed "and storing them into
  LUTs"; the paper names no block RAM anywhere, and its control is Chisel FSMs (section 6), i.e. LUTs.

So: 6 + 9 + 9 = 24 GF(2^m) multipliers M_k (M5: K = 4 chunks of a 32-bit word; M4: K = 3), one GF(2^m)
inverter of one multiplier and one squarer (``gf2_inv``, q = 1), two squarers; tables and control in LUTs
(``storage="lut"``). What the generator cannot express is said in the summary and in ``pairkit hw core
compare``: the 18 multipliers of the two F_{2^{4m}} units are pooled with the loop's six on one register
file (the paper wires each group to its own unit), the paper's combinational XORs are adder units here,
the prologue computes the tables with two square-root units the paper does not list, and the inverter's
multiplier is a digit-serial MSD multiplier (D = 32), not an M5.
"""

from __future__ import annotations

from pairkit.hw.core.config import CoreConfig, UnitChoice

#: seed 004's system (section 5, Tables 3-4), as counted above; compare checks a core's mix against it
PAPER_MIX = {"mul": 24, "sqr": 2, "inv": 1, "sqrt": 0, "add": 0}
#: what the paper builds the 24 multipliers into: 6 free ones (the loop), two F_{2^{4m}} Karatsuba units of 9
PAPER_GROUPS = "6 loop M + an F_{2^4m} Karatsuba multiplier of 9 M + the F_{2^4m} inverter's own of 9 M"

_PAPER_M5 = {
    "seed": "seed 004 Tables 4, 5, 7 (post-synthesis, Virtex-7)",
    "cycles": 30716,
    "area_lut6": 71014,
    "ff": 30742,
    "note": "Alg. 10 (square roots precomputed, stored in LUTs), M5 multipliers: 0.19 ms at 161.66 MHz",
}
_PAPER_M4 = {
    "seed": "seed 004 Tables 4, 5, 7 (post-synthesis, Virtex-7)",
    "cycles": 20797,
    "area_lut6": 107985,
    "ff": 30909,
    "note": "Alg. 10, M4 multipliers (M3's K = 3 chunks): 0.12 ms at 173.31 MHz",
}


def _paper(name: str, K: int, paper: dict | None, what: str, fwd: bool = False, rt: bool = False) -> CoreConfig:
    """``fwd``: the paper's XORs, combinational inside its FSM states (section 5, Fig. 6), approximated by
    unlatched adders (``latch=0``) whose readers take results from the unit's output in the step they appear
    (``forward``), as seed 003's cores read their multiplier's output. ``rt``: beyond the paper, iteration
    i + 1's m1, z and w (they do not read the accumulator) run during iteration i (``retime``; the paper's
    FSM runs them in series, section 5); no paper row (``paper=None``)."""
    units = [
        UnitChoice("gf2_mul_chunked", PAPER_MIX["mul"], (("W", 32), ("K", K))),
        UnitChoice("gf2_add", 3, (("latch", 0),) if fwd else ()),
        UnitChoice("gf2_sqr", PAPER_MIX["sqr"], ()),
        UnitChoice("gf2_sqrt", 2, (("method", "matrix"),)),
        UnitChoice("gf2_inv", PAPER_MIX["inv"], (("D", 32), ("q", 1))),
    ]
    return CoreConfig(
        name,
        "ss2-283b1",
        "tate-alg10",
        units,
        "list",
        summary=(
            f"seed 004's own unit mix (section 5, Tables 3-4), Alg. 10, {what}: 24 multipliers ({PAPER_GROUPS}), "
            "a GF(2^m) inverter of one multiplier and one squarer (Alg. 7), 2 squarers; tables in distributed "
            "RAM and the control ROM in LUT logic, all counted as LUT6 (section 5: 'storing them into LUTs'). "
            "Not the paper's wiring: the 24 multipliers share one register file, 3 adder units do the XORs, "
            "2 square-root units fill the tables"
            + (
                "; unlatched adders read from their outputs (forwarding) for the paper's combinational XORs"
                if fwd
                else ""
            )
            + ("; beyond the paper: the next iteration's m1, z, w retimed into this one" if rt else "")
        ),
        paper=paper or {},
        retime=rt,
        streams=True,
        storage="lut",
        forward=fwd,
    )


def _toy(name: str, fwd: bool) -> CoreConfig:
    """The ss2-13 analogue of ``_paper`` (the same unit kinds and organisation; 6 multipliers instead of 24,
    W = 4): small enough for the tests' Verilator runs."""
    return CoreConfig(
        name,
        "ss2-13",
        "tate-alg10",
        [
            UnitChoice("gf2_mul_chunked", 6, (("W", 4), ("K", 4))),
            UnitChoice("gf2_add", 2, (("latch", 0),) if fwd else ()),
            UnitChoice("gf2_sqr", 2, ()),
            UnitChoice("gf2_sqrt", 2, (("method", "matrix"),)),
            UnitChoice("gf2_inv", 1, (("D", 4), ("q", 1))),
        ],
        "list",
        summary=(
            f"toy: ss2-13 analogue of s004-alg10-m5-paper{'-fwd' if fwd else ''} (the same unit organisation: "
            "chunked multipliers pooled, a GF(2^m) inverter of one multiplier and one squarer, 2 squarers, "
            "2 square roots filling the tables; storage in LUTs), 6 multipliers instead of 24"
        ),
        streams=True,
        storage="lut",
        forward=fwd,
    )


ALL = [
    lambda: _paper("s004-alg10-m5-paper", 4, _PAPER_M5, "M5 multipliers (K = 4)"),
    lambda: _paper("s004-alg10-m4-paper", 3, _PAPER_M4, "M4 multipliers (K = 3)"),
    lambda: _paper("s004-alg10-m5-paper-fwd", 4, _PAPER_M5, "M5 multipliers (K = 4)", fwd=True),
    lambda: _paper("s004-alg10-m4-paper-fwd", 3, _PAPER_M4, "M4 multipliers (K = 3)", fwd=True),
    lambda: _paper("s004-alg10-m5-paper-fwd-rt", 4, None, "M5 multipliers (K = 4)", fwd=True, rt=True),
    lambda: _paper("s004-alg10-m4-paper-fwd-rt", 3, None, "M4 multipliers (K = 3)", fwd=True, rt=True),
    lambda: _toy("toy-ss2-13-alg10-paper", fwd=False),
    lambda: _toy("toy-ss2-13-alg10-paper-fwd", fwd=True),
]
