//! The numpy corpus: every program `tests/numpy/programs/NAME.py` runs under
//! hipy and must print exactly the stdout (and exit status) that CPython with
//! real NumPy 2.x printed, recorded in `tests/numpy/expected/` by
//! `tests/numpy/record.py`. NumPy is not needed to run this test.
//!
//! Each program runs in three lazy-evaluation modes:
//! - `lazy`: `HIPY_LAZY_EAGER_BELOW=0`, so every op, however small, builds
//!   graph nodes and runs through the optimizer and fused loops;
//! - `default`: hipy's normal policy (small arrays run eagerly);
//! - `eager`: `HIPY_LAZY=off`, every op runs at once through the same kernels.
//!
//! Environment:
//! - `HIPY_NUMPY_FILTER=text` (or a bare argument): only matching programs;
//! - `HIPY_NUMPY_ENGINES=default,rustpython`: interpreter engines to run
//!   (`rustpython` adds `--engine=rustpython`; default: `default`);
//! - `HIPY_NUMPY_CMD=/path/to/binary`: run `binary script.py` instead of
//!   `hipy [--engine=...] run script.py` (e.g. stdlib-shims' example runner);
//! - `HIPY_NUMPY_TIMEOUT=seconds`: per-run limit (default 120).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

const MODES: &[(&str, &[(&str, &str)])] = &[
    ("lazy", &[("HIPY_LAZY", "on"), ("HIPY_LAZY_EAGER_BELOW", "0")]),
    ("default", &[("HIPY_LAZY", "on")]),
    ("eager", &[("HIPY_LAZY", "off")]),
];

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: String,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/numpy")
}

fn command(engine: &str, script: &str) -> Command {
    if let Ok(custom) = std::env::var("HIPY_NUMPY_CMD") {
        let mut parts = custom.split_whitespace();
        let mut cmd = Command::new(parts.next().expect("HIPY_NUMPY_CMD is empty"));
        cmd.args(parts).arg(script);
        return cmd;
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hipy"));
    if engine == "rustpython" {
        cmd.arg("--engine=rustpython");
    }
    cmd.arg("run").arg(script);
    cmd
}

/// Runs a command to completion or until the timeout, keeping its output.
fn run(mut cmd: Command, timeout: Duration) -> Outcome {
    for (key, _) in std::env::vars_os() {
        let k = key.to_string_lossy();
        if k.starts_with("PYTHON") || k.starts_with("HIPY_LAZY") {
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
/// `NotImplementedError("numpy.<name> is not supported by hipy")`.
const UNSUPPORTED_PROBES: &[(&str, &str)] = &[
    ("np.fft.fft(a, out=a)", "numpy.fft(out=...) is not supported by hipy"),
    ("np.tan(a * 1j)", "numpy.tan on complex values is not supported by hipy"),
    ("(a * 1j) ** 0.5", "numpy.power of complex values with a non-integer or array exponent is not supported by hipy"),
    ("np.linalg.tensorsolve(a, a)", "numpy.linalg.tensorsolve is not supported by hipy"),
    ("np.histogramdd(a, bins='auto')", "numpy.histogramdd with string bins is not supported by hipy"),
    ("np.unique(a / 0.0 - a / 0.0, axis=0)", "numpy.unique(axis=...) of data with NaN is not supported by hipy"),
    ("np.zeros(3, order='F')", "numpy.zeros(order=...) is not supported by hipy"),
    ("np.array(['a', 'b'])", "numpy.array of str is not supported by hipy"),
    ("np.random.zipf(2.0)", "numpy.random.zipf is not supported by hipy"),
    ("np.random.default_rng(0).choice(a)", "numpy.random.Generator.choice is not supported by hipy"),
];

/// Runs the unsupported-API probes; returns failure reports.
fn check_unsupported(engine: &str, timeout: Duration) -> Vec<String> {
    let mut script = String::from("import numpy as np\na = np.arange(4.0)\n");
    for (expr, _) in UNSUPPORTED_PROBES {
        script.push_str(&format!(
            "try:\n    {expr}\n    print('no error')\nexcept NotImplementedError as e:\n    print(e)\n"
        ));
    }
    let path = std::env::temp_dir().join(format!("hipy_numpy_unsupported_{}.py", std::process::id()));
    std::fs::write(&path, script).expect("temp dir is writable");
    let outcome = run(command(engine, &path.to_string_lossy()), timeout);
    let _ = std::fs::remove_file(&path);
    let got = String::from_utf8_lossy(&outcome.stdout).into_owned();
    let lines: Vec<&str> = got.lines().collect();
    let mut failures = Vec::new();
    for (k, (expr, want)) in UNSUPPORTED_PROBES.iter().enumerate() {
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

fn main() -> ExitCode {
    let dir = corpus_dir();
    let filter = std::env::var("HIPY_NUMPY_FILTER")
        .ok()
        .or_else(|| std::env::args().skip(1).find(|a| !a.starts_with('-')));
    let engines: Vec<String> = std::env::var("HIPY_NUMPY_ENGINES")
        .unwrap_or_else(|_| "default".into())
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let timeout = Duration::from_secs(
        std::env::var("HIPY_NUMPY_TIMEOUT").ok().and_then(|t| t.parse().ok()).unwrap_or(120),
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.join("programs"))
        .expect("tests/numpy/programs exists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".py"))
        .map(|n| n.trim_end_matches(".py").to_string())
        .filter(|n| filter.as_ref().is_none_or(|f| n.contains(f.as_str())))
        .collect();
    names.sort();

    let mut failures = Vec::new();
    let mut passed = vec![0usize; MODES.len() * engines.len()];
    for name in &names {
        let expected_out = match std::fs::read(dir.join("expected").join(format!("{name}.out"))) {
            Ok(o) => o,
            Err(_) => {
                failures.push(format!("{name}: no expected output (run tests/numpy/record.py)"));
                continue;
            }
        };
        let expected_status = std::fs::read_to_string(dir.join("expected").join(format!("{name}.status")))
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "0".into());
        for (e, engine) in engines.iter().enumerate() {
            for (m, (mode, env)) in MODES.iter().enumerate() {
                let mut cmd = command(engine, &format!("{name}.py"));
                cmd.current_dir(dir.join("programs"));
                let outcome = run(
                    {
                        for (k, v) in env.iter() {
                            cmd.env(k, v);
                        }
                        cmd
                    },
                    timeout,
                );
                if outcome.stdout == expected_out && outcome.status == expected_status {
                    passed[e * MODES.len() + m] += 1;
                } else {
                    let mut report = format!("{name} [{engine}/{mode}]: ");
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
                    println!("FAIL {report}");
                    failures.push(report);
                }
            }
        }
    }
    if filter.is_none() {
        for engine in &engines {
            for f in check_unsupported(engine, timeout) {
                println!("FAIL {f}");
                failures.push(f);
            }
        }
    }
    println!();
    for (e, engine) in engines.iter().enumerate() {
        for (m, (mode, _)) in MODES.iter().enumerate() {
            println!("numpy corpus [{engine}/{mode}]: {}/{} passed", passed[e * MODES.len() + m], names.len());
        }
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("{} failing runs", failures.len());
        ExitCode::FAILURE
    }
}
