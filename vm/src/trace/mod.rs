//! The tracing JIT's side in the vm: when a loop gets hot its next iteration
//! is recorded (`record`), optimized (`hipy_optimizer`) and compiled to x86-64
//! (`hipy_jit`); later back-edges enter the compiled loop, and a failing guard
//! resumes the interpreter exactly where the guard's snapshot says
//! (`deopt`). Helpers the machine code calls live in `helpers`.
//!
//! Controls: `HIPY_JIT=off|on` (default on), `HIPY_JIT_THRESHOLD` (back-edges
//! before a loop is recorded, default 1000), `HIPY_JIT_RANDOM_EXIT=seed`
//! (guards also fail at random, to exercise every exit), `HIPY_JIT_LOG=path`
//! (each trace's IR before and after optimization, and its code size).

mod config;
mod deopt;
mod direct;
mod versions;
pub use direct::call_entry;
mod attr_helpers;
mod helper_table;
pub mod helpers;
mod record;
pub mod sites;
pub mod stats;

use std::cell::RefCell;
use std::rc::Rc;

use hipy_jit::{CompileOptions, CompiledLoop};
use hipy_optimizer::Trace;
use rustpython_vm::builtins::PyFloat;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::eval::Raised;
use crate::frame::Frame;
pub use record::Recorder;
pub use config::{config, PRESET};
use config::*;
pub use crate::layout::objects::{layout, Layout, SeqLayout};
use record::{FrameDesc, InputKind};



/// One trace of a compiled loop (the root, or a bridge) and what its exits
/// need to rebuild frames.
pub struct TracePart {
    pub trace: Trace,
    pub descs: Vec<FrameDesc>,
    _keep: record::Keep,
    /// A bridge ending at another compiled loop's header (`exit`): how its
    /// exit enters that loop directly.
    transfer: Option<Transfer>,
    /// Objects allocation removal kept virtual (`--jit-stats`).
    pub allocs_removed: usize,
    /// How the exit that ends this trace at its frame's return makes the
    /// value returned (made at its first use; None: that exit rebuilds).
    ret: std::cell::OnceCell<Option<deopt::ReturnPlan>>,
}

/// The loop a bridge's final exit enters, and how its values become that
/// loop's inputs (`deopt::plan_transfer`, made at the first transfer).
struct Transfer {
    target: std::rc::Weak<CompiledTrace>,
    plan: std::cell::OnceCell<Option<deopt::TransferPlan>>,
}

/// A compiled loop: its machine code, and its traces in the order the
/// backend numbers them (`ExitInfo::trace`: 0 is the root, then bridges).
pub struct CompiledTrace {
    pub code: CompiledLoop,
    pub name: String,
    /// The loop's header instruction.
    header: u32,
    inputs: Vec<InputKind>,
    /// Which loop-frame slots are empty at the header.
    header_nulls: Vec<bool>,
    parts: RefCell<Vec<Rc<TracePart>>>,
    /// Some bridge of this loop ends in a transfer (exits look for one only then).
    transfers: std::cell::Cell<bool>,
    /// Failed bridge recordings, by exit number.
    bridge_aborts: RefCell<rustc_hash::FxHashMap<u32, u32>>,
    /// Entered since the last full collection (`release_loops_at_collection`).
    entered: std::cell::Cell<bool>,
    /// The frame (serial) that last left through an exit with no bridge to
    /// come, and the back-edge count before which that frame does not enter
    /// again (`BOUNCE_BACKOFF`). Serial 0: none.
    bounced: std::cell::Cell<(u64, u64)>,
    /// Times the interpreter entered it (`--jit-stats`).
    pub entries: std::cell::Cell<u64>,
    /// False for a loop's first-iteration trace (`LoopState::first`), which
    /// runs one iteration and transfers into the loop's trace.
    loops: bool,
    /// The classes its preamble requires of its object inputs, by loop-frame
    /// slot (`versions::entry_classes`).
    entry_classes: Vec<(usize, u64)>,
    /// What each exit does at the return of the frame that entered, by exit
    /// number, once looked up (`return_exit`; a function's trace returns at
    /// every call, often through more than one exit).
    returns: RefCell<Vec<ReturnSlot>>,
}

/// Whether an exit returns from the frame that entered (`return_exit`).
#[derive(Clone, Copy)]
enum ReturnSlot {
    Unknown,
    /// It rebuilds the frame instead.
    Rebuilds,
    /// Its plan, which lives in a part of the trace (parts are never dropped
    /// before the trace).
    Plan(*const deopt::ReturnPlan),
}

/// A frame at a loop header against a trace of that loop (`boundness`).
#[derive(PartialEq)]
enum Boundness {
    /// Its slots are bound and unbound as at the trace's header.
    Same,
    /// As at the header, except that some slots the trace has bound are
    /// still unbound: the loop is starting (`first_iteration`).
    UnboundOnly,
    Other,
}

impl CompiledTrace {
    /// A compiled root trace (`part`) starting at `header` with these inputs;
    /// one that ends in a transfer does not loop itself. Counted in the stats.
    fn new(
        name: String,
        code: CompiledLoop,
        (header, inputs, header_nulls): (u32, Vec<InputKind>, Vec<bool>),
        part: Rc<TracePart>,
        started: std::time::Instant,
    ) -> Rc<CompiledTrace> {
        let transfers = part.transfer.is_some();
        let entry_classes = versions::entry_classes(&part.trace, &header_nulls);
        let ct = Rc::new(CompiledTrace {
            name,
            code,
            header,
            inputs,
            header_nulls,
            parts: RefCell::new(vec![part]),
            transfers: std::cell::Cell::new(transfers),
            bridge_aborts: RefCell::default(),
            entered: Default::default(),
            bounced: Default::default(),
            entries: Default::default(),
            loops: !transfers,
            entry_classes,
            returns: RefCell::default(),
        });
        stats::with(|s| {
            s.compiled.push(Rc::downgrade(&ct));
            s.compile_time += started.elapsed();
        });
        ct
    }

    /// How frame `f`'s bound and unbound slots compare with this trace's
    /// header.
    fn boundness(&self, f: &Frame) -> Boundness {
        if f.slots.len() != self.header_nulls.len() {
            return Boundness::Other;
        }
        let mut unbound_here = false;
        for (s, &null) in f.slots.iter().zip(&self.header_nulls) {
            match (s.is_none(), null) {
                (false, true) => return Boundness::Other,
                (true, false) => unbound_here = true,
                _ => {}
            }
        }
        if unbound_here { Boundness::UnboundOnly } else { Boundness::Same }
    }

