"""pairkit.hw.core: whole pairing accelerators generated from a schedule (issue 15; docs/CORE.md)."""
