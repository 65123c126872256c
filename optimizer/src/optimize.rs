//! The pass pipeline: verify, remove allocations, fold, remove redundant guards, fold again (guards turn
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
use crate::virtualize::remove_allocations;

/// What the pipeline did, for `--jit-stats` and logs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptStats {
    pub ops_before: usize,
    pub ops_after: usize,
    /// Ops that may exit (guards and guarding arithmetic), before and after.
    pub exits_before: usize,
    pub exits_after: usize,
    /// Objects allocation removal kept virtual, and the ones that escaped.
    pub allocs_removed: usize,
    pub allocs_forced: usize,
}

/// The passes that `optimize_with` can run, in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    Virtualize,
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
    Pass::Virtualize,
    Pass::Fold,
    Pass::RedundantGuards,
    Pass::Fold,
    Pass::ExitFacts,
    Pass::RefcountPairs,
    // Cancelled pairs were decrefs, which end what folding knows of classes.
    Pass::Fold,
    Pass::ForwardLoads,
    Pass::RedundantGuards,
    Pass::DeadCode,
    Pass::Prefetch,
];

/// The pipeline for code whose guards also fail at random (a test mode): without
/// exit facts, since a guard failing at random has not seen the value its exit would
/// name.
pub const RANDOM_EXIT_PASSES: &[Pass] = &[
    Pass::Virtualize,
    Pass::Fold,
    Pass::RedundantGuards,
    Pass::Fold,
    Pass::RefcountPairs,
    // Cancelled pairs were decrefs, which end what folding knows of classes.
    Pass::Fold,
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
///
/// A loop whose `jump` would force objects that allocation removal keeps virtual
/// inside the iteration is peeled first (`peel`): the objects then go around the
/// loop as their fields. If the peeled loop does not optimize (a carried object
/// escapes or changes shape), the loop is optimized as recorded.
pub fn optimize_with(trace: &mut Trace, passes: &[Pass]) -> Result<OptStats, IrError> {
    verify(trace)?;
    if passes.contains(&Pass::Virtualize) && trace.bridge.is_none() && trace.label.is_empty() {
        let mut trial = trace.clone();
        if remove_allocations(&mut trial).is_ok_and(|a| a.forced_at_jump > 0) {
            let mut peeled = crate::peel::peel(trace);
            if let Ok(stats) = run_passes(&mut peeled, passes) {
                *trace = peeled;
                return Ok(stats);
            }
        }
    }
    run_passes(trace, passes)
}

fn run_passes(trace: &mut Trace, passes: &[Pass]) -> Result<OptStats, IrError> {
    verify(trace)?;
    let count_exits = |t: &Trace| t.ops.iter().filter(|op| op.guard.is_some()).count();
    let mut stats = OptStats {
        ops_before: trace.ops.len(),
        exits_before: count_exits(trace),
        ..OptStats::default()
    };
    for pass in passes {
        match pass {
            Pass::Virtualize => {
                let a = remove_allocations(trace)?;
                stats.allocs_removed += a.removed;
                stats.allocs_forced += a.forced;
            }
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
