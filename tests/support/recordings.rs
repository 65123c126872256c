//! Recorded expectations of the differential tests (the corpus and the
//! traceback tests): what CPython 3.11 printed (`expected/`), accepted
//! outputs of a newer CPython (`overrides/`), and known differences of hipy
//! (`known/`, pinned hipy output), each as `NAME.{stdout,stderr,status}`.
//!
//! Recordings hold a placeholder token (`@CORPUS_DIR@`, `@TEST_DIR@`) where
//! CPython printed the absolute path of the programs' directory; reading
//! replaces it by the real path, an exact text substitution.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::Outcome;

/// An accepted or pinned output and the reason it exists.
pub type Explained = (Outcome, String);

/// The recordings under one directory.
pub struct Recordings {
    pub root: PathBuf,
    /// The placeholder for `real_path` in recorded outputs.
    pub token: &'static str,
    pub real_path: String,
}

impl Recordings {
    /// `SUB/NAME.stdout`, `.stderr` and `.status`; all three must exist.
    pub fn outcome(&self, sub: &str, name: &str) -> Option<Outcome> {
        let dir = self.root.join(sub);
        let part = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).ok();
        Some(Outcome {
            stdout: self.with_real_path(part("stdout")?),
            stderr: self.with_real_path(part("stderr")?),
            status: String::from_utf8_lossy(&part("status")?).trim().to_string(),
        })
    }

    /// An override (`overrides/NAME.*`) replaces some parts of `expected`
    /// with what a newer CPython prints; it needs `overrides/NAME.reason`.
    pub fn read_override(&self, name: &str, expected: &Outcome) -> Result<Option<Explained>, String> {
        let dir = self.root.join("overrides");
        let part = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).ok();
        let (stdout, stderr, status) = (part("stdout"), part("stderr"), part("status"));
        let reason = part("reason").map(|r| String::from_utf8_lossy(&r).trim().to_string());
        match (stdout.is_some() || stderr.is_some() || status.is_some(), reason) {
            (false, None) => Ok(None),
            (false, Some(_)) => Err(format!("overrides/{name}.reason overrides nothing")),
            (true, None) => Err(format!("overrides for {name} need overrides/{name}.reason")),
            (true, Some(reason)) => Ok(Some((
                Outcome {
                    stdout: stdout.map_or(expected.stdout.clone(), |b| self.with_real_path(b)),
                    stderr: stderr.map_or(expected.stderr.clone(), |b| self.with_real_path(b)),
                    status: status.map_or(expected.status.clone(), |b| String::from_utf8_lossy(&b).trim().to_string()),
                },
                reason,
            ))),
        }
    }

    /// A known difference: `SUB/NAME.{stdout,stderr,status}` (what hipy
    /// prints, all three) and `SUB/NAME.reason`.
    pub fn read_known(&self, sub: &str, name: &str) -> Result<Option<Explained>, String> {
        let dir = self.root.join(sub);
        let reason = std::fs::read(dir.join(format!("{name}.reason"))).ok();
        let any_part = ["stdout", "stderr", "status"].iter().any(|ext| dir.join(format!("{name}.{ext}")).exists());
        match (self.outcome(sub, name), reason) {
            (None, None) if !any_part => Ok(None),
            (Some(outcome), Some(reason)) => Ok(Some((outcome, String::from_utf8_lossy(&reason).trim().to_string()))),
            _ => Err(format!("{sub}/{name} needs .reason, .stdout, .stderr and .status")),
        }
    }

    /// Files in the subdirectories `subs` that belong to no program.
    pub fn strays(&self, subs: &[&str], names: &BTreeSet<String>) -> Vec<String> {
        let mut errors = Vec::new();
        for sub in subs {
            let Ok(entries) = std::fs::read_dir(self.root.join(sub)) else { continue };
            for entry in entries {
                let path = entry.expect("readable recordings directory").path();
                let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
                if !names.contains(&stem) {
                    errors.push(format!("{} has no program {stem}.py", path.display()));
                }
            }
        }
        errors
    }

    fn with_real_path(&self, bytes: Vec<u8>) -> Vec<u8> {
        let token = self.token.as_bytes();
        if !bytes.windows(token.len()).any(|w| w == token) {
            return bytes;
        }
        let mut out = Vec::with_capacity(bytes.len());
        let mut rest = &bytes[..];
        while let Some(at) = rest.windows(token.len()).position(|w| w == token) {
            out.extend_from_slice(&rest[..at]);
            out.extend_from_slice(self.real_path.as_bytes());
            rest = &rest[at + token.len()..];
        }
        out.extend_from_slice(rest);
        out
    }
}

/// The directory's real path (CPython prints paths with symlinks resolved).
pub fn real_dir(dir: &Path) -> PathBuf {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

/// The verdict on one run: `None` when `actual` is CPython's output (the
/// 3.11 recording or the override), or, for a program with a known
/// difference, exactly the pinned hipy output; otherwise the diff. A known
/// difference that hipy no longer shows is stale, which fails.
pub fn judge(
    name: &str,
    actual: &Outcome,
    expected: &Outcome,
    alternative: Option<&Explained>,
    known: Option<(&Explained, &str)>,
) -> Option<String> {
    let matches_cpython = *actual == *expected || alternative.is_some_and(|(alt, _)| actual == alt);
    match known {
        Some((_, dir)) if matches_cpython => Some(format!(
            "stale known difference: hipy now prints what CPython prints; remove {dir}/{name}.*\n"
        )),
        Some(((pinned, _), _)) => super::diff_outcomes(pinned, actual, "hipy (known difference)", "hipy"),
        None if matches_cpython => None,
        None => super::diff_outcomes(expected, actual, "python3", "hipy"),
    }
}
