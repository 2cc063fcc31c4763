"""Merge `pairkit bench --engine gpu --json` reports (one per set, as scripts/gpu_session.sh writes
them) and write their table as the GPU section of a BENCHMARKS.md-style file. The reports are kept
in docs/gpu-runs/<date>-<device>/, so the section is regenerated from them without a GPU:

    python scripts/gpu_bench_md.py docs/gpu-runs/2026-11-25-h100/bench-ss2-*.json --markdown BENCHMARKS.md
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from pairkit.reports import bench_gpu as bench  # noqa: E402


def merge(paths: list[str]) -> dict:
    reports = [json.loads(Path(p).read_text()) for p in paths]
    devices = sorted({r["device"] for r in reports})
    if len(devices) != 1:
        raise SystemExit(f"reports from different devices: {devices}")
    dates = sorted(r["date"] for r in reports)
    date = dates[0] if dates[0] == dates[-1] else f"{dates[0]} to {dates[-1]}"
    order = {s: i for i, s in enumerate(bench.DEFAULT_SETS)}
    results = sorted((x for r in reports for x in r["results"]), key=lambda x: order.get(x["set"], 99))
    return {"device": devices[0], "date": date, "results": results}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--markdown", required=True)
    ap.add_argument(
        "--command",
        help="the device command(s) that produced the reports, where they came from "
        "more than one run (default: derived from the reports)",
    )
    a = ap.parse_args()
    report = merge(a.reports)
    batch = max(x["n"] * (8 if x["set"] == "ss2-1223" else 1) for x in report["results"])
    if a.command:
        cmds = a.command + "`"
    elif all("comb" in x for x in report["results"]):  # gpu_variants.py --bench: the fastest variant per set
        cmds = (
            f"BATCH={batch} bash scripts/gpu_session.sh` (`scripts/gpu_variants.py --bench`: the bench of "
            "`pairkit bench --engine gpu` per set with the fastest comb variant of the sweep)"
        )
    else:
        cmds = (
            "; ".join(
                f"pairkit bench --engine gpu --set {x['set']} --batch "
                f"{x['n'] * (8 if x['set'] == 'ss2-1223' else 1)} --json"
                for x in report["results"]
            )
            + "` (scripts/gpu_session.sh)"
        )
    bench.write_section(
        a.markdown, bench.markdown(report, f"{cmds}, merged by `python scripts/gpu_bench_md.py {' '.join(a.reports)}")
    )


if __name__ == "__main__":
    main()
