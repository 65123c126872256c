//! The pandas corpus: every program `tests/pandas/programs/NAME.py` runs
//! under hipy and must print exactly the stdout (and exit status) that
//! CPython with real pandas 3.x printed, recorded in `tests/pandas/expected/`
//! by `tests/pandas/record.py`. pandas is not needed to run this test.
//!
//! Each program runs in two modes:
//! - `lazy`: hipy's default, plans build up and run when a value is seen
//!   (and array columns through the lazy array graph, every op in it);
//! - `eager`: `HIPY_LAZY=off`, every table and array op runs at once
//!   through the same optimizer and kernels.
//!
//! Environment:
//! - `HIPY_PANDAS_FILTER=text` (or a bare argument): only matching programs;
//! - `HIPY_PANDAS_TIMEOUT=seconds`: per-run limit (default 120).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

const MODES: &[(&str, &[(&str, &str)])] = &[
    ("lazy", &[("HIPY_LAZY", "on"), ("HIPY_LAZY_EAGER_BELOW", "0")]),
    ("eager", &[("HIPY_LAZY", "off")]),
];

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: String,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pandas")
}

fn command(script: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hipy"));
    cmd.arg("run").arg(script);
    cmd
}

/// Runs a command to completion or until the timeout, keeping its output.
fn run(mut cmd: Command, timeout: Duration) -> Outcome {
    for (key, _) in std::env::vars_os() {
        let k = key.to_string_lossy();
        if k.starts_with("PYTHON") || k.starts_with("HIPY_LAZY") || k == "COLUMNS" || k == "LINES" {
            cmd.env_remove(&key);
        }
    }
    cmd.env("PYTHONHASHSEED", "0").env("PYTHONIOENCODING", "utf-8");
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Outcome { stdout: vec![], stderr: e.to_string().into_bytes(), status: "failed to start".into() }
        }
    };
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => {
                break match s.code() {
                    Some(c) => c.to_string(),
                    None => format!("killed by signal ({s})"),
                }
            }
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break format!("timed out after {} s", timeout.as_secs());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => break format!("wait failed: {e}"),
        }
    };
    Outcome { stdout: out_reader.join().unwrap_or_default(), stderr: err_reader.join().unwrap_or_default(), status }
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

/// hipy-only behaviour, with no CPython reference: the rule that
/// anything outside the supported API raises
/// `NotImplementedError("pandas.<name> is not supported by hipy")`.
const UNSUPPORTED_PROBES: &[(&str, &str)] = &[
    ("pd.read_parquet", "pandas.read_parquet is not supported by hipy"),
    ("pd.date_range", "pandas.date_range is not supported by hipy"),
    ("df.pivot_table", "pandas.DataFrame.pivot_table is not supported by hipy"),
    ("df.a.rolling(2)", "pandas.Series.rolling is not supported by hipy"),
    ("df.groupby('a').a.shift()", "pandas.SeriesGroupBy.shift is not supported by hipy"),
    ("df.a.dt", "pandas.Series.dt (datetime values) is not supported by hipy"),
    ("pd.Series([1], dtype='Int64')", "pandas.dtype 'Int64' is not supported by hipy"),
    ("pd.read_csv('x.csv', parse_dates=['a'])", "pandas.read_csv(parse_dates=...) is not supported by hipy"),
];

