//! Runs one fused loop: chunk by chunk, chunks spread over threads.
//!
//! Within a chunk every compute writes a chunk-sized scratch column (a few
//! KiB, so the whole chain stays in cache); stored outputs are copied to
//! their arrays and sinks fold the chunk into a partial result.

use super::kernels::{self, Operand};
use super::reduce::{chunk_partial, finish, pairwise_chunks, Partial};
use crate::buffer::{Array, Buffer, Element, Slice, SliceMut};
use crate::dtype::{DType, Scalar};
use crate::graph::{Op, ReduceOp};
use crate::layout::Layout;
use crate::plan::{Id, Plan};
use crate::schedule::{FusedLoop, Target};
use crate::with_dtype;
use rayon::prelude::*;
use crate::FastMap as HashMap;
use std::sync::Arc;

/// Elements per chunk (at most; chunks follow the pairwise-sum tree).
pub const CHUNK: usize = 2048;
/// Loops smaller than this run on the calling thread.
pub(crate) const PARALLEL_MIN: usize = 1 << 15;

/// A pointer into an output buffer, shared by the threads of one loop.
/// Each chunk writes (and, for reused buffers, reads) only its own range.
#[derive(Clone, Copy)]
struct RawBuf {
    ptr: *mut u8,
    dtype: DType,
}
unsafe impl Send for RawBuf {}
unsafe impl Sync for RawBuf {}

impl RawBuf {
    fn of(buf: &mut Buffer) -> RawBuf {
        let dtype = buf.dtype();
        let ptr = with_dtype!(dtype, T => T::slice_mut(buf).as_mut_ptr() as *mut u8);
        RawBuf { ptr, dtype }
    }

    /// Elements `start..start + len` as a slice to write.
    ///
    /// Safety: the range is in bounds, no other thread touches it, and no
    /// other reference to it is alive while this one is.
    unsafe fn slice_mut<'a>(&self, start: usize, len: usize) -> SliceMut<'a> {
        with_dtype!(self.dtype, T => {
            T::to_slice_mut(std::slice::from_raw_parts_mut((self.ptr as *mut T).add(start), len))
        })
    }

    /// Elements `start..start + len` as a slice to read.
    ///
    /// Safety: as for `slice_mut`, with no writer alive.
    unsafe fn slice<'a>(&self, start: usize, len: usize) -> Slice<'a> {
        with_dtype!(self.dtype, T => {
            T::to_slice(std::slice::from_raw_parts((self.ptr as *const T).add(start), len))
        })
    }

    /// Copies elements `start..start + len` into `dst`.
    ///
    /// Safety: as for `write`.
    unsafe fn read(&self, start: usize, len: usize, dst: &mut Buffer) {
        with_dtype!(self.dtype, T => {
            let d = &mut T::slice_mut(dst)[..len];
            std::ptr::copy_nonoverlapping((self.ptr as *const T).add(start), d.as_mut_ptr(), len);
        })
    }
}

enum ReadSrc {
    Splat(Scalar),
    Contiguous { buffer: Arc<Buffer>, offset: usize },
    Strided { buffer: Arc<Buffer>, layout: Layout },
    /// A buffer this loop overwrites in place (read before written, per chunk).
    Reused(RawBuf),
}

/// Where a value of the chunk lives.
#[derive(Clone, Copy)]
enum Input {
    /// A read (an input array of the loop).
    Read(usize),
    /// A scratch slot.
    Slot(usize),
    /// The chunk's range of output array `k` (stored values are computed
    /// straight into their arrays, and read back from there).
    Output(usize),
}

/// One step of the per-chunk program.
enum Instr {
    /// Evaluate plan node `id` into `dest` (a slot or an output): at every
    /// element of the chunk, or only at the positions of space `at`.
    Compute { id: Id, inputs: Vec<Input>, dest: Input, at: Option<usize> },
    /// Space `space`: the positions of `parent` (all, when `None`) where
    /// `cond` is `taken`.
    Split { space: usize, parent: Option<usize>, cond: Input, taken: bool },
    /// Fold an input into sink `sink`'s partial result.
    Reduce { sink: usize, op: ReduceOp, input: Input },
}

