#!/usr/bin/env python3
"""Regenerate test-vectors/*.json from the executable specification (pure Python).

    python scripts/gen_vectors.py

One file per set: {"set", "generated_by", "vectors": [{"set", "alg", "P", "Q", "miller",
"states", "output", "canonical"}]}; hex strings in the CLI encodings (points x||y; F_{2^{4m}}
elements c0||c1||c2||c3 in the basis {1, s, t, st}; F_{3^{6m}} elements as their six coordinates
1, rho, rho^2, sigma, sigma rho, sigma rho^2, each the integer sum a_i 3^i). "states" is the Miller accumulator after
every iteration (empty for the second vector of each algorithm, to keep files small).
Read by the Rust core's tests (crates/pairkit-core/tests/pairing_vectors.rs), tests/test_native.py and the
pairing cores (tests/test_hw_core.py: the schedule interpreter, Amaranth and Verilator runs of
pairkit.hw.core on the vectors' points, per-iteration states and outputs). The GPU kernels are checked
against the Rust core instead (tests/test_gpu*.py).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

from pairkit.spec import pairing_for  # noqa: E402

PLAN = {"ss2-283": 2, "ss2-1223": 1, "ss2-239": 1, "ss2-11": 2, "ss3-97": 2, "ss3-193": 1, "ss3-13": 2}


def main() -> None:
    outdir = ROOT / "test-vectors"
    outdir.mkdir(exist_ok=True)
    for sid, count in PLAN.items():
        S = pairing_for(sid)
        rng = random.Random(f"pairkit vectors {sid}")
        vecs = []
        for i in range(count):
            P, Q = S.random_point(rng), S.random_point(rng)
            for alg in S.algorithms():
                if sid == "ss2-1223" and alg not in ("eta-t", "eta-alg2"):
                    continue
                states = []
                f = S.miller_loop(alg, P, Q, states if i == 0 else None)
                outv = S.final_exponentiation(alg, f)
                vecs.append(
                    {
                        "set": sid,
                        "alg": alg,
                        "P": S.curve.encode(P).hex(),
                        "Q": S.curve.encode(Q).hex(),
                        "miller": S.encode_gt(f).hex(),
                        "states": [S.encode_gt(c).hex() for c in states],
                        "output": S.encode_gt(outv).hex(),
                        "canonical": S.encode_gt(S.to_canonical(alg, outv)).hex(),
                    }
                )
        doc = {"set": sid, "generated_by": "python scripts/gen_vectors.py", "vectors": vecs}
        (outdir / f"{sid}.json").write_text(json.dumps(doc, indent=0) + "\n")
        print(f"{sid}: {len(vecs)} vectors")


if __name__ == "__main__":
    main()
