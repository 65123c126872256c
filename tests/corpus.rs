//! The differential corpus (see tests/corpus/README.md).
//!
//! Every program `tests/corpus/NAME.py` runs under hipy in each engine mode of
//! `support::HIPY_MODES`, with the working directory `tests/corpus` and the
//! bare file name as the script, and must print exactly the stdout, stderr and
//! exit status that CPython 3.11 printed (recorded in `tests/corpus/expected/`
//! by `tests/record.py`), or an override from a newer CPython. A program with
//! a known difference (`tests/corpus/known/`) must print exactly the pinned
//! hipy output instead, and fails once it prints CPython's (a stale entry);
//! each run lists the known differences. Each program also runs under
//! `hipy --engine=rustpython`; those results are reported, never failing.
//!
//! Environment:
//! - `HIPY_CORPUS_FILTER=text`: only programs whose name contains `text`
//!   (a bare command-line argument does the same);
//! - `HIPY_CORPUS_RUSTPYTHON=off`: skip the RustPython comparison run;
//! - `HIPY_CORPUS_TIMEOUT=seconds`: the per-run time limit (default 60).

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use support::{Mode, Outcome, HIPY_MODES, RUSTPYTHON_MODE};

/// Recorded outputs contain this text where CPython printed the absolute
/// path of the corpus directory (CPython makes `__main__.__file__` absolute).
const CORPUS_DIR_TOKEN: &str = "@CORPUS_DIR@";
/// Longest diff printed for one failing run.
const MAX_DIFF_LINES: usize = 200;

struct Program {
    name: String,
    args: Vec<String>,
    stdin: Vec<u8>,
    expected: Outcome,
    /// An accepted 3.12+ behaviour (`overrides/NAME.*`) and its reason.
    alternative: Option<(Outcome, String)>,
    /// A known difference from CPython (`known/NAME.*`): hipy's own output,
    /// pinned, and the reason hipy cannot match CPython yet.
    known: Option<(Outcome, String)>,
}

struct Job<'a> {
    program: &'a Program,
    mode: &'a Mode,
}

