//! Every arithmetic backend, constructed explicitly (`engine_with`), reproduces the shared
//! pairing vectors (`test-vectors/ss*.json`) byte for byte: the Miller value, the output and
//! the canonical value of every vector, on every GF(2^m) and GF(3^m) backend this CPU has.
//! Refusals: pinning a backend the CPU lacks is a typed error naming the missing features
//! (checked here where the CPU lacks one; the pytest `test_backends.py` simulates older CPUs
//! with `PAIRKIT_CPU_DISABLE` in subprocesses). The F_p backends are cross-checked in
//! `fp_props.rs` (`mul_adx` against `mul_portable`) and by the pytest per forced backend.
use pairkit_core::engine::{engine_with, Backends};
use pairkit_core::field::{gf2m, gf3m};
use pairkit_core::Error;
use serde_json::Value;
use std::path::PathBuf;

fn vectors() -> Vec<Value> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test-vectors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("test-vectors/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && p.file_name().unwrap().to_str().unwrap().starts_with("ss")
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        out.extend(v["vectors"].as_array().cloned().unwrap_or_default());
    }
    assert!(out.len() >= 7, "too few vectors: {}", out.len());
    out
}

fn unhex(v: &Value, key: &str) -> Option<Vec<u8>> {
    v.get(key)
        .and_then(|s| s.as_str())
        .map(|s| hex::decode(s).unwrap())
}

/// Checks every vector of a set family on the engine `pin(set)` gives; returns the count.
fn check_all(pins: &[(&str, Backends)], binary: bool) -> usize {
    let mut n = 0;
    for v in vectors() {
        let set = v["set"].as_str().unwrap();
        if set.starts_with("ss2") != binary {
            continue;
        }
        let alg = v["alg"].as_str().unwrap();
        let (p, q) = (unhex(&v, "P").unwrap(), unhex(&v, "Q").unwrap());
        for (name, b) in pins {
            let e = engine_with(set, b).unwrap();
            let ctx = format!("{set} {alg} on {name}");
            assert!(
                e.backend().ends_with(&format!("-{name}")),
                "{ctx}: {}",
                e.backend()
            );
            if let Some(m) = unhex(&v, "miller") {
                assert_eq!(e.miller_loop(alg, &p, &q).unwrap(), m, "{ctx}: miller");
            }
            if let Some(o) = unhex(&v, "output") {
                assert_eq!(e.pair(alg, &p, &q, false).unwrap(), o, "{ctx}: output");
            }
            if let Some(c) = unhex(&v, "canonical") {
                assert_eq!(e.pair(alg, &p, &q, true).unwrap(), c, "{ctx}: canonical");
            }
            n += 1;
        }
    }
    n
}

#[test]
fn every_gf2m_backend_reproduces_the_vectors() {
    let pins: Vec<(&str, Backends)> = gf2m::Gf2m::<4>::available_backends()
        .into_iter()
        .map(|b| {
            (
                b.name(),
                Backends {
                    gf2m: Some(b),
                    ..Default::default()
                },
            )
        })
        .collect();
    let n = check_all(&pins, true);
    assert!(n >= pins.len(), "{n}");
    eprintln!(
        "{n} (vector, backend) pairs checked on {:?}",
        pins.iter().map(|p| p.0).collect::<Vec<_>>()
    );
}

#[test]
fn every_gf3m_backend_reproduces_the_vectors() {
    let pins: Vec<(&str, Backends)> = gf3m::Gf3m::<2>::available_backends()
        .into_iter()
        .map(|b| {
            (
                b.name(),
                Backends {
                    gf3m: Some(b),
                    ..Default::default()
                },
            )
        })
        .collect();
    let n = check_all(&pins, false);
    assert!(n >= pins.len(), "{n}");
}

#[test]
fn unavailable_backends_are_refused_with_the_missing_features() {
    for b in gf2m::MulBackend::ALL {
        let r = engine_with(
            "ss2-239",
            &Backends {
                gf2m: Some(b),
                ..Default::default()
            },
        );
        if b.available() {
            assert_eq!(r.unwrap().backend(), format!("gf2m-{}", b.name()));
        } else {
            let Err(Error::UnsupportedAlgorithm { alg, reason }) = r else {
                panic!("{b:?}: expected UnsupportedAlgorithm");
            };
            assert!(
                alg.contains(b.name()) && reason.contains("lacks"),
                "{alg}: {reason}"
            );
        }
    }
    for b in gf3m::MulBackend::ALL {
        let r = engine_with(
            "ss3-97",
            &Backends {
                gf3m: Some(b),
                ..Default::default()
            },
        );
        assert_eq!(r.is_ok(), b.available(), "{b:?}");
    }
}

#[test]
fn backend_names_round_trip() {
    for b in gf2m::MulBackend::ALL {
        assert_eq!(gf2m::MulBackend::from_name(b.name()).unwrap(), b);
    }
    for b in gf3m::MulBackend::ALL {
        assert_eq!(gf3m::MulBackend::from_name(b.name()).unwrap(), b);
    }
    assert!(matches!(
        gf2m::MulBackend::from_name("avx9000"),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
}
