"""The multi-core array measured: whole pairings streamed through ProcArray in Verilator, each
held against the ISS and the Rust engine, and the array synthesized (yosys ``synth_xilinx -family xc6v`` and
``synth_ecp5``, as proc.py does for one core). Cached in ``hw-report-cache/proc/array/<set>-W<W>-P<P>-d<d>[-red]-c<n>
[-own-roms].json`` under the hash of the array's RTLIL; ``section`` gives HARDWARE.md's rows from the cache.
"""

from __future__ import annotations

import hashlib
import os
import time

from pairkit import api
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.toolchain import to_rtlil
from pairkit.hw.proc.array import resources as _res
from pairkit.hw.proc.compile import compile_set, result
from pairkit.hw.proc.rtl.array import ProcArray
from pairkit.hw.proc.rtl.array_sim import check_array, pairing_inputs
from pairkit.hw.proc.rtl.layout import Layout
from pairkit.reports.proc import load_cached, load_dir, save_cached, synth_ecp5, synth_xilinx

DEFAULT_DIR = os.path.join("hw-report-cache", "proc", "array")


def path_of(reports_dir: str, set_id: str, W: int, P: int, d: int, reduction: str, cores: int, share: bool) -> str:
    red = "" if reduction == "barrett" else f"-{reduction}"
    return os.path.join(reports_dir, f"{set_id}-W{W}-P{P}-d{d}{red}-c{cores}{'' if share else '-own-roms'}.json")


def simulate(L: Layout, set_id: str, cores: int, jobs: int, seed: int = 1) -> dict:
    """``jobs`` random pairings of ``set_id`` through the array in Verilator: every job's outputs against the ISS
    (check_array) and its GT element against the Rust engine."""
    pts = pairing_inputs(set_id, jobs, seed)
    t = time.time()
    r = check_array(L, cores, [x for _, _, x in pts])
    for x, (Pb, Qb, _) in zip(r["per_job"], pts):
        got = {k: L.alu.from_domain(v) for k, v in x.pop("outputs").items()}
        x["bit_exact"] = result(set_id, got) == api.split_gt(set_id, api.pair(set_id, Pb, Qb))
    r.update(
        engine="verilator",
        seed=seed,
        seconds=round(time.time() - t, 1),
        bit_exact=all(x["bit_exact"] for x in r["per_job"]),
    )
    return r


def measure(
    cores: int,
    set_id: str = "typea-512",
    W: int = 16,
    P: int = 4,
    d: int = 2,
    reduction: str = "montgomery",
    share: bool = True,
    jobs: int | None = None,
    reports_dir: str = DEFAULT_DIR,
    sim: bool = True,
    synth: bool = True,
    force: bool = False,
    timeout: float = 3600,
    log=lambda s: None,
) -> dict:
    L = Layout(compile_set(set_id).program, W=W, P=P, d=d, reduction=reduction)

    def arr():
        return ProcArray(L, cores, share_roms=share)

    key = hashlib.sha256(to_rtlil(arr()).encode()).hexdigest()[:16]
    os.makedirs(reports_dir, exist_ok=True)
    path = path_of(reports_dir, set_id, W, P, d, reduction, cores, share)
    res = load_cached(path, key, force)
    res.update(
        {
            "key": key,
            "set": set_id,
            "W": W,
            "P": P,
            "d": d,
            "reduction": reduction,
            "cores": cores,
            "shared_roms": share,
            "k": L.k,
            "inputs": len(L.prog.inputs),
            "outputs": len(L.prog.outputs),
        }
    )

    def save():
        save_cached(path, res)

    if sim and "sim" not in res:
        log(f"verilator: {jobs or cores + 1} pairings on {cores} cores against the ISS ...")
        res["sim"] = simulate(L, set_id, cores, jobs or cores + 1)
        save()
    for name, fn in (("xc6v", lambda: synth_xilinx(arr(), timeout)), ("ecp5", lambda: synth_ecp5(arr(), timeout))):
        if synth and name not in res:
            log(f"yosys {name} ({cores} cores) ...")
            try:
                res[name] = fn()
            except HwToolError as e:
                res[name] = {"status": "not run", "reason": str(e)[:300]}
            save()
    return res


def load(reports_dir: str = DEFAULT_DIR) -> list[dict]:
    """The cached array measurements, by set, reduction, d and cores (shared ROMs first)."""
    out = load_dir(reports_dir)
    return sorted(out, key=lambda r: (r["set"], r["reduction"], r["d"], r["cores"], not r["shared_roms"]))


