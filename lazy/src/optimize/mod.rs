//! Optimizer rules over a [`Plan`]. Each rule is its own module and never
//! touches execution; `optimize` chains them and yields the schedule.

pub mod cost;
pub mod cse;
pub mod dce;
pub mod fusion;
pub mod reuse;
pub mod sink;

use crate::plan::Plan;
use crate::schedule::Schedule;

/// What the passes did, for logs and tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassStats {
    pub merged: usize,
    pub removed: usize,
    pub reused: usize,
}

pub fn optimize(plan: &mut Plan) -> (Schedule, PassStats) {
    let merged = cse::run(plan);
    sink::run(plan);
    let removed = dce::run(plan);
    let mut schedule = fusion::run(plan);
    let reused = reuse::run(plan, &mut schedule);
    (schedule, PassStats { merged, removed, reused })
}

#[cfg(test)]
mod tests;
