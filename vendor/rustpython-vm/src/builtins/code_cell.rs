//! hipy (vendor patch 60): a code object's body, decoded when first used.
//!
//! Decoding a frozen module made every function's code object in it, with
//! its instructions, constants, names and tables, though most functions of
//! a module are never called in a given run. A code object nested in a
//! decoded one's constants now keeps its marshal bytes and an outline
//! (counts, flags, names, docstring: what making a function of it needs)
//! until something reads its body; reading it through `Deref` decodes it
//! then, once.

use super::code::{CodeObject, Literal, PyVmBag, rename_in_const};
use crate::PyObject;
use crate::builtins::PyStrInterned;
use crate::bytecode::{CodeFlags, Instruction};
use crate::common::lock::PyMutex;
use core::ops::Deref;
use rustpython_compiler_core::marshal::{self, CodeOutline};
use std::sync::OnceLock;

pub struct CodeCell {
    decoded: OnceLock<Decoded>,
    deferred: Option<Box<Deferred>>,
}

struct Decoded {
    code: CodeObject,
    /// Whether the bytecode contains any instruction that mutates the
    /// current exc_info slot (`PyCode::has_exc_handling`).
    has_exc_handling: bool,
    /// Slot-indexed names, equivalent to CPython's `co_localsplusnames`:
    /// the locals, the cell variables that are not locals, the free ones.
    localsplus_names: Box<[&'static PyStrInterned]>,
}

struct Deferred {
    /// The code object's marshal fields; self-contained (no references into
    /// the stream it came from).
    fields: Box<[u8]>,
    outline: CodeOutline<Literal>,
    /// A file-name change made before the body was decoded (`from`, `to`),
    /// for the code objects in its constants.
    rename: PyMutex<Option<Rename>>,
}

type Rename = (&'static PyStrInterned, &'static PyStrInterned);

/// What a code object's outline holds, from its body or from the outline
/// kept while the body is not decoded.
pub struct Outline<'a> {
    pub arg_count: u32,
    pub posonlyarg_count: u32,
    pub kwonlyarg_count: u32,
    pub max_stackdepth: u32,
    pub flags: CodeFlags,
    pub obj_name: &'static PyStrInterned,
    pub qualname: &'static PyStrInterned,
    pub source_path: &'static PyStrInterned,
    pub docstring: Option<&'a PyObject>,
    pub nlocals: usize,
    pub nfreevars: usize,
}

impl CodeCell {
    pub(crate) fn new(code: CodeObject) -> Self {
        let decoded = OnceLock::new();
        let _ = decoded.set(Decoded::new(code));
        Self { decoded, deferred: None }
    }

    /// A code object from its self-contained marshal fields, decoded when
    /// first read.
    pub(crate) fn deferred(fields: &[u8], outline: CodeOutline<Literal>) -> Self {
        let deferred = Deferred { fields: fields.into(), outline, rename: PyMutex::new(None) };
        Self { decoded: OnceLock::new(), deferred: Some(Box::new(deferred)) }
    }

    /// The body if it is decoded already.
    pub fn get(&self) -> Option<&CodeObject> {
        self.decoded.get().map(|d| &d.code)
    }

