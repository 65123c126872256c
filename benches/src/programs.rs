//! The benchmark programs: discovery in `benches/programs/`, suites and sizes.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Pure-Python programs are checked against `python3`; numpy/pandas programs
/// (`np_*.py`, `pd_*.py`) against CPython with the real libraries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suite {
    Pure,
    Numpy,
}

impl Suite {
    pub fn label(self) -> &'static str {
        match self {
            Suite::Pure => "pure Python",
            Suite::Numpy => "numpy/pandas",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Program {
    /// File stem, e.g. `loops`.
    pub name: String,
    pub path: PathBuf,
    pub suite: Suite,
    /// The size the program uses when given no argument (read from its source).
    pub default_size: Option<u64>,
}

impl Program {
    pub fn from_path(path: &Path) -> std::io::Result<Program> {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let suite = if name.starts_with("np_") || name.starts_with("pd_") {
            Suite::Numpy
        } else {
            Suite::Pure
        };
        let source = std::fs::read_to_string(path)?;
        Ok(Program {
            default_size: default_size(&source),
            name,
            path: path.to_path_buf(),
            suite,
        })
    }

    /// Modules an implementation must be able to import to run this program.
    pub fn needs_modules(&self) -> &'static [&'static str] {
        if self.name.starts_with("pd_") {
            &["numpy", "pandas"]
        } else if self.name.starts_with("np_") {
            &["numpy"]
        } else {
            &[]
        }
    }

    /// Whether a command-line selector (`loops`, `loops.py`, `np_*`) names this program.
    pub fn matches(&self, selector: &str) -> bool {
        let selector = selector.strip_suffix(".py").unwrap_or(selector);
        match selector.strip_suffix('*') {
            Some(prefix) => self.name.starts_with(prefix),
            None => self.name == selector,
        }
    }
}

/// All `*.py` files in `dir`: pure-Python programs first, each suite sorted by name.
pub fn discover(dir: &Path) -> std::io::Result<Vec<Program>> {
    let paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    let mut programs = paths
        .iter()
        .map(|p| Program::from_path(p))
        .collect::<std::io::Result<Vec<_>>>()?;
    programs
        .sort_by(|a, b| (a.suite != Suite::Pure, &a.name).cmp(&(b.suite != Suite::Pure, &b.name)));
    Ok(programs)
}

/// The programs end with `main(int(sys.argv[1]) if len(sys.argv) > 1 else 3_000_000)`;
/// this reads that default so that every run passes its size explicitly.
fn default_size(source: &str) -> Option<u64> {
    const MARK: &str = "if len(sys.argv) > 1 else ";
    let start = source.find(MARK)? + MARK.len();
    let digits: String = source[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '_')
        .filter(|c| *c != '_')
        .collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_default_size_with_underscores() {
        let src = "if __name__ == '__main__':\n    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4_000_000)\n";
        assert_eq!(default_size(src), Some(4_000_000));
        assert_eq!(default_size("main(9)"), None);
    }

    #[test]
    fn selectors() {
        let p = Program {
            name: "np_haversine".into(),
            path: PathBuf::new(),
            suite: Suite::Numpy,
            default_size: None,
        };
        assert!(p.matches("np_haversine.py"));
        assert!(p.matches("np_*"));
        assert!(!p.matches("np_"));
        assert!(!p.matches("pd_*"));
    }

    #[test]
    fn shipped_programs_all_have_default_sizes() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
        let programs = discover(&dir).unwrap();
        assert!(!programs.is_empty());
        for p in &programs {
            assert!(p.default_size.is_some(), "{}", p.name);
        }
    }
}
