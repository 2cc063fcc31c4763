"""Protocols on top of the pairing API (docs/PROTOCOLS.md): ``bls`` (BLS signatures on bls12-381,
draft-irtf-cfrg-bls-signature-05), ``ibe`` (Boneh-Franklin FullIdent on bls12-381) with
``ibe_rfc5091`` (RFC 5091 BF and BasicIdent on the type-1 curve, pure Python), ``peks`` (keyword
search, Boneh-Di Crescenzo-Ostrovsky-Persiano 2004, on bls12-381). Their batch paths on a Ray
cluster: ``pairkit.distributed``."""
