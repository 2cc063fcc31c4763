"""HARDWARE.md's "Beside the papers" tables, rendered from ``pairkit hw core compare``'s rows
(:func:`.hw_compare.rows`): one compact table per seed (core, the paper's figures and ours, like for like,
the verdicts on cycles, LUT and latency) and the differences, causes and notes as numbered notes under it.
No table cell is longer than :data:`MAX_CELL` characters; the full detail is in ``compare --json``.
"""

from __future__ import annotations

from pairkit.reports.hw_compare import DECIDING, MAX_CELL


def _n(x) -> str:
    return "—" if x is None else f"{x:,}" if isinstance(x, int) else f"{x:,g}" if isinstance(x, float) else str(x)


def cut(s: str) -> str:
    """A cell's text, ``|`` escaped, at most :data:`MAX_CELL` characters."""
    s = s.replace("|", "/")
    return s if len(s) <= MAX_CELL else s[: MAX_CELL - 1] + "…"


def row_line(cells) -> str:
    return "| " + " | ".join(cut(str(c)) for c in cells) + " |"


def cells_over(lines, limit: int = MAX_CELL) -> list:
    """(line number, cell length) of every Markdown table cell in ``lines`` longer than ``limit``: a table line
    starts with ``|``; its cells are split on ``|`` not escaped by a backslash and not inside a code span."""
    out = []
    for i, line in enumerate(lines, 1):
        if not line.startswith("|"):
            continue
        cells, cur, code, prev = [], "", False, ""
        for ch in line.strip()[1:]:
            if ch == "`":
                code = not code
            if ch == "|" and not code and prev != "\\":
                cells.append(cur)
                cur = ""
            else:
                cur += ch
            prev = ch
        out += [(i, len(c.strip())) for c in cells if len(c.strip()) > limit]
    return out


def _lat(x: dict) -> str:
    """A latency cell's half: µs, and the clock it comes from."""
    return _n(x.get("latency_us")) + (f" at {_n(x['mhz'])} MHz" if x.get("mhz") else "")


def _note_text(d: str) -> str:
    """A difference ``category: text`` with the deciding categories marked."""
    cat, _, text = d.partition(": ")
    if cat in DECIDING:
        return f"{cat} (decides like for like): {text}"
    return d


def _table_name(t: str, seed: str) -> str:
    p = f"seed {seed} "
    return t[len(p) :] if t.startswith(p) else t


def seed_section(rs: list[dict], seed: str, level: int = 3) -> list[str]:
    """The table of one seed's rows and its numbered notes (a note several rows share listed once)."""
    rows = [r for r in rs if r["seed"] == seed]
    notes: list[str] = []
    body = []
    for r in rows:
        p, o = r["paper"], r["ours"] or {}
        texts = [_note_text(d) for d in r["differences"]]
        texts += [f"note: {n}" for n in r.get("notes", [])]
        if r.get("missing"):
            texts.append(f"not measured: {r['missing']}")
        refs = []
        for t in texts:
            if t not in notes:
                notes.append(t)
            refs.append(notes.index(t) + 1)
        v = r["verdict"]
        kind = p["lut_kind"] or o.get("lut_kind") or ""
        chk = f" ({o['cycles_checked']})" if o.get("cycles_checked") else ""
        body.append(
            row_line(
                [
                    f"`{r['core']}`",
                    _table_name(p["table"], seed),
                    f"{_n(p['cycles'])} / {_n(o.get('cycles'))}{chk}",
                    f"{_n(p['lut'])} / {_n(o.get('lut'))} {kind}".rstrip()
                    + (f" + {o['bram']} BRAM" if o.get("bram") else ""),
                    f"{_n(p['ff'])} / {_n(o.get('ff'))}",
                    f"{_lat(p)} / {_lat(o)}",
                    "yes" if r["like_for_like"] else "no",
                    v["cycles"],
                    v["lut"],
                    v["latency"],
                    ", ".join(map(str, refs)),
                ]
            )
        )
    devices = sorted({r["paper"]["device"] for r in rows})
    ours = sorted({d for r in rows if (d := (r["ours"] or {}).get("device"))})
    return [
        "",
        "#" * level + f" Seed {seed}",
        "",
        f"Paper: {'; '.join(devices)}. Ours: {'; '.join(ours) or 'not measured'}.",
        "",
        "| core | paper's table | cycles paper / ours | LUT paper / ours (+ our block RAM) | FF paper / ours "
        "| latency µs paper / ours | like for like | cycles | LUT | latency | notes |",
        "|---|---|---:|---:|---:|---:|---|---|---|---|---|",
        *body,
        "",
        *[f"{i}. {t}" for i, t in enumerate(notes, 1)],
    ]


