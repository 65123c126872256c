//! The physical plan the optimizer hands to the executor: an ordered list of
//! steps, each a fused chunked loop or a standalone kernel.

use crate::layout::{shape_str, Shape};
use crate::plan::{Id, Plan};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A new buffer.
    Fresh,
    /// Written in place over the buffer of this read, which dies here.
    Reuse(Id),
    /// Written into the force's destination: a region of an existing
    /// buffer (a slice assignment computed straight into its target).
    Into,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub id: Id,
    pub target: Target,
}

/// One pass over `shape` in cache-sized chunks: `computes` are evaluated per
/// chunk (generators and elementwise ops, in order), `reads` are stored
/// arrays they take as input, `outputs` are computed values kept as arrays,
/// and `sinks` are full reductions accumulated across chunks.
#[derive(Clone, Debug, Default)]
pub struct FusedLoop {
    pub shape: Shape,
    pub reads: Vec<Id>,
    pub computes: Vec<Id>,
    pub outputs: Vec<Output>,
    pub sinks: Vec<Id>,
}

#[derive(Clone, Debug)]
pub enum Step {
    Loop(FusedLoop),
    /// A non-fusable op (matmul, sort, axis reductions, ...) over stored inputs.
    Kernel(Id),
}

#[derive(Clone, Debug, Default)]
pub struct Schedule {
    pub steps: Vec<Step>,
    /// The node's value is kept as an array once computed.
    pub stored: Vec<bool>,
    /// The stored value is also written into the graph node (someone may
    /// read it after this force).
    pub write_back: Vec<bool>,
    /// Nothing outside this force can observe the node afterwards.
    pub dies: Vec<bool>,
    /// Index of the last step that reads the node's stored value.
    pub last_use: Vec<Option<usize>>,
    /// A kernel node (a running scan) computed in the buffer of its input,
    /// which dies there.
    pub in_place: Vec<bool>,
}

impl Schedule {
    /// Text form for logs and tests.
    pub fn dump(&self, plan: &Plan) -> String {
        let ids = |v: &[Id]| v.iter().map(|i| format!("%{i}")).collect::<Vec<_>>().join(" ");
        let mut out = String::new();
        for (k, step) in self.steps.iter().enumerate() {
            match step {
                Step::Loop(l) => {
                    out.push_str(&format!("step {k}: loop {}", shape_str(&l.shape)));
                    if !l.reads.is_empty() {
                        out.push_str(&format!(" reads [{}]", ids(&l.reads)));
                    }
                    if !l.computes.is_empty() {
                        out.push_str(&format!(" computes [{}]", ids(&l.computes)));
                    }
                    if !l.outputs.is_empty() {
                        let outs: Vec<String> = l
                            .outputs
                            .iter()
                            .map(|o| match o.target {
                                Target::Fresh => format!("%{}", o.id),
                                Target::Reuse(r) => format!("%{} in %{r}", o.id),
                                Target::Into => format!("%{} into destination", o.id),
                            })
                            .collect();
                        out.push_str(&format!(" stores [{}]", outs.join(" ")));
                    }
                    if !l.sinks.is_empty() {
                        out.push_str(&format!(" reduces [{}]", ids(&l.sinks)));
                    }
                    out.push('\n');
                }
                Step::Kernel(id) => {
                    let name = plan.nodes[*id].op().map(|o| o.name()).unwrap_or_default();
                    let place = if self.in_place[*id] { format!(" in %{}", plan.nodes[*id].inputs[0]) } else { String::new() };
                    out.push_str(&format!("step {k}: kernel {name} %{id}{place}\n"));
                }
            }
        }
        out
    }

    pub fn loops(&self) -> impl Iterator<Item = &FusedLoop> {
        self.steps.iter().filter_map(|s| match s {
            Step::Loop(l) => Some(l),
            Step::Kernel(_) => None,
        })
    }
}
