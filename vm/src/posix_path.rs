//! `posix._path_normpath` and `posix._path_splitroot_ex`: the cores of
//! `os.path.normpath` and `os.path.splitroot`, in Rust as CPython has
//! them (3.11 and 3.12). Without them 3.14's `posixpath` falls back to its
//! Python loops: `normpath` (which `abspath`, `relpath` and `site` call)
//! took 3.1 µs a call against CPython's 0.2 µs, and pathlib splits every
//! path it parses with `splitroot`.
//!
//! Both take a str, bytes or path-like object and return the same type.
//! They work on the path's bytes: `/` and `.` are ASCII, and components are
//! kept whole, so a str's WTF-8 (lone surrogates included) and bytes that
//! are not UTF-8 come out as they went in.

use rustpython_vm::function::FsPath;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let posix = vm.import("posix", 0)?;
    posix.set_attr("_path_normpath", vm.new_function("normpath", normpath_fn), vm)?;
    posix.set_attr("_path_splitroot_ex", vm.new_function("splitroot", splitroot_fn), vm)?;
    Ok(())
}

/// `f` of the path's bytes and whether it is bytes (else str).
fn with_path<R>(path: PyObjectRef, vm: &VirtualMachine, f: impl FnOnce(&[u8], bool) -> PyResult<R>) -> PyResult<R> {
    match FsPath::try_from_path_like(path, false, vm)? {
        FsPath::Str(s) => f(s.as_wtf8().as_bytes(), false),
        FsPath::Bytes(b) => f(b.as_bytes(), true),
    }
}

/// A str or bytes object of `bytes`, as the input was.
fn same_kind(bytes: &[u8], is_bytes: bool, vm: &VirtualMachine) -> PyResult {
    if is_bytes {
        return Ok(vm.ctx.new_bytes(bytes.to_vec()).into());
    }
    let s = rustpython_vm::common::wtf8::Wtf8Buf::from_bytes(bytes.to_vec())
        .map_err(|_| vm.new_system_error("hipy: a path split inside a character"))?;
    Ok(vm.ctx.new_str(s).into())
}

fn normpath_fn(path: PyObjectRef, vm: &VirtualMachine) -> PyResult {
    with_path(path, vm, |p, is_bytes| same_kind(&normpath(p), is_bytes, vm))
}

fn splitroot_fn(path: PyObjectRef, vm: &VirtualMachine) -> PyResult {
    with_path(path, vm, |p, is_bytes| {
        let (root, tail) = splitroot(p);
        let parts = vec![same_kind(b"", is_bytes, vm)?, same_kind(root, is_bytes, vm)?, same_kind(tail, is_bytes, vm)?];
        Ok(vm.ctx.new_tuple(parts).into())
    })
}

/// POSIX `splitroot` (no drive): the root (empty, `/`, or exactly `//`,
/// which POSIX leaves to the implementation) and the rest.
fn splitroot(p: &[u8]) -> (&[u8], &[u8]) {
    match p {
        [b'/', b'/', rest @ ..] if rest.first() != Some(&b'/') => p.split_at(2),
        [b'/', ..] => p.split_at(1),
        _ => (&p[..0], p),
    }
}

/// `posixpath.normpath`: repeated and trailing slashes, `.` components and
/// `..` after a component dropped; `..` kept at the start of a relative
/// path and dropped at the root; an empty result is `.`.
fn normpath(p: &[u8]) -> Vec<u8> {
    if p.is_empty() {
        return b".".to_vec();
    }
    let (root, rest) = splitroot(p);
    let mut comps: Vec<&[u8]> = Vec::new();
    for comp in rest.split(|&b| b == b'/') {
        match comp {
            b"" | b"." => {}
            b".." if comps.last().is_some_and(|&c| c != b"..") => {
                comps.pop();
            }
            b".." if !root.is_empty() && comps.is_empty() => {}
            _ => comps.push(comp),
        }
    }
    let mut out = root.to_vec();
    for (i, c) in comps.iter().enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        out.extend_from_slice(c);
    }
    if out.is_empty() {
        out.push(b'.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(p: &str) -> String {
        String::from_utf8(normpath(p.as_bytes())).unwrap()
    }

    #[test]
    fn normpath_as_posixpath() {
        // Expected values from CPython 3.11's posixpath.normpath.
        for (p, want) in [
            ("", "."),
            ("/", "/"),
            ("//", "//"),
            ("///", "/"),
            ("//a//b/", "//a/b"),
            ("///a/./b/../c", "/a/c"),
            ("a/../../b", "../b"),
            ("../../a/..", "../.."),
            ("/../a", "/a"),
            ("./", "."),
            ("a/./b/.", "a/b"),
            ("a/b/../..", "."),
            ("..", ".."),
            (".../..a/.b", ".../..a/.b"),
        ] {
            assert_eq!(n(p), want, "normpath({p:?})");
        }
    }

    #[test]
    fn splitroot_as_posixpath() {
        assert_eq!(splitroot(b"a/b"), (&b""[..], &b"a/b"[..]));
        assert_eq!(splitroot(b"/a"), (&b"/"[..], &b"a"[..]));
        assert_eq!(splitroot(b"//a"), (&b"//"[..], &b"a"[..]));
        assert_eq!(splitroot(b"///a"), (&b"/"[..], &b"//a"[..]));
        assert_eq!(splitroot(b"//"), (&b"//"[..], &b""[..]));
    }
}
