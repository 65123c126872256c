//! The `.str` accessor's methods over string (and list-of-string) columns,
//! with Python's string semantics. Missing values stay missing (NaN);
//! predicates give False for them, counts turn the column into floats.
//!
//! arrow-string provides `contains`/`starts_with`/`ends_with`, regex
//! matching, element concatenation and substrings; the rest follow
//! Python's `str` methods row by row.

use crate::table::column::{ColType, Column};
use crate::table::error::{Error, Result};
use crate::table::expr::{PadSide, StrOp};
use arrow_array::builder::{ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, BooleanArray, ListArray, Scalar, StringArray};
use std::sync::Arc;

fn map_str(s: &StringArray, f: impl Fn(&str) -> String) -> Column {
    let mut b = StringBuilder::with_capacity(s.len(), s.value_data().len());
    for i in 0..s.len() {
        if s.is_null(i) {
            b.append_null();
        } else {
            b.append_value(f(s.value(i)));
        }
    }
    Column::Arrow(Arc::new(b.finish()))
}

fn map_opt_str(s: &StringArray, f: impl Fn(&str) -> Option<String>) -> Column {
    let mut b = StringBuilder::with_capacity(s.len(), s.value_data().len());
    for i in 0..s.len() {
        if s.is_null(i) {
            b.append_null();
        } else {
            b.append_option(f(s.value(i)));
        }
    }
    Column::Arrow(Arc::new(b.finish()))
}

fn map_bool(s: &StringArray, f: impl Fn(&str) -> bool) -> Column {
    Column::from_bool((0..s.len()).map(|i| !s.is_null(i) && f(s.value(i))).collect())
}

/// Counts per row: int64, or float64 with NaN when some rows are missing.
fn map_count(s: &StringArray, f: impl Fn(&str) -> i64) -> Column {
    if s.null_count() == 0 {
        Column::from_i64((0..s.len()).map(|i| f(s.value(i))).collect())
    } else {
        Column::from_f64((0..s.len()).map(|i| if s.is_null(i) { f64::NAN } else { f(s.value(i)) as f64 }).collect())
    }
}

fn fix_nulls(r: BooleanArray) -> Column {
    Column::from_bool((0..r.len()).map(|i| !r.is_null(i) && r.value(i)).collect())
}

/// Upper case by simple (one character) case mapping, as pyarrow's
/// utf8proc does: `ß` becomes `ẞ`, not `SS`.
fn upper_char(c: char) -> char {
    let mut it = c.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ if c == 'ß' => 'ẞ',
        _ => c,
    }
}

fn lower_char(c: char) -> char {
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ if c == 'İ' => 'i',
        _ => c,
    }
}

fn upper(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_uppercase();
    }
    s.chars().map(upper_char).collect()
}

fn lower(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    s.chars().map(lower_char).collect()
}

/// Python's `str.title`.
fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for c in s.chars() {
        if prev_cased {
            out.push(lower_char(c));
        } else {
            out.push(upper_char(c));
        }
        prev_cased = c.is_alphabetic();
    }
    out
}

fn capitalize(s: &str) -> String {
    let mut it = s.chars();
    match it.next() {
        None => String::new(),
        Some(f) => std::iter::once(upper_char(f)).chain(it.map(lower_char)).collect(),
    }
}

/// Python's slice of a sequence of `n` items: the item positions taken.
pub fn slice_positions(n: usize, start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> Vec<usize> {
    let step = step.unwrap_or(1);
    let n = n as i64;
    let norm = |v: i64, lo: i64, hi: i64| -> i64 {
        let v = if v < 0 { v + n } else { v };
        v.clamp(lo, hi)
    };
    let mut out = Vec::new();
    if step > 0 {
        let a = start.map_or(0, |v| norm(v, 0, n));
        let b = stop.map_or(n, |v| norm(v, 0, n));
        let mut i = a;
        while i < b {
            out.push(i as usize);
            i += step;
        }
    } else {
        let a = start.map_or(n - 1, |v| norm(v, -1, n - 1));
        let b = stop.map_or(-1, |v| norm(v, -1, n - 1));
        let mut i = a;
        while i > b {
            out.push(i as usize);
            i += step;
        }
    }
    out
}

fn strip_chars<'a>(s: &'a str, chars: &Option<Arc<str>>, left: bool, right: bool) -> &'a str {
    let pred = |c: char| match chars {
        Some(set) => set.contains(c),
        None => c.is_whitespace(),
    };
    let s = if left { s.trim_start_matches(pred) } else { s };
    if right {
        s.trim_end_matches(pred)
    } else {
        s
    }
}

