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
//! Environment:
//! - `HIPY_TRACEBACKS_FILTER=text` (or a bare argument): only programs whose
//!   name contains `text`;
//! - `HIPY_TRACEBACKS_ENGINES=hipy|rustpython`: run one engine only;
//! - `HIPY_TRACEBACKS_TIMEOUT=seconds`: the per-run time limit (default 60).

mod support;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use support::{Mode, Outcome, HIPY_MODES, RUSTPYTHON_MODE};

const TEST_DIR_TOKEN: &str = "@TEST_DIR@";
const MAX_DIFF_LINES: usize = 120;

struct Program {
    name: String,
    expected: Outcome,
}

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
    if failures + errors.len() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn programs_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tracebacks/programs");
    // CPython prints the real path (symlinks resolved), so compare with that.
    dir.canonicalize().unwrap_or(dir)
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

/// Every selected program with its expectation; programs never recorded and
/// recordings without a program are errors.
fn load(dir: &Path, filter: Option<&str>) -> (Vec<Program>, Vec<String>) {
    let expected_dir = dir.parent().expect("programs/ has a parent").join("expected");
    let mut errors = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/tracebacks/programs exists")
        .filter_map(|entry| {
            let path = entry.expect("readable programs directory").path();
            let is_program = path.extension().is_some_and(|ext| ext == "py");
            is_program.then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    for entry in std::fs::read_dir(&expected_dir).expect("tests/tracebacks/expected exists") {
        let path = entry.expect("readable expected directory").path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if !names.contains(&stem) {
            errors.push(format!("{} has no program {stem}.py", path.display()));
        }
    }
    let test_dir = dir.to_string_lossy().into_owned();
    let mut programs = Vec::new();
    for name in names.into_iter().filter(|n| filter.is_none_or(|f| n.contains(f))) {
        match read_expected(&expected_dir, &name, &test_dir) {
            Some(expected) => programs.push(Program { name, expected }),
            None => errors.push(format!(
                "{name}.py has no recorded expectation: run tests/tracebacks/record.py {name}"
            )),
        }
    }
    (programs, errors)
}

fn read_expected(dir: &Path, name: &str, test_dir: &str) -> Option<Outcome> {
    let part = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).ok();
    Some(Outcome {
        stdout: with_test_dir(&part("stdout")?, test_dir),
        stderr: with_test_dir(&part("stderr")?, test_dir),
        status: String::from_utf8_lossy(&part("status")?).trim().to_string(),
    })
}

/// The recording with every `@TEST_DIR@` replaced by `test_dir`.
fn with_test_dir(bytes: &[u8], test_dir: &str) -> Vec<u8> {
    let token = TEST_DIR_TOKEN.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some(at) = rest.windows(token.len()).position(|w| w == token) {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(test_dir.as_bytes());
        rest = &rest[at + token.len()..];
    }
    out.extend_from_slice(rest);
    out
}

/// Runs the jobs on all cores; for each, the diff against its expectation,
/// or None when it matched.
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
                let mut cmd = support::hipy_command(hipy, job.mode, &format!("{}.py", job.program.name), &[]);
                cmd.current_dir(dir);
                let actual = support::run(cmd, b"", timeout);
                let diff = support::diff_outcomes(&job.program.expected, &actual, "python3", "hipy");
                results.lock().unwrap()[index] = diff;
            });
        }
    });
    results.into_inner().unwrap()
}