def section(arrays: list[dict], cores_by: dict) -> list[str]:
    """HARDWARE.md's measured-array table; ``cores_by`` {(reduction, d): the cached one-core `proc report`}."""
    if not arrays:
        return []
    L = [
        "### Seed 002 Table 6, built: the multi-core array with its work distributor (`pairkit proc sim-array`)",
        "",
        '`pairkit.hw.proc.rtl.array.ProcArray` (docs/PROC.md "Array"): n cores running one program, two job slots '
        "the host fills through one core's address map, a distributor that copies a job's input limbs into the "
        "first idle core and starts it, and a tagged result stream (job id, error, the output limbs) with "
        "backpressure; two neighbouring cores share one program ROM and one constant ROM (two read ports). "
        "Whole `typea-512` pairings streamed through it in Verilator, more jobs than cores, every job's outputs "
        "bit-exact against the ISS and its GT element against the Rust engine, the cycles between a core's start "
        "and its halt equal to the ISS's. Synthesis: yosys `synth_xilinx -family xc6v` (LUT6 / FF / DSP48E1 / "
        "RAMB18) and `synth_ecp5` (LUT4 / FF / MULT18X18D / DP16KD) of the whole array. The distributor's share: "
        "the array less n × the one-core synthesis of the same core (`pairkit proc report`; with shared ROMs "
        "this difference also holds the ROMs saved, so it can be below the distributor's own cost).",
        "",
        "| core | cores | ROMs | xc6v LUT6 / FF / DSP / BRAM | distributor share xc6v (LUT6 / FF / BRAM) | "
        "ecp5 LUT4 / FF / DSP / BRAM | distributor share ecp5 (LUT4 / FF / BRAM) | jobs (bit-exact) | "
        "cycles, first push to last result | pairings / Mcycle, batch / steady | overhead a job (cycles) | "
        "pairings/s at one core's ECP5 Fmax, batch / steady |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in arrays:
        one = cores_by.get((r["reduction"], r["d"])) or {}
        name = f"`{r['set']}` W = {r['W']}, P = {r['P']}, d = {r['d']}" + (
            ", Montgomery (CIOS)" if r["reduction"] == "montgomery" else ", Barrett"
        )
        cells = []
        for tool in ("xc6v", "ecp5"):
            x, c = r.get(tool) or {}, one.get(tool) or {}
            if "lut" not in x:
                cells += ["not run", "—"]
                continue
            a = _res(x)
            cells.append(f"{a['lut']:,} / {a['ff']:,} / {a['dsp']} / {a['bram']}")
            if "lut" in c:
                b = _res(c)
                n = r["cores"]
                cells.append(
                    f"{a['lut'] - n * b['lut']:+,} / {a['ff'] - n * b['ff']:+,} / {a['bram'] - n * b['bram']:+}"
                )
            else:
                cells.append("— (no one-core report)")
        s = r.get("sim") or {}
        fmax = (one.get("pnr") or {}).get("fmax_mhz")
        if s:
            rate = s["per_mcycle"]
            jobs = s["per_job"]
            steady = r["cores"] * 1e6 / (sum(x["core_cycles"] for x in jobs) / len(jobs) + s["overhead_formula"])
            ov = (
                f"{s['overhead_min']}"
                if s["overhead_min"] == s["overhead_max"]
                else f"{s['overhead_min']}–{s['overhead_max']}"
            ) + f" (uncontended: {s['overhead_formula']})"
            simc = [
                f"{s['jobs']} ({'all' if s['bit_exact'] else 'NOT all'})",
                f"{s['span_cycles']:,}",
                f"{rate:.3f} / {steady:.3f}",
                ov,
                f"{rate * fmax:.2f} / {steady * fmax:.2f} ({fmax} MHz, nextpnr-ecp5)" if fmax else "— (no Fmax)",
            ]
        else:
            simc = ["not simulated (the same cores and distributor as the shared-ROM array)", "", "", "", ""]
        L.append(
            f"| {name} | {r['cores']} | {'shared by two' if r['shared_roms'] else 'one per core'} | "
            + " | ".join(cells + simc)
            + " |"
        )
    L += [
        "",
        "(pairings / Mcycle, batch = jobs × 10⁶ / the cycles from the first push to the last result limb, as "
        "simulated: with so few jobs the cores idle at the end while the last ones finish; steady = cores × 10⁶ / "
        "(the simulated jobs' mean core cycles + the uncontended overhead), the rate of a full array whose slots "
        "never run dry, computed from the measured figures, not simulated. The overhead is a job's cycles from the "
        "distributor taking it out of its slot to its last "
        "result limb less the core's own, i.e. the input copy, the start and the readout, and any wait for the "
        "readout engine. The pairings/s column multiplies the measured pairings per cycle by our own clock only: the "
        "ECP5 Fmax measured for one core (nextpnr-ecp5, LFE5U-85F; the array is not placed and routed).)",
        "",
    ]
    return L
