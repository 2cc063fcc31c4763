"""pairkit.spec.binary: the binary family (seeds 000, 003, 004): supersingular E_b: y^2 + y = x^3 + x + b
over GF(2^m), embedding degree 4.

  gf2m.py     GF(2^m) = F_2[x]/(f)
  tower.py    F_{2^{2m}}, F_{2^{4m}}
  curve.py    the curve E_b, its points and distortion map
  pairing.py  Tate (Alg. 1, 9, 10), eta (Alg. 2), eta_T
  staged.py   the staged pairing API of a binary set (miller_loop, final_exponentiation, pair, to_canonical)
"""
