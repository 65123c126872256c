//! The printer of the text form. `parse.rs` reads the same form back.
//!
//! ```text
//! trace sum_squares
//! inputs v0:i64, v1:i64, v2:i64
//! const c0 = 0x7f0000001000 "float" sealed
//! func f0 = 0x5555000010 "box_float" (f64) -> obj owned class(c0)
//! v3 = int_lt v0, v1
//! guard_true v3 [s0 resume 0x10@12 {v0, v1, v2, =, null}]
//! v4 = int_mul_ovf v0, v0 [s1 resume 0x10@20 {v0, v1, v2}]
//! v5 = int_add_ovf v2, v4 [s1]
//! v6 = int_add v0, 1
//! jump v6, v1, v5
//! ```
//!
//! A bridge (a side trace from a guard's exit back to the loop head) has a line
//! `bridge loop(i64, i64, obj) borrowed(v2)` after its inputs: the types its `jump`
//! passes (the root loop's inputs) and the object inputs it borrows.
//!
//! - Operands: `vN` values, integer literals (`5`, `-3`), float literals (always with a
//!   `.`, an exponent, `inf` or `NaN`; other NaN payloads as `f64:0x...`), `cN` object
//!   constants.
//! - Results whose type the opcode does not fix (`load_field`, `load_indexed`,
//!   `getfield_gc`) are written `vN:ty = ...`.
//! - Field access: `load_field obj, offset`, `store_field obj, offset, value`;
//!   indexed access: `load_indexed base, index, offset`, `store_indexed base, index,
//!   value, offset` (the immediate byte offset comes last).
//! - A snapshot is printed in full (`[sN kind frames... virtuals...]`) where it is
//!   first referenced and as `[sN]` afterwards. A frame is `code@pc {slots}`; a slot is
//!   `=` (unchanged), `null`, an operand, `bool(operand)` or `virtK`; a virtual is
//!   `virtK = cN {fields}`.
//! - After the snapshot, computed ownership lists: `owned(v..)` and `drop(v..)`.

use crate::ir::*;
use std::fmt::{self, Write};

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_text(self))
    }
}

/// The text form of a trace (one statement per line).
pub fn to_text(t: &Trace) -> String {
    print(t, None)
}

/// The text form with `# exit N` after every op that may exit (N is the exit number
/// the backend reports), for logs. Comments are ignored by the parser.
pub fn to_text_annotated(t: &Trace) -> String {
    print(t, Some(0))
}

/// Like `to_text_annotated`, numbering exits from `first_exit` (a bridge's exits
/// follow its loop's earlier ones: `hipy_jit::Attached::exits`).
pub fn to_text_annotated_from(t: &Trace, first_exit: u32) -> String {
    print(t, Some(first_exit))
}

fn print(t: &Trace, annotate: Option<u32>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "trace {}", name_token(&t.name));
    let inputs: Vec<String> = t
        .inputs
        .iter()
        .map(|&v| format!("{}:{}", v, t.value_type(v).map_or("?", |ty| ty.name())))
        .collect();
    if inputs.is_empty() {
        out.push_str("inputs\n");
    } else {
        let _ = writeln!(out, "inputs {}", inputs.join(", "));
    }
    if let Some(b) = &t.bridge {
        let types: Vec<&str> = b.loop_types.iter().map(|ty| ty.name()).collect();
        let _ = write!(out, "bridge loop({})", types.join(", "));
        if !b.borrowed.is_empty() {
            let _ = write!(out, " borrowed({})", join_values(&b.borrowed));
        }
        out.push('\n');
    }
    for (i, c) in t.consts.iter().enumerate() {
        let _ = writeln!(
            out,
            "const c{} = {:#x} {}{}",
            i,
            c.addr,
            quote(&c.name),
            if c.sealed { " sealed" } else { "" }
        );
    }
    for (i, fd) in t.funcs.iter().enumerate() {
        let _ = writeln!(out, "func f{} = {}", i, func_text(fd));
    }
    if let Some(a) = &t.alloc {
        let _ = writeln!(
            out,
            "alloc new {}, set {}, box_int {}, box_float {}, incref {}, decref {}, get {}, getattr {}, has {}, unbox_int {}, int {}, float {}",
            a.new_instance, a.set_attr, a.box_int, a.box_float, a.incref, a.decref, a.get_attr, a.get_attr_any, a.has_attr, a.unbox_int, a.int_type, a.float_type
        );
        if let Some((f, c)) = a.make_function {
            out.pop();
            let _ = writeln!(out, ", make_function {f}, function {c}");
        }
    }
    let mut printed = vec![false; t.snapshots.len()];
    let mut exit_no = annotate.unwrap_or(0);
    for op in &t.ops {
        out.push_str(&op_text(t, op, &mut printed));
        if annotate.is_some() && op.guard.is_some() {
            let _ = write!(out, "  # exit {}", exit_no);
            exit_no += 1;
        }
        out.push('\n');
    }
    out
}

