//! ctgrind-style check of the constant-time functions: each one runs with its
//! secret input marked *undefined* for Valgrind memcheck (Adam Langley's ctgrind idea: memcheck
//! reports a conditional branch or a memory address computed from undefined bits, which for a
//! secret is exactly a timing leak), and its output marked defined again before anything public
//! is done with it. `make ctgrind` runs
//!
//!   valgrind --error-exitcode=3 target/<profile>/examples/ctgrind
//!
//! which must report no error; `ctgrind --negative` runs a variable-time function (square-and-
//! multiply `Fp12::pow`) the same way and must be reported (the check can fail). Outside
//! Valgrind the requests are no-ops and the program only checks the results against the
//! variable-time functions.
//!
//! The list here is the documented list of constant-time functions (ARCHITECTURE.md, "Constant
//! time"): a function is called constant-time only if it is in this file.
use pairkit_core::curve::prime::bls12_381::{Bls12381G1, Bls12381G2};
use pairkit_core::curve::prime::bn254::{Bn254G1, Bn254G2};
use pairkit_core::curve::prime::group::PrimeGroup;
use pairkit_core::curve::prime::typea512::TypeA512G1;
use pairkit_core::curve::scalar::from_be_bytes;
use pairkit_core::field::fp::{Bls12381P, Bn254P, Fp12, Fp2, TypeA512Q};
use pairkit_core::pairing::{ate, typea};

/// The binary family's constant-time [k]P and GT power on ss2-283's field (m = 283, the
/// pentanomial of gen/params/ss2.toml): `curve::ss_binary_ct` and `gf2m_4::pow_ct`, checked
/// against the variable-time ones.
fn binary_secret(tag: u8) -> Vec<String> {
    use pairkit_core::curve::ss_binary::Curve;
    use pairkit_core::field::ext::gf2m_4 as f4;
    use pairkit_core::field::gf2m::Gf2m;
    let f = Gf2m::<5>::new(283, &[12, 7, 5]).expect("GF(2^283)");
    let e = Curve::new(f.clone(), 0);
    let p = (1u64..)
        .find_map(|x| e.lift_x(&[x, 7, 0, 0, 0], 0))
        .expect("a point");
    let k = scalar(tag);
    let kl: [u64; 4] = from_be_bytes(&k).try_into().expect("4 limbs");
    // every reference result first: `secret` leaves its argument undefined for the rest of the run
    let a: f4::Fe4<5> = core::array::from_fn(|i| [3 + i as u64, 5, 7, 11, 13]);
    let ke = [kl[0] ^ 1, kl[1], kl[2], kl[3]];
    let (want, want_pow) = (e.mul_vartime(&kl, &p), f4::pow_vartime(&f, &a, &ke));
    secret(&kl);
    let got = e.to_affine_ct(&e.mul_proj_ct(&kl, &p));
    public(&got);
    let got = if got.infinity != 0 {
        pairkit_core::curve::Point::Infinity
    } else {
        pairkit_core::curve::Point::Affine(got.x, got.y)
    };
    assert!(
        got == want,
        "ss2-283: constant-time and variable-time [k]P differ"
    );
    secret(&ke);
    let got = f4::pow_ct(&f, &a, &ke);
    public(&got);
    assert!(
        got == want_pow,
        "ss2-283: constant-time and variable-time GT powers differ"
    );
    vec![
        format!("ss2-283 point mul (fixed window, masked reads, complete additions, affine; GF(2^m) backend {:?})", f.backend()),
        "ss2-283 GT exponentiation gf2m_4::pow_ct".into(),
    ]
}

