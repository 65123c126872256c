//! hipy's `pandas`: DataFrame and Series on the lazy table engine
//! (`hipy_lazy::table`), with Arrow columns.
//!
//! Two halves:
//! - Rust (this directory): the `_hipy_pandas` module, which exposes the
//!   engine's plans ([`plan_obj`]), column expressions ([`expr_obj`]) and
//!   computed columns ([`column_obj`]), the conversions between Python
//!   values and columns ([`convert`], [`objects`]) and pandas' exception
//!   classes ([`errors`]);
//! - Python (`py/`, run when `pandas` is imported, see [`pandas_mod`]):
//!   the pandas API itself, which builds plans and forces them only when a
//!   value is observed. UDFs (`apply`, `map`) run there as plain Python
//!   loops, so hipy's JIT compiles them.

pub(crate) mod column_obj;
pub(crate) mod convert;
pub(crate) mod engine_mod;
pub(crate) mod errors;
pub(crate) mod expr_obj;
pub(crate) mod objects;
pub(crate) mod pandas_mod;
pub(crate) mod plan_obj;
