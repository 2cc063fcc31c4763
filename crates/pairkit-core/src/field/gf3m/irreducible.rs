//! Rabin's irreducibility test over F_3 (public parameters only; variable time, simple
//! digit-vector arithmetic that shares no code with the fast field arithmetic).
//!
//! M. O. Rabin, "Probabilistic algorithms in finite fields", SIAM J. Comput. 9 (1980);
//! Ben-Or, "Probabilistic algorithms in finite fields", FOCS 1981: f of degree m over F_q is
//! irreducible iff x^{q^m} = x (mod f) and gcd(x^{q^{m/p}} - x, f) = 1 for every prime p | m.

/// Coefficients in {0, 1, 2}, index = power of x, no trailing zeros (zero = empty).
type Poly = Vec<u8>;

fn trim(p: &mut Poly) {
    while p.last() == Some(&0) {
        p.pop();
    }
}

/// p mod f for f given by its nonzero terms (exponent, coefficient), leading term monic.
fn reduce(p: &mut Poly, f_deg: usize, f_low: &[(usize, u8)]) {
    trim(p);
    while p.len() > f_deg {
        let d = p.len() - 1;
        let c = p[d];
        // x^d = x^{d - m} * x^m = -x^{d - m} * sum(low terms)
        p[d] = 0;
        for &(e, fc) in f_low {
            let k = d - f_deg + e;
            p[k] = (p[k] + 3 * 3 - c * fc) % 3;
        }
        trim(p);
    }
}

/// p^3 mod f (the Frobenius map: (sum p_i x^i)^3 = sum p_i x^{3i} over F_3).
fn cube_mod(p: &Poly, f_deg: usize, f_low: &[(usize, u8)]) -> Poly {
    let mut r = vec![0u8; 3 * p.len()];
    for (i, &c) in p.iter().enumerate() {
        r[3 * i] = c;
    }
    reduce(&mut r, f_deg, f_low);
    r
}

fn poly_mod(a: &Poly, b: &Poly) -> Poly {
    let mut r = a.clone();
    trim(&mut r);
    let db = b.len() - 1;
    let inv_lead = b[db]; // 1^-1 = 1, 2^-1 = 2
    while r.len() > db {
        let d = r.len() - 1;
        let q = (r[d] * inv_lead) % 3;
        for (i, &bc) in b.iter().enumerate() {
            let k = d - db + i;
            r[k] = (r[k] + 3 * 3 - q * bc) % 3;
        }
        trim(&mut r);
    }
    r
}

fn gcd_is_one(a: &Poly, b: &Poly) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    trim(&mut a);
    trim(&mut b);
    while !b.is_empty() {
        let r = poly_mod(&a, &b);
        a = b;
        b = r;
    }
    a.len() == 1
}

fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut ps = Vec::new();
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            ps.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        ps.push(n);
    }
    ps
}

/// Whether the monic polynomial f = x^m + sum_{(e, c) in low} c x^e (e < m, c in {1, 2})
/// is irreducible over F_3.
pub fn is_irreducible_f3(m: usize, low: &[(usize, u8)]) -> bool {
    if m == 0 || low.iter().any(|&(e, c)| e >= m || c == 0 || c > 2) {
        return false;
    }
    if m == 1 {
        return true;
    }
    // a constant term is needed (else x | f)
    if !low.iter().any(|&(e, _)| e == 0) {
        return false;
    }
    let x: Poly = vec![0, 1];
    // x^{3^k} mod f for k = 1..m
    let mut pows = Vec::with_capacity(m + 1);
    let mut cur = x.clone();
    pows.push(cur.clone());
    for _ in 0..m {
        cur = cube_mod(&cur, m, low);
        pows.push(cur.clone());
    }
    if pows[m] != x {
        return false;
    }
    for p in prime_factors(m) {
        let mut t = pows[m / p].clone();
        // t - x
        if t.len() < 2 {
            t.resize(2, 0);
        }
        t[1] = (t[1] + 2) % 3;
        let mut f: Poly = vec![0u8; m + 1];
        f[m] = 1;
        for &(e, c) in low {
            f[e] = c;
        }
        if !gcd_is_one(&f, &t) {
            return false;
        }
    }
    true
}

/// Whether x^m + x^h - 1 (= x^m + x^h + 2) is irreducible over F_3 (1 <= h < m).
pub fn is_irreducible_trinomial(m: usize, h: usize) -> bool {
    if h == 0 || h >= m {
        return false;
    }
    is_irreducible_f3(m, &[(h, 1), (0, 2)])
}

/// All h in 1..m for which x^m + x^h - 1 is irreducible over F_3.
pub fn irreducible_trinomials(m: usize) -> Vec<usize> {
    (1..m).filter(|&h| is_irreducible_trinomial(m, h)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: f is reducible iff it has a monic factor of degree <= m/2.
    fn brute_irreducible(m: usize, h: usize) -> bool {
        let mut f = vec![0u8; m + 1];
        f[m] = 1;
        f[h] = 1;
        f[0] = 2;
        for d in 1..=m / 2 {
            let count = 3usize.pow(d as u32);
            for v in 0..count {
                let mut g = vec![0u8; d + 1];
                let mut t = v;
                for c in g.iter_mut().take(d) {
                    *c = (t % 3) as u8;
                    t /= 3;
                }
                g[d] = 1;
                if poly_mod(&f, &g).is_empty() {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn matches_brute_force_small() {
        for m in 2..=9 {
            for h in 1..m {
                assert_eq!(
                    is_irreducible_trinomial(m, h),
                    brute_irreducible(m, h),
                    "m = {m}, h = {h}"
                );
            }
        }
    }

    #[test]
    fn catalogue_trinomials() {
        assert!(is_irreducible_trinomial(97, 16));
        // x^6 + x^3 - 1 = (x^2 + x - 1)^3 in characteristic 3
        assert!(!is_irreducible_trinomial(6, 3));
    }
}
