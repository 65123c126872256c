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