/// A loop's per-chunk program. It depends on the plan and the loop alone,
/// so a reused plan keeps it (see [`super::Prepared`]).
pub struct Program {
    instrs: Vec<Instr>,
    /// The dtype of each scratch slot; slots are reused once their value is
    /// dead, so a chunk's working set stays in cache.
    slot_dtypes: Vec<DType>,
    /// How many spaces (position lists) the program splits.
    space_count: usize,
}

struct LoopCtx<'p> {
    plan: &'p Plan,
    reads: Vec<ReadSrc>,
    program: &'p Program,
    sink_count: usize,
    outputs: Vec<RawBuf>,
    /// Where a strided output's elements go (`None`: C-contiguous over the
    /// loop's shape).
    out_layouts: Vec<Option<Layout>>,
}

/// A path of `where` branches from the loop's root: (condition, taken).
type Path = Vec<(Id, bool)>;

/// The elements each compute is needed at, as the path of `where` branches
/// that every use of it lies on (the longest common prefix over its uses;
/// outputs and reductions need every element).
fn demand(plan: &Plan, l: &FusedLoop, pos: &HashMap<Id, usize>) -> Vec<Path> {
    let mut need: Vec<Option<Path>> = vec![None; l.computes.len()];
    for (k, &id) in l.computes.iter().enumerate() {
        let reduced = l.sinks.iter().any(|&s| plan.nodes[s].inputs[0] == id);
        if reduced || l.outputs.iter().any(|o| o.id == id) {
            need[k] = Some(Vec::new());
        }
    }
    for k in (0..l.computes.len()).rev() {
        let path = need[k].clone().unwrap_or_default();
        let node = &plan.nodes[l.computes[k]];
        let select = matches!(node.op(), Some(Op::Where));
        for (slot, &i) in node.inputs.iter().enumerate() {
            let Some(&j) = pos.get(&i) else { continue };
            let mut p = path.clone();
            if select && slot > 0 && node.inputs.iter().filter(|&&x| x == i).count() == 1 {
                p.push((node.inputs[0], slot == 1));
            }
            need[j] = Some(match need[j].take() {
                None => p,
                Some(q) => q.iter().zip(&p).take_while(|(a, b)| a == b).map(|(a, _)| *a).collect(),
            });
        }
    }
    need.into_iter().map(Option::unwrap_or_default).collect()
}

