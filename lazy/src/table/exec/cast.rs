//! `astype` between column types, with NumPy's and pandas' rules: floats
//! to ints truncate (NaN and inf refused), numbers to strings print as
//! Python's `str` does, strings parse as Python's `int`/`float`.

use crate::table::column::{ColType, Column};
use crate::table::error::{Error, Result};
use arrow_array::builder::StringBuilder;
use arrow_array::Array;
use std::sync::Arc;

/// Python's `repr` of a float.
pub fn py_float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    // Shortest round-trip digits and the decimal exponent.
    let e = format!("{:e}", x);
    let (mant, exp) = e.split_once('e').unwrap();
    let exp: i32 = exp.parse().unwrap();
    let neg = mant.starts_with('-');
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let n = digits.len() as i32;
        let s = if exp >= 0 {
            let int_len = exp + 1;
            if n <= int_len {
                format!("{}{}.0", digits, "0".repeat((int_len - n) as usize))
            } else {
                format!("{}.{}", &digits[..int_len as usize], &digits[int_len as usize..])
            }
        } else {
            format!("0.{}{}", "0".repeat((-exp - 1) as usize), digits)
        };
        format!("{sign}{s}")
    } else {
        let m = if digits.len() == 1 { digits.clone() } else { format!("{}.{}", &digits[..1], &digits[1..]) };
        format!("{sign}{m}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

pub fn cast(c: &Column, to: ColType) -> Result<Column> {
    let from = c.col_type();
    let n = c.len();
    match (from, to) {
        (ColType::Int64, ColType::Float64) => {
            Ok(Column::from_f64(c.i64s().unwrap().values().iter().map(|&v| v as f64).collect()))
        }
        (ColType::Bool, ColType::Float64) => {
            let b = c.bools().unwrap();
            Ok(Column::from_f64((0..n).map(|i| if b.value(i) { 1.0 } else { 0.0 }).collect()))
        }
        (ColType::Bool, ColType::Int64) => {
            let b = c.bools().unwrap();
            Ok(Column::from_i64((0..n).map(|i| b.value(i) as i64).collect()))
        }
        (ColType::Float64, ColType::Int64) => {
            let f = c.f64s().unwrap();
            if f.values().iter().any(|v| !v.is_finite()) {
                return Err(Error::new(
                    crate::table::error::Kind::IntCast,
                    "Cannot convert non-finite values (NA or inf) to integer. Replace or remove non-finite values or cast to an integer type that supports these values (e.g. 'Int64')",
                ));
            }
            Ok(Column::from_i64(f.values().iter().map(|&v| v as i64).collect()))
        }
        (ColType::Int64, ColType::Bool) => Ok(Column::from_bool(c.i64s().unwrap().values().iter().map(|&v| v != 0).collect())),
        (ColType::Float64, ColType::Bool) => {
            Ok(Column::from_bool(c.f64s().unwrap().values().iter().map(|&v| v != 0.0).collect()))
        }
        (ColType::Int64 | ColType::Float64 | ColType::Bool, ColType::Str) => {
            let mut b = StringBuilder::with_capacity(n, n * 8);
            match from {
                ColType::Int64 => c.i64s().unwrap().values().iter().for_each(|v| b.append_value(v.to_string())),
                ColType::Float64 => c.f64s().unwrap().values().iter().for_each(|&v| {
                    if v.is_nan() {
                        b.append_null()
                    } else {
                        b.append_value(py_float_repr(v))
                    }
                }),
                _ => {
                    let a = c.bools().unwrap();
                    (0..n).for_each(|i| b.append_value(if a.value(i) { "True" } else { "False" }))
                }
            }
            Ok(Column::Arrow(Arc::new(b.finish())))
        }
        (ColType::Str, ColType::Int64) => {
            let s = c.strs().unwrap();
            let mut v = Vec::with_capacity(n);
            for i in 0..n {
                if s.is_null(i) {
                    return Err(Error::new(
                        crate::table::error::Kind::IntCast,
                        "Cannot convert non-finite values (NA or inf) to integer. Replace or remove non-finite values or cast to an integer type that supports these values (e.g. 'Int64')",
                    ));
                }
                let t = s.value(i);
                v.push(
                    t.trim()
                        .replace('_', "")
                        .parse::<i64>()
                        .map_err(|_| Error::value(format!("invalid literal for int() with base 10: '{t}'")))?,
                );
            }
            Ok(Column::from_i64(v))
        }
        (ColType::Str, ColType::Float64) => {
            let s = c.strs().unwrap();
            let mut v = Vec::with_capacity(n);
            for i in 0..n {
                if s.is_null(i) {
                    v.push(f64::NAN);
                    continue;
                }
                let t = s.value(i);
                let parsed = match t.trim().to_ascii_lowercase().as_str() {
                    "nan" | "+nan" | "-nan" => Some(f64::NAN),
                    "inf" | "+inf" | "infinity" | "+infinity" => Some(f64::INFINITY),
                    "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
                    other => other.parse::<f64>().ok(),
                };
                v.push(parsed.ok_or_else(|| Error::value(format!("could not convert string to float: '{t}'")))?);
            }
            Ok(Column::from_f64(v))
        }
        (ColType::Str, ColType::Bool) => {
            let s = c.strs().unwrap();
            Ok(Column::from_bool((0..n).map(|i| s.is_null(i) || !s.value(i).is_empty()).collect()))
        }
        (f, t) => Err(Error::unsupported(format!("astype from {f} to {t}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::py_float_repr;

    #[test]
    fn float_repr_matches_python() {
        for (x, want) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1e16, "1e+16"),
            (1234567890123456.0, "1234567890123456.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5, "-2.5"),
            (1.5e-7, "1.5e-07"),
            (123.456, "123.456"),
            (1e100, "1e+100"),
        ] {
            assert_eq!(py_float_repr(x), want);
        }
    }
}
