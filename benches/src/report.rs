//! The Markdown report: header, geometric means, wall-time and memory tables, failures.

use crate::implementations::reference_name;
use crate::programs::Suite;
use crate::results::{CellResult, Results};
use crate::session::Status;
use std::fmt::Write;

/// Renders `results`; `chart` is the SVG's path relative to the Markdown file, if drawn.
pub fn markdown(results: &Results, chart: Option<&str>) -> String {
    let mut md = String::new();
    let r = results;
    let m = &r.machine;
    let _ = writeln!(md, "# hipy benchmark results\n");
    let _ = writeln!(md, "- Date: {}", r.date);
    let _ = writeln!(
        md,
        "- Machine: {} ({} CPUs per `nproc`), Linux {}; load average (1, 5, 15 min) \
         at start {}, at end {}",
        m.cpu, m.nproc, m.kernel, m.load_at_start, m.load_at_end
    );
    let _ = writeln!(
        md,
        "- Command (run from the repository root; it regenerates these results): `{}`",
        r.command
    );
    let _ = writeln!(
        md,
        "- Each program ran {} times per implementation, interleaved (A B C A B C …), one \
         process at a time; time limit {} s per run. Times are wall-clock medians with \
         min–max; memory is the peak RSS (`ru_maxrss` from `wait4`).",
        r.repetitions, r.timeout_s
    );
    let _ = writeln!(
        md,
        "- Every output is compared byte for byte with the reference: `{}` for pure-Python \
         programs, `{}` for numpy/pandas ones. Speedup = reference median / median.\n",
        reference_name(Suite::Pure),
        reference_name(Suite::Numpy)
    );

    let _ = writeln!(md, "## Implementations\n");
    let _ = writeln!(md, "| name | command | executable | version |");
    let _ = writeln!(md, "|---|---|---|---|");
    for i in &r.implementations {
        let version = match &i.unavailable {
            Some(reason) => format!("unavailable: {reason}"),
            None => i.version.clone(),
        };
        let _ = writeln!(
            md,
            "| {} | `{}` | `{}` | {} |",
            i.name,
            i.command,
            i.executable,
            cell_text(&version)
        );
    }

    geomean_table(&mut md, r);
    time_table(&mut md, r);
    memory_table(&mut md, r);
    failures(&mut md, r);
    if let Some(chart) = chart {
        let _ = writeln!(
            md,
            "\n## Chart\n\n![speedup over CPython per program]({chart})"
        );
    }
    md
}

/// Implementation names that appear in any program, in table order.
fn columns(r: &Results) -> Vec<&str> {
    r.implementations
        .iter()
        .map(|i| i.name.as_str())
        .filter(|name| r.programs.iter().any(|p| p.cell(name).is_some()))
        .collect()
}

fn is_reference(name: &str) -> bool {
    name == reference_name(Suite::Pure) || name == reference_name(Suite::Numpy)
}

fn geomean_table(md: &mut String, r: &Results) {
    let _ = writeln!(md, "\n## Speedup over CPython (geometric mean)\n");
    let _ = writeln!(
        md,
        "Over the programs each implementation ran correctly (count in parentheses); \
         programs it failed are listed and excluded.\n"
    );
    let _ = writeln!(
        md,
        "| implementation | pure Python | numpy/pandas | all | excluded |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|");
    for name in columns(r) {
        if is_reference(name) {
            continue;
        }
        let mut row = format!("| {name} |");
        for suite in [Some(Suite::Pure), Some(Suite::Numpy), None] {
            let text = match r.geomean(name, suite) {
                None => "—".to_string(),
                Some(g) => match g.speedup {
                    Some(s) => format!("{} ({})", speedup(s), g.programs.len()),
                    None => "none correct (0)".to_string(),
                },
            };
            let _ = write!(row, " {text} |");
        }
        let excluded = r
            .geomean(name, None)
            .map(|g| g.excluded.join(", "))
            .unwrap_or_default();
        let _ = writeln!(
            md,
            "{row} {} |",
            if excluded.is_empty() {
                "—"
            } else {
                &excluded
            }
        );
    }
}

