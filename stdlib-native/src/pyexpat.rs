//! `pyexpat` on libexpat, as CPython's Modules/pyexpat.c builds it.
//!
//! RustPython 0.6's `pyexpat` sits on xml-rs and accepts malformed
//! documents (`<a><b></a>`, `<a x=1/>`, plain text). This module replaces it
//! (hipy registers it after RustPython's stdlib, so it wins) and hands every
//! byte to expat itself: well-formedness, error codes, messages, line,
//! column and byte positions are expat's, as in CPython.
//!
//! One `xmlparser` owns one `XML_Parser`; its user data points at the
//! parser object, whose address is stable. Expat calls the `on_*`
//! functions below while `Parse`/`ParseFile` runs; they find the running
//! `VirtualMachine` through `vm`, set for the duration of the call. A
//! C-level handler is installed only while its Python handler is set (expat
//! behaves differently with and without some of them, e.g. the default
//! handler). A handler that raises stops the parser, clears every handler
//! and the exception leaves `Parse` (CPython's `flag_error`).

use crate::expat_ffi::*;
use libc::{c_char, c_int, c_void};
use std::ffi::{CStr, CString};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};

pub(crate) use pyexpat::module_def;

/// The handler attributes, in CPython's order (`handler_info`).
const HANDLERS: [&str; 22] = [
    "StartElementHandler",
    "EndElementHandler",
    "ProcessingInstructionHandler",
    "CharacterDataHandler",
    "UnparsedEntityDeclHandler",
    "NotationDeclHandler",
    "StartNamespaceDeclHandler",
    "EndNamespaceDeclHandler",
    "CommentHandler",
    "StartCdataSectionHandler",
    "EndCdataSectionHandler",
    "DefaultHandler",
    "DefaultHandlerExpand",
    "NotStandaloneHandler",
    "ExternalEntityRefHandler",
    "StartDoctypeDeclHandler",
    "EndDoctypeDeclHandler",
    "EntityDeclHandler",
    "XmlDeclHandler",
    "ElementDeclHandler",
    "AttlistDeclHandler",
    "SkippedEntityHandler",
];
const START_ELEMENT: usize = 0;
const END_ELEMENT: usize = 1;
const PROCESSING_INSTRUCTION: usize = 2;
const CHARACTER_DATA: usize = 3;
const UNPARSED_ENTITY_DECL: usize = 4;
const NOTATION_DECL: usize = 5;
const START_NAMESPACE_DECL: usize = 6;
const END_NAMESPACE_DECL: usize = 7;
const COMMENT: usize = 8;
const START_CDATA: usize = 9;
const END_CDATA: usize = 10;
const DEFAULT: usize = 11;
const DEFAULT_EXPAND: usize = 12;
const NOT_STANDALONE: usize = 13;
const EXTERNAL_ENTITY_REF: usize = 14;
const START_DOCTYPE: usize = 15;
const END_DOCTYPE: usize = 16;
const ENTITY_DECL: usize = 17;
const XML_DECL: usize = 18;
const ELEMENT_DECL: usize = 19;
const ATTLIST_DECL: usize = 20;
const SKIPPED_ENTITY: usize = 21;

/// expat's error names, by code (`XML_ERROR_NO_MEMORY` is 1).
const ERROR_NAMES: [&str; 43] = [
    "NO_MEMORY", "SYNTAX", "NO_ELEMENTS", "INVALID_TOKEN", "UNCLOSED_TOKEN", "PARTIAL_CHAR",
    "TAG_MISMATCH", "DUPLICATE_ATTRIBUTE", "JUNK_AFTER_DOC_ELEMENT", "PARAM_ENTITY_REF",
    "UNDEFINED_ENTITY", "RECURSIVE_ENTITY_REF", "ASYNC_ENTITY", "BAD_CHAR_REF", "BINARY_ENTITY_REF",
    "ATTRIBUTE_EXTERNAL_ENTITY_REF", "MISPLACED_XML_PI", "UNKNOWN_ENCODING", "INCORRECT_ENCODING",
    "UNCLOSED_CDATA_SECTION", "EXTERNAL_ENTITY_HANDLING", "NOT_STANDALONE", "UNEXPECTED_STATE",
    "ENTITY_DECLARED_IN_PE", "FEATURE_REQUIRES_XML_DTD", "CANT_CHANGE_FEATURE_ONCE_PARSING",
    "UNBOUND_PREFIX", "UNDECLARING_PREFIX", "INCOMPLETE_PE", "XML_DECL", "TEXT_DECL", "PUBLICID",
    "SUSPENDED", "NOT_SUSPENDED", "ABORTED", "FINISHED", "SUSPEND_PE", "RESERVED_PREFIX_XML",
    "RESERVED_PREFIX_XMLNS", "RESERVED_NAMESPACE_URI", "INVALID_ARGUMENT", "NO_BUFFER",
    "AMPLIFICATION_LIMIT_BREACH",
];

/// Data handed to one `XML_Parse` call at most (CPython's MAX_CHUNK_SIZE).
const MAX_CHUNK: usize = 1 << 20;
/// `ParseFile` reads this much at a time (CPython's BUF_SIZE).
const READ_SIZE: usize = 2048;

fn error_string(code: c_int) -> Option<&'static str> {
    let p = unsafe { XML_ErrorString(code) };
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?"))
}

/// An `XML_Parser`, freed with its owner.
struct Raw(XML_Parser);
// The parser is only driven by the thread running `Parse` on it.
unsafe impl Send for Raw {}
unsafe impl Sync for Raw {}
impl Drop for Raw {
    fn drop(&mut self) {
        if !self.0.is_null() {
            unsafe { XML_ParserFree(self.0) }
        }
    }
}

