#!/usr/bin/env python3
"""Independent check of python/pairkit/spec/prime/params.py with PARI/GP (cypari2).

For each set: p and r prime; #E(F_p) by PARI's ellcard equals h1 r; the generator G1 lies on E and
has order r ([r]G = O, r prime); the embedding degree (the order of p mod r) is k; for BN254 / BLS12-381
the twist E'(F_{p^2}) (built in PARI as F_{p^2} = F_p[i]/(i^2 + 1)) has ellcard = h2 r and G2
lies on it with order r.  Nothing here imports the spec's arithmetic: only the numbers.

    .venv/bin/python gen/derive_params_prime.py        # prints one line per check, exit 1 on failure
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from pairkit.spec.prime.params import SETS  # noqa: E402  (numbers only)


def checks(pari, S) -> list[tuple[str, bool]]:
    out = [("p prime", bool(pari.isprime(S.p))), ("r prime", bool(pari.isprime(S.r)))]
    E = pari.ellinit([S.a, S.b], S.p)
    out.append(("#E(F_p) = h1 r", int(pari.ellcard(E)) == S.h1 * S.r))
    G1 = [pari.Mod(S.g1[0], S.p), pari.Mod(S.g1[1], S.p)]
    out.append(("G1 on E", bool(pari.ellisoncurve(E, G1))))
    # r prime, G1 != O and [r]G1 = O  <=>  ord(G1) = r  (ellorder would factor h1 r: slow for typea)
    out.append(("ord(G1) = r", G1 != [0] and pari.ellmul(E, G1, S.r) == [0]))
    k = next(j for j in range(1, 64) if pari.Mod(S.p, S.r) ** j == 1)
    out.append((f"embedding degree {S.k}", k == S.k))
    if S.g2 is not None:
        i = pari(f"ffgen(Mod(1, {S.p})*('i^2 + 1), 'i)")
        b2 = S.b2[0] * i**0 + S.b2[1] * i
        E2 = pari.ellinit([0, b2], i)
        n2 = int(pari.ellcard(E2))
        out.append(("#E'(F_p^2) = h2 r", n2 == S.h2 * S.r))
        (x0, x1), (y0, y1) = S.g2
        G2 = [x0 * i**0 + x1 * i, y0 * i**0 + y1 * i]
        out.append(("G2 on E'", bool(pari.ellisoncurve(E2, G2))))
        out.append(("ord(G2) = r", pari.ellmul(E2, G2, S.r) == [0]))
    return out


def main() -> int:
    import cypari2

    pari = cypari2.Pari()
    pari.default("debugmem", 0)
    pari.default("parisizemax", 1 << 30)
    ok = True
    for S in SETS.values():
        for name, good in checks(pari, S):
            print(f"{S.id:10s} {name:32s} {'ok' if good else 'FAIL'}")
            ok &= good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
