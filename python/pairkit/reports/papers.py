"""Published figures of the seed papers (and software anchors), shown beside our measurements.

Hardware latencies are per pairing on the papers' devices; they are quoted, not measured here. The
per-set figures live in each set's registry entry (gen/params/*.toml -> data/registry.json); this
module indexes them by set id.
"""

from pairkit import sets

# Per set, from the registry (each set's entry in gen/params/*.toml: papers_us, papers_cycles, goal_*).
# set id -> list of (source, what, microseconds)
PAIRING_LATENCY_US = {e.id: list(e.papers_us) for e in sets.registrations() if e.papers_us}

# Hardware figures quoted in clock cycles per pairing (the papers give no clock for these).
PAIRING_CYCLES = {e.id: list(e.papers_cycles) for e in sets.registrations() if e.papers_cycles}

# Seed 001 Alg. 2.1: base-field operations per loop iteration (a square counted as a multiplication).
SEED001_COUNTS = {"add/sub": 52, "mul": 15, "cube": 2, "cbrt": 2}

# The issues' goals for one core of this machine (median microseconds per pairing; ns per multiplication;
# speed-up on two cores).
GOAL_US = {e.id: e.goal_us for e in sets.registrations() if e.goal_us is not None}
GOAL_MUL_NS = {e.id: e.goal_mul_ns for e in sets.registrations() if e.goal_mul_ns is not None}
GOAL_SPEEDUP_2CORES = {e.id: e.goal_speedup_2cores for e in sets.registrations() if e.goal_speedup_2cores is not None}
