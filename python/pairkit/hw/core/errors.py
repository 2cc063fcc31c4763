"""Typed errors of the core generator (all :class:`pairkit.errors.PairkitError`: the CLI prints
``error: <Type>: <message>`` and exits with status 2)."""

from __future__ import annotations

from pairkit.errors import PairkitError
from pairkit.hw.errors import HwParamError


class CoreError(PairkitError):
    """A core that cannot be generated: a unit mix that cannot run the program, a schedule that does
    not fit the mix, an unknown instance. The message names the parameter."""


class CoreMixError(HwParamError):
    """A unit mix without a unit kind the program needs, or with an unknown unit or a bad count."""


class CoreMismatchError(PairkitError):
    """A core (interpreted or simulated) disagrees with the spec. ``where`` names the first Miller
    iteration (or block and step) and register where the values diverge."""

    def __init__(self, where: str, message: str):
        self.where = where
        super().__init__(f"{where}: {message}")


class BusError(CoreError):
    """A bus wrapper that cannot be generated (``gen --bus``): an unknown bus, a target clock out of
    range, a core whose words do not fit the register map."""
