//! Execution statistics for `hipy run --stats`: hot loops (back-edge counts
//! per (code, JUMP_BACKWARD)), and how many instructions ran in hipy's loop
//! versus RustPython's.

use std::cell::Cell;

use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::frame::Frame;
use crate::{code, runtime};

/// Count a loop back-edge; returns the new count.
#[inline(always)]
pub fn back_edge(f: &Frame) -> u64 {
    let c = &f.code.backedges[f.lasti as usize];
    let n = c.get() + 1;
    c.set(n);
    n
}

#[inline]
pub fn add_executed(n: u64) {
    runtime::with(|rt| rt.executed.set(rt.executed.get() + n));
}

thread_local! {
    /// Instructions RustPython's own loop executed (counted only with --stats).
    static RUSTPYTHON_EXECUTED: Cell<u64> = const { Cell::new(0) };
}

/// The trace function installed with `sys.settrace` under `--stats`: it asks
/// RustPython for per-opcode events and counts them. hipy's loop ignores
/// `sys.settrace`, so only RustPython's frames report here.
fn count_opcodes(args: rustpython_vm::function::FuncArgs, vm: &VirtualMachine) -> PyResult {
    let event = args.args.get(1).cloned();
    let frame = args.args.first().cloned();
    if let (Some(frame), Some(event)) = (frame, event) {
        let event = event.str(vm)?;
        match event.as_wtf8().to_string().as_str() {
            "call" => {
                frame.set_attr("f_trace_opcodes", vm.ctx.new_bool(true), vm)?;
                frame.set_attr("f_trace_lines", vm.ctx.new_bool(false), vm)?;
            }
            "opcode" => RUSTPYTHON_EXECUTED.with(|c| c.set(c.get() + 1)),
            _ => {}
        }
    }
    Ok(TRACER.get().cloned().unwrap_or_else(|| vm.ctx.none()))
}

static TRACER: std::sync::OnceLock<PyObjectRef> = std::sync::OnceLock::new();

pub fn enable(vm: &VirtualMachine) -> PyResult<()> {
    runtime::with(|rt| rt.stats_enabled.set(true));
    let tracer: PyObjectRef = vm.new_function("hipy_opcode_counter", count_opcodes).into();
    // The tracer returns itself for per-frame tracing.
    let tracer = TRACER.get_or_init(|| tracer).clone();
    vm.sys_module.get_attr("settrace", vm)?.call((tracer,), vm)?;
    Ok(())
}

/// The report printed at exit.
pub fn report() -> String {
    let hipy = runtime::with(|rt| rt.executed.get());
    let rp = RUSTPYTHON_EXECUTED.with(|c| c.get());
    let total = hipy + rp;
    let share = if total == 0 { 100.0 } else { 100.0 * hipy as f64 / total as f64 };
    let mut loops: Vec<(u64, String)> = Vec::new();
    for info in code::all_infos() {
        for (i, c) in info.backedges.iter().enumerate() {
            let n = c.get();
            if n == 0 {
                continue;
            }
            let target = info.ops[i].arg;
            let line = info.line_of(target).map_or("?".to_owned(), |l| l.to_string());
            loops.push((n, format!("{}:{} in {}", info.filename(), line, info.qualname())));
        }
    }
    loops.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out = String::new();
    out.push_str("hipy stats\n");
    out.push_str(&format!(
        "  instructions: {total} total, {hipy} in hipy's loop, {rp} in RustPython's loop ({share:.2}% in hipy)\n"
    ));
    out.push_str(&format!("  object layouts: {}\n", crate::layout_report()));
    out.push_str("  hottest loops (back-edges, loop header):\n");
    for (n, what) in loops.iter().take(10) {
        out.push_str(&format!("    {n:>12}  {what}\n"));
    }
    out
}
