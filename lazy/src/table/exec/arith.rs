//! Arithmetic, comparisons and logic between columns and literals, with
//! NumPy's semantics (which pandas' numeric columns have).
//!
//! arrow's kernels do the work where their semantics agree (wrapping
//! integer `+ - *`, IEEE float `+ - * /`, comparisons, boolean logic,
//! bitwise ops); floor division, modulo and powers follow NumPy's
//! definitions (Python's sign rules, NumPy's float divmod), and float
//! comparisons treat NaN as unequal to everything (arrow orders NaN
//! last and equal to itself).

use crate::exec::kernels::{float_divmod, float_mod, Float};
use crate::table::column::{as_f64, ColType, Column};
use crate::table::error::{Error, Result};
use crate::table::expr::{BinOp, Lit};
use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{Array, ArrayRef, BooleanArray, Datum, Float64Array, Int64Array, Scalar, StringArray};
use std::sync::Arc;

/// An operand: a column, or a literal broadcast against the other side.
#[derive(Clone, Debug)]
pub enum Val {
    C(Column),
    L(Lit),
}

impl Val {
    pub fn col_type(&self) -> ColType {
        match self {
            Val::C(c) => c.col_type(),
            Val::L(l) => l.col_type().unwrap_or(ColType::Float64),
        }
    }
}

/// The typed values of a numeric operand.
enum Num {
    I(Int64Array),
    F(Float64Array),
    SI(i64),
    SF(f64),
}

impl Num {
    fn is_scalar(&self) -> bool {
        matches!(self, Num::SI(_) | Num::SF(_))
    }
    fn datum(&self) -> Box<dyn Datum> {
        match self {
            Num::I(a) => Box::new(a.clone()),
            Num::F(a) => Box::new(a.clone()),
            Num::SI(v) => Box::new(Scalar::new(Int64Array::from(vec![*v]))),
            Num::SF(v) => Box::new(Scalar::new(Float64Array::from(vec![*v]))),
        }
    }
    fn to_float(&self) -> Num {
        match self {
            Num::I(a) => Num::F(a.unary(|v| v as f64)),
            Num::SI(v) => Num::SF(*v as f64),
            other => other.clone_num(),
        }
    }
    fn clone_num(&self) -> Num {
        match self {
            Num::I(a) => Num::I(a.clone()),
            Num::F(a) => Num::F(a.clone()),
            Num::SI(v) => Num::SI(*v),
            Num::SF(v) => Num::SF(*v),
        }
    }
    fn is_float(&self) -> bool {
        matches!(self, Num::F(_) | Num::SF(_))
    }
}

fn num_of(v: &Val) -> Result<Num> {
    Ok(match v {
        Val::L(Lit::Int(i)) => Num::SI(*i),
        Val::L(Lit::Bool(b)) => Num::SI(*b as i64),
        Val::L(Lit::Float(f)) => Num::SF(*f),
        Val::L(Lit::Null) => Num::SF(f64::NAN),
        Val::L(Lit::Str(_)) => return Err(Error::type_error("a string is not a number")),
        Val::C(c) => match c.col_type() {
            ColType::Int64 => Num::I(c.i64s().unwrap().clone()),
            ColType::Float64 => Num::F(c.f64s().unwrap().clone()),
            ColType::Bool => {
                let b = c.bools().unwrap();
                Num::I(Int64Array::from_iter_values((0..b.len()).map(|i| b.value(i) as i64)))
            }
            t => return Err(Error::type_error(format!("a {t} column is not numeric"))),
        },
    })
}

fn pair_len(a: &Num, b: &Num, rows: usize) -> usize {
    match (a, b) {
        (Num::I(x), _) => x.len(),
        (Num::F(x), _) => x.len(),
        (_, Num::I(y)) => y.len(),
        (_, Num::F(y)) => y.len(),
        _ => rows,
    }
}

fn f64_at(n: &Num, i: usize) -> f64 {
    match n {
        Num::F(a) => a.value(i),
        Num::SF(v) => *v,
        Num::I(a) => a.value(i) as f64,
        Num::SI(v) => *v as f64,
    }
}

fn i64_at(n: &Num, i: usize) -> i64 {
    match n {
        Num::I(a) => a.value(i),
        Num::SI(v) => *v,
        _ => unreachable!("int operand"),
    }
}

fn col(a: ArrayRef) -> Column {
    Column::Arrow(a)
}

fn bools_col(b: BooleanArray) -> Column {
    Column::Arrow(Arc::new(b))
}