/// Orders the computes, stores and reductions of a loop and assigns
/// scratch slots by liveness (a linear scan). A costly op (a C library
/// call per element) that only the branches of `where`s read is computed
/// at the positions those branches take, split from the conditions.
fn build_program(plan: &Plan, l: &FusedLoop, read_index: &HashMap<Id, usize>) -> Program {
    let pos: HashMap<Id, usize> = l.computes.iter().enumerate().map(|(k, &id)| (id, k)).collect();
    // Index of the last compute that reads each compute.
    let mut last_user = vec![None; l.computes.len()];
    for (k, &id) in l.computes.iter().enumerate() {
        for i in &plan.nodes[id].inputs {
            if let Some(&j) = pos.get(i) {
                last_user[j] = Some(k);
            }
        }
    }
    let mut program = Vec::new();
    let mut slot_dtypes: Vec<DType> = Vec::new();
    let mut free: Vec<usize> = Vec::new();
    let mut dest_of: Vec<Input> = vec![Input::Slot(usize::MAX); l.computes.len()];
    let input_of = |i: Id, dest_of: &Vec<Input>| match pos.get(&i) {
        Some(&j) => dest_of[j],
        None => Input::Read(read_index[&i]),
    };
    let need = demand(plan, l, &pos);
    let mut spaces: HashMap<Path, usize> = HashMap::default();
    // Sinks over reads run first.
    for (k, &sink) in l.sinks.iter().enumerate() {
        let input = plan.nodes[sink].inputs[0];
        if !pos.contains_key(&input) {
            let Some(Op::Reduce { op, .. }) = plan.nodes[sink].op() else { unreachable!() };
            program.push(Instr::Reduce { sink: k, op: *op, input: Input::Read(read_index[&input]) });
        }
    }
    for (k, &id) in l.computes.iter().enumerate() {
        let dtype = plan.nodes[id].dtype;
        let dest = match l.outputs.iter().position(|o| o.id == id) {
            Some(out) => Input::Output(out),
            None => Input::Slot(match free.iter().position(|&s| slot_dtypes[s] == dtype) {
                Some(f) => free.swap_remove(f),
                None => {
                    slot_dtypes.push(dtype);
                    slot_dtypes.len() - 1
                }
            }),
        };
        let inputs = plan.nodes[id].inputs.iter().map(|&i| input_of(i, &dest_of)).collect();
        let costly = matches!(plan.nodes[id].op(), Some(Op::Unary(u)) if kernels::costly_unary_f64(*u).is_some())
            && plan.nodes[id].dtype == DType::Float64;
        let mut at = None;
        if costly {
            // The branches' conditions computed so far (each still live: the
            // `where` reading it comes after this compute).
            let path: Vec<(Id, bool)> =
                need[k].iter().copied().take_while(|(c, _)| pos.get(c).is_none_or(|&j| j < k)).collect();
            for depth in 1..=path.len() {
                let parent = at;
                let (cond, taken) = path[depth - 1];
                let next = spaces.len();
                let space = *spaces.entry(path[..depth].to_vec()).or_insert(next);
                if space == next {
                    program.push(Instr::Split { space, parent, cond: input_of(cond, &dest_of), taken });
                }
                at = Some(space);
            }
        }
        program.push(Instr::Compute { id, inputs, dest, at });
        dest_of[k] = dest;
        for (s, &sink) in l.sinks.iter().enumerate() {
            if plan.nodes[sink].inputs[0] == id {
                let Some(Op::Reduce { op, .. }) = plan.nodes[sink].op() else { unreachable!() };
                program.push(Instr::Reduce { sink: s, op: *op, input: dest });
            }
        }
        // Free the slots of inputs this compute read for the last time, and
        // its own if no later compute reads it.
        let mut release = |d: Input| {
            if let Input::Slot(s) = d {
                if !free.contains(&s) {
                    free.push(s);
                }
            }
        };
        for i in &plan.nodes[id].inputs {
            if let Some(&j) = pos.get(i) {
                if last_user[j] == Some(k) {
                    release(dest_of[j]);
                }
            }
        }
        if last_user[k].is_none() {
            release(dest);
        }
    }
    Program { instrs: program, slot_dtypes, space_count: spaces.len() }
}

struct Scratch {
    slots: Vec<Buffer>,
    /// The positions of each space in the chunk.
    spaces: Vec<Vec<u32>>,
    /// Gathered chunks of strided reads (made at the first gather: a read
    /// whose chunks are runs in memory never needs one).
    reads: Vec<Option<Buffer>>,
    /// Chunks of strided outputs, scattered once computed.
    outs: Vec<Option<Buffer>>,
    /// The longest chunk of the loop (every buffer here holds one).
    len: usize,
}

impl Scratch {
    fn new(ctx: &LoopCtx, len: usize) -> Scratch {
        // A chunk writes each slot in full before reading it, unless the
        // program splits (a split compute writes only its positions).
        let p = ctx.program;
        let slot = |d| if p.space_count == 0 { Buffer::for_overwrite(d, len) } else { Buffer::zeros(d, len) };
        let slots = p.slot_dtypes.iter().map(|&d| slot(d)).collect();
        let reads = ctx.reads.iter().map(|_| None).collect();
        let outs = ctx
            .out_layouts
            .iter()
            .zip(&ctx.outputs)
            .map(|(l, raw)| l.as_ref().map(|_| Buffer::for_overwrite(raw.dtype, len)))
            .collect();
        Scratch { slots, spaces: vec![Vec::new(); p.space_count], reads, outs, len }
    }
}

