"""The core flow in one place: compile a named core, build its RTL, simulate whole pairings and
check them against the spec and the Rust core (``pairkit hw core ...`` and the tests use this)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from pairkit import api
from pairkit.hw.core import codegen, instances, interp, rtl
from pairkit.hw.core.config import CoreConfig
from pairkit.hw.core.errors import CoreError, CoreMismatchError
from pairkit.hw.core.microcode import Microcode
from pairkit.hw.core.program import Program, lower, spec_of
from pairkit.sets import Family
from pairkit.spec.char3.tower import f6_unflat

ENGINES = ("auto", "interp", "amaranth", "verilator")
#: largest field degree simulated in Amaranth by default (the toy fields); larger ones go to Verilator
AMARANTH_MAX_M = 32


@dataclass(frozen=True, eq=False)
class CompiledCore:
    """A core compiled once, carried through the stages (interpreter, RTL, simulators, export): its
    configuration, the spec's pairing object of its set (built once per core, passed where the stages
    took the set id), the lowered program, the micro-code and the units' parameters."""

    cfg: CoreConfig
    spec: Any  # pairkit.spec.BinaryPairing or pairkit.spec.Char3Pairing (pairkit.spec.pairing_for)
    program: Program
    mc: Microcode
    unit_params: dict

    @property
    def name(self) -> str:
        return self.cfg.name

    @property
    def set_id(self) -> str:
        return self.cfg.set_id

    @property
    def alg(self) -> str:
        return self.cfg.alg

    def make_rtl(self, debug: bool = False, hier: bool = False) -> rtl.PairingCore:
        return rtl.PairingCore(self.mc, self.set_id, self.unit_params, debug=debug, hier=hier)


def _compile(cfg: CoreConfig) -> CompiledCore:
    S = spec_of(cfg.set_id)
    prog = lower(S, cfg.alg, has_inv=cfg.has("inv"), chains=cfg.chains, compound=cfg.compound)
    return CompiledCore(cfg, S, prog, codegen.compile_core(cfg, prog), cfg.unit_params())


@lru_cache(maxsize=16)
def _compiled(name: str) -> CompiledCore:
    return _compile(instances.get(name))


def compile_core(core: str | CoreConfig) -> CompiledCore:
    """A named core (cached) or a configuration, compiled: the spec object built once, lowered, scheduled."""
    if isinstance(core, CoreConfig):
        return _compile(core)
    return _compiled(core)


def with_target(core: str | CoreConfig, mhz: float | None) -> CoreConfig:
    """A named core or a configuration, built for the target clock ``mhz`` (CoreConfig.target_mhz: the
    pipeline stages of :mod:`.pipeline`; None: none)."""
    return replace(core if isinstance(core, CoreConfig) else instances.get(core), target_mhz=mhz)


def compiled(core: str | CoreConfig):
    """(config, micro-code) of a named core (cached) or of a configuration."""
    c = compile_core(core)
    return c.cfg, c.mc


def unit_params(cfg: CoreConfig) -> dict:
    return cfg.unit_params()


def make_rtl(cfg: CoreConfig, mc, debug: bool = False) -> rtl.PairingCore:
    return rtl.PairingCore(mc, cfg.set_id, unit_params(cfg), debug=debug)


def random_pairs(spec, n: int, seed: int = 1) -> list:
    """``n`` random pairs of points (``spec``: a set id or its spec object)."""
    S = spec_of(spec)
    rng = random.Random(seed)
    return [(S.random_point(rng), S.random_point(rng)) for _ in range(n)]


def gt_bytes(spec, coords: tuple) -> bytes:
    S = spec_of(spec)
    if S.family is Family.CHAR3:
        return S.encode_gt(f6_unflat(list(coords)))
    return S.encode_gt(tuple(coords))


def rust_check(cfg: CoreConfig, P, Q, coords: tuple, spec=None) -> None:
    """The core's value equals the Rust core's pairing (same algorithm), and so does its canonical form
    (``spec``: the set's spec object when the caller has it)."""
    S = spec_of(spec or cfg.set_id)
    eP, eQ = S.curve.encode(P), S.curve.encode(Q)
    got = gt_bytes(S, coords)
    if api.pair(cfg.set_id, eP, eQ, cfg.alg) != got:
        raise CoreMismatchError("output", "the core's GT element differs from the Rust core's pairing")
    value = coords if S.family is not Family.CHAR3 else _unflat(coords)
    canon = S.encode_gt(S.to_canonical(cfg.alg, value))
    if api.pair(cfg.set_id, eP, eQ, cfg.alg, canonical=True) != canon:
        raise CoreMismatchError("output", "the canonical value differs from the Rust core's")


def _unflat(coords):
    return f6_unflat(list(coords))


