#!/usr/bin/env python3
"""Print the native peer benchmark (crates/pairkit-peers/benches/peers.rs) as a markdown table.

    python scripts/peers_table.py [CRITERION_DIR]

Reads criterion's estimates (default: crates/pairkit-peers/target/criterion, what `make
bench-peers-native` writes): per set, each library's median time per pairing (Miller loop and final
exponentiation of the same affine points) and pairkit's ratio to it (bn254's mcl row: pairkit / mcl, a goal of
BENCHMARKS.md), ready to paste into
BENCHMARKS.md. State the CPU and the machine's load beside it.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMES = {
    "pairkit": "pairkit optimal-ate (default: the peers' value)",
    "pairkit-reduced": "pairkit optimal-ate-reduced (plain (p^12-1)/r power)",
    "blst": "blst 0.3.17 (miller_loop + final_exp)",
    "arkworks": "arkworks 0.5.0 (Pairing::pairing)",
    "mcl": "herumi/mcl from pymcl 1.0.2's .so (mclBn_pairing, MCL_BN_SNARK1)",
}


def main() -> None:
    base = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "crates/pairkit-peers/target/criterion"
    cpu = (
        next(
            (
                ln.split(":", 1)[1].strip()
                for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")
            ),
            platform.processor(),
        )
        if Path("/proc/cpuinfo").exists()
        else ""
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPU: {cpu}, {os.cpu_count()} logical cores; 1-minute load average now {load:.1f}")
    print()
    print("| set | library | median µs | pairkit / library |")
    print("|---|---|---:|---:|")
    for set_dir in sorted(base.glob("peers-native_*")):
        sid = set_dir.name.split("_", 1)[1]
        med = {}
        for d in sorted(set_dir.iterdir()):
            est = d / "new" / "estimates.json"
            if est.is_file():
                med[d.name] = json.loads(est.read_text())["median"]["point_estimate"] / 1000.0
        ours = med.get("pairkit")
        order = [k for k in NAMES if k in med] + sorted(k for k in med if k not in NAMES)
        for lib in order:
            us = med[lib]
            ratio = f"{ours / us:.2f}×" if ours and lib != "pairkit" else ""
            print(f"| {sid} | {NAMES.get(lib, lib)} | {us:.1f} | {ratio} |")


if __name__ == "__main__":
    main()
