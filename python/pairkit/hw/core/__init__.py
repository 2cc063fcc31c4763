"""pairkit.hw.core: whole pairing accelerators generated from a schedule (docs/CORE.md)."""
