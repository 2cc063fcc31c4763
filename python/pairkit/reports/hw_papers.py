"""The seeds' published figures for the arithmetic units (transcribed from ../shared/seeds/ beside the checkout).

LUT kinds differ: seed 000 (Xilinx XC2VP100, ISE 7.1) and seed 001 (estimates in "4:1 LUT"
equivalents, 1 FF = 4/3 LUT) count 4-input LUTs; seed 003 (Virtex-6, ISE 12.4) and seed 004
(Virtex-7, Vivado 2023.1, out of context, LogicCompaction; post-synthesis figures, section 6) count 6-input LUTs.
"""

from __future__ import annotations

#: seed 001's flip-flop equivalent in LUTs (Table 2 note): LUT-eq = LUT4 + ⌈4/3 FF⌉
FF_LUT = 4 / 3

# seed 000 Table 2: C*A over F_{2^{4m}}; (m, scheme, D) -> FF, LUT, slices, clock period ns, latency ns
SEED000_T2 = {
    (239, 1, 4): (3664, 7799, 4268, 9.61, 576.6),
    (239, 1, 8): (3664, 13508, 7094, 9.98, 299.4),
    (239, 1, 16): (3664, 20744, 10722, 9.99, 149.9),
    (239, 2, 4): (2675, 5580, 3617, 9.86, 1182.8),
    (239, 2, 8): (2675, 8439, 5331, 9.98, 598.8),
    (239, 2, 16): (2675, 12075, 7536, 9.76, 292.8),
    (283, 1, 4): (4324, 9273, 5070, 9.84, 698.6),
    (283, 1, 8): (4348, 16060, 8416, 9.98, 359.3),
    (283, 1, 16): (4348, 24729, 12856, 9.99, 179.8),
    (283, 2, 4): (3159, 6632, 3046, 8.89, 1262.4),
    (283, 2, 8): (3171, 10031, 4483, 9.99, 719.3),
    (283, 2, 16): (3171, 14428, 6306, 9.98, 359.3),
}

# seed 004 Tables 2-3 (m = 283): name -> (LUT, FF, cycles derived from the text or None)
# cycles: M0 m + 1 ("m ... and one extra clock cycle"); M1 1 + ceil(282/10) (Alg. 2); M2 ceil(283/32) + 1
# reduction cycle (Alg. 3); M3/M4 9 words x 4 states + 1; M5 9 words x 6 states + 1 (Alg. 5-6 FSMs).
SEED004 = {
    "M0": (1054, 579, 284),
    "M1": (3268, 292, 30),
    "M2": (5363, 861, 10),
    "M3/M4": (3200, 871, 37),
    "M5": (2440, 864, 55),
    "squarer": (273, 0, 1),
    "reduction": (54, 0, 1),
    "inverter": (3972, 1723, None),
    "F4 multiplier": (23560, 7776, None),
    "F4 inverter": (31820, 13212, None),
}
SEED004_LI = {
    "squarer": (567, 317),
    "M5": (3367, 2156),
    "reduction": (1439, 825),
    "inverter": (13944, 6999),
    "F4 multiplier": (48591, 32578),
    "F4 inverter": (54988, 43746),
}
# Table 7: Fmax (MHz, post-synthesis) of the whole pairing unit built on each multiplier; M3 and M4 differ there
SEED004_FMAX = {"M0": 172.56, "M1": 151.37, "M2": 189.61, "M3": 182.31, "M4": 173.31, "M5": 161.66}

# seed 003 Table 2 (m = 1223, Virtex-6): name -> (cycles, LUT, MHz, latency ns, LUT x ms)
SEED003_T2 = {
    "Karatsuba 306 [12]": (10, 30148, 250, 40.0, 1.21),
    "two-way TMVP (A.1)": (9, 19721, 271, 33.2, 0.65),
    "three-way TMVP (3.2)": (6, 33546, 267, 22.5, 0.75),
}
SEED003_DMOCI_LUT = 38002
SEED003_XOR = {"squarer": (738, 2), "sqrt": (611, 1)}  # XOR gates, delay in D_X

# seed 001 Table 2 (m = 97, h = 16, D = 4): unit -> (area in LUT4 equivalents incl. I/O buffers, latency clk)
SEED001_T2 = {"add": (1358, 3), "mul": (3908, 27), "cube": (1100, 3), "cbrt": (904, 3)}
