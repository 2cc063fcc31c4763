//! The staged pairing API written once: [`Family`], the small typed trait a pairing family
//! implements (decode P, decode Q, Miller loop, final exponentiation, GT codec and product,
//! metering), and the byte-level stages, multi-pair and batches over it.
//!
//! Every function here is generic over the family, so each set's batch loop is monomorphised
//! (no dynamic dispatch per pairing). Input checks come in one order for every family: the
//! algorithm first, then the batch shape, then each input (a bad one in a batch is
//! `AtIndex { index, .. }`, the first by index).
use rayon::prelude::*;

use super::api::{check_scalar, OpCountPair};
use crate::error::{Error, Result};

/// One pairing family, typed: what the generic stages, batches and timings need.
pub trait Family: Send + Sync {
    /// A parsed algorithm id.
    type Alg: Copy + Send + Sync;
    /// A validated first argument: finite and in the subgroup, or, where the family defers the
    /// subgroup check into its Miller loop ([`Family::check_p`]), finite and on the curve.
    type P: Send + Sync;
    /// A validated second argument.
    type Q: Send + Sync;
    /// A Miller value or GT element.
    type Gt: Send + Sync;

    /// Scalars of `gt_pow` longer than this many bytes are refused (`None`: any length).
    const SCALAR_MAX_BYTES: Option<usize> = None;
    /// Whether [`Family::states`] records the Miller accumulator per iteration.
    const RECORDS_STATES: bool = false;
    /// Whether `pair_fixed` decodes the fixed point once and calls [`Family::fixed_p`] /
    /// [`Family::fixed_q`] (the sets with a preprocessed Miller loop); otherwise it is a
    /// `pair_batch` with the fixed point repeated.
    const FIXED_DECODED_ONCE: bool = false;

