"""pairkit.hw: the seeds' arithmetic units as generated, verified, synthesized RTL (docs/HW.md)."""
