//! Column expressions: what derived columns, filters and Series
//! arithmetic compute, row by row, over the columns of one plan node.
//!
//! Types follow pandas with NumPy dtypes. Some pandas results have a dtype
//! that depends on the data (integer floor division by a zero divisor gives
//! floats, `str.len` of a column with missing values gives floats): their
//! static type is `None`, decided when the column is computed. The
//! optimizer never moves a filter below such an expression, since computing
//! it on fewer rows could change its dtype.

use crate::table::column::{ColType, Column, Name};
use crate::table::error::{Error, Result};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub enum Lit {
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(Arc<str>),
    /// NaN / None.
    Null,
}

impl PartialEq for Lit {
    fn eq(&self, other: &Lit) -> bool {
        match (self, other) {
            (Lit::Int(a), Lit::Int(b)) => a == b,
            (Lit::Float(a), Lit::Float(b)) => a.to_bits() == b.to_bits(),
            (Lit::Bool(a), Lit::Bool(b)) => a == b,
            (Lit::Str(a), Lit::Str(b)) => a == b,
            (Lit::Null, Lit::Null) => true,
            _ => false,
        }
    }
}

impl Eq for Lit {}

impl Hash for Lit {
    fn hash<H: Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Lit::Int(v) => v.hash(h),
            Lit::Float(v) => v.to_bits().hash(h),
            Lit::Bool(v) => v.hash(h),
            Lit::Str(v) => v.hash(h),
            Lit::Null => {}
        }
    }
}

impl Lit {
    pub fn col_type(&self) -> Option<ColType> {
        match self {
            Lit::Int(_) => Some(ColType::Int64),
            Lit::Float(_) | Lit::Null => Some(ColType::Float64),
            Lit::Bool(_) => Some(ColType::Bool),
            Lit::Str(_) => Some(ColType::Str),
        }
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lit::Int(v) => write!(f, "{v}"),
            Lit::Float(v) => write!(f, "{v:?}"),
            Lit::Bool(v) => write!(f, "{}", if *v { "True" } else { "False" }),
            Lit::Str(s) => write!(f, "{s:?}"),
            Lit::Null => write!(f, "nan"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }

    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    /// `~`: logical not of bools, bitwise not of ints.
    Invert,
    Abs,
    IsNull,
    NotNull,
    /// `round(decimals)`, NumPy's way (scale, round half to even, unscale).
    Round(i32),
}

/// `.str` methods.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrOp {
    Len,
    Lower,
    Upper,
    Title,
    Capitalize,
    /// `strip`/`lstrip`/`rstrip` (left, right) of whitespace or the given chars.
    Strip { chars: Option<Arc<str>>, left: bool, right: bool },
    /// A literal substring (the shim turns regexes without special
    /// characters into literals, and hands real regexes to `Regex`).
    Contains { pat: Arc<str>, case: bool },
    ContainsRegex { pat: Arc<str>, case: bool },
    StartsWith(Arc<str>),
    EndsWith(Arc<str>),
    /// Literal replacement; `n < 0` replaces all.
    Replace { pat: Arc<str>, repl: Arc<str>, n: i64 },
    ReplaceRegex { pat: Arc<str>, repl: Arc<str>, n: i64, case: bool },
    /// `split(pat)` into lists; `None` splits on runs of whitespace.
    Split { pat: Option<Arc<str>>, n: i64 },
    /// Python slicing by characters.
    Slice { start: Option<i64>, stop: Option<i64>, step: Option<i64> },
    /// `str.get(i)` / `str[i]` (of strings: a character; of lists: an item).
    Get(i64),
    Zfill(i64),
    Pad { width: i64, side: PadSide, fill: char },
    Count(Arc<str>),
    Find(Arc<str>),
    IsDigit,
    IsAlpha,
    IsNumeric,
    IsAlnum,
    IsSpace,
    IsLower,
    IsUpper,
    /// `"sep".join(list)` over a list column.
    Join(Arc<str>),
    /// Number of items of a list column (`.str.len()` of lists).
    ListLen,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PadSide {
    Left,
    Right,
    Both,
}

/// A column expression over the columns of one plan node.
#[derive(Clone, Debug)]
pub enum Expr {
    Col(Name),
    Lit(Lit),
    Binary(BinOp, Arc<Expr>, Arc<Expr>),
    Unary(UnOp, Arc<Expr>),
    Cast(Arc<Expr>, ColType),
    /// Missing values replaced by a literal.
    FillNull(Arc<Expr>, Lit),
    Str(StrOp, Arc<Expr>),
    /// `cond ? a : b`, row by row (pandas' `where`/`mask`, `np.where`).
    Where(Arc<Expr>, Arc<Expr>, Arc<Expr>),
    /// Membership in a set of literals.
    IsIn(Arc<Expr>, Arc<Vec<Lit>>),
    /// `str` + `str` row by row with a separator (`str.cat(others, sep)`).
    Concat(Arc<Expr>, Arc<Expr>, Arc<str>),
    /// Values already computed, one per row of the node's input (a UDF's
    /// results). Positional: filters cannot move below it.
    Data(Column),
    /// `start + i * step` for row `i` of the node's input (a RangeIndex made
    /// concrete). Positional.
    RowIndex { start: i64, step: i64 },
    /// An int aggregate over each row's list of strings (a staged UDF such
    /// as `max([len(p) for p in ws])`): `body`, an int expression over the
    /// column [`LIST_ELEMENT`] alone, is computed for every element, then
    /// reduced per row. Its columns are not the node's: `columns` and
    /// `rename` see `list` only.
    ListAgg { list: Arc<Expr>, body: Arc<Expr>, agg: ListAggOp },
}

/// The name of the element column inside a [`Expr::ListAgg`] body.
pub const LIST_ELEMENT: &str = "\u{0}element";

/// How [`Expr::ListAgg`] reduces a row's values (Python's builtins on
/// ints: `sum` of an empty list is 0; `max`/`min` of one is an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListAggOp {
    Sum,
    Max,
    Min,
}