    /// The catalogue id.
    fn set_id(&self) -> &'static str;
    /// Algorithm ids valid for this set.
    fn algorithm_ids(&self) -> Vec<&'static str>;
    /// The fastest valid algorithm.
    fn default_algorithm_id(&self) -> &'static str;
    /// Parse and check an algorithm id.
    fn alg(&self, id: &str) -> Result<Self::Alg>;
    /// Decode and validate a first argument.
    fn decode_p(&self, data: &[u8]) -> Result<Self::P>;
    /// The part of a first argument's validation that [`Family::decode_p`] leaves to the
    /// family's Miller loop (typea-512: the subgroup check, free there; nothing elsewhere). Every
    /// pairing of such a P fails with that error; the stages below call this only to report the
    /// first bad input by index, on an error path, so that errors come in the order of a full
    /// validation of each P before its Q.
    fn check_p(&self, _p: &Self::P) -> Result<()> {
        Ok(())
    }
    /// Decode and validate a second argument.
    fn decode_q(&self, data: &[u8]) -> Result<Self::Q>;
    /// Decode and validate one pair of a batch: P, then Q only if P is valid (`None` when P
    /// failed), exactly the results of [`Family::decode_p`] then [`Family::decode_q`]. A family
    /// may override it to validate P and Q together (the binary sets: both trace chains
    /// interleaved); the errors and their order must not change.
    #[allow(clippy::type_complexity)]
    fn decode_pair(&self, p: &[u8], q: &[u8]) -> (Result<Self::P>, Option<Result<Self::Q>>) {
        let p = self.decode_p(p);
        let q = p.is_ok().then(|| self.decode_q(q));
        (p, q)
    }
    /// The Miller loop of `a`.
    fn miller(&self, a: Self::Alg, p: &Self::P, q: &Self::Q) -> Result<Self::Gt>;
    /// The final exponentiation of `a`.
    fn final_exp(&self, a: Self::Alg, f: &Self::Gt) -> Result<Self::Gt>;
    /// The pairing of `a` (its own output).
    fn pairing(&self, a: Self::Alg, p: &Self::P, q: &Self::Q) -> Result<Self::Gt> {
        let f = self.miller(a, p, q)?;
        self.final_exp(a, &f)
    }
    /// The pairing of `a` with one pairing's work split over `threads` rayon tasks, where the
    /// family implements a split (the binary sets' `eta-t`); the same output as
    /// [`Family::pairing`]. One thread is the serial pairing; otherwise `UnsupportedAlgorithm`.
    fn pairing_parallel(
        &self,
        a: Self::Alg,
        p: &Self::P,
        q: &Self::Q,
        threads: usize,
    ) -> Result<Self::Gt> {
        match threads {
            0 => Err(Error::InvalidArgument("threads must be at least 1".into())),
            1 => self.pairing(a, p, q),
            _ => Err(Error::UnsupportedAlgorithm {
                alg: "pair_parallel".into(),
                reason: format!(
                    "a split Miller loop is implemented for eta-t on the binary sets, not {}",
                    self.set_id()
                ),
            }),
        }
    }
    /// Map an output of `a` to the canonical pairing (the identity where `a` computes it).
    fn canonical(&self, _a: Self::Alg, v: Self::Gt) -> Self::Gt {
        v
    }
    /// prod_i e(P_i, Q_i), one final exponentiation: by default the Miller values of all
    /// pairs on all cores, multiplied (every final exponentiation here is a fixed power map,
    /// so it commutes with products).
    fn multi_pairing(&self, a: Self::Alg, pts: &[(Self::P, Self::Q)]) -> Result<Self::Gt> {
        let prod = pts
            .par_iter()
            .map(|(p, q)| self.miller(a, p, q))
            .try_reduce(|| self.gt_one(), |x, y| Ok(self.gt_mul(&x, &y)))?;
        self.final_exp(a, &prod)
    }
    /// The accumulator after every Miller iteration (only called when `RECORDS_STATES`).
    fn states(&self, _a: Self::Alg, _p: &Self::P, _q: &Self::Q) -> Result<Vec<Self::Gt>> {
        Ok(Vec::new())
    }
    /// Metering: base-field operation counts of `alg`'s Miller loop (see `Engine::op_counts`).
    fn op_counts(&self, alg: &str) -> Result<OpCountPair> {
        Err(Error::UnsupportedAlgorithm {
            alg: alg.to_string(),
            reason: format!(
                "operation metering is implemented for the characteristic-three sets, not {}",
                self.set_id()
            ),
        })
    }
    /// e(p, q_i) for a fixed, decoded p, encoded (`FIXED_DECODED_ONCE` sets).
    fn fixed_p(&self, a: Self::Alg, p: &Self::P, qs: &[Self::Q]) -> Result<Vec<Vec<u8>>> {
        qs.par_iter()
            .map(|q| Ok(self.gt_bytes(&self.pairing(a, p, q)?)))
            .collect()
    }
    /// e(p_i, q) for a fixed, decoded q, encoded (`FIXED_DECODED_ONCE` sets).
    fn fixed_q(&self, a: Self::Alg, ps: &[Self::P], q: &Self::Q) -> Result<Vec<Vec<u8>>> {
        ps.par_iter()
            .map(|p| Ok(self.gt_bytes(&self.pairing(a, p, q)?)))
            .collect()
    }

    /// Bytes per GT element.
    fn gt_len(&self) -> usize;
    /// Decode a GT element (any element of the extension field, length checked).
    fn gt_decode(&self, data: &[u8]) -> Result<Self::Gt>;
    /// Encode a GT element.
    fn gt_bytes(&self, v: &Self::Gt) -> Vec<u8>;
    /// Encode a GT element into `out` (`gt_len` bytes).
    fn gt_write(&self, v: &Self::Gt, out: &mut [u8]) {
        out.copy_from_slice(&self.gt_bytes(v));
    }
    /// a b in GT.
    fn gt_mul(&self, a: &Self::Gt, b: &Self::Gt) -> Self::Gt;
    /// The GT identity.
    fn gt_one(&self) -> Self::Gt;
    /// a^k in GT, k a big-endian unsigned integer (any length). The prime family's is constant
    /// time in k's value (`pow_ct`, k a secret); the binary and characteristic-three families'
    /// are variable time (their sets are insecure anyway: ARCHITECTURE.md, "Constant time").
    fn gt_pow(&self, a: &Self::Gt, k_be: &[u8]) -> Self::Gt;
}

/// The P and Q halves of a batch, one encoded point per entry.
pub type PointSlices<'a> = (Vec<&'a [u8]>, Vec<&'a [u8]>);

