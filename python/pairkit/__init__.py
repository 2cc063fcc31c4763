"""pairkit: cryptographic pairings computed fast and verifiably.

``pairkit.spec`` is the pure-Python executable specification; the fast path is the Rust core
(``pairkit._native``), wrapped by :mod:`pairkit.api`.
"""
__version__ = "0.1.0"
