"""pairkit.spec.char3: the characteristic-three family (seed 001): E_b: y^2 = x^3 - x + b over GF(3^m),
embedding degree 6.

  gf3m.py     GF(3^m) = F_3[x]/(x^m + x^h - 1) on bit planes
  tower.py    F_{3^{3m}}, F_{3^{6m}}
  curve.py    the curve E_b and its distortion map
  pairing.py  Duursma-Lee and eta_T
  staged.py   the staged pairing API of a characteristic-three set
"""