/// Runs the unsupported-API probes; returns failure reports.
fn check_unsupported(timeout: Duration) -> Vec<String> {
    let mut script = String::from("import pandas as pd\ndf = pd.DataFrame({'a': [1, 2]})\n");
    for (expr, _) in UNSUPPORTED_PROBES {
        script.push_str(&format!(
            "try:\n    {expr}\n    print('no error')\nexcept NotImplementedError as e:\n    print(e)\n"
        ));
    }
    let path = std::env::temp_dir().join(format!("hipy_pandas_unsupported_{}.py", std::process::id()));
    std::fs::write(&path, script).expect("temp dir is writable");
    let outcome = run(command(&path.to_string_lossy()), timeout);
    let _ = std::fs::remove_file(&path);
    let got = String::from_utf8_lossy(&outcome.stdout).into_owned();
    let lines: Vec<&str> = got.lines().collect();
    let mut failures = Vec::new();
    for (k, (expr, want)) in UNSUPPORTED_PROBES.iter().enumerate() {
        if lines.get(k) != Some(want) {
            failures.push(format!(
                "unsupported probe `{expr}`: got {:?}, want {want:?} (status {})",
                lines.get(k),
                outcome.status
            ));
        }
    }
    failures
}

fn main() -> ExitCode {
    let dir = corpus_dir();
    let filter = std::env::var("HIPY_PANDAS_FILTER")
        .ok()
        .or_else(|| std::env::args().skip(1).find(|a| !a.starts_with('-')));
    let timeout = Duration::from_secs(
        std::env::var("HIPY_PANDAS_TIMEOUT").ok().and_then(|t| t.parse().ok()).unwrap_or(120),
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.join("programs"))
        .expect("tests/pandas/programs exists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".py"))
        .map(|n| n.trim_end_matches(".py").to_string())
        .filter(|n| filter.as_ref().is_none_or(|f| n.contains(f.as_str())))
        .collect();
    names.sort();

    // Programs run in parallel, two at a time (each one's own work is
    // mostly single-threaded).
    let jobs: Vec<(String, usize)> =
        names.iter().flat_map(|n| (0..MODES.len()).map(move |m| (n.clone(), m))).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, m)) = jobs.get(k) else { break };
                let r = run_one(&dir, name, *m, timeout);
                results.lock().unwrap().push((name.clone(), *m, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let mut failures = Vec::new();
    let mut passed = vec![0usize; MODES.len()];
    for (_, m, r) in results {
        match r {
            Ok(()) => passed[m] += 1,
            Err(report) => {
                println!("FAIL {report}");
                failures.push(report);
            }
        }
    }
    if filter.is_none() {
        for f in check_unsupported(timeout) {
            println!("FAIL {f}");
            failures.push(f);
        }
    }
    println!();
    for (m, (mode, _)) in MODES.iter().enumerate() {
        println!("pandas corpus [{mode}]: {}/{} passed", passed[m], names.len());
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("{} failing runs", failures.len());
        ExitCode::FAILURE
    }
}

fn run_one(dir: &Path, name: &str, m: usize, timeout: Duration) -> Result<(), String> {
    let expected_out = std::fs::read(dir.join("expected").join(format!("{name}.out")))
        .map_err(|_| format!("{name}: no expected output (run tests/pandas/record.py)"))?;
    let expected_status = std::fs::read_to_string(dir.join("expected").join(format!("{name}.status")))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "0".into());
    let (mode, env) = MODES[m];
    let mut cmd = command(&format!("{name}.py"));
    cmd.current_dir(dir.join("programs"));
    for (k, v) in env.iter() {
        cmd.env(k, v);
    }
    let outcome = run(cmd, timeout);
    if outcome.stdout == expected_out && outcome.status == expected_status {
        return Ok(());
    }
    let mut report = format!("{name} [{mode}]: ");
    if outcome.status != expected_status {
        report.push_str(&format!("exit status {} (want {expected_status})\n", outcome.status));
    } else {
        report.push_str("stdout differs\n");
    }
    report.push_str(&first_difference(&outcome.stdout, &expected_out));
    let stderr = String::from_utf8_lossy(&outcome.stderr);
    let tail: Vec<&str> = stderr.lines().rev().take(3).collect();
    if !tail.is_empty() {
        report.push_str("\n    stderr: ");
        report.push_str(&tail.into_iter().rev().collect::<Vec<_>>().join("\n            "));
    }
    Err(report)
}
