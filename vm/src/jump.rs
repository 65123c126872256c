//! `frame.f_lineno = n` from a trace function: the jump debuggers use.
//!
//! The rules are CPython 3.11's (`frame_setlineno`). A jump is allowed only
//! while the frame's trace function handles a `line` event, or the `return`
//! event of a `yield`. The target is the first instruction of the first line
//! at or after `n` that has code. Its value stack must be one the current
//! stack can be cut down to. For that, a pass over the bytecode gives the
//! kind of every stack entry at every instruction:
//!
//! - an iterator (pushed by GET_ITER),
//! - an exception (PUSH_EXC_INFO and handler entry),
//! - an instruction index (handlers that re-raise with lasti),
//! - NULL,
//! - or any other object.
//!
//! The jump pops what the target does not have; a popped exception
//! restores the exception state it saved. The pass works on hipy's decoded
//! ops: each jump's `arg` is its absolute target, and FOR_ITER's already
//! skips its END_FOR.

use rustpython_vm::bytecode::Instruction;

use crate::code::CodeInfo;

/// One stack described as a number: three bits per entry, the top entry in
/// the low bits, 0 for the empty stack.
pub type Stack = i64;

const BITS: u32 = 3;
const MASK: i64 = (1 << BITS) - 1;
/// Entries that fit: 21 of 3 bits in 63.
const MAX_ENTRIES: u32 = 63 / BITS;

pub const EMPTY: Stack = 0;
/// Not reached by the pass (unreachable code, or a handler nothing covers).
pub const UNINITIALIZED: Stack = -2;
/// Deeper than the encoding holds.
pub const OVERFLOWED: Stack = -1;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(i64)]
pub enum Kind {
    Iterator = 1,
    Except = 2,
    Object = 3,
    Null = 4,
    Lasti = 5,
}

fn push(stack: Stack, kind: i64) -> Stack {
    if stack < 0 {
        return stack;
    }
    if (stack as u64) >= 1u64 << ((MAX_ENTRIES - 1) * BITS) {
        OVERFLOWED
    } else {
        (stack << BITS) | kind
    }
}

pub fn pop(stack: Stack) -> Stack {
    if stack < 0 {
        return stack;
    }
    stack >> BITS
}

pub fn top(stack: Stack) -> i64 {
    stack & MASK
}

/// The kind `n` entries down (1 = top).
fn peek(stack: Stack, n: u32) -> i64 {
    (stack >> (BITS * (n - 1))) & MASK
}

/// SWAP n: exchange the top with the n-th entry.
fn swap(stack: Stack, n: u32) -> Stack {
    if stack < 0 || n < 2 {
        return stack;
    }
    let shift = BITS * (n - 1);
    let deep = peek(stack, n);
    let t = top(stack);
    let s = (stack & !(MASK << shift)) | (t << shift);
    (s & !MASK) | deep
}

/// Number of entries on `stack`.
pub fn depth(mut stack: Stack) -> u32 {
    let mut n = 0;
    while stack > 0 {
        stack = pop(stack);
        n += 1;
    }
    n
}

/// Keep the bottom `level` entries.
fn pop_to_level(mut stack: Stack, level: u32) -> Stack {
    if stack < 0 {
        return stack;
    }
    while depth(stack) > level {
        stack = pop(stack);
    }
    stack
}