/// Installs (or removes) the C callback of handler `idx`.
unsafe fn set_c_handler(p: XML_Parser, idx: usize, on: bool) {
    macro_rules! set {
        ($f:ident, $h:expr) => {
            $f(p, if on { Some($h) } else { None })
        };
    }
    match idx {
        START_ELEMENT => set!(XML_SetStartElementHandler, on_start_element),
        END_ELEMENT => set!(XML_SetEndElementHandler, on_end_element),
        PROCESSING_INSTRUCTION => set!(XML_SetProcessingInstructionHandler, on_pi),
        CHARACTER_DATA => set!(XML_SetCharacterDataHandler, on_character_data),
        UNPARSED_ENTITY_DECL => set!(XML_SetUnparsedEntityDeclHandler, on_unparsed_entity_decl),
        NOTATION_DECL => set!(XML_SetNotationDeclHandler, on_notation_decl),
        START_NAMESPACE_DECL => set!(XML_SetStartNamespaceDeclHandler, on_start_namespace_decl),
        END_NAMESPACE_DECL => set!(XML_SetEndNamespaceDeclHandler, on_end_namespace_decl),
        COMMENT => set!(XML_SetCommentHandler, on_comment),
        START_CDATA => set!(XML_SetStartCdataSectionHandler, on_start_cdata),
        END_CDATA => set!(XML_SetEndCdataSectionHandler, on_end_cdata),
        DEFAULT => set!(XML_SetDefaultHandler, on_default),
        DEFAULT_EXPAND => set!(XML_SetDefaultHandlerExpand, on_default_expand),
        NOT_STANDALONE => set!(XML_SetNotStandaloneHandler, on_not_standalone),
        EXTERNAL_ENTITY_REF => set!(XML_SetExternalEntityRefHandler, on_external_entity_ref),
        START_DOCTYPE => set!(XML_SetStartDoctypeDeclHandler, on_start_doctype),
        END_DOCTYPE => set!(XML_SetEndDoctypeDeclHandler, on_end_doctype),
        ENTITY_DECL => set!(XML_SetEntityDeclHandler, on_entity_decl),
        XML_DECL => set!(XML_SetXmlDeclHandler, on_xml_decl),
        ELEMENT_DECL => set!(XML_SetElementDeclHandler, on_element_decl),
        ATTLIST_DECL => set!(XML_SetAttlistDeclHandler, on_attlist_decl),
        SKIPPED_ENTITY => set!(XML_SetSkippedEntityHandler, on_skipped_entity),
        _ => {}
    }
}

#[rustpython_vm::pymodule(name = "pyexpat")]
mod pyexpat {
    use super::*;
    use rustpython_vm::{pyclass, pyexception};
    use rustpython_vm::builtins::{PyBaseExceptionRef, PyDict, PyModule, PyStr, PyStrRef, PyType};
    use rustpython_vm::common::lock::{PyMutex, PyRwLock};
    use rustpython_vm::function::{ArgBytesLike, OptionalArg};
    use rustpython_vm::object::{Traverse, TraverseFn};
    use rustpython_vm::{
        AsObject, Context, Py, PyObjectRef, PyPayload, PyRef, PyResult, TryFromObject, VirtualMachine,
    };

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let info = unsafe { XML_ExpatVersionInfo() };
        let version = unsafe { CStr::from_ptr(XML_ExpatVersion()) }.to_string_lossy().into_owned();
        module.set_attr("EXPAT_VERSION", vm.ctx.new_str(version), vm)?;
        let vi = vm.new_tuple((info.major, info.minor, info.micro));
        module.set_attr("version_info", vi, vm)?;
        let mut features = Vec::new();
        let mut f = unsafe { XML_GetFeatureList() };
        while !f.is_null() && unsafe { (*f).feature } != 0 {
            let name = unsafe { CStr::from_ptr((*f).name) }.to_string_lossy().into_owned();
            features.push(vm.new_tuple((name, unsafe { (*f).value } as i64)).into());
            f = unsafe { f.add(1) };
        }
        module.set_attr("features", vm.ctx.new_list(features), vm)?;

        // pyexpat.errors
        let errors = vm.new_module(
            "pyexpat.errors",
            vm.ctx.new_dict(),
            Some(vm.ctx.new_str("Constants used to describe error conditions.")),
        );
        let codes = vm.ctx.new_dict();
        let messages = vm.ctx.new_dict();
        for (i, name) in ERROR_NAMES.iter().enumerate() {
            let code = i as c_int + 1;
            let Some(msg) = error_string(code) else { continue };
            errors.set_attr(vm.ctx.intern_str(format!("XML_ERROR_{name}")), vm.ctx.new_str(msg), vm)?;
            codes.set_item(msg, vm.ctx.new_int(code).into(), vm)?;
            messages.set_item(vm.ctx.new_int(code).as_object(), vm.ctx.new_str(msg).into(), vm)?;
        }
        errors.set_attr("codes", codes, vm)?;
        errors.set_attr("messages", messages, vm)?;

