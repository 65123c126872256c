//! The Python implementations the runner compares, as one table.
//!
//! Adding a configuration (a JIT mode, an environment variable, another engine) is one
//! new row in `IMPLEMENTATIONS`.

use crate::programs::{Program, Suite};
use std::path::{Path, PathBuf};

/// Which programs an implementation runs besides the pure-Python ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumpySupport {
    /// Pure-Python programs only.
    None,
    /// Also the numpy/pandas programs; a failure is recorded as that program's result.
    Always,
    /// The numpy/pandas programs whose module the implementation can import (probed).
    IfImportable,
    /// The numpy/pandas programs only (the numpy-enabled CPython reference).
    Only,
}

/// One row of the table.
///
/// `command` is a template. Its words may contain `{hipy}`, `{venv_python}`,
/// `{program}` and `{size}`; the `{size}` word is dropped when no size is given.
pub struct Implementation {
    pub name: &'static str,
    pub command: &'static [&'static str],
    pub env: &'static [(&'static str, &'static str)],
    pub numpy: NumpySupport,
}

use NumpySupport::{Always, IfImportable, Only};

/// The table. A new configuration is one more row, e.g.
/// `row("hipy-jit-off", HIPY_RUN, &[("HIPY_JIT", "off")], Always),`
#[rustfmt::skip]
pub const IMPLEMENTATIONS: &[Implementation] = &[
    // `-S` skips `site`: on this machine a `.pth` file in CPython's site-packages (not
    // part of any venv) imports certifi at every start-up, ~50 ms that is not
    // CPython's. Without site CPython starts as fast as from a venv.
    row("python3", &["python3", "-S", "{program}", "{size}"], &[], NumpySupport::None),
    row("cpython-numpy", &["{venv_python}", "{program}", "{size}"], &[], Only),
    row("hipy", HIPY_RUN, &[], Always),
    // hipy's interpreter alone (the tracing JIT off; numpy stays lazy).
    row("hipy-jit-off", HIPY_RUN, &[("HIPY_JIT", "off")], NumpySupport::None),
    row("hipy-rustpython", &["{hipy}", "--engine=rustpython", "run", "{program}", "{size}"], &[], NumpySupport::None),
    row("pypy3", &["pypy3", "{program}", "{size}"], &[], IfImportable),
];

/// `hipy run PROGRAM SIZE`
pub const HIPY_RUN: &[&str] = &["{hipy}", "run", "{program}", "{size}"];

const fn row(
    name: &'static str,
    command: &'static [&'static str],
    env: &'static [(&'static str, &'static str)],
    numpy: NumpySupport,
) -> Implementation {
    Implementation {
        name,
        command,
        env,
        numpy,
    }
}

/// The implementation whose output and time every other one is compared against.
pub fn reference_name(suite: Suite) -> &'static str {
    match suite {
        Suite::Pure => "python3",
        Suite::Numpy => "cpython-numpy",
    }
}

/// Paths substituted into the command templates.
pub struct Paths {
    pub hipy: PathBuf,
    pub venv_python: PathBuf,
    /// Where `hipy` was copied from, and when that file was built (see
    /// `contenders::snapshot_hipy`); for reports.
    pub hipy_origin: Option<String>,
}

impl Implementation {
    /// Whether this implementation is meant to run programs of `suite` (before probing).
    pub fn covers(&self, suite: Suite) -> bool {
        match (suite, self.numpy) {
            (Suite::Pure, NumpySupport::Only) => false,
            (Suite::Pure, _) => true,
            (Suite::Numpy, NumpySupport::None) => false,
            (Suite::Numpy, _) => true,
        }
    }

    /// Whether it runs `program`, given the modules a probe found importable.
    pub fn runs(&self, program: &Program, importable: &[String]) -> bool {
        if !self.covers(program.suite) {
            return false;
        }
        match (program.suite, self.numpy) {
            (Suite::Numpy, NumpySupport::IfImportable) => program
                .needs_modules()
                .iter()
                .all(|m| importable.iter().any(|i| i == m)),
            _ => true,
        }
    }

    /// The argument vector for running `program` (with `size`, if any).
    pub fn argv(&self, paths: &Paths, program: &Path, size: Option<u64>) -> Vec<String> {
        let mut argv = Vec::with_capacity(self.command.len());
        for word in self.command {
            if word.contains("{size}") && size.is_none() {
                continue;
            }
            let size_text = size.map(|s| s.to_string()).unwrap_or_default();
            argv.push(
                word.replace("{hipy}", &paths.hipy.to_string_lossy())
                    .replace("{venv_python}", &paths.venv_python.to_string_lossy())
                    .replace("{program}", &program.to_string_lossy())
                    .replace("{size}", &size_text),
            );
        }
        argv
    }

    /// The command line as written in reports, with the environment in front.
    pub fn describe(&self) -> String {
        let mut words: Vec<String> = self.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        words.extend(self.command.iter().map(|w| w.to_string()));
        words.join(" ")
    }

    /// The executable the command starts with, resolved through `$PATH`, or why it
    /// cannot be found.
    pub fn executable(&self, paths: &Paths) -> Result<PathBuf, String> {
        let exe = self
            .argv(paths, Path::new(""), None)
            .into_iter()
            .next()
            .unwrap_or_default();
        find_executable(&exe).ok_or_else(|| format!("executable not found: {exe}"))
    }

    /// Whether the command starts with a bare name such as `python3`, which may be a
    /// launcher script (pyenv's shims are); such a Python is asked for `sys.executable`.
    pub fn starts_with_bare_name(&self) -> bool {
        self.command
            .first()
            .is_some_and(|w| !w.contains('{') && !w.contains('/'))
    }
}

/// Resolves `exe` like the shell does: a path if it has a slash, otherwise a `$PATH` search.
pub fn find_executable(exe: &str) -> Option<PathBuf> {
    let is_file = |p: &Path| p.is_file();
    if exe.contains('/') {
        let p = PathBuf::from(exe);
        return is_file(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(exe))
        .find(|p| is_file(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_name(name: &str) -> Option<&'static Implementation> {
        IMPLEMENTATIONS.iter().find(|i| i.name == name)
    }

    fn paths() -> Paths {
        Paths {
            hipy: PathBuf::from("/t/hipy"),
            venv_python: PathBuf::from("/v/bin/python"),
            hipy_origin: None,
        }
    }

    #[test]
    fn argv_substitutes_and_drops_missing_size() {
        let hipy = by_name("hipy-rustpython").unwrap();
        assert_eq!(
            hipy.argv(&paths(), Path::new("/p/loops.py"), Some(10)),
            ["/t/hipy", "--engine=rustpython", "run", "/p/loops.py", "10"]
        );
        let cpy = by_name("cpython-numpy").unwrap();
        assert_eq!(
            cpy.argv(&paths(), Path::new("/p/np_x.py"), None),
            ["/v/bin/python", "/p/np_x.py"]
        );
    }

    #[test]
    fn references_are_in_the_table_and_cover_their_suite() {
        for suite in [Suite::Pure, Suite::Numpy] {
            let r = by_name(reference_name(suite)).unwrap();
            assert!(r.covers(suite));
        }
    }

    #[test]
    fn missing_executable_is_reported() {
        let hipy = by_name("hipy").unwrap();
        let reason = hipy.executable(&paths()).unwrap_err();
        assert!(reason.contains("/t/hipy"), "{reason}");
    }
}
