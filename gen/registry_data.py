"""The registry's data sources, gen/params/{ss2,ss3,prime}.toml: loaded and checked (no PARI/GP).

One file per family; each ``[[set]]`` entry is a set's declared fields (what the derivation of
its family starts from) and its registry fields (what the CLI, the gpu engine, papers.py and
peers.py read). The generators (derive_params.py, derive_params3.py, emit_params.py) and the
freshness test (tests/test_registry.py) import this module.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARAMS = ROOT / "gen" / "params"
FAMILIES = ("ss2", "ss3", "prime")

# The fields each family's derivation starts from, in the order of the derived JSON.
DECLARED = {
    "ss2": ("id", "m", "taps", "b", "seeds", "role", "security"),
    "ss3": ("id", "m", "h", "b", "seeds", "role", "security"),
    "prime": ("id", "family", "engine", "seeds", "role", "security_bits", "security", "numbers"),
}
# The numbers of a large-characteristic set (gen/params/prime.toml [set.numbers]): every set's, and the
# optimal ate sets' (family bn or bls12) besides.
PRIME_NUMBERS = ("p", "r", "k", "a", "b", "g1", "h1")
ATE_NUMBERS = ("u", "xi", "twist", "b2", "g2", "h2")
# The registry fields (all optional; their meaning is in the header of each data file).
REGISTRY = (
    "bench",
    "gpu",
    "peers",
    "no_peer",
    "papers_us",
    "papers_cycles",
    "goal_us",
    "goal_mul_ns",
    "goal_speedup_2cores",
)
ROLES = ("toy", "paper", "extra")


class DataError(ValueError):
    """A data file breaks the registry's rules (the message names the file and the set)."""


def load(family: str) -> list[dict]:
    """The entries of one family, in file order, checked."""
    path = PARAMS / f"{family}.toml"
    with open(path, "rb") as f:
        sets = tomllib.load(f).get("set", [])
    for s in sets:
        where = f"{path.relative_to(ROOT)}: set {s.get('id', '?')!r}"
        missing = [k for k in DECLARED[family] if k not in s]
        unknown = sorted(set(s) - set(DECLARED[family]) - set(REGISTRY))
        if missing or unknown:
            raise DataError(f"{where}: missing {missing}, unknown {unknown}")
        if s["role"] not in ROLES:
            raise DataError(f"{where}: role must be one of {ROLES}")
        if family == "prime":
            want = PRIME_NUMBERS + (ATE_NUMBERS if s["family"] in ("bn", "bls12") else ())
            if sorted(s["numbers"]) != sorted(want):
                raise DataError(f"{where}: numbers must be exactly {want}, got {sorted(s['numbers'])}")
        for key in ("papers_us", "papers_cycles"):
            if any(len(row) != 3 or not isinstance(row[2], (int, float)) for row in s.get(key, [])):
                raise DataError(f"{where}: {key} rows are [source, what, number]")
    return sets


def load_all() -> dict[str, list[dict]]:
    """Every family's entries; ids unique across the registry, gpu ranks unique."""
    out = {f: load(f) for f in FAMILIES}
    ids = [s["id"] for f in FAMILIES for s in out[f]]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise DataError(f"duplicate set ids in gen/params: {dup}")
    ranks = [s["gpu"] for f in FAMILIES for s in out[f] if "gpu" in s]
    if len(set(ranks)) != len(ranks):
        raise DataError("two sets share a gpu rank in gen/params")
    return out