        // pyexpat.model
        let model = vm.new_module(
            "pyexpat.model",
            vm.ctx.new_dict(),
            Some(vm.ctx.new_str("Constants used to interpret content model information.")),
        );
        for (name, v) in [
            ("XML_CTYPE_EMPTY", 1),
            ("XML_CTYPE_ANY", 2),
            ("XML_CTYPE_MIXED", 3),
            ("XML_CTYPE_NAME", 4),
            ("XML_CTYPE_CHOICE", 5),
            ("XML_CTYPE_SEQ", 6),
            ("XML_CQUANT_NONE", 0),
            ("XML_CQUANT_OPT", 1),
            ("XML_CQUANT_REP", 2),
            ("XML_CQUANT_PLUS", 3),
        ] {
            model.set_attr(name, vm.ctx.new_int(v), vm)?;
        }
        module.set_attr("errors", errors.clone(), vm)?;
        module.set_attr("model", model.clone(), vm)?;
        let sys_modules = vm.sys_module.get_attr("modules", vm)?;
        sys_modules.set_item("pyexpat.errors", errors.into(), vm)?;
        sys_modules.set_item("pyexpat.model", model.into(), vm)?;
        Ok(())
    }

    #[pyattr]
    const XML_PARAM_ENTITY_PARSING_NEVER: i32 = 0;
    #[pyattr]
    const XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE: i32 = 1;
    #[pyattr]
    const XML_PARAM_ENTITY_PARSING_ALWAYS: i32 = 2;
    #[pyattr(name = "native_encoding")]
    const NATIVE_ENCODING: &str = "UTF-8";

    #[pyattr]
    #[pyattr(name = "error")]
    #[pyexception(name = "ExpatError", module = "xml.parsers.expat", base = rustpython_vm::builtins::PyException)]
    #[derive(Debug)]
    #[repr(transparent)]
    pub struct ExpatError(rustpython_vm::builtins::PyException);

    #[pyexception]
    impl ExpatError {}
    use rustpython_vm::types::Constructor;

    /// CPython's `set_error`: ExpatError("<message>: line L, column C")
    /// with `code`, `lineno` and `offset`.
    pub(super) fn expat_error(vm: &VirtualMachine, p: XML_Parser, code: c_int) -> PyBaseExceptionRef {
        let (line, column) = unsafe { (XML_GetCurrentLineNumber(p), XML_GetCurrentColumnNumber(p)) };
        let msg = format!("{}: line {line}, column {column}", error_string(code).unwrap_or("(null)"));
        let exc = vm.new_exception_msg(ExpatError::class(&vm.ctx).to_owned(), msg.into());
        for (name, v) in [("code", code as u64), ("offset", column as u64), ("lineno", line as u64)] {
            let _ = exc.as_object().set_attr(name, vm.ctx.new_int(v), vm);
        }
        exc
    }

    #[pyattr]
    #[pyattr(name = "XMLParserType")]
    #[pyclass(module = "pyexpat", name = "xmlparser", traverse = "manual")]
    #[derive(PyPayload)]
    pub struct XmlParser {
        raw: Raw,
        handlers: PyRwLock<Vec<Option<PyObjectRef>>>,
        intern: Option<PyObjectRef>,
        /// The parser this external-entity parser was made from: expat's
        /// child parser uses its parent's DTD.
        parent: Option<PyObjectRef>,
        /// The VM running `Parse` on this parser, for the callbacks.
        pub(super) vm: AtomicPtr<VirtualMachine>,
        busy: AtomicBool,
        /// The exception a handler raised (CPython's `PyErr_Occurred`).
        pub(super) error: PyMutex<Option<PyBaseExceptionRef>>,
        pub(super) in_callback: AtomicBool,
        pub(super) ordered_attributes: AtomicBool,
        pub(super) specified_attributes: AtomicBool,
        namespace_prefixes: AtomicBool,
        /// Character data not yet given to the handler (`buffer_text`).
        pub(super) buffer: PyMutex<Option<Vec<u8>>>,
        pub(super) buffer_size: AtomicUsize,
    }

    impl std::fmt::Debug for XmlParser {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("xmlparser")
        }
    }

    unsafe impl Traverse for XmlParser {
        fn traverse(&self, tracer: &mut TraverseFn<'_>) {
            if let Some(h) = self.handlers.try_read() {
                h.traverse(tracer);
            }
            self.intern.traverse(tracer);
            self.parent.traverse(tracer);
        }
    }

    fn get_bool(b: &AtomicBool) -> bool {
        b.load(Ordering::Relaxed)
    }

    impl XmlParser {
        fn create(
            raw: XML_Parser,
            intern: Option<PyObjectRef>,
            parent: Option<PyObjectRef>,
            vm: &VirtualMachine,
        ) -> PyResult<PyRef<Self>> {
            if raw.is_null() {
                return Err(vm.new_memory_error("XML_ParserCreate failed".to_owned()));
            }
            let zelf = XmlParser {
                raw: Raw(raw),
                handlers: PyRwLock::new(vec![None; HANDLERS.len()]),
                intern,
                parent,
                vm: AtomicPtr::new(std::ptr::null_mut()),
                busy: AtomicBool::new(false),
                error: PyMutex::new(None),
                in_callback: AtomicBool::new(false),
                ordered_attributes: AtomicBool::new(false),
                specified_attributes: AtomicBool::new(false),
                namespace_prefixes: AtomicBool::new(false),
                buffer: PyMutex::new(None),
                buffer_size: AtomicUsize::new(8192),
            }
            .into_ref(&vm.ctx);
            unsafe {
                XML_SetUserData(raw, &**zelf as *const XmlParser as *mut c_void);
                XML_SetUnknownEncodingHandler(raw, Some(on_unknown_encoding), &**zelf as *const XmlParser as *mut c_void);
            }
            Ok(zelf)
        }

        pub(super) fn parser(&self) -> XML_Parser {
            self.raw.0
        }

        pub(super) fn handler(&self, idx: usize) -> Option<PyObjectRef> {
            self.handlers.read()[idx].clone()
        }

        /// A name from expat, through the `intern` dict.
        pub(super) fn intern(&self, vm: &VirtualMachine, s: *const c_char) -> PyObjectRef {
            let v = unsafe { text(vm, s) };
            let Some(dict) = self.intern.as_ref().and_then(|d| d.downcast_ref::<PyDict>()) else {
                return v;
            };
            if let Ok(Some(found)) = dict.get_item_opt(&*v, vm) {
                return found;
            }
            let _ = dict.set_item(&*v, v.clone(), vm);
            v
        }

        /// A handler raised `e`: keep it for `Parse`, drop every handler and
        /// stop the parser (CPython's `flag_error`).
        pub(super) fn flag_error(&self, e: PyBaseExceptionRef) {
            let mut err = self.error.lock();
            if err.is_none() {
                *err = Some(e);
            }
            drop(err);
            let p = self.parser();
            let old: Vec<_> = std::mem::replace(&mut *self.handlers.write(), vec![None; HANDLERS.len()]);
            for i in 0..HANDLERS.len() {
                unsafe { set_c_handler(p, i, false) };
            }
            unsafe {
                XML_SetExternalEntityRefHandler(p, Some(on_external_entity_ref_error));
                XML_StopParser(p, 0);
            }
            drop(old);
        }

        pub(super) fn failed(&self) -> bool {
            self.error.lock().is_some()
        }

        /// Calls handler `idx` with `args` (made only when it is set),
        /// flushing buffered character data first.
        pub(super) fn call(
            &self,
            vm: &VirtualMachine,
            idx: usize,
            args: impl FnOnce() -> Vec<PyObjectRef>,
        ) -> Option<PyObjectRef> {
            let handler = self.handler(idx)?;
            if self.failed() || !self.flush(vm) {
                return None;
            }
            self.invoke(vm, handler, args())
        }

        fn invoke(&self, vm: &VirtualMachine, handler: PyObjectRef, args: Vec<PyObjectRef>) -> Option<PyObjectRef> {
            self.in_callback.store(true, Ordering::Relaxed);
            let r = handler.call(args, vm);
            self.in_callback.store(false, Ordering::Relaxed);
            match r {
                Ok(v) => Some(v),
                Err(e) => {
                    self.flag_error(e);
                    None
                }
            }
        }

        /// Gives `data` to the character-data handler; false if it raised.
        pub(super) fn character_data(&self, vm: &VirtualMachine, data: &[u8]) -> bool {
            let Some(handler) = self.handler(CHARACTER_DATA) else { return false };
            let text = vm.ctx.new_str(&*String::from_utf8_lossy(data));
            self.invoke(vm, handler, vec![text.into()]).is_some()
        }

        /// Hands buffered character data to the handler; false if it raised.
        pub(super) fn flush(&self, vm: &VirtualMachine) -> bool {
            let pending = match self.buffer.lock().as_mut() {
                Some(b) if !b.is_empty() => std::mem::take(b),
                _ => return true,
            };
            let ok = self.character_data(vm, &pending);
            if let Some(b) = self.buffer.lock().as_mut() {
                if b.is_empty() {
                    // Reuse the allocation.
                    let mut pending = pending;
                    pending.clear();
                    *b = pending;
                }
            }
            ok
        }

        /// Runs `f` with this parser's callbacks pointed at `vm`.
        fn enter<R>(&self, vm: &VirtualMachine, f: impl FnOnce() -> R) -> PyResult<R> {
            if self.busy.swap(true, Ordering::Acquire) {
                return Err(vm.new_runtime_error("parser is already parsing (reentrant Parse call)".to_owned()));
            }
            let saved = self.vm.swap(vm as *const _ as *mut _, Ordering::Relaxed);
            let r = f();
            self.vm.store(saved, Ordering::Relaxed);
            self.busy.store(false, Ordering::Release);
            Ok(r)
        }

        /// CPython's `get_parse_result`.
        fn result(&self, vm: &VirtualMachine, rc: c_int) -> PyResult<i32> {
            if let Some(e) = self.error.lock().take() {
                return Err(e);
            }
            if rc == 0 {
                return Err(expat_error(vm, self.parser(), unsafe { XML_GetErrorCode(self.parser()) }));
            }
            if !self.flush(vm) {
                return Err(self.error.lock().take().expect("handler error"));
            }
            Ok(rc)
        }

        fn set_handler(&self, idx: usize, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            if idx == CHARACTER_DATA && !self.flush(vm) {
                return Err(self.error.lock().take().expect("handler error"));
            }
            let on = !vm.is_none(&value);
            let old = std::mem::replace(&mut self.handlers.write()[idx], on.then_some(value));
            unsafe { set_c_handler(self.parser(), idx, on) };
            drop(old);
            Ok(())
        }

        fn parse_bytes(&self, vm: &VirtualMachine, data: &[u8], is_final: bool) -> PyResult<i32> {
            let p = self.parser();
            let rc = self.enter(vm, || {
                let mut s = data;
                while s.len() > MAX_CHUNK {
                    let rc = unsafe { XML_Parse(p, s.as_ptr() as *const c_char, MAX_CHUNK as c_int, 0) };
                    if rc == 0 || self.failed() {
                        return rc;
                    }
                    s = &s[MAX_CHUNK..];
                }
                unsafe { XML_Parse(p, s.as_ptr() as *const c_char, s.len() as c_int, is_final as c_int) }
            })?;
            self.result(vm, rc)
        }
    }

    #[pyclass]
    impl XmlParser {
        #[extend_class]
        fn extend_class_with_handlers(ctx: &Context, class: &'static Py<PyType>) {
            for (idx, name) in HANDLERS.iter().enumerate() {
                let getset = ctx.new_static_getset(
                    name,
                    class,
                    move |zelf: &Py<XmlParser>, vm: &VirtualMachine| -> PyObjectRef {
                        zelf.handler(idx).unwrap_or_else(|| vm.ctx.none())
                    },
                    move |zelf: &Py<XmlParser>, value: PyObjectRef, vm: &VirtualMachine| -> PyResult<()> {
                        zelf.set_handler(idx, value, vm)
                    },
                );
                class.set_attr(ctx.intern_str(*name), getset.into());
            }
        }

        #[pymethod(name = "Parse")]
        fn parse(zelf: &Py<Self>, data: PyObjectRef, isfinal: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult<i32> {
            let is_final = match isfinal {
                OptionalArg::Present(v) => v.try_to_bool(vm)?,
                OptionalArg::Missing => false,
            };
            if let Some(s) = data.downcast_ref::<PyStr>() {
                // As CPython: text is parsed as UTF-8, whatever the
                // document's declaration says.
                unsafe { XML_SetEncoding(zelf.parser(), c"utf-8".as_ptr()) };
                return match s.to_str() {
                    Some(t) => zelf.parse_bytes(vm, t.as_bytes(), is_final),
                    None => {
                        let b = vm.call_method(&data, "encode", ("utf-8",))?;
                        let b = ArgBytesLike::try_from_object(vm, b)?;
                        let bytes = b.borrow_buf().to_vec();
                        zelf.parse_bytes(vm, &bytes, is_final)
                    }
                };
            }
            let buf = ArgBytesLike::try_from_object(vm, data)?;
            let bytes = buf.borrow_buf().to_vec();
            zelf.parse_bytes(vm, &bytes, is_final)
        }

        #[pymethod(name = "ParseFile")]
        fn parse_file(zelf: &Py<Self>, file: PyObjectRef, vm: &VirtualMachine) -> PyResult<i32> {
            let read = file
                .get_attr("read", vm)
                .map_err(|_| vm.new_type_error("argument must have 'read' attribute".to_owned()))?;
            let p = zelf.parser();
            let rc = loop {
                let chunk = read.call((READ_SIZE,), vm)?;
                let bytes: Vec<u8> = if let Some(b) = chunk.downcast_ref::<rustpython_vm::builtins::PyBytes>() {
                    b.as_bytes().to_vec()
                } else if let Some(b) = chunk.downcast_ref::<rustpython_vm::builtins::PyByteArray>() {
                    b.borrow_buf().to_vec()
                } else {
                    return Err(vm.new_type_error(format!(
                        "read() did not return a bytes object (type={:.400})",
                        chunk.class().name()
                    )));
                };
                if bytes.len() > READ_SIZE {
                    return Err(vm.new_value_error(format!(
                        "read() returned too much data: {READ_SIZE} bytes requested, {} returned",
                        bytes.len()
                    )));
                }
                let n = bytes.len();
                let rc = zelf.enter(vm, || unsafe {
                    let buf = XML_GetBuffer(p, READ_SIZE as c_int);
                    if buf.is_null() {
                        return 0;
                    }
                    std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf as *mut u8, n);
                    XML_ParseBuffer(p, n as c_int, (n == 0) as c_int)
                })?;
                if zelf.failed() || rc == 0 || n == 0 {
                    break rc;
                }
            };
            zelf.result(vm, rc)
        }

        #[pymethod(name = "SetBase")]
        fn set_base(zelf: &Py<Self>, base: PyStrRef, vm: &VirtualMachine) -> PyResult<()> {
            let c = CString::new(base.as_wtf8().to_string()).map_err(|_| vm.new_value_error("embedded null character".to_owned()))?;
            if unsafe { XML_SetBase(zelf.parser(), c.as_ptr()) } == 0 {
                return Err(vm.new_memory_error("".to_owned()));
            }
            Ok(())
        }

        #[pymethod(name = "GetBase")]
        fn get_base(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
            let b = unsafe { XML_GetBase(zelf.parser()) };
            if b.is_null() {
                vm.ctx.none()
            } else {
                vm.ctx.new_str(&*unsafe { CStr::from_ptr(b) }.to_string_lossy()).into()
            }
        }

        #[pymethod(name = "GetInputContext")]
        fn get_input_context(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
            if !get_bool(&zelf.in_callback) {
                return vm.ctx.none();
            }
            let (mut offset, mut size) = (0, 0);
            let buf = unsafe { XML_GetInputContext(zelf.parser(), &mut offset, &mut size) };
            if buf.is_null() {
                return vm.ctx.none();
            }
            let s = unsafe { std::slice::from_raw_parts(buf.add(offset as usize) as *const u8, (size - offset) as usize) };
            vm.ctx.new_bytes(s.to_vec()).into()
        }

        #[pymethod(name = "ExternalEntityParserCreate")]
        fn external_entity_parser_create(
            zelf: &Py<Self>,
            context: Option<PyStrRef>,
            encoding: OptionalArg<PyStrRef>,
            vm: &VirtualMachine,
        ) -> PyResult<PyRef<XmlParser>> {
            let cstr = |s: &PyStrRef| CString::new(s.as_wtf8().to_string()).map_err(|_| vm.new_value_error("embedded null character".to_owned()));
            let context = context.as_ref().map(cstr).transpose()?;
            let encoding = encoding.as_ref().map(cstr).transpose()?;
            let raw = unsafe {
                XML_ExternalEntityParserCreate(
                    zelf.parser(),
                    context.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
                    encoding.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
                )
            };
            let child = XmlParser::create(raw, zelf.intern.clone(), Some(zelf.to_owned().into()), vm)?;
            child.buffer_size.store(zelf.buffer_size.load(Ordering::Relaxed), Ordering::Relaxed);
            if zelf.buffer.lock().is_some() {
                *child.buffer.lock() = Some(Vec::new());
            }
            for b in [
                (&child.ordered_attributes, &zelf.ordered_attributes),
                (&child.specified_attributes, &zelf.specified_attributes),
                (&child.namespace_prefixes, &zelf.namespace_prefixes),
            ] {
                b.0.store(get_bool(b.1), Ordering::Relaxed);
            }
            let handlers = zelf.handlers.read().clone();
            for (i, h) in handlers.into_iter().enumerate() {
                if h.is_some() {
                    unsafe { set_c_handler(raw, i, true) };
                    child.handlers.write()[i] = h;
                }
            }
            Ok(child)
        }

        #[pymethod(name = "SetParamEntityParsing")]
        fn set_param_entity_parsing(zelf: &Py<Self>, flag: i32) -> i32 {
            unsafe { XML_SetParamEntityParsing(zelf.parser(), flag) }
        }

        #[pymethod(name = "UseForeignDTD")]
        fn use_foreign_dtd(zelf: &Py<Self>, flag: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
            let flag = match flag {
                OptionalArg::Present(v) => v.try_to_bool(vm)?,
                OptionalArg::Missing => true,
            };
            let rc = unsafe { XML_UseForeignDTD(zelf.parser(), flag as u8) };
            if rc != 0 {
                return Err(expat_error(vm, zelf.parser(), rc));
            }
            Ok(())
        }

        #[pygetset(name = "intern")]
        fn intern_dict(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
            zelf.intern.clone().unwrap_or_else(|| vm.ctx.none())
        }

        #[pygetset]
        fn buffer_text(zelf: &Py<Self>) -> bool {
            zelf.buffer.lock().is_some()
        }
        #[pygetset(setter)]
        fn set_buffer_text(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            if value.try_to_bool(vm)? {
                let mut b = zelf.buffer.lock();
                if b.is_none() {
                    *b = Some(Vec::new());
                }
            } else {
                if !zelf.flush(vm) {
                    return Err(zelf.error.lock().take().expect("handler error"));
                }
                *zelf.buffer.lock() = None;
            }
            Ok(())
        }

        #[pygetset]
        fn buffer_size(zelf: &Py<Self>) -> usize {
            zelf.buffer_size.load(Ordering::Relaxed)
        }
        #[pygetset(setter)]
        fn set_buffer_size(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            let Some(n) = value.downcast_ref::<rustpython_vm::builtins::PyInt>() else {
                return Err(vm.new_type_error("buffer_size must be an integer".to_owned()));
            };
            let n: i64 = n.try_to_primitive(vm)?;
            if n <= 0 {
                return Err(vm.new_value_error("buffer_size must be greater than zero".to_owned()));
            }
            if n as usize == zelf.buffer_size.load(Ordering::Relaxed) {
                return Ok(());
            }
            if n > i32::MAX as i64 {
                return Err(vm.new_value_error(format!("buffer_size must not be greater than {}", i32::MAX)));
            }
            if !zelf.flush(vm) {
                return Err(zelf.error.lock().take().expect("handler error"));
            }
            // As CPython, a new size allocates a buffer (turning
            // buffer_text on).
            *zelf.buffer.lock() = Some(Vec::new());
            zelf.buffer_size.store(n as usize, Ordering::Relaxed);
            Ok(())
        }

        #[pygetset]
        fn buffer_used(zelf: &Py<Self>) -> usize {
            zelf.buffer.lock().as_ref().map_or(0, |b| b.len())
        }

        #[pygetset]
        fn namespace_prefixes(zelf: &Py<Self>) -> bool {
            get_bool(&zelf.namespace_prefixes)
        }
        #[pygetset(setter)]
        fn set_namespace_prefixes(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            let b = value.try_to_bool(vm)?;
            zelf.namespace_prefixes.store(b, Ordering::Relaxed);
            unsafe { XML_SetReturnNSTriplet(zelf.parser(), b as c_int) };
            Ok(())
        }

        #[pygetset]
        fn ordered_attributes(zelf: &Py<Self>) -> bool {
            get_bool(&zelf.ordered_attributes)
        }
        #[pygetset(setter)]
        fn set_ordered_attributes(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            zelf.ordered_attributes.store(value.try_to_bool(vm)?, Ordering::Relaxed);
            Ok(())
        }

        #[pygetset]
        fn specified_attributes(zelf: &Py<Self>) -> bool {
            get_bool(&zelf.specified_attributes)
        }
        #[pygetset(setter)]
        fn set_specified_attributes(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            zelf.specified_attributes.store(value.try_to_bool(vm)?, Ordering::Relaxed);
            Ok(())
        }

        #[pygetset(name = "ErrorCode")]
        fn error_code(zelf: &Py<Self>) -> i32 {
            unsafe { XML_GetErrorCode(zelf.parser()) }
        }
        #[pygetset(name = "ErrorLineNumber")]
        fn error_line_number(zelf: &Py<Self>) -> u64 {
            unsafe { XML_GetCurrentLineNumber(zelf.parser()) as u64 }
        }
        #[pygetset(name = "ErrorColumnNumber")]
        fn error_column_number(zelf: &Py<Self>) -> u64 {
            unsafe { XML_GetCurrentColumnNumber(zelf.parser()) as u64 }
        }
        #[pygetset(name = "ErrorByteIndex")]
        fn error_byte_index(zelf: &Py<Self>) -> i64 {
            unsafe { XML_GetCurrentByteIndex(zelf.parser()) as i64 }
        }
        #[pygetset(name = "CurrentLineNumber")]
        fn current_line_number(zelf: &Py<Self>) -> u64 {
            unsafe { XML_GetCurrentLineNumber(zelf.parser()) as u64 }
        }
        #[pygetset(name = "CurrentColumnNumber")]
        fn current_column_number(zelf: &Py<Self>) -> u64 {
            unsafe { XML_GetCurrentColumnNumber(zelf.parser()) as u64 }
        }
        #[pygetset(name = "CurrentByteIndex")]
        fn current_byte_index(zelf: &Py<Self>) -> i64 {
            unsafe { XML_GetCurrentByteIndex(zelf.parser()) as i64 }
        }
    }

    #[derive(rustpython_vm::FromArgs)]
    struct ParserCreateArgs {
        #[pyarg(any, optional)]
        encoding: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        namespace_separator: OptionalArg<PyObjectRef>,
        #[pyarg(any, optional)]
        intern: OptionalArg<PyObjectRef>,
    }

    /// A `str or None` argument of ParserCreate, as a C string.
    fn c_arg(v: OptionalArg<PyObjectRef>, name: &str, vm: &VirtualMachine) -> PyResult<Option<CString>> {
        let v = match v {
            OptionalArg::Present(v) if !vm.is_none(&v) => v,
            _ => return Ok(None),
        };
        let Some(s) = v.downcast_ref::<PyStr>() else {
            return Err(vm.new_type_error(format!(
                "ParserCreate() argument '{name}' must be str or None, not {}",
                v.class().name()
            )));
        };
        CString::new(s.as_wtf8().to_string()).map(Some).map_err(|_| vm.new_value_error("embedded null character".to_owned()))
    }

    #[pyfunction(name = "ParserCreate")]
    fn parser_create(args: ParserCreateArgs, vm: &VirtualMachine) -> PyResult<PyRef<XmlParser>> {
        let encoding = c_arg(args.encoding, "encoding", vm)?;
        let separator = c_arg(args.namespace_separator, "namespace_separator", vm)?;
        if separator.as_ref().is_some_and(|s| s.as_bytes().len() > 1) {
            return Err(vm.new_value_error(
                "namespace_separator must be at most one character, omitted, or None".to_owned(),
            ));
        }
        let intern = match args.intern {
            OptionalArg::Missing => Some(vm.ctx.new_dict().into()),
            OptionalArg::Present(v) if vm.is_none(&v) => None,
            OptionalArg::Present(v) if v.downcast_ref::<PyDict>().is_some() => Some(v),
            OptionalArg::Present(_) => return Err(vm.new_type_error("intern must be a dictionary".to_owned())),
        };
        let raw = unsafe {
            XML_ParserCreate_MM(
                encoding.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
                std::ptr::null(),
                separator.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
            )
        };
        XmlParser::create(raw, intern, None, vm)
    }

    #[pyfunction(name = "ErrorString")]
    fn error_string_fn(code: i64, vm: &VirtualMachine) -> PyObjectRef {
        match i32::try_from(code).ok().and_then(error_string) {
            Some(s) => vm.ctx.new_str(s).into(),
            None => vm.ctx.none(),
        }
    }
}

