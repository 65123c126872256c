//! The executor: runs a schedule's steps in order and writes the results
//! back into the graph nodes that may still be read.

pub mod breakers;
pub mod direct;
pub mod fused;
pub mod kernels;
pub mod numpy_f32;
#[cfg(target_arch = "x86_64")]
pub mod svml_f32;
pub mod reduce;
pub mod scatter;
pub mod write;

use crate::buffer::Array;
use crate::plan::Plan;
use crate::schedule::{Schedule, Step};

/// Counts of what one execution did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExecStats {
    pub loops: usize,
    pub kernels: usize,
    /// Elementwise and generator ops evaluated inside loops.
    pub fused_ops: usize,
    /// Arrays allocated for stored values.
    pub stored_arrays: usize,
}

/// Where a [`Target::Into`](crate::schedule::Target::Into) output goes:
/// the elements of `buffer` that `layout` selects (no two elements of the
/// layout may share a position).
pub struct Destination<'a> {
    pub buffer: &'a mut crate::buffer::Buffer,
    pub layout: crate::layout::Layout,
}

pub fn execute(plan: &Plan, schedule: &Schedule) -> ExecStats {
    execute_into(plan, schedule, None)
}

/// Runs a schedule; an output targeted `Into` is written to `dest` (and
/// is not kept as an array).
pub fn execute_into(plan: &Plan, schedule: &Schedule, mut dest: Option<Destination>) -> ExecStats {
    let mut stats = ExecStats::default();
    let mut values: Vec<Option<Array>> = plan
        .nodes
        .iter()
        .map(|n| if n.is_input() && !n.dead { n.input_array() } else { None })
        .collect();
    for (k, step) in schedule.steps.iter().enumerate() {
        match step {
            Step::Loop(l) => {
                stats.loops += 1;
                stats.fused_ops += l.computes.len();
                stats.stored_arrays += l.outputs.len();
                for (id, array) in fused::run_loop(plan, l, &mut values, dest.as_mut()).arrays {
                    values[id] = Some(array);
                }
            }
            Step::Kernel(id) => {
                stats.kernels += 1;
                stats.stored_arrays += 1;
                let node = &plan.nodes[*id];
                let inputs: Vec<Array> = node
                    .inputs
                    .iter()
                    .map(|&i| values[i].clone().expect("kernel inputs are stored first"))
                    .collect();
                let op = node.op().expect("kernels are ops");
                values[*id] = Some(breakers::run(op, &inputs, node.dtype, &node.shape));
            }
        }
        // Free what no later step reads and nobody will see.
        for (id, v) in values.iter_mut().enumerate() {
            if v.is_some() && schedule.last_use[id] == Some(k) && !schedule.write_back[id] {
                *v = None;
            }
        }
    }
    for (id, n) in plan.nodes.iter().enumerate() {
        if n.dead {
            // A CSE duplicate gets its twin's value.
            if let (Some(c), Some(node)) = (n.replaced_by, &n.node) {
                if let Some(v) = &values[c] {
                    if !node.is_done() {
                        node.set_done(v.clone());
                    }
                }
            }
            continue;
        }
        if schedule.write_back[id] {
            if let (Some(node), Some(v)) = (&n.node, &values[id]) {
                node.set_done(v.clone());
            }
        }
    }
    stats
}
