//! The shared vector corpus: every `test-vectors/*.json` produced from the Python spec
//! (`{"set","alg","P","Q","miller","states":[...],"output","canonical"}`, hex strings; a file
//! may hold one vector, a list of them, or {"vectors": [...]}) must be reproduced bit-exactly:
//! per-iteration states, Miller value, output and canonical value. Skips cleanly when the
//! directory is empty or missing.
use pairkit_core::engine::engine;
use serde_json::Value;
use std::path::PathBuf;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test-vectors")
}

fn collect(v: Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.into_iter().for_each(|x| collect(x, out)),
        Value::Object(ref o) if o.contains_key("vectors") => collect(o["vectors"].clone(), out),
        Value::Object(ref o) if o.contains_key("alg") && o.contains_key("set") => out.push(v),
        _ => {}
    }
}

fn unhex(v: &Value, key: &str) -> Option<Vec<u8>> {
    v.get(key)
        .and_then(|s| s.as_str())
        .map(|s| hex::decode(s).unwrap_or_else(|e| panic!("{key}: {e}")))
}

#[test]
fn rust_matches_spec_vectors() {
    let dir = vectors_dir();
    let Ok(rd) = std::fs::read_dir(&dir) else {
        eprintln!("no {} directory: skipped", dir.display());
        return;
    };
    let mut files: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut vs = Vec::new();
        collect(
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
            &mut vs,
        );
        for (i, v) in vs.iter().enumerate() {
            let ctx = format!("{} #{i}", path.display());
            let set = v["set"].as_str().unwrap();
            let alg = v["alg"].as_str().unwrap();
            let e = engine(set).unwrap_or_else(|err| panic!("{ctx}: {err}"));
            let (p, q) = (unhex(v, "P").unwrap(), unhex(v, "Q").unwrap());
            // An empty "states" list means the vector does not record them.
            if let Some(states) = v
                .get("states")
                .and_then(|s| s.as_array())
                .filter(|s| !s.is_empty())
            {
                let got = e
                    .miller_states(alg, &p, &q)
                    .unwrap_or_else(|err| panic!("{ctx}: {err}"));
                assert_eq!(got.len(), states.len(), "{ctx}: number of states");
                for (j, (g, w)) in got.iter().zip(states).enumerate() {
                    assert_eq!(
                        hex::encode(g),
                        w.as_str().unwrap(),
                        "{ctx}: {set} {alg} state {j}"
                    );
                }
            }
            if let Some(m) = unhex(v, "miller") {
                assert_eq!(
                    e.miller_loop(alg, &p, &q).unwrap(),
                    m,
                    "{ctx}: {set} {alg} miller"
                );
                if let Some(o) = unhex(v, "output") {
                    assert_eq!(
                        e.final_exponentiation(alg, &m).unwrap(),
                        o,
                        "{ctx}: final exp"
                    );
                }
            }
            if let Some(o) = unhex(v, "output") {
                assert_eq!(
                    e.pair(alg, &p, &q, false).unwrap(),
                    o,
                    "{ctx}: {set} {alg} output"
                );
                if alg == "eta-t" && set.starts_with("ss2-") {
                    // The split Miller loop (pairing::eta_t_par) on 1, 2 and 3 blocks.
                    for threads in [1, 2, 3] {
                        assert_eq!(
                            e.pair_parallel(alg, &p, &q, threads, false).unwrap(),
                            o,
                            "{ctx}: {set} {alg} pair_parallel({threads})"
                        );
                    }
                }
            }
            if let Some(c) = unhex(v, "canonical") {
                assert_eq!(
                    e.pair(alg, &p, &q, true).unwrap(),
                    c,
                    "{ctx}: {set} {alg} canonical"
                );
            }
            checked += 1;
        }
    }
    eprintln!(
        "{checked} vectors from {} files in {} checked",
        files.len(),
        dir.display()
    );
}
