//! The executor: runs a schedule's steps in order and writes the results
//! back into the graph nodes that may still be read.

pub mod breakers;
pub mod direct;
pub mod fused;
pub mod kernels;
pub mod matmul;
pub mod numpy_f32;
#[cfg(target_arch = "x86_64")]
pub mod svml_f32;
pub mod reduce;
pub mod reduce_order;
pub mod scatter;
pub mod sort;
pub mod write;

use crate::buffer::Array;
use crate::plan::{Id, Plan};
use crate::schedule::{FusedLoop, Schedule, Step};

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

/// The sinks of a loop that reduce a stored array straight from memory in
/// an order other than C order (see [`reduce_order::needs_numpy_order`]):
/// they run as kernels.
fn strided_float_sinks(plan: &Plan, l: &FusedLoop, values: &[Option<Array>]) -> Vec<Id> {
    l.sinks
        .iter()
        .copied()
        .filter(|&id| {
            let input = plan.nodes[id].inputs[0];
            let Some(crate::graph::Op::Reduce { op, .. }) = plan.nodes[id].op() else { return false };
            !l.computes.contains(&input)
                && values[input].as_ref().is_some_and(|x| reduce_order::needs_numpy_order(*op, x))
        })
        .collect()
}

/// What the executor derives from a schedule alone, whatever the data: the
/// per-chunk program of each loop. Kept with a reused plan.
#[derive(Default)]
pub struct Prepared {
    programs: Vec<Option<fused::Program>>,
}

pub fn execute(plan: &Plan, schedule: &Schedule) -> ExecStats {
    execute_into(plan, schedule, None, &mut Prepared::default())
}

/// Frees what no later step reads and nobody will see.
fn free_dead(ids: &[Id], values: &mut [Option<Array>]) {
    for &id in ids {
        values[id] = None;
    }
}

/// Runs a schedule; an output targeted `Into` is written to `dest` (and
/// is not kept as an array). `prepared` holds what earlier runs of the
/// same schedule built.
pub fn execute_into(
    plan: &Plan,
    schedule: &Schedule,
    mut dest: Option<Destination>,
    prepared: &mut Prepared,
) -> ExecStats {
    let mut stats = ExecStats::default();
    prepared.programs.resize_with(schedule.steps.len(), || None);
    let mut values: Vec<Option<Array>> = plan
        .nodes
        .iter()
        .map(|n| if n.is_input() && !n.dead { n.input_array() } else { None })
        .collect();
    // What each step is the last to read, freed after it unless written
    // back (listed once: a long chain has as many steps as nodes).
    let mut freed_after: Vec<Vec<Id>> = vec![Vec::new(); schedule.steps.len()];
    for (id, last) in schedule.last_use.iter().enumerate() {
        if let Some(k) = *last {
            if !schedule.write_back[id] {
                freed_after[k].push(id);
            }
        }
    }
    for (k, step) in schedule.steps.iter().enumerate() {
        match step {
            Step::Loop(l) => {
                let ordered = strided_float_sinks(plan, l, &values);
                for &id in &ordered {
                    stats.kernels += 1;
                    let node = &plan.nodes[id];
                    let x = values[node.inputs[0]].clone().expect("reads are stored before their loop");
                    values[id] = Some(breakers::run(node.op().expect("sinks are ops"), &[x], node.dtype, &node.shape));
                }
                // The loop without those sinks (its program is this run's own).
                let (mut own, mut own_program) = (None, None);
                let (l, program) = if ordered.is_empty() {
                    (l, &mut prepared.programs[k])
                } else {
                    let sinks = l.sinks.iter().copied().filter(|s| !ordered.contains(s)).collect();
                    (&*own.insert(FusedLoop { sinks, ..l.clone() }), &mut own_program)
                };
                if l.computes.is_empty() && l.outputs.is_empty() && l.sinks.is_empty() {
                    continue;
                }
                stats.loops += 1;
                stats.fused_ops += l.computes.len();
                stats.stored_arrays += l.outputs.len();
                for (id, array) in fused::run_loop(plan, l, &mut values, dest.as_mut(), program).arrays {
                    values[id] = Some(array);
                }
            }
            Step::Kernel(id) => {
                stats.kernels += 1;
                stats.stored_arrays += 1;
                let node = &plan.nodes[*id];
                let op = node.op().expect("kernels are ops");
                // A scan in its input's buffer (when this loop really holds
                // the only references to it).
                if let (true, crate::graph::Op::Cumulative { op: c, axis }) = (schedule.in_place[*id], op) {
                    let x = node.inputs[0];
                    if let Some(buffer) = fused::take_for_reuse(plan, x, &mut values) {
                        values[*id] = Some(breakers::cumulative_in(buffer, *c, &plan.nodes[x].shape, *axis, &node.shape));
                        free_dead(&freed_after[k], &mut values);
                        continue;
                    }
                }
                let inputs: Vec<Array> = node
                    .inputs
                    .iter()
                    .map(|&i| values[i].clone().expect("kernel inputs are stored first"))
                    .collect();
                values[*id] = Some(breakers::run(op, &inputs, node.dtype, &node.shape));
            }
        }
        free_dead(&freed_after[k], &mut values);
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
