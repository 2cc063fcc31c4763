"""Typed errors of the design-space exploration (all are :class:`pairkit.errors.PairkitError`, so the
``pairkit`` CLI prints ``error: <Type>: <message>`` and exits with status 2)."""

from __future__ import annotations

from pairkit.errors import LimitExceededError, PairkitError


class DSEError(PairkitError):
    """Base class of every pairkit.dse input error."""


class DDGError(DSEError):
    """A data-dependence graph (or the trace it is extracted from) is not usable."""


class DDGFormatError(DDGError):
    """Malformed JSON: wrong schema/version, missing or ill-typed fields, dangling references."""


class CyclicGraphError(DDGError):
    """The dependence graph of one scope (distance-0 edges) has a cycle."""


class UnknownOperationError(DSEError):
    """An operation kind that pairkit.dse (or the chosen cost model) does not know."""


class UnitMixError(DSEError):
    """A unit mix that cannot run the graph (no unit of a needed type, a bad count or name)."""


class CostModelError(DSEError):
    """A cost model that cannot be built (unknown name, missing or malformed measured file)."""


class DSELimitError(DSEError, LimitExceededError):
    """A size above a documented limit of pairkit.dse (docs/DSE.md "Limits": graph size, unit
    counts, registers, digit size, time limit), refused before anything is scheduled. The message
    names the parameter and the limit."""