/// Copies the elements with flat indices `start..start + len` of a strided
/// array into `dst`, a run of the innermost axis at a time.
fn gather(buffer: &Buffer, layout: &Layout, start: usize, len: usize, dst: &mut Buffer) {
    with_dtype!(buffer.dtype(), T => {
        let src = T::slice(buffer);
        let d = T::slice_mut(dst);
        let mut k = 0;
        layout.for_each_run(start, len, |pos, n, stride| {
            let p = pos as usize;
            if stride == 1 {
                d[k..k + n].copy_from_slice(&src[p..p + n]);
            } else {
                let mut q = pos;
                for x in &mut d[k..k + n] {
                    *x = src[q as usize];
                    q += stride;
                }
            }
            k += n;
        });
    })
}

/// Writes `src` (the chunk `start..start + len`) to its positions in a
/// strided output.
///
/// Safety: the positions are in bounds of the buffer behind `out`, and no
/// other thread writes them (the layout is injective and chunks disjoint).
unsafe fn scatter(src: &Slice, out: RawBuf, layout: &Layout, start: usize) {
    with_dtype!(out.dtype, T => {
        let s = T::of(*src);
        let base = out.ptr as *mut T;
        let mut k = 0;
        layout.for_each_run(start, s.len(), |pos, n, stride| {
            if stride == 1 {
                std::ptr::copy_nonoverlapping(s[k..k + n].as_ptr(), base.offset(pos), n);
            } else {
                let mut q = pos;
                for &x in &s[k..k + n] {
                    *base.offset(q) = x;
                    q += stride;
                }
            }
            k += n;
        });
    })
}

/// Where the elements `start..start + len` of `layout` start, when they
/// are consecutive in memory (a chunk inside one row of unit stride).
fn single_run(layout: &Layout, start: usize, len: usize) -> Option<usize> {
    let nd = layout.ndim();
    if nd == 0 {
        return Some(layout.offset);
    }
    let inner = layout.shape[nd - 1];
    if start % inner + len > inner || (len > 1 && layout.strides[nd - 1] != 1) {
        return None;
    }
    Some(layout.position(start))
}