    /// Whether frame `f` must not enter now: it left through an exit that
    /// will never get a bridge, and has not yet run `BOUNCE_BACKOFF`
    /// back-edges of loop `jump` since.
    fn refuses(&self, f: &Frame, jump: u32) -> bool {
        let (serial, until) = self.bounced.get();
        serial == f.serial && f.code.backedges[jump as usize].get() < until
    }
}

impl CompiledTrace {
    /// Trace `k` (`ExitInfo::trace`).
    pub fn part(&self, k: u32) -> Rc<TracePart> {
        self.parts.borrow()[k as usize].clone()
    }

    pub fn parts(&self) -> Vec<Rc<TracePart>> {
        self.parts.borrow().clone()
    }

    pub fn inputs(&self) -> &[InputKind] {
        &self.inputs
    }

    pub fn header_nulls(&self) -> &[bool] {
        &self.header_nulls
    }

    /// The loop that exit `guard` enters directly, if it ends a bridge into
    /// another loop.
    pub fn transfer_target(&self, guard: u32) -> Option<Rc<CompiledTrace>> {
        self.transfer(guard).map(|(next, _)| next)
    }

    /// Exit `guard`'s transfer: the loop it enters and its trace part (which
    /// holds the plan).
    fn transfer(&self, guard: u32) -> Option<(Rc<CompiledTrace>, Rc<TracePart>)> {
        if !self.transfers.get() {
            return None;
        }
        let info = self.code.exit_info(guard)?;
        let part = self.part(info.trace);
        let next = part.transfer.as_ref()?.target.upgrade()?;
        (info.op_index + 1 == part.trace.ops.len()).then_some((next, part))
    }

    /// Enter the loop exit `guard` transfers into: its input words from the
    /// exit buffer `buf`. None (nothing done) if `guard` is no transfer or
    /// its values do not fit that loop.
    fn transfer_words(&self, vm: &VirtualMachine, guard: u32, buf: &[u64], words: &mut Vec<u64>) -> Option<Rc<CompiledTrace>> {
        let (next, part) = self.transfer(guard)?;
        let t = part.transfer.as_ref()?;
        let plan = t.plan.get_or_init(|| deopt::plan_transfer(self, guard, &next)).as_ref()?;
        words.clear();
        deopt::transfer(vm, plan, buf, words);
        Some(next)
    }
}

/// A loop: its code object and JUMP_BACKWARD instruction, and whether its
/// frame runs in push mode (`crate::push`). A push-mode trace offers its
/// yields to the consumer; the same loop run by `next()` has its own trace.
#[derive(Clone)]
pub struct LoopKey {
    pub code: Rc<crate::code::CodeInfo>,
    pub jump: u32,
    pub push: bool,
}

impl LoopKey {
    pub fn of(f: &Frame, jump: u32) -> LoopKey {
        LoopKey { code: f.code.clone(), jump, push: f.push }
    }

    /// `qualname:line` of the loop's back-edge (or the function's start),
    /// as traces are named.
    fn label(&self) -> String {
        let entry = matches!(self.code.ops[self.jump as usize].kind, rustpython_vm::bytecode::Instruction::Resume { .. });
        let what = if entry { " (function entry)" } else { "" };
        format!("{}:{}{what}", self.code.qualname(), self.code.line_of(self.jump).unwrap_or(0))
    }
}

/// What the JIT knows about one loop (`CodeInfo::jit_loops`).
pub struct LoopState {
    jump: u32,
    push: bool,
    compiled: Option<Rc<CompiledTrace>>,
    aborts: u32,
    blacklisted: bool,
    /// The loop's first-iteration trace: the loop's trace was recorded at a
    /// back-edge, so its variables (`for x in ...`'s `x`, a comprehension's
    /// own variable) are bound at its header, while they are unbound when
    /// the loop starts. This trace runs that first iteration from the
    /// header and transfers into the loop's trace (`first_iteration`).
    first: Option<Rc<CompiledTrace>>,
    /// Starts that did not fit the loop's trace, and failed recordings of
    /// the first-iteration trace.
    first_misses: u32,
    first_aborts: u32,
    /// Traces of the loop for inputs of other classes (`versions`), and
    /// entries that fit none of them since the last version was recorded.
    versions: Vec<Rc<CompiledTrace>>,
    version_misses: u32,
}

/// Loop (`jump`, `push`) of `code`'s state, made on first use.
fn with_state<R>(code: &crate::code::CodeInfo, jump: u32, push: bool, f: impl FnOnce(&mut LoopState) -> R) -> R {
    let mut loops = code.jit_loops.borrow_mut();
    let i = match loops.iter().position(|s| s.jump == jump && s.push == push) {
        Some(i) => i,
        None => {
            loops.push(LoopState { jump, push, compiled: None, aborts: 0, blacklisted: false, first: None, first_misses: 0, first_aborts: 0, versions: Vec::new(), version_misses: 0 });
            loops.len() - 1
        }
    };
    f(&mut loops[i])
}

/// Loop (`jump`, `push`) of `code`'s compiled code, if it has any.
fn compiled(code: &crate::code::CodeInfo, jump: u32, push: bool) -> Option<Rc<CompiledTrace>> {
    code.jit_loops.borrow().iter().find(|s| s.jump == jump && s.push == push).and_then(|s| s.compiled.clone())
}

thread_local! {
    // The codes of this thread that hold compiled loops (each compiled loop
    // holds its code too: `release_loops*` break that cycle). Compiled
    // traces hold objects: released by `release_loops` at thread exit,
    // never by the TLS destructors (see `threads::release_thread_state`).
    static WITH_COMPILED: std::mem::ManuallyDrop<RefCell<Vec<Rc<crate::code::CodeInfo>>>> =
        std::mem::ManuallyDrop::new(RefCell::new(Vec::new()));
}