// ---- expat's callbacks --------------------------------------------------

use pyexpat::XmlParser;
use rustpython_vm::{PyObjectRef, VirtualMachine};

/// The parser object behind expat's user data, and the VM parsing with it.
unsafe fn ctx<'a>(ud: *mut c_void) -> Option<(&'a XmlParser, &'a VirtualMachine)> {
    if ud.is_null() {
        return None;
    }
    let p = &*(ud as *const XmlParser);
    let vm = p.vm.load(Ordering::Relaxed);
    (!vm.is_null()).then(|| (p, &*vm))
}

/// CPython's `conv_string_to_unicode`: None for NULL.
unsafe fn text(vm: &VirtualMachine, s: *const c_char) -> PyObjectRef {
    if s.is_null() {
        vm.ctx.none()
    } else {
        vm.ctx.new_str(&*CStr::from_ptr(s).to_string_lossy()).into()
    }
}

unsafe fn text_len(vm: &VirtualMachine, s: *const c_char, len: c_int) -> PyObjectRef {
    if s.is_null() {
        return vm.ctx.none();
    }
    let bytes = std::slice::from_raw_parts(s as *const u8, len.max(0) as usize);
    vm.ctx.new_str(&*String::from_utf8_lossy(bytes)).into()
}

/// Arguments made last to first, then put in order: CPython builds them
/// with one `Py_BuildValue` call whose arguments GCC evaluates right to
/// left, which decides the order names enter the `intern` dict.
fn rtl(mut args: Vec<PyObjectRef>) -> Vec<PyObjectRef> {
    args.reverse();
    args
}

