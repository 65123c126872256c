//! Decoded code objects.
//!
//! RustPython's `CodeObject` holds CPython 3.14 bytecode: two-byte code units,
//! `EXTENDED_ARG` prefixes, inline cache units after many instructions, jump
//! arguments relative to the following unit, and possibly specialized or
//! instrumented opcodes written in place by RustPython's own interpreter.
//! `CodeInfo::decode` turns that into one `Op` per code unit index with the base
//! opcode, the full argument, the cache count, and absolute jump targets, so the
//! eval loop never looks at raw units. Indexes are unchanged, so exception-table
//! offsets and line-table lookups keep working on the same numbers.

use std::cell::{Cell, RefCell, UnsafeCell};
use std::rc::Rc;

use rustpython_vm::bytecode::{
    self, CodeFlags, ExceptionTableEntry, Instruction, CO_FAST_CELL, CO_FAST_FREE,
};
use rustpython_vm::builtins::{PyCode, PyStrInterned};
use rustpython_vm::{AsObject, Py, PyObjectRef, PyRef};

/// One decoded instruction. `arg` is the full argument (after `EXTENDED_ARG`),
/// or the absolute target index for jumps.
#[derive(Clone, Copy, Debug)]
pub struct Op {
    pub kind: Instruction,
    /// Number of inline cache units that follow the instruction.
    pub ncache: u8,
    /// Index of this instruction's inline cache in `CodeInfo::caches`
    /// (`NO_CACHE` for instructions without one).
    pub cache: u16,
    pub arg: u32,
}

pub const NO_CACHE: u16 = u16::MAX;

/// An object a site cache refers to without owning it, as CPython's inline
/// caches do. It is read only after the key it was cached under matched a
/// live object that holds it: a type's address and `tp_version_tag` (the
/// type's dicts hold its methods and class attributes), or a function's
/// address and `func_version` (the function holds its defaults). Both
/// versions come from global counters, are never reused, and are reset
/// when the type or function changes, so a match means the object is the
/// one cached and still held. Owning it instead would keep classes, and
/// through their functions whole module namespaces, alive outside the
/// garbage collector's view (a cycle through a class would never be freed).
pub struct Borrowed<T: ?Sized>(std::ptr::NonNull<T>);

impl<T: ?Sized> Clone for Borrowed<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Borrowed<T> {}

impl<T: ?Sized> Borrowed<T> {
    pub fn new(obj: &T) -> Borrowed<T> {
        Borrowed(std::ptr::NonNull::from(obj))
    }

    /// SAFETY: the cache key this was stored under has just matched (see
    /// the type's doc), and no Python code ran since.
    #[inline]
    pub unsafe fn get<'a>(self) -> &'a T {
        unsafe { self.0.as_ref() }
    }
}

/// What an instruction learned the last time it ran, checked before use.
/// Callee caches are keyed by the code object's address (kept alive by the
/// cached `CodeInfo`); attribute caches by the type's address and its
/// `tp_version_tag`, which RustPython resets whenever the type changes.
/// Objects found through those keys are `Borrowed`.
#[derive(Clone, Default)]
pub enum SiteCache {
    #[default]
    Empty,
    /// CALL of a Python function: its code (the last one called here),
    /// and in `others` up to `CALLEE_WAYS - 1` earlier ones, so that a
    /// polymorphic site (`task.step()` over several classes) finds each.
    Callee { code: usize, info: Rc<CodeInfo>, bind: Option<Box<CallBinding>>, others: Vec<CalleeWay> },
    /// LOAD_ATTR / STORE_ATTR: what the name means for up to
    /// `ATTR_WAYS` receiver types seen at this site.
    Attr(Vec<AttrEntry>),
    /// LOAD_ATTR / STORE_ATTR whose receiver type kept changing version
    /// under it (a class attribute assigned on every call: `C.count += 1`):
    /// it does not learn again for this many misses (`attr::relearn`).
    AttrPaused(u16),
    /// CALL of a Python class: `object.__new__` then a Python `__init__`.
    /// `plain`: the class's `tp_new` is `object.__new__`'s and it has no
    /// abstract methods, so the instance is allocated directly.
    /// `bind`: as `Callee`'s, for `__init__` called with keywords or defaults.
    Init { tp: usize, version: u32, init: Borrowed<rustpython_vm::PyObject>, info: Rc<CodeInfo>, plain: bool, bind: Option<Box<CallBinding>> },
    /// CALL of a Python class that defines neither `__new__` nor
    /// `__init__` (`call::new_only`): an allocation.
    New { tp: usize, version: u32 },
    /// LOAD_GLOBAL: where the name was found (see `globals_cache`), and how
    /// often the site had to look again; past a limit it stops caching.
    Global { slot: Option<crate::globals_cache::GlobalSlot>, relocations: u8 },
}

