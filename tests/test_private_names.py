"""No module of python/pairkit uses another module's private names, nor Amaranth's privates.

A name that starts with one underscore (not a dunder) is private to the module that defines it. The
walk fails on

* ``from pairkit.x import _name`` (or a relative import) in a module other than pairkit.x, and
  ``import pairkit.x._y``;
* ``mod._name`` where ``mod`` is bound to an imported pairkit module;
* ``obj._name`` (``obj`` not ``self``, ``cls`` or ``super()``) where ``_name`` is defined in other
  pairkit modules only: an object of another module's class (``self._x`` inside its own class is fine);
* ``obj._name`` where ``_name`` is defined nowhere in pairkit: a third party's private (Amaranth's
  Signal, Memory, Fragment, simulator ...), unless ``obj`` is a standard-library module (``os._exit``);
* a name-mangled ``_Cls__attr`` of a class the module does not define (Amaranth's ``_MustUse__silence``).

``pairkit._native`` is exempt (api.py's import of it is another test's matter).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "python" / "pairkit"
ALLOWED_MODULES = {"_native"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _modules(root: Path) -> dict[str, Path]:
    top = root.name
    out = {}
    for p in sorted(root.rglob("*.py")):
        parts = [top, *p.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def _definitions(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, assignments at any level, attributes
    stored on self / cls."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            names.add(node.attr)
    return {n for n in names if _private(n)}


def _import_from_source(node: ast.ImportFrom, pkg: str) -> str:
    """The absolute module an ``ImportFrom`` reads (relative levels resolved against ``pkg``)."""
    if not node.level:
        return node.module or ""
    base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _check_imports(tree, mod: str, pkg: str, top: str, mods: dict, stdlib: set, bad) -> tuple[dict, set]:
    """Private imports of a module; returns its aliases of pairkit modules and of standard-library names."""
    aliases: dict[str, str] = {}  # local name -> imported pairkit module
    std_aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == top:
                    if any(_private(x) and x not in ALLOWED_MODULES for x in parts):
                        bad(node, f"import {a.name}")
                    if a.asname:
                        aliases[a.asname] = a.name
                elif parts[0] in stdlib:
                    std_aliases.add(a.asname or parts[0])
        elif isinstance(node, ast.ImportFrom):
            src = _import_from_source(node, pkg)
            if src.split(".")[0] != top:
                if src.split(".")[0] in stdlib:
                    std_aliases.update(a.asname or a.name for a in node.names)
                continue
            for a in node.names:
                if _private(a.name) and a.name not in ALLOWED_MODULES and src != mod:
                    bad(node, f"from {src} import {a.name}")
                if f"{src}.{a.name}" in mods:
                    aliases[a.asname or a.name] = f"{src}.{a.name}"
    return aliases, std_aliases


def _attribute_problem(
    node: ast.Attribute, mod: str, own_classes: set, aliases: dict, std_aliases: set, defined: dict, everywhere: set
) -> str | None:
    """What is wrong with a private attribute access ``node`` in module ``mod`` (None: nothing)."""
    v = node.value
    mangled = node.attr.partition("__")[0] if "__" in node.attr[1:] else ""
    if mangled and mangled[1:] not in own_classes:
        return f"{ast.unparse(node)}: another class's name-mangled private"
    if isinstance(v, ast.Name) and v.id in ("self", "cls"):
        return None
    if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "super":
        return None
    if isinstance(v, ast.Name) and v.id in aliases:
        return f"{ast.unparse(node)}: a private of {aliases[v.id]}" if aliases[v.id] != mod else None
    if node.attr in everywhere:
        if node.attr in defined[mod]:
            return None
        where = sorted(m for m, d in defined.items() if node.attr in d)
        return f"{ast.unparse(node)}: a private of {', '.join(where)}"
    if isinstance(v, ast.Name) and v.id in std_aliases:
        return None
    return f"{ast.unparse(node)}: a third party's private"


def violations(root: Path = ROOT) -> list[str]:
    top = root.name
    mods = _modules(root)
    trees = {m: ast.parse(p.read_text(), str(p)) for m, p in mods.items()}
    defined = {m: _definitions(t) for m, t in trees.items()}
    everywhere = set().union(*defined.values())
    stdlib = set(sys.stdlib_module_names)
    out = []
    for mod, tree in trees.items():
        path = mods[mod].relative_to(root.parent)
        pkg = mod if mods[mod].name == "__init__.py" else mod.rpartition(".")[0]
        own_classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}

        def bad(node, what, path=path):
            out.append(f"{path}:{node.lineno}: {what}")

        aliases, std_aliases = _check_imports(tree, mod, pkg, top, mods, stdlib, bad)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                what = _attribute_problem(node, mod, own_classes, aliases, std_aliases, defined, everywhere)
                if what:
                    bad(node, what)
    return out


def test_no_private_name_across_modules():
    assert violations() == []


def test_the_checker_sees_each_kind(tmp_path):
    """A planted package: each kind of cross-module private use is reported, and the allowed uses
    (own names, self/cls/super(), the stdlib's os._exit, pairkit._native) are not."""
    pk = tmp_path / "pairkit"
    (pk / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "_native.py": "",
        "sub/__init__.py": "",
        "sub/a.py": (
            "def _helper():\n    return 1\n\n\nclass Thing:\n    def __init__(self):\n"
            "        self._state = 0\n\n    def same(self, other):\n        return other._state + self._state\n"
        ),
        "sub/b.py": (
            "from pairkit.sub.a import _helper\n"  # 1: private import
            "from pairkit.sub import a\n"
            "from . import a as aa\n"
            "import os\n"
            "import pairkit.sub._hidden\n"  # 5: private module
            "from pairkit import _native\n"  # allowed
            "x = a._helper()\n"  # 7: module attribute
            "y = aa.Thing()._state\n"  # 8: another module's object
            "def f(sig):\n"
            "    sig._MustUse__silence = True\n"  # 10: Amaranth's mangled private
            "    sig._rhs_signals = None\n"  # 11: a third party's private
            "    os._exit(0)\n"
        ),  # allowed
    }
    for name, text in files.items():
        (pk / name).write_text(text)
    got = violations(pk)
    lines = sorted(int(v.split(":")[1]) for v in got if v.startswith("pairkit/sub/b.py"))
    assert lines == [1, 5, 7, 8, 10, 11], got
    assert not [v for v in got if not v.startswith("pairkit/sub/b.py")], got