/// Before a full collection: drop this thread's compiled loops that no
/// frame is running (none, for an explicit `gc.collect()`, which should
/// free all it can; those not entered since the last full collection, for
/// an automatic one), and the objects their traces hold. A trace holds its
/// constants (classes, methods, functions) outside the collector's view, so
/// a cycle through a class that some loop used could never be collected.
/// A released loop is recorded again if it gets hot again. Other threads'
/// loops are left alone.
pub fn release_loops_at_collection(explicit: bool) {
    direct::forget();
    let codes = WITH_COMPILED.with(|w| w.borrow().clone());
    let mut released: Vec<Rc<CompiledTrace>> = Vec::new();
    for info in &codes {
        for st in info.jit_loops.borrow_mut().iter_mut() {
            let Some(ct) = &st.compiled else { continue };
            let warm = ct.entered.replace(false) && !explicit;
            // Another holder is a frame running it, a recording of one
            // of its bridges, or a caller about to enter it.
            if warm || Rc::strong_count(ct) > 1 {
                continue;
            }
            info.loop_entries[header_instruction(info, ct.header) as usize].set(crate::code::NO_LOOP);
            let jump = st.jump as usize;
            info.jit_next[jump].set(info.backedges[jump].get().saturating_add(config().threshold));
            released.push(st.compiled.take().expect("compiled"));
            released.extend(st.first.take());
            released.append(&mut st.versions);
        }
    }
    WITH_COMPILED.with(|w| w.borrow_mut().retain(|info| info.jit_loops.borrow().iter().any(|s| s.compiled.is_some())));
    drop(codes);
    let n = released.len() as u64;
    let entries: u64 = released.iter().map(|ct| ct.entries.get()).sum();
    // Dropped outside every borrow: finalizers may run.
    drop(released);
    stats::with(|s| {
        s.released += n;
        s.released_entries += entries;
        s.compiled.retain(|w| w.strong_count() > 0);
    });
}

/// Drop this thread's loop states and compiled traces (the thread is ending).
pub fn release_loops() {
    direct::forget();
    let codes = WITH_COMPILED.with(|w| std::mem::take(&mut *w.borrow_mut()));
    let states: Vec<Vec<LoopState>> = codes.iter().map(|info| std::mem::take(&mut *info.jit_loops.borrow_mut())).collect();
    drop(states);
    drop(codes);
    drop(helpers::take_pending());
}

/// A back-edge reached its check count (`Flow::Jit`): enter the compiled
/// loop, or start recording it. The loop frame is the top of `stack`, at the
/// loop header.
pub fn back_edge(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    rec: &mut Option<Box<Recorder>>,
) -> Result<Entered, Raised> {
    let Some(layout) = layout() else { return Ok(Entered::No) };
    let f = stack.last().unwrap();
    let jump = f.lasti as usize;
    let (compiled, blacklisted) = with_state(&f.code, f.lasti, f.push, |s| (s.compiled.clone(), s.blacklisted));
    // Not a back-edge: a function's start (`CodeInfo::entry_traced`).
    let entry = matches!(f.code.ops[jump].kind, rustpython_vm::bytecode::Instruction::Resume { .. });
    if let Some(r) = rec.as_deref() {
        // The recorder follows every instruction of its own frames; compiled
        // code would run behind its back.
        if !r.in_callee(stack.len()) {
            return Ok(Entered::No);
        }
        // A loop of a function the recording calls as a residual call: the
        // recording sees only the call's result. Its compiled code runs
        // (`enter` records no bridge while a recording is on). A hot loop
        // without any stops the recording, which would otherwise keep every
        // loop it calls interpreted (`main()` called from a recorded
        // module-level loop's exit is the whole program): the recording's
        // target is not charged, it is recorded again later.
        // (A blacklisted one below does nothing; the recording goes on.)
        // A function without compiled code runs interpreted under the
        // recording: its callers' traces do not depend on it (a recursive
        // function's own recording calls it).
        if compiled.is_none() && entry {
            return Ok(Entered::No);
        }
        if compiled.is_none() && !blacklisted {
            let r = rec.take().unwrap();
            give_way(&r.target);
        }
    }
    let count = f.code.backedges[jump].get();
    if let Some(main) = compiled {
        if main.refuses(f, jump as u32) {
            f.code.jit_next[jump].set(main.bounced.get().1);
            return Ok(Entered::No);
        }
        // A frame whose inputs do not fit the trace's classes enters the
        // version for them, or is recorded as one (below) unless a recording
        // is on (it runs the loop as compiled, in a residual call).
        let pick = if rec.is_some() { versions::Pick::Enter(main) } else { versions::pick(f, jump as u32, main) };
        if let versions::Pick::Enter(ct) = pick {
            f.code.jit_next[jump].set(count + 1);
            return enter(vm, stack, rec, &ct, jump as u32);
        }
    }
    if blacklisted {
        f.code.jit_next[jump].set(u64::MAX);
        return Ok(Entered::No);
    }
    f.code.jit_next[jump].set(count + RETRY_BACKOFF);
    let base = stack.len() - 1;
    match Recorder::start(vm, stack.last().unwrap(), base, layout, entry) {
        Ok(mut r) => {
            if entry {
                r.target = Target::Entry(LoopKey::of(stack.last().unwrap(), jump as u32));
            }
            stats::with(|s| s.recordings += 1);
            *rec = Some(Box::new(r));
        }
        Err(reason) => note_abort(&LoopKey::of(f, f.lasti), reason),
    }
    Ok(Entered::No)
}

/// What entering compiled code did.
pub enum Entered {
    /// Nothing ran (recording, or the frame's values do not fit).
    No,
    /// It ran and exited: the frames are rebuilt where the exit says.
    Yes,
    /// It ran to the return of the frame that entered, which now returns
    /// this value (the frame was not rebuilt).
    Returned(PyObjectRef),
}

fn note_abort(key: &LoopKey, reason: String) {
    log_abort(&key.label(), &reason);
    stats::with(|s| *s.aborts.entry(reason).or_default() += 1);
    with_state(&key.code, key.jump, key.push, |st| {
        st.aborts += 1;
        if st.aborts >= MAX_ABORTS {
            st.blacklisted = true;
        }
    });
}

/// What a recording is for: a loop (by code object and JUMP_BACKWARD), or
/// a bridge from an exit of a compiled loop.
#[derive(Clone)]
pub enum Target {
    Loop(LoopKey),
    /// The first iteration of a compiled loop, from its header as the loop
    /// starts (`LoopState::first`).
    First(LoopKey),
    Bridge(Rc<CompiledTrace>, u32),
    /// A function from its start (`jump`: its RESUME) to its return.
    Entry(LoopKey),
}