impl ListAggOp {
    pub fn name(self) -> &'static str {
        match self {
            ListAggOp::Sum => "sum",
            ListAggOp::Max => "max",
            ListAggOp::Min => "min",
        }
    }
}

impl PartialEq for Expr {
    fn eq(&self, other: &Expr) -> bool {
        use Expr::*;
        match (self, other) {
            (Col(a), Col(b)) => a == b,
            (Lit(a), Lit(b)) => a == b,
            (Binary(o1, a1, b1), Binary(o2, a2, b2)) => o1 == o2 && a1 == a2 && b1 == b2,
            (Unary(o1, a1), Unary(o2, a2)) => o1 == o2 && a1 == a2,
            (Cast(a1, t1), Cast(a2, t2)) => t1 == t2 && a1 == a2,
            (FillNull(a1, l1), FillNull(a2, l2)) => l1 == l2 && a1 == a2,
            (Str(o1, a1), Str(o2, a2)) => o1 == o2 && a1 == a2,
            (Where(c1, a1, b1), Where(c2, a2, b2)) => c1 == c2 && a1 == a2 && b1 == b2,
            (IsIn(a1, l1), IsIn(a2, l2)) => a1 == a2 && l1 == l2,
            (Concat(a1, b1, s1), Concat(a2, b2, s2)) => a1 == a2 && b1 == b2 && s1 == s2,
            (Data(a), Data(b)) => same_data(a, b),
            (RowIndex { start: s1, step: t1 }, RowIndex { start: s2, step: t2 }) => s1 == s2 && t1 == t2,
            (ListAgg { list: l1, body: b1, agg: o1 }, ListAgg { list: l2, body: b2, agg: o2 }) => {
                o1 == o2 && l1 == l2 && b1 == b2
            }
            _ => false,
        }
    }
}

impl Eq for Expr {}

