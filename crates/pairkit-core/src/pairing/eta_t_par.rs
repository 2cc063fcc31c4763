//! The eta_T pairing (seed 003 Alg. 1 + Alg. 2, [`super::eta_t`]) on several cores, split as
//! Aranha, López and Hankerson split it (ALH 2010, docs/REFERENCES.md): iteration i of the Miller
//! loop only needs x1^{2^{-i}}, y1^{2^{-i}} (P after i square roots) and x2^{2^i}, y2^{2^i} (Q
//! after i squarings), so block j of the (m+1)/2 iterations, [s_j, s_{j+1}), starts from those
//! powers for i = s_j, obtained by multi-squaring tables ([`SqrMap`]) instead of s_j dependent
//! squarings, and multiplies its own line factors g_i (block 0 also the initial factor of lines
//! 1-3). The Miller value is the product of the block values, and the final exponentiation is a
//! power map (FE(a b) = FE(a) FE(b)), so each block also runs Alg. 2 on its own value and the
//! results are multiplied: the same field element as the serial pairing, bit for bit (Alg. 2 is
//! `eta_t::final_exp`, whose step 5 reads the field's own multi-squaring tables).
//!
//! Variable time (table lookups indexed by the points' coordinates), like every binary-set path.
use rayon::prelude::*;

use super::eta_t;
use crate::error::{Error, Result};
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::gf2m::multisqr::SqrMap;
use crate::field::gf2m::{Fe, Gf2m};

/// The most blocks a plan may have.
pub const MAX_THREADS: usize = 64;

/// The precomputation of one split: block starts and their tables, and Alg. 2's step-5 table.
#[derive(Clone, Debug)]
pub struct EtaTPlan<const N: usize> {
    /// s_0 = 0 < s_1 < ... < s_t = (m+1)/2.
    starts: Vec<usize>,
    /// For block j >= 1: x -> x^{2^{s_j}} (Q) and x -> x^{2^{-s_j}} = x^{2^{m - s_j}} (P).
    sqr: Vec<SqrMap<N>>,
    sqrt: Vec<SqrMap<N>>,
}

impl<const N: usize> EtaTPlan<N> {
    /// A split into `blocks` contiguous blocks of nearly equal length; `LimitExceeded` outside
    /// 1..=min(MAX_THREADS, (m+1)/2).
    pub fn new(f: &Gf2m<N>, blocks: usize) -> Result<Self> {
        let m = f.m();
        let iters = m.div_ceil(2);
        let limit = MAX_THREADS.min(iters);
        if blocks == 0 {
            return Err(Error::InvalidArgument("threads must be at least 1".into()));
        }
        if blocks > limit {
            return Err(Error::LimitExceeded {
                what: "threads",
                limit,
                got: blocks,
            });
        }
        let starts: Vec<usize> = (0..=blocks).map(|j| j * iters / blocks).collect();
        let inner = &starts[1..blocks];
        Ok(EtaTPlan {
            sqr: inner.iter().map(|&s| SqrMap::new(f, s)).collect(),
            sqrt: inner.iter().map(|&s| SqrMap::new(f, m - s)).collect(),
            starts,
        })
    }

    /// The number of blocks.
    pub fn blocks(&self) -> usize {
        self.starts.len() - 1
    }
}

/// Iterations [s, e) of seed 003 Alg. 1 from P, Q already advanced to iteration s (P after s
/// square roots, Q after s squarings); with `first`, times the initial factor of lines 1-3.
fn miller_block<const N: usize>(
    f: &Gf2m<N>,
    p: (Fe<N>, Fe<N>),
    q: (Fe<N>, Fe<N>),
    (s, e): (usize, usize),
    first: Option<(&Fe<N>, &Fe<N>)>,
) -> Fe4<N> {
    let ((mut x1, mut y1), (mut x2, mut y2)) = (p, q);
    let mut acc = match first {
        // Alg. 1 lines 1-3 on the original P (x1, y1) and Q (x2, y2 = the block's own at s = 0).
        Some((px, py)) => super::eta_t::initial_factor(f, (px, py), (&x2, &y2)),
        None => f4::one::<N>(),
    };
    for i in s..e {
        acc = super::eta_t::step(f, &acc, (&mut x1, &mut y1), (&x2, &y2));
        if i + 1 < e {
            // Alg. 1 lines 11-12.
            x2 = f.sqr(&x2);
            y2 = f.sqr(&y2);
        }
    }
    acc
}

/// The eta_T pairing (the output of `eta_t::miller` + `eta_t::final_exp`, bit for bit) with
/// the plan's blocks run as rayon tasks (on the current pool) and multiplied.
pub fn pair<const N: usize>(
    f: &Gf2m<N>,
    plan: &EtaTPlan<N>,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    delta: i8,
) -> Result<Fe4<N>> {
    let block = |j: usize| -> Result<Fe4<N>> {
        let (pj, qj, first) = if j == 0 {
            ((*p.0, *p.1), (*q.0, *q.1), Some(p))
        } else {
            let (sq, rt) = (&plan.sqr[j - 1], &plan.sqrt[j - 1]);
            (
                (rt.apply(p.0), rt.apply(p.1)),
                (sq.apply(q.0), sq.apply(q.1)),
                None,
            )
        };
        let c = miller_block(f, pj, qj, (plan.starts[j], plan.starts[j + 1]), first);
        eta_t::final_exp(f, &c, delta)
    };
    if plan.blocks() == 1 {
        return block(0);
    }
    (0..plan.blocks())
        .into_par_iter()
        .map(block)
        .try_reduce(f4::one::<N>, |a, b| Ok(f4::mul(f, &a, &b)))
}

/// The serial reference this module must equal (seed 003 Alg. 1 + Alg. 2).
pub fn pair_serial<const N: usize>(
    f: &Gf2m<N>,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    delta: i8,
) -> Result<Fe4<N>> {
    eta_t::final_exp(f, &eta_t::miller(f, p, q, None), delta)
}
