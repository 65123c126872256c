//! `_hipy_pandas.Expr`: column expressions built by Series arithmetic,
//! comparisons and the `.str` accessor, evaluated later inside a plan.

use crate::pandas::column_obj::PyColumn;
use crate::pandas::convert;
use hipy_lazy::table::expr::{BinOp, Expr, ListAggOp, Lit, PadSide, StrOp, UnOp, LIST_ELEMENT};
use rustpython_vm::builtins::PyStrRef;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};
use std::sync::Arc;

#[pyclass(module = "_hipy_pandas", name = "Expr")]
#[derive(Debug, PyPayload)]
pub struct PyExpr {
    pub expr: Expr,
}

impl PyExpr {
    pub fn new(expr: Expr) -> PyExpr {
        PyExpr { expr }
    }
}

fn bin_op(vm: &VirtualMachine, s: &str) -> PyResult<BinOp> {
    Ok(match s {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "//" => BinOp::FloorDiv,
        "%" => BinOp::Mod,
        "**" => BinOp::Pow,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "&" => BinOp::And,
        "|" => BinOp::Or,
        "^" => BinOp::Xor,
        other => return Err(vm.new_value_error(format!("internal: unknown operator {other}"))),
    })
}

fn arg<T: rustpython_vm::TryFromObject>(vm: &VirtualMachine, args: &FuncArgs, k: usize) -> PyResult<T> {
    let o = args.args.get(k).cloned().ok_or_else(|| vm.new_type_error("internal: missing argument"))?;
    T::try_from_object(vm, o)
}

fn opt_arg<T: rustpython_vm::TryFromObject>(vm: &VirtualMachine, args: &FuncArgs, k: usize) -> PyResult<Option<T>> {
    match args.args.get(k) {
        None => Ok(None),
        Some(o) if vm.is_none(o) => Ok(None),
        Some(o) => Ok(Some(T::try_from_object(vm, o.clone())?)),
    }
}

fn s(v: PyStrRef) -> Arc<str> {
    Arc::from(v.as_wtf8().to_string())
}

#[pyclass]
impl PyExpr {
    #[pymethod]
    fn binary(zelf: &Py<Self>, op: PyStrRef, other: PyRef<PyExpr>, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let op = bin_op(vm, op.to_string_lossy().as_ref())?;
        Ok(PyExpr::new(Expr::Binary(op, Arc::new(zelf.expr.clone()), Arc::new(other.expr.clone()))))
    }

    #[pymethod]
    fn unary(zelf: &Py<Self>, op: PyStrRef, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let op = match op.to_string_lossy().as_ref() {
            "neg" => UnOp::Neg,
            "invert" => UnOp::Invert,
            "abs" => UnOp::Abs,
            "isna" => UnOp::IsNull,
            "notna" => UnOp::NotNull,
            other => return Err(vm.new_value_error(format!("internal: unknown unary op {other}"))),
        };
        Ok(PyExpr::new(Expr::Unary(op, Arc::new(zelf.expr.clone()))))
    }

    #[pymethod]
    fn round(zelf: &Py<Self>, decimals: i32) -> PyExpr {
        PyExpr::new(Expr::Unary(UnOp::Round(decimals), Arc::new(zelf.expr.clone())))
    }

    #[pymethod]
    fn cast(zelf: &Py<Self>, to: PyStrRef, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let t = convert::col_type_of_name(vm, to.to_string_lossy().as_ref())?;
        Ok(PyExpr::new(Expr::Cast(Arc::new(zelf.expr.clone()), t)))
    }

    #[pymethod]
    fn fillna(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let l = convert::lit_of(vm, &value)?;
        Ok(PyExpr::new(Expr::FillNull(Arc::new(zelf.expr.clone()), l)))
    }

    /// `cond.where(a, b)`: `a` where this is true, else `b`.
    #[pymethod(name = "where")]
    fn where_(zelf: &Py<Self>, a: PyRef<PyExpr>, b: PyRef<PyExpr>) -> PyExpr {
        PyExpr::new(Expr::Where(Arc::new(zelf.expr.clone()), Arc::new(a.expr.clone()), Arc::new(b.expr.clone())))
    }

    #[pymethod]
    fn isin(zelf: &Py<Self>, values: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let lits: Vec<Lit> =
            convert::items_of(vm, &values)?.iter().map(|o| convert::lit_of(vm, o)).collect::<PyResult<_>>()?;
        Ok(PyExpr::new(Expr::IsIn(Arc::new(zelf.expr.clone()), Arc::new(lits))))
    }

    #[pymethod]
    fn cat(zelf: &Py<Self>, other: PyRef<PyExpr>, sep: PyStrRef) -> PyExpr {
        PyExpr::new(Expr::Concat(Arc::new(zelf.expr.clone()), Arc::new(other.expr.clone()), s(sep)))
    }

