//! `CompiledLoop`: the executable code of a loop (its root trace and the bridges
//! attached since), with the memory that code refers to (exit cells, random-exit
//! state). Dropping it frees all of it.
//!
//! Exit numbers are loop-wide: the root trace's exits are `0..n`, and each bridge's
//! exits follow all earlier ones. Traces are numbered in the order they were compiled
//! (0 is the root); `ExitInfo::trace` says which trace an exit belongs to.

use crate::append_only::AppendOnly;
use crate::codegen::Codegen;
use crate::exits::{ExitCell, ExitInfo, PendingExit, StubOffsets};
use crate::frame::{FrameShape, Setup};
use crate::regs::Loc;
use crate::{CompileError, CompileOptions, ObjLayout};
use dynasmrt::{AssemblyOffset, ExecutableBuffer};
use hipy_optimizer::{Trace, Type};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// The least room `run_into` makes in an exit buffer: bridges attached while
/// a run is active (a recursive function's trace runs inside itself) must fit
/// in the active runs' buffers, so these start with room for bridges larger
/// than the trace's own exits.
const MIN_EXIT_BUFFER: usize = 256;

/// A loop's code. Not `Sync`: the generated code updates exit counters without
/// atomic instructions, and bridges are attached through `&self`.
pub struct CompiledLoop {
    /// Index 0 is the root trace, then bridges in the order they were attached.
    pub(crate) traces: AppendOnly<TraceCode>,
    /// By loop-wide exit number.
    pub(crate) exits: AppendOnly<ExitInfo>,
    /// xorshift64 state of the random-exit mode; the code updates it in place.
    pub(crate) prng: Box<AtomicU64>,
    /// The root trace's entry (its code never moves).
    entry_fn: EntryFn,
    pub(crate) layout: ObjLayout,
    pub(crate) input_types: Vec<Type>,
    /// The root loop's head: its address and where the inputs are there.
    pub(crate) head_addr: u64,
    pub(crate) head_locs: Vec<Loc>,
    /// The root's frame size below the saved registers.
    pub(crate) frame_size: i32,
    pub(crate) max_exit_values: Cell<usize>,
    /// While `run_into` calls are active (a helper may enter the loop again): the
    /// smallest exit-buffer capacity among them. A bridge attached meanwhile must not
    /// produce more exit values than that.
    pub(crate) active_capacity: Cell<Option<usize>>,
}

/// The code of one trace (the root or a bridge) and its exits' cells.
pub(crate) struct TraceCode {
    pub code: ExecutableBuffer,
    pub cells: Box<[ExitCell]>,
    /// Address of each exit's `store` part: its cell's target while it has no bridge.
    pub stores: Vec<u64>,
    pub first_exit: u32,
    pub frame: FrameShape,
}

/// A guard failed: its exit number and the exit buffer's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    pub guard: u32,
    pub values: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    InputCount { expected: usize, got: usize },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::InputCount { expected, got } => {
                write!(f, "compiled loop takes {} inputs, got {}", expected, got)
            }
        }
    }
}

impl std::error::Error for RunError {}

type EntryFn = unsafe extern "sysv64" fn(*const u64, *mut u64) -> u64;

/// Code generated for one trace, before it becomes part of a `CompiledLoop`.
pub(crate) struct Assembled {
    pub code: ExecutableBuffer,
    pub cells: Box<[ExitCell]>,
    pub stubs: Vec<StubOffsets>,
    pub exits: Vec<PendingExit>,
    /// End of the growing spill area.
    pub frame_end: i32,
    /// The root's frame size, head label offset and head locations.
    pub frame_size: i32,
    pub head: Option<AssemblyOffset>,
    pub head_locs: Vec<Loc>,
    pub entry: AssemblyOffset,
}

/// Runs the code generator over `trace` with `setup` and assembles the result.
/// `setup.cells_addr` must be the address of `cells`.
pub(crate) fn assemble(
    trace: &Trace,
    opts: &CompileOptions,
    setup: Setup,
    cells: Box<[ExitCell]>,
) -> Result<Assembled, CompileError> {
    let is_bridge = setup.bridge.is_some();
    let mut cg = Codegen::new(trace, opts, setup)?;
    cg.emit_body()?;
    cg.emit_cold_calls();
    let stubs = cg.emit_stubs();
    let (entry, head) = if is_bridge {
        cg.emit_bridge_epilogue();
        cg.e.emit_pool();
        (AssemblyOffset(0), None)
    } else {
        cg.e.emit_pool();
        let entry = cg.emit_entry();
        let head =
            cg.e.ops
                .labels()
                .resolve_dynamic(cg.loop_head)
                .map_err(|e| CompileError::Internal(e.to_string()))?;
        (entry, Some(head))
    };
    let frame_end = cg.ra.frame_end();
    let frame_size = cg.frame_size();
    let head_locs = cg.head_locs.clone();
    let exits = std::mem::take(&mut cg.exits);
    let mut ops = cg.e.ops;
    ops.commit()
        .map_err(|e| CompileError::Assembler(e.to_string()))?;
    let code = ops
        .finalize()
        .map_err(|_| CompileError::Assembler("code buffer still shared".into()))?;
    Ok(Assembled {
        code,
        cells,
        stubs,
        exits,
        frame_end,
        frame_size,
        head,
        head_locs,
        entry,
    })
}