fn int(vm: &VirtualMachine, v: c_int) -> PyObjectRef {
    vm.ctx.new_int(v).into()
}

/// An int-returning handler's result (0 when it is unset or raised).
fn int_result(p: &XmlParser, vm: &VirtualMachine, r: Option<PyObjectRef>) -> c_int {
    match r.map(|v| v.try_into_value::<i32>(vm)) {
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            p.flag_error(e);
            0
        }
        None => 0,
    }
}

unsafe extern "C" fn on_start_element(ud: *mut c_void, name: *const c_char, atts: *mut *const c_char) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, START_ELEMENT, || {
        let max = if p.specified_attributes.load(Ordering::Relaxed) {
            XML_GetSpecifiedAttributeCount(p.parser()).max(0) as usize
        } else {
            let mut n = 0;
            while !(*atts.add(n)).is_null() {
                n += 2;
            }
            n
        };
        let container: PyObjectRef = if p.ordered_attributes.load(Ordering::Relaxed) {
            let mut items = Vec::with_capacity(max);
            for i in (0..max).step_by(2) {
                items.push(p.intern(vm, *atts.add(i)));
                items.push(text(vm, *atts.add(i + 1)));
            }
            vm.ctx.new_list(items).into()
        } else {
            let d = vm.ctx.new_dict();
            for i in (0..max).step_by(2) {
                let _ = d.set_item(&*p.intern(vm, *atts.add(i)), text(vm, *atts.add(i + 1)), vm);
            }
            d.into()
        };
        vec![p.intern(vm, name), container]
    });
}

