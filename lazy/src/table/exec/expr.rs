//! Evaluation of column expressions over a table. Shared subexpressions
//! (one `Arc` after CSE) are computed once per node.

use super::arith::{self, Val};
use super::strings;
use crate::table::column::{ColType, Column, Table};
use crate::table::error::{Error, Result};
use crate::table::expr::{Expr, Lit, UnOp};
use arrow_array::{Array, BooleanArray};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

pub struct Eval<'a> {
    table: &'a Table,
    /// When the table is a chunk of the node's input (`super::pipeline`),
    /// the position of its first row there: positional expressions
    /// (computed data, row numbers) are read from that row on.
    chunk_at: Option<usize>,
    memo: HashMap<usize, Val>,
}

impl<'a> Eval<'a> {
    pub fn new(table: &'a Table) -> Eval<'a> {
        Eval { table, chunk_at: None, memo: HashMap::new() }
    }

    /// Over `table`, the chunk of the node's input from row `first`.
    pub fn chunk(table: &'a Table, first: usize) -> Eval<'a> {
        Eval { table, chunk_at: Some(first), memo: HashMap::new() }
    }

    fn rows(&self) -> usize {
        self.table.num_rows
    }

    fn sub(&mut self, e: &Arc<Expr>) -> Result<Val> {
        let key = Arc::as_ptr(e) as usize;
        if let Some(v) = self.memo.get(&key) {
            return Ok(v.clone());
        }
        let v = self.val(e)?;
        if Arc::strong_count(e) > 1 {
            self.memo.insert(key, v.clone());
        }
        Ok(v)
    }

    /// The expression as a full column.
    pub fn column(&mut self, e: &Expr) -> Result<Column> {
        let v = self.val(e)?;
        self.materialize(v)
    }

    fn materialize(&self, v: Val) -> Result<Column> {
        Ok(match v {
            Val::C(c) => c,
            Val::L(l) => broadcast_lit(&l, self.rows())?,
        })
    }

    fn col_of(&mut self, e: &Arc<Expr>) -> Result<Column> {
        let v = self.sub(e)?;
        self.materialize(v)
    }

    /// A boolean mask (for filters).
    pub fn mask(&mut self, e: &Expr) -> Result<BooleanArray> {
        let c = self.column(e)?;
        match c.bools() {
            Some(b) => Ok(b.clone()),
            None => Err(Error::type_error(format!("a filter must be boolean, not {}", c.col_type()))),
        }
    }

    fn val(&mut self, e: &Expr) -> Result<Val> {
        let n = self.rows();
        if let Some(c) = super::fused::column(e, self.table) {
            return Ok(Val::C(c));
        }
        Ok(match e {
            Expr::Col(name) => Val::C(self.table.column(name)?.clone()),
            Expr::Lit(l) => Val::L(l.clone()),
            Expr::Data(c) => match self.chunk_at {
                None => Val::C(c.clone()),
                Some(first) => Val::C(c.slice(first, n)),
            },
            Expr::RowIndex { start, step } => {
                let first = self.chunk_at.unwrap_or(0) as i64;
                Val::C(Column::from_i64((first..first + n as i64).map(|i| start + i * step).collect()))
            }
            Expr::Binary(op, a, b) => {
                let (x, y) = (self.sub(a)?, self.sub(b)?);
                if let (Val::L(_), Val::L(_)) = (&x, &y) {
                    let x = Val::C(broadcast_lit(match &x {
                        Val::L(l) => l,
                        _ => unreachable!(),
                    }, n)?);
                    return Ok(Val::C(arith::binary(*op, &x, &y, n)?));
                }
                Val::C(arith::binary(*op, &x, &y, n)?)
            }
            Expr::Unary(op, a) => {
                let c = self.col_of(a)?;
                Val::C(match op {
                    UnOp::Neg => arith::neg(&c)?,
                    UnOp::Abs => arith::abs(&c)?,
                    UnOp::Invert => arith::invert(&c)?,
                    UnOp::Round(d) => arith::round(&c, *d)?,
                    UnOp::IsNull | UnOp::NotNull => {
                        let m = is_null(&c)?;
                        if *op == UnOp::IsNull {
                            Column::from_bool(m)
                        } else {
                            Column::from_bool(m.into_iter().map(|b| !b).collect())
                        }
                    }
                })
            }
            Expr::Cast(a, t) => Val::C(self.col_of(a)?.cast(*t)?),
            Expr::FillNull(a, l) => Val::C(fill_null(&self.col_of(a)?, l)?),
            Expr::Str(op, a) => Val::C(strings::eval(op, &self.col_of(a)?)?),
            Expr::Where(c, a, b) => {
                let cond = self.col_of(c)?;
                let cond = cond.bools().ok_or_else(|| Error::type_error("where needs a boolean condition"))?.clone();
                let (x, y) = (self.col_of(a)?, self.col_of(b)?);
                Val::C(where_(&cond, &x, &y)?)
            }
            Expr::IsIn(a, lits) => Val::C(is_in(&self.col_of(a)?, lits)?),
            Expr::ListAgg { list, body, agg } => Val::C(super::lists::aggregate(&self.col_of(list)?, body, *agg)?),
            Expr::Concat(a, b, sep) => {
                let (x, y) = (self.col_of(a)?, self.col_of(b)?);
                let (x, y) = match (x.strs(), y.strs()) {
                    (Some(x), Some(y)) => (x.clone(), y.clone()),
                    _ => return Err(Error::type_error("str.cat needs string columns")),
                };
                let sep = arrow_array::StringArray::from(vec![&**sep; n]);
                let xs = arrow_string::concat_elements::concat_elements_utf8(&x, &sep)?;
                let r = arrow_string::concat_elements::concat_elements_utf8(&xs, &y)?;
                Val::C(Column::Arrow(Arc::new(r)))
            }
        })
    }
}

/// A literal repeated `n` times.
pub fn broadcast_lit(l: &Lit, n: usize) -> Result<Column> {
    Ok(match l {
        Lit::Int(v) => Column::from_i64(vec![*v; n]),
        Lit::Float(v) => Column::from_f64(vec![*v; n]),
        Lit::Bool(v) => Column::from_bool(vec![*v; n]),
        Lit::Str(s) => Column::from_strs(&vec![Some(&**s); n]),
        Lit::Null => Column::from_f64(vec![f64::NAN; n]),
    })
}

/// Which rows are missing (NaN, None, null).
pub fn is_null(c: &Column) -> Result<Vec<bool>> {
    Ok(match c {
        Column::Object(o) => o.is_null(),
        Column::Arrow(a) => match c.col_type() {
            ColType::Float64 => c.f64s().unwrap().values().iter().map(|v| v.is_nan()).collect(),
            ColType::Int64 | ColType::Bool => vec![false; a.len()],
            _ => (0..a.len()).map(|i| a.is_null(i)).collect(),
        },
    })
}

fn fill_null(c: &Column, l: &Lit) -> Result<Column> {
    match (c.col_type(), l) {
        (ColType::Float64, Lit::Int(_) | Lit::Float(_)) => {
            let v = match l {
                Lit::Int(i) => *i as f64,
                Lit::Float(f) => *f,
                _ => unreachable!(),
            };
            Ok(Column::from_f64(c.f64s().unwrap().values().iter().map(|&x| if x.is_nan() { v } else { x }).collect()))
        }
        (ColType::Int64 | ColType::Bool, _) => Ok(c.clone()),
        (ColType::Str, Lit::Str(s)) => {
            let a = c.strs().unwrap();
            let v: Vec<Option<&str>> =
                (0..a.len()).map(|i| Some(if a.is_null(i) { &**s } else { a.value(i) })).collect();
            Ok(Column::from_strs(&v))
        }
        (ColType::Float64 | ColType::Str, Lit::Null) => Ok(c.clone()),
        (t, l) => Err(Error::unsupported(format!("fillna of a {t} column with {l}"))),
    }
}

fn where_(cond: &BooleanArray, x: &Column, y: &Column) -> Result<Column> {
    let (tx, ty) = (x.col_type(), y.col_type());
    let (x, y) = if tx != ty {
        match (tx, ty) {
            (ColType::Int64 | ColType::Float64 | ColType::Bool, ColType::Int64 | ColType::Float64 | ColType::Bool) => {
                (x.cast(ColType::Float64)?, y.cast(ColType::Float64)?)
            }
            _ => return Err(Error::unsupported(format!("where mixing {tx} and {ty} values"))),
        }
    } else {
        (x.clone(), y.clone())
    };
    let r = arrow_select::zip::zip(cond, x.arrow()?, y.arrow()?)?;
    Ok(Column::Arrow(r))
}

fn is_in(c: &Column, lits: &[Lit]) -> Result<Column> {
    let n = c.len();
    Ok(match c.col_type() {
        ColType::Int64 | ColType::Float64 | ColType::Bool => {
            let vals = super::arith::floats(c)?;
            let mut set = HashSet::new();
            let mut nan = false;
            for l in lits {
                match l {
                    Lit::Int(i) => {
                        set.insert((*i as f64).to_bits());
                    }
                    Lit::Float(f) if f.is_nan() => nan = true,
                    Lit::Float(f) => {
                        set.insert((f + 0.0).to_bits());
                    }
                    Lit::Bool(b) => {
                        set.insert((*b as i64 as f64).to_bits());
                    }
                    Lit::Null => nan = true,
                    Lit::Str(_) => {}
                }
            }
            Column::from_bool(
                vals.values().iter().map(|&v| if v.is_nan() { nan } else { set.contains(&(v + 0.0).to_bits()) }).collect(),
            )
        }
        ColType::Str => {
            let s = c.strs().unwrap();
            let set: HashSet<&str> = lits.iter().filter_map(|l| if let Lit::Str(s) = l { Some(&**s) } else { None }).collect();
            let null_in = lits.iter().any(|l| matches!(l, Lit::Null));
            Column::from_bool((0..n).map(|i| if s.is_null(i) { null_in } else { set.contains(s.value(i)) }).collect())
        }
        t => return Err(Error::unsupported(format!("isin on {t} columns"))),
    })
}
