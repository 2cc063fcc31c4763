"""The named cores (``pairkit hw core list``): the seeds' accelerators, the toy cores (Amaranth; and instances_s003).

seed 001 (Bertoni et al., ss3-97 Duursma--Lee, Tables 2--4): the units of Table 2 (m = 97, D = 4:
multiplier 27 clk, adder, cube and cube root 3 clk, I/O cycles included) in the paper's exact mixes
(mul / cube / add / cube root): the AT-optimal 5/1/4/1 (T = 108 clk per iteration, 10,476 per loop,
35,253 LUT-eq, Table 4, an estimate without control or final exponentiation), the time-optimal >= 9/1/4/1
(T = 87, 8,439 per loop, Table 3) and one unit of each kind, 1/1/1/1 (T = 426, 41,322 per loop, Table 4
and section 5's text), each from the list schedule (the paper's method) and from CP-SAT; beyond them,
9/2/4/2 (one cube and one cube-root unit more than the paper's time-optimal mix) and unrolled loops.
"""

from __future__ import annotations

from pairkit.hw.core.config import CoreConfig, UnitChoice
from pairkit.hw.core.errors import CoreError
from pairkit.hw.core.instances_s003 import ALL as _ALL_003  # seed 003's BAU/ISU/DHU organisation
from pairkit.hw.core.instances_s004 import ALL as _S004  # seed 004's own unit mix (issue 36)


def _bin(
    name,
    set_id,
    alg,
    mul,
    D,
    add,
    sqr,
    sqrt,
    inv,
    invD,
    scheduler,
    summary,
    paper=None,
    mul_unit="gf2_mul_msd",
    unroll=1,
    K=4,
    streams=False,
    ca=0,
    D2=0,
):
    mp = (("D", D),) if mul_unit == "gf2_mul_msd" else (("W", 32), ("K", K))
    units = [UnitChoice(mul_unit, mul, mp), UnitChoice("gf2_add", add, ()), UnitChoice("gf2_sqr", sqr, ())]
    if D2:  # seed 000 Fig. 5: a second multiplier at digit D2 beside the first (a heterogeneous mix)
        units.insert(1, UnitChoice("gf2_mul_msd", 1, (("D", D2),)))
    if sqrt:
        units.append(UnitChoice("gf2_sqrt", sqrt, (("method", "matrix"),)))
    if inv:
        units.append(UnitChoice("gf2_inv", inv, (("D", invD), ("q", 4))))
    if ca:  # seed 000's C.A unit with its input squarer, and the F_{2^4m} squarer with ca in series
        units = [UnitChoice("f4_sqr_mul_ca", 1, (("D", D),)), UnitChoice("f4_sqr_chain", 1, (("k", ca),))] + units
        a = next(i for i, u in enumerate(units) if u.unit == "gf2_add")
        units[a] = UnitChoice("gf2_add", add, (("latch", 0),))
    return CoreConfig(
        name,
        set_id,
        alg,
        units,
        scheduler,
        summary=summary,
        paper=paper or {},
        unroll=unroll,
        streams=streams,
        retime=bool(ca),
    )


def _s001(name, set_id, mul, cube, add, cbrt, D, scheduler, summary, paper=None, alg="duursma-lee", unroll=1):
    units = [
        UnitChoice("gf3_mul", mul, (("D", D),)),
        UnitChoice("gf3_cube", cube, ()),
        UnitChoice("gf3_add", add, ()),
        UnitChoice("gf3_cbrt", cbrt, ()),
    ]
    return CoreConfig(name, set_id, alg, units, scheduler, summary=summary, paper=paper or {}, unroll=unroll)


_PAPER_AT = {
    "seed": "seed 001 Table 4",
    "T_iter": 108,
    "loop_cycles": 10476,
    "area_lut": 35253,
    "note": "estimate: units and 32 registers, no control, no final exponentiation",
}
_PAPER_FAST = {
    "seed": "seed 001 Table 3",
    "T_iter": 87,
    "loop_cycles": 8439,
    "note": "estimate: >= 9 multipliers, no control, no final exponentiation",
}
_PAPER_MIN = {
    "seed": "seed 001 Table 4",
    "T_iter": 426,
    "loop_cycles": 41322,
    "note": "estimate: one unit of each kind (1/1/1/1), no control, no final exponentiation",
}
_BEYOND_9242 = (
    "beyond seed 001's mix: 9 mul/2 cube/4 add/2 cbrt, one cube and one cube-root unit more than Table 3's "
    "time-optimal >= 9/1/4/1 (s001-dl-9141-list)"
)

_PAPER_000 = "seed 000 Table 3 (latency x clock)"
_PAPER_000_239 = {
    "seed": _PAPER_000,
    "cycles": 2870,
    "area_lut4": 48895,
    "note": "C·A unit (scheme 1), Multipliers 1/2, inverter at D1:D2:D3 = 4:1:2, D1 = 16; Virtex-II Pro",
}
_PAPER_000_283A1 = {"seed": _PAPER_000, "cycles": 3520, "area_lut4": 72961, "note": "Alg. 1, D1 = 32; Virtex-II Pro"}
_PAPER_000_283A2 = {"seed": _PAPER_000, "cycles": 3790, "area_lut4": 64845, "note": "Alg. 2, D1 = 16; Virtex-II Pro"}

