//! mcl's bn254 pairing (src/mcl.rs) against pairkit's default (`ate::pair`, the `Interop`
//! variant) and arkworks' values in test-vectors/interop/bn254.json: the generators and the
//! random cases, byte for byte in pairkit's GT encoding. Needs `PAIRKIT_MCL_LIB` (the pymcl
//! 1.0.2 extension module; `make interop-vectors` and `make bench-peers-native` fetch it and set
//! it); without it the test says so and checks nothing else. With `PAIRKIT_MCL_REQUIRED=1` a
//! missing library fails the test.
use pairkit_core::curve::prime::bn254 as pk_bn;
use pairkit_core::curve::prime::group::{PrimeGroup, PrimeSet};
use pairkit_core::field::fp::Bn254P;
use pairkit_core::pairing::ate;
use pairkit_peers::mcl::{Mcl, MclError};

fn mcl() -> Option<Mcl> {
    match Mcl::from_env() {
        Ok(m) => Some(m),
        Err(MclError::NotConfigured)
            if std::env::var("PAIRKIT_MCL_REQUIRED").as_deref() != Ok("1") =>
        {
            eprintln!("skipped: {}", MclError::NotConfigured);
            None
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn mcl_equals_pairkit_default_and_arkworks() {
    let Some(m) = mcl() else { return };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test-vectors/interop/bn254.json"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = v["cases"].as_array().unwrap();
    assert!(cases.len() >= 3);
    for c in cases {
        let g1 = hex::decode(c["g1"].as_str().unwrap()).unwrap();
        let g2 = hex::decode(c["g2"].as_str().unwrap()).unwrap();
        let want = hex::decode(c["e"].as_str().unwrap()).unwrap();
        // EIP-197: x.c1 || x.c0 || y.c1 || y.c0
        let p = m.g1(&g1[..32], &g1[32..]).unwrap();
        let q = m
            .g2(&g2[32..64], &g2[..32], &g2[96..], &g2[64..96])
            .unwrap();
        let got = m.gt_bytes(&m.pair(&p, &q)).unwrap();
        let pp = <pk_bn::Bn254 as PrimeSet>::G1::from_bytes(&g1, true).unwrap();
        let qq = <pk_bn::Bn254 as PrimeSet>::G2::from_bytes(&g2, true).unwrap();
        let ours = ate::pair::<Bn254P, 4>(&(pp.x, pp.y), &(qq.x, qq.y))
            .unwrap()
            .to_bytes_be();
        assert_eq!(
            hex::encode(&got),
            hex::encode(&want),
            "mcl vs arkworks, a = {}",
            c["a"]
        );
        assert_eq!(
            hex::encode(&got),
            hex::encode(&ours),
            "mcl vs pairkit, a = {}",
            c["a"]
        );
    }
}

#[test]
fn mcl_rejects_a_point_off_the_curve() {
    let Some(m) = mcl() else { return };
    let one = [[0u8; 31].as_slice(), &[1]].concat();
    let three = [[0u8; 31].as_slice(), &[3]].concat();
    assert!(matches!(m.g1(&one, &three), Err(MclError::Point(_))));
}
