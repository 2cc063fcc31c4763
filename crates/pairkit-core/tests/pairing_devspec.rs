//! DEV ONLY: spec-generated vectors with explicit field parameters (PAIRKIT_DEV_VECTORS).
use pairkit_core::curve::Curve;
use pairkit_core::field::ext::gf2m_4 as f4;
use pairkit_core::field::gf2m::Gf2m;
use pairkit_core::pairing::{self, Algorithm, CurveParams};
use serde_json::Value;

fn run<const N: usize>(v: &Value) {
    let m = v["m"].as_u64().unwrap() as usize;
    let taps: Vec<usize> = v["taps"].as_array().unwrap().iter().map(|t| t.as_u64().unwrap() as usize).collect();
    let b = v["b"].as_u64().unwrap() as u8;
    let delta = v["delta"].as_i64().unwrap() as i8;
    let alg = Algorithm::parse(v["alg"].as_str().unwrap()).unwrap();
    let f = Gf2m::<N>::new(m, &taps).unwrap();
    let e = Curve::new(f.clone(), b);
    let p = e.decode(&hex::decode(v["P"].as_str().unwrap()).unwrap(), false).unwrap();
    let q = e.decode(&hex::decode(v["Q"].as_str().unwrap()).unwrap(), false).unwrap();
    let (px, py) = p.coords().unwrap();
    let (qx, qy) = q.coords().unwrap();
    let cp = CurveParams { b, delta };
    let mut st = Vec::new();
    let c = pairing::miller(alg, &f, cp, (px, py), (qx, qy), Some(&mut st)).unwrap();
    let want: Vec<&str> = v["states"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert_eq!(st.len(), want.len(), "{m} {alg:?} states len");
    for (i, (s, w)) in st.iter().zip(want).enumerate() {
        assert_eq!(hex::encode(f4::to_bytes(&f, s)), w, "{m} b={b} {alg:?} state {i}");
    }
    assert_eq!(hex::encode(f4::to_bytes(&f, &c)), v["miller"].as_str().unwrap(), "{m} {alg:?} miller");
    let o = pairing::final_exp(alg, &f, cp, &c).unwrap();
    assert_eq!(hex::encode(f4::to_bytes(&f, &o)), v["output"].as_str().unwrap(), "{m} {alg:?} output");
}

#[test]
fn dev_vectors() {
    let Ok(path) = std::env::var("PAIRKIT_DEV_VECTORS") else { return };
    let all: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for v in &all {
        match (v["m"].as_u64().unwrap() as usize).div_ceil(64) {
            1 => run::<1>(v),
            4 => run::<4>(v),
            5 => run::<5>(v),
            20 => run::<20>(v),
            n => panic!("N={n}"),
        }
    }
    eprintln!("{} dev vectors ok", all.len());
}
