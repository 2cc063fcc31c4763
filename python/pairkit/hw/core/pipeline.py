"""Pipeline stages from a target clock: the one timing model of the core generator.

A core built for ``CoreConfig.target_mhz`` gets registers on its longest paths (docs/CORE.md,
"Timing: pipeline stages from a target clock"):

* **operand registers** (``operand_regs``): the output of the operand multiplexer in front of every unit
  input port (with its sign / plus-one modifier) is registered, and the unit's ``start`` with it, so the
  path register file -> multiplexer -> unit input logic is cut after the multiplexer. +1 cycle per
  operation.
* **output registers** (``output_regs``): every unit output port is registered before it reaches the
  register-file write multiplexers, the table write ports and the forwarding inputs of the operand
  multiplexers. +1 cycle per operation.

Both only delay a unit's view of time by a constant, so the micro-code generator sees them as
``cycles + stages`` (:meth:`pairkit.hw.core.config.CoreConfig.cycles`): results are written, forwarded and
held exactly as before, one or two steps later, and the scheduler plans with the longer latency.

The model (ECP5, LUT4 fabric): a register-to-register path of L LUT levels closes at about
``L * NS_PER_LEVEL`` ns. ``NS_PER_LEVEL`` is calibrated on this repository's own place-and-route results
(nextpnr-ecp5, LFE5U-85F, ``hw-report-cache/cores``): clock period / logic depth after ``synth_ecp5`` of
toy-ss2-11-alg1 (85.3 MHz, 13 levels: 0.90 ns), toy-ss2-13-eta2 (84.4 MHz, 14: 0.85), toy-ss3-13-dl (73.7 MHz,
17: 0.80) and toy-ss3-13-dl-min (71.5 MHz, 17: 0.82); mean 0.84 ns per level, LUT and routing together
(the routing is most of it: Lattice's ECP5 LUT4 alone is a few hundred ps). So a target f allows
``floor(1000 / (f * NS_PER_LEVEL))`` levels. The thresholds are the depths measured on the same toys
without stages and with operand registers only (``pairkit hw core report --target-mhz``, docs/CORE.md's
table): a stage is added when the budget is below the depth the core would have without it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pairkit.hw.core.errors import CoreError

#: ns per LUT4 level on ECP5, LUT and routing (calibrated: see the module docstring)
NS_PER_LEVEL = 0.84
#: levels of the unpipelined toy cores' longest paths (synth_ecp5: 13-17); above this budget nothing is added
DEPTH_PLAIN = 13
#: levels with operand registers only (the unit output -> write multiplexer / forwarding path remains)
DEPTH_OPERAND_REGS = 9
#: the least budget a target may leave: one LUT level between registers is all the fabric can give
MIN_LEVELS = 2
#: the lowest target accepted (MHz), as ``gen --bus``'s constraints
MIN_MHZ = 0.001


@dataclass(frozen=True)
class Pipeline:
    """The stages a core has (both False: the unpipelined core)."""

    operand_regs: bool = False
    output_regs: bool = False

    @property
    def stages(self) -> int:
        """Cycles each operation gains."""
        return int(self.operand_regs) + int(self.output_regs)

    def as_dict(self) -> dict:
        return {"operand_regs": self.operand_regs, "output_regs": self.output_regs, "stages": self.stages}


def max_mhz() -> float:
    """The highest target the model accepts: MIN_LEVELS levels per cycle."""
    return 1000.0 / (MIN_LEVELS * NS_PER_LEVEL)


def check_target(mhz) -> float | None:
    """``mhz``: None (no target) or a finite number of MHz in [MIN_MHZ, max_mhz()]; else a CoreError."""
    if mhz is None:
        return None
    if isinstance(mhz, bool) or not isinstance(mhz, (int, float)) or not math.isfinite(mhz):
        raise CoreError(f"target_mhz: a finite number of MHz or None, got {mhz!r}")
    if mhz <= 0:
        raise CoreError(f"target_mhz: must be positive, got {mhz!r}")
    if mhz < MIN_MHZ:
        raise CoreError(f"target_mhz: {mhz!r} MHz is below {MIN_MHZ} MHz")
    if mhz > max_mhz():
        raise CoreError(
            f"target_mhz: {mhz:g} MHz is unreachable on the model's fabric (at most {max_mhz():.0f} MHz: "
            f"{MIN_LEVELS} LUT levels of {NS_PER_LEVEL} ns per cycle)"
        )
    return float(mhz)


def level_budget(mhz: float) -> int:
    """LUT4 levels a register-to-register path may have at ``mhz`` (the model)."""
    return math.floor(1000.0 / (mhz * NS_PER_LEVEL))


def derive(mhz: float | None) -> Pipeline:
    """The stages for a target clock: none without a target or when the unpipelined depth fits;
    operand registers when it does not; output registers too when the depth left by operand registers
    does not fit either."""
    f = check_target(mhz)
    if f is None:
        return Pipeline()
    budget = level_budget(f)
    return Pipeline(operand_regs=budget < DEPTH_PLAIN, output_regs=budget < DEPTH_OPERAND_REGS)
