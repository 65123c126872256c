//! The helpers compiled code calls, in one typed table: each variant names an
//! `extern "C"` function of `helpers`, its signature and what the optimizer may
//! assume about it (`FuncFlags`), and which arguments it consumes. The recorder
//! asks for helpers by variant, so a misspelt or missing helper does not compile.

use hipy_optimizer::{FuncDesc, FuncFlags as F, Type::*};

use super::attr_helpers::*;
use super::helpers::*;

const PLAIN: F = F {
    pure: false,
    owned: false,
    can_raise: false,
    incref: false,
    decref: false,
    refcounts_only: false,
    item_store: false,
};
const PURE: F = F { pure: true, ..PLAIN };
const OWNED: F = F { owned: true, ..PLAIN };
const RAISING: F = F { owned: true, can_raise: true, ..PLAIN };

macro_rules! helpers {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $func:ident, [$($arg:ident),*] -> $ret:ident, $flags:expr, $consumes:literal;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Helper {
            $($(#[$doc])* $variant,)*
        }

        impl Helper {
            /// The name compiled-code listings show.
            pub fn name(self) -> &'static str {
                match self {
                    $(Helper::$variant => $name,)*
                }
            }

            /// Whether the helper named `name` allocates an object (for the
            /// allocations a trace still makes).
            pub fn allocating(name: &str) -> bool {
                const ALLOCATING: &[Helper] = &[
                    Helper::MaterializeInstance, Helper::NewInstance, Helper::BoxInt, Helper::BoxFloat,
                    Helper::BoxBool, Helper::Set0, Helper::Dict0, Helper::Slice2, Helper::Slice3,
                    Helper::List0, Helper::List1, Helper::List2, Helper::List3, Helper::List4, Helper::List5, Helper::List6,
                    Helper::Tuple1, Helper::Tuple2, Helper::Tuple3, Helper::Tuple4, Helper::Tuple5, Helper::Tuple6,
                    Helper::ListToTuple, Helper::RangeIter, Helper::MakeFunctionMade,
                ];
                ALLOCATING.iter().any(|h| h.name() == name)
            }

            /// Whether the helper may run Python code (so the code it runs
            /// may look at the frames the trace keeps virtual: its calls
            /// are made at a call site, `sites`).
            pub fn runs_code(self) -> bool {
                matches!(
                    self,
                    Helper::Binop | Helper::Compare | Helper::Getattr | Helper::GetattrHinted | Helper::IterNext
                        | Helper::GetIter | Helper::GetSlice | Helper::Invert | Helper::Format | Helper::Convert
                        | Helper::NewInstance | Helper::CallEx | Helper::SuperAttr
                        | Helper::Call0 | Helper::Call1 | Helper::Call2 | Helper::Call3 | Helper::Call4
                        | Helper::CallPy0 | Helper::CallPy1 | Helper::CallPy2 | Helper::CallPy3 | Helper::CallPy4
                        | Helper::CallKw1 | Helper::CallKw2 | Helper::CallKw3 | Helper::CallKw4
                )
            }

            /// The call descriptor the IR's function table holds.
            pub fn desc(self) -> FuncDesc {
                let (addr, args, ret, flags, consumes): (usize, &[hipy_optimizer::Type], hipy_optimizer::Type, F, u32) =
                    match self {
                        $(Helper::$variant => ($func as *const () as usize, &[$($arg),*], $ret, $flags, $consumes),)*
                    };
                FuncDesc {
                    addr: addr as u64,
                    name: self.name().to_owned(),
                    args: args.to_vec(),
                    ret,
                    flags,
                    consumes,
                    result_class: None,
                }
            }
        }
    };
}

