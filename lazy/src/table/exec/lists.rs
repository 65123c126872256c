//! Aggregates over each row's list of strings ([`Expr::ListAgg`]): the
//! body runs once over all the elements of all the lists (one column of
//! the Arrow list's values, so every kernel of the expression evaluator
//! applies), then each row's slice of the results is reduced.

use super::expr::Eval;
use crate::table::column::{Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::expr::{Expr, ListAggOp, LIST_ELEMENT};
use arrow_array::cast::AsArray;
use arrow_array::Array;

pub fn aggregate(lists: &Column, body: &Expr, agg: ListAggOp) -> Result<Column> {
    let list = lists
        .arrow()
        .ok()
        .and_then(|a| a.as_list_opt::<i32>())
        .ok_or_else(|| Error::type_error(format!("internal: a list aggregate over a {} column", lists.col_type())))?;
    let offsets = list.value_offsets();
    let (first, last) = (offsets[0] as usize, offsets[list.len()] as usize);
    let elements = Column::Arrow(list.values().slice(first, last - first));
    let table = Table::new(last - first, vec![(Name::from(LIST_ELEMENT), elements)]);
    let values = Eval::new(&table).column(body)?;
    let values = values
        .i64s()
        .ok_or_else(|| Error::type_error(format!("internal: a list aggregate of {} values", values.col_type())))?
        .values();
    let mut out = Vec::with_capacity(list.len());
    for i in 0..list.len() {
        if list.is_null(i) {
            return Err(Error::type_error("'float' object is not iterable"));
        }
        let row = &values[offsets[i] as usize - first..offsets[i + 1] as usize - first];
        out.push(match agg {
            ListAggOp::Sum => row.iter().sum(),
            ListAggOp::Max => *row.iter().max().ok_or_else(|| Error::value("max() iterable argument is empty"))?,
            ListAggOp::Min => *row.iter().min().ok_or_else(|| Error::value("min() iterable argument is empty"))?,
        });
    }
    Ok(Column::from_i64(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::expr::{BinOp, Lit, StrOp};
    use std::sync::Arc;

    fn split(rows: &[&str]) -> Column {
        let strs = Column::from_strs(&rows.iter().map(|r| Some(*r)).collect::<Vec<_>>());
        super::super::strings::eval(&StrOp::Split { pat: Some(" ".into()), n: -1 }, &strs).unwrap()
    }

    fn element_len() -> Expr {
        Expr::Str(StrOp::Len, Arc::new(Expr::Col(LIST_ELEMENT.into())))
    }

    fn ints(c: Column) -> Vec<i64> {
        c.i64s().unwrap().values().to_vec()
    }

    #[test]
    fn aggregates_each_row() {
        let lists = split(&["red green", "blue", "a bb ccc"]);
        assert_eq!(ints(aggregate(&lists, &element_len(), ListAggOp::Max).unwrap()), [5, 4, 3]);
        assert_eq!(ints(aggregate(&lists, &element_len(), ListAggOp::Min).unwrap()), [3, 4, 1]);
        let twice_minus_one = Expr::binary(
            BinOp::Sub,
            Expr::binary(BinOp::Mul, element_len(), Expr::Lit(Lit::Int(2))),
            Expr::Lit(Lit::Int(1)),
        );
        assert_eq!(ints(aggregate(&lists, &twice_minus_one, ListAggOp::Sum).unwrap()), [14, 7, 9]);
    }

    #[test]
    fn sliced_lists_and_empty_rows() {
        // A slice of the list array: its offsets do not start at 0.
        let lists = split(&["x", "a bb", "", "ccc dddd"]).slice(1, 3);
        assert_eq!(ints(aggregate(&lists, &element_len(), ListAggOp::Sum).unwrap()), [3, 0, 7]);
        let one = Expr::Lit(Lit::Int(1));
        assert_eq!(ints(aggregate(&lists, &one, ListAggOp::Sum).unwrap()), [2, 1, 2]);
        let empty = Column::from_strs(&[Some("a")]);
        let none = super::super::strings::eval(&StrOp::Split { pat: None, n: -1 }, &Column::from_strs(&[Some(" ")]))
            .unwrap();
        assert!(aggregate(&none, &element_len(), ListAggOp::Max).is_err());
        assert_eq!(ints(aggregate(&none, &element_len(), ListAggOp::Sum).unwrap()), [0]);
        assert!(aggregate(&empty, &element_len(), ListAggOp::Sum).is_err());
    }
}