/// Fresh exit cells for a trace's exits.
pub(crate) fn new_cells(trace: &Trace) -> Box<[ExitCell]> {
    (0..trace.exit_ops().len())
        .map(|_| ExitCell::new())
        .collect()
}

impl Assembled {
    /// Points every exit cell at its stub's `store` part, and describes the exits.
    /// Returns the `store` addresses and the exit descriptions (in exit order).
    pub fn finish_exits(
        &self,
        trace: &Trace,
        trace_no: u32,
    ) -> Result<(Vec<u64>, Vec<ExitInfo>), CompileError> {
        let n = self.cells.len();
        let mut infos: Vec<Option<ExitInfo>> = vec![None; n];
        for x in &self.exits {
            let op = &trace.ops[x.op_index];
            let g = op
                .guard
                .as_ref()
                .ok_or_else(|| CompileError::Internal("exit without a snapshot".into()))?;
            let types: Vec<Type> = x
                .values
                .iter()
                .map(|&v| trace.value_type(v).unwrap_or(Type::Void))
                .collect();
            let borrowed = x
                .values
                .iter()
                .zip(&types)
                .map(|(v, &ty)| ty == Type::Obj && !g.owned.contains(v) && !g.drop.contains(v))
                .collect();
            infos[x.local] = Some(ExitInfo {
                trace: trace_no,
                op_index: x.op_index,
                snapshot: g.snapshot,
                values: x.values.clone(),
                types,
                borrowed,
                locations: x.locs.clone(),
                stub_offset: self.stubs[x.local].stub,
            });
        }
        let infos = infos
            .into_iter()
            .enumerate()
            .map(|(k, x)| {
                x.ok_or_else(|| CompileError::Internal(format!("exit {} has no stub", k)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let stores: Vec<u64> = self
            .stubs
            .iter()
            .map(|s| self.code.ptr(s.store) as u64)
            .collect();
        for (cell, &store) in self.cells.iter().zip(&stores) {
            cell.target.store(store, Ordering::Relaxed);
        }
        Ok((stores, infos))
    }
}

pub(crate) fn build(trace: &Trace, opts: &CompileOptions) -> Result<CompiledLoop, CompileError> {
    let seed = match opts.random_exits {
        Some(0) | None => 0x9E37_79B9_7F4A_7C15, // xorshift's fixed point is 0
        Some(s) => s,
    };
    let prng = Box::new(AtomicU64::new(seed));
    let prng_addr = &*prng as *const AtomicU64 as u64;
    let cells = new_cells(trace);
    let setup = Setup::root(trace, cells.as_ptr() as u64, prng_addr);
    let spill_base = setup.next_slot;
    let layout = setup.frame;
    let arg_slots = setup.arg_slots;
    let a = assemble(trace, opts, setup, cells)?;
    let (stores, infos) = a.finish_exits(trace, 0)?;
    let head = a
        .head
        .ok_or_else(|| CompileError::Internal("a loop without a head".into()))?;
    let head_addr = a.code.ptr(head) as u64;
    let max_exit_values = infos.iter().map(|x| x.values.len()).max().unwrap_or(0);
    let frame = FrameShape {
        below_root: 0,
        layout,
        arg_slots,
        spill_slots: (spill_base..a.frame_end).step_by(8).collect(),
    };
    // SAFETY: the entry was emitted with this signature; the buffer is the
    // root's code, kept (and never moved) as long as the loop.
    let entry_fn: EntryFn = unsafe { std::mem::transmute(a.code.ptr(a.entry)) };
    let l = CompiledLoop {
        traces: AppendOnly::new(),
        exits: AppendOnly::new(),
        prng,
        entry_fn,
        layout: opts.layout,
        input_types: trace
            .inputs
            .iter()
            .map(|&v| trace.value_type(v).unwrap_or(Type::Void))
            .collect(),
        head_addr,
        head_locs: a.head_locs,
        frame_size: a.frame_size,
        max_exit_values: Cell::new(max_exit_values),
        active_capacity: Cell::new(None),
    };
    l.traces.push(TraceCode {
        code: a.code,
        cells: a.cells,
        stores,
        first_exit: 0,
        frame,
    });
    for x in infos {
        l.exits.push(x);
    }
    Ok(l)
}

impl CompiledLoop {
    /// Runs the loop from its head with `inputs` until a guard fails, and returns the
    /// exit with its values (allocates the values' vector; see `run_into`).
    ///
    /// # Safety
    /// The inputs must satisfy what the trace assumes of them: object inputs must be
    /// valid pointers to live objects for every inline read and helper call the trace
    /// makes, and the helpers' own contracts must hold (they must not unwind). The
    /// loop returns only through an exit.
    pub unsafe fn run(&self, inputs: &[u64]) -> Result<Exit, RunError> {
        let mut values = Vec::new();
        let guard = self.run_into(inputs, &mut values)?;
        Ok(Exit { guard, values })
    }

    /// Like `run`, but writes the exit values into `values` (cleared first). It makes
    /// room for at least `MIN_EXIT_BUFFER` values (and `max_exit_values()`); a buffer
    /// reused across runs does not allocate again.
    ///
    /// # Safety
    /// As for `run`.
    pub unsafe fn run_into(&self, inputs: &[u64], values: &mut Vec<u64>) -> Result<u32, RunError> {
        if inputs.len() != self.input_types.len() {
            return Err(RunError::InputCount {
                expected: self.input_types.len(),
                got: inputs.len(),
            });
        }
        values.clear();
        values.reserve(self.max_exit_values.get().max(MIN_EXIT_BUFFER));
        let outer = self.active_capacity.get();
        let cap = values.capacity();
        self.active_capacity
            .set(Some(outer.map_or(cap, |c| c.min(cap))));
        // SAFETY: the code lives as long as `self`, and the exit buffer has room for
        // the largest exit (bridges attached while this run is active must fit in it:
        // `attach_bridge` checks).
        let guard = (self.entry_fn)(inputs.as_ptr(), values.as_mut_ptr()) as u32;
        self.active_capacity.set(outer);
        let n = self.exits.get(guard as usize).map_or(0, |x| x.values.len());
        values.set_len(n);
        Ok(guard)
    }

    /// Exit `guard`'s description (trace, op, snapshot, order of its values).
    pub fn exit_info(&self, guard: u32) -> Option<&ExitInfo> {
        self.exits.get(guard as usize)
    }

    /// Every exit's description, by exit number.
    pub fn exits(&self) -> Vec<&ExitInfo> {
        self.exits.iter().collect()
    }

    /// Number of exits (of the root and of every bridge).
    pub fn num_exits(&self) -> usize {
        self.exits.len()
    }

    /// How often each exit's guard has failed, by exit number (for `--jit-stats`).
    /// An exit with a bridge keeps counting: its count is how often its bridge ran.
    pub fn exit_counts(&self) -> Vec<u64> {
        self.traces
            .iter()
            .flat_map(|t| t.cells.iter())
            .map(|c| c.count.load(Ordering::Relaxed))
            .collect()
    }

    /// How often exit `guard`'s guard has failed (see `exit_counts`).
    pub fn exit_count(&self, guard: u32) -> u64 {
        self.cell(guard).map_or(0, |(t, k)| t.cells[k].count.load(Ordering::Relaxed))
    }

    /// Whether exit `guard` leads into a bridge.
    pub fn has_bridge(&self, guard: u32) -> bool {
        self.cell(guard)
            .is_some_and(|(t, k)| t.cells[k].target.load(Ordering::Relaxed) != t.stores[k])
    }

    /// The trace owning exit `guard` and the exit's index in it.
    pub(crate) fn cell(&self, guard: u32) -> Option<(&TraceCode, usize)> {
        let info = self.exits.get(guard as usize)?;
        let t = self.traces.get(info.trace as usize)?;
        Some((t, (guard - t.first_exit) as usize))
    }

    /// Number of traces: 1 (the root) plus the bridges attached.
    pub fn num_traces(&self) -> usize {
        self.traces.len()
    }

    /// Machine-code size in bytes of the root trace (loop, stubs, literal pool,
    /// entry), for logs. See `trace_code` for bridges.
    pub fn code_size(&self) -> usize {
        self.code().len()
    }

    /// The root trace's machine code (for disassembling in a debugger or a log).
    pub fn code(&self) -> &[u8] {
        self.trace_code(0).unwrap_or(&[])
    }

    /// The machine code of trace `k` (0 is the root, then the bridges).
    pub fn trace_code(&self, k: usize) -> Option<&[u8]> {
        self.traces.get(k).map(|t| &*t.code)
    }

    /// Machine-code size of the root and all bridges.
    pub fn total_code_size(&self) -> usize {
        self.traces.iter().map(|t| t.code.len()).sum()
    }

    /// The largest number of values any exit produces (bridges included).
    pub fn max_exit_values(&self) -> usize {
        self.max_exit_values.get()
    }

    pub fn num_inputs(&self) -> usize {
        self.input_types.len()
    }
}