helpers! {
    Incref = "incref", hp_incref, [Obj] -> Obj, F { owned: true, incref: true, ..PLAIN }, 0;
    Decref = "decref", hp_decref, [Obj] -> Void, F { decref: true, ..PLAIN }, 1;
    /// The reference a store took out of a container (`store_indexed`):
    /// the trace got it from memory, so it was never an owned IR value.
    DecrefReplaced = "decref_replaced", hp_decref, [Obj] -> Void, PLAIN, 0;
    /// A new reference that a `store_indexed` hands to a container (so
    /// never an owned IR value).
    IncrefStored = "incref_stored", hp_incref, [Obj] -> Obj, F { refcounts_only: true, ..PLAIN }, 0;
    BoxInt = "box_int", hp_box_int, [I64] -> Obj, OWNED, 0;
    BoxFloat = "box_float", hp_box_float, [F64] -> Obj, OWNED, 0;
    BoxBool = "box_bool", hp_box_bool, [I64] -> Obj, OWNED, 0;
    UnboxInt = "unbox_int", hp_unbox_int, [Obj] -> I64, PURE, 0;
    Binop = "binop", hp_binop, [Obj, Obj, I64] -> Obj, RAISING, 0;
    Compare = "compare", hp_compare, [Obj, Obj, I64] -> Obj, RAISING, 0;
    Truthy = "truthy", hp_truthy, [Obj] -> I64, PLAIN, 0;
    LoadGlobal = "load_global", hp_load_global, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    Getattr = "getattr", hp_getattr, [Obj, Obj] -> Obj, RAISING, 0;
    Setattr = "setattr", hp_setattr, [Obj, Obj, Obj] -> I64, PLAIN, 0;
    /// Instance-dict reads and writes through a site cache's hint (`attr_helpers`;
    /// hint 0: none). The optimizer folds the reads on virtual objects.
    GetattrHinted = "getattr_hinted", hp_getattr_hinted, [Obj, Obj, I64] -> Obj, RAISING, 0;
    SetattrHinted = "setattr_hinted", hp_setattr_hinted, [Obj, Obj, Obj, I64] -> I64, PLAIN, 0;
    HasDictAttrHinted = "has_dict_attr_hinted", hp_has_dict_attr_hinted, [Obj, Obj, I64] -> I64, PLAIN, 0;
    Setitem = "setitem", hp_setitem, [Obj, Obj, Obj] -> I64, PLAIN, 0;
    CellSet = "cell_set", hp_cell_set, [Obj, Obj] -> I64, PLAIN, 0;
    ListAppend = "list_append", hp_list_append, [Obj, Obj] -> I64, PLAIN, 0;
    ListPop = "list_pop", hp_list_pop, [Obj, I64] -> Obj, RAISING, 0;
    Offer = "offer", hp_offer, [Obj] -> I64, PLAIN, 0;
    OfferInt = "offer_int", hp_offer_int, [I64] -> I64, PLAIN, 0;
    OfferFloat = "offer_float", hp_offer_float, [F64] -> I64, PLAIN, 0;
    /// Generator peeling: resume, take and put slots, suspend (`generator`).
    GenEnter = "gen_enter", hp_gen_enter, [Obj, I64, I64, I64] -> Obj, PLAIN, 0;
    GenTake = "gen_take", hp_gen_take, [Obj, I64] -> Obj, OWNED, 0;
    GenPut = "gen_put", hp_gen_put, [Obj, I64, Obj] -> Void, PLAIN, 4;
    GenFinish = "gen_finish", hp_gen_finish, [Obj] -> Void, PLAIN, 0;
    GenBuffer = "gen_buffer", hp_gen_buffer, [Obj] -> Obj, PLAIN, 0;
    GenSuspend = "gen_suspend", hp_gen_suspend, [Obj, I64, I64, I64, I64] -> Void, PLAIN, 0;
    /// A container call consuming a generator inline (`push::consume`):
    /// the empty container, a value added (1) or declined (0), the result.
    ConsumeNew = "consume_new", hp_consume_new, [I64] -> Obj, OWNED, 0;
    ConsumeTake = "consume_take", hp_consume_take, [Obj, Obj, I64] -> I64, PLAIN, 0;
    ConsumeEnd = "consume_end", hp_consume_end, [Obj, I64] -> Obj, OWNED, 0;
    ConsumeJoin = "consume_join", hp_consume_join, [Obj] -> Obj, RAISING, 0;
    SetAdd = "set_add", hp_set_add, [Obj, Obj] -> I64, PLAIN, 0;
    MapAdd = "map_add", hp_map_add, [Obj, Obj, Obj] -> I64, PLAIN, 0;
    ListExtend = "list_extend", hp_list_extend, [Obj, Obj] -> I64, PLAIN, 0;
    SetUpdate = "set_update", hp_set_update, [Obj, Obj] -> I64, PLAIN, 0;
    DictUpdate = "dict_update", hp_dict_update, [Obj, Obj] -> I64, PLAIN, 0;
    ListGet = "list_get", hp_list_get, [Obj, I64] -> Obj, RAISING, 0;
    TupleGet = "tuple_get", hp_tuple_get, [Obj, I64] -> Obj, RAISING, 0;
    StrGet = "str_get", hp_str_get, [Obj, I64] -> Obj, RAISING, 0;
    ListSet = "list_set", hp_list_set, [Obj, I64, Obj] -> I64, PLAIN, 0;
    DictGet = "dict_get", hp_dict_get, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    DictSubscript = "dict_subscript", hp_dict_subscript, [Obj, Obj] -> Obj, RAISING, 0;
    StoreFloatItem = "store_float_item", hp_store_float_item, [Obj, I64, F64] -> I64, F { item_store: true, ..PLAIN }, 0;
    Len = "len", hp_len, [Obj] -> I64, PLAIN, 0;
    SumSeq = "sum_seq", hp_sum_seq, [Obj] -> Obj, RAISING, 0;
    IterNext = "iter_next", hp_iter_next, [Obj] -> Obj, RAISING, 0;
    GenNew0 = "gen_new0", hp_gen_new0, [Obj] -> Obj, RAISING, 0;
    GenNew1 = "gen_new1", hp_gen_new1, [Obj, Obj] -> Obj, RAISING, 0;
    GenNew2 = "gen_new2", hp_gen_new2, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    GenNew3 = "gen_new3", hp_gen_new3, [Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    GenNew4 = "gen_new4", hp_gen_new4, [Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    Call0 = "call0", hp_call0, [Obj] -> Obj, RAISING, 0;
    Call1 = "call1", hp_call1, [Obj, Obj] -> Obj, RAISING, 0;
    Call2 = "call2", hp_call2, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    Call3 = "call3", hp_call3, [Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    Call4 = "call4", hp_call4, [Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    /// As Call0..4, for a Python function that may have compiled code of
    /// its own (`trace::call_entry`), run directly when it has.
    CallPy0 = "call_py0", hp_call_py0, [Obj] -> Obj, RAISING, 0;
    CallPy1 = "call_py1", hp_call_py1, [Obj, Obj] -> Obj, RAISING, 0;
    CallPy2 = "call_py2", hp_call_py2, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    CallPy3 = "call_py3", hp_call_py3, [Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    CallPy4 = "call_py4", hp_call_py4, [Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    NewInstance = "new_instance", hp_new_instance, [Obj] -> Obj, RAISING, 0;
    CallKw1 = "call_kw1", hp_call_kw1, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    CallKw2 = "call_kw2", hp_call_kw2, [Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    CallKw3 = "call_kw3", hp_call_kw3, [Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    CallKw4 = "call_kw4", hp_call_kw4, [Obj, Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    CallEx = "call_ex", hp_call_ex, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    Contains = "contains", hp_contains, [Obj, Obj] -> I64, PLAIN, 0;
    DictMerge = "dict_merge", hp_dict_merge, [Obj, Obj, Obj] -> I64, PLAIN, 0;
    Invert = "invert", hp_invert, [Obj] -> Obj, RAISING, 0;
    Delitem = "delitem", hp_delitem, [Obj, Obj] -> I64, PLAIN, 0;
    Format = "format", hp_format, [Obj, Obj] -> Obj, RAISING, 0;
    Convert = "convert", hp_convert, [Obj, I64] -> Obj, RAISING, 0;
    IntStr = "int_str", hp_int_str, [I64] -> Obj, OWNED, 0;
    JoinStr2 = "join_str2", hp_join_str2, [Obj, Obj] -> Obj, RAISING, 0;
    JoinStr3 = "join_str3", hp_join_str3, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    JoinStr4 = "join_str4", hp_join_str4, [Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    JoinStr5 = "join_str5", hp_join_str5, [Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    JoinStr6 = "join_str6", hp_join_str6, [Obj, Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    /// Allocation removal: a virtual object escaping (`AllocFuncs`).
    MaterializeInstance = "materialize_instance", hp_materialize_instance, [Obj] -> Obj, OWNED, 0;
    InstanceSet = "instance_set", hp_instance_set, [Obj, Obj, Obj] -> Void, PLAIN, 4;
    SlotStore = "slot_store", hp_slot_store, [Obj, I64, Obj] -> Void, PLAIN, 4;
    MakeFunction = "make_function", hp_make_function, [Obj, Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    /// A function the trace made virtual (`record::objects`), made where it
    /// escapes: from a code constant, the globals and the closure the trace
    /// built, it cannot fail.
    MakeFunctionMade = "make_function_made", hp_make_function, [Obj, Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    /// Item `i` of a tuple (owned): a free variable's cell from the closure
    /// of a function the trace made (`consume_unmade`).
    TupleItem = "tuple_item", hp_tuple_item, [Obj, I64] -> Obj, OWNED, 0;
    CellGet = "cell_get", hp_cell_get, [Obj] -> Obj, RAISING, 0;
    Slice2 = "slice2", hp_slice2, [Obj, Obj] -> Obj, OWNED, 0;
    Slice3 = "slice3", hp_slice3, [Obj, Obj, Obj] -> Obj, OWNED, 0;
    GetSlice = "get_slice", hp_get_slice, [Obj, Obj, Obj] -> Obj, RAISING, 0;
    SetSlice = "set_slice", hp_set_slice, [Obj, Obj, Obj, Obj] -> I64, PLAIN, 0;
    SliceInts = "slice_ints", hp_slice_ints, [Obj, I64, I64, I64, I64] -> Obj, RAISING, 0;
    StoreSliceInts = "store_slice_ints", hp_store_slice_ints, [Obj, Obj, I64, I64, I64] -> I64, PLAIN, 0;
    GetIter = "get_iter", hp_get_iter, [Obj] -> Obj, RAISING, 0;
    FuncCell = "func_cell", hp_func_cell, [Obj, I64] -> Obj, OWNED, 0;
    /// `iter(range(start, stop, step))` (`range::iter_of`).
    RangeIter = "range_iter", hp_range_iter, [I64, I64, I64] -> Obj, RAISING, 0;
    ListToTuple = "list_to_tuple", hp_list_to_tuple, [Obj] -> Obj, RAISING, 0;
    SuperAttr = "super_attr", hp_super_attr, [Obj, Obj, Obj, Obj] -> Obj, RAISING, 0;
    List0 = "list0", hp_list0, [] -> Obj, OWNED, 0;
    List1 = "list1", hp_list1, [Obj] -> Obj, OWNED, 0;
    List2 = "list2", hp_list2, [Obj, Obj] -> Obj, OWNED, 0;
    List3 = "list3", hp_list3, [Obj, Obj, Obj] -> Obj, OWNED, 0;
    List4 = "list4", hp_list4, [Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    List5 = "list5", hp_list5, [Obj, Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    List6 = "list6", hp_list6, [Obj, Obj, Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    Set0 = "set0", hp_set0, [] -> Obj, OWNED, 0;
    Dict0 = "dict0", hp_dict0, [] -> Obj, OWNED, 0;
    Tuple1 = "tuple1", hp_tuple1, [Obj] -> Obj, OWNED, 0;
    Tuple2 = "tuple2", hp_tuple2, [Obj, Obj] -> Obj, OWNED, 0;
    Tuple3 = "tuple3", hp_tuple3, [Obj, Obj, Obj] -> Obj, OWNED, 0;
    Tuple4 = "tuple4", hp_tuple4, [Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    Tuple5 = "tuple5", hp_tuple5, [Obj, Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    Tuple6 = "tuple6", hp_tuple6, [Obj, Obj, Obj, Obj, Obj, Obj] -> Obj, OWNED, 0;
    Sqrt = "sqrt", hp_sqrt, [F64] -> F64, PURE, 0;
    Sin = "sin", hp_sin, [F64] -> F64, PURE, 0;
    Cos = "cos", hp_cos, [F64] -> F64, PURE, 0;
    Exp = "exp", hp_exp, [F64] -> F64, PURE, 0;
    Fabs = "fabs", hp_fabs, [F64] -> F64, PURE, 0;
    Pow = "pow", hp_pow, [F64, F64] -> F64, PURE, 0;
    IntTruediv = "int_truediv", hp_int_truediv, [I64, I64] -> F64, PLAIN, 0;
}
