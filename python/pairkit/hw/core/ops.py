"""The operations of a lowered core program (program.py): the unit operation kinds, an operand
(a value with its modifier) and an operation (``out = kind(+-a, +-b)``, or one output of a compound
unit). Kept apart from the lowering so that the passes over a program (common_input.py) and the
lowering (program.py) both import it and not each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

UNARY = ("cube", "cbrt", "sqr", "sqrt", "inv")
BINARY = ("add", "mul")
#: compound operation kind -> its fixed last argument (the units hard-wire it): seed 000's C.A with
#: e = 1 (``ca``: C A; ``sca``: C^2 A, the squarer on the unit's C inputs)
COMPOUND_FIXED = {"ca": 1, "sca": 1}


def base_kind(kind: str) -> str:
    """The unit operation of a compound operation's output ``sca.2`` (``sca``); other kinds unchanged."""
    return kind.split(".", 1)[0]


def out_port(kind: str) -> int:
    """The output port of a compound operation's output kind (0 for the leader and plain kinds)."""
    return int(kind.split(".", 1)[1]) if "." in kind else 0


@dataclass(frozen=True)
class Operand:
    value: int  # a value id (see Program.values)
    neg: bool = False  # the modifier (see modify): negated (p = 3) or plus one (p = 2)


@dataclass
class Op:
    """One unit operation: ``out = kind(+-a, +-b)``."""

    id: int  # == its output value id
    kind: str  # add | mul | cube | cbrt | sqr | sqrt | inv
    args: tuple  # of Operand
    seg: int  # index into Program.segments
    pos: int  # position inside the segment
    trace_id: Optional[int] = None  # the spec trace's id of the result (None: made by lowering)
    group: Optional[int] = None  # compound unit operation: the id of its first output (the *leader*)

    @property
    def follower(self) -> bool:
        """Output j > 0 of a compound operation: started with its leader, read from output port j."""
        return self.group is not None and self.group != self.id
