//! Rabin's irreducibility test for sparse polynomials over F_2 (public parameters only,
//! variable time is fine).
//!
//! M. O. Rabin, "Probabilistic algorithms in finite fields", SIAM J. Comput. 9 (1980):
//! f of degree m is irreducible iff x^{2^m} = x (mod f) and gcd(x^{2^{m/p}} - x, f) = 1 for
//! every prime p | m.

type Poly = Vec<u64>;

fn deg(p: &[u64]) -> Option<usize> {
    for i in (0..p.len()).rev() {
        if p[i] != 0 {
            return Some(64 * i + 63 - p[i].leading_zeros() as usize);
        }
    }
    None
}

fn bit(p: &[u64], i: usize) -> bool {
    i / 64 < p.len() && (p[i / 64] >> (i % 64)) & 1 == 1
}

fn flip(p: &mut Poly, i: usize) {
    if i / 64 >= p.len() {
        p.resize(i / 64 + 1, 0);
    }
    p[i / 64] ^= 1 << (i % 64);
}

/// p mod f for f = x^m + sum x^t + 1 (sparse), by repeated folding of the bits >= m.
fn reduce_sparse(p: &mut Poly, m: usize, low: &[usize]) {
    while let Some(d) = deg(p) {
        if d < m {
            break;
        }
        // fold the top bit: x^d = x^{d-m} * (sum_{t in low} x^t)
        flip(p, d);
        for &t in low {
            flip(p, d - m + t);
        }
    }
    p.truncate(m.div_ceil(64).max(1));
}

fn square(p: &[u64]) -> Poly {
    let mut r = vec![0u64; 2 * p.len()];
    for (i, &w) in p.iter().enumerate() {
        for b in 0..64 {
            if (w >> b) & 1 == 1 {
                let k = 2 * (64 * i + b);
                r[k / 64] |= 1 << (k % 64);
            }
        }
    }
    r
}

/// a mod b (b != 0), schoolbook long division.
fn rem(a: &[u64], b: &[u64]) -> Poly {
    let mut r = a.to_vec();
    let db = deg(b).expect("division by zero polynomial");
    while let Some(dr) = deg(&r) {
        if dr < db {
            break;
        }
        let sh = dr - db;
        for i in 0..=db {
            if bit(b, i) {
                flip(&mut r, i + sh);
            }
        }
    }
    r
}

fn gcd(a: &[u64], b: &[u64]) -> Poly {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    while deg(&b).is_some() {
        let r = rem(&a, &b);
        a = b;
        b = r;
    }
    a
}

fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut out = vec![];
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            out.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// Whether x^m + sum_{t in taps} x^t + 1 is irreducible over F_2 (Rabin's test).
/// Taps must be distinct and in 1..m. Cost: about m polynomial squarings plus a few gcds,
/// milliseconds for m ~ 1000.
pub fn is_irreducible(m: usize, taps: &[usize]) -> bool {
    if m == 0 || taps.iter().any(|&t| t == 0 || t >= m) {
        return false;
    }
    let mut low: Vec<usize> = taps.to_vec();
    low.push(0);
    let mut f: Poly = vec![0; m / 64 + 1];
    flip(&mut f, m);
    for &t in &low {
        flip(&mut f, t);
    }
    let mut x: Poly = vec![0; m.div_ceil(64).max(1)];
    flip(&mut x, 1);
    if m == 1 {
        return true;
    }
    let ps = prime_factors(m);
    let checkpoints: Vec<usize> = ps.iter().map(|p| m / p).collect();
    // powers[k] = x^{2^k} mod f
    let mut cur = x.clone();
    reduce_sparse(&mut cur, m, &low);
    for k in 1..=m {
        cur = square(&cur);
        reduce_sparse(&mut cur, m, &low);
        if checkpoints.contains(&k) {
            let mut g = cur.clone();
            flip(&mut g, 1); // x^{2^k} - x
            let g = gcd(&f, &g);
            if deg(&g) != Some(0) {
                return false;
            }
        }
    }
    // x^{2^m} == x ?
    let mut d = cur;
    flip(&mut d, 1);
    deg(&d).is_none()
}