unsafe extern "C" fn on_end_element(ud: *mut c_void, name: *const c_char) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, END_ELEMENT, || vec![p.intern(vm, name)]);
}

unsafe extern "C" fn on_pi(ud: *mut c_void, target: *const c_char, data: *const c_char) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, PROCESSING_INSTRUCTION, || rtl(vec![text(vm, data), p.intern(vm, target)]));
}

/// CPython's `my_CharacterDataHandler`: with `buffer_text`, data is
/// gathered up to `buffer_size` and handed over before any other event.
unsafe extern "C" fn on_character_data(ud: *mut c_void, data: *const c_char, len: c_int) {
    let Some((p, vm)) = ctx(ud) else { return };
    if p.failed() {
        return;
    }
    let data = std::slice::from_raw_parts(data as *const u8, len.max(0) as usize);
    let size = p.buffer_size.load(Ordering::Relaxed);
    let used = match p.buffer.lock().as_ref() {
        None => {
            p.character_data(vm, data);
            return;
        }
        Some(b) => b.len(),
    };
    if used + data.len() > size {
        if !p.flush(vm) || p.handler(CHARACTER_DATA).is_none() {
            return;
        }
    }
    if data.len() > size {
        p.character_data(vm, data);
        return;
    }
    match p.buffer.lock().as_mut() {
        Some(b) => b.extend_from_slice(data),
        None => {
            // The handler turned buffering off meanwhile.
            p.character_data(vm, data);
        }
    }
}

