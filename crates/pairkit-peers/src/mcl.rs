//! herumi/mcl's bn254 (MCL_BN_SNARK1 = alt_bn128, EIP-196/197's curve) pairing, loaded at run time
//! from the pymcl 1.0.2 wheel's extension module, which links mcl statically and exports its C
//! API (mcl/include/mcl/bn.h: mclBn_init, mclBnG1_setStr, mclBn_pairing, mclBnGT_getStr, ...).
//! pymcl initialises mcl for BLS12-381 when Python imports it; here Python is never involved:
//!
//! 1. a stub shared library (build.rs; its bytes are embedded in this crate and written to a
//!    temporary file) defines every Python C-API symbol the module leaves undefined, and is
//!    loaded RTLD_NOW | RTLD_GLOBAL first, so the module's data relocations resolve without
//!    libpython (whose version differs between machines);
//! 2. the module is loaded RTLD_LAZY | RTLD_GLOBAL from the path in `PAIRKIT_MCL_LIB`;
//! 3. `mclBn_init(MCL_BN_SNARK1 = 4, MCLBN_COMPILED_TIME_VAR)`: the wheel was built with 4 Fr
//!    units and 6 Fp units (compiled-time variable 10 * 4 + 6 = 46; mclBn_init rejects any
//!    other value), which holds bn254's 4-unit p.
//!
//! Points are set with `mclBn{G1,G2}_setStr(.., ioMode 16)` from affine coordinates ("1 x y",
//! "1 x.c0 x.c1 y.c0 y.c1", F_p2 = F_p[i]/(i^2 + 1) written real part first), which mcl checks
//! on the curve. `mclBnGT_getStr(.., 16)` writes the 12 F_p coordinates of the F_p12 element
//! separated by spaces, recursively a-then-b: F_p12 = F_p6[w]/(w^2 - v) as (a, b), F_p6 =
//! F_p2[v]/(v^3 - xi) as (a, b, c), F_p2 as (a, b), xi = 9 + i for SNARK1 — i.e. the order
//! c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1 of pairkit's GT encoding (lib.rs), so
//! [`Mcl::gt_bytes`] only pads each coordinate to 32 bytes big-endian.
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::fmt;

/// The stub library built by build.rs (see the module documentation).
static PYSTUB: &[u8] = include_bytes!(env!("PAIRKIT_PYSTUB_SO"));

/// MCL_BN_SNARK1 in mcl/include/mcl/curve_type.h: Ethereum's BN254 (alt_bn128).
pub const MCL_BN_SNARK1: c_int = 4;
/// The compiled-time variables tried in turn (10 * Fr units + Fp units); pymcl 1.0.2: 46.
const COMPILED_TIME_VARS: [c_int; 4] = [46, 44, 66, 48];
/// bn254's p, the check that mcl was initialised for the right curve (EIP-196).
const BN254_P: &str =
    "21888242871839275222246405745257275088696311157297823662689037894645226208583";
/// The environment variable holding the path of the pymcl extension module.
pub const ENV: &str = "PAIRKIT_MCL_LIB";
/// The peer's name, for vectors and tables.
pub const MCL: &str = "herumi/mcl (pymcl 1.0.2 wheel's static copy, C API, MCL_BN_SNARK1)";

/// Why mcl could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MclError {
    /// `PAIRKIT_MCL_LIB` is not set.
    NotConfigured,
    /// dlopen failed (stub or module); the loader's message.
    Load(String),
    /// A C API symbol is missing from the module.
    Symbol(&'static str),
    /// mclBn_init refused every compiled-time variable; its last return code.
    Init(c_int),
    /// mcl runs on another field than bn254's (its field order in decimal).
    WrongCurve(String),
    /// mcl rejected a point (its setStr return code).
    Point(c_int),
    /// mcl wrote an unexpected GT string.
    Gt(String),
}

impl fmt::Display for MclError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotConfigured => write!(
                f,
                "{ENV} is not set (the path of pymcl 1.0.2's _pymcl*.so; `make bench-peers-native` sets it)"
            ),
            Self::Load(m) => write!(f, "dlopen: {m}"),
            Self::Symbol(s) => write!(f, "mcl: no symbol {s}"),
            Self::Init(r) => write!(f, "mclBn_init(MCL_BN_SNARK1, ..) = {r}"),
            Self::WrongCurve(p) => write!(f, "mcl: field order {p} is not bn254's"),
            Self::Point(r) => write!(f, "mcl: point rejected (setStr = {r})"),
            Self::Gt(s) => write!(f, "mcl: GT string {s:?}"),
        }
    }
}