/// `a op b` for two operands of which at least one is a column of `rows`
/// rows.
pub fn binary(op: BinOp, a: &Val, b: &Val, rows: usize) -> Result<Column> {
    let (ta, tb) = (a.col_type(), b.col_type());
    if ta == ColType::Object || tb == ColType::Object {
        return Err(Error::unsupported(format!("operator {} on object columns", op.symbol())));
    }
    if matches!(a, Val::L(Lit::Null)) || matches!(b, Val::L(Lit::Null)) {
        if op.is_comparison() {
            return Ok(Column::from_bool(vec![op == BinOp::Ne; rows]));
        }
    }
    if ta == ColType::Str || tb == ColType::Str {
        return string_binary(op, a, b, rows);
    }
    if ta == ColType::StrList || tb == ColType::StrList {
        return Err(Error::unsupported(format!("operator {} on list columns", op.symbol())));
    }
    if ta == ColType::Bool && tb == ColType::Bool && matches!(op, BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Eq | BinOp::Ne | BinOp::Add | BinOp::Mul) {
        return bool_logic(op, a, b, rows);
    }
    let (x, y) = (num_of(a)?, num_of(b)?);
    let n = pair_len(&x, &y, rows);
    if op.is_comparison() {
        return compare(op, &x, &y, n);
    }
    let float = x.is_float() || y.is_float();
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul => {
            let (x, y) = if float { (x.to_float(), y.to_float()) } else { (x, y) };
            let f = match (op, float) {
                (BinOp::Add, false) => arrow_arith::numeric::add_wrapping,
                (BinOp::Sub, false) => arrow_arith::numeric::sub_wrapping,
                (BinOp::Mul, false) => arrow_arith::numeric::mul_wrapping,
                (BinOp::Add, true) => arrow_arith::numeric::add,
                (BinOp::Sub, true) => arrow_arith::numeric::sub,
                _ => arrow_arith::numeric::mul,
            };
            Ok(col(broadcast(f(x.datum().as_ref(), y.datum().as_ref())?, n)?))
        }
        BinOp::Div => {
            let (x, y) = (x.to_float(), y.to_float());
            Ok(col(broadcast(arrow_arith::numeric::div(x.datum().as_ref(), y.datum().as_ref())?, n)?))
        }
        BinOp::FloorDiv | BinOp::Mod => {
            if float {
                let v: Vec<f64> = (0..n)
                    .map(|i| {
                        let (p, q) = (f64_at(&x, i), f64_at(&y, i));
                        if op == BinOp::FloorDiv {
                            float_divmod(p, q).0
                        } else {
                            float_mod(p, q)
                        }
                    })
                    .collect();
                return Ok(Column::from_f64(v));
            }
            int_div_mod(op, &x, &y, n)
        }
        BinOp::Pow => {
            if float {
                let v: Vec<f64> = (0..n).map(|i| Float::powf(f64_at(&x, i), f64_at(&y, i))).collect();
                return Ok(Column::from_f64(v));
            }
            if (0..if y.is_scalar() { 1 } else { n }).any(|i| i64_at(&y, i) < 0) {
                return Err(Error::value("Integers to negative integer powers are not allowed."));
            }
            let v: Vec<i64> = (0..n).map(|i| ipow(i64_at(&x, i), i64_at(&y, i))).collect();
            Ok(Column::from_i64(v))
        }
        BinOp::And | BinOp::Or | BinOp::Xor => {
            if float {
                return Err(Error::type_error(format!(
                    "unsupported operand type(s) for {}: 'float' and 'float'",
                    op.symbol()
                )));
            }
            let v: Vec<i64> = (0..n)
                .map(|i| {
                    let (p, q) = (i64_at(&x, i), i64_at(&y, i));
                    match op {
                        BinOp::And => p & q,
                        BinOp::Or => p | q,
                        _ => p ^ q,
                    }
                })
                .collect();
            Ok(Column::from_i64(v))
        }
        _ => unreachable!(),
    }
}

fn ipow(mut base: i64, mut e: i64) -> i64 {
    let mut acc: i64 = 1;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        e >>= 1;
    }
    acc
}

