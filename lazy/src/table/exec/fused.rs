//! Fused evaluation of numeric column expressions: a tree of arithmetic,
//! comparisons, boolean logic and `where` over int64/float64/bool columns
//! without missing values runs in one pass, chunk by chunk (each chunk's
//! temporaries stay in cache), the chunks in parallel, instead of one
//! full column per operation.
//!
//! The types and results are those of the node-by-node kernels in
//! [`super::arith`] and [`super::expr`]: ints wrap, an int meets a float
//! as a float, `/` is a float division, NaN compares unequal to everything,
//! `where` of an int and a float is a float. Anything else (strings,
//! floor division, powers, missing values in an int or bool column) is
//! left to those kernels.

use crate::table::column::{ColType, Column, Table};
use crate::table::expr::{BinOp, Expr, Lit, UnOp};
use arrow_array::Array;
use rayon::prelude::*;
use std::borrow::Cow;

const CHUNK: usize = 4096;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    I,
    F,
    B,
}

/// The expression's result type, if the fused loop can compute it, and
/// how many operations it has.
fn ty(e: &Expr, t: &Table, ops: &mut usize) -> Option<Ty> {
    Some(match e {
        Expr::Col(name) => {
            let c = t.get(name)?;
            let a = c.arrow().ok()?;
            if a.null_count() > 0 {
                return None;
            }
            match c.col_type() {
                ColType::Int64 => Ty::I,
                ColType::Float64 => Ty::F,
                ColType::Bool => Ty::B,
                _ => return None,
            }
        }
        Expr::Lit(Lit::Int(_)) => Ty::I,
        Expr::Lit(Lit::Float(_)) => Ty::F,
        Expr::Lit(Lit::Bool(_)) => Ty::B,
        Expr::Binary(op, a, b) => {
            *ops += 1;
            let (x, y) = (ty(a, t, ops)?, ty(b, t, ops)?);
            match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div if x != Ty::B && y != Ty::B => {
                    if *op == BinOp::Div || x == Ty::F || y == Ty::F {
                        Ty::F
                    } else {
                        Ty::I
                    }
                }
                _ if op.is_comparison() && x != Ty::B && y != Ty::B => Ty::B,
                BinOp::And | BinOp::Or | BinOp::Xor if x == Ty::B && y == Ty::B => Ty::B,
                _ => return None,
            }
        }
        Expr::Unary(UnOp::Neg, a) => {
            *ops += 1;
            match ty(a, t, ops)? {
                Ty::B => return None,
                x => x,
            }
        }
        Expr::Where(c, a, b) => {
            *ops += 1;
            let (c, x, y) = (ty(c, t, ops)?, ty(a, t, ops)?, ty(b, t, ops)?);
            match (c, x, y) {
                (Ty::B, x, y) if x == y => x,
                (Ty::B, Ty::I | Ty::F, Ty::I | Ty::F) => Ty::F,
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// One chunk's values of a subexpression: a column's slice is borrowed,
/// a literal stays a scalar.
enum V<'a> {
    I(Cow<'a, [i64]>),
    F(Cow<'a, [f64]>),
    B(Vec<bool>),
    SI(i64),
    SF(f64),
    SB(bool),
}

/// An operand of a loop: a slice, or a scalar repeated.
enum Op<'a, T: Clone> {
    V(Cow<'a, [T]>),
    S(T),
}

impl<'a> V<'a> {
    fn floats(self) -> Op<'a, f64> {
        match self {
            V::F(v) => Op::V(v),
            V::I(v) => Op::V(Cow::Owned(v.iter().map(|&x| x as f64).collect())),
            V::SF(x) => Op::S(x),
            V::SI(x) => Op::S(x as f64),
            V::B(_) | V::SB(_) => unreachable!("typed as numeric"),
        }
    }
    fn ints(self) -> Op<'a, i64> {
        match self {
            V::I(v) => Op::V(v),
            V::SI(x) => Op::S(x),
            _ => unreachable!("typed as int"),
        }
    }
    fn bools(self) -> Op<'a, bool> {
        match self {
            V::B(v) => Op::V(Cow::Owned(v)),
            V::SB(x) => Op::S(x),
            _ => unreachable!("typed as bool"),
        }
    }
    fn is_float(&self) -> bool {
        matches!(self, V::F(_) | V::SF(_))
    }
    fn is_bool(&self) -> bool {
        matches!(self, V::B(_) | V::SB(_))
    }
}

/// `f` over two operands (generic, so each use is its own tight loop).
#[inline(always)]
fn map2<T: Copy, R: Clone>(x: Op<T>, y: Op<T>, n: usize, f: impl Fn(T, T) -> R) -> Vec<R> {
    match (x, y) {
        (Op::V(a), Op::V(b)) => a.iter().zip(b.iter()).map(|(&p, &q)| f(p, q)).collect(),
        (Op::V(a), Op::S(q)) => a.iter().map(|&p| f(p, q)).collect(),
        (Op::S(p), Op::V(b)) => b.iter().map(|&q| f(p, q)).collect(),
        (Op::S(p), Op::S(q)) => vec![f(p, q); n],
    }
}

fn at<T: Copy>(x: &Op<T>, i: usize) -> T {
    match x {
        Op::V(v) => v[i],
        Op::S(s) => *s,
    }
}

fn pick<T: Copy>(c: &Op<bool>, x: Op<T>, y: Op<T>, n: usize) -> Vec<T> {
    (0..n).map(|i| if at(c, i) { at(&x, i) } else { at(&y, i) }).collect()
}

macro_rules! cmp_loop {
    ($op:expr, $x:expr, $y:expr, $n:expr) => {
        match $op {
            BinOp::Eq => map2($x, $y, $n, |p, q| p == q),
            BinOp::Ne => map2($x, $y, $n, |p, q| p != q),
            BinOp::Lt => map2($x, $y, $n, |p, q| p < q),
            BinOp::Le => map2($x, $y, $n, |p, q| p <= q),
            BinOp::Gt => map2($x, $y, $n, |p, q| p > q),
            _ => map2($x, $y, $n, |p, q| p >= q),
        }
    };
}

/// Rows `lo..lo + n` of `e` (already typed by [`ty`]).
fn eval<'a>(e: &Expr, t: &'a Table, lo: usize, n: usize) -> V<'a> {
    match e {
        Expr::Col(name) => {
            let c = t.get(name).expect("typed");
            match c.col_type() {
                ColType::Int64 => V::I(Cow::Borrowed(&c.i64s().unwrap().values()[lo..lo + n])),
                ColType::Float64 => V::F(Cow::Borrowed(&c.f64s().unwrap().values()[lo..lo + n])),
                _ => {
                    let b = c.bools().unwrap();
                    V::B((lo..lo + n).map(|i| b.value(i)).collect())
                }
            }
        }
        Expr::Lit(Lit::Int(v)) => V::SI(*v),
        Expr::Lit(Lit::Float(v)) => V::SF(*v),
        Expr::Lit(Lit::Bool(v)) => V::SB(*v),
        Expr::Binary(op, a, b) => {
            let (x, y) = (eval(a, t, lo, n), eval(b, t, lo, n));
            let float = x.is_float() || y.is_float();
            match op {
                BinOp::And => V::B(map2(x.bools(), y.bools(), n, |p, q| p & q)),
                BinOp::Or => V::B(map2(x.bools(), y.bools(), n, |p, q| p | q)),
                BinOp::Xor => V::B(map2(x.bools(), y.bools(), n, |p, q| p ^ q)),
                _ if op.is_comparison() && float => V::B(cmp_loop!(op, x.floats(), y.floats(), n)),
                _ if op.is_comparison() => V::B(cmp_loop!(op, x.ints(), y.ints(), n)),
                BinOp::Div => V::F(Cow::Owned(map2(x.floats(), y.floats(), n, |p, q| p / q))),
                BinOp::Add if float => V::F(Cow::Owned(map2(x.floats(), y.floats(), n, |p, q| p + q))),
                BinOp::Sub if float => V::F(Cow::Owned(map2(x.floats(), y.floats(), n, |p, q| p - q))),
                BinOp::Mul if float => V::F(Cow::Owned(map2(x.floats(), y.floats(), n, |p, q| p * q))),
                BinOp::Add => V::I(Cow::Owned(map2(x.ints(), y.ints(), n, i64::wrapping_add))),
                BinOp::Sub => V::I(Cow::Owned(map2(x.ints(), y.ints(), n, i64::wrapping_sub))),
                _ => V::I(Cow::Owned(map2(x.ints(), y.ints(), n, i64::wrapping_mul))),
            }
        }
        Expr::Unary(_, a) => match eval(a, t, lo, n) {
            V::F(v) => V::F(Cow::Owned(v.iter().map(|&x| -x).collect())),
            V::SF(x) => V::SF(-x),
            V::SI(x) => V::SI(x.wrapping_neg()),
            v => V::I(Cow::Owned(map2(v.ints(), Op::S(0), n, |p, _| p.wrapping_neg()))),
        },
        Expr::Where(c, a, b) => {
            let c = eval(c, t, lo, n).bools();
            let (x, y) = (eval(a, t, lo, n), eval(b, t, lo, n));
            if x.is_float() || y.is_float() {
                V::F(Cow::Owned(pick(&c, x.floats(), y.floats(), n)))
            } else if x.is_bool() {
                V::B(pick(&c, x.bools(), y.bools(), n))
            } else {
                V::I(Cow::Owned(pick(&c, x.ints(), y.ints(), n)))
            }
        }
        _ => unreachable!("typed"),
    }
}

/// `e` over `t` in one fused pass, when it has at least two operations
/// the fused loop supports; `None` otherwise.
pub fn column(e: &Expr, t: &Table) -> Option<Column> {
    let mut ops = 0;
    let out = ty(e, t, &mut ops)?;
    if ops < 2 || t.num_rows == 0 {
        return None;
    }
    let n = t.num_rows;
    fn fill<T: Copy + Default + Send + Sync>(n: usize, e: &Expr, t: &Table, get: for<'a> fn(V<'a>) -> Op<'a, T>) -> Vec<T> {
        let mut out = vec![T::default(); n];
        out.par_chunks_mut(CHUNK).enumerate().for_each(|(k, dst)| match get(eval(e, t, k * CHUNK, dst.len())) {
            Op::V(v) => dst.copy_from_slice(&v),
            Op::S(x) => dst.fill(x),
        });
        out
    }
    Some(match out {
        Ty::F => Column::from_f64(fill(n, e, t, |v| v.floats())),
        Ty::I => Column::from_i64(fill(n, e, t, |v| v.ints())),
        Ty::B => Column::from_bool(fill(n, e, t, |v| v.bools())),
    })
}
