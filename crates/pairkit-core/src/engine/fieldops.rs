//! The base-field operations of `Engine::field_op`, written once over [`FieldOps`], the typed
//! trait each family implements for its base field (GF(2^m), GF(3^m), GF(p)).
use crate::error::{Error, Result};

/// A family's base field as `field_op` and `bench_field` see it.
pub trait FieldOps: Send + Sync {
    /// A field element.
    type Elem: Copy;
    /// The operation names accepted.
    const OPS: &'static [&'static str];
    /// The operations that read their second operand.
    const BINARY_OPS: &'static [&'static str];

    /// Decode an element (length and range checked).
    fn elem_decode(&self, data: &[u8]) -> Result<Self::Elem>;
    /// Encode an element.
    fn elem_bytes(&self, a: &Self::Elem) -> Vec<u8>;
    /// The zero element (the ignored operand of unary operations).
    fn elem_zero(&self) -> Self::Elem;
    /// Whether `a` is zero.
    fn elem_is_zero(&self, a: &Self::Elem) -> bool;
    /// `op` on decoded operands (`UnknownOperation` outside [`FieldOps::OPS`]).
    fn apply(&self, op: &str, a: &Self::Elem, b: &Self::Elem) -> Result<Self::Elem>;
}

/// `UnknownOperation` unless `op` is one of `T::OPS`.
pub fn check_op<T: FieldOps>(op: &str) -> Result<()> {
    if T::OPS.contains(&op) {
        Ok(())
    } else {
        Err(Error::UnknownOperation(op.to_string()))
    }
}

/// `Engine::field_op`: one operation on encoded elements (`b` ignored by unary ops).
pub fn field_op<T: FieldOps>(t: &T, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
    check_op::<T>(op)?;
    let x = t.elem_decode(a)?;
    let y = if T::BINARY_OPS.contains(&op) {
        t.elem_decode(b)?
    } else {
        t.elem_zero()
    };
    Ok(t.elem_bytes(&t.apply(op, &x, &y)?))
}
