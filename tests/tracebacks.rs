//! Tracebacks and uncaught-exception output, byte for byte as CPython 3.11.
//!
//! Every program `tests/tracebacks/programs/NAME.py` runs as
//! `hipy [engine] run NAME.py` with `tests/tracebacks/programs` as the
//! working directory, under both engines: hipy's interpreter (each mode of
//! `support::HIPY_MODES`) and `--engine=rustpython`. Each run must print
//! exactly the stdout, stderr and exit status that `python3` (3.11) printed,
//! recorded in `tests/tracebacks/expected/` by `tests/tracebacks/record.py`.
//!
//! The recordings hold `@TEST_DIR@` where CPython printed the absolute path
//! of the programs directory (CPython shows the script's absolute path in
//! tracebacks); the runner replaces that placeholder by the real path of
//! this checkout, an exact text substitution, and compares the bytes.
//!
//! A program may also have an override (`overrides/`: what a newer CPython
//! prints, for a behaviour CPython changed after 3.11; accepted in every
//! mode) and a known difference (`known/` for hipy's interpreter,
//! `known-rustpython/` for `--engine=rustpython`: that engine's own output,
//! pinned, with the reason it cannot print CPython's yet). The rules and
//! their reading are the corpus's (`support::recordings`); see
//! tests/tracebacks/README.md.
//!
//! Environment:
//! - `HIPY_TRACEBACKS_FILTER=text` (or a bare argument): only programs whose
//!   name contains `text`;
//! - `HIPY_TRACEBACKS_ENGINES=hipy|rustpython`: run one engine only;
//! - `HIPY_TRACEBACKS_TIMEOUT=seconds`: the per-run time limit (default 60).

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use support::recordings::{self, Explained, Recordings};
use support::{Mode, Outcome, HIPY_MODES, RUSTPYTHON_MODE};

const TEST_DIR_TOKEN: &str = "@TEST_DIR@";
const MAX_DIFF_LINES: usize = 120;

struct Program {
    name: String,
    expected: Outcome,
    /// An accepted 3.12+ behaviour (`overrides/NAME.*`) and its reason.
    alternative: Option<Explained>,
    /// Known differences: of hipy's interpreter (`known/`), of
    /// `--engine=rustpython` (`known-rustpython/`).
    known: Option<Explained>,
    known_rustpython: Option<Explained>,
}

const KNOWN_DIRS: [&str; 2] = ["known", "known-rustpython"];

struct Job<'a> {
    program: &'a Program,
    mode: &'a Mode,
}

fn main() -> ExitCode {
    let dir = programs_dir();
    let (programs, errors) = load(&dir, filter().as_deref());
    for error in &errors {
        println!("tracebacks setup error: {error}");
    }
    if programs.is_empty() {
        println!("tracebacks: no programs selected");
        return ExitCode::FAILURE;
    }
    let modes = modes();
    let jobs: Vec<Job> = programs
        .iter()
        .flat_map(|program| modes.iter().map(move |&mode| Job { program, mode }))
        .collect();
    let results = run_parallel(&dir, &jobs, timeout());

    let mut failures = 0;
    let mut summary = Vec::new();
    for mode in &modes {
        let failed: Vec<(&Job, &String)> = jobs
            .iter()
            .zip(&results)
            .filter_map(|(job, diff)| Some((job, diff.as_ref()?)))
            .filter(|(job, _)| std::ptr::eq(job.mode, *mode))
            .collect();
        for (job, diff) in &failed {
            println!("FAIL {} [{}]", job.program.name, mode.name);
            print!("{}", support::truncate_lines(diff, MAX_DIFF_LINES));
        }
        if !failed.is_empty() {
            let names: Vec<&str> = failed.iter().map(|(job, _)| job.program.name.as_str()).collect();
            println!("failures [{}] ({}): {}", mode.name, failed.len(), names.join(" "));
        }
        failures += failed.len();
        summary.push(format!("{} passed {}/{}", mode.name, programs.len() - failed.len(), programs.len()));
    }
    println!("tracebacks: {} programs; {}", programs.len(), summary.join(", "));
    for (dir, engine) in KNOWN_DIRS.iter().zip(["hipy", "rustpython"]) {
        let known: Vec<String> = programs
            .iter()
            .filter_map(|p| {
                let known = if *dir == "known" { &p.known } else { &p.known_rustpython };
                known.as_ref().map(|(_, reason)| format!("{} ({reason})", p.name))
            })
            .collect();
        if !known.is_empty() {
            println!("tracebacks: {} known differences of {engine} from CPython: {}", known.len(), known.join(", "));
        }
    }
    if failures + errors.len() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn programs_dir() -> PathBuf {
    // CPython prints the real path (symlinks resolved), so compare with that.
    recordings::real_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tracebacks/programs"))
}

fn filter() -> Option<String> {
    let from_args = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    from_args.or_else(|| std::env::var("HIPY_TRACEBACKS_FILTER").ok().filter(|f| !f.is_empty()))
}

fn modes() -> Vec<&'static Mode> {
    let engines = std::env::var("HIPY_TRACEBACKS_ENGINES").unwrap_or_default();
    let mut modes: Vec<&'static Mode> = Vec::new();
    if engines.is_empty() || engines.contains("hipy") {
        modes.extend(HIPY_MODES.iter());
    }
    if engines.is_empty() || engines.contains("rustpython") {
        modes.push(&RUSTPYTHON_MODE);
    }
    modes
}

