//! A benchmark session: runs every (program, implementation) pair N times, interleaved,
//! and checks each output against the reference implementation's.

use crate::implementations::{reference_name, Implementation, Paths};
use crate::measure::{measure, Exit, Measurement, Run};
use crate::programs::Program;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A selected implementation and what was found out about it before running.
pub struct Contender {
    pub implementation: &'static Implementation,
    /// The resolved first word of the command.
    pub executable: PathBuf,
    /// Set when it cannot run at all here (missing executable or venv).
    pub unavailable: Option<String>,
    /// What a probe script printed: version and importable modules.
    pub version: String,
    pub importable: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Status {
    /// Every repetition exited 0 with the reference's output.
    Ok,
    /// Exited 0 but printed something else (timed anyway; excluded from speedups).
    WrongOutput { detail: String },
    /// Non-zero exit, signal, or could not be started. Not repeated.
    Failed { detail: String },
    /// Killed at the time limit. Not repeated.
    Timeout { limit_s: f64 },
    /// The reference failed, so there is nothing to check against.
    Unchecked { detail: String },
    /// Not run: the implementation is unavailable or lacks a module the program needs.
    Skipped { reason: String },
}

impl Contender {
    /// The command for `program`, starting with the resolved executable.
    pub fn argv(&self, paths: &Paths, program: &Path, size: Option<u64>) -> Vec<String> {
        let mut argv = self.implementation.argv(paths, program, size);
        if let Some(first) = argv.first_mut() {
            *first = self.executable.to_string_lossy().into_owned();
        }
        argv
    }
}

impl Status {
    /// Whether the pair is still run in later repetitions.
    fn keeps_running(&self) -> bool {
        matches!(
            self,
            Status::Ok | Status::WrongOutput { .. } | Status::Unchecked { .. }
        )
    }
}

/// One (program, implementation) pair.
pub struct Cell {
    pub program: usize,
    pub contender: usize,
    pub status: Status,
    /// Measurements of the runs that exited normally.
    pub runs: Vec<Measurement>,
}

pub struct Session<'a> {
    pub programs: &'a [Program],
    pub sizes: &'a [Option<u64>],
    pub contenders: &'a [Contender],
    pub paths: &'a Paths,
    pub repetitions: usize,
    pub timeout: Duration,
    pub log_dir: PathBuf,
}