/// Split flat buffers of fixed-length encoded points into points (`pair_batch_flat`).
pub fn split_flat<'a>(
    ps: &'a [u8],
    p_len: usize,
    qs: &'a [u8],
    q_len: usize,
) -> Result<PointSlices<'a>> {
    for (buf, len) in [(ps, p_len), (qs, q_len)] {
        if len == 0 || buf.len() % len != 0 {
            return Err(Error::InvalidEncoding(format!(
                "a flat batch of {} bytes is not a whole number of {len}-byte points",
                buf.len()
            )));
        }
    }
    Ok((ps.chunks(p_len).collect(), qs.chunks(q_len).collect()))
}

/// Decode and validate a batch of (P_i, Q_i) on all cores; the first bad input is `AtIndex`.
pub fn decode_pairs<F: Family>(f: &F, ps: &[&[u8]], qs: &[&[u8]]) -> Result<Vec<(F::P, F::Q)>> {
    if ps.len() != qs.len() {
        return Err(Error::BatchMismatch(ps.len(), qs.len()));
    }
    // Q_i is decoded only after P_i (as a full validation would); a deferred check of P_i comes
    // before Q_i's error
    type Decoded<P, Q> = (Result<P>, Option<Result<Q>>);
    let decoded: Vec<Decoded<F::P, F::Q>> = ps
        .par_iter()
        .zip(qs.par_iter())
        .map(|(p, q)| f.decode_pair(p, q))
        .collect();
    let bad = decoded
        .iter()
        .position(|(p, q)| p.is_err() || matches!(q, Some(Err(_))));
    let Some(bad) = bad else {
        // one allocation whatever the batch's length (tests/batch_alloc.rs)
        let mut out = Vec::with_capacity(decoded.len());
        for (p, q) in decoded {
            if let (Ok(p), Some(Ok(q))) = (p, q) {
                out.push((p, q));
            }
        }
        return Ok(out);
    };
    let ps_ok = decoded.iter().take(bad + 1).map(|(p, _)| p.as_ref().ok());
    if let Some(e) = first_deferred(f, ps_ok) {
        return Err(e);
    }
    let e = match decoded.into_iter().nth(bad) {
        Some((Err(e), _)) | Some((Ok(_), Some(Err(e)))) => e,
        _ => unreachable!("the entry at the bad index holds an error"),
    };
    Err(at_index(bad, e))
}

/// The first P (by index) that fails [`Family::check_p`], as `AtIndex` (None: every P passes;
/// `None` entries, P's that failed to decode, are skipped).
fn first_deferred<'a, F: Family + 'a>(
    f: &F,
    ps: impl Iterator<Item = Option<&'a F::P>>,
) -> Option<Error> {
    ps.enumerate()
        .find_map(|(i, p)| p.and_then(|p| f.check_p(p).err()).map(|e| at_index(i, e)))
}

/// A pairing stage's error over decoded pairs: the first P with a deferred check that fails
/// (that is what made the stage fail), else the stage's own error.
fn stage_error<F: Family>(f: &F, pts: &[(F::P, F::Q)], e: Error) -> Error {
    first_deferred(f, pts.iter().map(|(p, _)| Some(p))).unwrap_or(e)
}

/// Decode one P and one Q: P's deferred check comes before a bad Q's error (the order of a
/// full validation of P, then Q).
fn decode_pq<F: Family>(f: &F, p: &[u8], q: &[u8]) -> Result<(F::P, F::Q)> {
    // the family's pair validation (the binary sets check both trace chains interleaved)
    let (p, q) = f.decode_pair(p, q);
    in_order(f, p, q)
}

/// P's error, else P's deferred check before Q's error, else the pair.
fn in_order<F: Family>(f: &F, p: Result<F::P>, q: Option<Result<F::Q>>) -> Result<(F::P, F::Q)> {
    match (p?, q) {
        (p, Some(Ok(q))) => Ok((p, q)),
        (p, Some(Err(e))) => {
            f.check_p(&p)?;
            Err(e)
        }
        (_, None) => unreachable!("Q is decoded whenever P is valid"),
    }
}

