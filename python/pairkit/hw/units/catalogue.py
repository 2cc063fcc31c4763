"""The catalogue of unit generators: every generator module registered (pairkit.hw.units.unit's
``register``), looked up by name, its parameters resolved and the unit built.

The generator modules (gf2, gf2_seed004, gf3, ext, tmvp) import :mod:`pairkit.hw.units.unit` for the
interface and ``register``; this module imports them, so the interface never imports its
implementations.
"""

from __future__ import annotations

from pairkit.hw.errors import HwParamError
from pairkit.hw.units.unit import REGISTRY, HwUnit, UnitType, coerce_param


def resolve_params(name: str, params: dict) -> dict:
    ut = get_type(name)
    out = {}
    for k, v in params.items():
        p = ut.param(k)
        v = coerce_param(p, v)
        if p.choices and v not in p.choices:
            raise HwParamError(k, f"{v!r} is not one of {', '.join(map(str, p.choices))}")
        out[k] = v
    for p in ut.params:
        out.setdefault(p.name, p.default)
    return out


def get_type(name: str) -> UnitType:
    _load_all()
    if name not in REGISTRY:
        raise HwParamError("unit", f"unknown unit {name!r} (pairkit hw list shows them)")
    return REGISTRY[name]


def build(name: str, **params) -> HwUnit:
    """Instantiate the generator ``name`` with ``params`` (strings are coerced; defaults filled)."""
    ut = get_type(name)
    full = resolve_params(name, params)
    u = ut.cls(**full)
    u.params = full
    return u


_LOADED = False


def _load_all():
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    from pairkit.hw.units import ext, gf2, gf2_seed004, gf3, tmvp  # noqa: F401  (registration side effects)


FAMILY_ORDER = ("gf2", "tmvp", "ext", "gf3")


def all_types() -> list[UnitType]:
    """The registered generators in a fixed order (family, then name): independent of import order."""
    _load_all()
    return sorted(REGISTRY.values(), key=lambda t: (FAMILY_ORDER.index(t.family), t.name))
