"""No import circle: neither the Python package nor the Rust crate has a cycle in its
module graph, so every layer can be read, tested and replaced from the bottom up.

Python: an edge a -> b for every ``import`` of b in module a, at module level *or inside a
function* (a deferred import only hides a circle from the interpreter, not from a reader). The
package graph merges the modules of each package (a folder) into one node; the modules directly in
``pairkit/`` (the base layers: errors, sets, api, ...) stay one node each. Imports inside functions
are counted against a budget that may only shrink.
Rust: an edge a -> b for every ``crate::b`` / ``super::b`` path in module a's file (comments and
the trailing ``#[cfg(test)] mod tests`` left out), b resolved to the longest module prefix; a
module's references to its own ancestors are not edges (``mod.rs`` declares its children).
A circle is reported as its strongly connected component, with the edges inside it.
"""

import ast
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "python"
RS = ROOT / "crates" / "pairkit-core" / "src"


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def _explain(edges: dict[str, set[str]], comps: list[list[str]]) -> str:
    return "\n".join(f"{c}: " + ", ".join(f"{a} -> {b}" for a in c for b in sorted(edges[a]) if b in c) for c in comps)


def python_graph() -> dict[str, set[str]]:
    mods = {}
    for p in (PY / "pairkit").rglob("*.py"):
        name = ".".join(p.relative_to(PY).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = p
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        package = m if p.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(parts + ([node.module] if node.module else []))
                names = [f"{base}.{a.name}" for a in node.names] + [base]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for n in names:  # the most specific module the import names
                if n in mods and n != m and not m.startswith(n + "."):
                    edges[m].add(n)
                    break
    return edges


def rust_graph() -> dict[str, set[str]]:
    mods = {}
    for p in RS.rglob("*.rs"):
        parts = list(p.relative_to(RS).with_suffix("").parts)
        if parts[-1] in ("mod", "lib"):
            parts = parts[:-1]
        mods["::".join(parts)] = p

    def resolve(path: str) -> str | None:
        segs = path.split("::")
        for k in range(len(segs), 0, -1):
            if "::".join(segs[:k]) in mods:
                return "::".join(segs[:k])
        return None

    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        src = re.sub(r"(?s)#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", p.read_text())
        src = re.sub(r"//[^\n]*", "", src)
        parent = m.split("::")[:-1] if m else []
        targets = []
        for base, rest in re.findall(r"\b(crate|super)((?:::\w+)+)", src):
            rest = rest[2:]
            targets.append(rest if base == "crate" else "::".join(parent + [rest]))
        for prefix, group in re.findall(r"use\s+crate::([\w:]+)::\{([^}]*)\}", src):
            targets += [f"{prefix}::{i.strip().split(' as ')[0].split('::')[0]}" for i in group.split(",") if i.strip()]
        for t in targets:
            r = resolve(t)
            if r is not None and r != m and not m.startswith(r + "::"):
                edges[m].add(r)
    return edges


def test_the_python_package_has_no_import_circle():
    edges = python_graph()
    assert len(edges) > 100  # the walk found the package
    comps = _cycles(edges)
    assert not comps, "import circles in python/pairkit:\n" + _explain(edges, comps)


def test_the_rust_crate_has_no_module_circle():
    edges = rust_graph()
    assert len(edges) > 50 and any(edges.values())
    comps = _cycles(edges)
    assert not comps, "module circles in crates/pairkit-core/src:\n" + _explain(edges, comps)


def test_the_checks_see_a_circle():
    """The cycle finder itself: a planted circle is found, a chain is not."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert os.path.isdir(RS) and os.path.isdir(PY)


# ---------------------------------------------------------------------------------------------- packages

PRESENTATION = ("pairkit.cli", "pairkit.reports")
LIBRARY = ("pairkit.hw", "pairkit.dse", "pairkit.protocols", "pairkit.gpu", "pairkit.spec")


def _package_of(m: str) -> str:
    """The node of module ``m`` in the package graph (see the module text)."""
    p = PY / Path(*m.split("."))
    if p.is_dir():
        return m if m != "pairkit" else "pairkit.__init__"
    parent = m.rpartition(".")[0]
    return m if parent == "pairkit" else parent


def package_graph(edges: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    edges = python_graph() if edges is None else edges
    out: dict[str, set[str]] = {}
    for a, bs in edges.items():
        pa = _package_of(a)
        out.setdefault(pa, set())
        for b in bs:
            pb = _package_of(b)
            out.setdefault(pb, set())
            if pb != pa:
                out[pa].add(pb)
    return out


def test_the_python_packages_have_no_circle():
    edges = package_graph()
    assert {"pairkit.hw.core", "pairkit.hw.flow", "pairkit.spec.binary", "pairkit.api"} <= set(edges)
    comps = _cycles(edges)
    assert not comps, "circles between the packages of python/pairkit:\n" + _explain(edges, comps)


def test_presentation_is_the_top_layer():
    """No library module imports a command line or a renderer; renderers never import a command line."""
    edges = python_graph()
    bad = []
    for a, bs in edges.items():
        for b in bs:
            if b.startswith(PRESENTATION) and not a.startswith(PRESENTATION) and a != "pairkit.__main__":
                bad.append(f"{a} -> {b}")
            if a.startswith("pairkit.reports") and b.startswith("pairkit.cli"):
                bad.append(f"{a} -> {b}")
    assert not bad, "library modules importing presentation:\n" + "\n".join(sorted(bad))


def test_no_command_line_or_report_inside_a_library_package():
    files = [p for p in (PY / "pairkit").rglob("*.py") if ".".join(p.relative_to(PY).parts).startswith(LIBRARY)]
    named = [str(p.relative_to(PY)) for p in files if p.stem.startswith(("cli", "report", "bench"))]
    assert not named, f"command lines and renderers belong in pairkit/cli and pairkit/reports: {named}"
    ui = [
        str(p.relative_to(PY))
        for p in (PY / "pairkit").rglob("*.py")
        if not ".".join(p.relative_to(PY).parts).startswith("pairkit.cli")
        and re.search(r"^\s*(import|from) (typer|rich)\b", p.read_text(), re.M)
    ]
    assert not ui, f"typer/rich (the command line's libraries) outside pairkit/cli: {ui}"


def test_the_package_check_sees_a_circle():
    """A planted circle between two packages through their modules is found."""
    planted = {
        "pairkit.hw.core.a": {"pairkit.hw.units.b"},
        "pairkit.hw.units.b": {"pairkit.hw.core.c"},
        "pairkit.hw.core.c": set(),
    }
    assert _cycles(package_graph(planted)) == [["pairkit.hw.core", "pairkit.hw.units"]]


def function_level_imports() -> list[str]:
    """Every import statement inside a function of the package, as ``module:line``."""
    out = []
    for p in sorted((PY / "pairkit").rglob("*.py")):
        tree = ast.parse(p.read_text())
        for f in ast.walk(tree):
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for n in ast.walk(f):
                    if isinstance(n, (ast.Import, ast.ImportFrom)):
                        out.append(f"{p.relative_to(PY)}:{n.lineno}")
    return sorted(set(out))


#: the budget of imports inside functions (the optional extras load through pairkit.extras.require, which is
#: not counted): heavy optional dependencies (amaranth, ortools, matplotlib,
#: cypari2, Ray, CuPy) and the command lines' lazily loaded groups keep theirs; lower it when you hoist one
FUNCTION_IMPORT_BUDGET = 200


def test_imports_inside_functions_stay_within_budget():
    found = function_level_imports()
    assert len(found) <= FUNCTION_IMPORT_BUDGET, (
        f"{len(found)} imports inside functions, budget {FUNCTION_IMPORT_BUDGET}: hoist the new ones to module "
        "level (a deferred import hides a dependency from the reader and from the layering checks)"
    )


def test_the_command_line_starts_without_the_heavy_dependencies():
    """What the budget above protects: ``pairkit pair`` does not load the hardware, DSE or oracle stacks."""
    import subprocess
    import sys

    code = (
        "import sys; import pairkit.cli.root; "
        "print(sorted({k.split('.')[0] for k in sys.modules} & {'amaranth', 'ortools', 'matplotlib', "
        "'cypari2', 'ray', 'cupy', 'py_ecc'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, PYTHONPATH=str(PY)),
    ).stdout.strip()
    assert out == "[]", out


# The one other importer of pairkit._native, and why: api.pair_batch(engine="gpu") imports gpu.engine,
# which imports gpu.decode (the host checks: the Rust decoder's decompression and error messages), so
# gpu.decode importing pairkit.api would close the circle api -> gpu.engine -> gpu.decode -> api.
NATIVE_IMPORTERS = {"api.py": "the fast path", "gpu/decode.py": "below api.py (api -> gpu.engine -> gpu.decode)"}


def test_only_api_imports_the_native_module():
    """pairkit._native is private to pairkit.api: every other module of the package
    goes through pairkit.api (but NATIVE_IMPORTERS, each with its reason). An import of it anywhere
    else -- `from . import _native`, `from .._native import x`, `import pairkit._native`, deferred
    inside a function or not -- fails here."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "python" / "pairkit"
    offenders = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel in NATIVE_IMPORTERS:
            continue
        pkg = ["pairkit", *path.relative_to(root).parent.parts]
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = pkg[: len(pkg) - node.level + 1] if node.level else []
                mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
                names = [mod, *(f"{mod}.{a.name}" for a in node.names)]
            else:
                continue
            if any(n == "pairkit._native" or n.startswith("pairkit._native.") for n in names):
                offenders.append(f"{rel}:{node.lineno}")
    assert not offenders, "modules other than pairkit/api.py import pairkit._native: " + ", ".join(offenders)
    # the check sees an import: api.py's own
    api_tree = ast.parse((root / "api.py").read_text())
    assert any(
        isinstance(n, ast.ImportFrom) and n.module == "pairkit" and any(a.name == "_native" for a in n.names)
        for n in ast.walk(api_tree)
    )
