//! `CompiledLoop`: the executable code of one trace, with the memory its code refers
//! to (exit counters, random-exit state). Dropping it frees the code.

use crate::codegen::Codegen;
use crate::exits::ExitInfo;
use crate::{CompileError, CompileOptions};
use dynasmrt::{AssemblyOffset, ExecutableBuffer};
use hipy_optimizer::Trace;
use std::sync::atomic::{AtomicU64, Ordering};

pub struct CompiledLoop {
    code: ExecutableBuffer,
    entry: AssemblyOffset,
    exits: Vec<ExitInfo>,
    /// Times each exit was taken; the code increments them in place.
    counters: Box<[AtomicU64]>,
    /// xorshift64 state of the random-exit mode; the code updates it in place.
    _prng: Box<AtomicU64>,
    num_inputs: usize,
    max_exit_values: usize,
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

pub(crate) fn build(trace: &Trace, opts: &CompileOptions) -> Result<CompiledLoop, CompileError> {
    let n_exits = trace.exit_ops().len();
    let counters: Box<[AtomicU64]> = (0..n_exits).map(|_| AtomicU64::new(0)).collect();
    let seed = match opts.random_exits {
        Some(0) => 0x9E37_79B9_7F4A_7C15, // xorshift's fixed point is 0
        Some(s) => s,
        None => 0,
    };
    let prng = Box::new(AtomicU64::new(seed));
    let counters_addr = counters.as_ptr() as u64;
    let prng_addr = &*prng as *const AtomicU64 as u64;

    let mut cg = Codegen::new(trace, opts, counters_addr, prng_addr)?;
    cg.emit_loop()?;
    let stub_offsets = cg.emit_stubs();
    cg.e.emit_pool();
    let entry = cg.emit_entry();

    let mut exits: Vec<Option<ExitInfo>> = vec![None; n_exits];
    for x in &cg.exits {
        let op = &trace.ops[x.op_index];
        let snapshot = op
            .snapshot()
            .ok_or_else(|| CompileError::Internal("exit without a snapshot".into()))?;
        exits[x.exit_no as usize] = Some(ExitInfo {
            op_index: x.op_index,
            snapshot,
            values: x.values.clone(),
            locations: x.locs.clone(),
            stub_offset: stub_offsets[x.exit_no as usize],
        });
    }
    let exits: Vec<ExitInfo> = exits
        .into_iter()
        .enumerate()
        .map(|(k, x)| x.ok_or_else(|| CompileError::Internal(format!("exit {} has no stub", k))))
        .collect::<Result<_, _>>()?;

    let mut ops = cg.e.ops;
    ops.commit()
        .map_err(|e| CompileError::Assembler(e.to_string()))?;
    let code = ops
        .finalize()
        .map_err(|_| CompileError::Assembler("code buffer still shared".into()))?;
    let max_exit_values = exits.iter().map(|x| x.values.len()).max().unwrap_or(0);
    Ok(CompiledLoop {
        code,
        entry,
        exits,
        counters,
        _prng: prng,
        num_inputs: trace.inputs.len(),
        max_exit_values,
    })
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

    /// Like `run`, but writes the exit values into `values` (cleared first). Once its
    /// capacity is `max_exit_values()`, the exit path does not allocate.
    ///
    /// # Safety
    /// As for `run`.
    pub unsafe fn run_into(&self, inputs: &[u64], values: &mut Vec<u64>) -> Result<u32, RunError> {
        if inputs.len() != self.num_inputs {
            return Err(RunError::InputCount {
                expected: self.num_inputs,
                got: inputs.len(),
            });
        }
        values.clear();
        values.reserve(self.max_exit_values.max(1));
        // SAFETY: the entry was emitted with this signature; the buffer lives as long
        // as `self`, and the exit buffer has room for the largest exit.
        let f: EntryFn = std::mem::transmute(self.code.ptr(self.entry));
        let guard = f(inputs.as_ptr(), values.as_mut_ptr()) as u32;
        let n = self.exits.get(guard as usize).map_or(0, |x| x.values.len());
        values.set_len(n);
        Ok(guard)
    }

    /// Exit `guard`'s description (op, snapshot, order of its values).
    pub fn exit_info(&self, guard: u32) -> Option<&ExitInfo> {
        self.exits.get(guard as usize)
    }

    pub fn exits(&self) -> &[ExitInfo] {
        &self.exits
    }

    /// How often each exit has been taken (for `--jit-stats`).
    pub fn exit_counts(&self) -> Vec<u64> {
        self.counters
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect()
    }

    /// Machine-code size in bytes (loop, stubs, literal pool, entry), for logs.
    pub fn code_size(&self) -> usize {
        self.code.len()
    }

    /// The machine code (for disassembling in a debugger or a log).
    pub fn code(&self) -> &[u8] {
        &self.code
    }

    /// The largest number of values any exit produces.
    pub fn max_exit_values(&self) -> usize {
        self.max_exit_values
    }

    pub fn num_inputs(&self) -> usize {
        self.num_inputs
    }
}
