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
use std::time::Duration;
use support::recordings::{self, Recordings};
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
        if mode.is_rustpython() {
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
    // CPython prints the real path (getcwd), so resolve symlinks the same way.
    recordings::real_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus"))
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
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("tests/corpus exists") {
        let path = entry.expect("readable corpus directory").path();
        if path.extension().is_some_and(|ext| ext == "py") {
            names.insert(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    let recordings = Recordings {
        root: dir.to_path_buf(),
        token: CORPUS_DIR_TOKEN,
        real_path: dir.to_string_lossy().into_owned(),
    };
    let mut errors = recordings.strays(&["expected", "overrides", "known"], &names);

    let mut programs = Vec::new();
    for name in names.into_iter().filter(|n| filter.is_none_or(|f| n.contains(f))) {
        let read = |path: PathBuf| std::fs::read(path).ok();
        let Some(expected) = recordings.outcome("expected", &name) else {
            errors.push(format!("{name}.py has no recorded expectation: run tests/record.py {name}"));
            continue;
        };
        let args = read(dir.join(format!("{name}.args")))
            .map(|bytes| String::from_utf8_lossy(&bytes).lines().map(String::from).collect())
            .unwrap_or_default();
        let stdin = read(dir.join(format!("{name}.stdin"))).unwrap_or_default();
        let alternative = recordings.read_override(&name, &expected).unwrap_or_else(|error| {
            errors.push(error);
            None
        });
        let known = recordings.read_known("known", &name).unwrap_or_else(|error| {
            errors.push(format!("{error}: run tests/record.py --known"));
            None
        });
        programs.push(Program { name, args, stdin, expected, alternative, known });
    }
    (programs, errors)
}

/// Runs every job on `available_parallelism` threads; for each job, the diff
/// against its expectation, or `None` when it matched.
fn run_parallel(dir: &Path, jobs: &[Job], timeout: Duration) -> Vec<Option<String>> {
    let hipy = Path::new(env!("CARGO_BIN_EXE_hipy"));
    support::parallel_map(jobs, |job| run_job(hipy, dir, job, timeout))
}

fn run_job(hipy: &Path, dir: &Path, job: &Job, timeout: Duration) -> Option<String> {
    let program = job.program;
    let mut cmd = support::hipy_command(hipy, job.mode, &format!("{}.py", program.name), &program.args);
    cmd.current_dir(dir);
    let actual = support::run(cmd, &program.stdin, timeout);
    let known = program.known.as_ref().filter(|_| !job.mode.is_rustpython());
    recordings::judge(
        &program.name,
        &actual,
        &program.expected,
        program.alternative.as_ref(),
        known.map(|k| (k, "tests/corpus/known")),
    )
}