impl Session<'_> {
    /// The cells for every pair that applies; references come first within a program.
    fn cells(&self) -> Vec<Cell> {
        let mut cells = Vec::new();
        for (pi, program) in self.programs.iter().enumerate() {
            let reference = reference_name(program.suite);
            let mut order: Vec<usize> = (0..self.contenders.len())
                .filter(|&ci| self.contenders[ci].implementation.covers(program.suite))
                .collect();
            order.sort_by_key(|&ci| self.contenders[ci].implementation.name != reference);
            for ci in order {
                let c = &self.contenders[ci];
                let status = if let Some(reason) = &c.unavailable {
                    Status::Skipped {
                        reason: reason.clone(),
                    }
                } else if !c.implementation.runs(program, &c.importable) {
                    Status::Skipped {
                        reason: format!("cannot import {}", program.needs_modules().join("/")),
                    }
                } else {
                    Status::Ok
                };
                cells.push(Cell {
                    program: pi,
                    contender: ci,
                    status,
                    runs: Vec::new(),
                });
            }
        }
        cells
    }

    /// Runs everything: repetition by repetition, program by program, implementation by
    /// implementation (A B C A B C ...), one process at a time.
    pub fn run(&self) -> std::io::Result<Vec<Cell>> {
        std::fs::create_dir_all(&self.log_dir)?;
        let mut cells = self.cells();
        let mut reference_outputs: Vec<Option<Vec<u8>>> = vec![None; self.programs.len()];
        for rep in 0..self.repetitions {
            for cell in cells.iter_mut() {
                if !cell.status.keeps_running() {
                    continue;
                }
                let program = &self.programs[cell.program];
                let contender = &self.contenders[cell.contender];
                let is_reference = contender.implementation.name == reference_name(program.suite);
                let outcome = self.run_one(cell, rep)?;
                let expected = &mut reference_outputs[cell.program];
                cell.status = judge(&cell.status, outcome, is_reference, expected, self.timeout);
                // A failed reference leaves nothing to compare with.
                if is_reference && !cell.status.keeps_running() {
                    *expected = None;
                }
            }
        }
        Ok(cells)
    }

    /// Runs one repetition of a pair, logs it, and returns what happened.
    fn run_one(&self, cell: &mut Cell, rep: usize) -> std::io::Result<Outcome> {
        let program = &self.programs[cell.program];
        let contender = &self.contenders[cell.contender];
        let implementation = contender.implementation;
        let argv = contender.argv(self.paths, &program.path, self.sizes[cell.program]);
        let stem = format!("{}.{}", program.name, implementation.name);
        let stdout = self.log_dir.join(format!("{stem}.stdout"));
        let stderr = self.log_dir.join(format!("{stem}.stderr"));
        let result = measure(&Run {
            argv: &argv,
            env: implementation.env,
            stdout: &stdout,
            stderr: &stderr,
            timeout: self.timeout,
        });
        let outcome = match result {
            Err(e) => Outcome::CouldNotStart(format!("{}: {e}", argv[0])),
            Ok(m) => {
                let output = std::fs::read(&stdout)?;
                let err_tail = last_lines(&std::fs::read(&stderr)?, 2);
                let o = Outcome::Exited {
                    m: m.clone(),
                    output,
                    err_tail,
                };
                if m.exit == Exit::Code(0) {
                    cell.runs.push(m);
                }
                o
            }
        };
        eprintln!(
            "[{}/{}] {:<16} {:<16} {}",
            rep + 1,
            self.repetitions,
            program.name,
            implementation.name,
            outcome.describe()
        );
        Ok(outcome)
    }
}

enum Outcome {
    CouldNotStart(String),
    Exited {
        m: Measurement,
        output: Vec<u8>,
        err_tail: String,
    },
}

impl Outcome {
    fn describe(&self) -> String {
        match self {
            Outcome::CouldNotStart(e) => format!("could not start: {e}"),
            Outcome::Exited { m, .. } => format!(
                "{:8.3} s {:8.1} MiB  {:?}",
                m.wall_s,
                m.max_rss_kib as f64 / 1024.0,
                m.exit
            ),
        }
    }
}

/// The new status of a pair after one more run.
fn judge(
    previous: &Status,
    outcome: Outcome,
    is_reference: bool,
    expected: &mut Option<Vec<u8>>,
    timeout: Duration,
) -> Status {
    let (m, output, err_tail) = match outcome {
        Outcome::CouldNotStart(detail) => return Status::Failed { detail },
        Outcome::Exited {
            m,
            output,
            err_tail,
        } => (m, output, err_tail),
    };
    match m.exit {
        Exit::TimedOut => {
            return Status::Timeout {
                limit_s: timeout.as_secs_f64(),
            }
        }
        Exit::Signal(sig) => {
            return Status::Failed {
                detail: format!("killed by signal {sig}{}", stderr_note(&err_tail)),
            }
        }
        Exit::Code(0) => {}
        Exit::Code(code) => {
            return Status::Failed {
                detail: format!("exit status {code}{}", stderr_note(&err_tail)),
            }
        }
    }
    if matches!(previous, Status::WrongOutput { .. }) {
        return previous.clone();
    }
    match expected {
        None if is_reference => {
            *expected = Some(output);
            Status::Ok
        }
        None => Status::Unchecked {
            detail: "the reference implementation failed".into(),
        },
        Some(want) => match first_difference(want, &output) {
            None => previous.clone(),
            Some(diff) if is_reference => Status::WrongOutput {
                detail: format!("output differs between repetitions: {diff}"),
            },
            Some(diff) => Status::WrongOutput { detail: diff },
        },
    }
}

