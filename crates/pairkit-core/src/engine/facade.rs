//! [`Engine`] implemented once, for every family: the stages and batches of `generic.rs`, the
//! points of `points.rs` and the field operations of `fieldops.rs`, each behind the object-safe
//! API the bindings call (the timings, [`Engine::timings`], are `bench.rs`'s). Nothing
//! family-specific lives here.
use super::api::{check_count, check_group, Engine, OpCountPair, Timings};
use super::bench::Bench;
use super::fieldops::{self, FieldOps};
use super::generic::{self, Family};
use super::points::{Describe, Points};
use crate::error::Result;

impl<F: Bench + Points + Describe> Engine for F {
    fn id(&self) -> &'static str {
        Family::set_id(self)
    }
    fn r_hex(&self) -> &'static str {
        Describe::r_hex(self)
    }
    fn field_ops(&self) -> Vec<&'static str> {
        <F as FieldOps>::OPS.to_vec()
    }
    fn op_counts(&self, alg: &str) -> Result<OpCountPair> {
        Family::op_counts(self, alg)
    }
    fn algorithms(&self) -> Vec<&'static str> {
        Family::algorithm_ids(self)
    }
    fn default_algorithm(&self) -> &'static str {
        Family::default_algorithm_id(self)
    }
    fn check_algorithm(&self, alg: &str) -> Result<()> {
        Family::alg(self, alg).map(|_| ())
    }
    fn backend(&self) -> String {
        Describe::backend(self)
    }
    fn field_len(&self) -> usize {
        Describe::field_len(self)
    }
    fn gt_len(&self) -> usize {
        Family::gt_len(self)
    }

    fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>> {
        generic::miller_loop(self, alg, p, q)
    }
    fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>> {
        generic::final_exponentiation(self, alg, f)
    }
    fn miller_states(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<Vec<u8>>> {
        generic::miller_states(self, alg, p, q)
    }
    fn pair(&self, alg: &str, p: &[u8], q: &[u8], canonical: bool) -> Result<Vec<u8>> {
        generic::pair(self, alg, p, q, canonical)
    }
    fn pair_parallel(
        &self,
        alg: &str,
        p: &[u8],
        q: &[u8],
        threads: usize,
        canonical: bool,
    ) -> Result<Vec<u8>> {
        generic::pair_parallel(self, alg, p, q, threads, canonical)
    }
    fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
        generic::to_canonical(self, alg, v)
    }
    fn multi_pair(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<u8>> {
        generic::multi_pair(self, alg, ps, qs, canonical)
    }
    fn pair_batch(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<Vec<u8>>> {
        generic::pair_batch(self, alg, ps, qs, canonical)
    }
    fn pair_batch_flat(
        &self,
        alg: &str,
        ps: &[u8],
        p_len: usize,
        qs: &[u8],
        q_len: usize,
        canonical: bool,
    ) -> Result<Vec<u8>> {
        generic::pair_batch_flat(self, alg, (ps, p_len), (qs, q_len), canonical)
    }

    fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        fieldops::field_op(self, op, a, b)
    }
    fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        generic::gt_mul(self, a, b)
    }
    fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>> {
        generic::gt_pow(self, a, k_be)
    }
    fn gt_one(&self) -> Vec<u8> {
        Family::gt_bytes(self, &Family::gt_one(self))
    }

    fn asymmetric(&self) -> bool {
        Points::asymmetric(self)
    }
    fn point_len(&self, group: u8, compressed: bool) -> Result<usize> {
        check_group(group)?;
        Ok(Points::point_len(self, group, compressed))
    }
    fn decode_point(
        &self,
        group: u8,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        check_group(group)?;
        Points::decode_point(self, group, data, check_subgroup)
    }
    fn encode_point(&self, group: u8, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        Points::encode_point(self, group, data, compressed)
    }
    fn point_mul(&self, group: u8, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        Points::point_mul(self, group, p, k_be, compressed)
    }
    fn point_add(&self, group: u8, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
        check_group(group)?;
        Points::point_add(self, group, p, q, compressed)
    }
    fn generator(&self, group: u8) -> Result<Vec<u8>> {
        check_group(group)?;
        Ok(Points::generator(self, group))
    }
    fn random_points(
        &self,
        group: u8,
        n: usize,
        seed: u64,
        compressed: bool,
    ) -> Result<Vec<Vec<u8>>> {
        check_group(group)?;
        check_count(n)?;
        Ok(Points::random_points(self, group, n, seed, compressed))
    }
    fn hash_to_point(
        &self,
        group: u8,
        msg: &[u8],
        dst: &[u8],
        compressed: bool,
    ) -> Result<Vec<u8>> {
        Points::hash_to_point(self, group, msg, dst, compressed)
    }
    fn pair_fixed(
        &self,
        alg: &str,
        fixed: &[u8],
        fixed_is_p: bool,
        others: &[&[u8]],
    ) -> Result<Vec<Vec<u8>>> {
        generic::pair_fixed(self, alg, fixed, fixed_is_p, others)
    }

    fn timings(&self) -> &dyn Timings {
        self
    }
}
