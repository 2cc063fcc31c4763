"""Seed 001's published numbers (Bertoni et al., Tables 2-4 and section 5), for comparison.

Unit mixes are {mul, cube ("Power"), add, cbrt ("Root")}; a row with several multiplier counts
(Table 3's "7, 8" and ">= 9") lists the counts it covers (9 stands for ">= 9").
"""

from __future__ import annotations

#: Table 2 (m = 97, h = 16, D = 4): area LUT, latency clk, variability range
TABLE2 = {"add": (1358, 3, 18), "mul": (3908, 27, 11), "cube": (1100, 3, 2), "cbrt": (904, 3, 2)}
#: section 5: control steps of the loop body with unit latencies and unlimited units
CONTROL_STEPS = 18
#: section 5: minimum loop time, reached with >= 9 multipliers
MIN_T = 87
#: section 5: "all the schedules in Table 3 require from 28 up to 32 temporary registers"
REGISTERS = (28, 32)
#: Algorithm 2.1: base-field operations per iteration
OPS_PER_ITERATION = {"add/sub": 52, "mul": 15, "cube": 2, "cbrt": 2}

#: Table 3: optimal T per multiplier count
TABLE3 = [
    {"mul": [1], "cube": 2, "add": 1, "cbrt": 1, "T": 423, "incr": 386.2},
    {"mul": [2], "cube": 2, "add": 4, "cbrt": 1, "T": 234, "incr": 169.0},
    {"mul": [3], "cube": 2, "add": 4, "cbrt": 1, "T": 159, "incr": 82.7},
    {"mul": [4], "cube": 2, "add": 4, "cbrt": 1, "T": 132, "incr": 51.7},
    {"mul": [5], "cube": 1, "add": 4, "cbrt": 1, "T": 108, "incr": 24.1},
    {"mul": [6], "cube": 1, "add": 3, "cbrt": 1, "T": 105, "incr": 20.7},
    {"mul": [7, 8], "cube": 2, "add": 3, "cbrt": 1, "T": 99, "incr": 13.8},
    {"mul": [9], "cube": 1, "add": 4, "cbrt": 1, "T": 87, "incr": 0.0},
]
#: Table 4: optimal AT per multiplier count (A includes 32 registers); incr = AT increment in %
TABLE4 = [
    {"mul": [1], "cube": 1, "add": 1, "cbrt": 1, "T": 426, "incr": 74},
    {"mul": [2], "cube": 1, "add": 1, "cbrt": 1, "T": 246, "incr": 26},
    {"mul": [3], "cube": 1, "add": 2, "cbrt": 1, "T": 168, "incr": 9},
    {"mul": [4], "cube": 1, "add": 2, "cbrt": 1, "T": 141, "incr": 6},
    {"mul": [5], "cube": 1, "add": 4, "cbrt": 1, "T": 108, "incr": 0},
    {"mul": [6], "cube": 1, "add": 3, "cbrt": 1, "T": 105, "incr": 4},
    {"mul": [7], "cube": 1, "add": 2, "cbrt": 1, "T": 105, "incr": 11},
    {"mul": [8], "cube": 2, "add": 3, "cbrt": 1, "T": 99, "incr": 21},
    {"mul": [9], "cube": 1, "add": 4, "cbrt": 1, "T": 87, "incr": 16},
]


def mixes(table) -> list:
    """[(multiplier count, {unit: count}, T)] for every multiplier count a table row covers."""
    return [
        (k, {"mul": k, "cube": r["cube"], "add": r["add"], "cbrt": r["cbrt"]}, r["T"]) for r in table for k in r["mul"]
    ]