/// The stack kinds at every instruction index of `code` (UNINITIALIZED where
/// the pass never arrives).
pub fn mark_stacks(code: &CodeInfo) -> Vec<Stack> {
    let ops = &code.ops;
    let n = ops.len();
    let mut stacks = vec![UNINITIALIZED; n + 1];
    stacks[0] = EMPTY;
    // Set the stack at `j` if nothing reached it yet; whether it was set.
    fn reach(stacks: &mut [Stack], j: usize, s: Stack) -> bool {
        if j < stacks.len() && stacks[j] == UNINITIALIZED {
            stacks[j] = s;
            true
        } else {
            false
        }
    }
    let mut again = true;
    while again {
        again = false;
        let mut i = 0;
        while i < n {
            let op = ops[i];
            let here = stacks[i];
            let next = (i + 1 + op.ncache as usize).min(n);
            if here == UNINITIALIZED {
                i = next;
                continue;
            }
            let target = op.arg as usize;
            match op.kind {
                Instruction::ExtendedArg => {
                    // A prefix: the instruction it belongs to follows.
                    stacks[i + 1] = here;
                }
                Instruction::PopJumpIfFalse { .. }
                | Instruction::PopJumpIfTrue { .. }
                | Instruction::PopJumpIfNone { .. }
                | Instruction::PopJumpIfNotNone { .. } => {
                    let s = pop(here);
                    reach(&mut stacks, target, s);
                    stacks[next] = s;
                }
                Instruction::Send { .. } => {
                    reach(&mut stacks, target, here);
                    stacks[next] = here;
                }
                Instruction::JumpForward { .. } => {
                    reach(&mut stacks, target, here);
                }
                Instruction::JumpBackward { .. } | Instruction::JumpBackwardNoInterrupt { .. } => {
                    if reach(&mut stacks, target, here) && target < i {
                        again = true;
                    }
                }
                Instruction::GetIter | Instruction::GetAiter => {
                    stacks[next] = push(pop(here), Kind::Iterator as i64);
                }
                Instruction::ForIter { .. } => {
                    // The body has the next value above the iterator; the
                    // exhausted loop leaves at `target` with the iterator.
                    stacks[next] = push(here, Kind::Object as i64);
                    reach(&mut stacks, target, here);
                }
                Instruction::EndAsyncFor => {
                    stacks[next] = pop(pop(here));
                }
                Instruction::PushExcInfo => {
                    stacks[next] = push(here, Kind::Except as i64);
                }
                Instruction::PopExcept => {
                    stacks[next] = pop(here);
                }
                Instruction::ReturnValue | Instruction::RaiseVarargs { .. } | Instruction::Reraise { .. } => {}
                Instruction::PushNull => {
                    stacks[next] = push(here, Kind::Null as i64);
                }
                Instruction::LoadGlobal { .. } => {
                    let mut s = push(here, Kind::Object as i64);
                    if op.arg & 1 != 0 {
                        s = push(s, Kind::Null as i64);
                    }
                    stacks[next] = s;
                }
                Instruction::LoadAttr { .. } if op.arg & 1 != 0 => {
                    // The method form: the attribute and a NULL (or self).
                    stacks[next] = push(push(pop(here), Kind::Object as i64), Kind::Null as i64);
                }
                Instruction::Swap { .. } => {
                    stacks[next] = swap(here, op.arg);
                }
                Instruction::Copy { .. } => {
                    stacks[next] = if here < 0 || op.arg == 0 { here } else { push(here, peek(here, op.arg)) };
                }
                kind => {
                    // Everything else keeps what it leaves in place and
                    // pushes plain objects for its net growth.
                    let mut s = here;
                    let mut delta = kind.stack_effect(op.arg);
                    while delta < 0 {
                        s = pop(s);
                        delta += 1;
                    }
                    while delta > 0 {
                        s = push(s, Kind::Object as i64);
                        delta -= 1;
                    }
                    stacks[next] = s;
                }
            }
            i = next;
        }
        // Handlers: the stack of the covered code cut to the entry's depth,
        // the instruction index if it keeps one, then the exception.
        for e in code.exc_table.iter() {
            let (start, handler) = (e.start as usize, e.target as usize);
            if start < n && stacks[start] != UNINITIALIZED && handler < n && stacks[handler] == UNINITIALIZED {
                again = true;
                let mut s = pop_to_level(stacks[start], u32::from(e.depth));
                if e.push_lasti {
                    s = push(s, Kind::Lasti as i64);
                }
                stacks[handler] = push(s, Kind::Except as i64);
            }
        }
    }
    stacks
}