pub const ATTR_WAYS: usize = 4;

/// Python callees a CALL site remembers (see `SiteCache::Callee`).
pub const CALLEE_WAYS: usize = 4;

/// An earlier callee of a CALL site, as in `SiteCache::Callee`.
#[derive(Clone)]
pub struct CalleeWay {
    pub code: usize,
    pub info: Rc<CodeInfo>,
    pub bind: Option<Box<CallBinding>>,
}

/// How a call site's arguments bind to its Python callee's parameters
/// (`call::bind_call`), beside the callee's code in `SiteCache::Callee`.
#[derive(Clone)]
pub struct CallBinding {
    /// The CALL_KW names tuple (address; 0 for CALL) that `kw_slots` is for.
    pub kwnames: usize,
    /// The parameter slot of each keyword argument, in call order
    /// (`NO_SLOT`: the callee has no such parameter).
    pub kw_slots: Rc<[u32]>,
    /// The function (address, `func_version`) whose defaults are below;
    /// RustPython gives a function a new version when its code or
    /// defaults are assigned (0: never cached).
    pub func: (usize, u32),
    pub defaults: Option<Borrowed<Py<rustpython_vm::builtins::PyTuple>>>,
    /// Read at every call: it can be changed in place.
    pub kwdefaults: Option<Borrowed<Py<rustpython_vm::builtins::PyDict>>>,
}

pub const NO_SLOT: u32 = u32::MAX;

#[derive(Clone)]
pub struct AttrEntry {
    pub tp: usize,
    pub version: u32,
    pub kind: AttrKind,
    /// A hint about the instance dict, by its keys-version stamp:
    /// `InstanceDict`/`ModuleDict`: `(stamp, index)`, the name is entry
    /// `index` of a dict with this stamp; `Method`/`ClassAttr`: `(shape, _)`,
    /// a dict of this shape does not hold the name. 0: no hint.
    pub hint: std::cell::Cell<(u32, u32)>,
    /// STORE_ATTR of a new key: (shape before, shape after).
    pub grow: std::cell::Cell<(u32, u32)>,
    /// How many times in a row this site learned the type again because its
    /// version had changed (`attr::remember`).
    pub relearns: u8,
}

impl AttrEntry {
    pub fn new(tp: usize, version: u32, kind: AttrKind) -> AttrEntry {
        AttrEntry { tp, version, kind, hint: Default::default(), grow: Default::default(), relearns: 0 }
    }
}

#[derive(Clone)]
pub enum AttrKind {
    /// The attribute lives in the instance dict: the type (with generic
    /// getattr/setattr) defines nothing by that name.
    InstanceDict,
    /// Method form resolving to a plain function on the type.
    Method(Borrowed<rustpython_vm::PyObject>),
    /// A `__slots__` member: the object's cell at this offset.
    Slot(isize),
    /// A class attribute that is no descriptor (a constant, a nested
    /// class...), unless the instance dict shadows it.
    ClassAttr(Borrowed<rustpython_vm::PyObject>),
    /// An attribute of an exact `module`, from its dict.
    ModuleDict,
}

// ----- the random-miss test mode -----

