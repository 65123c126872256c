//! RustPython's frozen standard library, listed when hipy is built.
//!
//! The library is one blob of about 10 MB in the binary's read-only data:
//! for each module its name, its compressed code and a package flag, one
//! after the other. The interpreter wants a table from name to code before
//! anything runs; `FrozenLib`'s iterator makes it by reading each entry's
//! header, which touches a page of the blob for nearly every module (about
//! 120 page faults, a tenth of an empty script's). Here the walk is done by
//! the compiler: [`modules`] yields the same entries from two small tables,
//! the names copied out of the blob, so the blob's pages are read only for
//! the modules that are imported.
//!
//! [`init_stdlib`] is the `rustpython` crate's `InterpreterBuilderExt::init_stdlib`
//! (as built with hipy's features) with that list.

use rustpython::pylib::FROZEN_STDLIB;
use rustpython_vm::common::rc::PyRc;
use rustpython_vm::frozen::{FrozenCodeObject, FrozenModule};
use rustpython_vm::{InterpreterBuilder, VirtualMachine};

/// The standard library's native modules and frozen Python modules.
pub(crate) fn init_stdlib(builder: InterpreterBuilder) -> InterpreterBuilder {
    let defs = rustpython_stdlib::stdlib_module_defs(&builder.ctx);
    builder.add_native_modules(&defs).add_frozen_modules(modules()).init_hook(set_stdlib_dir)
}

/// The library's sources are where `rustpython-pylib` was built from
/// (`stdlib_files::configure` replaces this with hipy's copy when it can).
fn set_stdlib_dir(vm: &mut VirtualMachine) {
    let state = PyRc::get_mut(&mut vm.state).expect("init hooks run before the interpreter is shared");
    state.config.paths.stdlib_dir = Some(rustpython::pylib::LIB_PATH.to_owned());
}

const LIB: &[u8] = &FROZEN_STDLIB.bytes;

/// The little-endian `u32` at `at`.
const fn word(at: usize) -> usize {
    u32::from_le_bytes([LIB[at], LIB[at + 1], LIB[at + 2], LIB[at + 3]]) as usize
}

/// How many modules there are.
const COUNT: usize = word(0);

/// Where each module's name and code are in the blob, and its flag.
#[derive(Clone, Copy)]
struct Entry {
    name: (usize, usize),
    code: (usize, usize),
    package: bool,
}

/// The blob's entries, walked as `FrozenModulesIter` reads them.
const ENTRIES: [Entry; COUNT] = {
    let mut entries = [Entry { name: (0, 0), code: (0, 0), package: false }; COUNT];
    let mut at = 4;
    let mut i = 0;
    while i < COUNT {
        let name_len = word(at);
        let name = (at + 4, name_len);
        at += 4 + name_len;
        let code_len = word(at);
        let code = (at + 4, code_len);
        at += 4 + code_len;
        entries[i] = Entry { name, code, package: LIB[at] != 0 };
        at += 1;
        i += 1;
    }
    entries
};

const NAMES_LEN: usize = {
    let mut len = 0;
    let mut i = 0;
    while i < COUNT {
        len += ENTRIES[i].name.1;
        i += 1;
    }
    len
};

/// Every module's name, one after the other, in the blob's order.
static NAMES: [u8; NAMES_LEN] = {
    let mut names = [0; NAMES_LEN];
    let mut to = 0;
    let mut i = 0;
    while i < COUNT {
        let (from, len) = ENTRIES[i].name;
        let mut k = 0;
        while k < len {
            names[to + k] = LIB[from + k];
            k += 1;
        }
        to += len;
        i += 1;
    }
    names
};

/// The frozen modules, as `rustpython::pylib::FROZEN_STDLIB` lists them.
fn modules() -> impl ExactSizeIterator<Item = (&'static str, FrozenModule)> {
    let mut start = 0;
    ENTRIES.iter().map(move |entry| {
        let name = &NAMES[start..start + entry.name.1];
        start += entry.name.1;
        let name = std::str::from_utf8(name).expect("frozen module names are UTF-8 (the blob's reader checks it too)");
        let (at, len) = entry.code;
        (name, FrozenModule { code: FrozenCodeObject { bytes: &LIB[at..at + len] }, package: entry.package })
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_modules_as_the_blobs_reader() {
        let read: Vec<_> = super::FROZEN_STDLIB.decode().map(|(n, m)| (n, m.code.bytes, m.package)).collect();
        let listed: Vec<_> = super::modules().map(|(n, m)| (n, m.code.bytes, m.package)).collect();
        assert_eq!(read.len(), listed.len());
        for (r, l) in read.iter().zip(&listed) {
            assert_eq!(r.0, l.0);
            assert!(std::ptr::eq(r.1, l.1), "{}: same code slice", r.0);
            assert_eq!(r.2, l.2);
        }
    }
}
