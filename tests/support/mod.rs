//! Shared code of the differential tests: the engine-mode table, running a
//! program with a timeout, and rendering differences as unified diffs.
#![allow(dead_code)] // each test target uses a different part of this module

pub mod library;
pub mod recordings;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One way of running hipy. Every program must print exactly what CPython
/// prints under every mode of `HIPY_MODES`.
pub struct Mode {
    pub name: &'static str,
    /// Arguments placed before `run`.
    pub args: &'static [&'static str],
    /// Environment variables set for the hipy process.
    pub env: &'static [(&'static str, &'static str)],
}

/// The engine modes the corpus and the fuzzer run under: the interpreter
/// alone, the interpreter with every inline cache also missing at random
/// (so the generic paths and re-specialization run at every site), the JIT
/// compiling every loop at its first back-edges, and the JIT with guards
/// failing at random so that every exit path runs.
pub const HIPY_MODES: &[Mode] = &[
    Mode {
        name: "interp",
        args: &[],
        env: &[("HIPY_JIT", "off")],
    },
    Mode {
        name: "interp-cache-miss",
        args: &[],
        env: &[("HIPY_JIT", "off"), ("HIPY_CACHE_RANDOM_MISS", "20261125")],
    },
    Mode {
        name: "jit-eager",
        args: &[],
        env: &[("HIPY_JIT", "on"), ("HIPY_JIT_THRESHOLD", "2")],
    },
    Mode {
        name: "jit-random-exits",
        args: &[],
        env: &[("HIPY_JIT", "on"), ("HIPY_JIT_THRESHOLD", "1"), ("HIPY_JIT_RANDOM_EXIT", "20261122")],
    },
];

/// RustPython's own engine: run for comparison only, never fails a test.
pub const RUSTPYTHON_MODE: Mode = Mode {
    name: "rustpython",
    args: &["--engine=rustpython"],
    env: &[],
};

impl Mode {
    /// Whether this is `RUSTPYTHON_MODE` (compared by name: a `const` has
    /// no single address to compare).
    pub fn is_rustpython(&self) -> bool {
        self.name == RUSTPYTHON_MODE.name
    }
}

/// What a finished (or killed) process left behind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// The exit code as decimal text ("0", "1"), or a description of an
    /// abnormal end ("killed by signal 11", "timed out after 60 s").
    pub status: String,
}

/// `f` of every item, computed on `available_parallelism` threads, in the
/// items' order.
pub fn parallel_map<T: Sync, R: Send + Clone>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R>
where
    R: Default,
{
    let results = std::sync::Mutex::new(vec![R::default(); items.len()]);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(item) = items.get(index) else { break };
                let r = f(item);
                results.lock().unwrap()[index] = r;
            });
        }
    });
    results.into_inner().unwrap()
}

/// The command line `hipy [mode args] run <script> <args>` for one mode.
pub fn hipy_command(hipy: &Path, mode: &Mode, script: &str, args: &[String]) -> Command {
    let mut cmd = Command::new(hipy);
    cmd.args(mode.args).arg("run").arg(script).args(args);
    for (key, value) in mode.env {
        cmd.env(key, value);
    }
    clean_env(&mut cmd);
    cmd
}

/// The command line `python3 <script> <args>`.
pub fn python_command(python: &str, script: &str, args: &[String]) -> Command {
    let mut cmd = Command::new(python);
    cmd.arg(script).args(args);
    clean_env(&mut cmd);
    cmd
}

/// The same environment for both implementations: no inherited `PYTHON*`
/// settings, no terminal size (argparse and textwrap read `COLUMNS`), no
/// bytecode files written into the corpus, a UTF-8 locale. `tests/record.py`
/// sets the same variables.
pub fn clean_env(cmd: &mut Command) {
    for (key, _) in std::env::vars_os() {
        let key_text = key.to_string_lossy();
        if key_text.starts_with("PYTHON") || key_text == "COLUMNS" || key_text == "LINES" {
            cmd.env_remove(&key);
        }
    }
    cmd.env("PYTHONDONTWRITEBYTECODE", "1");
    cmd.env("LC_ALL", "C.UTF-8");
    cmd.env("LANG", "C.UTF-8");
}

/// The interpreter that `python3` on PATH runs (resolved once, so that
/// version-manager shims are not paid for on every run), or `None` if there
/// is no working `python3`.
pub fn python3_executable() -> Option<String> {
    let output = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let path = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (output.status.success() && !path.is_empty()).then_some(path)
}