/// [`decode_pq`] with P and Q decoded as two rayon tasks: the split pairing's path, whose
/// validation then takes one point's check in wall-clock time. Same result, same error order.
fn decode_pq_join<F: Family>(f: &F, p: &[u8], q: &[u8]) -> Result<(F::P, F::Q)> {
    let (p, q) = rayon::join(|| f.decode_p(p), || f.decode_q(q));
    in_order(f, p, Some(q))
}

/// Decode every first argument of a batch ([`decode_all`] with P's deferred checks in order).
fn decode_ps<F: Family>(f: &F, data: &[&[u8]]) -> Result<Vec<F::P>> {
    let decoded: Vec<Result<F::P>> = data.par_iter().map(|d| f.decode_p(d)).collect();
    let Some(bad) = decoded.iter().position(|p| p.is_err()) else {
        let mut out = Vec::with_capacity(decoded.len());
        out.extend(decoded.into_iter().flatten());
        return Ok(out);
    };
    if let Some(e) = first_deferred(f, decoded.iter().take(bad).map(|p| p.as_ref().ok())) {
        return Err(e);
    }
    Err(at_index(
        bad,
        decoded
            .into_iter()
            .nth(bad)
            .and_then(|p| p.err())
            .expect("an error"),
    ))
}

/// Decode every input with `dec` on all cores; the first bad one is `AtIndex`.
pub fn decode_all<T: Send>(
    data: &[&[u8]],
    dec: impl Fn(&[u8]) -> Result<T> + Sync,
) -> Result<Vec<T>> {
    data.par_iter()
        .enumerate()
        .map(|(i, d)| dec(d).map_err(|e| at_index(i, e)))
        .collect()
}

fn at_index(index: usize, e: Error) -> Error {
    Error::AtIndex {
        index,
        source: Box::new(e),
    }
}

/// One pairing, mapped to the canonical value when asked.
#[inline]
fn pair_one<F: Family>(f: &F, a: F::Alg, p: &F::P, q: &F::Q, canonical: bool) -> Result<F::Gt> {
    let v = f.pairing(a, p, q)?;
    Ok(if canonical { f.canonical(a, v) } else { v })
}

/// `Engine::miller_loop`.
pub fn miller_loop<F: Family>(f: &F, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    let (p, q) = decode_pq(f, p, q)?;
    Ok(f.gt_bytes(&f.miller(a, &p, &q)?))
}

/// `Engine::final_exponentiation`.
pub fn final_exponentiation<F: Family>(f: &F, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    let v = f.gt_decode(v)?;
    Ok(f.gt_bytes(&f.final_exp(a, &v)?))
}

/// `Engine::miller_states`.
pub fn miller_states<F: Family>(f: &F, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<Vec<u8>>> {
    if !F::RECORDS_STATES {
        return Err(Error::UnsupportedAlgorithm {
            alg: alg.to_string(),
            reason: format!(
                "per-iteration Miller states are recorded for the small-characteristic sets, not {}",
                f.set_id()
            ),
        });
    }
    let a = f.alg(alg)?;
    let (p, q) = decode_pq(f, p, q)?;
    Ok(f.states(a, &p, &q)?.iter().map(|s| f.gt_bytes(s)).collect())
}

/// `Engine::pair`.
pub fn pair<F: Family>(f: &F, alg: &str, p: &[u8], q: &[u8], canonical: bool) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    let (p, q) = decode_pq(f, p, q)?;
    Ok(f.gt_bytes(&pair_one(f, a, &p, &q, canonical)?))
}

/// `Engine::pair_parallel`: one pairing, its work split over `threads` tasks of the current
/// rayon pool.
pub fn pair_parallel<F: Family>(
    f: &F,
    alg: &str,
    p: &[u8],
    q: &[u8],
    threads: usize,
    canonical: bool,
) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    if threads <= 1 {
        let (p, q) = decode_pq(f, p, q)?;
        let v = f.pairing_parallel(a, &p, &q, threads)?;
        return Ok(f.gt_bytes(&if canonical { f.canonical(a, v) } else { v }));
    }
    // One entry into the pool for the whole call (a caller outside it, e.g. Python, then waits
    // on one wake-up, not one per parallel step); inside, the two decodes and the blocks are
    // the pool's own tasks.
    rayon::scope(|_| {
        let (p, q) = decode_pq_join(f, p, q)?;
        let v = f.pairing_parallel(a, &p, &q, threads)?;
        Ok(f.gt_bytes(&if canonical { f.canonical(a, v) } else { v }))
    })
}