def simulate(
    name: str | CoreConfig,
    n: int = 2,
    seed: int = 1,
    engine: str = "auto",
    rust: bool = True,
    target_mhz: float | None = None,
) -> dict:
    """Whole pairings of random points on core ``name`` (or a configuration): interpreter always, then
    the RTL engine; ``target_mhz``: the core built for that clock (:func:`with_target`)."""
    if engine not in ENGINES:
        raise CoreError(f"engine: {engine!r} is not one of {', '.join(ENGINES)}")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 1000:
        raise CoreError(f"n: the number of pairings must be an integer from 1 to 1000, got {n!r}")
    c = compile_core(name if target_mhz is None else with_target(name, target_mhz))
    cfg, mc, S = c.cfg, c.mc, c.spec
    if engine == "auto":
        engine = "amaranth" if mc.m <= AMARANTH_MAX_M else "verilator"
    pairs = random_pairs(S, n, seed)
    t0 = time.time()
    ref = [interp.run(mc, S, cfg.alg, P, Q) for P, Q in pairs]
    res = {
        "core": cfg.name,
        "set": cfg.set_id,
        "alg": cfg.alg,
        "pairings": n,
        "engine": engine,
        "cycles": mc.cycles(),
        "miller_cycles": mc.info["miller_cycles"],
        "final_exp_cycles": mc.info["final_exp_cycles"],
        "T_iter": mc.info["T_iter"],
        "T_pass": mc.info["T_pass"],
        "unroll": mc.unroll,
        "looped_iterations": mc.info["looped_iterations"],
        "registers": mc.n_regs,
        "control_words": mc.n_steps,
        "target_mhz": cfg.target_mhz,
        "pipeline": mc.info.get("pipeline"),
        "interp_values_checked": ref[0].values_checked,
        "interp_states_checked": ref[0].states_checked,
        "interp_probes_checked": ref[0].probes_checked,
    }
    if engine != "interp":
        core = c.make_rtl(debug=(engine == "verilator"))
        if engine == "amaranth":
            from pairkit.hw.core.sim import run_amaranth

            runs = run_amaranth(core, S, cfg.alg, pairs)
        else:
            from pairkit.hw.core.verilator_bench import run_verilator

            runs = run_verilator(core, S, cfg.alg, pairs)
        for r, x in zip(runs, ref):
            if r.output != x.output:
                raise CoreMismatchError("output", "the RTL's GT element differs from the interpreter's")
            if r.cycles != mc.cycles() + 1:
                raise CoreMismatchError(
                    "controller", f"the RTL took {r.cycles - 1} cycles, the micro-code {mc.cycles()}"
                )
        res["rtl_states_checked"] = runs[0].states_checked
        if runs[0].iterations_checked:  # Verilator: the probes inside passes and outside the loop too
            res["rtl_probes_checked"] = runs[0].probes_checked
            res["rtl_iterations_checked"] = runs[0].iterations_checked
        res["rtl_cycles"] = runs[0].cycles - 1
    if rust:
        for (P, Q), x in zip(pairs, ref):
            rust_check(cfg, P, Q, x.output, S)
    res["ok"] = True
    res["seconds"] = round(time.time() - t0, 1)
    return res


def vector_check(name: str, path: str, engine: str = "interp") -> int:
    """Run core ``name`` on every vector of its (set, alg) in the shared JSON ``path`` (test-vectors/):
    the accumulator after every Miller iteration (``states``, when the vector has them) against the
    interpreter's (which checks it at every loop boundary and every value in between), the Miller
    value and the final value. Returns the number of vectors run."""
    import json

    c = compile_core(name)
    cfg, mc, S = c.cfg, c.mc, c.spec
    with open(path) as fh:
        doc = json.load(fh)
    n = 0
    for v in doc["vectors"]:
        if v["alg"] != cfg.alg:
            continue
        P, Q = S.curve.decode(bytes.fromhex(v["P"])), S.curve.decode(bytes.fromhex(v["Q"]))
        if v.get("states"):
            from pairkit.hw.core.program import run_trace

            T, _, states, _ = run_trace(S, cfg.alg, P, Q)
            for i, (st, want) in enumerate(zip(states, v["states"])):
                if gt_bytes(S, tuple(T.values[t] for t in st)).hex() != want:
                    raise CoreMismatchError(f"Miller iteration {i + 1}", "the spec trace differs from the vector")
        r = interp.run(mc, S, cfg.alg, P, Q)
        if engine != "interp":
            core = c.make_rtl(debug=(engine == "verilator"))
            if engine == "verilator":
                from pairkit.hw.core.verilator_bench import run_verilator

                rr = run_verilator(core, S, cfg.alg, [(P, Q)])[0]
            else:
                from pairkit.hw.core.sim import run_amaranth

                rr = run_amaranth(core, S, cfg.alg, [(P, Q)])[0]
            if rr.output != r.output:
                raise CoreMismatchError("output", "the RTL differs from the interpreter on a shared vector")
        if gt_bytes(S, r.output).hex() != v["output"]:
            raise CoreMismatchError("output", f"the core's value differs from the vector's output ({path})")
        n += 1
    return n
