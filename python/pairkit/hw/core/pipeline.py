"""Pipeline stages from a target clock: the one timing model of the core generator.

A core built for ``CoreConfig.target_mhz`` gets registers on its longest paths (docs/CORE.md,
"Timing: pipeline stages from a target clock"):

* **operand registers** (``operand_regs``): the output of the operand multiplexer in front of every unit
  input port (with its sign / plus-one modifier) is registered, and the unit's ``start`` with it, so the
  path register file -> multiplexer -> unit input logic is cut after the multiplexer. +1 cycle per
  operation.
* **split multiplexers** (``mux_regs``): every operand multiplexer in two stages, the sources in groups of
  2^ceil(b/2) (b select bits), each group's multiplexer into a register on the select's low bits, the group
  picked a cycle later on the registered high bits (a port with one source: a delay register; the start
  and sign bits delayed with it). +1 cycle per operation.
* **output registers** (``output_regs``): every unit output port is registered before it reaches the
  register-file write multiplexers, the table write ports and the forwarding inputs of the operand
  multiplexers. +1 cycle per operation.

Each only delays a unit's view of time by a constant, so the micro-code generator sees them as
``cycles + stages`` (:meth:`pairkit.hw.core.config.CoreConfig.cycles`): results are written, forwarded and
held exactly as before, one to three steps later, and the scheduler plans with the longer latency.

The model (ECP5, LUT4 fabric), in one place. A register-to-register path of L LUT levels closes at about
``L * NS_PER_LEVEL`` ns, so a target f allows ``floor(1000 / (f * NS_PER_LEVEL))`` levels (the *budget*).
``NS_PER_LEVEL`` is calibrated on this repository's own place-and-route results (nextpnr-ecp5, LFE5U-85F,
``hw-report-cache/cores``): clock period / longest register-to-register path after ``synth_ecp5``
(:mod:`.depth`, block RAM counted as a register) of toy-ss2-11-alg1 (85.3 MHz, 7 levels: 1.67 ns),
toy-ss2-13-eta2 (84.4 MHz, 7: 1.69), toy-ss3-13-dl (73.7 MHz, 10: 1.36) and toy-ss3-13-dl-min (71.5 MHz,
10: 1.40): mean 1.53 ns per level, LUT, routing and the block RAM's clock-to-output together. The
thresholds (:data:`DEPTHS`) are the longest paths measured on the same toys (2026-11-28, `synth_ecp5`)
without stages, with operand registers, and with operand registers and split multiplexers: a stage is
added when the budget is below the depth the core has without it, in the order operand registers, split
multiplexers, output registers. Output registers did not shorten the toys' longest path (what remains is
the controller, the register-file write multiplexers and the units' own logic), so they come last; a
unit deeper than the budget is not split (its depth shows in ``pairkit hw core gen --depth``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pairkit.hw.core.errors import CoreError

#: ns per LUT4 level on ECP5, LUT and routing (calibrated: see the module docstring)
NS_PER_LEVEL = 1.53
#: per characteristic: LUT levels of the toy cores' longest path without stages, with operand registers,
#: with operand registers and split multiplexers (binary: toy-ss2-11-alg1 7/6/5, toy-ss2-13-eta2 7/7/5;
#: characteristic 3: toy-ss3-13-dl 10/9/8)
DEPTHS = {2: (7, 7, 5), 3: (10, 9, 8)}
#: the least budget a target may leave: one LUT level between registers is all the fabric can give
MIN_LEVELS = 2
#: the lowest target accepted (MHz), as ``gen --bus``'s constraints
MIN_MHZ = 0.001


@dataclass(frozen=True)
class Pipeline:
    """The stages a core has (both False: the unpipelined core)."""

    operand_regs: bool = False
    output_regs: bool = False
    mux_regs: bool = False

    @property
    def stages(self) -> int:
        """Cycles each operation gains."""
        return int(self.operand_regs) + int(self.output_regs) + int(self.mux_regs)

    def as_dict(self) -> dict:
        return {
            "operand_regs": self.operand_regs,
            "mux_regs": self.mux_regs,
            "output_regs": self.output_regs,
            "stages": self.stages,
        }


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


def derive(mhz: float | None, p: int = 2) -> Pipeline:
    """The stages for a target clock on a core of characteristic ``p``: none without a target or when the
    unpipelined depth fits the budget; then operand registers, split multiplexers and output registers,
    each when the depth left by the stages before it does not fit."""
    f = check_target(mhz)
    if f is None:
        return Pipeline()
    budget = level_budget(f)
    plain, operands, split = DEPTHS[3 if p == 3 else 2]
    return Pipeline(operand_regs=budget < plain, mux_regs=budget < operands, output_regs=budget < split)