fn python_split(s: &str, pat: &Option<Arc<str>>, n: i64) -> Vec<String> {
    match pat {
        Some(p) => {
            // A one-character separator (the usual " " or ",") searches as a
            // char, without the substring searcher's set-up per string.
            let mut chars = p.chars();
            match (chars.next(), chars.next(), n < 0) {
                (Some(c), None, true) => s.split(c).map(String::from).collect(),
                (Some(c), None, false) => s.splitn(n as usize + 1, c).map(String::from).collect(),
                (_, _, true) => s.split(&**p).map(String::from).collect(),
                (_, _, false) => s.splitn(n as usize + 1, &**p).map(String::from).collect(),
            }
        }
        None => {
            // Runs of whitespace; with a limit, the rest keeps its spaces
            // after leading whitespace is skipped.
            let mut out = Vec::new();
            let mut rest = s.trim_start();
            while !rest.is_empty() {
                if n >= 0 && out.len() as i64 == n {
                    out.push(rest.to_string());
                    break;
                }
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                out.push(rest[..end].to_string());
                rest = rest[end..].trim_start();
            }
            out
        }
    }
}

fn pad(s: &str, width: i64, side: PadSide, fill: char) -> String {
    let len = s.chars().count() as i64;
    if width <= len {
        return s.to_string();
    }
    let marg = width - len;
    let (l, r) = match side {
        PadSide::Left => (marg, 0),
        PadSide::Right => (0, marg),
        PadSide::Both => {
            let l = marg / 2 + (marg & width & 1);
            (l, marg - l)
        }
    };
    let f = fill.to_string();
    format!("{}{s}{}", f.repeat(l as usize), f.repeat(r as usize))
}

fn zfill(s: &str, width: i64) -> String {
    let len = s.chars().count() as i64;
    if width <= len {
        return s.to_string();
    }
    let zeros = "0".repeat((width - len) as usize);
    match s.chars().next() {
        Some(c @ ('+' | '-')) => format!("{c}{zeros}{}", &s[1..]),
        _ => format!("{zeros}{s}"),
    }
}

fn list_op(l: &ListArray, op: &StrOp) -> Result<Column> {
    let n = l.len();
    match op {
        StrOp::Len | StrOp::ListLen => {
            if l.null_count() == 0 {
                Ok(Column::from_i64((0..n).map(|i| l.value_length(i) as i64).collect()))
            } else {
                Ok(Column::from_f64(
                    (0..n).map(|i| if l.is_null(i) { f64::NAN } else { l.value_length(i) as f64 }).collect(),
                ))
            }
        }
        StrOp::Get(k) => {
            let mut b = StringBuilder::new();
            for i in 0..n {
                if l.is_null(i) {
                    b.append_null();
                    continue;
                }
                let v = l.value(i);
                let v = v.as_string::<i32>();
                let len = v.len() as i64;
                let j = if *k < 0 { k + len } else { *k };
                if j < 0 || j >= len || v.is_null(j as usize) {
                    b.append_null();
                } else {
                    b.append_value(v.value(j as usize));
                }
            }
            Ok(Column::Arrow(Arc::new(b.finish())))
        }
        StrOp::Join(sep) => {
            let mut b = StringBuilder::new();
            for i in 0..n {
                if l.is_null(i) {
                    b.append_null();
                    continue;
                }
                let v = l.value(i);
                let v = v.as_string::<i32>();
                if v.null_count() > 0 {
                    b.append_null();
                    continue;
                }
                let parts: Vec<&str> = (0..v.len()).map(|j| v.value(j)).collect();
                b.append_value(parts.join(sep));
            }
            Ok(Column::Arrow(Arc::new(b.finish())))
        }
        other => Err(Error::unsupported(format!("Series.str.{} of list values", other.name()))),
    }
}

fn regex(pat: &str, case: bool) -> Result<regex::Regex> {
    regex::RegexBuilder::new(pat)
        .case_insensitive(!case)
        .build()
        .map_err(|_| Error::unsupported(format!("Series.str regular expression {pat:?}")))
}

