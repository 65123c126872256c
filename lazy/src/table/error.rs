//! Errors of the table engine; the pandas shim maps each kind to the Python
//! exception pandas raises.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Value,
    Type,
    Key,
    /// `pandas.errors.ParserError` (a malformed CSV file).
    Parser,
    /// `pandas.errors.EmptyDataError` (a CSV file without columns).
    EmptyData,
    /// `pandas.errors.IntCastingNaNError` (NaN or inf cast to int).
    IntCast,
    /// `FileNotFoundError` and other I/O failures.
    Io,
    NotImplemented,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
}

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into() }
    }
    pub fn value(message: impl Into<String>) -> Self {
        Error::new(Kind::Value, message)
    }
    pub fn type_error(message: impl Into<String>) -> Self {
        Error::new(Kind::Type, message)
    }
    pub fn parser(message: impl Into<String>) -> Self {
        Error::new(Kind::Parser, message)
    }
    /// `NotImplementedError("pandas.<what> is not supported by hipy")`.
    pub fn unsupported(what: impl fmt::Display) -> Self {
        Error::new(Kind::NotImplemented, format!("pandas.{what} is not supported by hipy"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<arrow_schema::ArrowError> for Error {
    fn from(e: arrow_schema::ArrowError) -> Self {
        use arrow_schema::ArrowError as A;
        match e {
            A::DivideByZero => Error::value("division by zero"),
            A::NotYetImplemented(m) => Error::new(Kind::NotImplemented, format!("pandas: {m} is not supported by hipy")),
            A::CsvError(m) | A::ParseError(m) => Error::parser(m),
            A::IoError(m, _) => Error::new(Kind::Io, m),
            other => Error::value(other.to_string()),
        }
    }
}

impl From<crate::dtype::Error> for Error {
    fn from(e: crate::dtype::Error) -> Self {
        use crate::dtype::ErrorKind as K;
        let kind = match e.kind {
            K::Type | K::UFuncType => Kind::Type,
            K::NotImplemented => Kind::NotImplemented,
            _ => Kind::Value,
        };
        Error::new(kind, e.message)
    }
}

pub type Result<T> = std::result::Result<T, Error>;
