//! x -> x^{3^k} (a power of the Frobenius) as a table-driven linear map over F_3.
//!
//! The map is F_3-linear: x^{3^k} = sum_i a_i (x^i)^{3^k}. Split a = lo - hi into its two planes
//! (lo: digits 1, hi: digits 2 = -1) and both planes into bytes; table j holds, for every byte
//! value v, sum_{t in v} (x^{8j + t})^{3^k} mod f. Then
//! a^{3^k} = sum_j T_j[lo byte j] - sum_j T_j[hi byte j]: 2 ceil(m/8) lookups and additions
//! (m = 97: 26) instead of k dependent cubings. Built once per (field, k) from k-fold cubes of the
//! monomials (public data); the lookups are indexed by the (possibly secret) digits, like the comb
//! multiplier's tables (see the module documentation).
use super::{Fe3, Gf3m};

/// The tables of x -> x^{3^k} for one field.
#[derive(Clone, Debug)]
pub struct PowMap<const N: usize> {
    k: usize,
    tables: Vec<[Fe3<N>; 256]>,
}

impl<const N: usize> PowMap<N> {
    /// The exponent k of the map x -> x^{3^k}.
    pub fn k(&self) -> usize {
        self.k
    }
}

impl<const N: usize> Gf3m<N> {
    /// The tables of x -> x^{3^k} (ceil(m/8) tables of 256 elements).
    pub fn pow3_map(&self, k: usize) -> PowMap<N> {
        let m = self.m();
        let tables = (0..m.div_ceil(8))
            .map(|j| {
                let img: Vec<Fe3<N>> = (0..8)
                    .map(|t| {
                        if 8 * j + t < m {
                            self.cube_n(&self.monomial(8 * j + t), k)
                        } else {
                            Fe3::ZERO
                        }
                    })
                    .collect();
                let mut t = [Fe3::ZERO; 256];
                for v in 1..256usize {
                    let low = v.trailing_zeros() as usize;
                    t[v] = self.add(&t[v & (v - 1)], &img[low]);
                }
                t
            })
            .collect();
        PowMap { k, tables }
    }

    /// a^{3^k} by the tables of [`Self::pow3_map`].
    pub fn apply_pow3_map(&self, map: &PowMap<N>, a: &Fe3<N>) -> Fe3<N> {
        let (mut pos, mut neg) = (Fe3::ZERO, Fe3::ZERO);
        for (j, t) in map.tables.iter().enumerate() {
            let (w, s) = (j / 8, 8 * (j % 8));
            pos = self.add(&pos, &t[((a.lo[w] >> s) & 0xff) as usize]);
            neg = self.add(&neg, &t[((a.hi[w] >> s) & 0xff) as usize]);
        }
        self.sub(&pos, &neg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn check<const N: usize>(m: usize, h: usize) {
        let f = Gf3m::<N>::new(m, h).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(m as u64);
        for k in [0, 1, 2, m.div_ceil(2), m - 1, m + 3] {
            let map = f.pow3_map(k);
            assert_eq!(map.k(), k);
            for _ in 0..20 {
                let a = f.random(&mut rng);
                let mut want = a;
                for _ in 0..k {
                    want = f.cube(&want);
                }
                assert_eq!(f.apply_pow3_map(&map, &a), want, "m = {m}, k = {k}");
            }
        }
    }

    #[test]
    fn pow3_map_equals_repeated_cubes() {
        check::<1>(5, 4);
        check::<1>(13, 4);
        check::<2>(97, 16);
        check::<3>(163, 80);
        check::<4>(193, 64);
        check::<4>(239, 26);
        check::<6>(353, 142);
    }
}