impl Target {
    /// What is recorded, as the JIT log names it.
    fn label(&self) -> String {
        match self {
            Target::Bridge(ct, exit) => format!("bridge of trace {} from exit {exit}", ct.name),
            Target::Loop(key) => key.label(),
            Target::First(key) => format!("{} (first iteration)", key.label()),
            Target::Entry(key) => key.label(),
        }
    }
}

/// Stop recording without a trace: a root recording counts against its
/// loop, a bridge recording against its exit.
fn abandon(target: &Target, reason: String) {
    match target {
        Target::Bridge(ct, exit) => {
            log_abort(&target.label(), &reason);
            stats::with(|s| *s.aborts.entry(format!("bridge: {reason}")).or_default() += 1);
            *ct.bridge_aborts.borrow_mut().entry(*exit).or_default() += 1;
        }
        Target::Loop(key) | Target::Entry(key) => note_abort(key, reason),
        Target::First(key) => {
            log_abort(&target.label(), &reason);
            stats::with(|s| *s.aborts.entry(format!("first iteration: {reason}")).or_default() += 1);
            with_state(&key.code, key.jump, key.push, |st| st.first_aborts += 1);
        }
    }
}

/// Stop a recording in favour of a hot loop in a function it calls, without
/// holding it against its loop or exit.
fn give_way(target: &Target) {
    let reason = "a loop in a residual call got hot";
    log_abort(&target.label(), reason);
    stats::with(|s| *s.aborts.entry(reason.into()).or_default() += 1);
}

/// Record one instruction of the top frame and execute it.
pub fn record_step(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    rec: &mut Option<Box<Recorder>>,
    exec: impl FnOnce(&mut Frame) -> Result<crate::eval::Flow, Raised>,
) -> Result<crate::eval::Flow, Raised> {
    let r = rec.as_mut().expect("recording");
    let n = stack.len();
    let top = n - 1;
    let f = &mut stack[top];
    match r.in_residual_call(n, f.pc) {
        // The trace calls this frame's function; the interpreter runs it.
        Ok(true) => return exec(f),
        Ok(false) => {}
        Err(reason) => {
            let r = rec.take().unwrap();
            abandon(&r.target, reason);
            return exec(f);
        }
    }
    // A bridge of a first-iteration trace reaching the header transfers into
    // the loop's trace (below): it has no loop of its own to close; nor has a
    // function's trace, whose start may be a loop's header too.
    let loops = !matches!(&r.target, Target::Bridge(ct, _) if !ct.loops) && !matches!(r.target, Target::Entry(_));
    let at_header = loops && n == r.base + 1 && f.serial == r.serial && f.pc == r.header && r.depth() == 1;
    if n != r.base + r.depth() {
        let r = rec.take().unwrap();
        abandon(&r.target, "frame stack differs from the recording".into());
        return exec(f);
    }
    // A bridge back at its own loop's header with a loop variable unbound
    // (an inner loop starting again) does not fit the loop's trace: it
    // enters the loop's first-iteration trace instead (below).
    let refits = at_header && matches!(&r.target, Target::Bridge(ct, _) if ct.boundness(f) != Boundness::Same);
    if at_header && r.started() && !refits {
        let r = rec.take().unwrap();
        finish(vm, *r, stack);
        return Ok(crate::eval::Flow::Next);
    }
    // A recording that reaches another compiled loop's header ends there,
    // with an exit that enters that loop. A bridge of a trace that does not
    // loop itself enters that trace again at its own header.
    // A loop whose variables are bound otherwise than here (a variable its
    // body assigns is still unbound before the first iteration, and the loop
    // has no first-iteration trace) is not entered: the recording follows
    // its iteration and enters it at the header next time round.
    if n == r.base + 1 && r.depth() == 1 && f.serial == r.serial {
        let other = |next: &Rc<CompiledTrace>| next.boundness(f) == Boundness::Same && match &r.target {
            // Back into its own trace only after recording something: an
            // empty bridge would enter the trace where its exit failed, with
            // the same values, and fail there again without end.
            Target::Bridge(ct, _) => !Rc::ptr_eq(next, ct) || (!ct.loops && r.started()),
            _ => r.started() && header_instruction(&f.code, next.header) != header_instruction(&f.code, r.header),
        };
        if let Some(next) = compiled_loop_at(f).filter(other) {
            let r = rec.take().unwrap();
            if matches!(r.target, Target::Bridge(..)) {
                finish_transfer(vm, *r, stack, next);
            } else {
                finish_root_transfer(vm, *r, stack.last().unwrap(), next);
            }
            return Ok(crate::eval::Flow::Next);
        }
    }
    let pc = f.pc;
    let op = f.code.ops[pc as usize];
    // A bridge that reaches its loop frame's return ends there, and so does
    // a function's trace: an exit lets the interpreter return.
    let returns = matches!(op.kind, rustpython_vm::bytecode::Instruction::ReturnValue);
    let ends_at_return = matches!(r.target, Target::Bridge(..) | Target::Entry(_));
    if returns && ends_at_return && n == r.base + 1 && r.depth() == 1 && f.serial == r.serial {
        let r = rec.take().unwrap();
        if r.started() {
            finish_exit(vm, *r, pc);
        } else {
            // An exit at the return already does all a bridge would (an
            // entry trace starts after RESUME, so it has always started).
            abandon(&r.target, "bridge starts at the loop frame's return".into());
        }
        return exec(f);
    }
    if let Err(reason) = r.record(vm, f, op, pc) {
        let r = rec.take().unwrap();
        abandon(&r.target, reason);
        return exec(f);
    }
    // While recording, back-edges are the recorder's business.
    let step = match exec(f) {
        Ok(crate::eval::Flow::Jit) => Ok(crate::eval::Flow::Next),
        other => other,
    };
    let (pushed, returned) = match &step {
        Ok(crate::eval::Flow::Push(_)) => (true, false),
        Ok(crate::eval::Flow::Return(_)) => (false, true),
        // A peeled generator's yield hands its value to the consumer below.
        Ok(crate::eval::Flow::Yield(_)) if n > r.base + 1 => (false, true),
        Ok(crate::eval::Flow::Yield(_)) | Err(_) => {
            let r = rec.take().unwrap();
            abandon(&r.target, "yield or exception while recording".into());
            return step;
        }
        _ => (false, false),
    };
    let now_pc = stack[top].pc;
    if let Err(reason) = r.after(pushed, returned, now_pc) {
        let r = rec.take().unwrap();
        abandon(&r.target, reason);
    }
    step
}


