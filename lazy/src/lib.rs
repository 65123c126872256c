//! hipy-lazy: the lazy array engine behind hipy's `numpy` module, and the
//! lazy table engine behind its `pandas` ([`table`]).
//!
//! Three parts, kept apart as in Polars' lazy engine:
//! - the logical graph ([`graph`]): nodes built by API calls, with dtype and
//!   shape known at once; [`plan`] copies the pending part into an arena
//!   when something is forced;
//! - the optimizer rules ([`optimize`]): CSE, dead-node removal, fusion into
//!   chunked loops, in-place reuse of dying temporaries; they produce a
//!   [`schedule`];
//! - the executor ([`exec`]): fused chunk loops over rayon, SIMD-friendly
//!   kernels, and standalone kernels for matmul, sorting and the like.
//!
//! [`memo`] keeps the optimized plans (and the executor's loop programs)
//! of graphs a loop builds again and again.
//!
//! [`runtime`] decides when to run (lazy, eager, overhead control) and
//! [`buffer`] holds materialized data with copy-on-write storage (the watch
//! bits). No RustPython types appear here.

pub mod buffer;
pub mod dtype;
pub mod exec;
pub mod graph;
pub mod layout;
pub mod memo;
pub mod optimize;
pub mod plan;
pub mod runtime;
pub mod schedule;
pub mod table;

pub use buffer::{Array, Buffer, Element, Storage};

/// Maps and sets hashed with foldhash: keys are plan ids, node addresses
/// and data values, hashed many times per force; SipHash's resistance to
/// chosen keys buys nothing in a local computation.
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
pub(crate) type FastSet<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;
pub use dtype::{DType, Error, ErrorKind, Result, Scalar, WeakScalar};
pub use graph::{BinaryOp, CumOp, Node, NodeRef, Op, ReduceOp, UnaryOp};
