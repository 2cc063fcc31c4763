"""pairkit.dse: design-space exploration of pairing co-processors (seed 001, Bertoni et al., "Parallel
hardware architectures for the cryptographic Tate pairing", sections 3-5), made general and exact
(docs/DSE.md).

Modules, bottom up:

``errors``     the typed errors (DSEError and its subclasses, all PairkitError)
``ddg``        the data-dependence graph of base-field operations, from the spec's symbolic traces
               (one steady-state iteration with its loop-carried dependences, or the whole loop);
               JSON schema ``pairkit.dse.ddg`` v1
``mock``       a hand-written trace of seed 001 Alg. 2.1 (tests; the fallback before the char-3 spec)
``costs``      unit area/latency models: seed001 (Table 2), table1 (Table 1's formulas in m, D),
               binary (GF(2^m)), measured (the hardware kit's JSON)
``problem``    a DDG bound to a cost model (integer arrays for the schedulers)
``analysis``   ASAP, ALAP, mobility, critical path, variability ranges, a resource lower bound
``listsched``  seed 001's list-based scheduling with minimum mobility (and two other priorities)
``registers``  lifetimes and left-edge register allocation (loop-carried aware)
``exact``      the optimum for a unit mix by CP-SAT (OR-Tools)
``modulo``     iterative modulo scheduling across iterations (Rau 1994)
``explore``    every unit mix in the ranges: Tables 3-4, AT^2, the Pareto front
``paper``      seed 001's published numbers (Tables 2-4, section 5), for the comparison

Its Markdown and pictures are :mod:`pairkit.reports.dse` and :mod:`pairkit.reports.dse_plots`; its
command line (``pairkit dse ddg | analyze | schedule | explore``) is :mod:`pairkit.cli.dse`. The
pairing cores (:mod:`pairkit.hw.core`) schedule their blocks with ``listsched`` and ``exact``.

Quick use::

    from pairkit.dse import ddg, costs, explore
    d = ddg.from_spec("ss3-97", "duursma-lee")
    ex = explore.explore(d, costs.seed001())
    ex.best("T").T, ex.table("AT")
"""

from pairkit.dse.errors import (
    CostModelError,
    CyclicGraphError,
    DDGError,
    DDGFormatError,
    DSEError,
    UnitMixError,
    UnknownOperationError,
)

__all__ = [
    "CostModelError",
    "CyclicGraphError",
    "DDGError",
    "DDGFormatError",
    "DSEError",
    "UnitMixError",
    "UnknownOperationError",
]