/// Describes the first line where `got` differs from `want`, or `None` if equal.
pub fn first_difference(want: &[u8], got: &[u8]) -> Option<String> {
    if want == got {
        return None;
    }
    let want = String::from_utf8_lossy(want);
    let got = String::from_utf8_lossy(got);
    let mut w = want.split_inclusive('\n');
    let mut g = got.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (w.next(), g.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                let show = |s: Option<&str>| match s {
                    Some(s) => format!("{:?}", truncate(s, 80)),
                    None => "end of output".to_string(),
                };
                return Some(format!(
                    "line {line}: expected {}, got {}",
                    show(a),
                    show(b)
                ));
            }
        }
    }
}

fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// What a failed run said on stderr, for a failure's description.
fn stderr_note(err_tail: &str) -> String {
    if err_tail.is_empty() {
        "; nothing on stderr".to_string()
    } else {
        format!("; stderr: {err_tail}")
    }
}

/// The last `n` informative lines of `bytes`, joined with " | ": for a Python traceback
/// the exception without the frames, for a Rust panic its location and message.
fn last_lines(bytes: &[u8], n: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with(char::is_whitespace))
        .filter(|l| !l.starts_with("Traceback (most recent call last)"))
        .filter(|l| !l.starts_with("note: run with `RUST_BACKTRACE"))
        .collect();
    let start = lines.len().saturating_sub(n);
    truncate(&lines[start..].join(" | "), 400)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exited(code: i32, out: &str) -> Outcome {
        Outcome::Exited {
            m: Measurement {
                wall_s: 1.0,
                user_s: 1.0,
                sys_s: 0.0,
                max_rss_kib: 1,
                exit: Exit::Code(code),
            },
            output: out.as_bytes().to_vec(),
            err_tail: "Traceback | NameError: x".into(),
        }
    }

    #[test]
    fn stderr_summary_keeps_the_exception_line() {
        let tb = b"Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n    import numpy\nModuleNotFoundError: No module named 'numpy'\n";
        assert_eq!(
            last_lines(tb, 2),
            "ModuleNotFoundError: No module named 'numpy'"
        );
    }

    #[test]
    fn stderr_summary_keeps_a_panic_message() {
        let panic = b"thread 'main' panicked at vm/src/eval.rs:1:1:\nboom\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        assert_eq!(
            last_lines(panic, 2),
            "thread 'main' panicked at vm/src/eval.rs:1:1: | boom"
        );
    }

    #[test]
    fn differences_name_the_line() {
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(
            first_difference(b"a\nb\n", b"a\nc\n").unwrap(),
            r#"line 2: expected "b\n", got "c\n""#
        );
        assert_eq!(
            first_difference(b"a\nb\n", b"a\n").unwrap(),
            r#"line 2: expected "b\n", got end of output"#
        );
    }

    #[test]
    fn judging_runs() {
        let t = Duration::from_secs(9);
        let mut expected = None;
        // The reference's first output becomes the expectation.
        assert_eq!(
            judge(&Status::Ok, exited(0, "1\n"), true, &mut expected, t),
            Status::Ok
        );
        assert_eq!(expected.as_deref(), Some(&b"1\n"[..]));
        assert_eq!(
            judge(&Status::Ok, exited(0, "1\n"), false, &mut expected, t),
            Status::Ok
        );
        let wrong = judge(&Status::Ok, exited(0, "2\n"), false, &mut expected, t);
        assert!(matches!(wrong, Status::WrongOutput { .. }), "{wrong:?}");
        // Once wrong, a later correct run does not clear it.
        assert_eq!(
            judge(&wrong, exited(0, "1\n"), false, &mut expected, t),
            wrong
        );
        let failed = judge(&Status::Ok, exited(1, ""), false, &mut expected, t);
        match failed {
            Status::Failed { detail } => assert!(detail.contains("NameError"), "{detail}"),
            other => panic!("{other:?}"),
        }
        let mut none = None;
        let unchecked = judge(&Status::Ok, exited(0, "1\n"), false, &mut none, t);
        assert!(matches!(unchecked, Status::Unchecked { .. }));
    }
}
