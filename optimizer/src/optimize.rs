//! The pass pipeline: verify, fold, remove redundant guards, fold again (guards turn
//! values into constants), give each branch guard's exit the value its failure implies,
//! cancel incref/decref pairs, forward loads (once the decrefs between them are gone)
//! and remove the guards that repeat because of it, remove dead code, add prefetches for
//! strided item accesses, then compute the exit lists
//! (ownership) and verify the result.

use crate::dce::eliminate_dead_code;
use crate::exit_facts::specialize_exits;
use crate::fold::fold;
use crate::guards::remove_redundant_guards;
use crate::ir::*;
use crate::loads::forward_loads;
use crate::ownership::compute_exit_lists;
use crate::prefetch::prefetch_strided_items;
use crate::refcount::cancel_incref_decref;
use crate::verify::verify;

/// What the pipeline did, for `--jit-stats` and logs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptStats {
    pub ops_before: usize,
    pub ops_after: usize,
    /// Ops that may exit (guards and guarding arithmetic), before and after.
    pub exits_before: usize,
    pub exits_after: usize,
}

/// The passes that `optimize_with` can run, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    Fold,
    ForwardLoads,
    RedundantGuards,
    ExitFacts,
    RefcountPairs,
    Prefetch,
    DeadCode,
}

/// The default pipeline.
pub const DEFAULT_PASSES: &[Pass] = &[
    Pass::Fold,
    Pass::RedundantGuards,
    Pass::Fold,
    Pass::ExitFacts,
    Pass::RefcountPairs,
    Pass::ForwardLoads,
    Pass::RedundantGuards,
    Pass::DeadCode,
    Pass::Prefetch,
];

/// The pipeline for code whose guards also fail at random (a test mode): without
/// exit facts, since a guard failing at random has not seen the value its exit would
/// name.
pub const RANDOM_EXIT_PASSES: &[Pass] = &[
    Pass::Fold,
    Pass::RedundantGuards,
    Pass::Fold,
    Pass::RefcountPairs,
    Pass::ForwardLoads,
    Pass::RedundantGuards,
    Pass::DeadCode,
    Pass::Prefetch,
];

/// Optimizes a trace in place with the default pipeline.
pub fn optimize(trace: &mut Trace) -> Result<OptStats, IrError> {
    optimize_with(trace, DEFAULT_PASSES)
}

/// Verifies the trace, runs `passes`, computes the exit lists and verifies again.
/// On error the trace may be partly optimized and must not be compiled.
pub fn optimize_with(trace: &mut Trace, passes: &[Pass]) -> Result<OptStats, IrError> {
    verify(trace)?;
    let count_exits = |t: &Trace| t.ops.iter().filter(|op| op.guard.is_some()).count();
    let mut stats = OptStats {
        ops_before: trace.ops.len(),
        exits_before: count_exits(trace),
        ..OptStats::default()
    };
    for pass in passes {
        match pass {
            Pass::Fold => fold(trace),
            Pass::ForwardLoads => forward_loads(trace),
            Pass::RedundantGuards => remove_redundant_guards(trace),
            Pass::ExitFacts => specialize_exits(trace),
            Pass::RefcountPairs => cancel_incref_decref(trace),
            Pass::DeadCode => eliminate_dead_code(trace),
            Pass::Prefetch => prefetch_strided_items(trace),
        }
    }
    trace.prune_value_types();
    compute_exit_lists(trace)?;
    verify(trace)?;
    stats.ops_after = trace.ops.len();
    stats.exits_after = count_exits(trace);
    Ok(stats)
}
