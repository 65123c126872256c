//! The plan: the pending part of the graph that one force evaluates, copied
//! into an arena (ids instead of `Arc`s) so the optimizer rules can rewrite
//! it freely. Built from the demanded roots; nodes that are already computed
//! become `Input` leaves.

use crate::buffer::Array;
use crate::dtype::DType;
use crate::graph::{NodeRef, Op};
use crate::layout::{shape_str, size_of, Shape};
use crate::FastMap as HashMap;
use std::sync::Arc;

pub type Id = usize;

#[derive(Clone, Debug)]
pub enum PlanOp {
    /// Materialized data: a computed node or a source array (the data stays
    /// in the graph node).
    Input,
    Op(Op),
}

#[derive(Clone, Debug)]
pub struct PlanNode {
    pub op: PlanOp,
    pub inputs: Vec<Id>,
    pub dtype: DType,
    pub shape: Shape,
    /// The graph node this plan node stands for (results are written back).
    pub node: Option<NodeRef>,
    /// Something outside this plan refers to the node: a Python array, or a
    /// pending node this force does not evaluate. Its value may be wanted later.
    pub escapes: bool,
    /// Demanded by this force.
    pub root: bool,
    /// Removed by a pass (CSE merged it into `replaced_by`, or DCE dropped it).
    pub dead: bool,
    pub replaced_by: Option<Id>,
}

impl PlanNode {
    pub fn size(&self) -> usize {
        size_of(&self.shape)
    }

    pub fn is_input(&self) -> bool {
        matches!(self.op, PlanOp::Input)
    }

    pub fn op(&self) -> Option<&Op> {
        match &self.op {
            PlanOp::Op(op) => Some(op),
            PlanOp::Input => None,
        }
    }

    /// The data of an `Input` node.
    pub fn input_array(&self) -> Option<Array> {
        match self.op {
            PlanOp::Input => self.node.as_ref().and_then(|n| n.done()),
            PlanOp::Op(_) => None,
        }
    }

    /// Elementwise ops and generators: the nodes fusion may put in a loop.
    pub fn is_fusable(&self) -> bool {
        self.op().is_some_and(|op| op.is_elementwise() || op.is_generator())
    }

    /// A reduction over every axis: it can consume a fused loop directly.
    pub fn is_full_reduction(&self, input_ndim: usize) -> bool {
        matches!(self.op(), Some(Op::Reduce { axes, .. }) if axes.len() == input_ndim)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Topologically ordered: inputs come before their users.
    pub nodes: Vec<PlanNode>,
    pub roots: Vec<Id>,
}

impl Plan {
    /// Copies the pending subgraph reachable from `roots` into a plan.
    ///
    /// `held_by_caller[i]` counts the extra `Arc`s the caller holds on
    /// `roots[i]` (they do not count as escaping references).
    pub fn build(roots: &[NodeRef]) -> Plan {
        let mut plan = Plan::default();
        let mut ids: HashMap<*const crate::graph::Node, Id> = HashMap::default();
        // Iterative post-order DFS; a pending node's op and inputs are read
        // once, when it is first met, and kept on the stack until its
        // inputs are placed.
        let mut stack: Vec<(NodeRef, Option<(Op, Vec<NodeRef>)>)> = Vec::new();
        for root in roots {
            stack.push((root.clone(), None));
            while let Some((node, parts)) = stack.pop() {
                let key = Arc::as_ptr(&node);
                match parts {
                    Some((op, inputs)) => {
                        let in_ids = inputs.iter().map(|i| ids[&Arc::as_ptr(i)]).collect();
                        let id = plan.push(PlanOp::Op(op), in_ids, &node);
                        ids.insert(key, id);
                    }
                    None if ids.contains_key(&key) => {}
                    None => match node.pending_parts() {
                        None => {
                            let id = plan.push(PlanOp::Input, vec![], &node);
                            ids.insert(key, id);
                        }
                        Some((op, inputs)) => {
                            let unplaced: Vec<NodeRef> =
                                inputs.iter().rev().filter(|i| !ids.contains_key(&Arc::as_ptr(i))).cloned().collect();
                            stack.push((node, Some((op, inputs))));
                            stack.extend(unplaced.into_iter().map(|i| (i, None)));
                        }
                    },
                }
            }
        }
        for root in roots {
            let id = ids[&Arc::as_ptr(root)];
            plan.nodes[id].root = true;
            if !plan.roots.contains(&id) {
                plan.roots.push(id);
            }
        }
        plan.mark_escapes(roots);
        plan
    }

