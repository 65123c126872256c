//! Before a session: which selected implementations exist here, their versions, and
//! which of numpy/pandas they can import.

use crate::implementations::{Implementation, NumpySupport, Paths};
use crate::machine::format_utc;
use crate::measure::{measure, Exit, Run};
use crate::session::Contender;
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

const PROBE_PLAIN: &str = "import sys\nprint(sys.implementation.name, sys.version.split()[0])\n";

const PROBE_MODULES: &str = "\
import sys
parts = [sys.implementation.name, sys.version.split()[0]]
for name in ('numpy', 'pandas'):
    try:
        module = __import__(name)
    except Exception:
        continue
    parts.append(name + ' ' + str(getattr(module, '__version__', '?')))
print(' '.join(parts))
";

pub fn prepare(
    implementations: &[&'static Implementation],
    paths: &Paths,
    scratch: &Path,
) -> std::io::Result<Vec<Contender>> {
    std::fs::create_dir_all(scratch)?;
    let plain = scratch.join("probe_plain.py");
    let modules = scratch.join("probe_modules.py");
    std::fs::write(&plain, PROBE_PLAIN)?;
    std::fs::write(&modules, PROBE_MODULES)?;
    Ok(implementations
        .iter()
        .map(|&implementation| {
            let executable = match implementation.executable(paths) {
                Ok(exe) => exe,
                Err(reason) => {
                    return Contender {
                        implementation,
                        executable: PathBuf::new(),
                        unavailable: Some(reason),
                        version: String::new(),
                        importable: Vec::new(),
                    }
                }
            };
            let mut contender = Contender {
                implementation,
                executable,
                unavailable: None,
                version: String::new(),
                importable: Vec::new(),
            };
            if implementation.starts_with_bare_name() {
                if let Some(real) = sys_executable(&contender, paths, scratch) {
                    contender.executable = real;
                }
            }
            let script = if implementation.numpy == NumpySupport::None {
                &plain
            } else {
                &modules
            };
            let (mut version, importable) = probe(&contender, paths, script, scratch);
            if implementation.command.first() == Some(&"{hipy}") {
                if let Some(origin) = &paths.hipy_origin {
                    version.push_str(&format!(" (copy of {origin})"));
                }
            }
            contender.version = version;
            contender.importable = importable;
            contender
        })
        .collect())
}

/// The interpreter binary behind a launcher: a pyenv shim costs ~0.1 s per start,
/// which must not count as CPython's time.
fn sys_executable(contender: &Contender, paths: &Paths, scratch: &Path) -> Option<PathBuf> {
    let script = scratch.join("probe_executable.py");
    std::fs::write(&script, "import sys\nprint(sys.executable)\n").ok()?;
    let out = run_probe(contender, paths, &script, scratch).ok()?;
    let real = PathBuf::from(out.lines().next()?.trim());
    real.is_file().then_some(real)
}

/// Runs a probe script; returns its first output line (or why it failed) and the
/// modules it reported importable.
fn probe(
    contender: &Contender,
    paths: &Paths,
    script: &Path,
    scratch: &Path,
) -> (String, Vec<String>) {
    match run_probe(contender, paths, script, scratch) {
        Err(why) => (format!("unknown ({why})"), Vec::new()),
        Ok(out) => {
            let line = out.lines().next().unwrap_or("").trim().to_string();
            let words: Vec<&str> = line.split_whitespace().collect();
            let importable = ["numpy", "pandas"]
                .iter()
                .filter(|m| words.contains(m))
                .map(|m| m.to_string())
                .collect();
            (line, importable)
        }
    }
}

/// Runs `script` under the contender; its stdout, or why it failed.
fn run_probe(
    contender: &Contender,
    paths: &Paths,
    script: &Path,
    scratch: &Path,
) -> Result<String, String> {
    let name = contender.implementation.name;
    let argv = contender.argv(paths, script, None);
    let stdout = scratch.join(format!("probe.{name}.stdout"));
    let stderr = scratch.join(format!("probe.{name}.stderr"));
    let run = Run {
        argv: &argv,
        env: contender.implementation.env,
        stdout: &stdout,
        stderr: &stderr,
        timeout: Duration::from_secs(120),
    };
    match measure(&run) {
        Err(e) => Err(format!("probe could not start: {e}")),
        Ok(m) if m.exit != Exit::Code(0) => {
            let err = std::fs::read_to_string(&stderr).unwrap_or_default();
            let last = err
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            Err(format!("probe {:?}: {last}", m.exit))
        }
        Ok(_) => std::fs::read_to_string(&stdout).map_err(|e| e.to_string()),
    }
}

/// Copies the hipy binary into `dir` and returns the copy's path with a description
/// of the original. The session runs the copy, so a rebuild during the session cannot
/// mix two builds in one table. A missing binary is returned as is (and is reported
/// unavailable).
pub fn snapshot_hipy(hipy: &Path, dir: &Path) -> std::io::Result<(PathBuf, Option<String>)> {
    if !hipy.is_file() {
        return Ok((hipy.to_path_buf(), None));
    }
    let origin = match modified_utc(hipy) {
        Some(built) => format!("{}, modified {built}", hipy.display()),
        None => hipy.display().to_string(),
    };
    let copy = dir.join("hipy-under-test");
    std::fs::copy(hipy, &copy)?;
    Ok((copy, Some(origin)))
}

fn modified_utc(path: &Path) -> Option<String> {
    let modified = std::fs::metadata(path).ok()?.modified().ok()?;
    Some(format_utc(
        modified.duration_since(UNIX_EPOCH).ok()?.as_secs(),
    ))
}