fn run_chunk(ctx: &LoopCtx, scratch: &mut Scratch, start: usize, len: usize, carry: Option<&[Partial]>) -> Vec<Partial> {
    let Scratch { slots, spaces, reads, outs, len: most } = scratch;
    // Strided reads: straight from memory when the chunk is one run of
    // unit stride, else gathered.
    let mut direct: smallvec::SmallVec<[Option<usize>; 8]> = smallvec::smallvec![None; ctx.reads.len()];
    for (k, src) in ctx.reads.iter().enumerate() {
        match src {
            ReadSrc::Strided { buffer, layout } => match single_run(layout, start, len) {
                Some(p) => direct[k] = Some(p),
                None => {
                    let dst = reads[k].get_or_insert_with(|| Buffer::for_overwrite(buffer.dtype(), *most));
                    gather(buffer, layout, start, len, dst)
                }
            },
            // Safety: this chunk's range belongs to this call alone.
            ReadSrc::Reused(raw) => unsafe {
                raw.read(start, len, reads[k].get_or_insert_with(|| Buffer::for_overwrite(raw.dtype, *most)))
            },
            _ => {}
        }
    }
    // Outputs: written in place (C-contiguous ones, and strided ones whose
    // chunk is one run), or computed into scratch and scattered.
    let out_at: smallvec::SmallVec<[Option<usize>; 4]> = ctx
        .out_layouts
        .iter()
        .map(|l| match l {
            None => Some(start),
            Some(layout) => single_run(layout, start, len),
        })
        .collect();
    let reads: &Vec<Option<Buffer>> = reads;
    let read_operand = |k: usize| -> Operand {
        match &ctx.reads[k] {
            ReadSrc::Splat(v) => Operand::Splat(*v),
            ReadSrc::Contiguous { buffer, offset } => Operand::Slice(buffer.range(offset + start, len)),
            ReadSrc::Strided { buffer, .. } if direct[k].is_some() => {
                Operand::Slice(buffer.range(direct[k].unwrap(), len))
            }
            _ => Operand::Slice(reads[k].as_ref().unwrap().range(0, len)),
        }
    };
    let mut partials: Vec<Option<Partial>> = vec![None; ctx.sink_count];
    // A value computed earlier in this chunk (or read).
    macro_rules! computed {
        ($input:expr) => {
            match $input {
                Input::Read(k) => read_operand(*k),
                Input::Slot(s) => Operand::Slice(slots[*s].range(0, len)),
                // Safety: written by an earlier compute of this chunk.
                Input::Output(k) => match out_at[*k] {
                    Some(p) => Operand::Slice(unsafe { ctx.outputs[*k].slice(p, len) }),
                    None => Operand::Slice(outs[*k].as_ref().unwrap().range(0, len)),
                },
            }
        };
    }
    for instr in &ctx.program.instrs {
        match instr {
            Instr::Split { space, parent, cond, taken } => {
                let c = computed!(cond);
                let mut to = std::mem::take(&mut spaces[*space]);
                kernels::positions_where(&c, *taken, parent.map(|p| &spaces[p][..]), len, &mut to);
                spaces[*space] = to;
            }
            Instr::Compute { id, inputs, dest, at } => {
                // A slot's (or an output's scratch) buffer is taken out while
                // the kernel writes it; an output is written in place.
                let mut taken = match dest {
                    Input::Slot(s) => Some(std::mem::replace(&mut slots[*s], Buffer::Bool(Vec::new()))),
                    Input::Output(k) if out_at[*k].is_none() => {
                        Some(std::mem::replace(outs[*k].as_mut().unwrap(), Buffer::Bool(Vec::new())))
                    }
                    _ => None,
                };
                let out = match (dest, &mut taken) {
                    (_, Some(b)) => b.range_mut(0, len),
                    // Safety: this chunk's range of the output belongs to this
                    // call alone; no reader of it is alive during the write
                    // (a reused buffer's values were copied out above).
                    (Input::Output(k), None) => unsafe { ctx.outputs[*k].slice_mut(out_at[*k].unwrap(), len) },
                    _ => unreachable!("computes go to a slot or an output"),
                };
                let outs_ref: &Vec<Option<Buffer>> = outs;
                let operand = |i: &Input| match i {
                    Input::Read(k) => read_operand(*k),
                    Input::Slot(s) => Operand::Slice(slots[*s].range(0, len)),
                    // Safety: as above; the range was written by an earlier
                    // compute of this chunk and has no writer now.
                    Input::Output(k) => match out_at[*k] {
                        Some(p) => Operand::Slice(unsafe { ctx.outputs[*k].slice(p, len) }),
                        None => Operand::Slice(outs_ref[*k].as_ref().unwrap().range(0, len)),
                    },
                };
                match ctx.plan.nodes[*id].op().expect("computes are ops") {
                    op @ (Op::Arange { .. } | Op::Linspace { .. } | Op::Full(_)) => {
                        kernels::generate(op, start, out)
                    }
                    Op::Unary(u) => match at {
                        Some(a) => {
                            let f = kernels::costly_unary_f64(*u).expect("split computes are costly");
                            kernels::unary_at(f, &operand(&inputs[0]), out, &spaces[*a])
                        }
                        None => kernels::unary(*u, &operand(&inputs[0]), out),
                    },
                    Op::Binary(b) => kernels::binary(*b, &operand(&inputs[0]), &operand(&inputs[1]), out),
                    Op::Where => kernels::select(
                        &operand(&inputs[0]),
                        &operand(&inputs[1]),
                        &operand(&inputs[2]),
                        out,
                    ),
                    Op::Cast => kernels::cast(&operand(&inputs[0]), out),
                    other => unreachable!("{other:?} is not fusable"),
                }
                match (dest, taken) {
                    (Input::Slot(s), Some(b)) => slots[*s] = b,
                    (Input::Output(k), Some(b)) => {
                        let layout = ctx.out_layouts[*k].as_ref().expect("scratch outputs are strided");
                        // Safety: the layout is injective and this chunk's flat
                        // range belongs to this call alone.
                        unsafe { scatter(&b.range(0, len), ctx.outputs[*k], layout, start) };
                        *outs[*k].as_mut().unwrap() = b;
                    }
                    _ => {}
                }
            }
            Instr::Reduce { sink, op, input } => {
                let x = computed!(input);
                partials[*sink] = Some(chunk_partial(*op, &x, len, start, carry.map(|c| c[*sink])));
            }
        }
    }
    partials.into_iter().map(|p| p.expect("every sink runs once per chunk")).collect()
}