    fn push(&mut self, op: PlanOp, inputs: Vec<Id>, node: &NodeRef) -> Id {
        self.nodes.push(PlanNode {
            op,
            inputs,
            dtype: node.dtype,
            shape: node.shape.clone(),
            node: Some(node.clone()),
            escapes: false,
            root: false,
            dead: false,
            replaced_by: None,
        });
        self.nodes.len() - 1
    }

    /// A node escapes when its `Arc` count exceeds the references this plan
    /// accounts for: one per input slot of a pending node in the plan, one
    /// held by the plan itself, and the caller's references to the roots.
    fn mark_escapes(&mut self, roots: &[NodeRef]) {
        let mut internal = vec![0usize; self.nodes.len()];
        for n in &self.nodes {
            if let PlanOp::Op(_) = n.op {
                for &i in &n.inputs {
                    internal[i] += 1;
                }
            }
        }
        for r in roots {
            if let Some(id) = self.nodes.iter().position(|n| Arc::ptr_eq(n.node.as_ref().unwrap(), r)) {
                internal[id] += 1;
            }
        }
        for (id, n) in self.nodes.iter_mut().enumerate() {
            let count = Arc::strong_count(n.node.as_ref().unwrap());
            n.escapes = count > internal[id] + 1;
        }
    }

    /// Hand-built plans for the pass tests: a leaf holding `node`'s data.
    pub fn add_input(&mut self, node: &NodeRef) -> Id {
        self.push(PlanOp::Input, vec![], node)
    }

    /// Hand-built plans for the pass tests: nodes are added in order.
    pub fn add(&mut self, op: PlanOp, inputs: Vec<Id>, dtype: DType, shape: &[usize]) -> Id {
        self.nodes.push(PlanNode {
            op,
            inputs,
            dtype,
            shape: shape.into(),
            node: None,
            escapes: false,
            root: false,
            dead: false,
            replaced_by: None,
        });
        self.nodes.len() - 1
    }

    pub fn set_root(&mut self, id: Id) {
        self.nodes[id].root = true;
        if !self.roots.contains(&id) {
            self.roots.push(id);
        }
    }

    /// Ids of the nodes that read `id`, among the live ones.
    pub fn users(&self) -> Vec<Vec<Id>> {
        let mut users = vec![Vec::new(); self.nodes.len()];
        for (id, n) in self.nodes.iter().enumerate() {
            if n.dead {
                continue;
            }
            for &i in &n.inputs {
                if !users[i].contains(&id) {
                    users[i].push(id);
                }
            }
        }
        users
    }

    pub fn live_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.dead).count()
    }

    /// The text form used in logs and tests: one line per live node.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        for (id, n) in self.nodes.iter().enumerate() {
            if n.dead {
                continue;
            }
            let what = match &n.op {
                PlanOp::Input => "input".to_string(),
                PlanOp::Op(op) => op.name(),
            };
            let args: Vec<String> = n.inputs.iter().map(|i| format!("%{i}")).collect();
            let mut flags = String::new();
            if n.root {
                flags.push_str(" root");
            }
            if n.escapes {
                flags.push_str(" escapes");
            }
            out.push_str(&format!(
                "%{id} = {what}({}) : {}{}{flags}\n",
                args.join(", "),
                n.dtype,
                shape_str(&n.shape)
            ));
        }
        out
    }
}