/// Log a compiled trace; its machine code goes to `LOG.N.bin` beside the log
/// (`objdump -D -b binary -m i386:x86-64 --adjust-vma=ADDRESS LOG.N.bin`),
/// and its address range to `/tmp/perf-PID.map`, where `perf report` finds
/// names for samples in compiled code.
fn log_trace(title: &str, before: &str, trace: &Trace, first_exit: u32, code: &[u8]) {
    let Some(path) = &config().log else { return };
    let perf_map = format!("/tmp/perf-{}.map", std::process::id());
    if let Ok(mut map) = std::fs::OpenOptions::new().create(true).append(true).open(perf_map) {
        use std::io::Write;
        let _ = writeln!(map, "{:x} {:x} hipy {title}", code.as_ptr() as usize, code.len());
    }
    static DUMPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = DUMPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let bin = format!("{}.{n}.bin", path.display());
    let saved = std::fs::write(&bin, code).is_ok();
    log_text(&format!(
        "=== {title}\n--- recorded\n{before}--- optimized\n{}--- machine code: {} bytes at {:#x}{}\n\n",
        hipy_optimizer::to_text_annotated_from(trace, first_exit),
        code.len(),
        code.as_ptr() as usize,
        if saved { format!(", in {bin}") } else { String::new() },
    ));
}

/// Which recording stopped without a trace, and why, in the HIPY_JIT_LOG file.
fn log_abort(what: &str, reason: &str) {
    if config().log.is_some() {
        log_text(&format!("=== abort {what}: {reason}\n\n"));
    }
}

/// Append to the HIPY_JIT_LOG file, if there is one.
fn log_text(text: &str) {
    let Some(path) = &config().log else { return };
    use std::io::Write;
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = f.write_all(text.as_bytes());
    }
}

/// The recording reached the loop header again: optimize, compile, install
/// (a root trace), or attach to its exit (a bridge).
fn finish(vm: &VirtualMachine, r: Recorder, stack: &mut [Box<Frame>]) {
    let Some(f) = stack.last() else { return };
    let Some(layout) = layout() else { return };
    let started = std::time::Instant::now();
    let target = r.target.clone();
    if let Target::First(key) = &target {
        // Back at its own header: into the loop's trace.
        let Some(main) = compiled(&key.code, key.jump, key.push) else { return };
        return finish_root_transfer(vm, r, f, main);
    }
    let root = Root { header: r.header, inputs: Vec::new(), header_nulls: r.header_nulls().to_vec() };
    let (mut trace, inputs, descs, keep) = match r.close(vm, f) {
        Ok(x) => x,
        Err(reason) => return abandon(&target, reason),
    };
    let Some((before, allocs_removed)) = optimized(&mut trace, &target) else { return };
    let part = TracePart { trace, descs, _keep: keep, transfer: None, allocs_removed, ret: Default::default() };
    if let Target::Bridge(ct, exit) = &target {
        return attach(ct, *exit, part, &before, &compile_options(vm, layout), started);
    }
    install_root(vm, &target, Root { inputs, ..root }, part, &before, started);
}

/// Where a root trace starts: its header, the kinds of its inputs and which
/// loop-frame slots are empty there.
struct Root {
    header: u32,
    inputs: Vec<InputKind>,
    header_nulls: Vec<bool>,
}

/// Compile root trace `part` and make it the compiled code of `target`: the
/// loop's trace, or its first-iteration trace. A root that ends in a
/// transfer (into another loop, or from a first iteration into its loop)
/// does not loop itself.
fn install_root(vm: &VirtualMachine, target: &Target, root: Root, part: TracePart, before: &str, started: std::time::Instant) {
    let Some(layout) = layout() else { return };
    let code = match hipy_jit::compile(&part.trace, &compile_options(vm, layout)) {
        Ok(c) => c,
        Err(e) => return abandon(target, format!("backend: {e}")),
    };
    let (key, first) = match target {
        Target::Loop(key) | Target::Entry(key) => (key, false),
        Target::First(key) => (key, true),
        Target::Bridge(..) => unreachable!("bridges are attached"),
    };
    // A loop with a trace already gets another version (`versions`).
    let version = if first { None } else { with_state(&key.code, key.jump, key.push, |st| st.compiled.is_some().then(|| st.versions.len() + 2)) };
    let mut name = match target {
        Target::First(_) => format!("{} (first iteration)", part.trace.name),
        Target::Entry(_) => format!("{} (function entry)", part.trace.name),
        _ => part.trace.name.clone(),
    };
    if let Some(n) = version {
        name.push_str(&format!(" (version {n})"));
    }
    log_trace(&format!("trace {name}"), before, &part.trace, 0, code.trace_code(0).unwrap_or_default());
    let ct = CompiledTrace::new(name, code, (root.header, root.inputs, root.header_nulls), Rc::new(part), started);
    if first {
        with_state(&key.code, key.jump, key.push, |st| st.first = Some(ct));
        return;
    }
    if version.is_some() {
        with_state(&key.code, key.jump, key.push, |st| st.versions.push(ct));
        return;
    }
    let header = ct.header;
    with_state(&key.code, key.jump, key.push, |st| st.compiled = Some(ct));
    direct::forget();
    if matches!(target, Target::Entry(_)) {
        // The function's next call enters it.
        key.code.jit_next[key.jump as usize].set(0);
        return remember_compiled(&key.code);
    }
    remember_compiled(&key.code);
    key.code.loop_entries[header_instruction(&key.code, header) as usize].set(key.jump);
    // Look at the loop again at its next back-edge.
    key.code.jit_next[key.jump as usize].set(0);
}

/// `code` has compiled code (released by `release_loops`).
fn remember_compiled(code: &Rc<crate::code::CodeInfo>) {
    WITH_COMPILED.with(|w| {
        let mut w = w.borrow_mut();
        if !w.iter().any(|info| Rc::ptr_eq(info, code)) {
            w.push(code.clone());
        }
    });
}

