//! Compares `hipy_shims::format` against repr/str strings recorded from NumPy
//! 2.x by tests/data/record_format.py (see that script for the file format).

use hipy_shims::format::{array_repr, array_str, scalar_repr, scalar_str, ArrayView, Data, Scalar};

const CASES: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/format_cases.txt"));

enum Buffer {
    F64(Vec<f64>),
    F32(Vec<f32>),
    I64(Vec<i64>),
    I32(Vec<i32>),
    Bool(Vec<bool>),
}

impl Buffer {
    fn parse(dtype: &str, text: &str) -> Buffer {
        let tokens = text.split_ascii_whitespace();
        match dtype {
            "float64" => Buffer::F64(tokens.map(|t| t.parse().expect("float64")).collect()),
            "float32" => Buffer::F32(tokens.map(|t| t.parse().expect("float32")).collect()),
            "int64" => Buffer::I64(tokens.map(|t| t.parse().expect("int64")).collect()),
            "int32" => Buffer::I32(tokens.map(|t| t.parse().expect("int32")).collect()),
            "bool" => Buffer::Bool(tokens.map(|t| t == "1").collect()),
            other => panic!("unknown dtype {other}"),
        }
    }

    fn data(&self) -> Data<'_> {
        match self {
            Buffer::F64(v) => Data::Float64(v),
            Buffer::F32(v) => Data::Float32(v),
            Buffer::I64(v) => Data::Int64(v),
            Buffer::I32(v) => Data::Int32(v),
            Buffer::Bool(v) => Data::Bool(v),
        }
    }

    fn first_scalar(&self) -> Scalar {
        match self {
            Buffer::F64(v) => Scalar::Float64(v[0]),
            Buffer::F32(v) => Scalar::Float32(v[0]),
            Buffer::I64(v) => Scalar::Int64(v[0]),
            Buffer::I32(v) => Scalar::Int32(v[0]),
            Buffer::Bool(v) => Scalar::Bool(v[0]),
        }
    }
}

fn field<'a>(line: Option<&'a str>, name: &str) -> &'a str {
    let line = line.unwrap_or_else(|| panic!("missing {name} line"));
    line.strip_prefix(name)
        .and_then(|rest| rest.strip_prefix(' ').or(if rest.is_empty() { Some("") } else { None }))
        .unwrap_or_else(|| panic!("expected {name} line, got {line:?}"))
}

fn list<T: std::str::FromStr>(text: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    if text == "-" {
        Vec::new()
    } else {
        text.split(',').map(|t| t.parse().expect("number")).collect()
    }
}

#[test]
fn format_matches_recorded_numpy() {
    let mut lines = CASES.lines().filter(|l| !l.starts_with('#'));
    let (mut total, mut failures) = (0, Vec::new());
    while let Some(header) = lines.next() {
        let head: Vec<&str> = field(Some(header), "case").split(' ').collect();
        let (kind, dtype, shape) = (head[0], head[1], list::<usize>(head[2]));
        let view_spec = if kind == "array" { Some(field(lines.next(), "view")) } else { None };
        let buffer = Buffer::parse(dtype, field(lines.next(), "data"));
        let want_repr = field(lines.next(), "repr").replace("\\n", "\n");
        let want_str = field(lines.next(), "str").replace("\\n", "\n");
        let (got_repr, got_str) = match view_spec {
            None => (scalar_repr(buffer.first_scalar()), scalar_str(buffer.first_scalar())),
            Some(spec) => {
                let (strides, offset) = spec.split_once(' ').expect("view line");
                let view = if strides == "-" {
                    ArrayView::new(buffer.data(), &shape)
                } else {
                    ArrayView::strided(
                        buffer.data(),
                        &shape,
                        &list::<isize>(strides),
                        offset.parse().expect("offset"),
                    )
                }
                .expect("recorded view is valid");
                (array_repr(&view), array_str(&view))
            }
        };
        total += 1;
        if got_repr != want_repr || got_str != want_str {
            failures.push(format!(
                "{header}\n  want repr: {want_repr:?}\n  got  repr: {got_repr:?}\n  \
                 want str:  {want_str:?}\n  got  str:  {got_str:?}"
            ));
        }
    }
    assert!(total > 1000, "only {total} recorded cases");
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(15).collect();
        panic!(
            "{} of {total} recorded cases differ from NumPy:\n{}",
            failures.len(),
            shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
        );
    }
    eprintln!("all {total} recorded NumPy repr/str cases match");
}

#[test]
fn bad_views_are_errors_not_panics() {
    let data = [1.0f64, 2.0, 3.0];
    assert!(ArrayView::new(Data::Float64(&data), &[2, 2]).is_err());
    assert!(ArrayView::new(Data::Float64(&data), &[usize::MAX, 2]).is_err());
    assert!(ArrayView::strided(Data::Float64(&data), &[3], &[2], 0).is_err());
    assert!(ArrayView::strided(Data::Float64(&data), &[3], &[-1], 1).is_err());
    assert!(ArrayView::strided(Data::Float64(&data), &[3], &[1, 1], 0).is_err());
    // A reversed strided view prints like the reversed contiguous buffer.
    let v = ArrayView::strided(Data::Float64(&data), &[3], &[-1], 2).expect("reversed view");
    let reversed = [3.0f64, 2.0, 1.0];
    let c = ArrayView::new(Data::Float64(&reversed), &[3]).expect("contiguous");
    assert_eq!(array_str(&v), array_str(&c));
    // Zero-size views need no elements in the buffer.
    let empty = ArrayView::strided(Data::Float64(&[]), &[0, 5], &[5, 1], 0).expect("empty");
    let empty_c = ArrayView::new(Data::Float64(&[]), &[0, 5]).expect("empty contiguous");
    assert_eq!(array_repr(&empty), array_repr(&empty_c));
}
