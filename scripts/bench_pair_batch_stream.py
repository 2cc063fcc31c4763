"""The streaming benchmark for `pairkit pair-batch` (not a CI test): an input of SIZE MB of
`P Q` lines (random ss2-283 pairs, repeated), piped into the CLI; prints the time to the first output
line, the peak resident memory of the process (from /proc, sampled every 10 ms) and, in a second run,
how long the CLI takes to stop after SIGINT.

    python scripts/bench_pair_batch_stream.py --mb 1024
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from pairkit import api  # noqa: E402


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for ln in fh:
            if ln.startswith("VmRSS:"):
                return int(ln.split()[1]) / 1024
    return 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=1024)
    ap.add_argument("--set", default="ss2-283")
    a = ap.parse_args()
    P, Q = api.random_points(a.set, 64, seed=1), api.random_points(a.set, 64, seed=2)
    block = "".join(f"{p.hex()} {q.hex()}\n" for p, q in zip(P, Q)).encode()
    reps = a.mb * (1 << 20) // len(block) + 1
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    cmd = [sys.executable, "-m", "pairkit.cli", "pair-batch", "--set", a.set]

    def feed(proc):
        try:
            for _ in range(reps):
                proc.stdin.write(block)
            proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass

    # 1: first output and peak memory over the whole input
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    threading.Thread(target=feed, args=(p,), daemon=True).start()
    peak, first, lines = 0.0, None, 0
    done = threading.Event()

    def sample():
        nonlocal peak
        while not done.is_set():
            try:
                peak = max(peak, rss_mb(p.pid))
            except OSError:
                return
            time.sleep(0.01)

    threading.Thread(target=sample, daemon=True).start()
    for _ in p.stdout:
        if first is None:
            first = time.perf_counter() - t0
        lines += 1
    p.wait()
    done.set()
    total = time.perf_counter() - t0
    print(
        f"{a.set}: {a.mb} MB input, {lines:,} pairings in {total:.1f} s ({lines / total:,.0f}/s); first output "
        f"after {first:.2f} s (process start included); peak RSS {peak:.0f} MB; exit {p.returncode}"
    )
    # 2: Ctrl-C while the batch runs
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    threading.Thread(target=feed, args=(p,), daemon=True).start()
    p.stdout.readline()
    time.sleep(1.0)
    t = time.perf_counter()
    p.send_signal(signal.SIGINT)
    threading.Thread(target=lambda: p.stdout.read(), daemon=True).start()
    p.wait()
    print(
        f"SIGINT while pairing: exit {p.returncode} after {time.perf_counter() - t:.2f} s; stderr: "
        f"{p.stderr.read().decode().strip()[-120:]}"
    )


if __name__ == "__main__":
    main()
