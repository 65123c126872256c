//! `repr(ndarray)` / `str(ndarray)`: NumPy's `array2string` layout
//! (summarisation, line wrapping, nesting brackets) and `array_repr`'s
//! `array(...)` wrapper with its `shape=` / `dtype=` extras.

use super::elements::{BoolFormat, FloatFormat, IntFormat};
use super::{scalar_str, ArrayView, Data, Dtype, Scalar};

const SUMMARY_INSERT: &str = "...";

/// Formats one element (given by its flat position in the view's data).
enum ElementFormat {
    Float(FloatFormat),
    Int(IntFormat),
    Bool(BoolFormat),
    /// NumPy's `ComplexFloatingFormat`: the real parts, and the imaginary
    /// parts with sign='+'.
    Complex(FloatFormat, FloatFormat),
    /// Text elements (str/bytes arrays), rendered by the caller: the shown
    /// ones, by flat position.
    Text(std::collections::HashMap<usize, String>),
}

impl ElementFormat {
    fn new(view: &ArrayView, shown: &[usize]) -> Self {
        fn gather<T: Copy>(data: &[T], shown: &[usize]) -> Vec<T> {
            shown.iter().map(|&i| data[i]).collect()
        }
        match view.data {
            Data::Float64(d) => ElementFormat::Float(FloatFormat::new(&gather(d, shown))),
            Data::Float32(d) => ElementFormat::Float(FloatFormat::new(&gather(d, shown))),
            Data::Int64(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::Int32(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::Int8(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::Int16(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::UInt8(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::UInt16(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::UInt32(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::UInt64(d) => ElementFormat::Int(IntFormat::new(&gather(d, shown))),
            Data::Float16(d) => ElementFormat::Float(FloatFormat::new(&gather(d, shown))),
            Data::Bool(_) => ElementFormat::Bool(BoolFormat::new(view.shape.is_empty())),
            Data::Complex64(re, im) => ElementFormat::Complex(
                FloatFormat::new(&gather(re, shown)),
                FloatFormat::with_sign(&gather(im, shown), true),
            ),
            Data::Complex128(re, im) => ElementFormat::Complex(
                FloatFormat::new(&gather(re, shown)),
                FloatFormat::with_sign(&gather(im, shown), true),
            ),
        }
    }

    fn format(&self, data: &Data, i: usize) -> String {
        match (self, data) {
            (ElementFormat::Float(f), Data::Float64(d)) => f.format(d[i]),
            (ElementFormat::Float(f), Data::Float32(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::Int64(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::Int32(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::Int8(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::Int16(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::UInt8(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::UInt16(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::UInt32(d)) => f.format(d[i]),
            (ElementFormat::Int(f), Data::UInt64(d)) => f.format(d[i]),
            (ElementFormat::Float(f), Data::Float16(d)) => f.format(d[i]),
            (ElementFormat::Bool(f), Data::Bool(d)) => f.format(d[i]),
            (ElementFormat::Complex(r, j), Data::Complex64(re, im)) => complex_element(r.format(re[i]), j.format(im[i])),
            (ElementFormat::Complex(r, j), Data::Complex128(re, im)) => complex_element(r.format(re[i]), j.format(im[i])),
            (ElementFormat::Text(t), _) => t.get(&i).cloned().unwrap_or_default(),
            _ => unreachable!("formatter built for another dtype"),
        }
    }
}

/// Real and imaginary strings joined, the `j` going before the imaginary
/// part's trailing padding.
fn complex_element(re: String, im: String) -> String {
    let end = im.trim_end().len();
    format!("{re}{}j{}", &im[..end], &im[end..])
}

/// Indices along one axis that are printed: all, or the edges when summarising.
fn shown_indices(len: usize, summarize: bool) -> (Vec<usize>, bool) {
    if summarize && len > 2 * super::options::edge_items() {
        let idx = (0..super::options::edge_items()).chain(len - super::options::edge_items()..len).collect();
        (idx, true)
    } else {
        ((0..len).collect(), false)
    }
}

/// Flat data positions of all shown elements, in row-major order.
fn shown_positions(view: &ArrayView, summarize: bool) -> Vec<usize> {
    let mut out = Vec::new();
    fn walk(view: &ArrayView, axis: usize, pos: isize, summarize: bool, out: &mut Vec<usize>) {
        if axis == view.shape.len() {
            out.push(pos as usize);
            return;
        }
        for i in shown_indices(view.shape[axis], summarize).0 {
            walk(view, axis + 1, pos + i as isize * view.strides[axis], summarize, out);
        }
    }
    walk(view, 0, view.offset as isize, summarize, &mut out);
    out
}

/// NumPy's `_extendLine`: wraps before `word` when the line would get too long.
fn extend_line(s: &mut String, line: &mut String, word: &str, width: usize, prefix: &str) {
    let needs_wrap = line.len() + word.len() > width && line.len() > prefix.len();
    if needs_wrap {
        s.push_str(line.trim_end());
        s.push('\n');
        line.clear();
        line.push_str(prefix);
    }
    line.push_str(word);
}

struct Layout<'v, 'a> {
    view: &'v ArrayView<'a>,
    fmt: ElementFormat,
    separator: &'static str,
    summarize: bool,
}

impl Layout<'_, '_> {
    /// NumPy's `_formatArray.recurser`.
    fn recurse(&self, axis: usize, pos: isize, hanging_indent: &str, width: usize) -> String {
        let view = self.view;
        if axis == view.shape.len() {
            return self.fmt.format(&view.data, pos as usize);
        }
        let axes_left = view.shape.len() - axis;
        let next_indent = format!("{hanging_indent} ");
        let next_width = width.saturating_sub(1);
        let (indices, show_summary) = shown_indices(view.shape[axis], self.summarize);
        let stride = view.strides[axis];
        let child = |i: usize| {
            self.recurse(axis + 1, pos + i as isize * stride, &next_indent, next_width)
        };
        let lead = if show_summary { super::options::edge_items() } else { indices.len() };
        let mut s = String::new();
        if axes_left == 1 {
            let sep_len = self.separator.trim_end().len();
            let elem_width = width.saturating_sub(sep_len.max(1));
            let mut line = hanging_indent.to_string();
            let last = indices.len() - 1;
            for (k, &i) in indices.iter().enumerate() {
                if show_summary && k == lead {
                    extend_line(&mut s, &mut line, SUMMARY_INSERT, elem_width, hanging_indent);
                    line.push_str(self.separator);
                }
                extend_line(&mut s, &mut line, &child(i), elem_width, hanging_indent);
                if k != last {
                    line.push_str(self.separator);
                }
            }
            s.push_str(&line);
        } else {
            let line_sep = format!(
                "{}{}",
                self.separator.trim_end(),
                "\n".repeat(axes_left - 1)
            );
            let last = indices.len() - 1;
            for (k, &i) in indices.iter().enumerate() {
                if show_summary && k == lead {
                    s.push_str(hanging_indent);
                    s.push_str(SUMMARY_INSERT);
                    s.push_str(&line_sep);
                }
                s.push_str(hanging_indent);
                s.push_str(&child(i));
                if k != last {
                    s.push_str(&line_sep);
                }
            }
        }
        format!("[{}]", &s[hanging_indent.len()..])
    }
}

/// Renders a text array's element at a flat C-order position.
pub type TextElement<'t> = &'t dyn Fn(usize) -> String;

/// A text array's elements: their renderer, and whether the shown ones
/// are right-aligned to the widest (NumPy's datetime and timedelta
/// formats) or shown as they are (str/bytes).
#[derive(Clone, Copy)]
pub struct Texts<'t> {
    pub element: TextElement<'t>,
    pub align: bool,
}

/// NumPy's `array2string` for a non-empty array (`text`: the elements of
/// a str/bytes array, the view then being over their positions).
fn array2string(view: &ArrayView, separator: &'static str, prefix: &str, suffix: &str, text: Option<Texts>) -> String {
    let summarize = view.size() > super::options::threshold();
    let shown = shown_positions(view, summarize);
    let fmt = match text {
        Some(t) => {
            let mut items: std::collections::HashMap<usize, String> = shown.iter().map(|&i| (i, (t.element)(i))).collect();
            if t.align {
                let width = items.values().map(|s| s.chars().count()).max().unwrap_or(0);
                for s in items.values_mut() {
                    *s = format!("{}{s}", " ".repeat(width - s.chars().count()));
                }
            }
            ElementFormat::Text(items)
        }
        None => ElementFormat::new(view, &shown),
    };
    let layout = Layout { view, fmt, separator, summarize };
    let next_line_prefix = " ".repeat(1 + prefix.len());
    let width = super::options::line_width() - suffix.len();
    layout.recurse(0, view.offset as isize, &next_line_prefix, width)
}

fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// `repr(a)`.
pub(crate) fn array_repr(view: &ArrayView) -> String {
    let dtype = view.data.dtype();
    let implied = matches!(dtype, Dtype::Float64 | Dtype::Int64 | Dtype::Bool | Dtype::Complex128);
    let shown = (!implied || view.size() == 0).then(|| dtype.name().to_string());
    repr_with(view, shown, None)
}

/// `repr(a)` of a str/bytes array of `shape`, its elements rendered by
/// `element` (flat C-order position), its dtype shown as `dtype` (`'<U3'`).
pub(crate) fn text_array_repr(shape: &[usize], element: Texts, dtype: &str) -> String {
    let positions: Vec<u8> = vec![0; shape.iter().product()];
    let view = ArrayView::new(Data::UInt8(&positions), shape).expect("positions match the shape");
    repr_with(&view, Some(dtype.to_string()), Some(element))
}

/// `str(a)` of a str/bytes array with at least one dimension.
pub(crate) fn text_array_str(shape: &[usize], element: Texts) -> String {
    let positions: Vec<u8> = vec![0; shape.iter().product()];
    let view = ArrayView::new(Data::UInt8(&positions), shape).expect("positions match the shape");
    if view.size() == 0 {
        return "[]".to_string();
    }
    array2string(&view, " ", "", "", Some(element))
}

/// `array(...)` around the body, with NumPy's `shape=` and `dtype=` extras.
fn repr_with(view: &ArrayView, dtype: Option<String>, text: Option<Texts>) -> String {
    const PREFIX: &str = "array(";
    let size = view.size();
    let body = if size == 0 { "[]".to_string() } else { array2string(view, ", ", PREFIX, ")", text) };
    let mut extras = Vec::new();
    if (size == 0 && view.shape != [0usize]) || size > super::options::threshold() {
        extras.push(format!("shape={}", shape_repr(&view.shape)));
    }
    if let Some(d) = dtype {
        extras.push(format!("dtype={d}"));
    }
    if extras.is_empty() {
        return format!("{PREFIX}{body})");
    }
    let arr_str = format!("{PREFIX}{body},");
    let extra_str = format!("{})", extras.join(", "));
    let last_line_len = arr_str.len() - arr_str.rfind('\n').map_or(0, |i| i + 1);
    let spacer = if last_line_len + extra_str.len() + 1 > super::options::line_width() {
        format!("\n{}", " ".repeat(PREFIX.len()))
    } else {
        " ".to_string()
    };
    format!("{arr_str}{spacer}{extra_str}")
}

/// `str(a)`.
pub(crate) fn array_str(view: &ArrayView) -> String {
    if view.shape.is_empty() {
        let i = view.offset;
        let scalar = match view.data {
            Data::Float64(d) => Scalar::Float64(d[i]),
            Data::Float32(d) => Scalar::Float32(d[i]),
            Data::Int64(d) => Scalar::Int64(d[i]),
            Data::Int32(d) => Scalar::Int32(d[i]),
            Data::Bool(d) => Scalar::Bool(d[i]),
            Data::Int8(d) => Scalar::Int8(d[i]),
            Data::Int16(d) => Scalar::Int16(d[i]),
            Data::UInt8(d) => Scalar::UInt8(d[i]),
            Data::UInt16(d) => Scalar::UInt16(d[i]),
            Data::UInt32(d) => Scalar::UInt32(d[i]),
            Data::UInt64(d) => Scalar::UInt64(d[i]),
            Data::Float16(d) => Scalar::Float16(d[i]),
            Data::Complex64(re, im) => Scalar::Complex64(re[i], im[i]),
            Data::Complex128(re, im) => Scalar::Complex128(re[i], im[i]),
        };
        return scalar_str(scalar);
    }
    if view.size() == 0 {
        return "[]".to_string();
    }
    array2string(view, " ", "", "", None)
}
