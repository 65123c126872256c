//! `--jit-stats`: loops recorded and compiled, aborts by reason, guards and
//! the exits taken per guard, compile time.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Weak;
use std::time::Duration;

use super::helper_table::Helper;
use super::CompiledTrace;

#[derive(Default)]
pub struct JitStats {
    pub recordings: u64,
    /// Every loop compiled; those released since (`release_loops_at_collection`)
    /// no longer upgrade.
    pub compiled: Vec<Weak<CompiledTrace>>,
    pub released: u64,
    pub aborts: HashMap<String, u64>,
    pub compile_time: Duration,
    /// Entries into loops released since (`CompiledTrace::entries` counts
    /// the others).
    pub released_entries: u64,
    /// Bridges attached to compiled loops.
    pub bridges: u64,
}

thread_local! {
    static STATS: RefCell<JitStats> = RefCell::new(JitStats::default());
}

pub fn with<R>(f: impl FnOnce(&mut JitStats) -> R) -> R {
    STATS.with(|s| f(&mut s.borrow_mut()))
}

pub fn report() -> String {
    with(|s| {
        let mut out = String::from("hipy JIT stats\n");
        out.push_str(&format!(
            "  recordings: {}, loops compiled: {}, released at collections: {}, bridges: {}, aborted: {}, entries into compiled code: {}\n",
            s.recordings,
            s.compiled.len() as u64 + s.released,
            s.released,
            s.bridges,
            s.aborts.values().sum::<u64>(),
            s.released_entries + s.compiled.iter().filter_map(Weak::upgrade).map(|ct| ct.entries.get()).sum::<u64>()
        ));
        out.push_str(&format!("  compile time: {:.3} ms\n", s.compile_time.as_secs_f64() * 1e3));
        let mut aborts: Vec<_> = s.aborts.iter().collect();
        aborts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        if !aborts.is_empty() {
            out.push_str("  aborts:\n");
            for (reason, n) in aborts {
                out.push_str(&format!("    {n:>6}  {reason}\n"));
            }
        }
        for ct in s.compiled.iter().filter_map(Weak::upgrade) {
            let counts = ct.code.exit_counts();
            let parts = ct.parts();
            let ops: usize = parts.iter().map(|p| p.trace.ops.len()).sum();
            let transfers: u64 = (0..counts.len())
                .filter(|&i| ct.transfer_target(i as u32).is_some())
                .map(|i| counts[i])
                .sum();
            let taken: u64 = (0..counts.len())
                .filter(|&i| !ct.code.has_bridge(i as u32))
                .map(|i| counts[i])
                .sum::<u64>()
                - transfers;
            // Exits at the frame's return hand back its value (a function's
            // trace ends so at every call).
            let returns: u64 = (0..counts.len())
                .filter(|&i| !ct.code.has_bridge(i as u32) && super::deopt::plan_return(&ct, i as u32).is_some())
                .map(|i| counts[i])
                .sum();
            out.push_str(&format!(
                "  trace {}: {} bridges, {} ops, {} guards, {} bytes of code, {} exits to the interpreter ({} of them returns), {} transfers to other loops\n",
                ct.name,
                parts.len() - 1,
                ops,
                counts.len(),
                ct.code.total_code_size(),
                taken,
                returns,
                transfers
            ));
            for (k, p) in parts.iter().enumerate() {
                let left = p
                    .trace
                    .ops
                    .iter()
                    .filter(|op| op.func.is_some_and(|f| Helper::allocating(&p.trace.funcs[f.index()].name)))
                    .count();
                // Generator frames the trace runs inline (peeled), as
                // ZipPy's generator peeling does.
                let peeled = p
                    .trace
                    .ops
                    .iter()
                    .filter(|op| op.func.is_some_and(|f| p.trace.funcs[f.index()].name == Helper::GenEnter.name()))
                    .count();
                out.push_str(&format!(
                    "    {}: {} allocations removed, {} left{}\n",
                    if k == 0 { "loop".to_owned() } else { format!("bridge {k}") },
                    p.allocs_removed,
                    left,
                    if peeled > 0 { format!(", {peeled} generator frames run inline") } else { String::new() }
                ));
            }
            for (i, n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
                let Some(info) = ct.code.exit_info(i as u32) else { continue };
                let op = &parts[info.trace as usize].trace.ops[info.op_index];
                let what = match ct.transfer_target(i as u32) {
                    _ if ct.code.has_bridge(i as u32) => "entries into its bridge".to_owned(),
                    Some(next) => format!("transfers into trace {}", next.name),
                    None => "exits".to_owned(),
                };
                out.push_str(&format!(
                    "    guard {i} (trace {}, op {}, {}): {n} {what}\n",
                    info.trace,
                    info.op_index,
                    op.opcode.name()
                ));
            }
        }
        out
    })
}