fn timeout() -> Duration {
    let secs = std::env::var("HIPY_TRACEBACKS_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(secs)
}

/// Every selected program with its expectations; programs never recorded,
/// recordings without a program and incomplete overrides or known
/// differences are errors.
fn load(dir: &Path, filter: Option<&str>) -> (Vec<Program>, Vec<String>) {
    let names: BTreeSet<String> = std::fs::read_dir(dir)
        .expect("tests/tracebacks/programs exists")
        .filter_map(|entry| {
            let path = entry.expect("readable programs directory").path();
            let is_program = path.extension().is_some_and(|ext| ext == "py");
            is_program.then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    let recordings = Recordings {
        root: dir.parent().expect("programs/ has a parent").to_path_buf(),
        token: TEST_DIR_TOKEN,
        real_path: dir.to_string_lossy().into_owned(),
    };
    let mut errors = recordings.strays(&["expected", "overrides", KNOWN_DIRS[0], KNOWN_DIRS[1]], &names);
    let mut programs = Vec::new();
    for name in names.into_iter().filter(|n| filter.is_none_or(|f| n.contains(f))) {
        let Some(expected) = recordings.outcome("expected", &name) else {
            errors.push(format!("{name}.py has no recorded expectation: run tests/tracebacks/record.py {name}"));
            continue;
        };
        let mut report = |error: String| {
            errors.push(format!("{error}: see tests/tracebacks/README.md"));
            None
        };
        let alternative = recordings.read_override(&name, &expected).unwrap_or_else(&mut report);
        let known = recordings.read_known(KNOWN_DIRS[0], &name).unwrap_or_else(&mut report);
        let known_rustpython = recordings.read_known(KNOWN_DIRS[1], &name).unwrap_or_else(&mut report);
        programs.push(Program { name, expected, alternative, known, known_rustpython });
    }
    (programs, errors)
}

/// Runs the jobs on all cores; for each, the diff against its expectation,
/// or None when it matched.
fn run_parallel(dir: &Path, jobs: &[Job], timeout: Duration) -> Vec<Option<String>> {
    let hipy = Path::new(env!("CARGO_BIN_EXE_hipy"));
    support::parallel_map(jobs, |job| {
        let mut cmd = support::hipy_command(hipy, job.mode, &format!("{}.py", job.program.name), &[]);
        cmd.current_dir(dir);
        let actual = support::run(cmd, b"", timeout);
        let program = job.program;
        let known = if job.mode.is_rustpython() {
            program.known_rustpython.as_ref().map(|k| (k, "tests/tracebacks/known-rustpython"))
        } else {
            program.known.as_ref().map(|k| (k, "tests/tracebacks/known"))
        };
        recordings::judge(&program.name, &actual, &program.expected, program.alternative.as_ref(), known)
    })
}
