//! The registry: every catalogue id and its engine, built once per id and cached. Binary sets
//! dispatch on N = ceil(m/64) words (1..=20), characteristic-three sets on N words per
//! bit-plane (1..=6), the large-characteristic sets by name. The ids come from the generated
//! catalogues (`params/catalogue*.rs`) and `prime_sets.rs`, all written by `make params` from the
//! data sources `gen/params/{ss2,ss3,prime}.toml`: a set is registered there, never here.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::api::Engine;
use super::binary::BinaryEngine;
use super::char3::Char3Engine;
use super::prime_sets;
pub use super::prime_sets::PRIME_IDS;
use crate::error::{Error, Result};
use crate::field::gf2m::{self, Gf2m};
use crate::field::gf3m::{self, Gf3m};
use crate::params::{self, Set3Desc, SetDesc};

/// A deferred engine constructor (`engine`'s cache fills on first use).
type Builder = Box<dyn FnOnce() -> Result<Arc<dyn Engine>>>;

/// The engine of a catalogue set (built once per id and cached).
pub fn engine(id: &str) -> Result<Arc<dyn Engine>> {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, Arc<dyn Engine>>>> = OnceLock::new();
    let (key, build_it): (&'static str, Builder) = match params::lookup(id) {
        Ok(desc) => (desc.id, Box::new(move || build_binary(desc))),
        Err(_) => match PRIME_IDS.iter().find(|&&p| p == id) {
            Some(&pid) => (pid, Box::new(move || build_prime(pid))),
            None => {
                let desc = params::lookup3(id).map_err(|_| Error::UnknownSet(id.to_string()))?;
                (desc.id, Box::new(move || build_char3(desc)))
            }
        },
    };
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(e) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(key) {
        return Ok(e.clone());
    }
    let e = build_it()?;
    let mut map = cache.lock().unwrap_or_else(|p| p.into_inner());
    Ok(map.entry(key).or_insert(e).clone())
}

/// Backends to pin in [`engine_with`]; `None` leaves the default choice
/// (`PAIRKIT_GF2M_BACKEND` / `PAIRKIT_GF3M_BACKEND`, else the fastest available). The F_p
/// backend is process-wide (`field::fp::x86_64::set_backend`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backends {
    /// The GF(2^m) multiplication backend to pin, if any.
    pub gf2m: Option<gf2m::MulBackend>,
    /// The GF(3^m) multiplication backend to pin, if any.
    pub gf3m: Option<gf3m::MulBackend>,
}

/// A new, uncached engine of `id` on the pinned backends: `Err(UnsupportedAlgorithm)`
/// naming the missing CPU features when this CPU lacks one (see [`crate::cpu`]). A pin for
/// the other characteristic is ignored.
pub fn engine_with(id: &str, b: &Backends) -> Result<Arc<dyn Engine>> {
    if let Ok(desc) = params::lookup(id) {
        return match b.gf2m {
            None => build_binary(desc),
            Some(be) => binary_with(desc, be),
        };
    }
    if let Ok(desc) = params::lookup3(id) {
        return match b.gf3m {
            None => build_char3(desc),
            Some(be) => char3_with(desc, be),
        };
    }
    match PRIME_IDS.iter().find(|&&p| p == id) {
        Some(&pid) => build_prime(pid),
        None => Err(Error::UnknownSet(id.to_string())),
    }
}

/// Every catalogue id (binary, characteristic three, then large characteristic).
pub fn set_ids() -> Vec<&'static str> {
    params::SETS
        .iter()
        .map(|s| s.id)
        .chain(params::SETS3.iter().map(|s| s.id))
        .chain(PRIME_IDS)
        .collect()
}

macro_rules! binary_n {
    ($desc:expr, $n:expr; $($N:literal)*) => {
        match $n {
            $( $N => Ok(Arc::new(BinaryEngine::<$N>::new($desc)?) as Arc<dyn Engine>), )*
            n => Err(Error::InvalidField(format!("m = {} needs {} words; supported: 1..=20", $desc.m, n))),
        }
    };
}

macro_rules! char3_n {
    ($desc:expr, $n:expr; $($N:literal)*) => {
        match $n {
            $( $N => Ok(Arc::new(Char3Engine::new($desc, Gf3m::<$N>::new($desc.m, $desc.h)?)?) as Arc<dyn Engine>), )*
            n => Err(Error::InvalidField(format!("m = {} needs {} words per plane; supported: 1..=6", $desc.m, n))),
        }
    };
}

macro_rules! binary_with_n {
    ($desc:expr, $be:expr, $n:expr; $($N:literal)*) => {
        match $n {
            $( $N => Ok(Arc::new(BinaryEngine::<$N>::with_field($desc, Gf2m::<$N>::with_backend($desc.m, $desc.taps, $be)?)?) as Arc<dyn Engine>), )*
            n => Err(Error::InvalidField(format!("m = {} needs {} words; supported: 1..=20", $desc.m, n))),
        }
    };
}

macro_rules! char3_with_n {
    ($desc:expr, $be:expr, $n:expr; $($N:literal)*) => {
        match $n {
            $( $N => Ok(Arc::new(Char3Engine::new($desc, Gf3m::<$N>::with_backend($desc.m, $desc.h, $be)?)?) as Arc<dyn Engine>), )*
            n => Err(Error::InvalidField(format!("m = {} needs {} words per plane; supported: 1..=6", $desc.m, n))),
        }
    };
}

fn binary_with(desc: &'static SetDesc, be: gf2m::MulBackend) -> Result<Arc<dyn Engine>> {
    binary_with_n!(desc, be, desc.m.div_ceil(64); 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
}

fn char3_with(desc: &'static Set3Desc, be: gf3m::MulBackend) -> Result<Arc<dyn Engine>> {
    char3_with_n!(desc, be, desc.m.div_ceil(64); 1 2 3 4 5 6)
}

fn build_binary(desc: &'static SetDesc) -> Result<Arc<dyn Engine>> {
    binary_n!(desc, desc.m.div_ceil(64); 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
}

fn build_char3(desc: &'static Set3Desc) -> Result<Arc<dyn Engine>> {
    char3_n!(desc, desc.m.div_ceil(64); 1 2 3 4 5 6)
}

fn build_prime(id: &'static str) -> Result<Arc<dyn Engine>> {
    crate::field::fp::check_backend_env()?;
    prime_sets::build(id).ok_or_else(|| Error::UnknownSet(id.to_string()))
}
