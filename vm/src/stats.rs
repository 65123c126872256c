//! Execution statistics for `hipy run --stats`: hot loops (back-edge counts
//! per (code, JUMP_BACKWARD)), and how many instructions hipy's loop ran
//! (compiled loops' iterations are not counted).

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

/// Count instructions from now on (`--stats`).
pub fn enable() {
    runtime::with(|rt| rt.stats_enabled.set(true));
}

/// The report printed at exit.
pub fn report() -> String {
    let executed = runtime::with(|rt| rt.executed.get());
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
        "  instructions run by hipy's loop: {executed}\n"
    ));
    out.push_str(&format!("  object layouts: {}\n", crate::layout_report()));
    out.push_str("  hottest loops (back-edges, loop header):\n");
    for (n, what) in loops.iter().take(10) {
        out.push_str(&format!("    {n:>12}  {what}\n"));
    }
    out
}