    /// A `.str` method: `name` and its arguments (positional, as the
    /// pandas layer normalized them).
    #[pymethod]
    fn str(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let name: PyStrRef = arg(vm, &args, 0)?;
        let op = match name.to_string_lossy().as_ref() {
            "len" => StrOp::Len,
            "lower" => StrOp::Lower,
            "upper" => StrOp::Upper,
            "title" => StrOp::Title,
            "capitalize" => StrOp::Capitalize,
            "strip" | "lstrip" | "rstrip" => StrOp::Strip {
                chars: opt_arg::<PyStrRef>(vm, &args, 1)?.map(s),
                left: name.to_string_lossy().as_ref() != "rstrip",
                right: name.to_string_lossy().as_ref() != "lstrip",
            },
            "contains" => StrOp::Contains { pat: s(arg(vm, &args, 1)?), case: arg(vm, &args, 2)? },
            "contains_regex" => StrOp::ContainsRegex { pat: s(arg(vm, &args, 1)?), case: arg(vm, &args, 2)? },
            "startswith" => StrOp::StartsWith(s(arg(vm, &args, 1)?)),
            "endswith" => StrOp::EndsWith(s(arg(vm, &args, 1)?)),
            "replace" => StrOp::Replace { pat: s(arg(vm, &args, 1)?), repl: s(arg(vm, &args, 2)?), n: arg(vm, &args, 3)? },
            "replace_regex" => StrOp::ReplaceRegex {
                pat: s(arg(vm, &args, 1)?),
                repl: s(arg(vm, &args, 2)?),
                n: arg(vm, &args, 3)?,
                case: arg(vm, &args, 4)?,
            },
            "split" => StrOp::Split { pat: opt_arg::<PyStrRef>(vm, &args, 1)?.map(s), n: arg(vm, &args, 2)? },
            "slice" => StrOp::Slice {
                start: opt_arg(vm, &args, 1)?,
                stop: opt_arg(vm, &args, 2)?,
                step: opt_arg(vm, &args, 3)?,
            },
            "get" => StrOp::Get(arg(vm, &args, 1)?),
            "zfill" => StrOp::Zfill(arg(vm, &args, 1)?),
            "pad" => {
                let side: PyStrRef = arg(vm, &args, 2)?;
                let fill: PyStrRef = arg(vm, &args, 3)?;
                StrOp::Pad {
                    width: arg(vm, &args, 1)?,
                    side: match side.to_string_lossy().as_ref() {
                        "left" => PadSide::Left,
                        "right" => PadSide::Right,
                        _ => PadSide::Both,
                    },
                    fill: fill.to_string_lossy().as_ref().chars().next().unwrap_or(' '),
                }
            }
            "count" => StrOp::Count(s(arg(vm, &args, 1)?)),
            "find" => StrOp::Find(s(arg(vm, &args, 1)?)),
            "isdigit" => StrOp::IsDigit,
            "isalpha" => StrOp::IsAlpha,
            "isnumeric" => StrOp::IsNumeric,
            "isalnum" => StrOp::IsAlnum,
            "isspace" => StrOp::IsSpace,
            "islower" => StrOp::IsLower,
            "isupper" => StrOp::IsUpper,
            "join" => StrOp::Join(s(arg(vm, &args, 1)?)),
            other => {
                return Err(vm.new_not_implemented_error(format!("pandas.Series.str.{other} is not supported by hipy")))
            }
        };
        Ok(PyExpr::new(Expr::Str(op, Arc::new(zelf.expr.clone()))))
    }

    /// `agg([body for element in self])` over a column of lists, `body`
    /// an int expression reading [`LIST_ELEMENT`] (see `element()`) only.
    #[pymethod]
    fn list_agg(zelf: &Py<Self>, agg: PyStrRef, body: PyRef<PyExpr>, vm: &VirtualMachine) -> PyResult<PyExpr> {
        let agg = match agg.to_string_lossy().as_ref() {
            "sum" => ListAggOp::Sum,
            "max" => ListAggOp::Max,
            "min" => ListAggOp::Min,
            other => return Err(vm.new_value_error(format!("internal: unknown list aggregate {other}"))),
        };
        if body.expr.column_list().iter().any(|n| &**n != LIST_ELEMENT) {
            return Err(vm.new_value_error("internal: a list aggregate's body reads other columns"));
        }
        Ok(PyExpr::new(Expr::ListAgg { list: Arc::new(zelf.expr.clone()), body: Arc::new(body.expr.clone()), agg }))
    }

    /// The names of the columns this expression reads.
    #[pymethod]
    fn columns(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_list(zelf.expr.column_list().iter().map(|n| vm.ctx.new_str(&**n).into()).collect()).into()
    }

    /// Whether this is just a column of the plan (and which).
    #[pymethod]
    fn column_name(zelf: &Py<Self>) -> Option<String> {
        match &zelf.expr {
            Expr::Col(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// Whether this is a literal.
    #[pymethod]
    fn is_literal(zelf: &Py<Self>) -> bool {
        matches!(zelf.expr, Expr::Lit(_))
    }

    #[pymethod]
    fn describe(zelf: &Py<Self>) -> String {
        hipy_lazy::table::optimize::explain::expr(&zelf.expr)
    }
}

pub fn col(name: PyStrRef) -> PyExpr {
    PyExpr::new(Expr::Col(s(name)))
}

pub fn lit(vm: &VirtualMachine, value: PyObjectRef) -> PyResult<PyExpr> {
    Ok(PyExpr::new(Expr::Lit(convert::lit_of(vm, &value)?)))
}

pub fn data(c: &PyColumn) -> PyExpr {
    PyExpr::new(Expr::Data(c.col.clone()))
}

/// The element of a list inside a `list_agg` body.
pub fn element() -> PyExpr {
    PyExpr::new(Expr::Col(Arc::from(LIST_ELEMENT)))
}

pub fn row_index(start: i64, step: i64) -> PyExpr {
    PyExpr::new(Expr::RowIndex { start, step })
}