fn same_data(a: &Column, b: &Column) -> bool {
    match (a, b) {
        (Column::Arrow(x), Column::Arrow(y)) => Arc::ptr_eq(x, y),
        (Column::Object(x), Column::Object(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

impl Hash for Expr {
    fn hash<H: Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Expr::Col(n) => n.hash(h),
            Expr::Lit(l) => l.hash(h),
            Expr::Binary(o, a, b) => (o, a, b).hash(h),
            Expr::Unary(o, a) => (o, a).hash(h),
            Expr::Cast(a, t) => (a, t).hash(h),
            Expr::FillNull(a, l) => (a, l).hash(h),
            Expr::Str(o, a) => (o, a).hash(h),
            Expr::Where(c, a, b) => (c, a, b).hash(h),
            Expr::IsIn(a, l) => (a, l).hash(h),
            Expr::Concat(a, b, s) => (a, b, s).hash(h),
            Expr::Data(c) => match c {
                Column::Arrow(a) => (Arc::as_ptr(a) as *const u8 as usize).hash(h),
                Column::Object(o) => (Arc::as_ptr(o) as *const u8 as usize).hash(h),
            },
            Expr::RowIndex { start, step } => (start, step).hash(h),
            Expr::ListAgg { list, body, agg } => (list, body, agg).hash(h),
        }
    }
}

impl Expr {
    pub fn col(name: &Name) -> Expr {
        Expr::Col(name.clone())
    }

    pub fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Arc::new(a), Arc::new(b))
    }

    /// Columns this expression reads.
    pub fn columns(&self, out: &mut Vec<Name>) {
        if let Expr::Col(n) = self {
            if !out.contains(n) {
                out.push(n.clone())
            }
        }
        for e in self.operands() {
            e.columns(out);
        }
    }

    /// The expressions this one computes from, over the same rows (a list
    /// aggregate's body runs over the lists' elements: not an operand).
    pub fn operands(&self) -> impl Iterator<Item = &Expr> {
        let (a, b, c): (Option<&Arc<Expr>>, Option<&Arc<Expr>>, Option<&Arc<Expr>>) = match self {
            Expr::Col(_) | Expr::Lit(_) | Expr::Data(_) | Expr::RowIndex { .. } => (None, None, None),
            Expr::Binary(_, a, b) | Expr::Concat(a, b, _) => (Some(a), Some(b), None),
            Expr::Unary(_, a)
            | Expr::Cast(a, _)
            | Expr::FillNull(a, _)
            | Expr::Str(_, a)
            | Expr::IsIn(a, _)
            | Expr::ListAgg { list: a, .. } => (Some(a), None, None),
            Expr::Where(c, a, b) => (Some(c), Some(a), Some(b)),
        };
        [a, b, c].into_iter().flatten().map(|e| &**e)
    }

    pub fn column_list(&self) -> Vec<Name> {
        let mut v = Vec::new();
        self.columns(&mut v);
        v
    }

    /// Whether the value of a row depends on its position or on other rows
    /// (so the expression cannot be computed after a filter instead of
    /// before).
    pub fn is_positional(&self) -> bool {
        matches!(self, Expr::Data(_) | Expr::RowIndex { .. }) || self.operands().any(Expr::is_positional)
    }

    /// Whether computing the expression again costs about what keeping its
    /// result would save: arithmetic, comparisons, casts between numbers,
    /// selections and computed data, one pass over fixed-width values. String
    /// work (making strs or lists of them) is not.
    pub fn recomputes_cheaply(&self) -> bool {
        let costly = matches!(
            self,
            Expr::Str(..) | Expr::Concat(..) | Expr::ListAgg { .. } | Expr::Cast(_, ColType::Str | ColType::StrList | ColType::Object)
        );
        !costly && self.operands().all(Expr::recomputes_cheaply)
    }

    /// Whether evaluating the expression over statically typed columns
    /// (no objects) can raise: casts (parsing strings), list aggregates
    /// (`max` of an empty list), floor division, modulo and powers (zero
    /// divisors, negative int exponents), joins of strings with others,
    /// regular expressions, and item access.
    pub fn may_raise(&self) -> bool {
        let raises = match self {
            Expr::Cast(..) | Expr::ListAgg { .. } | Expr::Concat(..) => true,
            Expr::Binary(op, ..) => matches!(op, BinOp::FloorDiv | BinOp::Mod | BinOp::Pow),
            Expr::Str(op, _) => {
                matches!(op, StrOp::ContainsRegex { .. } | StrOp::ReplaceRegex { .. } | StrOp::Get(_) | StrOp::Join(_))
            }
            _ => false,
        };
        raises || self.operands().any(Expr::may_raise)
    }

    /// The expression with column names replaced.
    pub fn rename(&self, f: &dyn Fn(&Name) -> Option<Expr>) -> Expr {
        let r = |e: &Arc<Expr>| Arc::new(e.rename(f));
        match self {
            Expr::Col(n) => f(n).unwrap_or_else(|| self.clone()),
            Expr::Lit(_) | Expr::Data(_) | Expr::RowIndex { .. } => self.clone(),
            Expr::Binary(o, a, b) => Expr::Binary(*o, r(a), r(b)),
            Expr::Concat(a, b, s) => Expr::Concat(r(a), r(b), s.clone()),
            Expr::Unary(o, a) => Expr::Unary(*o, r(a)),
            Expr::Cast(a, t) => Expr::Cast(r(a), *t),
            Expr::FillNull(a, l) => Expr::FillNull(r(a), l.clone()),
            Expr::Str(o, a) => Expr::Str(o.clone(), r(a)),
            Expr::IsIn(a, l) => Expr::IsIn(r(a), l.clone()),
            Expr::Where(c, a, b) => Expr::Where(r(c), r(a), r(b)),
            Expr::ListAgg { list, body, agg } => Expr::ListAgg { list: r(list), body: body.clone(), agg: *agg },
        }
    }

    /// The static result type given the input columns' types (`None`:
    /// decided by the data); an error for combinations pandas rejects.
    pub fn col_type(&self, input: &dyn Fn(&str) -> Result<Option<ColType>>) -> Result<Option<ColType>> {
        use ColType::*;
        Ok(match self {
            Expr::Col(n) => input(n)?,
            Expr::Lit(l) => l.col_type(),
            Expr::Data(c) => Some(c.col_type()),
            Expr::RowIndex { .. } => Some(Int64),
            Expr::Cast(_, t) => Some(*t),
            Expr::Binary(op, a, b) => {
                let (ta, tb) = (a.col_type(input)?, b.col_type(input)?);
                let (Some(ta), Some(tb)) = (ta, tb) else {
                    // Comparisons give bools whatever their operands are.
                    return Ok(if op.is_comparison() { Some(Bool) } else { None });
                };
                binary_type(*op, ta, tb, b)?
            }
            Expr::Concat(..) => Some(Str),
            Expr::Unary(op, a) => {
                let Some(t) = a.col_type(input)? else {
                    return Ok(match op {
                        UnOp::IsNull | UnOp::NotNull => Some(Bool),
                        _ => None,
                    });
                };
                match op {
                    UnOp::IsNull | UnOp::NotNull => Some(Bool),
                    UnOp::Neg | UnOp::Abs => match t {
                        Int64 | Float64 => Some(t),
                        Bool if *op == UnOp::Abs => Some(Bool),
                        _ => return Err(bad_unary(*op, t)),
                    },
                    UnOp::Invert => match t {
                        Int64 | Bool => Some(t),
                        _ => return Err(bad_unary(*op, t)),
                    },
                    UnOp::Round(_) => match t {
                        Int64 | Float64 | Bool => Some(t),
                        _ => return Err(Error::type_error(format!("round is not supported for {t} columns"))),
                    },
                }
            }
            Expr::FillNull(a, l) => match (a.col_type(input)?, l) {
                (Some(Float64), Lit::Int(_) | Lit::Float(_)) => Some(Float64),
                (Some(t @ (Int64 | Bool)), _) => Some(t),
                (Some(Str), Lit::Str(_)) => Some(Str),
                (Some(Object), _) => Some(Object),
                (None, _) => None,
                (Some(t), l) => {
                    return Err(Error::unsupported(format!("fillna of a {t} column with {l}")));
                }
            },
            Expr::Str(op, a) => {
                let t = a.col_type(input)?;
                match op {
                    StrOp::Len => match t {
                        Some(StrList) => return StrOp::ListLen.result_type(),
                        _ => None,
                    },
                    StrOp::Get(_) | StrOp::Join(_) | StrOp::ListLen => Some(Str),
                    _ => op.result_type()?,
                }
            }
            Expr::Where(_, a, b) => {
                let (ta, tb) = (a.col_type(input)?, b.col_type(input)?);
                match (ta, tb) {
                    (Some(x), Some(y)) if x == y => Some(x),
                    (Some(Int64 | Float64), Some(Int64 | Float64)) => Some(Float64),
                    _ => None,
                }
            }
            Expr::IsIn(..) => Some(Bool),
            Expr::ListAgg { .. } => Some(Int64),
        })
    }
}

