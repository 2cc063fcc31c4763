//! One operation N times, for instruction counts (callgrind / cachegrind: run it with N = 0 and
//! N = 10 and divide the difference by 10) and coarse timings (`/usr/bin/time`) of pairkit's
//! bls12-381 / bn254 tower beside blst's, on the inputs of `benches/peers.rs`. Build with
//! `RUSTFLAGS="-C target-feature=+bmi2,+adx"` for Valgrind (it hides ADX from run-time
//! detection, so pairkit would run its portable path). Usage: `ops MODE N`, MODE one of
//! pk-pair pk-ml pk-fe pk-mul pk-sqr pk-cyc pk-014 pk-f2mul pk-f2sqr pk-f6mul bn-pair bn-ml
//! blst-pair blst-ml blst-mul blst-sqr blst-cyc blst-014 blst-f2mul blst-f2sqr.
use pairkit_core::curve::prime::bls12_381 as pk_bls;
use pairkit_core::curve::prime::bn254 as pk_bn;
use pairkit_core::curve::prime::group::{PrimeGroup, PrimeSet};
use pairkit_core::field::fp::{Bls12381P, Bn254P};
use pairkit_core::pairing::ate::{self, Variant};
use pairkit_core::pairing::ate_final_exp as fe;
use pairkit_peers::*;
use std::hint::black_box;
const A: [u8; 32] = BENCH_A;
const B: [u8; 32] = BENCH_B;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args[1].as_str();
    let n: usize = args[2].parse().unwrap();
    let x = blst_points(&A, &B);
    let (_, p96, _, q192) = blst_encodings(&x);
    let p = <pk_bls::Bls12381 as PrimeSet>::G1::from_bytes(&p96, true).unwrap();
    let q = <pk_bls::Bls12381 as PrimeSet>::G2::from_bytes(&q192, true).unwrap();
    let (pp, qq) = ((p.x, p.y), (q.x, q.y));
    let f = ate::miller_loop::<Bls12381P, 6>(&pp, &qq);
    let g = fe::final_exponentiation_with::<Bls12381P, 6>(Variant::Interop, &f).unwrap();
    let (bp, bq) = {
        let (ap, aq) = ark_bn_points(&A, &B);
        let (e1, e2) = ark_bn_encodings(&ap, &aq);
        (
            <pk_bn::Bn254 as PrimeSet>::G1::from_bytes(&e1, true).unwrap(),
            <pk_bn::Bn254 as PrimeSet>::G2::from_bytes(&e2, true).unwrap(),
        )
    };
    let (bpp, bqq) = ((bp.x, bp.y), (bq.x, bq.y));
    let mut acc = f;
    let mut bf = blst_pair(&x);
    let bg = bf;
    for _ in 0..n {
        match mode {
            "pk-pair" => {
                acc =
                    ate::pair_with::<Bls12381P, 6>(Variant::Interop, black_box(&pp), black_box(&qq))
                        .unwrap()
            }
            "pk-ml" => acc = ate::miller_loop::<Bls12381P, 6>(black_box(&pp), black_box(&qq)),
            "pk-fe" => {
                acc = fe::final_exponentiation_with::<Bls12381P, 6>(Variant::Interop, black_box(&f))
                    .unwrap()
            }
            "pk-mul" => acc = black_box(&acc).mul(&f),
            "pk-sqr" => acc = black_box(&acc).square(),
            "pk-cyc" => acc = black_box(&g).cyclotomic_square(),
            "pk-014" => acc = black_box(&acc).mul_by_014(&f.c0.c0, &f.c0.c1, &f.c1.c1),
            "bn-pair" => {
                let r =
                    ate::pair_with::<Bn254P, 4>(Variant::Interop, black_box(&bpp), black_box(&bqq))
                        .unwrap();
                black_box(r);
            }
            "bn-ml" => {
                let r = ate::miller_loop::<Bn254P, 4>(black_box(&bpp), black_box(&bqq));
                black_box(r);
            }
            "pk-f2mul" => acc.c0.c0 = black_box(&acc.c0.c0).mul(&f.c0.c1),
            "pk-f2sqr" => acc.c0.c0 = black_box(&acc.c0.c0).square(),
            "pk-f6mul" => acc.c0 = black_box(&acc.c0).mul(&f.c0),
            "blst-mul" => unsafe { blst::blst_fp12_mul(&mut bf, black_box(&bf), &bg) },
            "blst-sqr" => unsafe { blst::blst_fp12_sqr(&mut bf, black_box(&bf)) },
            "blst-cyc" => unsafe { blst::blst_fp12_cyclotomic_sqr(&mut bf, black_box(&bg)) },
            "blst-014" => unsafe {
                blst::blst_fp12_mul_by_xy00z0(&mut bf, black_box(&bf), &bg.fp6[0])
            },
            "blst-f2mul" => unsafe {
                blst::blst_fp2_mul(
                    &mut bf.fp6[0].fp2[0],
                    black_box(&bf.fp6[0].fp2[0]),
                    &bg.fp6[0].fp2[1],
                )
            },
            "blst-f2sqr" => unsafe {
                blst::blst_fp2_sqr(&mut bf.fp6[0].fp2[0], black_box(&bf.fp6[0].fp2[0]))
            },
            "blst-pair" => bf = blst_pair(black_box(&x)),
            "blst-ml" => unsafe { blst::blst_miller_loop(&mut bf, &x.q, &x.p) },
            _ => panic!("mode"),
        }
    }
    black_box(acc);
    black_box(bf);
}
