"""pairkit.protocols: protocols on top of the pairing API (docs/PROTOCOLS.md). Not constant-time (secrets
pass through Python ints).

  bls.py          BLS signatures on bls12-381 (draft-irtf-cfrg-bls-signature-05): min-pk / min-sig x basic /
                  aug / pop, KeyGen .. KeyValidate, verification as one native call, batch verification
  bls_eip2333.py  hierarchical secret keys: EIP-2333 derive_master_SK / derive_child_SK, EIP-2334 paths
  ibe.py          Boneh-Franklin FullIdent on bls12-381 (identities hashed to G2; the FO check -> DecryptionError)
  ibe_rfc5091.py  RFC 5091 BF and BasicIdent on the type-1 curve y^2 = x^3 + 1, pure Python
  peks.py         keyword search (Boneh-Di Crescenzo-Ostrovsky-Persiano 2004) on bls12-381; search = pair_fixed
  policy.py       the refusal policy shared by the encryption protocols (which sets; ``allow_insecure``)

Their command lines are :mod:`pairkit.cli.bls`, :mod:`pairkit.cli.ibe`, :mod:`pairkit.cli.peks`; their
batch paths on a Ray cluster are :mod:`pairkit.distributed`; their native kernels
crates/pairkit-core/src/protocols/ (bls_verify.rs, bls_batch.rs).
"""