impl std::error::Error for MclError {}

// Opaque storage, large enough for 8-unit builds (mcl's widest); mcl writes its own size.
/// An mcl G1 point (Jacobian x, y, z).
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct G1([u64; 3 * 8]);
/// An mcl G2 point.
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct G2([u64; 6 * 8]);
/// An mcl GT (F_p12) element.
#[repr(C, align(8))]
#[derive(Clone, Copy)]
pub struct Gt([u64; 12 * 8]);

type SetStr = unsafe extern "C" fn(*mut c_void, *const c_char, usize, c_int) -> c_int;
type Pairing = unsafe extern "C" fn(*mut Gt, *const G1, *const G2);
type GetStr = unsafe extern "C" fn(*mut c_char, usize, *const Gt, c_int) -> usize;

/// mcl's C API, initialised for bn254.
pub struct Mcl {
    g1_set_str: SetStr,
    g2_set_str: SetStr,
    pairing: Pairing,
    gt_get_str: GetStr,
}

fn dlerror() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated string owned by the loader.
    let e = unsafe { libc::dlerror() };
    if e.is_null() {
        "unknown".into()
    } else {
        unsafe { CStr::from_ptr(e) }.to_string_lossy().into_owned()
    }
}

fn open(path: &str, flags: c_int) -> Result<*mut c_void, MclError> {
    let c = CString::new(path).map_err(|_| MclError::Load(format!("NUL in {path:?}")))?;
    // SAFETY: c is a valid C string; the handle is never closed (the library lives on).
    let h = unsafe { libc::dlopen(c.as_ptr(), flags) };
    if h.is_null() {
        Err(MclError::Load(format!("{path}: {}", dlerror())))
    } else {
        Ok(h)
    }
}

fn sym(h: *mut c_void, name: &'static str) -> Result<*mut c_void, MclError> {
    let c = CString::new(name).expect("symbol names have no NUL");
    // SAFETY: h is a live handle from dlopen.
    let p = unsafe { libc::dlsym(h, c.as_ptr()) };
    if p.is_null() {
        Err(MclError::Symbol(name))
    } else {
        Ok(p)
    }
}

/// Writes the embedded stub to a temporary file and loads it globally.
fn load_stub() -> Result<(), MclError> {
    let path = std::env::temp_dir().join(format!("pairkit-pystub-{}.so", std::process::id()));
    std::fs::write(&path, PYSTUB)
        .map_err(|e| MclError::Load(format!("{}: {e}", path.display())))?;
    let r = open(&path.to_string_lossy(), libc::RTLD_NOW | libc::RTLD_GLOBAL);
    let _ = std::fs::remove_file(&path); // the mapping outlives the file
    r.map(|_| ())
}

impl Mcl {
    /// Loads the module named by `PAIRKIT_MCL_LIB`.
    pub fn from_env() -> Result<Self, MclError> {
        match std::env::var(ENV) {
            Ok(p) if !p.is_empty() => Self::load(&p),
            _ => Err(MclError::NotConfigured),
        }
    }

    /// Loads the pymcl extension module at `path` and initialises mcl for bn254.
    pub fn load(path: &str) -> Result<Self, MclError> {
        load_stub()?;
        let h = open(path, libc::RTLD_LAZY | libc::RTLD_GLOBAL)?;
        // SAFETY: the signatures are those of mcl/include/mcl/bn.h.
        unsafe {
            let init: unsafe extern "C" fn(c_int, c_int) -> c_int =
                std::mem::transmute(sym(h, "mclBn_init")?);
            let field: unsafe extern "C" fn(*mut c_char, usize) -> usize =
                std::mem::transmute(sym(h, "mclBn_getFieldOrder")?);
            let mut last = 0;
            let mut ok = false;
            for v in COMPILED_TIME_VARS {
                last = init(MCL_BN_SNARK1, v);
                if last == 0 {
                    ok = true;
                    break;
                }
            }
            if !ok {
                return Err(MclError::Init(last));
            }
            let mut buf = [0 as c_char; 256];
            let n = field(buf.as_mut_ptr(), buf.len());
            let p = CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned();
            if n == 0 || p != BN254_P {
                return Err(MclError::WrongCurve(p));
            }
            Ok(Self {
                g1_set_str: std::mem::transmute::<*mut c_void, SetStr>(sym(h, "mclBnG1_setStr")?),
                g2_set_str: std::mem::transmute::<*mut c_void, SetStr>(sym(h, "mclBnG2_setStr")?),
                pairing: std::mem::transmute::<*mut c_void, Pairing>(sym(h, "mclBn_pairing")?),
                gt_get_str: std::mem::transmute::<*mut c_void, GetStr>(sym(h, "mclBnGT_getStr")?),
            })
        }
    }

