"""Protocols on top of the pairing API (issue 18): ``bls`` (BLS signatures on bls12-381,
draft-irtf-cfrg-bls-signature-05). Identity-based encryption, keyword search and the Ray engine
are not built yet."""