/// Chunks of the loop: the pairwise-sum tree's subtrees when it has sinks
/// (they sum as NumPy does); else row by row (rows longer than a chunk in
/// pieces) when strided operands are read or written in place, so each
/// chunk of them is one run in memory; otherwise as few equal chunks as
/// fit (each chunk costs a pass over the program).
fn loop_chunks(shape: &[usize], size: usize, strided: bool, has_sinks: bool) -> Vec<(usize, usize)> {
    let inner = shape.last().copied().unwrap_or(1);
    if has_sinks {
        return pairwise_chunks(size, CHUNK);
    }
    if !strided || shape.len() < 2 || inner < ROW_CHUNK_MIN {
        if size == 0 {
            return Vec::new();
        }
        // (Chunks start at multiples of 8 elements.)
        let step = size.div_ceil(size.div_ceil(CHUNK)).next_multiple_of(8).min(CHUNK);
        return (0..size).step_by(step).map(|s| (s, step.min(size - s))).collect();
    }
    let mut out = Vec::with_capacity(size / inner * inner.div_ceil(CHUNK));
    for row in (0..size).step_by(inner) {
        let mut at = 0;
        while at < inner {
            let n = (inner - at).min(CHUNK);
            out.push((row + at, n));
            at += n;
        }
    }
    out
}

/// Rows at least this long are chunks of their own in strided loops.
const ROW_CHUNK_MIN: usize = 64;

/// What a loop produced: stored arrays and reduction results, by plan id.
pub struct LoopResult {
    pub arrays: Vec<(Id, Array)>,
}

/// Takes a read's buffer for in-place reuse, if this loop really holds the
/// only references to it (its stored value and, for a source, its node).
pub(super) fn take_for_reuse(plan: &Plan, r: Id, values: &mut [Option<Array>]) -> Option<Buffer> {
    let node = plan.nodes[r].node.as_ref().filter(|n| n.is_done());
    let expected = 1 + node.is_some() as usize;
    let v = values[r].as_ref()?;
    if Arc::strong_count(&v.buffer) != expected || !v.layout.is_whole(v.buffer.len()) {
        return None;
    }
    let array = values[r].take()?;
    drop(node.and_then(|n| n.take_done()));
    Arc::try_unwrap(array.buffer).ok()
}