/// Integer `//` and `%`: Python's rounding; a zero divisor makes the whole
/// result float64, with pandas' inf/-inf/nan (`//`) or nan (`%`) there.
fn int_div_mod(op: BinOp, x: &Num, y: &Num, n: usize) -> Result<Column> {
    let zero = (0..if y.is_scalar() { 1.min(n) } else { n }).any(|i| i64_at(y, i) == 0);
    let q = |p: i64, d: i64| -> i64 {
        if d == -1 {
            return if op == BinOp::FloorDiv { p.wrapping_neg() } else { 0 };
        }
        let (quot, rem) = (p / d, p % d);
        let adjust = rem != 0 && ((rem < 0) != (d < 0));
        if op == BinOp::FloorDiv {
            if adjust {
                quot - 1
            } else {
                quot
            }
        } else if adjust {
            rem + d
        } else {
            rem
        }
    };
    if !zero {
        return Ok(Column::from_i64((0..n).map(|i| q(i64_at(x, i), i64_at(y, i))).collect()));
    }
    let v: Vec<f64> = (0..n)
        .map(|i| {
            let (p, d) = (i64_at(x, i), i64_at(y, i));
            if d != 0 {
                return q(p, d) as f64;
            }
            match (op, p.signum()) {
                (BinOp::FloorDiv, 1) => f64::INFINITY,
                (BinOp::FloorDiv, -1) => f64::NEG_INFINITY,
                _ => f64::NAN,
            }
        })
        .collect();
    Ok(Column::from_f64(v))
}

/// A scalar result (both operands literals) repeated to `n` rows.
fn broadcast(a: ArrayRef, n: usize) -> Result<ArrayRef> {
    if a.len() == n {
        return Ok(a);
    }
    let idx = arrow_array::UInt32Array::from(vec![0u32; n]);
    Ok(arrow_select::take::take(a.as_ref(), &idx, None)?)
}

fn nan_mask(n: &Num, len: usize) -> Option<Vec<bool>> {
    match n {
        Num::F(a) => {
            if a.values().iter().any(|v| v.is_nan()) {
                Some(a.values().iter().map(|v| v.is_nan()).collect())
            } else {
                None
            }
        }
        Num::SF(v) if v.is_nan() => Some(vec![true; len]),
        _ => None,
    }
}

fn cmp_kernel(op: BinOp) -> fn(&dyn Datum, &dyn Datum) -> std::result::Result<BooleanArray, arrow_schema::ArrowError> {
    match op {
        BinOp::Eq => arrow_ord::cmp::eq,
        BinOp::Ne => arrow_ord::cmp::neq,
        BinOp::Lt => arrow_ord::cmp::lt,
        BinOp::Le => arrow_ord::cmp::lt_eq,
        BinOp::Gt => arrow_ord::cmp::gt,
        _ => arrow_ord::cmp::gt_eq,
    }
}

fn compare(op: BinOp, x: &Num, y: &Num, n: usize) -> Result<Column> {
    let float = x.is_float() || y.is_float();
    let (x, y) = if float { (x.to_float(), y.to_float()) } else { (x.clone_num(), y.clone_num()) };
    let r = cmp_kernel(op)(x.datum().as_ref(), y.datum().as_ref())?;
    let r = if r.len() != n { broadcast(Arc::new(r), n)?.as_boolean().clone() } else { r };
    // NaN compares unequal to everything (and != is true).
    let nx = nan_mask(&x, n);
    let ny = nan_mask(&y, n);
    if nx.is_none() && ny.is_none() {
        return Ok(bools_col(r));
    }
    let v: Vec<bool> = (0..n)
        .map(|i| {
            let nan = nx.as_ref().is_some_and(|m| m[i]) || ny.as_ref().is_some_and(|m| m[i]);
            if nan {
                op == BinOp::Ne
            } else {
                r.value(i)
            }
        })
        .collect();
    Ok(Column::from_bool(v))
}

fn bool_logic(op: BinOp, a: &Val, b: &Val, n: usize) -> Result<Column> {
    let arr = |v: &Val| -> BooleanArray {
        match v {
            Val::C(c) => c.bools().unwrap().clone(),
            Val::L(Lit::Bool(x)) => BooleanArray::from(vec![*x; n]),
            _ => unreachable!(),
        }
    };
    let (x, y) = (arr(a), arr(b));
    let r = match op {
        BinOp::And | BinOp::Mul => arrow_arith::boolean::and(&x, &y)?,
        BinOp::Or | BinOp::Add => arrow_arith::boolean::or(&x, &y)?,
        BinOp::Xor | BinOp::Ne => arrow_ord::cmp::neq(&x, &y)?,
        _ => arrow_ord::cmp::eq(&x, &y)?,
    };
    Ok(bools_col(r))
}