fn main() -> ExitCode {
    if std::env::args().any(|arg| arg == "--list") {
        println!("corpus: test");
        return ExitCode::SUCCESS;
    }
    let dir = corpus_dir();
    let filter = filter();
    let (programs, setup_errors) = load_corpus(&dir, filter.as_deref());
    for error in &setup_errors {
        println!("corpus error: {error}");
    }
    if programs.is_empty() {
        // Like libtest, a filter that selects nothing is not a failure
        // (`cargo test NAME` passes NAME to every test binary).
        println!("corpus: no programs match {filter:?}");
        return if filter.is_some() && setup_errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }

    let with_rustpython = std::env::var("HIPY_CORPUS_RUSTPYTHON").as_deref() != Ok("off");
    let mut modes: Vec<&Mode> = HIPY_MODES.iter().collect();
    if with_rustpython {
        modes.push(&RUSTPYTHON_MODE);
    }
    let jobs: Vec<Job> = programs
        .iter()
        .flat_map(|program| modes.iter().map(move |&mode| Job { program, mode }))
        .collect();
    let results = run_parallel(&dir, &jobs, timeout());

    let mut hipy_failures = 0;
    let mut summary = Vec::new();
    for mode in &modes {
        let failed: Vec<(&Program, &String)> = jobs
            .iter()
            .zip(&results)
            .filter(|(job, _)| std::ptr::eq(job.mode, *mode))
            .filter_map(|(job, diff)| Some((job.program, diff.as_ref()?)))
            .collect();
        let passed = programs.len() - failed.len();
        if std::ptr::eq(*mode, &RUSTPYTHON_MODE) {
            summary.push(format!("rustpython passed {passed}/{}", programs.len()));
            print_names("rustpython mismatches (not a failure)", &failed);
        } else {
            summary.push(format!("hipy passed {passed}/{} (mode {})", programs.len(), mode.name));
            hipy_failures += failed.len();
            print_failures(mode, &failed);
        }
    }
    if !with_rustpython {
        summary.push("rustpython skipped".to_string());
    }
    println!("corpus: {} programs, {}", programs.len(), summary.join(", "));
    let known: Vec<String> = programs
        .iter()
        .filter_map(|p| p.known.as_ref().map(|(_, reason)| format!("{} ({reason})", p.name)))
        .collect();
    if !known.is_empty() {
        println!("corpus: {} known differences from CPython: {}", known.len(), known.join(", "));
    }
    let runs = programs.len() * HIPY_MODES.len();
    let failed = hipy_failures + setup_errors.len();
    println!("corpus: {} passed, {} failed", runs - hipy_failures, failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Each failing program's name and diff, then all their names on one line.
fn print_failures(mode: &Mode, failed: &[(&Program, &String)]) {
    for (program, diff) in failed {
        println!("FAIL {} [mode {}]", program.name, mode.name);
        if let Some((_, reason)) = &program.alternative {
            println!("(an override also accepts another output: {reason})");
        }
        print!("{}", support::truncate_lines(diff, MAX_DIFF_LINES));
    }
    print_names(&format!("hipy failures [mode {}]", mode.name), failed);
}

fn print_names(title: &str, failed: &[(&Program, &String)]) {
    if !failed.is_empty() {
        let names: Vec<&str> = failed.iter().map(|(program, _)| program.name.as_str()).collect();
        println!("{title} ({}): {}", failed.len(), names.join(" "));
    }
}

fn corpus_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    // CPython prints the real path (getcwd), so resolve symlinks the same way.
    dir.canonicalize().unwrap_or(dir)
}

fn filter() -> Option<String> {
    let from_args = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    from_args.or_else(|| std::env::var("HIPY_CORPUS_FILTER").ok().filter(|f| !f.is_empty()))
}

fn timeout() -> Duration {
    let secs = std::env::var("HIPY_CORPUS_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(secs)
}

/// Reads every selected program with its inputs and expectations. Problems
/// with the corpus itself (a program never recorded, a stray expectation, an
/// override without a reason) are returned as errors, which fail the test.
fn load_corpus(dir: &Path, filter: Option<&str>) -> (Vec<Program>, Vec<String>) {
    let mut errors = Vec::new();
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("tests/corpus exists") {
        let path = entry.expect("readable corpus directory").path();
        if path.extension().is_some_and(|ext| ext == "py") {
            names.insert(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    for sub in ["expected", "overrides", "known"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else { continue };
        for entry in entries {
            let path = entry.expect("readable corpus directory").path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            if !names.contains(&stem) {
                errors.push(format!("{} has no program {stem}.py", path.display()));
            }
        }
    }

    let corpus_path = dir.to_string_lossy().into_owned();
    let mut programs = Vec::new();
    for name in names.into_iter().filter(|n| filter.is_none_or(|f| n.contains(f))) {
        let read = |path: PathBuf| std::fs::read(path).ok();
        let expected = match read_outcome(&dir.join("expected"), &name, &corpus_path) {
            Some(outcome) => outcome,
            None => {
                errors.push(format!("{name}.py has no recorded expectation: run tests/record.py {name}"));
                continue;
            }
        };
        let args = read(dir.join(format!("{name}.args")))
            .map(|bytes| String::from_utf8_lossy(&bytes).lines().map(String::from).collect())
            .unwrap_or_default();
        let stdin = read(dir.join(format!("{name}.stdin"))).unwrap_or_default();
        let alternative = match read_override(dir, &name, &expected, &corpus_path) {
            Ok(alternative) => alternative,
            Err(error) => {
                errors.push(error);
                None
            }
        };
        let known = match read_known(dir, &name, &corpus_path) {
            Ok(known) => known,
            Err(error) => {
                errors.push(error);
                None
            }
        };
        programs.push(Program { name, args, stdin, expected, alternative, known });
    }
    (programs, errors)
}

/// `DIR/NAME.stdout`, `.stderr` and `.status`; all three must exist.
fn read_outcome(dir: &Path, name: &str, corpus_path: &str) -> Option<Outcome> {
    let part = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).ok();
    Some(Outcome {
        stdout: with_corpus_dir(part("stdout")?, corpus_path),
        stderr: with_corpus_dir(part("stderr")?, corpus_path),
        status: String::from_utf8_lossy(&part("status")?).trim().to_string(),
    })
}

/// An override replaces some parts of the expectation with what a newer
/// CPython prints; it needs `overrides/NAME.reason`.
fn read_override(
    dir: &Path,
    name: &str,
    expected: &Outcome,
    corpus_path: &str,
) -> Result<Option<(Outcome, String)>, String> {
    let dir = dir.join("overrides");
    let part = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).ok();
    let (stdout, stderr, status) = (part("stdout"), part("stderr"), part("status"));
    let reason = part("reason").map(|r| String::from_utf8_lossy(&r).trim().to_string());
    match (stdout.is_some() || stderr.is_some() || status.is_some(), reason) {
        (false, None) => Ok(None),
        (false, Some(_)) => Err(format!("overrides/{name}.reason overrides nothing")),
        (true, None) => Err(format!("overrides for {name} need overrides/{name}.reason")),
        (true, Some(reason)) => Ok(Some((
            Outcome {
                stdout: stdout.map_or(expected.stdout.clone(), |b| with_corpus_dir(b, corpus_path)),
                stderr: stderr.map_or(expected.stderr.clone(), |b| with_corpus_dir(b, corpus_path)),
                status: status.map_or(expected.status.clone(), |b| String::from_utf8_lossy(&b).trim().to_string()),
            },
            reason,
        ))),
    }
}

/// A known difference: `known/NAME.{stdout,stderr,status}` (what hipy
/// prints, all three) and `known/NAME.reason`.
fn read_known(dir: &Path, name: &str, corpus_path: &str) -> Result<Option<(Outcome, String)>, String> {
    let dir = dir.join("known");
    let reason = std::fs::read(dir.join(format!("{name}.reason"))).ok();
    let outcome = read_outcome(&dir, name, corpus_path);
    match (outcome, reason) {
        (None, None) if !["stdout", "stderr", "status"].iter().any(|ext| dir.join(format!("{name}.{ext}")).exists()) => Ok(None),
        (Some(outcome), Some(reason)) => Ok(Some((outcome, String::from_utf8_lossy(&reason).trim().to_string()))),
        _ => Err(format!("known/{name} needs .reason, .stdout, .stderr and .status: run tests/record.py --known")),
    }
}

fn with_corpus_dir(bytes: Vec<u8>, corpus_path: &str) -> Vec<u8> {
    let token = CORPUS_DIR_TOKEN.as_bytes();
    if !bytes.windows(token.len()).any(|w| w == token) {
        return bytes;
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = &bytes[..];
    while let Some(at) = rest.windows(token.len()).position(|w| w == token) {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(corpus_path.as_bytes());
        rest = &rest[at + token.len()..];
    }
    out.extend_from_slice(rest);
    out
}

/// Runs every job on `available_parallelism` threads; for each job, the diff
/// against its expectation, or `None` when it matched.
fn run_parallel(dir: &Path, jobs: &[Job], timeout: Duration) -> Vec<Option<String>> {
    let hipy = Path::new(env!("CARGO_BIN_EXE_hipy"));
    let results = Mutex::new(vec![None; jobs.len()]);
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(index) else { break };
                let diff = run_job(hipy, dir, job, timeout);
                results.lock().unwrap()[index] = diff;
            });
        }
    });
    results.into_inner().unwrap()
}

fn run_job(hipy: &Path, dir: &Path, job: &Job, timeout: Duration) -> Option<String> {
    let program = job.program;
    let mut cmd = support::hipy_command(hipy, job.mode, &format!("{}.py", program.name), &program.args);
    cmd.current_dir(dir);
    let actual = support::run(cmd, &program.stdin, timeout);
    let matches_cpython = actual == program.expected || program.alternative.as_ref().is_some_and(|(alt, _)| actual == *alt);
    let known = program.known.as_ref().filter(|_| !std::ptr::eq(job.mode, &RUSTPYTHON_MODE));
    match known {
        // A known difference must stay exactly as pinned, and an entry that
        // CPython's output now satisfies is stale.
        Some(_) if matches_cpython => Some(format!(
            "stale known difference: hipy now prints what CPython prints; remove tests/corpus/known/{}.*\n",
            program.name
        )),
        Some((known, _)) => support::diff_outcomes(known, &actual, "hipy (known difference)", "hipy"),
        None if matches_cpython => None,
        None => support::diff_outcomes(&program.expected, &actual, "python3", "hipy"),
    }
}
