//! NumPy 2.x's public names, recorded from NumPy by
//! `tests/numpy/record_public_names.py` into `data/numpy_public_names.json`.
//!
//! A missing attribute is a hipy gap only when NumPy has the name: then it
//! raises NotImplementedError; any other name raises NumPy's AttributeError
//! (so `hasattr(a, "ptp")` is False under hipy as under NumPy 2).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

const DATA: &str = include_str!("data/numpy_public_names.json");

struct Names {
    namespaces: HashMap<&'static str, HashSet<&'static str>>,
    expired: HashMap<&'static str, &'static str>,
}

/// The quoted strings of one line (the file has one entry per line).
fn strings(line: &str) -> Vec<&str> {
    line.split('"').enumerate().filter(|(k, _)| k % 2 == 1).map(|(_, s)| s).collect()
}

fn names() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut namespaces: HashMap<&str, HashSet<&str>> = HashMap::new();
        let mut expired = HashMap::new();
        let mut list: Option<&str> = None;
        let mut in_expired = false;
        for line in DATA.lines() {
            let s = strings(line);
            if line.ends_with('[') {
                list = s.first().copied();
            } else if line.starts_with(']') {
                list = None;
            } else if line.starts_with("\"expired\"") {
                in_expired = true;
            } else if let Some(ns) = list {
                if let Some(n) = s.first() {
                    namespaces.entry(ns).or_default().insert(n);
                }
            } else if in_expired && s.len() == 2 {
                expired.insert(s[0], s[1]);
            }
        }
        Names { namespaces, expired }
    })
}

/// Whether NumPy's namespace `ns` ("numpy", "ndarray", "numpy.linalg", ...)
/// has the public name `name`.
pub fn has(ns: &str, name: &str) -> bool {
    names().namespaces.get(ns).is_some_and(|set| set.contains(name))
}

/// NumPy's AttributeError message for `numpy.<name>` when NumPy lacks it
/// (its advice for the names NumPy 2.0 removed).
pub fn numpy_missing_message(name: &str) -> String {
    match names().expired.get(name) {
        Some(advice) => format!("`np.{name}` was removed in the NumPy 2.0 release. {advice}"),
        None => format!("module 'numpy' has no attribute '{name}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_recorded_names() {
        assert!(has("numpy", "arange") && has("ndarray", "reshape") && has("numpy.linalg", "svd"));
        assert!(!has("ndarray", "ptp") && !has("numpy", "product"));
        assert_eq!(numpy_missing_message("NaN"), "`np.NaN` was removed in the NumPy 2.0 release. Use `np.nan` instead.");
        assert_eq!(numpy_missing_message("foo"), "module 'numpy' has no attribute 'foo'");
    }
}