    pub fn outline(&self) -> Outline<'_> {
        match (self.decoded.get(), &self.deferred) {
            (None, Some(d)) => {
                let o = &d.outline;
                Outline {
                    arg_count: o.arg_count,
                    posonlyarg_count: o.posonlyarg_count,
                    kwonlyarg_count: o.kwonlyarg_count,
                    max_stackdepth: o.max_stackdepth,
                    flags: o.flags,
                    obj_name: o.obj_name,
                    qualname: o.qualname,
                    source_path: o.source_path,
                    docstring: o.docstring.as_ref().map(|c| &*c.0),
                    nlocals: o.nlocals,
                    nfreevars: o.nfreevars,
                }
            }
            _ => {
                let c = &**self;
                let docstring = if c.flags.contains(CodeFlags::HAS_DOCSTRING) {
                    c.constants.first().map(|c| &*c.0)
                } else {
                    None
                };
                Outline {
                    arg_count: c.arg_count,
                    posonlyarg_count: c.posonlyarg_count,
                    kwonlyarg_count: c.kwonlyarg_count,
                    max_stackdepth: c.max_stackdepth,
                    flags: c.flags,
                    obj_name: c.obj_name,
                    qualname: c.qualname,
                    source_path: c.source_path,
                    docstring,
                    nlocals: c.varnames.len(),
                    nfreevars: c.freevars.len(),
                }
            }
        }
    }

    pub fn has_exc_handling(&self) -> bool {
        self.force().has_exc_handling
    }

    #[inline]
    pub(crate) fn localsplus_name(&self, index: usize) -> &'static PyStrInterned {
        self.force().localsplus_names[index]
    }

    /// Renames the code objects in the constants whose file is `from` to
    /// `to` (`PyCode::rename_source_path`): now if the body is decoded,
    /// else when it is.
    pub(crate) fn rename_constants(&self, rename: Rename) {
        if let Some(d) = &self.deferred {
            let mut pending = d.rename.lock();
            if self.decoded.get().is_none() {
                *pending = Some(rename);
                return;
            }
        }
        for constant in self.constants.iter() {
            rename_in_const(&constant.0, rename.0, rename.1);
        }
    }

    #[inline]
    fn force(&self) -> &Decoded {
        match self.decoded.get() {
            Some(d) => d,
            None => self.decode(),
        }
    }

    #[cold]
    #[inline(never)]
    fn decode(&self) -> &Decoded {
        let d = self.deferred.as_ref().expect("a code cell is made decoded or deferred");
        let decoded = self.decoded.get_or_init(|| {
            let code = crate::vm::thread::with_current_vm(|vm| {
                marshal::deserialize_code(&mut &d.fields[..], PyVmBag(vm))
                    .unwrap_or_else(|_| damaged(vm, &d.outline))
            });
            Decoded::new(code)
        });
        // After the body is published, so that a rename either finds it
        // decoded or leaves itself here (`rename_constants`).
        if let Some((from, to)) = d.rename.lock().take() {
            for constant in decoded.code.constants.iter() {
                rename_in_const(&constant.0, from, to);
            }
        }
        decoded
    }
}

/// The body given to a code object whose bytes were laid out right (its
/// scan found every field) but do not decode (a damaged `.pyc` file): a
/// function that raises `SystemError` saying so, where an eager decode
/// would have ignored the file.
#[cold]
fn damaged(vm: &crate::VirtualMachine, outline: &CodeOutline<Literal>) -> CodeObject {
    let message = format!(
        "the compiled code of {} in {} is damaged: delete its cache file (__pycache__) and run again",
        outline.qualname, outline.source_path
    );
    let literal: String = message
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '\\' | '"' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    let source = format!("def damaged(*args, **kwargs):\n    raise SystemError(\"{literal}\")\n");
    let module = vm
        .compile(&source, crate::compiler::Mode::Exec, outline.source_path.as_str())
        .expect("a fixed function compiles");
    module
        .constants
        .iter()
        .find_map(|c| c.0.downcast_ref::<super::PyCode>().map(|f| (*f.code).clone()))
        .expect("the module holds the function's code")
}

impl Decoded {
    fn new(code: CodeObject) -> Self {
        // The only opcodes that call `vm.set_exception` (mutating the shared
        // exc_info slot); instrumented variants only replace these base
        // opcodes in place, so scanning the freshly-built stream is a sound
        // predicate.
        let has_exc_handling = code.instructions.iter().any(|u| {
            matches!(
                u.op,
                Instruction::PushExcInfo
                    | Instruction::PopExcept
                    | Instruction::CheckEgMatch
                    | Instruction::EndAsyncFor
                    | Instruction::InstrumentedEndAsyncFor
            )
        });
        let localsplus_names = code
            .varnames
            .iter()
            .chain(
                code.cellvars
                    .iter()
                    .filter(|name| !code.varnames.iter().any(|v| core::ptr::eq(*v, **name))),
            )
            .chain(code.freevars.iter())
            .copied()
            .collect::<Box<[_]>>();
        debug_assert_eq!(localsplus_names.len(), code.localspluskinds.len());
        Self { code, has_exc_handling, localsplus_names }
    }
}

impl core::fmt::Debug for CodeCell {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.get() {
            Some(code) => code.fmt(f),
            None => write!(f, "<{} not decoded yet>", self.outline().qualname),
        }
    }
}

impl Deref for CodeCell {
    type Target = CodeObject;
    #[inline]
    fn deref(&self) -> &CodeObject {
        &self.force().code
    }
}