    /// The affine G1 point (x, y), coordinates 32 bytes big-endian (EIP-196), checked by mcl.
    pub fn g1(&self, x: &[u8], y: &[u8]) -> Result<G1, MclError> {
        let mut p = G1([0; 24]);
        let s = format!("1 {} {}", hex::encode(x), hex::encode(y));
        // SAFETY: p is large enough for mcl's G1; s is s.len() bytes.
        let r = unsafe {
            (self.g1_set_str)((&mut p as *mut G1).cast(), s.as_ptr().cast(), s.len(), 16)
        };
        if r == 0 {
            Ok(p)
        } else {
            Err(MclError::Point(r))
        }
    }

    /// The affine G2 point ((x.c0, x.c1), (y.c0, y.c1)), each 32 bytes big-endian, checked by mcl.
    pub fn g2(&self, x0: &[u8], x1: &[u8], y0: &[u8], y1: &[u8]) -> Result<G2, MclError> {
        let mut q = G2([0; 48]);
        let s = format!(
            "1 {} {} {} {}",
            hex::encode(x0),
            hex::encode(x1),
            hex::encode(y0),
            hex::encode(y1)
        );
        // SAFETY: as in g1.
        let r = unsafe {
            (self.g2_set_str)((&mut q as *mut G2).cast(), s.as_ptr().cast(), s.len(), 16)
        };
        if r == 0 {
            Ok(q)
        } else {
            Err(MclError::Point(r))
        }
    }

    /// mcl's pairing: Miller loop and final exponentiation (mclBn_pairing).
    #[inline]
    pub fn pair(&self, p: &G1, q: &G2) -> Gt {
        let mut e = Gt([0; 96]);
        // SAFETY: mcl reads p, q and writes e, all of mcl's sizes or larger.
        unsafe { (self.pairing)(&mut e, p, q) };
        e
    }

    /// A GT value in pairkit's GT encoding (12 coordinates, 32 bytes big-endian each).
    pub fn gt_bytes(&self, e: &Gt) -> Result<Vec<u8>, MclError> {
        let mut buf = vec![0 as c_char; 2048];
        // SAFETY: buf has buf.len() bytes; mcl NUL-terminates what it writes.
        let n = unsafe { (self.gt_get_str)(buf.as_mut_ptr(), buf.len(), e, 16) };
        let s = unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        let coords: Vec<&str> = s.split_whitespace().collect();
        if n == 0 || coords.len() != 12 || coords.iter().any(|c| c.len() > 64) {
            return Err(MclError::Gt(s));
        }
        let mut out = Vec::with_capacity(12 * 32);
        for c in coords {
            let padded = format!("{c:0>64}");
            out.extend(hex::decode(&padded).map_err(|_| MclError::Gt(s.clone()))?);
        }
        Ok(out)
    }
}

/// mcl's points for arkworks' bn254 points (the bench's and the vectors' inputs).
pub fn mcl_bn_points(
    m: &Mcl,
    p: &ark_bn254::G1Affine,
    q: &ark_bn254::G2Affine,
) -> Result<(G1, G2), MclError> {
    use ark_ff::{BigInteger, PrimeField};
    let be = |x: &ark_bn254::Fq| x.into_bigint().to_bytes_be();
    Ok((
        m.g1(&be(&p.x), &be(&p.y))?,
        m.g2(&be(&q.x.c0), &be(&q.x.c1), &be(&q.y.c0), &be(&q.y.c1))?,
    ))
}
