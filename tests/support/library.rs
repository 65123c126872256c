//! The library corpora (`tests/numpy.rs`, `tests/pandas.rs`): every program
//! `tests/<lib>/programs/NAME.py` runs under hipy and must print exactly the
//! stdout (and exit status) that CPython with the real library printed,
//! recorded in `tests/<lib>/expected/` by `tests/<lib>/record.py`. The
//! library is not needed to run the test.
//!
//! Each program runs in every lazy-evaluation mode of its corpus. Then, when
//! no filter is given, the corpus' probes check hipy-only behaviour (with no
//! CPython reference): the rule that anything outside the supported API
//! raises `NotImplementedError("<lib>.<name> is not supported by hipy")`.
//!
//! Environment (`LIB` is the corpus' name in capitals):
//! - `HIPY_LIB_FILTER=text` (or a bare argument): only matching programs;
//! - `HIPY_LIB_ENGINES=default,rustpython`: interpreter engines to run
//!   (`rustpython` adds `--engine=rustpython`; default: `default`);
//! - `HIPY_LIB_CMD=/path/to/binary`: run `binary script.py` instead of
//!   `hipy [--engine=...] run script.py` (e.g. stdlib-shims' example runner);
//! - `HIPY_LIB_TIMEOUT=seconds`: per-run limit (default 120).

use super::{run, Outcome};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// A lazy-evaluation mode: its name and the environment it sets.
pub type LazyMode = (&'static str, &'static [(&'static str, &'static str)]);

pub struct Corpus {
    /// `numpy` or `pandas`: the directory `tests/<name>`, the environment
    /// variables `HIPY_<NAME>_*` and the name in reports.
    pub name: &'static str,
    pub modes: &'static [LazyMode],
    /// How many programs run at once.
    pub jobs: usize,
    /// The probes' script starts with this (imports, sample data).
    pub probe_prelude: &'static str,
    /// Python expressions and the `NotImplementedError` message each raises.
    pub probes: &'static [(&'static str, &'static str)],
}

struct Settings {
    dir: PathBuf,
    filter: Option<String>,
    engines: Vec<String>,
    timeout: Duration,
    custom: Option<String>,
}

impl Corpus {
    fn var(&self, key: &str) -> Option<String> {
        std::env::var(format!("HIPY_{}_{key}", self.name.to_uppercase())).ok()
    }

    fn settings(&self) -> Settings {
        Settings {
            dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(self.name),
            filter: self.var("FILTER").or_else(|| std::env::args().skip(1).find(|a| !a.starts_with('-'))),
            engines: self
                .var("ENGINES")
                .unwrap_or_else(|| "default".into())
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
            timeout: Duration::from_secs(self.var("TIMEOUT").and_then(|t| t.parse().ok()).unwrap_or(120)),
            custom: self.var("CMD"),
        }
    }
}

impl Settings {
    fn command(&self, engine: &str, script: &str) -> Command {
        let mut cmd = match &self.custom {
            Some(custom) => {
                let mut parts = custom.split_whitespace();
                let mut cmd = Command::new(parts.next().expect("the custom command is empty"));
                cmd.args(parts).arg(script);
                cmd
            }
            None => {
                let mut cmd = Command::new(env!("CARGO_BIN_EXE_hipy"));
                if engine == "rustpython" {
                    cmd.arg("--engine=rustpython");
                }
                cmd.arg("run").arg(script);
                cmd
            }
        };
        // The environment record.py gives CPython.
        for (key, _) in std::env::vars_os() {
            let k = key.to_string_lossy();
            if k.starts_with("PYTHON") || k.starts_with("HIPY_LAZY") || k == "COLUMNS" || k == "LINES" {
                cmd.env_remove(&key);
            }
        }
        cmd.env("PYTHONHASHSEED", "0").env("PYTHONIOENCODING", "utf-8");
        cmd
    }

    fn programs(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.dir.join("programs"))
            .expect("the corpus has a programs directory")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".py"))
            .map(|n| n.trim_end_matches(".py").to_string())
            .filter(|n| self.filter.as_ref().is_none_or(|f| n.contains(f.as_str())))
            .collect();
        names.sort();
        names
    }
}