/// The characteristic-three constant-time [k]P and GT power on ss3-97's field (m = 97, h = 16,
/// b = 1; gen/params/ss3.toml): `curve::ss_char3_ct` and `ext3::sextic::pow_ct`, checked against
/// the variable-time ones. They are constant-time only on a backend whose products are (not the
/// reference `Comb`, whose comb table is indexed by digits), so this needs such a backend that
/// Valgrind runs: the AVX2 one (Valgrind decodes AVX2 and BMI2, not AVX-512). Returns the
/// lines to print.
fn char3_secret(tag: u8) -> Vec<String> {
    use pairkit_core::curve::ss_char3::{Curve3, Point3};
    use pairkit_core::field::ext3::sextic;
    use pairkit_core::field::gf3m::{Gf3m, MulBackend};
    let Some(be) = [MulBackend::Avx2, MulBackend::Avx512]
        .into_iter()
        .find(|b| b.available())
    else {
        return vec![
            "ss3-97 NOT checked: only the Comb backend (not constant-time) runs here".into(),
        ];
    };
    let f = Gf3m::<2>::with_backend(97, 16, be).expect("GF(3^97)");
    let e = Curve3::new(f.clone(), 1);
    let p = (1usize..)
        .find_map(|i| e.lift_x(&f.add(&f.monomial(i), &f.one()), 0))
        .expect("a point");
    let k = scalar(tag);
    let kl: [u64; 4] = from_be_bytes(&k).try_into().expect("4 limbs");
    let x: sextic::Fe3x6<_> = core::array::from_fn(|i| {
        core::array::from_fn(|j| f.add(&f.monomial(3 * i + j + 5), &f.monomial(40 + 7 * j)))
    });
    let ke = [kl[0] ^ 1, kl[1], kl[2], kl[3]];
    let (want, want_pow) = (e.mul(&kl, &p), sextic::pow(&f, 1, &x, &ke));
    secret(&kl);
    let got = e.to_affine_ct(&e.mul_proj_ct(&kl, &p));
    public(&got);
    let got = if got.infinity != 0 {
        Point3::Infinity
    } else {
        Point3::Affine(got.x, got.y)
    };
    assert!(
        got == want,
        "ss3-97: constant-time and variable-time [k]P differ"
    );
    secret(&ke);
    let got = sextic::pow_ct(&f, 1, &x, &ke);
    public(&got);
    assert!(
        got == want_pow,
        "ss3-97: constant-time and variable-time GT powers differ"
    );
    vec![
        format!("ss3-97 point mul (base-9 windows, masked reads, complete additions, affine; GF(3^m) backend {be:?})"),
        format!("ss3-97 GT exponentiation ext3::sextic::pow_ct (GF(3^m) backend {be:?})"),
    ]
}

/// Valgrind's client request (valgrind.h, `VALGRIND_DO_CLIENT_REQUEST_EXPR` for amd64-linux): the
/// "special instruction" preamble (rotations of rdi by 3, 13, 61 and 51 bits: 128 in all, a no-op
/// on the CPU) then `xchg rbx, rbx`; rax points at [request, arg1 .. arg5], rdx holds the default
/// result and receives Valgrind's. Natively it does nothing and returns the default.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn client_request(default: usize, args: [usize; 6]) -> usize {
    let result: usize;
    // SAFETY: the sequence leaves every register as it found it (rdi rotated by 128 bits, rbx
    // exchanged with itself); it only reads `args`.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51", "xchg rbx, rbx",
            inout("rdx") default => result,
            in("rax") args.as_ptr(),
            inout("rdi") 0usize => _,
            options(nostack, preserves_flags),
        );
    }
    result
}

#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
fn client_request(default: usize, _args: [usize; 6]) -> usize {
    default
}

/// memcheck.h: VG_USERREQ_TOOL_BASE('M', 'C') + 1 and + 2.
const MAKE_MEM_UNDEFINED: usize = 0x4d43_0001;
const MAKE_MEM_DEFINED: usize = 0x4d43_0002;

fn secret<T>(v: &T) {
    let p = v as *const T as usize;
    client_request(
        0,
        [MAKE_MEM_UNDEFINED, p, core::mem::size_of::<T>(), 0, 0, 0],
    );
}

fn public<T>(v: &T) {
    let p = v as *const T as usize;
    client_request(0, [MAKE_MEM_DEFINED, p, core::mem::size_of::<T>(), 0, 0, 0]);
}

/// A fixed, public-looking 32-byte scalar (its value does not matter: only its definedness).
fn scalar(tag: u8) -> [u8; 32] {
    core::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(tag) | 1)
}

/// [k]P of a group with k secret: the Jacobian result, then the constant-time affine conversion.
fn mul_secret<G: PrimeGroup>(tag: u8) -> String {
    let k = scalar(tag);
    let want = G::CURVE.to_affine_vartime(&G::CURVE.mul_vartime(&G::GENERATOR, &from_be_bytes(&k)));
    secret(&k);
    let got = G::mul(&G::GENERATOR, &k);
    public(&got);
    assert!(
        got == want,
        "{} G{}: constant-time and variable-time [k]P differ",
        G::SET_ID,
        G::GROUP
    );
    format!(
        "{} G{} point mul (fixed window, masked reads, complete additions, affine)",
        G::SET_ID,
        G::GROUP
    )
}