impl StrOp {
    fn result_type(&self) -> Result<Option<ColType>> {
        use ColType::*;
        Ok(match self {
            StrOp::Len | StrOp::Count(_) | StrOp::Find(_) | StrOp::ListLen => None,
            StrOp::Contains { .. }
            | StrOp::ContainsRegex { .. }
            | StrOp::StartsWith(_)
            | StrOp::EndsWith(_)
            | StrOp::IsDigit
            | StrOp::IsAlpha
            | StrOp::IsNumeric
            | StrOp::IsAlnum
            | StrOp::IsSpace
            | StrOp::IsLower
            | StrOp::IsUpper => Some(Bool),
            StrOp::Split { .. } => Some(StrList),
            _ => Some(Str),
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            StrOp::Len | StrOp::ListLen => "len",
            StrOp::Lower => "lower",
            StrOp::Upper => "upper",
            StrOp::Title => "title",
            StrOp::Capitalize => "capitalize",
            StrOp::Strip { left: true, right: true, .. } => "strip",
            StrOp::Strip { left: true, .. } => "lstrip",
            StrOp::Strip { .. } => "rstrip",
            StrOp::Contains { .. } | StrOp::ContainsRegex { .. } => "contains",
            StrOp::StartsWith(_) => "startswith",
            StrOp::EndsWith(_) => "endswith",
            StrOp::Replace { .. } | StrOp::ReplaceRegex { .. } => "replace",
            StrOp::Split { .. } => "split",
            StrOp::Slice { .. } => "slice",
            StrOp::Get(_) => "get",
            StrOp::Zfill(_) => "zfill",
            StrOp::Pad { .. } => "pad",
            StrOp::Count(_) => "count",
            StrOp::Find(_) => "find",
            StrOp::IsDigit => "isdigit",
            StrOp::IsAlpha => "isalpha",
            StrOp::IsNumeric => "isnumeric",
            StrOp::IsAlnum => "isalnum",
            StrOp::IsSpace => "isspace",
            StrOp::IsLower => "islower",
            StrOp::IsUpper => "isupper",
            StrOp::Join(_) => "join",
        }
    }
}

fn bad_unary(op: UnOp, t: ColType) -> Error {
    let name = match op {
        UnOp::Neg => "bad operand type for unary -",
        UnOp::Invert => "bad operand type for unary ~",
        _ => "bad operand type for abs()",
    };
    Error::type_error(format!("{name}: '{}'", if t == ColType::Str { "ArrowStringArray" } else { t.name() }))
}

/// The result type of `a op b` for known operand types.
fn binary_type(op: BinOp, a: ColType, b: ColType, rhs: &Expr) -> Result<Option<ColType>> {
    use BinOp::*;
    use ColType::*;
    let numeric = |t: ColType| matches!(t, Int64 | Float64 | Bool);
    if op.is_comparison() {
        return match (a, b) {
            (x, y) if numeric(x) && numeric(y) => Ok(Some(Bool)),
            (Str, Str) => Ok(Some(Bool)),
            (Object, _) | (_, Object) => Ok(Some(Bool)),
            _ if matches!(op, Eq | Ne) => Ok(Some(Bool)),
            _ => Err(Error::type_error(format!(
                "Invalid comparison between dtype={} and {}",
                a.name(),
                b.name()
            ))),
        };
    }
    if a == Object || b == Object {
        return Err(Error::unsupported(format!("arithmetic ({}) on object columns", op.symbol())));
    }
    if a == Str || b == Str {
        return match (op, a, b) {
            (Add, Str, Str) => Ok(Some(Str)),
            _ => Err(Error::type_error(format!(
                "unsupported operand type(s) for {}: '{}' and '{}'",
                op.symbol(),
                a.name(),
                b.name()
            ))),
        };
    }
    if a == StrList || b == StrList {
        return Err(Error::unsupported(format!("arithmetic ({}) on list columns", op.symbol())));
    }
    Ok(match op {
        And | Or | Xor => match (a, b) {
            (Bool, Bool) => Some(Bool),
            (Int64 | Bool, Int64 | Bool) => Some(Int64),
            _ => {
                return Err(Error::type_error(format!(
                    "unsupported operand type(s) for {}: '{}' and '{}'",
                    op.symbol(),
                    a.name(),
                    b.name()
                )))
            }
        },
        Div => Some(Float64),
        FloorDiv | Mod => match (a, b) {
            (Int64 | Bool, Int64 | Bool) => {
                // Integer division by zero gives floats (inf/nan) in pandas:
                // known only from the data, unless the divisor is a literal.
                match rhs {
                    Expr::Lit(Lit::Int(v)) if *v != 0 => Some(Int64),
                    Expr::Lit(Lit::Bool(true)) => Some(Int64),
                    _ => None,
                }
            }
            _ => Some(Float64),
        },
        Pow => match (a, b) {
            (Int64 | Bool, Int64 | Bool) => Some(Int64),
            _ => Some(Float64),
        },
        Add | Sub | Mul => match (a, b) {
            (Bool, Bool) => {
                if op == Sub {
                    return Err(Error::type_error(
                        "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.",
                    ));
                }
                Some(Bool)
            }
            (Float64, _) | (_, Float64) => Some(Float64),
            _ => Some(Int64),
        },
        _ => unreachable!(),
    })
}