/// Runs loop `l`; `program` is its program if built before (else it is
/// built and left there).
pub fn run_loop(
    plan: &Plan,
    l: &FusedLoop,
    values: &mut [Option<Array>],
    mut dest: Option<&mut super::Destination>,
    program: &mut Option<Program>,
) -> LoopResult {
    let size: usize = l.shape.iter().product();

    // Output buffers, taking over dying reads where the schedule says so.
    let mut out_buffers: Vec<(Id, Buffer)> = Vec::new();
    let mut reused_reads: HashMap<Id, usize> = HashMap::default();
    // The destination output, if this loop has it (it is not among
    // `out_buffers`: its buffer belongs to the caller).
    let mut into: Option<(usize, RawBuf, Layout)> = None;
    for (k, o) in l.outputs.iter().enumerate() {
        let dtype = plan.nodes[o.id].dtype;
        if o.target == Target::Into {
            let d = dest.take().expect("an Into output has a destination");
            debug_assert_eq!(d.buffer.dtype(), dtype);
            debug_assert_eq!(d.layout.shape, l.shape);
            into = Some((k, RawBuf::of(d.buffer), d.layout.clone()));
            continue;
        }
        let buffer = match o.target {
            Target::Reuse(r) => match take_for_reuse(plan, r, values) {
                Some(b) => {
                    reused_reads.insert(r, k);
                    b
                }
                None => Buffer::for_overwrite(dtype, size),
            },
            // Every chunk writes its range of each output in full.
            Target::Fresh | Target::Into => Buffer::for_overwrite(dtype, size),
        };
        out_buffers.push((o.id, buffer));
    }
    let mut raws: Vec<RawBuf> = out_buffers.iter_mut().map(|(_, b)| RawBuf::of(b)).collect();
    let mut out_layouts: Vec<Option<Layout>> = vec![None; raws.len()];
    if let Some((k, raw, layout)) = into {
        raws.insert(k, raw);
        // A C-contiguous region is written in place like a fresh array.
        let contiguous = layout.is_c_contiguous();
        out_layouts.insert(k, if contiguous { None } else { Some(layout.clone()) });
        if contiguous {
            // Safety: the region starts `layout.offset` elements in and holds
            // the loop's `size` elements.
            raws[k].ptr = unsafe { raws[k].ptr.add(layout.offset * raw.dtype.itemsize()) };
        }
    }

    let mut reads = Vec::new();
    for &r in &l.reads {
        if let Some(&k) = reused_reads.get(&r) {
            reads.push(ReadSrc::Reused(raws[k]));
            continue;
        }
        let v = values[r].as_ref().expect("reads are stored before their loop");
        let layout = v.layout.broadcast_to(&l.shape).expect("shapes checked at graph build");
        // (An empty array's layout can look like a splat of no element.)
        let src = if layout.is_splat() && layout.offset < v.buffer.len() {
            ReadSrc::Splat(v.buffer.get(layout.offset))
        } else if layout.is_c_contiguous() {
            ReadSrc::Contiguous { buffer: v.buffer.clone(), offset: layout.offset }
        } else {
            ReadSrc::Strided { buffer: v.buffer.clone(), layout }
        };
        reads.push(src);
    }
    let program = program.get_or_insert_with(|| {
        let read_index = l.reads.iter().enumerate().map(|(k, &r)| (r, k)).collect();
        build_program(plan, l, &read_index)
    });
    let ctx = LoopCtx {
        plan,
        reads,
        program,
        sink_count: l.sinks.len(),
        outputs: raws,
        out_layouts,
    };

    let strided = ctx.reads.iter().any(|r| matches!(r, ReadSrc::Strided { .. }))
        || ctx.out_layouts.iter().any(|l| l.is_some());
    let chunks = loop_chunks(&l.shape, size, strided, !l.sinks.is_empty());
    let longest = chunks.iter().map(|&(_, n)| n).max().unwrap_or(0);
    let sequential = l.sinks.iter().any(|&id| {
        matches!(plan.nodes[id].op(), Some(Op::Reduce { op: ReduceOp::Prod, .. }))
            && plan.nodes[plan.nodes[id].inputs[0]].dtype.is_float()
    });
    let per_chunk: Vec<Vec<Partial>> = if sequential || size < PARALLEL_MIN {
        let mut scratch = Scratch::new(&ctx, longest);
        let mut carry: Option<Vec<Partial>> = None;
        let mut all = Vec::with_capacity(chunks.len());
        for &(s, n) in &chunks {
            let p = run_chunk(&ctx, &mut scratch, s, n, carry.as_deref());
            carry = Some(p.clone());
            all.push(p);
        }
        all
    } else {
        chunks
            .par_iter()
            .map_init(|| Scratch::new(&ctx, longest), |scratch, &(s, n)| run_chunk(&ctx, scratch, s, n, None))
            .collect()
    };
    drop(ctx);

    let mut arrays = Vec::new();
    for (k, &sink) in l.sinks.iter().enumerate() {
        let node = &plan.nodes[sink];
        let Some(Op::Reduce { op, .. }) = node.op() else { unreachable!() };
        let partials: Vec<Partial> = per_chunk.iter().map(|p| p[k]).collect();
        let value = finish(*op, node.dtype, &partials, size, CHUNK);
        let shape = node.shape.to_vec();
        arrays.push((sink, Array::from_buffer(Buffer::filled(value, 1), &shape)));
    }
    for (id, buffer) in out_buffers {
        arrays.push((id, Array::from_buffer(buffer, &l.shape)));
    }
    LoopResult { arrays }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::Array;
    use crate::dtype::Scalar;
    use crate::graph::{BinaryOp, Node, UnaryOp};
    use crate::plan::PlanOp;
    use crate::schedule::Step;

    /// The computes of the program with the space each runs in, and the
    /// splits: "exp@1" is exp computed at the positions of space 1.
    fn program_text(plan: &Plan, l: &FusedLoop) -> String {
        let read_index: HashMap<Id, usize> = l.reads.iter().enumerate().map(|(k, &r)| (r, k)).collect();
        let program = build_program(plan, l, &read_index);
        let mut out = Vec::new();
        for instr in &program.instrs {
            match instr {
                Instr::Split { space, parent, taken, .. } => out.push(format!("split {space}<{parent:?} {taken}")),
                Instr::Compute { id, at, .. } => {
                    let name = plan.nodes[*id].op().unwrap().name();
                    out.push(match at {
                        Some(a) => format!("{name}@{a}"),
                        None => name,
                    })
                }
                Instr::Reduce { .. } => out.push("reduce".into()),
            }
        }
        out.join(" ")
    }

    #[test]
    fn costly_branch_ops_run_only_where_their_branch_is_taken() {
        let mut p = Plan::default();
        let node = Node::source(Array::from_buffer(Buffer::F64((0..100).map(|i| i as f64 / 50.0 - 1.0).collect()), &[100]));
        let x = p.add_input(&node);
        let zero = p.add_input(&Node::constant(Scalar::F64(0.0)));
        let half = p.add_input(&Node::constant(Scalar::F64(0.5)));
        let f = |p: &mut Plan, op, inputs: Vec<usize>, dtype| p.add(PlanOp::Op(op), inputs, dtype, &[100]);
        let c1 = f(&mut p, Op::Binary(BinaryOp::Lt), vec![x, zero], DType::Bool);
        // cos(x) feeds the outer condition and is its first way: everywhere.
        let k = f(&mut p, Op::Unary(UnaryOp::Cos), vec![x], DType::Float64);
        let c3 = f(&mut p, Op::Binary(BinaryOp::Lt), vec![k, half], DType::Bool);
        let both = f(&mut p, Op::Binary(BinaryOp::LogicalAnd), vec![c1, c3], DType::Bool);
        let c2 = f(&mut p, Op::Binary(BinaryOp::Lt), vec![x, half], DType::Bool);
        let e = f(&mut p, Op::Unary(UnaryOp::Exp), vec![x], DType::Float64);
        let l = f(&mut p, Op::Unary(UnaryOp::Log), vec![x], DType::Float64);
        // sin(x) is read by both ways of the inner select: computed where
        // the outer one takes its second way.
        let s = f(&mut p, Op::Unary(UnaryOp::Sin), vec![x], DType::Float64);
        let es = f(&mut p, Op::Binary(BinaryOp::Add), vec![e, s], DType::Float64);
        let ls = f(&mut p, Op::Binary(BinaryOp::Mul), vec![l, s], DType::Float64);
        let inner = f(&mut p, Op::Where, vec![c2, es, ls], DType::Float64);
        let outer = f(&mut p, Op::Where, vec![both, k, inner], DType::Float64);
        p.set_root(outer);
        let schedule = crate::optimize::fusion::run(&p);
        let Step::Loop(lp) = &schedule.steps[0] else { panic!("{}", schedule.dump(&p)) };
        assert_eq!(
            program_text(&p, lp),
            "lt cos lt logicaland lt split 0<None false split 1<Some(0) true exp@1 split 2<Some(0) false log@2 \
             sin@0 add mul where where"
        );
    }
}