/// Runs `cmd` with `stdin` as its input, killing it after `timeout`.
pub fn run(mut cmd: Command, stdin: &[u8], timeout: Duration) -> Outcome {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => {
            return Outcome {
                stdout: Vec::new(),
                stderr: Vec::new(),
                status: format!("could not start {:?}: {e}", cmd.get_program()),
            }
        }
    };
    let input = stdin.to_vec();
    let mut pipe_in = child.stdin.take().expect("stdin is piped");
    // A program that exits without reading its input closes the pipe; that
    // write error is not the program's failure.
    let writer = std::thread::spawn(move || {
        let _ = pipe_in.write_all(&input);
    });
    let stdout = read_in_background(child.stdout.take().expect("stdout is piped"));
    let stderr = read_in_background(child.stderr.take().expect("stderr is piped"));

    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break describe_status(status),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break format!("timed out after {} s", timeout.as_secs());
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            Err(e) => break format!("could not wait for the process: {e}"),
        }
    };
    let _ = writer.join();
    Outcome {
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        status,
    }
}

fn read_in_background(
    mut pipe: impl Read + Send + 'static,
) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        buf
    })
}

fn describe_status(status: std::process::ExitStatus) -> String {
    if let Some(code) = status.code() {
        return code.to_string();
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    format!("{status}")
}

/// Unified diffs of every part (stdout, stderr, status) in which `actual`
/// differs from `expected`, or `None` when they are identical.
pub fn diff_outcomes(
    expected: &Outcome,
    actual: &Outcome,
    expected_label: &str,
    actual_label: &str,
) -> Option<String> {
    let mut out = String::new();
    let parts = [
        ("stdout", &expected.stdout, &actual.stdout),
        ("stderr", &expected.stderr, &actual.stderr),
    ];
    for (part, old, new) in parts {
        if old != new {
            out += &unified_diff(
                &format!("{expected_label} {part}"),
                &format!("{actual_label} {part}"),
                old,
                new,
            );
        }
    }
    if expected.status != actual.status {
        out += &unified_diff(
            &format!("{expected_label} status"),
            &format!("{actual_label} status"),
            format!("{}\n", expected.status).as_bytes(),
            format!("{}\n", actual.status).as_bytes(),
        );
    }
    (!out.is_empty()).then_some(out)
}

/// Lines of each output a diff compares: a runaway program's megabytes of
/// output would take Myers' algorithm minutes (the outcome is already known
/// to differ; the diff is only shown).
const DIFF_INPUT_LINES: usize = 2000;

/// A unified diff (3 lines of context) of two outputs (their first
/// `DIFF_INPUT_LINES` lines, with a deadline on the algorithm).
pub fn unified_diff(old_label: &str, new_label: &str, old: &[u8], new: &[u8]) -> String {
    let old = printable(old);
    let new = printable(new);
    let (old_cut, new_cut) = (first_lines(&old, DIFF_INPUT_LINES), first_lines(&new, DIFF_INPUT_LINES));
    let mut text = similar::TextDiff::configure()
        .timeout(std::time::Duration::from_secs(2))
        .diff_lines(old_cut, new_cut)
        .unified_diff()
        .context_radius(3)
        .header(old_label, new_label)
        .to_string();
    if old_cut.len() < old.len() || new_cut.len() < new.len() {
        text += &format!("(only the first {DIFF_INPUT_LINES} lines of each output were compared)\n");
    }
    if old == new {
        // Only possible if the bytes differ in a way `printable` hides.
        text += &format!("--- {old_label}\n+++ {new_label}\n(outputs differ in bytes that print alike)\n");
    }
    text
}

/// The first `n` lines of `text` (all of it if it has fewer).
fn first_lines(text: &str, n: usize) -> &str {
    match text.match_indices('\n').nth(n.saturating_sub(1)) {
        Some((i, _)) => &text[..=i],
        None => text,
    }
}

/// The output as text; bytes that are not UTF-8 are shown as `\xNN`.
pub fn printable(bytes: &[u8]) -> String {
    let mut text = String::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for byte in chunk.invalid() {
            text += &format!("\\x{byte:02x}");
        }
    }
    text
}

/// Shortens a long diff to its first `max_lines` lines.
pub fn truncate_lines(text: &str, max_lines: usize) -> String {
    let total = text.lines().count();
    if total <= max_lines {
        return text.to_string();
    }
    let mut out: String = text
        .lines()
        .take(max_lines)
        .flat_map(|line| [line, "\n"])
        .collect();
    out += &format!("... ({} more diff lines)\n", total - max_lines);
    out
}