/// A root recording (a loop's, or a first iteration's) reached the header of
/// compiled code `next` (another loop's, or its own loop's for a first
/// iteration): end it with an exit that transfers into `next`.
fn finish_root_transfer(vm: &VirtualMachine, r: Recorder, f: &Frame, next: Rc<CompiledTrace>) {
    let started = std::time::Instant::now();
    let target = r.target.clone();
    let root = Root { header: r.header, inputs: r.inputs.clone(), header_nulls: r.header_nulls().to_vec() };
    let (mut trace, descs, keep) = match r.close_transfer(vm, f, &next) {
        Ok(x) => x,
        Err(reason) => return abandon(&target, reason),
    };
    let Some((before, allocs_removed)) = optimized(&mut trace, &target) else { return };
    let transfer = Transfer { target: Rc::downgrade(&next), plan: Default::default() };
    let part = TracePart { trace, descs, _keep: keep, transfer: Some(transfer), allocs_removed, ret: Default::default() };
    install_root(vm, &target, root, part, &before, started);
}

/// Optimize a recorded trace; its text before (for the JIT log, empty
/// without one) and the allocations it kept
/// virtual, or None if the optimizer rejected it (counted against `target`).
fn optimized(trace: &mut Trace, target: &Target) -> Option<(String, usize)> {
    // Only the JIT log shows it (a long trace's text costs as much as its
    // optimization).
    let before = if config().log.is_some() { trace.to_string() } else { String::new() };
    match hipy_optimizer::optimize_with(trace, passes()) {
        Ok(stats) => Some((before, stats.allocs_removed)),
        Err(e) => {
            log_text(&format!("=== {} (rejected by the optimizer: {e:?})\n--- recorded\n{before}\n", trace.name));
            abandon(target, format!("optimizer: {e:?}"));
            None
        }
    }
}

/// Compile bridge `part` and attach it to exit `exit` of `ct`.
fn attach(ct: &Rc<CompiledTrace>, exit: u32, part: TracePart, before: &str, opts: &CompileOptions, started: std::time::Instant) {
    let transfers = part.transfer.is_some();
    let attached = match ct.code.attach_bridge(exit, &part.trace, opts) {
        Ok(a) => a,
        Err(e) => return abandon(&Target::Bridge(ct.clone(), exit), format!("backend: {e}")),
    };
    let title = format!("bridge {} of trace {} from exit {exit}", attached.trace, ct.name);
    log_trace(&title, before, &part.trace, attached.exits.start, ct.code.trace_code(attached.trace as usize).unwrap_or_default());
    let mut parts = ct.parts.borrow_mut();
    debug_assert_eq!(parts.len(), attached.trace as usize);
    parts.push(Rc::new(part));
    if transfers {
        ct.transfers.set(true);
    }
    stats::with(|s| {
        s.bridges += 1;
        s.compile_time += started.elapsed();
    });
}

/// A bridge recording reached the header of `next`, another compiled loop
/// of the same frame: end the bridge there with an exit that enters `next`.
fn finish_transfer(vm: &VirtualMachine, r: Recorder, stack: &[Box<Frame>], next: Rc<CompiledTrace>) {
    let (Some(f), Some(layout)) = (stack.last(), layout()) else { return };
    let started = std::time::Instant::now();
    let target = r.target.clone();
    let Target::Bridge(ct, exit) = &target else { return };
    let (mut trace, descs, keep) = match r.close_transfer(vm, f, &next) {
        Ok(x) => x,
        Err(reason) => return abandon(&target, reason),
    };
    let Some((before, allocs_removed)) = optimized(&mut trace, &target) else { return };
    let transfer = Transfer { target: Rc::downgrade(&next), plan: Default::default() };
    let part = TracePart { trace, descs, _keep: keep, transfer: Some(transfer), allocs_removed, ret: Default::default() };
    attach(ct, *exit, part, &before, &compile_options(vm, layout), started);
}

/// A bridge or function-entry recording reached its frame's return at
/// `pc`: end it with an exit there.
fn finish_exit(vm: &VirtualMachine, r: Recorder, pc: u32) {
    let Some(layout) = layout() else { return };
    let started = std::time::Instant::now();
    let target = r.target.clone();
    let root = Root { header: r.header, inputs: r.inputs.clone(), header_nulls: r.header_nulls().to_vec() };
    let (mut trace, descs, keep) = match r.close_exit(pc) {
        Ok(x) => x,
        Err(reason) => return abandon(&target, reason),
    };
    let Some((before, allocs_removed)) = optimized(&mut trace, &target) else { return };
    let part = TracePart { trace, descs, _keep: keep, transfer: None, allocs_removed, ret: Default::default() };
    match &target {
        Target::Bridge(ct, exit) => attach(ct, *exit, part, &before, &compile_options(vm, layout), started),
        _ => install_root(vm, &target, root, part, &before, started),
    }
}

/// What a bridge reaching the header of a compiled loop (the header `f` is
/// at, in `f`'s mode) transfers into: the loop's trace, or its
/// first-iteration trace if the loop's variables are unbound in `f` as when
/// the loop starts.
fn compiled_loop_at(f: &Frame) -> Option<Rc<CompiledTrace>> {
    let jump = f.code.loop_entries.get(header_instruction(&f.code, f.pc) as usize)?.get();
    if jump == crate::code::NO_LOOP {
        return None;
    }
    let fits = |ct: &CompiledTrace| ct.boundness(f) == Boundness::Same;
    let main = compiled(&f.code, jump, f.push)?;
    if fits(&main) {
        return Some(main);
    }
    let first = with_state(&f.code, jump, f.push, |st| st.first.clone());
    Some(first.filter(|first| fits(first)).unwrap_or(main))
}

/// The instruction a loop header at `pc` runs: past an EXTENDED_ARG prefix
/// (a jump onto the prefix lands on the instruction it extends).
fn header_instruction(code: &crate::code::CodeInfo, pc: u32) -> u32 {
    let op = code.ops[pc as usize];
    if matches!(op.kind, rustpython_vm::bytecode::Instruction::ExtendedArg) {
        op.arg
    } else {
        pc
    }
}

