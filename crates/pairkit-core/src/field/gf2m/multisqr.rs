//! Multi-squaring: x -> x^{2^k} in GF(2^m) as a table-driven F_2-linear map.
//!
//! Squaring is F_2-linear, so a^{2^k} = sum_i a_i (x^i)^{2^k} = sum_i a_i c^i with c = x^{2^k}
//! (the "multi-squaring" of ALH 2010, docs/REFERENCES.md: a^{2^k} as a precomputed linear
//! map). Split a into w-bit windows; table j holds, for every window
//! value v, sum_{t in v} c^{w j + t}. Then a^{2^k} = sum_j T_j[window j of a]: ceil(m/w)
//! lookups and additions instead of k dependent squarings. The tables are built once per
//! (field, k) from the m powers c^i (m multiplications; public data). The lookups are indexed by
//! the data (like the comb multiplier's tables): variable-time, for the binary sets' public
//! points and the parallel pairing (ARCHITECTURE.md, "Constant time").
//!
//! Window: 8 bits while a map stays under 512 KiB (m <= 512 at N <= 8), else 4 bits
//! (ss2-1223: 306 tables of 16 elements, 783 KB per map).
use std::sync::{Arc, OnceLock};

use super::{Fe, Gf2m};

fn xor<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
    core::array::from_fn(|i| a[i] ^ b[i])
}

/// The tables of x -> x^{2^k} for one field.
#[derive(Clone, Debug)]
pub struct SqrMap<const N: usize> {
    k: usize,
    /// Window width in bits (4 or 8).
    w: usize,
    /// ceil(m / w) tables of 2^w elements, flattened.
    tables: Vec<Fe<N>>,
}

impl<const N: usize> SqrMap<N> {
    /// The tables of x -> x^{2^k} (any k >= 0; k is reduced mod m, as a^{2^m} = a).
    pub fn new(f: &Gf2m<N>, k: usize) -> Self {
        let m = f.m();
        let w = if m.div_ceil(8) * 256 * N * 8 <= 512 * 1024 {
            8
        } else {
            4
        };
        let size = 1usize << w;
        // c = x^{2^k}; images c^i of the monomials x^i, i < m.
        let c = f.sqr_n(&Gf2m::<N>::from_u64(2), k % m);
        let mut img = Vec::with_capacity(m);
        let mut pw = Gf2m::<N>::one();
        for _ in 0..m {
            img.push(pw);
            pw = f.mul(&pw, &c);
        }
        let ntab = m.div_ceil(w);
        let mut tables = vec![[0u64; N]; ntab * size];
        for j in 0..ntab {
            let t = &mut tables[j * size..(j + 1) * size];
            for v in 1..size {
                let low = v.trailing_zeros() as usize;
                let i = w * j + low;
                let add = if i < m { img[i] } else { [0u64; N] };
                t[v] = xor(&t[v & (v - 1)], &add);
            }
        }
        SqrMap { k, w, tables }
    }

    /// The exponent k of the map x -> x^{2^k}.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Bytes held by the tables.
    pub fn table_bytes(&self) -> usize {
        self.tables.len() * N * 8
    }

    /// a^{2^k} (a canonical: no bit >= m set).
    #[inline]
    pub fn apply(&self, a: &Fe<N>) -> Fe<N> {
        let (w, size) = (self.w, 1usize << self.w);
        let mask = (size - 1) as u64;
        let per_word = 64 / w;
        let mut acc = [0u64; N];
        for (j, t) in self.tables.chunks_exact(size).enumerate() {
            let (word, sh) = (j / per_word, w * (j % per_word));
            let v = ((a[word] >> sh) & mask) as usize;
            let e = &t[v];
            for i in 0..N {
                acc[i] ^= e[i];
            }
        }
        acc
    }
}

/// A [`SqrMap`] built on first use and shared by clones (a field context holds one for
/// x -> x^{2^{(m+1)/2}}: `Gf2m::half_power_map`). Its `Debug` does not print the tables.
#[derive(Clone, Default)]
pub struct LazySqrMap<const N: usize>(OnceLock<Arc<SqrMap<N>>>);

impl<const N: usize> LazySqrMap<N> {
    /// The map, built by `build` the first time.
    pub fn get_or_build(&self, build: impl FnOnce() -> SqrMap<N>) -> &SqrMap<N> {
        self.0.get_or_init(|| Arc::new(build()))
    }
}

impl<const N: usize> std::fmt::Debug for LazySqrMap<N> {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.get() {
            Some(m) => write!(out, "SqrMap(k = {}, {} bytes)", m.k(), m.table_bytes()),
            None => write!(out, "SqrMap(not built)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn check<const N: usize>(m: usize, taps: &[usize]) {
        let f = Gf2m::<N>::new(m, taps).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(m as u64);
        for k in [0, 1, 2, 7, 8, 9, m.div_ceil(2), m - 1, m, m + 5] {
            let map = SqrMap::new(&f, k);
            assert_eq!(map.k(), k);
            for _ in 0..10 {
                let a = f.random(&mut rng);
                let mut want = a;
                for _ in 0..k {
                    want = f.sqr(&want);
                }
                assert_eq!(map.apply(&a), want, "m = {m}, k = {k}");
            }
            // The basis itself, including the top monomial x^{m-1}.
            let mut top = [0u64; N];
            top[(m - 1) / 64] = 1 << ((m - 1) % 64);
            assert_eq!(map.apply(&top), f.sqr_n(&top, k));
        }
    }

    #[test]
    fn multisqr_equals_repeated_squaring() {
        check::<1>(7, &[1]);
        check::<4>(239, &[36]);
        check::<5>(283, &[12, 7, 5]);
        check::<20>(1223, &[255]);
    }

    #[test]
    fn window_widths() {
        let f = Gf2m::<5>::new(283, &[12, 7, 5]).unwrap();
        assert_eq!(SqrMap::new(&f, 3).w, 8);
        let f = Gf2m::<20>::new(1223, &[255]).unwrap();
        assert_eq!(SqrMap::new(&f, 3).w, 4);
    }

    fn half<const N: usize>(m: usize, taps: &[usize]) {
        use crate::field::ext::gf2m_4 as f4;
        let f = Gf2m::<N>::new(m, taps).unwrap();
        assert_eq!(format!("{f:?}").matches("SqrMap(not built)").count(), 1);
        let k = m.div_ceil(2);
        let mut rng = rand::rngs::StdRng::seed_from_u64(k as u64);
        for _ in 0..5 {
            let a = f.random(&mut rng);
            assert_eq!(f.half_power_map().apply(&a), f.sqr_n(&a, k), "m = {m}");
            let a4 = [
                a,
                f.random(&mut rng),
                f.random(&mut rng),
                f.random(&mut rng),
            ];
            let want = f4::pow_2k_sqr(&f, &a4, k);
            assert_eq!(f4::pow_2k_map(f.half_power_map(), &a4), want, "m = {m}");
        }
        // Built once, shared by clones, and its tables are not printed.
        let g = f.clone();
        assert!(std::ptr::eq(f.half_power_map(), g.half_power_map()));
        let shown = format!("{g:?}");
        assert!(shown.contains(&format!("SqrMap(k = {k}, ")), "{shown}");
        assert!(shown.len() < 4000, "{} bytes", shown.len());
    }

    #[test]
    fn half_power_map_equals_squarings() {
        half::<1>(7, &[1]);
        half::<4>(239, &[36]);
        half::<5>(283, &[12, 7, 5]);
        half::<20>(1223, &[255]);
    }
}
