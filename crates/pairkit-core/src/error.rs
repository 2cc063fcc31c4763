//! Typed errors: every bad input maps to one of these, never a panic.
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    #[error("unknown parameter set id {0:?}")]
    UnknownSet(String),
    #[error("unknown algorithm {0:?}")]
    UnknownAlgorithm(String),
    #[error("invalid field parameters: {0}")]
    InvalidField(String),
    #[error("wrong encoding length: expected {expected} bytes, got {got}")]
    WrongLength { expected: usize, got: usize },
    #[error("invalid encoding: {0}")]
    InvalidEncoding(String),
    /// A count, size or option outside its range (not a malformed encoding).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    #[error("point is not on the curve")]
    NotOnCurve,
    #[error("point is not in the order-r subgroup")]
    NotInSubgroup,
    #[error("the point at infinity is not allowed here")]
    PointAtInfinity,
    #[error("division by zero (inverse of 0)")]
    DivisionByZero,
    #[error("batch inputs have different lengths: {0} vs {1}")]
    BatchMismatch(usize, usize),
    #[error("algorithm {alg:?} is not available here: {reason}")]
    UnsupportedAlgorithm { alg: String, reason: String },
    #[error("unknown operation {0:?}")]
    UnknownOperation(String),
    #[error("{what} = {got} exceeds the limit of {limit}")]
    LimitExceeded {
        what: &'static str,
        limit: usize,
        got: usize,
    },
    #[error("batch item {index}: {source}")]
    AtIndex { index: usize, source: Box<Error> },
}

pub type Result<T> = core::result::Result<T, Error>;