/// base^k with k secret by `pow_ct`, checked against the variable-time `pow`.
fn pow_secret<T: PartialEq>(
    name: &str,
    base: &T,
    tag: u8,
    pow: impl Fn(&T, &[u64]) -> T,
    pow_ct: impl Fn(&T, &[u8]) -> T,
) -> String {
    let k = scalar(tag);
    let want = pow(base, &from_be_bytes(&k));
    secret(&k);
    let got = pow_ct(base, &k);
    public(&got);
    assert!(
        got == want,
        "{name}: constant-time and variable-time powers differ"
    );
    name.to_string()
}

fn main() {
    let negative = std::env::args().any(|a| a == "--negative");
    let g1 = Bls12381G1::GENERATOR;
    let g2 = Bls12381G2::GENERATOR;
    let gt = ate::pair::<Bls12381P, 6>(&(g1.x, g1.y), &(g2.x, g2.y)).expect("e(g1, g2)");
    if negative {
        // square-and-multiply branches on every exponent bit: memcheck must report it
        let k = scalar(9);
        secret(&k);
        let r = gt.pow(&from_be_bytes(&k));
        public(&r);
        println!("negative control ran: Fp12::pow with a secret exponent");
        return;
    }
    let mut checked = vec![
        mul_secret::<Bls12381G1>(1),
        mul_secret::<Bls12381G2>(2),
        mul_secret::<Bn254G1>(3),
        mul_secret::<Bn254G2>(4),
        mul_secret::<TypeA512G1>(5),
    ];

    // GT exponentiation by a secret (bls12-381 and bn254 F_{p^12}; typea-512 F_{q^2})
    checked.push(pow_secret(
        "bls12-381 GT exponentiation Fp12::pow_ct",
        &gt,
        6,
        Fp12::pow,
        Fp12::pow_ct,
    ));
    let (b1, b2) = (Bn254G1::GENERATOR, Bn254G2::GENERATOR);
    let gtb = ate::pair::<Bn254P, 4>(&(b1.x, b1.y), &(b2.x, b2.y)).expect("bn254 e(g1, g2)");
    checked.push(pow_secret(
        "bn254 GT exponentiation Fp12::pow_ct",
        &gtb,
        10,
        Fp12::pow,
        Fp12::pow_ct,
    ));
    let ta = TypeA512G1::GENERATOR;
    let gta: Fp2<TypeA512Q, 8> = typea::pair(&(ta.x, ta.y), &(ta.x, ta.y)).expect("typea e(g, g)");
    checked.push(pow_secret(
        "typea-512 GT exponentiation Fp2::pow_ct",
        &gta,
        7,
        Fp2::pow,
        Fp2::pow_ct,
    ));

    // a pairing with a secret argument (an IBE private key, a PEKS trapdoor): bls12-381 e(P, d)
    let d = Bls12381G2::mul(&g2, &scalar(8));
    let want = ate::pair::<Bls12381P, 6>(&(g1.x, g1.y), &(d.x, d.y)).expect("e(g1, d)");
    let dq = (d.x, d.y);
    secret(&dq);
    // the Miller loop and the branch-free final exponentiation (`pair` then checks the result
    // against 0, a branch on its public output)
    let got: Fp12<Bls12381P, 6> =
        ate::final_exponentiation_or_zero(&ate::miller_loop::<Bls12381P, 6>(&(g1.x, g1.y), &dq));
    public(&got);
    assert!(got == want, "ate::pair with a secret G2 argument");
    checked.push("bls12-381 optimal ate pairing with a secret G2 argument (Miller loop + final exponentiation)".into());

    checked.extend(binary_secret(11));
    checked.extend(char3_secret(12));

    // which F_p multiplication ran (Valgrind's emulated CPU may hide ADX/BMI2, and then the
    // portable backend is the one checked)
    #[cfg(target_arch = "x86_64")]
    let backend = if pairkit_core::field::fp::x86_64::has_adx() {
        "mulx-adx (asm)"
    } else {
        "portable-u128"
    };
    #[cfg(not(target_arch = "x86_64"))]
    let backend = "portable-u128";
    println!("F_p multiplication backend in this run: {backend}");
    for c in &checked {
        println!("constant time under memcheck if no error is reported: {c}");
    }
}