/// `Engine::to_canonical`.
pub fn to_canonical<F: Family>(f: &F, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    let v = f.gt_decode(v)?;
    Ok(f.gt_bytes(&f.canonical(a, v)))
}

/// `Engine::multi_pair`.
pub fn multi_pair<F: Family>(
    f: &F,
    alg: &str,
    ps: &[&[u8]],
    qs: &[&[u8]],
    canonical: bool,
) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    let pts = decode_pairs(f, ps, qs)?;
    let v = f
        .multi_pairing(a, &pts)
        .map_err(|e| stage_error(f, &pts, e))?;
    Ok(f.gt_bytes(&if canonical { f.canonical(a, v) } else { v }))
}

/// `Engine::pair_batch`: every input validated first, then the pairings on all cores.
pub fn pair_batch<F: Family>(
    f: &F,
    alg: &str,
    ps: &[&[u8]],
    qs: &[&[u8]],
    canonical: bool,
) -> Result<Vec<Vec<u8>>> {
    let a = f.alg(alg)?;
    let pts = decode_pairs(f, ps, qs)?;
    pts.par_iter()
        .map(|(p, q)| Ok(f.gt_bytes(&pair_one(f, a, p, q, canonical)?)))
        .collect::<Result<Vec<_>>>()
        .map_err(|e| stage_error(f, &pts, e))
}

/// `Engine::pair_batch_flat`: [`pair_batch`] into one flat buffer of GT elements.
pub fn pair_batch_flat<F: Family>(
    f: &F,
    alg: &str,
    ps: (&[u8], usize),
    qs: (&[u8], usize),
    canonical: bool,
) -> Result<Vec<u8>> {
    let a = f.alg(alg)?;
    let (pv, qv) = split_flat(ps.0, ps.1, qs.0, qs.1)?;
    let pts = decode_pairs(f, &pv, &qv)?;
    let g = f.gt_len();
    let mut out = vec![0u8; pts.len() * g];
    out.par_chunks_mut(g)
        .zip(pts.par_iter())
        .try_for_each(|(o, (p, q))| {
            f.gt_write(&pair_one(f, a, p, q, canonical)?, o);
            Ok(())
        })
        .map_err(|e| stage_error(f, &pts, e))?;
    Ok(out)
}

/// `Engine::pair_fixed`.
pub fn pair_fixed<F: Family>(
    f: &F,
    alg: &str,
    fixed: &[u8],
    fixed_is_p: bool,
    others: &[&[u8]],
) -> Result<Vec<Vec<u8>>> {
    if !F::FIXED_DECODED_ONCE {
        let fx: Vec<&[u8]> = vec![fixed; others.len()];
        return if fixed_is_p {
            pair_batch(f, alg, &fx, others, false)
        } else {
            pair_batch(f, alg, others, &fx, false)
        };
    }
    let a = f.alg(alg)?;
    if fixed_is_p {
        let p = f.decode_p(fixed)?;
        f.check_p(&p)?; // the fixed point, validated in full once
        let qs = decode_all(others, |d| f.decode_q(d))?;
        f.fixed_p(a, &p, &qs)
    } else {
        let q = f.decode_q(fixed)?;
        let ps = decode_ps(f, others)?;
        f.fixed_q(a, &ps, &q)
            .map_err(|e| first_deferred(f, ps.iter().map(Some)).unwrap_or(e))
    }
}

/// `Engine::gt_mul`.
pub fn gt_mul<F: Family>(f: &F, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
    Ok(f.gt_bytes(&f.gt_mul(&f.gt_decode(a)?, &f.gt_decode(b)?)))
}

/// `Engine::gt_pow` (the scalar's length is checked before the element is decoded).
pub fn gt_pow<F: Family>(f: &F, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>> {
    if let Some(max) = F::SCALAR_MAX_BYTES {
        check_scalar(k_be, max)?;
    }
    let a = f.gt_decode(a)?;
    Ok(f.gt_bytes(&f.gt_pow(&a, k_be)))
}