unsafe extern "C" fn on_unparsed_entity_decl(
    ud: *mut c_void,
    name: *const c_char,
    base: *const c_char,
    system_id: *const c_char,
    public_id: *const c_char,
    notation: *const c_char,
) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, UNPARSED_ENTITY_DECL, || {
        rtl([name, base, system_id, public_id, notation].iter().rev().map(|s| p.intern(vm, *s)).collect())
    });
}

unsafe extern "C" fn on_notation_decl(
    ud: *mut c_void,
    name: *const c_char,
    base: *const c_char,
    system_id: *const c_char,
    public_id: *const c_char,
) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, NOTATION_DECL, || rtl([name, base, system_id, public_id].iter().rev().map(|s| p.intern(vm, *s)).collect()));
}

unsafe extern "C" fn on_start_namespace_decl(ud: *mut c_void, prefix: *const c_char, uri: *const c_char) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, START_NAMESPACE_DECL, || rtl(vec![p.intern(vm, uri), p.intern(vm, prefix)]));
}

unsafe extern "C" fn on_end_namespace_decl(ud: *mut c_void, prefix: *const c_char) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, END_NAMESPACE_DECL, || vec![p.intern(vm, prefix)]);
}

unsafe extern "C" fn on_comment(ud: *mut c_void, data: *const c_char) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, COMMENT, || vec![text(vm, data)]);
}