_CA_NOTE = (
    "C·A unit (scheme 1) with the F_{2^4m} squarer on its input, Multipliers 1/2, inverter at D1:D2:D3 = "
    "4:1:2; Virtex-II Pro"
)
_PAPER_000_239A1_16 = {
    "seed": _PAPER_000,
    "cycles": 4700,
    "area_lut4": 34499,
    "note": "Alg. 1, D1 = 16: 47 µs at 100 MHz; " + _CA_NOTE,
}
_PAPER_000_239A1_32 = {
    "seed": _PAPER_000,
    "cycles": 2739,
    "area_lut4": 59971,
    "note": "Alg. 1, D1 = 32: 33 µs at 83 MHz; " + _CA_NOTE,
}
_PAPER_000_283A1_16 = {
    "seed": _PAPER_000,
    "cycles": 6384,
    "area_lut4": 42997,
    "note": "Alg. 1, D1 = 16: 76 µs at 84 MHz; " + _CA_NOTE,
}


def _s000(name, set_id, alg, D, summary, paper, unroll, scheme=1, binding="first-fit", D2=0, unit_bind="finish"):
    """Seed 000's architecture (Fig. 5): the C·A unit (six D1 MSD multipliers sharing x^i b mod f, scheme 1)
    with the F_{2^4m} squarer in front (C <- C^2 A in one operation), two D1 multipliers (Multipliers 1/2;
    the paper's Multiplier 2 has D2 = D1/4), 1-cycle adders, squarers, the inverter (D3 = D1/2, four
    squarers in series) and, for Alg. 2's C^{MT}, the F_{2^4m} squarer with four in series ("the
    component computing C^{2^4} each cycle"); the loop is retimed (iteration i + 1's w, z, alpha^4,
    beta^4, theta beside iteration i's C^2 A). ``binding="mux"``: registers (up to four more), the final
    exponentiation's unit instances and operand order bound to minimise the multiplexers (binding.py; same
    cycles). ``D2``: Multiplier 2 at digit D2 (the paper's Fig. 5 mix, D2 = D1/4; a heterogeneous mix: the
    list scheduler binds each product to the multiplier that finishes it first); 0: both at D1."""
    ca = (("D", D),) if scheme == 1 else (("D", D), ("scheme", scheme))
    muls = (
        [UnitChoice("gf2_mul_msd", 1, (("D", D),)), UnitChoice("gf2_mul_msd", 1, (("D", D2),))]
        if D2
        else [UnitChoice("gf2_mul_msd", 2, (("D", D),))]
    )
    units = [
        UnitChoice("f4_sqr_mul_ca", 1, ca),
        *muls,
        UnitChoice("gf2_add", 4, (("latch", 0),)),
        UnitChoice("gf2_sqr", 2),
        UnitChoice("gf2_inv", 1, (("D", D // 2), ("q", 4))),
    ]
    if alg == "eta-alg2":
        units.insert(1, UnitChoice("f4_sqr_chain", 1, (("k", 4),)))
    return CoreConfig(
        name,
        set_id,
        alg,
        units,
        "list",
        summary=summary,
        paper=paper or {},
        unroll=unroll,
        retime=True,
        binding=binding,
        spare_regs=4 if binding == "mux" else 0,
        unit_bind=unit_bind,
    )


_PAPER_004_M5 = {
    "seed": "seed 004 Tables 4, 5, 7 (post-synthesis, Virtex-7)",
    "cycles": 30716,
    "area_lut6": 71014,
    "ff": 30742,
    "note": "Alg. 10 (square roots precomputed in block RAM), M5 multipliers: 0.19 ms at 161.66 MHz",
}

_PAPER_004_M4 = {
    "seed": "seed 004 Tables 4, 5, 7 (post-synthesis, Virtex-7)",
    "cycles": 20797,
    "area_lut6": 107985,
    "ff": 30909,
    "note": "Alg. 10, M4 multipliers (M3's K = 3 chunks): 0.12 ms at 173.31 MHz",
}

_S003_VS = (
    "cycles like for like: the paper's multiplier latency (9 / 6 product cycles: the multiplier reads its "
    "operand registers, unlatched) and adders taking a product from the multiplier's output port in the "
    "cycle it appears, as the paper's BAU accumulates on it; the schedule is the generator's (list "
    "scheduling, eight iterations per pass, retimed, every operation then sunk to its latest start), not "
    "the paper's hand schedule. Area not like for like: our LUT6 are a sum of separately synthesized "
    "blocks (Yosys, no optimisation across blocks) against ISE's whole-design count; our datapath keeps its "
    "values in one register file bound by lifetimes (19-20 registers of 1,223 bits against the paper's 18 "
    "in BAU/ISU/DHU banks), every unit input multiplexing the registers the schedule reads there, and has "
    "four square-root chains beside the multiplier"
)
_PAPER_003_2 = {
    "seed": "seed 003 Table 4 (Virtex-6)",
    "cycles": 40320,
    "area_lut6": 50179,
    "note": "one two-way TMVP multiplier (9 cycles), Miller loop 38,562, inverse 794",
    "measure": "verilator",
    "family": "xc6v",
    "synth": "blocks",
    "vs": _S003_VS,
}
_PAPER_003_3 = {
    "seed": "seed 003 Table 4 (Virtex-6)",
    "cycles": 27308,
    "area_lut6": 63103,
    "note": "one three-way TMVP multiplier (6 cycles), Miller loop 25,710",
    "measure": "verilator",
    "family": "xc6v",
    "synth": "blocks",
    "vs": _S003_VS,
}
_PAPER_003_D = {
    "seed": "seed 003 Table 7 (Virtex-6)",
    "cycles": 23772,
    "area_lut6": 75017,
    "note": "the DMOCI (two two-way products with a common input, 9 cycles), Miller loop 22,040",
    "measure": "verilator",
    "family": "xc6v",
    "synth": "blocks",
    "vs": _S003_VS,
}


#: the "beyond seed 003" core: no paper figure; measured as the three paper variants (Verilator, LUT6 by blocks)
_BEYOND_003 = {"seed": "issue 16 (beyond seed 003)", "measure": "verilator", "family": "xc6v", "synth": "blocks"}


def _s003(
    name,
    outer,
    summary,
    paper,
    mul="gf2_mul_tmvp",
    count=1,
    adders=2,
    binding="first-fit",
    buses=0,
    write_banks=0,
    read_banks=0,
):
    """Seed 003's eta_T processor (Fig. 4, Alg. 1-4) on ss2-1223: one TMVP multiplier that reads its
    operand registers on every product cycle (latch = 0: 9 or 6 cycles, as the paper counts), 1-cycle
    adders that may take a product from the multiplier's output port in the cycle it appears
    (``forward``: the BAU accumulating on the multiplier's output), squaring and square-root chains.
    ``binding="mux"``: the same schedule bound to minimise the multiplexers (binding.py, with lifetime
    swaps: the sunk schedules leave almost no register free)."""
    # the three-way multiplier's parallel core as seed 003 section 3.2 splits it (408 -> 8: 41,472 AND, 68,442 XOR,
    # the unit table's); the generator's default inner split (3,3,2) leaves a larger quadratic base (57,132 AND)
    mp = (("outer", outer), ("latch", 0)) + ((("inner", "3,3,3,2"),) if outer == "3" else ())
    units = [
        UnitChoice(mul, count, mp),
        UnitChoice("gf2_add", adders, (("latch", 0),)),
        UnitChoice("gf2_sqr", 1),
        UnitChoice("gf2_sqrt", 2),
        UnitChoice("gf2_sqr_chain", 1, (("k", 8),)),
        UnitChoice("gf2_sqrt_chain", 4, (("k", 4),)),
    ]
    # sink: every operation as late as the list schedule's makespan allows, so the eight iterations' square
    # roots and squarings are produced when the products need them (seed 003's ISU) and not all at the
    # pass's start: 19-25 registers of 1223 bits instead of 50-54, the same cycles
    return CoreConfig(
        name,
        "ss2-1223",
        "eta-t",
        units,
        "list",
        summary=summary,
        paper=paper,
        unroll=8,
        retime=True,
        forward=True,
        sink=("*",),
        binding=binding,
        mux_swaps=binding == "mux",
        buses=buses,
        write_banks=write_banks,
        read_banks=read_banks,
    )


_ALL = [
    lambda: _s001(
        "s001-dl-5141-list",
        "ss3-97",
        5,
        1,
        4,
        1,
        4,
        "list",
        "seed 001 AT-optimal mix 5 mul/1 cube/4 add/1 cbrt, list schedule (the paper's)",
        _PAPER_AT,
    ),
    lambda: _s001(
        "s001-dl-5141-cpsat",
        "ss3-97",
        5,
        1,
        4,
        1,
        4,
        "exact",
        "seed 001 AT-optimal mix 5 mul/1 cube/4 add/1 cbrt, CP-SAT schedules",
        _PAPER_AT,
    ),
    lambda: _s001(
        "s001-dl-9mul-list",
        "ss3-97",
        9,
        2,
        4,
        2,
        4,
        "list",
        _BEYOND_9242 + ", list schedule",
        _PAPER_FAST,
    ),
    lambda: _s001(
        "s001-dl-9mul-cpsat",
        "ss3-97",
        9,
        2,
        4,
        2,
        4,
        "exact",
        _BEYOND_9242 + ", CP-SAT schedules",
        _PAPER_FAST,
    ),
    lambda: _s001(
        "s001-dl-5141-u4",
        "ss3-97",
        5,
        1,
        4,
        1,
        4,
        "list",
        "seed 001 AT-optimal mix 5 mul/1 cube/4 add/1 cbrt, four iterations per pass (list schedule): "
        "iterations overlap",
        _PAPER_AT,
        unroll=4,
    ),
    lambda: _s001(
        "s001-dl-9mul-u4-cpsat",
        "ss3-97",
        9,
        2,
        4,
        2,
        4,
        "exact",
        _BEYOND_9242 + ", four iterations per pass, CP-SAT",
        _PAPER_FAST,
        unroll=4,
    ),
    lambda: _s001(
        "s001-dl-1111-list",
        "ss3-97",
        1,
        1,
        1,
        1,
        4,
        "list",
        "seed 001's one unit of each kind, 1 mul/1 cube/1 add/1 cbrt (Table 4's first row; the smallest core), "
        "list schedule",
        _PAPER_MIN,
    ),
    lambda: _s001(
        "s001-dl-1111-cpsat",
        "ss3-97",
        1,
        1,
        1,
        1,
        4,
        "exact",
        "seed 001's one unit of each kind, 1 mul/1 cube/1 add/1 cbrt, CP-SAT schedules",
        _PAPER_MIN,
    ),
    lambda: _s001(
        "s001-dl-9141-list",
        "ss3-97",
        9,
        1,
        4,
        1,
        4,
        "list",
        "seed 001 time-optimal mix 9 mul/1 cube/4 add/1 cbrt (Table 3's >= 9 row), list schedule (the paper's)",
        _PAPER_FAST,
    ),
    lambda: _s001(
        "s001-dl-9141-cpsat",
        "ss3-97",
        9,
        1,
        4,
        1,
        4,
        "exact",
        "seed 001 time-optimal mix 9 mul/1 cube/4 add/1 cbrt, CP-SAT schedules",
        _PAPER_FAST,
    ),
    lambda: _s001(
        "s001-dl-3121-u2",
        "ss3-97",
        3,
        1,
        2,
        1,
        4,
        "list",
        "3 mul/1 cube/2 add/1 cbrt, two iterations per pass, list schedule",
        unroll=2,
    ),
    lambda: _s001(
        "toy-ss3-13-dl",
        "ss3-13",
        2,
        1,
        2,
        1,
        4,
        "list",
        "toy: ss3-13 Duursma-Lee, 2 mul/1 cube/2 add/1 cbrt (whole pairings in Amaranth's simulator)",
    ),
    lambda: _s001(
        "toy-ss3-13-dl-min", "ss3-13", 1, 1, 1, 1, 3, "list", "toy: ss3-13 Duursma-Lee, one unit of each kind"
    ),
    lambda: _s001(
        "toy-ss3-13-dl-u3",
        "ss3-13",
        2,
        1,
        2,
        1,
        4,
        "exact",
        "toy: ss3-13 Duursma-Lee, three iterations per pass, CP-SAT",
        unroll=3,
    ),
    lambda: _bin(
        "toy-ss2-13-eta2",
        "ss2-13",
        "eta-alg2",
        2,
        4,
        2,
        1,
        0,
        0,
        4,
        "list",
        "toy: ss2-13 eta (seed 000 Alg. 2), 2 MSD multipliers (D = 4), 2 adders, squarer",
    ),
    lambda: _bin(
        "toy-ss2-11-alg1",
        "ss2-11",
        "tate-alg1",
        1,
        4,
        1,
        1,
        0,
        0,
        4,
        "list",
        "toy: ss2-11 Tate (seed 000 Alg. 1), one unit of each kind, inversion by Itoh-Tsujii micro-code",
    ),
    lambda: _bin(
        "s000-eta2-239-d16",
        "ss2-239",
        "eta-alg2",
        6,
        16,
        4,
        2,
        0,
        1,
        8,
        "list",
        "seed 000 Alg. 2 on ss2-239: six D = 16 MSD multipliers (the C·A unit's), 4 adders, 2 squarers, the "
        "inverter (D3 = 8, four squarers in series); four iterations per pass",
        _PAPER_000_239,
        unroll=4,
    ),
    lambda: _bin(
        "s000-alg1-283-d32",
        "ss2-283",
        "tate-alg1",
        6,
        32,
        4,
        2,
        0,
        1,
        16,
        "list",
        "seed 000 Alg. 1 on ss2-283: six D = 32 MSD multipliers, 4 adders, 2 squarers, the inverter "
        "(D3 = 16); four iterations per pass",
        _PAPER_000_283A1,
        unroll=4,
    ),
    lambda: _bin(
        "s000-eta2-283-d16",
        "ss2-283",
        "eta-alg2",
        6,
        16,
        4,
        2,
        0,
        1,
        8,
        "list",
        "seed 000 Alg. 2 on ss2-283: six D = 16 MSD multipliers, 4 adders, 2 squarers, the inverter "
        "(D3 = 8); four iterations per pass",
        _PAPER_000_283A2,
        unroll=4,
    ),
    lambda: _s000(
        "s000-ca-eta2-239-d16",
        "ss2-239",
        "eta-alg2",
        16,
        "beyond seed 000: Multipliers 1 and 2 both at D1 = 16 (the paper's Fig. 5 has Multiplier 2 "
        "at D1/4 = 4: s000-ca-eta2-239-d16-fig5). "
        "Alg. 2 on ss2-239 with the paper's "
        "other units: C·A unit (D1 = 16), F_{2^4m} squarer x4, inverter D3 = 8; retimed loop, two "
        "iterations per pass; multiplexer-minimising binding",
        _PAPER_000_239,
        2,
        binding="mux",
    ),
    lambda: _s000(
        "s000-ca-alg1-283-d32",
        "ss2-283",
        "tate-alg1",
        32,
        "beyond seed 000: Multipliers 1 and 2 both at D1 = 32 (the paper's Fig. 5 has Multiplier 2 "
        "at D1/4 = 8: s000-ca-alg1-283-d32-fig5). "
        "Alg. 1 on ss2-283 with the paper's "
        "other units: C·A unit (D1 = 32), inverter D3 = 16; retimed loop, four iterations per pass; "
        "multiplexer-minimising binding",
        _PAPER_000_283A1,
        4,
        binding="mux",
    ),
    lambda: _s000(
        "s000-ca-eta2-283-d16",
        "ss2-283",
        "eta-alg2",
        16,
        "beyond seed 000: Multipliers 1 and 2 both at D1 = 16 (the paper's Fig. 5 has Multiplier 2 "
        "at D1/4 = 4: s000-ca-eta2-283-d16-fig5). "
        "Alg. 2 on ss2-283 with the paper's "
        "other units (D1 = 16); retimed loop, two iterations per pass; multiplexer-minimising binding",
        _PAPER_000_283A2,
        2,
        binding="mux",
    ),
    lambda: _s000(
        "s000-ca-alg1-239-d16",
        "ss2-239",
        "tate-alg1",
        16,
        "beyond seed 000: Multipliers 1 and 2 both at D1 = 16 (the paper's Fig. 5 has Multiplier 2 "
        "at D1/4 = 4: s000-ca-alg1-239-d16-fig5). "
        "Alg. 1 on ss2-239, C·A unit D1 = 16; retimed loop, two iterations per pass",
        _PAPER_000_239A1_16,
        2,
    ),
    lambda: _s000(
        "s000-ca-alg1-239-d32",
        "ss2-239",
        "tate-alg1",
        32,
        "beyond seed 000: Multipliers 1 and 2 both at D1 = 32 (the paper's Fig. 5 has Multiplier 2 "
        "at D1/4 = 8: s000-ca-alg1-239-d32-fig5). "
        "Alg. 1 on ss2-239, C·A unit D1 = 32; retimed loop, four iterations per pass",
        _PAPER_000_239A1_32,
        4,
    ),
    lambda: _s000(
        "s000-ca-alg1-283-d16",
        "ss2-283",
        "tate-alg1",
        16,
        "beyond seed 000: Multipliers 1 and 2 both at D1 = 16 (the paper's Fig. 5 has Multiplier 2 "
        "at D1/4 = 4: s000-ca-alg1-283-d16-fig5). "
        "Alg. 1 on ss2-283, C·A unit D1 = 16; retimed loop, four iterations per pass",
        _PAPER_000_283A1_16,
        4,
    ),
    # seed 000's six Table 3 designs on the paper's Fig. 5 mix: Multiplier 2 at D2 = D1/4 (the cores above run
    # both multipliers at D1: beyond the paper). Iterations per pass: the fewest that reach the loop's
    # T1 + 2 per iteration (Eq. 9) with one D1 multiplier beside the C·A unit (2 to 8 tried, slack binding:
    # 239-d16 20 / 19.5 / 19 / 17 cycles at 2 / 4 / 5 / 6); the register binding as their D1-D1 twins'.
    # Multiplier 2 takes the products whose slack covers its latency (unit_bind="slack")
    *[
        (
            lambda a=a, m=m, D=D, u=u, b=b, paper=paper: _s000(
                f"s000-ca-{a}-{m}-d{D}-fig5",
                f"ss2-{m}",
                {"alg1": "tate-alg1", "eta2": "eta-alg2"}[a],
                D,
                f"seed 000 Alg. {a[-1]} on ss2-{m} on the paper's Fig. 5 datapath (like for like): C·A unit "
                f"D1 = {D}, Multiplier 1 at D1 = {D} and Multiplier 2 at D2 = {D // 4} (a product goes to Multiplier 2 "
                f"when its slack covers the longer latency), inverter D3 = {D // 2}; retimed loop, {u} iterations "
                "per pass" + ("; multiplexer-minimising binding" if b == "mux" else ""),
                paper,
                u,
                binding=b,
                D2=D // 4,
                unit_bind="slack",
            )
        )
        for a, m, D, u, b, paper in (
            ("alg1", 239, 16, 6, "first-fit", _PAPER_000_239A1_16),
            ("alg1", 239, 32, 8, "first-fit", _PAPER_000_239A1_32),
            ("alg1", 283, 16, 6, "first-fit", _PAPER_000_283A1_16),
            ("alg1", 283, 32, 8, "mux", _PAPER_000_283A1),
            ("eta2", 239, 16, 6, "mux", _PAPER_000_239),
            ("eta2", 283, 16, 6, "mux", _PAPER_000_283A2),
        )
    ],
    *[
        (
            lambda a=a, m=m, D=D: _s000(
                f"s000-ca-{a}-{m}-s2-d{D}",
                f"ss2-{m}",
                {"alg1": "tate-alg1", "eta2": "eta-alg2"}[a],
                D,
                f"seed 000 Alg. {a[-1]} on ss2-{m}, C·A scheme 2 (three D = {D} multipliers, two rounds: Table 2's "
                "smaller "
                f"unit{'; the small end' if D == 8 else ''})",
                None,
                2 if a == "eta2" else 4,
                scheme=2,
            )
        )
        for D in (16, 8)
        for a in ("eta2", "alg1")
        for m in (239, 283)
    ],
    lambda: _bin(
        "toy-ss2-13-ca-eta2",
        "ss2-13",
        "eta-alg2",
        1,
        4,
        2,
        1,
        0,
        0,
        4,
        "list",
        "toy: ss2-13 eta (seed 000 Alg. 2) on the C·A architecture (C·A unit D = 4, F_{2^4m} squarer "
        "x2), retimed loop, two iterations per pass",
        unroll=2,
        ca=2,
    ),
    lambda: _bin(
        "toy-ss2-13-ca-eta2-het",
        "ss2-13",
        "eta-alg2",
        1,
        4,
        2,
        1,
        0,
        0,
        4,
        "list",
        "toy: toy-ss2-13-ca-eta2 with seed 000 Fig. 5's second, smaller multiplier (Multiplier 1 D = 4: 5 cycles, "
        "Multiplier 2 D = 2: 8 cycles; at m = 13 the paper's D1/4 = 1 would never finish a product first): a "
        "heterogeneous mix, each product bound to the multiplier that finishes it first",
        unroll=2,
        ca=2,
        D2=2,
    ),
    lambda: _bin(
        "s004-alg9-m5x9",
        "ss2-283b1",
        "tate-alg9",
        9,
        0,
        3,
        2,
        2,
        0,
        0,
        "list",
        "seed 004 on ss2-283b1: nine M5 multipliers (the count of its F_{2^4m} unit), 3 adders, 2 squarers, "
        "2 square roots; Alg. 9 (square roots in the loop) instead of Alg. 10's tables",
        _PAPER_004_M5,
        mul_unit="gf2_mul_chunked",
    ),
    lambda: _bin(
        "s004-alg9-m5x9-u2",
        "ss2-283b1",
        "tate-alg9",
        9,
        0,
        3,
        2,
        2,
        0,
        0,
        "list",
        "as s004-alg9-m5x9, two iterations per pass",
        _PAPER_004_M5,
        mul_unit="gf2_mul_chunked",
        unroll=2,
    ),
    lambda: _bin(
        "s004-alg10-m5x9",
        "ss2-283b1",
        "tate-alg10",
        9,
        0,
        3,
        2,
        2,
        0,
        0,
        "list",
        "seed 004 Alg. 10 on ss2-283b1: the square roots of x_Q, y_Q precomputed by the prologue (two "
        "square-root units) into two block-RAM tables the loop reads; nine M5 multipliers, 3 adders, "
        "2 squarers",
        _PAPER_004_M5,
        mul_unit="gf2_mul_chunked",
        streams=True,
    ),
    lambda: _bin(
        "s004-alg10-m5x9-u2",
        "ss2-283b1",
        "tate-alg10",
        9,
        0,
        3,
        2,
        2,
        0,
        0,
        "list",
        "as s004-alg10-m5x9, two iterations per pass (four tables)",
        _PAPER_004_M5,
        mul_unit="gf2_mul_chunked",
        unroll=2,
        streams=True,
    ),
    lambda: _bin(
        "s004-alg10-m4x9",
        "ss2-283b1",
        "tate-alg10",
        9,
        0,
        3,
        2,
        2,
        0,
        0,
        "list",
        "seed 004 Alg. 10 with nine M4 multipliers (K = 3 chunks per word), tables as s004-alg10-m5x9",
        _PAPER_004_M4,
        mul_unit="gf2_mul_chunked",
        K=3,
        streams=True,
    ),
    lambda: _bin(
        "s004-alg10-m4x9-u2",
        "ss2-283b1",
        "tate-alg10",
        9,
        0,
        3,
        2,
        2,
        0,
        0,
        "list",
        "as s004-alg10-m4x9, two iterations per pass",
        _PAPER_004_M4,
        mul_unit="gf2_mul_chunked",
        K=3,
        unroll=2,
        streams=True,
    ),
    lambda: _bin(
        "s004-alg10-m5x3",
        "ss2-283b1",
        "tate-alg10",
        3,
        0,
        2,
        1,
        1,
        0,
        0,
        "list",
        "seed 004 Alg. 10, three M5 multipliers, 2 adders, a squarer, a square-root unit (smaller, slower)",
        mul_unit="gf2_mul_chunked",
        streams=True,
    ),
    lambda: _bin(
        "s004-alg10-m5x1",
        "ss2-283b1",
        "tate-alg10",
        1,
        0,
        1,
        1,
        1,
        0,
        0,
        "list",
        "seed 004 Alg. 10 on one unit of each kind (M5 multiplier): the smallest core",
        mul_unit="gf2_mul_chunked",
        streams=True,
    ),
    lambda: _s003(
        "s003-eta-t-tmvp2-u8",
        "2,2",
        "seed 003 eta_T on ss2-1223 (issue 16): one two-way TMVP multiplier "
        "(9 cycles, operands not latched), 1-cycle adders reading its output port, squaring chains (k = 8) "
        "and four square-root chains (k = 4), eight iterations per pass, retimed loop",
        _PAPER_003_2,
    ),
    lambda: _s003(
        "s003-eta-t-tmvp3-u8", "3", "as s003-eta-t-tmvp2-u8 with the three-way TMVP multiplier (6 cycles)", _PAPER_003_3
    ),
    lambda: _s003(
        "s003-eta-t-dmoci-u8",
        "2,2",
        "as s003-eta-t-tmvp2-u8 with the DMOCI (seed 003 section 6) in place "
        "of the multiplier: two products with a common input per 9 cycles (f g's seven products in four "
        "operations)",
        _PAPER_003_D,
        mul="gf2_dmoci",
    ),
    lambda: _s003(
        "s003-eta-t-2xtmvp3-u8",
        "3",
        "beyond seed 003: two three-way TMVP multipliers and three adders, "
        "list-scheduled (eight iterations per pass, retimed): f g's products on both multipliers",
        _BEYOND_003,
        count=2,
        adders=3,
    ),
    *[
        (
            lambda b=b, paper=paper, mul=mul, n=n: _s003(
                f"{b}-mux",
                "3" if "tmvp3" in b else "2,2",
                f"as {b} (the same schedule and cycles) with the "
                "multiplexer-minimising binding: registers, the prologue's and epilogue's unit instances (forwarded "
                "operands follow their producer) and operand order searched for fewer multiplexer inputs "
                "(binding='mux' "
                "with lifetime swaps; the inputs before and after: HARDWARE.md, issue 16's goals)",
                paper,
                mul=mul,
                count=n,
                adders=n + 1 if n > 1 else 2,
                binding="mux",
            )
        )
        for b, paper, mul, n in (
            ("s003-eta-t-tmvp2-u8", _PAPER_003_2, "gf2_mul_tmvp", 1),
            ("s003-eta-t-tmvp3-u8", _PAPER_003_3, "gf2_mul_tmvp", 1),
            ("s003-eta-t-dmoci-u8", _PAPER_003_D, "gf2_dmoci", 1),
            ("s003-eta-t-2xtmvp3-u8", _BEYOND_003, "gf2_mul_tmvp", 2),
        )
    ],
    # read buses (buses.py): at most B registers read per step (a scheduling constraint), unit ports selecting
    # among the B buses instead of the registers; the same mixes as the cores above
    *[
        (
            lambda b=b, paper=paper, mul=mul, B=B: _s003(
                f"{b}-bus{B}",
                "3" if "tmvp3" in b else "2,2",
                f"as {b} with {B} read buses: at most {B} registers read "
                f"per step (the list scheduler's constraint), each unit port selecting among the {B} buses instead of "
                "the "
                "registers (fewer multiplexer inputs; the cycles the constraint costs in the cycle count)",
                paper,
                mul=mul,
                buses=B,
            )
        )
        for b, paper, mul, B in (
            ("s003-eta-t-tmvp2-u8", _PAPER_003_2, "gf2_mul_tmvp", 4),
            ("s003-eta-t-tmvp3-u8", _PAPER_003_3, "gf2_mul_tmvp", 4),
            ("s003-eta-t-dmoci-u8", _PAPER_003_D, "gf2_dmoci", 5),
        )
    ],
    # write banks (config.write_banks = 1): every register written by one unit output (its bank), so no
    # register-write multiplexers; read side through the 4 buses as s003-eta-t-tmvp2-u8-bus4
    lambda: _s003(
        "s003-eta-t-tmvp2-u8-bank1-bus4",
        "2,2",
        "as s003-eta-t-tmvp2-u8-bus4 (the same schedule and "
        "cycles) with write banks: each register is written by one unit output (registers grouped by "
        "their writer, seed 003's BAU/ISU/DHU banks on the write side), so its write multiplexer is a "
        "flip-flop enable; more registers, the read side through the 4 buses",
        _PAPER_003_2,
        buses=4,
        write_banks=1,
    ),
    # read banks (config.read_banks = K, readbanks.py): the operand ports in K groups, each reading only its own
    # bank of registers, values two groups read copied into both banks (no cycle added); K = 5 for the
    # two-way core: the layout search's best (5 to 8 groups end at the same layout, 4 and 6 do worse); K = 5 for the
    # three-way core too (its best of 3-6)
    lambda: _s003(
        "s003-eta-t-tmvp2-u8-rbank5",
        "2,2",
        "as s003-eta-t-tmvp2-u8 (the same schedule and cycles) with "
        "read banks: the unit operand ports in 5 groups, each reading only the registers of its own bank "
        "(seed 003's BAU/ISU/DHU banks seen from the units' inputs); a value two groups read is written "
        "into both banks (a second write of the same unit output, or a register move): more registers, "
        "fewer registers per port",
        _PAPER_003_2,
        read_banks=5,
    ),
    lambda: _s003(
        "s003-eta-t-tmvp3-u8-rbank5",
        "3",
        "as s003-eta-t-tmvp3-u8 (the same schedule and cycles) with "
        "read banks: the unit operand ports in 5 groups, each reading only the registers of its own bank; "
        "a value two groups read is written into both banks",
        _PAPER_003_3,
        read_banks=5,
    ),
    lambda: _s003(
        "s003-eta-t-tmvp2-u8-bank1",
        "2,2",
        "as s003-eta-t-tmvp2-u8 (the same schedule and cycles) with "
        "write banks: each register is written by one unit output, so its write multiplexer is a "
        "flip-flop enable; more registers, every unit port multiplexing the registers it reads",
        _PAPER_003_2,
        write_banks=1,
    ),
    lambda: CoreConfig(
        "toy-ss2-17-eta-t-fwd",
        "ss2-17",
        "eta-t",
        [
            UnitChoice("gf2_mul_tmvp", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
            UnitChoice("gf2_add", 2, (("latch", 0),)),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
        ],
        "list",
        summary="toy: ss2-17 eta_T (seed 003 Alg. 1-4) on the s003 cores' datapath: unlatched "
        "two-way TMVP multiplier (operands held), adders reading its output port, two iterations per "
        "pass, retimed loop, operations sunk to their latest start",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
    ),
    lambda: CoreConfig(
        "toy-ss2-17-eta-t-dmoci",
        "ss2-17",
        "eta-t",
        [
            UnitChoice("gf2_dmoci", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
            UnitChoice("gf2_add", 2, (("latch", 0),)),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
        ],
        "list",
        summary="toy: ss2-17 eta_T on the DMOCI (products with a common input in pairs), as toy-ss2-17-eta-t-fwd",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
    ),
    lambda: CoreConfig(
        "toy-ss2-17-eta-t-fwd-mux",
        "ss2-17",
        "eta-t",
        [
            UnitChoice("gf2_mul_tmvp", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
            UnitChoice("gf2_add", 2, (("latch", 0),)),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
        ],
        "list",
        summary="toy: toy-ss2-17-eta-t-fwd (the same schedule and cycles) with the "
        "multiplexer-minimising binding (binding='mux' with lifetime swaps): forwarded operands, held "
        "operands and moved instances together",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
        binding="mux",
        mux_swaps=True,
    ),
    lambda: CoreConfig(
        "toy-ss2-17-eta-t-fwd-bus3",
        "ss2-17",
        "eta-t",
        [
            UnitChoice("gf2_mul_tmvp", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
            UnitChoice("gf2_add", 2, (("latch", 0),)),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
        ],
        "list",
        summary="toy: toy-ss2-17-eta-t-fwd with three read buses (at most three registers "
        "read per step, unit ports selecting among the buses)",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
        buses=3,
    ),
    lambda: CoreConfig(
        "toy-ss2-17-eta-t-fwd-bank1",
        "ss2-17",
        "eta-t",
        [
            UnitChoice("gf2_mul_tmvp", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
            UnitChoice("gf2_add", 2, (("latch", 0),)),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
        ],
        "list",
        summary="toy: toy-ss2-17-eta-t-fwd (the same schedule and cycles) with write banks: "
        "each register written by one unit output (write_banks=1)",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
        write_banks=1,
    ),
    lambda: CoreConfig(
        "toy-ss2-17-eta-t-fwd-rbank3",
        "ss2-17",
        "eta-t",
        [
            UnitChoice("gf2_mul_tmvp", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
            UnitChoice("gf2_add", 2, (("latch", 0),)),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
        ],
        "list",
        summary="toy: toy-ss2-17-eta-t-fwd (the same schedule and cycles) with read banks: "
        "the operand ports in three groups, each reading only its own bank (read_banks=3)",
        unroll=2,
        retime=True,
        forward=True,
        sink=("*",),
        read_banks=3,
    ),
    lambda: _bin(
        "toy-ss2-13-alg10",
        "ss2-13",
        "tate-alg10",
        2,
        4,
        2,
        1,
        1,
        0,
        0,
        "list",
        "toy: ss2-13 Tate (seed 004 Alg. 10), square roots precomputed into tables, two iterations per pass",
        unroll=2,
        streams=True,
    ),
]
_ALL += _S004


def all_configs() -> list:
    return [f() for f in (*_ALL, *_ALL_003)]


def get(name: str) -> CoreConfig:
    for c in all_configs():
        if c.name == name:
            return c
    raise CoreError(
        f"core: unknown core {name!r} (pairkit hw core list shows them: {', '.join(c.name for c in all_configs())})"
    )