/// `HIPY_CACHE_RANDOM_MISS=seed`: every inline cache also misses at random
/// (about one lookup in three), so the generic paths and re-specialization
/// run everywhere the caches would otherwise hit.
static RANDOM_MISS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static RANDOM_SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

thread_local! {
    static RNG: Cell<u64> = const { Cell::new(0) };
}

/// Read `HIPY_CACHE_RANDOM_MISS` (once, at start-up).
pub fn configure_random_miss() {
    if let Some(seed) = std::env::var("HIPY_CACHE_RANDOM_MISS").ok().and_then(|s| s.trim().parse::<u64>().ok()) {
        RANDOM_SEED.store(seed | 1, std::sync::atomic::Ordering::Relaxed);
        RANDOM_MISS.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Whether the random-miss test mode is on.
pub fn random_miss_mode() -> bool {
    RANDOM_MISS.load(std::sync::atomic::Ordering::Relaxed)
}

/// Whether this cache lookup must miss (only in the random-miss mode).
#[inline(always)]
pub fn forced_miss() -> bool {
    RANDOM_MISS.load(std::sync::atomic::Ordering::Relaxed) && random_miss()
}

#[cold]
fn random_miss() -> bool {
    RNG.with(|r| {
        let mut x = r.get();
        if x == 0 {
            x = RANDOM_SEED.load(std::sync::atomic::Ordering::Relaxed) ^ this_thread().wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        r.set(x);
        x % 3 == 0
    })
}

pub struct CodeInfo {
    pub code: PyRef<PyCode>,
    pub ops: Box<[Op]>,
    pub names: Box<[&'static PyStrInterned]>,
    pub consts: Box<[PyObjectRef]>,
    /// `len(co_varnames)`: plain locals (arguments included).
    pub nlocals: usize,
    /// Locals + cells + free variables.
    pub nlocalsplus: usize,
    pub stacksize: usize,
    pub flags: CodeFlags,
    pub argcount: usize,
    pub posonlyargcount: usize,
    pub kwonlyargcount: usize,
    /// Name of every localsplus slot.
    pub slot_names: Box<[&'static PyStrInterned]>,
    /// Slot kind flags (CO_FAST_*), one per localsplus slot.
    pub slot_kinds: Box<[u8]>,
    pub exc_table: Box<[ExceptionTableEntry]>,
    /// Back-edge counters, one per instruction index (only `JUMP_BACKWARD`
    /// entries move), so a loop is identified by (code, jump index).
    pub backedges: Box<[Cell<u64>]>,
    /// Back-edge count at which a `JUMP_BACKWARD` next consults the JIT.
    pub jit_next: Box<[Cell<u64>]>,
    /// At a loop header with a compiled loop: the index of that loop's
    /// `JUMP_BACKWARD` (else `NO_LOOP`). FOR_ITER enters compiled code there,
    /// so a loop runs compiled from its first iteration.
    pub loop_entries: Box<[Cell<u32>]>,
    /// The JIT's state of each loop of this code that reached its
    /// threshold: recording aborts, blacklisting, compiled code
    /// (`trace::LoopState`). A few per code at most, searched in order.
    pub jit_loops: RefCell<Vec<crate::trace::LoopState>>,
    /// Inline caches, indexed by `Op::cache`. Only touched on this thread
    /// (decoded code is per thread), and never held across a call out.
    pub caches: Box<[UnsafeCell<SiteCache>]>,
    /// Plain positional call target: optimized, no *args/**kwargs, no
    /// keyword-only parameters, not a generator.
    pub simple_args: bool,
    /// Parameters a call with exactly `argcount` positional arguments fills
    /// in order: optimized, no *args/**kwargs, no keyword-only parameters
    /// (generator code included, unlike `simple_args`).
    pub plain_params: bool,
    /// The code has a loop (a `JUMP_BACKWARD`): the JIT calls it instead of
    /// inlining it, and its loop gets a trace of its own.
    pub has_loops: bool,
    /// A function whose calls the JIT counts at its start (RESUME) and
    /// compiles from there to its return (`trace::Target::Entry`): neither a
    /// generator nor a coroutine.
    pub entry_traced: bool,
    /// The thread whose cache made this decoding (`this_thread`).
    pub thread: u64,
    /// The line of every code unit (-1: none), decoded from the line table
    /// on first use, so a line lookup is an index (tracing asks for one per
    /// instruction).
    pub lines: std::cell::OnceCell<Box<[i32]>>,
    /// The storage of this code's last ended frame, kept for its next call
    /// (`Frame::new`/`recycle`): a frame box and a slot vector already of
    /// the right size, without the thread's pool.
    pub spare: Cell<Option<crate::frame::Pooled>>,
}

/// Instructions (not counting inline-cache units) up to which a function
/// without loops or calls is not compiled from its entry.
const TINY_LEAF: usize = 12;

/// A function body too short to pay for entering compiled code: no loop, no
/// call, at most `TINY_LEAF` instructions (`def key(p): return -p.x`).
/// Entering and leaving a compiled entry trace (inputs moved into words,
/// the run, the return rebuilt) costs about 800 instructions, more than
/// interpreting such a body; callers that are compiled inline it anyway.
fn is_tiny_leaf(ops: &[Op]) -> bool {
    use bytecode::Instruction as I;
    let mut n = 0;
    for op in ops {
        match op.kind {
            I::Cache => {}
            I::Call { .. } | I::CallKw { .. } | I::CallFunctionEx => return false,
            _ => n += 1,
        }
    }
    n <= TINY_LEAF
}

/// The line of every code unit of `co` (-1 where it has none), read from
/// its location table (CPython's format: an entry per run of code units,
/// whose first byte has the high bit set and holds a 4-bit kind and the
/// run's length - 1; then, by kind, a line delta and columns).
fn decode_lines<C: bytecode::Constant>(co: &bytecode::CodeObject<C>) -> Box<[i32]> {
    let n = co.instructions.len();
    let table: &[u8] = co.linetable.as_ref();
    let first = co.first_line_number.map_or(0, |l| l.get() as i32);
    if table.is_empty() {
        return vec![first; n].into_boxed_slice();
    }
    let mut out = vec![-1i32; n];
    let mut line = first;
    let mut at = 0usize;
    let mut unit = 0usize;
    let varint = |at: &mut usize| -> u32 {
        let mut val = 0u32;
        let mut shift = 0;
        while let Some(&b) = table.get(*at) {
            *at += 1;
            if shift < 32 {
                val |= u32::from(b & 0x3f) << shift;
            }
            shift += 6;
            if b & 0x40 == 0 {
                break;
            }
        }
        val
    };
    let svarint = |at: &mut usize| -> i32 {
        let u = varint(at);
        if u & 1 != 0 { -((u >> 1) as i32) } else { (u >> 1) as i32 }
    };
    while unit < n {
        let Some(&b) = table.get(at) else { break };
        at += 1;
        if b & 0x80 == 0 {
            break;
        }
        let kind = (b >> 3) & 0x0f;
        let len = usize::from(b & 7) + 1;
        let this = match kind {
            15 => -1,
            14 => {
                line += svarint(&mut at);
                line
            }
            13 => {
                line += svarint(&mut at);
                line
            }
            10..=12 => {
                line += i32::from(kind) - 10;
                line
            }
            _ => line,
        };
        // Skip the entry's remaining bytes (columns) up to the next entry.
        while table.get(at).is_some_and(|&c| c & 0x80 == 0) {
            at += 1;
        }
        for slot in out.iter_mut().skip(unit).take(len) {
            *slot = this;
        }
        unit += len;
    }
    out.into_boxed_slice()
}

/// `CodeInfo::loop_entries` of an instruction that is no compiled loop's header.
pub const NO_LOOP: u32 = u32::MAX;

impl CodeInfo {
    pub fn decode(code: PyRef<PyCode>) -> CodeInfo {
        let co = &code.code;
        let units: &[bytecode::CodeUnit] = &co.instructions;
        let n = units.len();
        let mut ops = Vec::with_capacity(n);
        let mut ext: u32 = 0;
        let mut prefix_start: Option<usize> = None;
        let mut ncaches = 0usize;
        for (i, unit) in units.iter().enumerate() {
            let kind = unit.op.deoptimize();
            let byte = u32::from(u8::from(unit.arg));
            if matches!(kind, Instruction::ExtendedArg) {
                ext = (ext << 8) | byte;
                prefix_start.get_or_insert(i);
                // Filled in below once the real instruction is known.
                ops.push(Op { kind, ncache: 0, cache: NO_CACHE, arg: 0 });
                continue;
            }
            let arg = (ext << 8) | byte;
            ext = 0;
            if let Some(start) = prefix_start.take() {
                // A jump may land on the first EXTENDED_ARG of a prefix; make
                // each prefix unit forward to the real instruction.
                for op in &mut ops[start..i] {
                    op.arg = i as u32;
                }
            }
            let ncache = kind.cache_entries() as u8;
            let arg = match jump_target(kind, i, ncache, arg) {
                Some(t) => t,
                None => arg,
            };
            let cache = if has_site_cache(kind) && ncaches < NO_CACHE as usize {
                ncaches += 1;
                (ncaches - 1) as u16
            } else {
                NO_CACHE
            };
            ops.push(Op { kind, ncache, cache, arg });
            // Cache units keep their slot so indexes stay aligned; they are
            // never executed because `ncache` skips them.
        }
        // FOR_ITER exhaustion skips the END_FOR at its target.
        for i in 0..ops.len() {
            if matches!(ops[i].kind, Instruction::ForIter { .. }) {
                let t = ops[i].arg as usize;
                if t < ops.len() && matches!(ops[t].kind, Instruction::EndFor) {
                    ops[i].arg = t as u32 + 1;
                }
            }
        }
        let names: Box<[&'static PyStrInterned]> = co.names.iter().copied().collect();
        let consts: Box<[PyObjectRef]> = co
            .constants
            .iter()
            .map(|c| PyObjectRef::from(c.clone()))
            .collect();
        let nlocals = co.varnames.len();
        let slot_kinds: Box<[u8]> = co.localspluskinds.iter().copied().collect();
        let nlocalsplus = slot_kinds.len();
        let slot_names = localsplus_names(&code, slot_kinds.len());
        let flags = co.flags;
        let plain_params = flags.contains(CodeFlags::OPTIMIZED)
            && !flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS)
            && co.kwonlyarg_count == 0;
        let generator_like = flags.intersects(CodeFlags::GENERATOR | CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR);
        let simple_args = plain_params && !generator_like;
        let has_loops = ops.iter().any(|op| matches!(op.kind, bytecode::Instruction::JumpBackward { .. }));
        let worth_entry_trace = has_loops || !is_tiny_leaf(&ops);
        CodeInfo {
            thread: this_thread(),
            ops: ops.into_boxed_slice(),
            names,
            consts,
            nlocals,
            nlocalsplus,
            stacksize: co.max_stackdepth as usize,
            flags: co.flags,
            argcount: co.arg_count as usize,
            posonlyargcount: co.posonlyarg_count as usize,
            kwonlyargcount: co.kwonlyarg_count as usize,
            slot_names,
            slot_kinds,
            exc_table: bytecode::decode_exception_table(&co.exceptiontable).into_boxed_slice(),
            backedges: (0..n).map(|_| Cell::new(0)).collect(),
            jit_next: {
                let c = crate::trace::config();
                let first = if c.enabled { c.threshold } else { u64::MAX };
                (0..n).map(|_| Cell::new(first)).collect()
            },
            loop_entries: (0..n).map(|_| Cell::new(NO_LOOP)).collect(),
            jit_loops: RefCell::new(Vec::new()),
            caches: (0..ncaches).map(|_| UnsafeCell::new(SiteCache::Empty)).collect(),
            simple_args,
            plain_params,
            has_loops,
            entry_traced: flags.contains(CodeFlags::OPTIMIZED) && !generator_like && worth_entry_trace,
            lines: std::cell::OnceCell::new(),
            spare: Cell::new(None),
            code,
        }
    }

    pub fn name(&self) -> &str {
        self.code.code.obj_name.as_str()
    }

    pub fn qualname(&self) -> &str {
        self.code.code.qualname.as_str()
    }

    pub fn filename(&self) -> &str {
        self.code.code.source_path.as_str()
    }

    /// Line number of the instruction at `index`, as CPython reports it.
    pub fn line_of(&self, index: u32) -> Option<u32> {
        let lines = self.lines.get_or_init(|| decode_lines(&self.code.code));
        match lines.get(index as usize) {
            Some(&l) => (l >= 0).then_some(l as u32),
            None => None,
        }
    }

    /// The instruction whose successor is at `next` (the call a frame
    /// resumes after); `next` itself when there is none.
    pub fn instruction_before(&self, next: u32) -> u32 {
        let ends_at = |i: u32| {
            self.ops.get(i as usize).is_some_and(|op| {
                !matches!(op.kind, Instruction::Cache | Instruction::ExtendedArg) && i + 1 + u32::from(op.ncache) == next
            })
        };
        (next.saturating_sub(32)..next).rev().find(|&i| ends_at(i)).unwrap_or(next)
    }

    pub fn is_cell(&self, slot: usize) -> bool {
        self.slot_kinds[slot] & (CO_FAST_CELL | CO_FAST_FREE) != 0
    }

    /// Whether a call with `nargs` positional arguments can run the
    /// function's entry trace directly (`trace::call_entry`): the arguments
    /// fill its parameters (no *args, **kwargs or defaults to bind), and its
    /// RESUME comes first or after COPY_FREE_VARS only (`entry_resume`), so
    /// the arguments and then the closure's cells are the trace's inputs.
    pub fn enters_with(&self, nargs: usize) -> bool {
        self.entry_traced && self.simple_args && self.argcount == nargs && self.entry_resume().is_some()
    }

    /// The index of the RESUME that starts a call, where its entry trace is
    /// keyed, when only COPY_FREE_VARS may come before it (no cell is made
    /// before it); with the number of closure cells that instruction copies
    /// into the last local slots.
    pub fn entry_resume(&self) -> Option<(u32, usize)> {
        use bytecode::Instruction as I;
        match (self.ops[0].kind, self.ops.get(1).map(|o| o.kind)) {
            (I::Resume { .. }, _) => Some((0, 0)),
            (I::CopyFreeVars { .. }, Some(I::Resume { .. })) => Some((1, self.ops[0].arg as usize)),
            _ => None,
        }
    }

    pub fn is_generator_like(&self) -> bool {
        self.flags
            .intersects(CodeFlags::GENERATOR | CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR)
    }

    /// The exception handler covering instruction `index`, if any.
    pub fn handler_for(&self, index: u32) -> Option<&ExceptionTableEntry> {
        self.exc_table
            .iter()
            .find(|e| e.start <= index && index < e.end)
    }
}

fn has_site_cache(kind: Instruction) -> bool {
    matches!(
        kind,
        Instruction::Call { .. }
            | Instruction::CallKw { .. }
            | Instruction::LoadAttr { .. }
            | Instruction::StoreAttr { .. }
            | Instruction::LoadGlobal { .. }
    )
}

impl CodeInfo {
    /// The inline cache of instruction `op` (a copy: never keep a borrow
    /// across code that may run Python).
    #[inline]
    pub fn cache(&self, op: Op) -> Option<&UnsafeCell<SiteCache>> {
        self.caches.get(op.cache as usize)
    }
}

/// Absolute target of a jump instruction at `index`, or None for non-jumps.
fn jump_target(kind: Instruction, index: usize, ncache: u8, arg: u32) -> Option<u32> {
    let after = index as u32 + 1 + u32::from(ncache);
    match kind {
        Instruction::JumpBackward { .. } | Instruction::JumpBackwardNoInterrupt { .. } => {
            Some(after - arg)
        }
        Instruction::JumpForward { .. }
        | Instruction::PopJumpIfFalse { .. }
        | Instruction::PopJumpIfTrue { .. }
        | Instruction::PopJumpIfNone { .. }
        | Instruction::PopJumpIfNotNone { .. }
        | Instruction::ForIter { .. }
        | Instruction::Send { .. } => Some(after + arg),
        _ => None,
    }
}

fn localsplus_names(code: &PyCode, nslots: usize) -> Box<[&'static PyStrInterned]> {
    // CPython orders localsplus as: varnames (with merged cells), then
    // cell-only names, then free variables.
    let co = &code.code;
    let mut names: Vec<&'static PyStrInterned> = co.varnames.iter().copied().collect();
    for cell in co.cellvars.iter() {
        if !co.varnames.iter().any(|v| v.as_str() == cell.as_str()) {
            names.push(cell);
        }
    }
    names.extend(co.freevars.iter().copied());
    debug_assert_eq!(names.len(), nslots);
    names.truncate(nslots);
    names.into_boxed_slice()
}

thread_local! {
    // Holds code objects: released by `release_cache` at thread exit, never
    // by the thread's TLS destructors (see `threads::release_thread_state`).
    static CACHE: std::mem::ManuallyDrop<RefCell<rustc_hash::FxHashMap<usize, Rc<CodeInfo>>>> =
        std::mem::ManuallyDrop::new(RefCell::new(Default::default()));
}

thread_local! {
    static THREAD: u64 = {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    };
}

/// A number that identifies the running thread among all threads ever run.
pub fn this_thread() -> u64 {
    THREAD.with(|t| *t)
}

/// Make `info` this thread's decoding of its code. Decoded code is per
/// thread (its counters and inline caches are plain cells); a frame that
/// moves to another thread (a generator resumed there) takes that thread's
/// decoding. The other thread's `Rc` is forgotten, not dropped: its count is
/// not atomic and its own thread may be using it. The cost is that the
/// forgotten decoding outlives its thread's cache.
pub fn adopt(info: &mut Rc<CodeInfo>) {
    if info.thread != this_thread() {
        let own = info_for(&info.code);
        std::mem::forget(std::mem::replace(info, own));
    }
}

/// Drop this thread's decoded code (the thread is ending).
pub fn release_cache() {
    let cache = CACHE.with(|c| std::mem::take(&mut *c.borrow_mut()));
    drop(cache);
}

/// Size after which code objects that only the cache still references are
/// dropped from it (code made by `exec` in a loop, for example). After a
/// purge the next one waits until the cache has doubled, so a program with
/// more live code objects than this does not rescan the cache at every
/// decoding.
const CACHE_PURGE_AT: usize = 4096;

thread_local! {
    static NEXT_PURGE: Cell<usize> = const { Cell::new(CACHE_PURGE_AT) };
}

/// The decoded form of `code`, decoding it on first use.
pub fn info_for(code: &Py<PyCode>) -> Rc<CodeInfo> {
    let key = code.as_object() as *const _ as usize;
    CACHE.with(|cache| {
        if let Some(info) = cache.borrow().get(&key) {
            return info.clone();
        }
        let info = Rc::new(CodeInfo::decode(code.to_owned()));
        let mut cache = cache.borrow_mut();
        if cache.len() >= NEXT_PURGE.with(Cell::get) {
            cache.retain(|_, i| Rc::strong_count(i) > 1 || i.code.as_object().strong_count() > 1);
            NEXT_PURGE.with(|n| n.set(CACHE_PURGE_AT.max(2 * cache.len())));
        }
        cache.insert(key, info.clone());
        info
    })
}

/// Every decoded code object (for `--stats`).
pub fn all_infos() -> Vec<Rc<CodeInfo>> {
    CACHE.with(|c| c.borrow().values().cloned().collect())
}