/// Whether a frame whose stack is `from` can continue where the stack is
/// `to`: `to` must be `from` cut down, entry by entry compatible.
pub fn compatible(from: Stack, to: Stack) -> bool {
    if from < 0 || to < 0 {
        return false;
    }
    let (mut from, mut to) = (from, to);
    while depth(from) > depth(to) {
        from = pop(from);
    }
    while from != 0 {
        let (f, t) = (top(from), top(to));
        let ok = match t {
            0 => false,
            x if x == Kind::Object as i64 => f != Kind::Null as i64,
            x if x == Kind::Null as i64 => true,
            _ => f == t,
        };
        if !ok {
            return false;
        }
        from = pop(from);
        to = pop(to);
    }
    to == 0
}

/// CPython's message for a target whose stack `to` does not fit.
pub fn explain_incompatible(to: Stack) -> &'static str {
    if to == OVERFLOWED {
        return "stack is too deep to analyze";
    }
    if to == UNINITIALIZED {
        return "can't jump into an exception handler, or code may be unreachable";
    }
    match top(to) {
        x if x == Kind::Except as i64 => "can't jump into an 'except' block as there's no exception",
        x if x == Kind::Lasti as i64 => "can't jump into a re-raising block as there's no location",
        x if x == Kind::Iterator as i64 => "can't jump into the body of a for loop",
        _ => "incompatible stacks",
    }
}

/// The line each instruction starts, or -1 where it continues the line
/// before it (CPython's `marklines`).
pub fn mark_lines(code: &CodeInfo) -> Vec<i64> {
    let mut last = -1i64;
    (0..code.ops.len())
        .map(|i| match code.line_of(i as u32) {
            Some(l) if l as i64 != last => {
                last = l as i64;
                l as i64
            }
            _ => -1,
        })
        .collect()
}

/// A jump decided by `plan`: continue at `target` after popping the top
/// `pops` entries of a stack described by `from` (popped exceptions restore
/// the exception state).
#[derive(Clone, Copy, Debug)]
pub struct Jump {
    pub target: u32,
    pub pops: u32,
    pub from: Stack,
}

/// Where `f_lineno = new_line` takes a frame of `code` stopped at `lasti`
/// (`suspended`: at a yield, whose value has left the stack already), or
/// the ValueError message CPython gives.
pub fn plan(code: &CodeInfo, lasti: u32, new_line: i64, suspended: bool) -> Result<Jump, String> {
    let first = code.code.code.first_line_number.map_or(1, |n| n.get() as i64);
    if new_line < first {
        return Err(format!("line {new_line} comes before the current code block"));
    }
    let lines = mark_lines(code);
    let Some(line) = lines.iter().copied().filter(|&l| l >= new_line).min() else {
        return Err(format!("line {new_line} comes after the current code block"));
    };
    let stacks = mark_stacks(code);
    let mut start = stacks.get(lasti as usize).copied().unwrap_or(OVERFLOWED);
    let mut best: Option<(u32, Stack)> = None;
    let mut err: Option<&'static str> = None;
    let mut explained = false;
    for (i, &l) in lines.iter().enumerate() {
        if l != line {
            continue;
        }
        let to = stacks[i];
        if compatible(start, to) {
            if best.is_none_or(|(_, s)| to > s) {
                best = Some((i as u32, to));
            }
        } else if !explained && best.is_none() {
            err = Some(if start == OVERFLOWED {
                "stack to deep to analyze"
            } else if start == UNINITIALIZED {
                "can't jump from within an exception handler"
            } else {
                explained = true;
                explain_incompatible(to)
            });
        }
    }
    let Some((target, to)) = best else {
        return Err(err.unwrap_or("cannot find bytecode for specified line").to_owned());
    };
    if suspended {
        start = pop(start);
    }
    let mut pops = 0;
    let mut s = start;
    while s > to {
        s = pop(s);
        pops += 1;
    }
    Ok(Jump { target, pops, from: start })
}
