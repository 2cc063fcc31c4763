//! The concrete prime fields (typea-512, bn254, bls12-381). Each modulus is the generated `params::prime` number
//! (gen/params/prime.toml, the one source of both languages' numbers; its source is cited at each
//! prime below) parsed at compile time; every other constant is derived (`FpParams`).
//! The values are checked against the executable specification (python/pairkit/spec/
//! params_prime.py, which computes the BN/BLS primes from the family polynomials in u) by
//! tests/fp_props.rs through the shared vectors test-vectors/fp/fp-*.json.
//!
//! | set | p (base field) | N | r (group order) | N |
//! |---|---|---|---|---|
//! | bn254 | 254 bits, p(u) = 36u^4+36u^3+24u^2+6u+1, u = 4965661367192848881 (EIP-196) | 4 | 254 bits | 4 |
//! | bls12-381 | 381 bits, p = (u-1)^2 (u^4-u^2+1)/3 + u, u = -0xd201000000010000 | 6 | 255 bits | 4 |
//! | typea-512 | 512 bits, PBC a.param's q (verbatim) | 8 | 2^159 + 2^107 + 1 | 3 |
//!
//! All three base primes are 3 mod 4 (so F_{p^2} = F_p[i]/(i^2+1) and sqrt is one power).
use super::arith::parse_hex;
use super::{Fp, FpParams};
use crate::params::prime::{BLS12_381, BN254, TYPEA_512};

macro_rules! prime {
    ($(#[$doc:meta])* $name:ident, $n:literal, $label:literal, $value:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name;
        impl FpParams<$n> for $name {
            const MODULUS: [u64; $n] = $value;
            const NAME: &'static str = $label;
        }
    };
}

prime!(
    /// bn254 ("alt_bn128", EIP-196) base field prime p.
    Bn254P, 4, "bn254 p",
    parse_hex(BN254.p)
);
prime!(
    /// bn254 group order r (EIP-196, the scalar field).
    Bn254R, 4, "bn254 r",
    parse_hex(BN254.r)
);
prime!(
    /// bls12-381 base field prime p (draft-irtf-cfrg-pairing-friendly-curves-11 Sec. 4.2.1).
    Bls12381P, 6, "bls12-381 p",
    parse_hex(BLS12_381.p)
);
prime!(
    /// bls12-381 group order r = u^4 - u^2 + 1 (ibid.).
    Bls12381R, 4, "bls12-381 r",
    parse_hex(BLS12_381.r)
);
prime!(
    /// typea-512 base field prime q: PBC's a.param, verbatim.
    TypeA512Q, 8, "typea-512 q",
    parse_hex(TYPEA_512.p)
);
prime!(
    /// typea-512 group order r = 2^159 + 2^107 + 1 (PBC a.param).
    TypeA512R, 3, "typea-512 r",
    parse_hex(TYPEA_512.r)
);

/// The base field of bn254.
pub type FpBn254 = Fp<Bn254P, 4>;
/// The scalar field of bn254 (integers mod r).
pub type FrBn254 = Fp<Bn254R, 4>;
/// The base field of bls12-381.
pub type FpBls12381 = Fp<Bls12381P, 6>;
/// The scalar field of bls12-381 (integers mod r).
pub type FrBls12381 = Fp<Bls12381R, 4>;
/// The base field F_q of typea-512.
pub type FpTypeA512 = Fp<TypeA512Q, 8>;
/// The scalar field of typea-512 (integers mod r).
pub type FrTypeA512 = Fp<TypeA512R, 3>;

#[cfg(test)]
mod tests {
    use super::super::arith::parse_dec;
    use super::*;

    #[test]
    fn typea_r_matches_decimal() {
        assert_eq!(
            TypeA512R::MODULUS,
            parse_dec::<3>("730750818665451621361119245571504901405976559617")
        );
        assert_eq!(TypeA512R::MODULUS, [1, 1 << (107 - 64), 1 << (159 - 128)]);
    }

    /// The generated moduli are the published ones, in the form their sources print them.
    #[test]
    fn moduli_are_the_published_ones() {
        assert_eq!(
            Bn254P::MODULUS,
            parse_dec::<4>(
                "21888242871839275222246405745257275088696311157297823662689037894645226208583"
            ),
            "EIP-196 p"
        );
        assert_eq!(
            Bn254R::MODULUS,
            parse_dec::<4>(
                "21888242871839275222246405745257275088548364400416034343698204186575808495617"
            ),
            "EIP-196 r"
        );
        assert_eq!(
            TypeA512Q::MODULUS,
            parse_dec::<8>(concat!(
                "87807107996633125224377819847540498158068831994142082110286533992664756308802229570786251794",
                "22662221423155858769582317459277713367317481324925129998224791"
            )),
            "PBC a.param q"
        );
    }

    #[test]
    fn all_base_primes_are_3_mod_4() {
        assert_eq!(Bn254P::P_MOD_4, 3);
        assert_eq!(Bls12381P::P_MOD_4, 3);
        assert_eq!(TypeA512Q::P_MOD_4, 3);
    }
}
