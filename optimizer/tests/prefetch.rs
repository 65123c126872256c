//! Prefetches for strided item accesses: IR text before and after
//! `prefetch_strided_items`.
mod common;
use common::check_pass;
use hipy_optimizer::prefetch::prefetch_strided_items;

#[test]
fn an_item_at_a_range_position_with_a_value_step_is_prefetched_ahead() {
    // A range iterator's position v3 and step v4; the item at v3 is read and
    // written (one prefetch, 16 steps ahead).
    check_pass(
        prefetch_strided_items,
        "trace t
         inputs v0:obj, v1:obj, v2:obj
         v3:i64 = load_field v1, 48
         v4:i64 = load_field v1, 64
         v5 = int_add v3, v4
         store_field v1, 48, v5
         v6:obj = load_field v0, 64
         v7:obj = load_indexed v6, v3, 0
         store_indexed v6, v3, v2, 0
         jump v0, v1, v2",
        "trace t
         inputs v0:obj, v1:obj, v2:obj
         v3:i64 = load_field v1, 48
         v4:i64 = load_field v1, 64
         v5 = int_add v3, v4
         store_field v1, 48, v5
         v6:obj = load_field v0, 64
         v8 = int_mul v4, 16
         v9 = int_add v3, v8
         prefetch v6, v9
         v7:obj = load_indexed v6, v3, 0
         store_indexed v6, v3, v2, 0
         jump v0, v1, v2",
    );
}

#[test]
fn constant_strides_and_other_indexes_are_left_alone() {
    // i + 1 (the processor follows it), an index that is not carried to the
    // next iteration, and an item at an offset.
    let text = "trace t
         inputs v0:obj, v1:i64, v2:i64
         v3 = int_add v1, 1
         v4 = int_add v1, v2
         v5:obj = load_indexed v0, v1, 0
         v6:obj = load_indexed v0, v4, 0
         v7:obj = load_indexed v0, v2, 8
         jump v0, v3, v2";
    check_pass(prefetch_strided_items, text, text);
}
