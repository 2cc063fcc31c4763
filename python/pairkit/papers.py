"""Published figures of the seed papers (and software anchors), shown beside our measurements.

Hardware latencies are per pairing on the papers' devices; they are quoted, not measured here.
"""

# set id -> list of (source, what, microseconds)
PAIRING_LATENCY_US = {
    "ss2-239": [
        ("seed 000 Table 3", "Alg. 2, D1=16, XC2VP100 @ 84 MHz", 34.0),
        ("seed 000 Table 3", "Alg. 1, D1=32, XC2VP100 @ 83 MHz", 33.0),
        ("seed 000 Table 3", "Alg. 1, D1=16, XC2VP100 @ 100 MHz", 47.0),
    ],
    "ss2-283": [
        ("seed 000 Table 3", "Alg. 1, D1=32, XC2VP100 @ 72 MHz", 49.0),
        ("seed 000 Table 3", "Alg. 2, D1=16, XC2VP100 @ 56 MHz", 70.0),
        ("seed 004 Table 5", "Virtex-7, M5 + precomputation (fastest)", 120.0),
        ("issue anchor", "MIRACL eta_T, one core of this machine kind", 860.0),
    ],
    "ss2-283b1": [
        ("seed 004 Table 5", "Virtex-7, 0.12-0.19 ms", 120.0),
    ],
    "ss2-1223": [
        ("seed 003 Table 4", "eta_T, FPGA (Virtex-6)", 87.7),
        ("seed 003 Table 4", "eta_T, ASIC 65 nm", 47.5),
        ("issue anchor", "MIRACL with carry-less multiply", 3400.0),
        ("issue anchor", "RELIC 0.3.5", 15000.0),
    ],
}

# The goals for one core of this machine (median microseconds per pairing).
GOAL_US = {"ss2-239": 20.0, "ss2-283": 25.0, "ss2-1223": 500.0}
GOAL_MUL_NS = {"ss2-283": 20.0, "ss2-1223": 120.0}