unsafe extern "C" fn on_start_cdata(ud: *mut c_void) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, START_CDATA, Vec::new);
}

unsafe extern "C" fn on_end_cdata(ud: *mut c_void) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, END_CDATA, Vec::new);
}

unsafe extern "C" fn on_default(ud: *mut c_void, s: *const c_char, len: c_int) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, DEFAULT, || vec![text_len(vm, s, len)]);
}

unsafe extern "C" fn on_default_expand(ud: *mut c_void, s: *const c_char, len: c_int) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, DEFAULT_EXPAND, || vec![text_len(vm, s, len)]);
}

unsafe extern "C" fn on_not_standalone(ud: *mut c_void) -> c_int {
    let Some((p, vm)) = ctx(ud) else { return 0 };
    let r = p.call(vm, NOT_STANDALONE, Vec::new);
    int_result(p, vm, r)
}

unsafe extern "C" fn on_external_entity_ref(
    parser: XML_Parser,
    context: *const c_char,
    base: *const c_char,
    system_id: *const c_char,
    public_id: *const c_char,
) -> c_int {
    let Some((p, vm)) = ctx(get_user_data(parser)) else { return 0 };
    let r = p.call(vm, EXTERNAL_ENTITY_REF, || {
        rtl(vec![p.intern(vm, public_id), p.intern(vm, system_id), p.intern(vm, base), text(vm, context)])
    });
    int_result(p, vm, r)
}

/// Installed after a handler raised (CPython's
/// `error_external_entity_ref_handler`).
unsafe extern "C" fn on_external_entity_ref_error(
    _: XML_Parser,
    _: *const c_char,
    _: *const c_char,
    _: *const c_char,
    _: *const c_char,
) -> c_int {
    0
}

unsafe extern "C" fn on_start_doctype(
    ud: *mut c_void,
    name: *const c_char,
    sysid: *const c_char,
    pubid: *const c_char,
    has_internal_subset: c_int,
) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, START_DOCTYPE, || {
        rtl(vec![int(vm, has_internal_subset), p.intern(vm, pubid), p.intern(vm, sysid), p.intern(vm, name)])
    });
}

unsafe extern "C" fn on_end_doctype(ud: *mut c_void) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, END_DOCTYPE, Vec::new);
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn on_entity_decl(
    ud: *mut c_void,
    name: *const c_char,
    is_parameter_entity: c_int,
    value: *const c_char,
    value_length: c_int,
    base: *const c_char,
    system_id: *const c_char,
    public_id: *const c_char,
    notation: *const c_char,
) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, ENTITY_DECL, || {
        rtl(vec![
            p.intern(vm, notation),
            p.intern(vm, public_id),
            p.intern(vm, system_id),
            p.intern(vm, base),
            text_len(vm, value, value_length),
            int(vm, is_parameter_entity),
            p.intern(vm, name),
        ])
    });
}

unsafe extern "C" fn on_xml_decl(ud: *mut c_void, version: *const c_char, encoding: *const c_char, standalone: c_int) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, XML_DECL, || vec![text(vm, version), text(vm, encoding), int(vm, standalone)]);
}

/// CPython's `conv_content_model`: (type, quant, name, children).
unsafe fn content_model(vm: &VirtualMachine, m: *const XML_Content) -> PyObjectRef {
    let m = &*m;
    let children: Vec<PyObjectRef> =
        (0..m.numchildren as usize).map(|i| content_model(vm, m.children.add(i))).collect();
    vm.ctx
        .new_tuple(vec![int(vm, m.type_), int(vm, m.quant), text(vm, m.name), vm.ctx.new_tuple(children).into()])
        .into()
}

unsafe extern "C" fn on_element_decl(ud: *mut c_void, name: *const c_char, model: *mut XML_Content) {
    if let Some((p, vm)) = ctx(ud) {
        p.call(vm, ELEMENT_DECL, || vec![p.intern(vm, name), content_model(vm, model)]);
    }
    if !ud.is_null() {
        XML_FreeContentModel((*(ud as *const XmlParser)).parser(), model);
    }
}

unsafe extern "C" fn on_attlist_decl(
    ud: *mut c_void,
    elname: *const c_char,
    attname: *const c_char,
    att_type: *const c_char,
    dflt: *const c_char,
    isrequired: c_int,
) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, ATTLIST_DECL, || {
        rtl(vec![int(vm, isrequired), text(vm, dflt), text(vm, att_type), p.intern(vm, attname), p.intern(vm, elname)])
    });
}

unsafe extern "C" fn on_skipped_entity(ud: *mut c_void, name: *const c_char, is_parameter_entity: c_int) {
    let Some((p, vm)) = ctx(ud) else { return };
    p.call(vm, SKIPPED_ENTITY, || vec![p.intern(vm, name), int(vm, is_parameter_entity)]);
}

/// CPython's `PyUnknownEncodingHandler`: an 8-bit encoding expat does not
/// know is mapped through Python's codec of that name.
unsafe extern "C" fn on_unknown_encoding(data: *mut c_void, name: *const c_char, info: *mut XML_Encoding) -> c_int {
    let Some((p, vm)) = ctx(data) else { return 0 };
    let name = CStr::from_ptr(name).to_string_lossy().into_owned();
    let all: Vec<u8> = (0..=255u8).collect();
    let decoded = vm
        .call_method(vm.ctx.new_bytes(all).as_ref(), "decode", (name, "replace"))
        .and_then(|s| s.try_into_value::<String>(vm));
    let s = match decoded {
        Ok(s) => s,
        Err(e) => {
            *p.error.lock() = Some(e);
            return 0;
        }
    };
    let chars: Vec<char> = s.chars().collect();
    if chars.len() != 256 {
        *p.error.lock() = Some(vm.new_value_error("multi-byte encodings are not supported".to_owned()));
        return 0;
    }
    for (i, c) in chars.iter().enumerate() {
        (*info).map[i] = if *c == '\u{fffd}' { -1 } else { *c as c_int };
    }
    (*info).data = std::ptr::null_mut();
    (*info).convert = None;
    (*info).release = None;
    1
}