pub fn eval(op: &StrOp, c: &Column) -> Result<Column> {
    if c.col_type() == ColType::StrList {
        if let Column::Arrow(a) = c {
            return list_op(a.as_list::<i32>(), op);
        }
    }
    let s = c.strs().ok_or_else(|| Error::new(
        crate::table::error::Kind::Type,
        "Can only use .str accessor with string values!",
    ))?;
    Ok(match op {
        StrOp::Len => map_count(s, |v| v.chars().count() as i64),
        StrOp::ListLen => return Err(Error::value("internal: list length of strings")),
        StrOp::Lower => map_str(s, lower),
        StrOp::Upper => map_str(s, upper),
        StrOp::Title => map_str(s, title),
        StrOp::Capitalize => map_str(s, capitalize),
        StrOp::Strip { chars, left, right } => map_str(s, |v| strip_chars(v, chars, *left, *right).to_string()),
        StrOp::Contains { pat, case } => {
            if *case {
                let p = Scalar::new(StringArray::from(vec![&**pat]));
                fix_nulls(arrow_string::like::contains(s, &p)?)
            } else {
                let p = pat.to_lowercase();
                map_bool(s, |v| v.to_lowercase().contains(&p))
            }
        }
        StrOp::ContainsRegex { pat, case } => {
            let re = regex(pat, *case)?;
            map_bool(s, |v| re.is_match(v))
        }
        StrOp::StartsWith(p) => {
            let p = Scalar::new(StringArray::from(vec![&**p]));
            fix_nulls(arrow_string::like::starts_with(s, &p)?)
        }
        StrOp::EndsWith(p) => {
            let p = Scalar::new(StringArray::from(vec![&**p]));
            fix_nulls(arrow_string::like::ends_with(s, &p)?)
        }
        StrOp::Replace { pat, repl, n } => {
            map_str(s, |v| if *n < 0 { v.replace(&**pat, repl) } else { v.replacen(&**pat, repl, *n as usize) })
        }
        StrOp::ReplaceRegex { pat, repl, n, case } => {
            let re = regex(pat, *case)?;
            map_str(s, |v| {
                if *n < 0 {
                    re.replace_all(v, &**repl).into_owned()
                } else {
                    re.replacen(v, *n as usize, &**repl).into_owned()
                }
            })
        }
        StrOp::Split { pat, n } => {
            let mut b = ListBuilder::new(StringBuilder::new());
            for i in 0..s.len() {
                if s.is_null(i) {
                    b.append_null();
                    continue;
                }
                for part in python_split(s.value(i), pat, *n) {
                    b.values().append_value(part);
                }
                b.append(true);
            }
            Column::Arrow(Arc::new(b.finish()))
        }
        StrOp::Slice { start, stop, step } => map_str(s, |v| {
            if v.is_ascii() {
                let bytes = v.as_bytes();
                slice_positions(v.len(), *start, *stop, *step).into_iter().map(|i| bytes[i] as char).collect()
            } else {
                let chars: Vec<char> = v.chars().collect();
                slice_positions(chars.len(), *start, *stop, *step).into_iter().map(|i| chars[i]).collect()
            }
        }),
        StrOp::Get(k) => map_opt_str(s, |v| {
            let chars: Vec<char> = v.chars().collect();
            let len = chars.len() as i64;
            let j = if *k < 0 { k + len } else { *k };
            (0..len).contains(&j).then(|| chars[j as usize].to_string())
        }),
        StrOp::Zfill(w) => map_str(s, |v| zfill(v, *w)),
        StrOp::Pad { width, side, fill } => map_str(s, |v| pad(v, *width, *side, *fill)),
        StrOp::Count(p) => map_count(s, |v| if p.is_empty() { v.chars().count() as i64 + 1 } else { v.matches(&**p).count() as i64 }),
        StrOp::Find(p) => map_count(s, |v| match v.find(&**p) {
            Some(b) => v[..b].chars().count() as i64,
            None => -1,
        }),
        StrOp::IsDigit => map_bool(s, |v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c.is_numeric() && c.to_digit(10).is_some())),
        StrOp::IsAlpha => map_bool(s, |v| !v.is_empty() && v.chars().all(char::is_alphabetic)),
        StrOp::IsNumeric => map_bool(s, |v| !v.is_empty() && v.chars().all(char::is_numeric)),
        StrOp::IsAlnum => map_bool(s, |v| !v.is_empty() && v.chars().all(char::is_alphanumeric)),
        StrOp::IsSpace => map_bool(s, |v| !v.is_empty() && v.chars().all(char::is_whitespace)),
        StrOp::IsLower => map_bool(s, |v| {
            v.chars().any(|c| c.is_lowercase()) && !v.chars().any(|c| c.is_uppercase())
        }),
        StrOp::IsUpper => map_bool(s, |v| {
            v.chars().any(|c| c.is_uppercase()) && !v.chars().any(|c| c.is_lowercase())
        }),
        StrOp::Join(_) => return Err(Error::unsupported("Series.str.join of strings")),
    })
}