/// The interpreter reached the header of compiled loop (its frame's code,
/// `jump`) before its first iteration: enter it. `No` also when the
/// interpreter must now execute the header's FOR_ITER itself because the
/// loop exited there.
pub fn enter_at_header(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    rec: &mut Option<Box<Recorder>>,
    jump: u32,
) -> Result<Entered, Raised> {
    if rec.as_deref().is_some_and(|r| !r.in_callee(stack.len())) {
        return Ok(Entered::No);
    }
    let f = stack.last().unwrap();
    let Some(ct) = compiled(&f.code, jump, f.push) else {
        return Ok(Entered::No);
    };
    if ct.refuses(stack.last().unwrap(), jump) {
        return Ok(Entered::No);
    }
    let depth = stack.len();
    let mut entered = enter(vm, stack, rec, &ct, jump)?;
    if matches!(entered, Entered::No) {
        entered = first_iteration(vm, stack, rec, &ct, jump)?;
    }
    // An exit back at the header: the interpreter runs this iteration (a
    // guard failing on the first iteration must not bounce forever).
    if stack.len() != depth || !matches!(entered, Entered::Yes) {
        return Ok(entered);
    }
    let f = stack.last_mut().unwrap();
    let header = header_instruction(&f.code, ct.header);
    let at_header = f.pc == ct.header || f.pc == header;
    if at_header {
        // Past an EXTENDED_ARG prefix (a no-op when jumped onto), so that the
        // interpreter's next, single step is the header's FOR_ITER itself.
        f.pc = header;
    }
    Ok(if at_header { Entered::No } else { Entered::Yes })
}

/// The frame at the header of compiled loop `ct` (`jump`) did not fit it
/// because variables its trace has bound are unbound as the loop starts:
/// run the loop's first-iteration trace, or record it once such starts are
/// common.
fn first_iteration(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    rec: &mut Option<Box<Recorder>>,
    ct: &Rc<CompiledTrace>,
    jump: u32,
) -> Result<Entered, Raised> {
    let f = stack.last().unwrap();
    if ct.boundness(f) != Boundness::UnboundOnly {
        return Ok(Entered::No);
    }
    let (first, record) = with_state(&f.code, jump, f.push, |st| {
        st.first_misses = st.first_misses.saturating_add(1);
        let record = st.first.is_none() && st.first_aborts < MAX_ABORTS && st.first_misses >= FIRST_THRESHOLD;
        if record {
            st.first_misses = 0;
        }
        (st.first.clone(), record)
    });
    if let Some(first) = first {
        return enter(vm, stack, rec, &first, jump);
    }
    if record && rec.is_none() {
        let layout = layout().expect("compiled code implies a layout");
        let key = LoopKey::of(f, jump);
        match Recorder::start(vm, f, stack.len() - 1, layout, false) {
            Ok(mut r) => {
                // The back-edge lands on the header as the loop's trace saw it.
                r.header = ct.header;
                r.target = Target::First(key);
                stats::with(|s| s.recordings += 1);
                *rec = Some(Box::new(r));
            }
            Err(reason) => abandon(&Target::First(key), reason),
        }
    }
    Ok(Entered::No)
}

/// The loop frame's values as the compiled loop's input words; false if one
/// does not fit its input's kind (or its boundness differs from the header's).
fn input_words(vm: &VirtualMachine, f: &Frame, ct: &CompiledTrace, words: &mut Vec<u64>) -> bool {
    let mut kinds = ct.inputs.iter();
    for (slot, &null) in f.slots.iter().zip(&ct.header_nulls) {
        let o = match (slot, null) {
            (None, true) => continue,
            (Some(o), false) => o,
            _ => return false,
        };
        match kinds.next().and_then(|&kind| input_word(vm, o, kind)) {
            Some(w) => words.push(w),
            None => return false,
        }
    }
    true
}

/// Object `o` as an input word of kind `kind`, if it fits.
fn input_word(vm: &VirtualMachine, o: &PyObject, kind: InputKind) -> Option<u64> {
    match kind {
        InputKind::Int => crate::layout::objects::exact_small_int(vm, o).map(|v| v as u64),
        InputKind::Float => o.downcast_ref::<PyFloat>().filter(|_| o.class().is(vm.ctx.types.float_type)).map(|x| x.to_f64().to_bits()),
        InputKind::Obj => Some(o as *const PyObject as u64),
    }
}

/// Give compiled code the reference it owns to each object input.
#[inline(always)]
fn own_inputs<'a>(objects: impl Iterator<Item = &'a PyObject>, kinds: &[InputKind]) {
    for (o, kind) in objects.zip(kinds) {
        if *kind == InputKind::Obj {
            std::mem::forget(o.to_owned());
        }
    }
}

/// Enter a compiled loop from the interpreter at its header; on exit,
/// rebuild the interpreter's frames from the guard's snapshot (or, at the
/// frame's return, only make the value returned), and start recording a
/// bridge if that guard fails often.
fn enter(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    rec: &mut Option<Box<Recorder>>,
    ct: &Rc<CompiledTrace>,
    jump: u32,
) -> Result<Entered, Raised> {
    let f = stack.last().unwrap();
    if f.slots.len() != ct.header_nulls.len() {
        return Ok(Entered::No);
    }
    let mut words = buffers::take();
    if !input_words(vm, f, ct, &mut words) {
        buffers::give(words);
        return Ok(Entered::No);
    }
    let bound = f.slots.iter().zip(&ct.header_nulls).filter_map(|(s, &null)| if null { None } else { s.as_deref() });
    own_inputs(bound, &ct.inputs);
    let base = stack.len() - 1;
    let mut buf = buffers::take();
    let ran = run_chain(vm, ct.clone(), &mut words, &mut buf, true);
    buffers::give(words);
    let (ct, guard) = ran?;
    let ct = &ct;
    if let Some(value) = return_exit(vm, ct, guard, &buf) {
        buffers::give(buf);
        return Ok(Entered::Returned(value));
    }
    // No bridge is recorded while a recording waits on a residual call.
    let bridge = after_exit(vm, stack, base, rec, ct, guard, &buf);
    buffers::give(buf);
    // An exit that left the loop (its end, a break, a return) says nothing
    // about the next time the frame runs it.
    let f = &stack[base];
    let in_loop = stack.len() > base + 1 || (header_instruction(&f.code, ct.header)..=jump).contains(&f.pc);
    if bridge? == Bridge::Never && in_loop {
        ct.bounced.set((f.serial, f.code.backedges[jump as usize].get() + BOUNCE_BACKOFF));
    }
    Ok(Entered::Yes)
}