fn name_token(name: &str) -> String {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.<>".contains(c));
    if plain {
        name.to_string()
    } else {
        quote(name)
    }
}

fn quote(s: &str) -> String {
    let mut q = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

fn func_text(fd: &FuncDesc) -> String {
    let args: Vec<&str> = fd.args.iter().map(|t| t.name()).collect();
    let mut s = format!(
        "{:#x} {} ({}) -> {}",
        fd.addr,
        quote(&fd.name),
        args.join(", "),
        fd.ret.name()
    );
    let fl = fd.flags;
    for (on, word) in [
        (fl.pure, "pure"),
        (fl.owned, "owned"),
        (fl.can_raise, "can_raise"),
        (fl.incref, "incref"),
        (fl.decref, "decref"),
        (fl.refcounts_only, "refcounts_only"),
        (fl.item_store, "item_store"),
    ] {
        if on {
            s.push(' ');
            s.push_str(word);
        }
    }
    if fd.consumes != 0 {
        let idx: Vec<String> = (0..32)
            .filter(|&i| fd.consumes_arg(i))
            .map(|i| i.to_string())
            .collect();
        let _ = write!(s, " consumes({})", idx.join(","));
    }
    if let Some(c) = fd.result_class {
        let _ = write!(s, " class({})", c);
    }
    s
}

/// The text of one operand.
pub fn operand_text(o: Operand) -> String {
    match o {
        Operand::Value(v) => v.to_string(),
        Operand::Int(i) => i.to_string(),
        Operand::Float(bits) => float_text(bits),
        Operand::Obj(c) => c.to_string(),
    }
}

fn float_text(bits: u64) -> String {
    let x = f64::from_bits(bits);
    if x.is_nan() && bits != f64::NAN.to_bits() {
        return format!("f64:{:#x}", bits);
    }
    // `{:?}` always shows a `.`, an exponent, `inf` or `NaN`, and round-trips.
    format!("{:?}", x)
}

fn op_text(t: &Trace, op: &Op, printed: &mut [bool]) -> String {
    let mut s = String::new();
    if let Some(r) = op.result {
        let explicit = matches!(
            op.opcode.shape(),
            Shape::ObjImm { store: false } | Shape::Indexed { store: false }
        );
        if explicit {
            let _ = write!(s, "{}:{} = ", r, op.ty.name());
        } else {
            let _ = write!(s, "{} = ", r);
        }
    }
    s.push_str(op.opcode.name());
    let args: Vec<String> = op.args.iter().map(|&a| operand_text(a)).collect();
    match op.opcode.shape() {
        Shape::Call => {
            let f = op.func.map_or("f?".to_string(), |f| f.to_string());
            let _ = write!(s, " {}({})", f, args.join(", "));
        }
        Shape::ObjImm { .. } => {
            let mut parts = vec![
                args.first().cloned().unwrap_or_default(),
                op.imm.to_string(),
            ];
            parts.extend(args.iter().skip(1).cloned());
            let _ = write!(s, " {}", parts.join(", "));
        }
        Shape::Indexed { .. } => {
            let mut parts = args.clone();
            parts.push(op.imm.to_string());
            let _ = write!(s, " {}", parts.join(", "));
        }
        Shape::Jump if op.opcode == Opcode::Label => {
            let params: Vec<String> = t
                .label
                .iter()
                .map(|&v| format!("{}:{}", v, t.value_type(v).map_or("?", |ty| ty.name())))
                .collect();
            let _ = write!(s, " {} = {}", params.join(", "), args.join(", "));
        }
        Shape::Fixed(..) | Shape::Jump => {
            if !args.is_empty() {
                let _ = write!(s, " {}", args.join(", "));
            }
        }
    }
    if let Some(g) = &op.guard {
        let id = g.snapshot;
        match (
            t.snapshots.get(id.index()),
            printed.get(id.index()).copied(),
        ) {
            (Some(snap), Some(false)) => {
                printed[id.index()] = true;
                let _ = write!(s, " [{} {}]", id, snap.text());
            }
            _ => {
                let _ = write!(s, " [{}]", id);
            }
        }
        if !g.owned.is_empty() {
            let _ = write!(s, " owned({})", join_values(&g.owned));
        }
        if !g.drop.is_empty() {
            let _ = write!(s, " drop({})", join_values(&g.drop));
        }
    }
    s
}

fn join_values(vs: &[ValueId]) -> String {
    vs.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

