//! Two things from RustPython's standard library (`rustpython-pylib`),
//! whose modules are frozen into the binary:
//!
//! - the pip wheel of its `ensurepip`, so that `hipy -m venv` can install
//!   pip into a new environment (`src/ensurepip.rs`);
//! - every file of the library, with hipy's own stdlib modules, packed
//!   into one lz4 block, from which `src/stdlib_files.rs` writes the
//!   library out as real files (for `__file__`, `inspect.getsource`,
//!   tracebacks and data files). `HIPY_STDLIB_KEY` names the pack's
//!   content, so a changed library gets its own directory.

use std::path::{Path, PathBuf};

/// hipy's own modules of the standard library, frozen by the crates that
/// define them: (path in the library, source file in this repository).
const HIPY_STDLIB: &[(&str, &str)] = &[("cProfile.py", "stdlib-native/src/py/cProfile.py")];

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    let lib = Path::new(rustpython_pylib::LIB_PATH);
    bundle_pip_wheel(lib, &out);
    pack_stdlib(lib, &out);
    link_without_pie();
    println!("cargo:rerun-if-changed=build.rs");
}

fn bundle_pip_wheel(lib: &Path, out: &Path) {
    let bundled = lib.join("ensurepip").join("_bundled");
    let wheel = std::fs::read_dir(&bundled)
        .unwrap_or_else(|e| panic!("{}: {e}", bundled.display()))
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .unwrap_or_else(|| panic!("no pip wheel in {}", bundled.display()));
    std::fs::copy(&wheel, out.join("pip.whl")).expect("copy the pip wheel");
    let name = wheel.file_name().unwrap().to_str().unwrap().to_owned();
    println!("cargo:rustc-env=HIPY_PIP_WHEEL_NAME={name}");
}

/// The pack: for each file, sorted by path, `u32` path length, the path
/// (relative, `/`-separated), `u32` mode bits, `u32` size, the bytes; the
/// whole compressed with `lz4_flex::compress_prepend_size`.
fn pack_stdlib(lib: &Path, out: &Path) {
    let mut files = Vec::new();
    collect(lib, "", &mut files);
    for (rel, source) in HIPY_STDLIB {
        println!("cargo:rerun-if-changed={source}");
        files.retain(|(r, _)| r != rel);
        files.push((rel.to_string(), PathBuf::from(source)));
    }
    files.sort();
    let mut raw = Vec::new();
    for (rel, path) in &files {
        use std::os::unix::fs::PermissionsExt;
        let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mode = std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        raw.extend_from_slice(&(rel.len() as u32).to_le_bytes());
        raw.extend_from_slice(rel.as_bytes());
        raw.extend_from_slice(&mode.to_le_bytes());
        raw.extend_from_slice(&(data.len() as u32).to_le_bytes());
        raw.extend_from_slice(&data);
    }
    // FNV-1a over the pack: the library's version for its directory name.
    let mut key: u64 = 0xcbf2_9ce4_8422_2325;
    for b in &raw {
        key = (key ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    std::fs::write(out.join("stdlib.lz4"), lz4_flex::compress_prepend_size(&raw)).expect("write the stdlib pack");
    println!("cargo:rustc-env=HIPY_STDLIB_KEY={key:016x}");
}

/// Every file under `dir` (compiled-code caches left out), as (path
/// relative to the library, path on disk).
fn collect(dir: &Path, rel: &str, files: &mut Vec<(String, PathBuf)>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
        let path = entry.path();
        if path.is_dir() {
            if name != "__pycache__" {
                collect(&path, &rel, files);
            }
        } else if !name.ends_with(".pyc") {
            files.push((rel, path));
        }
    }
}

/// The `hipy` binary is linked as a position-dependent executable on
/// x86-64 Linux: a PIE's 100,000 relative relocations were applied by the
/// dynamic loader at every start (about 1.4 M instructions and 450 page
/// faults, a copy-on-write of each page of pointer tables). The code is
/// the same position-independent code; only the link changes.
fn link_without_pie() {
    let target = |name| std::env::var(name).unwrap_or_default();
    if target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ARCH") == "x86_64" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