fn str_datum(v: &Val, n: usize) -> Result<Box<dyn Datum>> {
    Ok(match v {
        Val::C(c) => match c.strs() {
            Some(s) => Box::new(s.clone()),
            None => return Err(Error::type_error("not a string column")),
        },
        Val::L(Lit::Str(s)) => Box::new(Scalar::new(StringArray::from(vec![s.as_ref()]))),
        _ => {
            let _ = n;
            return Err(Error::type_error("not a string"));
        }
    })
}

fn string_binary(op: BinOp, a: &Val, b: &Val, n: usize) -> Result<Column> {
    let both_str = a.col_type() == ColType::Str && b.col_type() == ColType::Str;
    if op.is_comparison() {
        if !both_str {
            // pandas: == / != against another type is all False / all True.
            return match op {
                BinOp::Eq => Ok(Column::from_bool(vec![false; n])),
                BinOp::Ne => Ok(Column::from_bool(vec![true; n])),
                _ => Err(Error::type_error(format!(
                    "Invalid comparison between dtype=str and {}",
                    if a.col_type() == ColType::Str { b.col_type().name() } else { a.col_type().name() }
                ))),
            };
        }
        let r = cmp_kernel(op)(str_datum(a, n)?.as_ref(), str_datum(b, n)?.as_ref())?;
        // Missing strings compare False (and != True).
        let v: Vec<bool> = (0..n)
            .map(|i| {
                let i_r = if r.len() == 1 { 0 } else { i };
                if r.is_null(i_r) {
                    op == BinOp::Ne
                } else {
                    r.value(i_r)
                }
            })
            .collect();
        return Ok(Column::from_bool(v));
    }
    if op == BinOp::Add && both_str {
        let arr = |v: &Val| -> StringArray {
            match v {
                Val::C(c) => c.strs().unwrap().clone(),
                Val::L(Lit::Str(s)) => StringArray::from(vec![s.as_ref(); n]),
                _ => unreachable!(),
            }
        };
        let r = arrow_string::concat_elements::concat_elements_utf8(&arr(a), &arr(b))?;
        return Ok(Column::Arrow(Arc::new(r)));
    }
    Err(Error::type_error(format!(
        "unsupported operand type(s) for {}: '{}' and '{}'",
        op.symbol(),
        a.col_type().name(),
        b.col_type().name()
    )))
}

/// NumPy's `round(x, decimals)` for floats: scale, round half to even,
/// unscale.
pub fn round_f64(x: f64, decimals: i32) -> f64 {
    if decimals >= 0 {
        let f = 10f64.powi(decimals);
        (x * f).round_ties_even() / f
    } else {
        let f = 10f64.powi(-decimals);
        (x / f).round_ties_even() * f
    }
}

pub fn abs(c: &Column) -> Result<Column> {
    Ok(match c.col_type() {
        ColType::Int64 => col(Arc::new(c.i64s().unwrap().unary::<_, Int64Type>(|v| v.wrapping_abs()))),
        ColType::Float64 => col(Arc::new(c.f64s().unwrap().unary::<_, Float64Type>(|v| v.abs()))),
        ColType::Bool => c.clone(),
        t => return Err(Error::type_error(format!("bad operand type for abs(): '{t}'"))),
    })
}

pub fn neg(c: &Column) -> Result<Column> {
    match c.col_type() {
        ColType::Int64 | ColType::Float64 => Ok(col(arrow_arith::numeric::neg_wrapping(c.arrow()?.as_ref())?)),
        ColType::Bool => Err(Error::type_error(
            "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.",
        )),
        t => Err(Error::type_error(format!("bad operand type for unary -: '{t}'"))),
    }
}

pub fn invert(c: &Column) -> Result<Column> {
    match c.col_type() {
        ColType::Bool => Ok(bools_col(arrow_arith::boolean::not(c.bools().unwrap())?)),
        ColType::Int64 => Ok(col(Arc::new(arrow_arith::bitwise::bitwise_not(c.i64s().unwrap())?))),
        t => Err(Error::type_error(format!("bad operand type for unary ~: '{t}'"))),
    }
}

pub fn round(c: &Column, decimals: i32) -> Result<Column> {
    match c.col_type() {
        ColType::Float64 => {
            Ok(col(Arc::new(c.f64s().unwrap().unary::<_, Float64Type>(|v| round_f64(v, decimals)))))
        }
        ColType::Int64 | ColType::Bool if decimals >= 0 => Ok(c.clone()),
        t => Err(Error::unsupported(format!("round of {t} columns with decimals={decimals}"))),
    }
}

/// The numeric values as float64 (for reductions and the like).
pub fn floats(c: &Column) -> Result<Float64Array> {
    as_f64(c.arrow()?)
}
