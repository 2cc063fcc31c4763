"""Published figures of the seed papers (and software anchors), shown beside our measurements.

Hardware latencies are per pairing on the papers' devices; they are quoted, not measured here.
"""

# set id -> list of (source, what, microseconds)
PAIRING_LATENCY_US = {
    "typea-512": [
        ("seed 002 Table 6", "PBC on one Xeon core @ 2.5 GHz", 1954.0),
        ("seed 002 Table 6", "PBC on one AMD Phenom II core @ 2.3 GHz", 2157.0),
        ("seed 002 Table 6", "one processor core, Virtex-6 @ 399 MHz", 22600.0),
        ("seed 002 Table 6", "216 cores, Virtex-6: 1/aggregate throughput (9,568.8 pairings/s)", 104.5),
        ("issue 4", "PBC measured on this machine kind", 720.0),
    ],
    "bn254": [("issue 4", "mclbn256 on this machine kind", 240.0)],
    "bls12-381": [("issue 4", "pymcl / blspy on this machine kind", 690.0)],
    "ss2-239": [
        ("seed 000 Table 3", "Alg. 2, D1=16, XC2VP100 @ 84 MHz", 34.0),
        ("seed 000 Table 3", "Alg. 1, D1=32, XC2VP100 @ 83 MHz", 33.0),
        ("seed 000 Table 3", "Alg. 1, D1=16, XC2VP100 @ 100 MHz", 47.0),
    ],
    "ss2-283": [
        ("seed 000 Table 3", "Alg. 1, D1=32, XC2VP100 @ 72 MHz", 49.0),
        ("seed 000 Table 3", "Alg. 2, D1=16, XC2VP100 @ 56 MHz", 70.0),
        ("seed 004 Table 5", "Virtex-7, M4 + precomputation (fastest), post-synthesis, curve b = 1", 120.0),
        ("seed 004 Table 5", "Virtex-7, M5 + precomputation (the paper's preferred), post-synthesis, curve b = 1", 190.0),
        ("issue anchor", "MIRACL eta_T, one core of this machine kind", 860.0),
    ],
    "ss2-283b1": [
        ("seed 004 Table 5", "Virtex-7, M4 + precomputation (fastest), post-synthesis", 120.0),
        ("seed 004 Table 5", "Virtex-7, M5 + precomputation (the paper's preferred), post-synthesis", 190.0),
    ],
    "ss2-1223": [
        ("seed 003 Table 7", "eta_T with the DMOCI, FPGA (Virtex-6)", 87.7),
        ("seed 003 Table 8", "eta_T with the DMOCI, ASIC 65 nm", 47.5),
        ("issue anchor", "MIRACL with carry-less multiply", 3400.0),
        ("issue anchor", "RELIC 0.3.5", 15000.0),
    ],
    "ss3-97": [
        ("issue anchor", "software eta_T, 2.6 GHz Core 2 (2009)", 92.0),
        ("issue anchor", "PBC Type I pairing over F_3^97, one core of this machine kind", 7300.0),
    ],
}

# Hardware figures quoted in clock cycles per pairing (the papers give no clock for these).
PAIRING_CYCLES = {
    "ss3-97": [
        ("seed 001 Table 3", "best list schedule (9 multipliers): 87 clk x 97 iterations", 8439),
        ("seed 001 section 6", "Kerins et al.: 18 multipliers, 6 cube units, > 100 adders", 8924),
        ("seed 001 section 6", "Grabher et al.: one unit of each type, serial", 59946),
    ],
}

# Seed 001 Alg. 2.1: base-field operations per loop iteration (a square counted as a multiplication).
SEED001_COUNTS = {"add/sub": 52, "mul": 15, "cube": 2, "cbrt": 2}

# The goals for one core of this machine (median microseconds per pairing).
GOAL_US = {"typea-512": 150.0, "ss2-239": 20.0, "ss2-283": 25.0, "ss2-1223": 500.0, "ss3-97": 40.0}
GOAL_MUL_NS = {"ss2-283": 20.0, "ss2-1223": 120.0, "ss3-97": 40.0}
GOAL_SPEEDUP_2CORES = {"ss3-97": 1.8}