/// Rebuild the frames of `stack` from `base` up as exit `guard` of `ct`
/// left them (its values in `buf`), and start recording a bridge from that
/// exit if it fails often enough and no recording waits.
fn after_exit(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    base: usize,
    rec: &mut Option<Box<Recorder>>,
    ct: &Rc<CompiledTrace>,
    guard: u32,
    buf: &[u64],
) -> Result<Bridge, Raised> {
    let resumed = deopt::rebuild(vm, stack, ct, guard, buf)?;
    let bridge = bridge_outlook(ct, guard);
    if bridge == Bridge::Now && rec.is_none() {
        let layout = layout().expect("compiled code implies a layout");
        match Recorder::start_bridge(vm, stack, base, ct.clone(), guard, resumed, layout) {
            Ok(r) => {
                stats::with(|s| s.recordings += 1);
                *rec = Some(Box::new(r));
            }
            Err(reason) => abandon(&Target::Bridge(ct.clone(), guard), reason),
        }
    }
    Ok(bridge)
}

/// Run compiled code `ct` from input words `words` (object inputs owned
/// by the trace); an exit that ends a bridge into another loop enters that
/// loop at once, with the exit's values as its inputs. The trace that
/// exited last, and its exit, whose values are in `buf`.
fn run_chain(vm: &VirtualMachine, mut ct: Rc<CompiledTrace>, words: &mut Vec<u64>, buf: &mut Vec<u64>, root_is_frame: bool) -> PyResult<(Rc<CompiledTrace>, u32)> {
    loop {
        ct.entries.set(ct.entries.get() + 1);
        ct.entered.set(true);
        let exit = {
            let _scope = helpers::VmScope::enter(vm);
            let _run = sites::enter_run(root_is_frame);
            // SAFETY: inputs match the trace's types (checked by the caller,
            // or by `deopt::transfer`); object inputs are owned references.
            unsafe { ct.code.run_into(words, buf) }
        };
        let guard = exit.map_err(|e| vm.new_system_error(format!("hipy JIT: {e:?}")))?;
        // A pending signal or request stops a chain of transfers (traces
        // that do not loop themselves have no back-edge safepoint): the
        // interpreter takes it at the next safepoint.
        if crate::safepoint::REQUESTED.load(std::sync::atomic::Ordering::Relaxed) != 0 {
            return Ok((ct, guard));
        }
        match ct.transfer_words(vm, guard, buf, words) {
            Some(next) => ct = next,
            None => return Ok((ct, guard)),
        }
    }
}

/// If exit `guard` ends its trace at the return of the frame that entered:
/// the value returned (the frame, about to go, is not rebuilt).
fn return_exit(vm: &VirtualMachine, ct: &CompiledTrace, guard: u32, buf: &[u64]) -> Option<PyObjectRef> {
    let known = ct.returns.borrow().get(guard as usize).copied().unwrap_or(ReturnSlot::Unknown);
    let plan = match known {
        ReturnSlot::Plan(plan) => plan,
        ReturnSlot::Rebuilds => return None,
        ReturnSlot::Unknown => {
            let slot = return_plan(ct, guard).map_or(ReturnSlot::Rebuilds, ReturnSlot::Plan);
            let mut returns = ct.returns.borrow_mut();
            if returns.len() <= guard as usize {
                returns.resize(guard as usize + 1, ReturnSlot::Unknown);
            }
            returns[guard as usize] = slot;
            match slot {
                ReturnSlot::Plan(plan) => plan,
                _ => return None,
            }
        }
    };
    // SAFETY: see `ReturnSlot::Plan`.
    Some(deopt::returned(vm, unsafe { &*plan }, buf))
}

/// The plan of exit `guard` if it is the exit that ends its part at the
/// return of the frame that entered.
fn return_plan(ct: &CompiledTrace, guard: u32) -> Option<*const deopt::ReturnPlan> {
    let info = ct.code.exit_info(guard)?;
    let part = ct.part(info.trace);
    if info.op_index + 1 != part.trace.ops.len() {
        return None;
    }
    let plan = part.ret.get_or_init(|| deopt::plan_return(ct, guard)).as_ref()?;
    Some(plan as *const deopt::ReturnPlan)
}

/// Whether exit `guard` never gets a bridge: a back-edge safepoint (its
/// exits say nothing about the trace's assumptions), or the `exit` that ends
/// its trace (at its frame's return, or into another loop: taken always, a
/// bridge would start where it ends).
fn never_bridged(ct: &CompiledTrace, guard: u32) -> bool {
    use hipy_optimizer::Opcode;
    ct.code.exit_info(guard).is_some_and(|info| {
        matches!(ct.part(info.trace).trace.ops[info.op_index].opcode, Opcode::GuardNoInterrupt | Opcode::Exit)
    })
}

/// Word buffers for compiled runs (inputs, exit values), reused per thread:
/// a run takes one and gives it back. The pool keeps at most `KEPT`: runs
/// nest as deep as compiled code calls compiled code, which a recursive
/// function's entry trace does at every level (a tree's depth: a buffer
/// made and freed per call past the pool's size), and a caller that gives
/// more than it took cannot make it grow without bound (each buffer is
/// about 2 KiB).
mod buffers {
    use std::cell::RefCell;

    const KEPT: usize = 128;

    thread_local! {
        static FREE: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
    }

    pub fn take() -> Vec<u64> {
        FREE.with(|f| f.borrow_mut().pop()).unwrap_or_default()
    }

    pub fn give(mut v: Vec<u64>) {
        v.clear();
        FREE.with(|f| {
            let mut f = f.borrow_mut();
            if f.len() < KEPT {
                f.push(v);
            }
        });
    }
}

/// What exit `guard` may expect of a bridge.
#[derive(PartialEq)]
enum Bridge {
    /// It has one, is a safepoint, or has not failed often enough yet.
    Not,
    /// Record one now.
    Now,
    /// None will come (the loop has all the bridges it may, or recording
    /// this one failed too often).
    Never,
}

fn bridge_outlook(ct: &CompiledTrace, guard: u32) -> Bridge {
    if ct.code.has_bridge(guard) || never_bridged(ct, guard) {
        return Bridge::Not;
    }
    let full = ct.parts.borrow().len() > MAX_BRIDGES;
    if full || ct.bridge_aborts.borrow().get(&guard).copied().unwrap_or(0) >= MAX_BRIDGE_ABORTS {
        return Bridge::Never;
    }
    if ct.code.exit_count(guard) >= bridge_threshold() { Bridge::Now } else { Bridge::Not }
}

