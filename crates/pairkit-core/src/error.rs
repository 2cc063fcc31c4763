//! Typed errors: every bad input maps to one of these, never a panic.
use thiserror::Error;

/// Every error of the core; the Python bindings map each to a `pairkit.errors` class.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// No parameter set has this id.
    #[error("unknown parameter set id {0:?}")]
    UnknownSet(String),
    /// No algorithm has this id (or the set does not offer it).
    #[error("unknown algorithm {0:?}")]
    UnknownAlgorithm(String),
    /// Field parameters the arithmetic cannot use (degree, polynomial).
    #[error("invalid field parameters: {0}")]
    InvalidField(String),
    /// An encoding of the wrong byte length.
    #[error("wrong encoding length: expected {expected} bytes, got {got}")]
    WrongLength {
        /// The length the encoding must have.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// Malformed bytes: a non-canonical field element, bad flag bits, no square root.
    #[error("invalid encoding: {0}")]
    InvalidEncoding(String),
    /// A count, size or option outside its range (not a malformed encoding).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// The point does not satisfy the curve equation.
    #[error("point is not on the curve")]
    NotOnCurve,
    /// The point lies outside the order-r subgroup.
    #[error("point is not in the order-r subgroup")]
    NotInSubgroup,
    /// The point at infinity where a finite point is required (a pairing argument).
    #[error("the point at infinity is not allowed here")]
    PointAtInfinity,
    /// An inverse of zero (a zero Miller value, a zero field element).
    #[error("division by zero (inverse of 0)")]
    DivisionByZero,
    /// Two batch inputs of different counts (P's, Q's).
    #[error("batch inputs have different lengths: {0} vs {1}")]
    BatchMismatch(usize, usize),
    /// A known algorithm the set or the call rules out.
    #[error("algorithm {alg:?} is not available here: {reason}")]
    UnsupportedAlgorithm {
        /// The algorithm (or operation) asked for.
        alg: String,
        /// Why it is not available here.
        reason: String,
    },
    /// No field operation has this name.
    #[error("unknown operation {0:?}")]
    UnknownOperation(String),
    /// A count above a documented limit (refused before anything is allocated).
    #[error("{what} = {got} exceeds the limit of {limit}")]
    LimitExceeded {
        /// What was counted.
        what: &'static str,
        /// The limit.
        limit: usize,
        /// The count given.
        got: usize,
    },
    /// The error of one item of a batch, with its position.
    #[error("batch item {index}: {source}")]
    AtIndex {
        /// The failing item's position in the batch.
        index: usize,
        /// Its error.
        source: Box<Error>,
    },
}

/// The core's result type.
pub type Result<T> = core::result::Result<T, Error>;