fn time_table(md: &mut String, r: &Results) {
    let cols = columns(r);
    let _ = writeln!(md, "\n## Wall time (s): median (min–max), speedup\n");
    let _ = writeln!(md, "| program | size | {} |", cols.join(" | "));
    let _ = writeln!(md, "|---|---:|{}", "---|".repeat(cols.len()));
    for p in &r.programs {
        let size = p.size.map_or("default".to_string(), |s| s.to_string());
        let mut row = format!("| {} | {size} |", p.name);
        for name in &cols {
            let text = match p.cell(name) {
                None => "—".to_string(),
                Some(c) => time_cell(c, name == &p.reference),
            };
            let _ = write!(row, " {text} |");
        }
        let _ = writeln!(md, "{row}");
    }
}

fn time_cell(c: &CellResult, reference: bool) -> String {
    let time = c
        .wall
        .map(|w| format!("{:.3} ({:.3}–{:.3})", w.median, w.min, w.max));
    match (&c.status, time) {
        (Status::Ok, Some(t)) if reference => format!("{t} ref"),
        (Status::Ok, Some(t)) => match c.speedup {
            Some(s) => format!("{t} **{}**", speedup(s)),
            None => t,
        },
        (Status::WrongOutput { .. }, Some(t)) => format!("WRONG OUTPUT {t}"),
        (Status::Unchecked { .. }, Some(t)) => format!("unchecked {t}"),
        (status, _) => status_word(status).to_string(),
    }
}

fn memory_table(md: &mut String, r: &Results) {
    let cols = columns(r);
    let _ = writeln!(md, "\n## Peak RSS (MiB, median)\n");
    let _ = writeln!(md, "| program | {} |", cols.join(" | "));
    let _ = writeln!(md, "|---|{}", "---:|".repeat(cols.len()));
    for p in &r.programs {
        let mut row = format!("| {} |", p.name);
        for name in &cols {
            let text = match p.cell(name) {
                None => "—".to_string(),
                Some(c) => match c.rss_mib {
                    Some(s) if c.status != Status::Ok => {
                        format!("{:.0} ({})", s.median, status_word(&c.status))
                    }
                    Some(s) => format!("{:.0}", s.median),
                    None => status_word(&c.status).to_string(),
                },
            };
            let _ = write!(row, " {text} |");
        }
        let _ = writeln!(md, "{row}");
    }
}

fn failures(md: &mut String, r: &Results) {
    let mut failed = Vec::new();
    // (implementation, reason) -> programs
    let mut skipped: Vec<(&str, &str, Vec<&str>)> = Vec::new();
    for p in &r.programs {
        for c in &p.results {
            let detail = match &c.status {
                Status::Ok => continue,
                Status::Skipped { reason } => {
                    let key = (c.implementation.as_str(), reason.as_str());
                    match skipped.iter_mut().find(|(i, r, _)| (*i, *r) == key) {
                        Some((_, _, programs)) => programs.push(&p.name),
                        None => skipped.push((key.0, key.1, vec![&p.name])),
                    }
                    continue;
                }
                Status::WrongOutput { detail }
                | Status::Failed { detail }
                | Status::Unchecked { detail } => detail.clone(),
                Status::Timeout { limit_s } => format!("killed after {limit_s} s"),
            };
            failed.push(format!(
                "- `{}` under {}: {}: {}",
                p.name,
                c.implementation,
                status_word(&c.status),
                cell_text(&detail)
            ));
        }
    }
    if !failed.is_empty() {
        let _ = writeln!(md, "\n## Not run correctly\n");
        let _ = writeln!(md, "{}", failed.join("\n"));
    }
    if !skipped.is_empty() {
        let _ = writeln!(md, "\n## Skipped\n");
        for (implementation, reason, programs) in skipped {
            let _ = writeln!(md, "- {implementation} ({reason}): {}", programs.join(", "));
        }
    }
}

fn status_word(status: &Status) -> &'static str {
    match status {
        Status::Ok => "ok",
        Status::WrongOutput { .. } => "WRONG OUTPUT",
        Status::Failed { .. } => "failed",
        Status::Timeout { .. } => "timeout",
        Status::Unchecked { .. } => "unchecked",
        Status::Skipped { .. } => "skipped",
    }
}

pub fn speedup(s: f64) -> String {
    if s >= 10.0 {
        format!("{s:.1}×")
    } else {
        format!("{s:.2}×")
    }
}

/// Makes free text safe inside a Markdown table cell.
fn cell_text(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}