def render_markdown(rs: list[dict], level: int = 2) -> list[str]:
    """HARDWARE.md's "Beside the papers" section (Markdown lines) from :func:`.hw_compare.rows`, its heading at
    ``level`` (the seeds' one level below)."""
    L = [
        "",
        "#" * level + " Beside the papers (`pairkit hw core compare`)",
        "",
        "Rendered from `pairkit hw core compare --json` (the papers' transcriptions and the cached reports in "
        '`hw-report-cache/`; docs/CORE.md "Beside the papers" has the schema and the rules). Like for like only '
        "when algorithm, field, unit mix (kinds, counts, digit sizes, latencies), storage (counted the paper's way) "
        "and counting basis all match; the notes marked *decides like for like* say why a row is not. A verdict is "
        "met or missed only where the figure compares (cycles: algorithm, field and units match; LUT: like for "
        "like; latency: the cycles compare and both clocks are measured on the same device), otherwise lower or "
        "higher, *not like for like*. Ours — where the cache holds no figure; a latency only from a measured "
        "clock (place and route: the whole core's, or the per-block method of the last section, whose latency "
        "verdicts say so and name the device).",
    ]
    for seed in sorted({r["seed"] for r in rs}):
        L += seed_section(rs, seed, level + 1)
    return L + blocks_section(rs, level + 1) + [""]


def blocks_section(rs: list[dict], level: int = 3) -> list[str]:
    """Per core timed block by block (ours.per_block, :mod:`pairkit.hw.core.blocktime`): its blocks' LUT4, FF and
    Fmax, the critical block marked; nothing when no row has such a clock."""
    seen: dict = {}
    for r in rs:
        o = r["ours"] or {}
        if o.get("per_block") and r["core"] not in seen:
            seen[r["core"]] = o
    if not seen:
        return []
    L = [
        "",
        "#" * level + " Per-block timing (cores too large to place and route whole)",
        "",
        "Each distinct block of the core built for its target clock (operand, split-multiplexer and output "
        "registers), alone, with a register on every input and output: `synth_ecp5`, then nextpnr-ecp5 on an "
        "LFE5U-85F out of context; Fmax from nextpnr's timing report. The core's clock is the minimum over its "
        "blocks. **Not a whole-core place and route**: the wires between blocks (the control word's and the "
        "register file's fan-out) are not in it; the notes of each row say which boundaries the generated core "
        "registers and which are assumed. Regenerate: `pairkit hw core blocks-timing --core NAME` (long; not in CI).",
    ]
    for core, o in seen.items():
        head = (
            f"{_n(o['mhz'])} MHz ({o['mhz_source']}), {_n(o.get('latency_cycles'))} cycles, {_n(o['latency_us'])} µs."
            if o.get("mhz")
            else "no clock: "
            + "; ".join(f"{b['label']}: {b.get('status')}" for b in o["per_block"] if not b["fmax_mhz"])
        )
        L += [
            "",
            f"`{core}`: {head}",
            "",
            "| block | instances | LUT4 | FF (with the wrapper's) | Fmax MHz |",
            "|---|---:|---:|---:|---:|",
        ]
        low = min((b["fmax_mhz"] for b in o["per_block"] if b["fmax_mhz"]), default=None)
        for b in o["per_block"]:
            f = _n(b["fmax_mhz"] or b.get("status")) + (" (critical)" if o.get("mhz") and b["fmax_mhz"] == low else "")
            L.append(row_line([b["label"], _n(b["count"]), _n(b.get("lut")), _n(b.get("ff")), f]))
    return L