/// Runs the corpus; the test's exit code.
pub fn main(corpus: &Corpus) -> ExitCode {
    let st = corpus.settings();
    let names = st.programs();
    let runs = corpus.modes.len() * st.engines.len();
    let jobs: Vec<(&String, usize)> = names.iter().flat_map(|n| (0..runs).map(move |r| (n, r))).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..corpus.jobs.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&(name, r)) = jobs.get(k) else { break };
                let engine = &st.engines[r / corpus.modes.len()];
                let outcome = run_one(corpus, &st, name, engine, corpus.modes[r % corpus.modes.len()]);
                results.lock().unwrap().push((k, r, outcome));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(k, _, _)| *k);
    let mut failures = Vec::new();
    let mut passed = vec![0usize; runs];
    for (_, r, outcome) in results {
        match outcome {
            Ok(()) => passed[r] += 1,
            Err(report) => {
                println!("FAIL {report}");
                failures.push(report);
            }
        }
    }
    if st.filter.is_none() {
        for engine in &st.engines {
            for f in check_probes(corpus, &st, engine) {
                println!("FAIL {f}");
                failures.push(f);
            }
        }
    }
    println!();
    for (r, n) in passed.iter().enumerate() {
        let engine = &st.engines[r / corpus.modes.len()];
        let mode = corpus.modes[r % corpus.modes.len()].0;
        println!("{} corpus [{engine}/{mode}]: {n}/{} passed", corpus.name, names.len());
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("{} failing runs", failures.len());
        ExitCode::FAILURE
    }
}

fn run_one(corpus: &Corpus, st: &Settings, name: &str, engine: &str, (mode, env): LazyMode) -> Result<(), String> {
    let expected = st.dir.join("expected");
    let expected_out = std::fs::read(expected.join(format!("{name}.out")))
        .map_err(|_| format!("{name}: no expected output (run tests/{}/record.py)", corpus.name))?;
    let expected_status = std::fs::read_to_string(expected.join(format!("{name}.status")))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "0".into());
    let mut cmd = st.command(engine, &format!("{name}.py"));
    cmd.current_dir(st.dir.join("programs"));
    cmd.envs(env.iter().copied());
    let outcome = run(cmd, b"", st.timeout);
    if outcome.stdout == expected_out && outcome.status == expected_status {
        return Ok(());
    }
    Err(report(&format!("{name} [{engine}/{mode}]"), &outcome, &expected_out, &expected_status))
}

fn report(what: &str, outcome: &Outcome, expected_out: &[u8], expected_status: &str) -> String {
    let mut report = format!("{what}: ");
    if outcome.status != expected_status {
        report.push_str(&format!("exit status {} (want {expected_status})\n", outcome.status));
    } else {
        report.push_str("stdout differs\n");
    }
    report.push_str(&first_difference(&outcome.stdout, expected_out));
    let stderr = String::from_utf8_lossy(&outcome.stderr);
    let tail: Vec<&str> = stderr.lines().rev().take(3).collect();
    if !tail.is_empty() {
        report.push_str("\n    stderr: ");
        report.push_str(&tail.into_iter().rev().collect::<Vec<_>>().join("\n            "));
    }
    report
}

/// The first differing line of two outputs, for the failure report.
fn first_difference(got: &[u8], want: &[u8]) -> String {
    let got = String::from_utf8_lossy(got);
    let want = String::from_utf8_lossy(want);
    let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
    for k in 0..g.len().max(w.len()) {
        let (a, b) = (g.get(k), w.get(k));
        if a != b {
            return format!(
                "    line {}:\n      got:  {}\n      want: {}",
                k + 1,
                a.unwrap_or(&"<end of output>"),
                b.unwrap_or(&"<end of output>")
            );
        }
    }
    "    (outputs differ only in trailing newlines)".to_string()
}

/// Runs the probes in one script; returns failure reports.
fn check_probes(corpus: &Corpus, st: &Settings, engine: &str) -> Vec<String> {
    let mut script = String::from(corpus.probe_prelude);
    for (expr, _) in corpus.probes {
        script.push_str(&format!(
            "try:\n    {expr}\n    print('no error')\nexcept NotImplementedError as e:\n    print(e)\n"
        ));
    }
    let path = std::env::temp_dir().join(format!("hipy_{}_unsupported_{}.py", corpus.name, std::process::id()));
    std::fs::write(&path, script).expect("temp dir is writable");
    let outcome = run(st.command(engine, &path.to_string_lossy()), b"", st.timeout);
    let _ = std::fs::remove_file(&path);
    let got = String::from_utf8_lossy(&outcome.stdout).into_owned();
    let lines: Vec<&str> = got.lines().collect();
    let mut failures = Vec::new();
    for (k, (expr, want)) in corpus.probes.iter().enumerate() {
        if lines.get(k) != Some(want) {
            failures.push(format!(
                "unsupported probe `{expr}` [{engine}]: got {:?}, want {want:?} (status {})",
                lines.get(k),
                outcome.status
            ));
        }
    }
    failures
}
