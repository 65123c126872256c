//! hipy as a library: a Python 3 runtime (RustPython 0.6's compiler,
//! objects and standard library, run by hipy's interpreter and tracing
//! JIT, with hipy's lazy `numpy`) that a Rust program can embed. The
//! `hipy` command is built on this API.
//!
//! ```no_run
//! use hipy::{Runtime, Value};
//!
//! let rt = Runtime::builder().jit(true).build().expect("runtime");
//! rt.set_global("n", 10).unwrap();
//! rt.run_source("squares = [i * i for i in range(n)]", "<embedded>").unwrap();
//! assert_eq!(rt.eval("sum(squares)").unwrap(), Value::Int(285));
//! ```
//!
//! - A [`Runtime`] is one interpreter with its `__main__` module. It lives
//!   on the thread that built it (it is neither `Send` nor `Sync`). Python
//!   code uses the Rust stack for calls back from native code, so give that
//!   thread a large stack (the `hipy` command uses 1 GiB) when deep
//!   recursion must end in `RecursionError` rather than a stack overflow.
//! - The JIT and lazy-numpy settings are per process: the first runtime
//!   built fixes them (the `HIPY_JIT*` and `HIPY_LAZY` environment
//!   variables apply where the builder says nothing).
//! - Python exceptions come back as [`Error`]; [`Runtime::print_error`]
//!   prints one as Python would.
//! - [`Value`] converts plain data both ways; [`Runtime::with_vm`] gives
//!   RustPython's API for everything else.

mod config;
mod ensurepip;
mod frozen_stdlib;
mod startup;
mod stdlib_files;
mod value;

use std::path::Path;

use rustpython::InterpreterBuilder;
use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, Interpreter, PyResult, VirtualMachine};

pub use config::Flags;
pub use rustpython_vm;
pub use value::Value;

/// Which interpreter runs Python code.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Engine {
    /// hipy's interpreter and JIT.
    #[default]
    Hipy,
    /// RustPython's own interpreter, for comparison and debugging.
    RustPython,
}

/// Configures and builds a [`Runtime`].
#[derive(Clone, Debug)]
pub struct Builder {
    flags: Flags,
    argv: Vec<String>,
    engine: Engine,
    jit: Option<bool>,
    jit_threshold: Option<u64>,
    lazy: Option<bool>,
    paths: Vec<String>,
    interactive: bool,
    stats: bool,
    text: Option<Text>,
}

/// How the standard streams encode text, decided before start-up (by the
/// `hipy` command's locale set-up), and a hook that names them once the
/// interpreter exists.
#[derive(Clone, Debug)]
struct Text {
    utf8_mode: i8,
    stdio_encoding: String,
    stdio_errors: String,
    name_streams: fn(&VirtualMachine) -> PyResult<()>,
}

impl Default for Builder {
    fn default() -> Self {
        Self {
            flags: Flags::default(),
            argv: vec![String::new()],
            engine: Engine::Hipy,
            jit: None,
            jit_threshold: None,
            lazy: None,
            paths: Vec::new(),
            interactive: false,
            stats: false,
            text: None,
        }
    }
}

impl Builder {
    /// `python3`'s interpreter flags (`-O`, `-B`, `-I`, `-W`, `-X`, ...).
    /// By default none is set, and the `PYTHON*` environment variables
    /// (`PYTHONPATH`, `PYTHONHOME`, ...) apply, as in CPython's own
    /// embedding; `Flags { ignore_environment: true, .. }` ignores them.
    pub fn flags(mut self, flags: Flags) -> Self {
        self.flags = flags;
        self
    }

    /// `sys.argv` (default `[""]`).
    pub fn argv(mut self, argv: Vec<String>) -> Self {
        self.argv = argv;
        self
    }

    /// The interpreter that runs Python code (default hipy's).
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The tracing JIT on or off (default: on, or `HIPY_JIT`).
    pub fn jit(mut self, on: bool) -> Self {
        self.jit = Some(on);
        self
    }

    /// Loop back-edges before a loop is compiled (default: 1000, or
    /// `HIPY_JIT_THRESHOLD`).
    pub fn jit_threshold(mut self, n: u64) -> Self {
        self.jit_threshold = Some(n);
        self
    }

    /// numpy calls build a lazy graph (`true`, the default, or
    /// `HIPY_LAZY`) or run one at a time.
    pub fn lazy(mut self, on: bool) -> Self {
        self.lazy = Some(on);
        self
    }

    /// A directory put on `sys.path` before the standard library, as an
    /// entry of `PYTHONPATH` would be.
    pub fn path(mut self, dir: impl Into<String>) -> Self {
        self.paths.push(dir.into());
        self
    }

    /// Marks the runtime as interactive (`sys.flags.interactive`), for a
    /// REPL.
    pub fn interactive(mut self, on: bool) -> Self {
        self.interactive = on;
        self
    }

    /// Instruction counters for `hipy run --stats`.
    pub fn stats(mut self, on: bool) -> Self {
        self.stats = on;
        self
    }

    /// The standard streams' encoding and error handler and UTF-8 mode, as
    /// the process's locale set-up decided them, and a function run first
    /// in the new interpreter (it names the streams). Without this, the
    /// streams are UTF-8 (unless `PYTHONIOENCODING` says otherwise), as
    /// CPython 3.11 makes them in the C locale.
    pub fn text(
        mut self,
        utf8_mode: i8,
        stdio_encoding: String,
        stdio_errors: String,
        name_streams: fn(&VirtualMachine) -> PyResult<()>,
    ) -> Self {
        self.text = Some(Text { utf8_mode, stdio_encoding, stdio_errors, name_streams });
        self
    }

    /// Creates the interpreter and runs Python's start-up (`site`,
    /// `warnings`). A failure here is an exception raised during start-up.
    pub fn build(self) -> Result<Runtime, Error> {
        hipy_vm::configure_jit(self.jit, self.jit_threshold);
        hipy_shims::configure_lazy(self.lazy);
        let mut settings = self.flags.settings(self.argv, self.interactive);
        let mut paths = self.paths;
        paths.append(&mut settings.path_list);
        settings.path_list = paths;
        match &self.text {
            Some(t) => {
                settings.utf8_mode = t.utf8_mode;
                settings.stdio_encoding = Some(t.stdio_encoding.clone());
                settings.stdio_errors = Some(t.stdio_errors.clone());
            }
            // CPython 3.11 coerces the C locale to UTF-8 (PEP 538/540), so
            // its standard streams are UTF-8 unless PYTHONIOENCODING says
            // otherwise.
            None if std::env::var_os("PYTHONIOENCODING").is_none() => {
                settings.stdio_encoding = Some("utf-8".to_owned());
            }
            None => {}
        }
        let builder = hipy_stdlib::add_modules(hipy_shims::add_modules(
            frozen_stdlib::init_stdlib(InterpreterBuilder::new().settings(settings)),
        ))
        .init_hook(stdlib_files::configure);
        let interp = builder.interpreter();
        let (engine, flags, stats) = (self.engine, self.flags, self.stats);
        let name_streams = self.text.as_ref().map(|t| t.name_streams);
        let main = interp.enter(|vm| -> PyResult<Scope> {
            if let Some(name_streams) = name_streams {
                name_streams(vm)?;
            }
            startup::run(vm, engine, &flags, stats)?;
            vm.new_scope_with_main()
        });
        match main {
            Ok(main) => Ok(Runtime { interp, engine, main }),
            Err(exc) => Err(interp.enter(|vm| Error::new(vm, exc))),
        }
    }
}

/// A Python interpreter with its `__main__` module.
pub struct Runtime {
    interp: Interpreter,
    engine: Engine,
    main: Scope,
}

impl Runtime {
    pub fn builder() -> Builder {
        Builder::default()
    }

    /// A runtime with the default configuration.
    pub fn new() -> Result<Self, Error> {
        Builder::default().build()
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Runs a Python source file as `__main__` (it sets `__file__`).
    /// `sys.path` is left as it is: `python3 path` would also put the
    /// file's directory first.
    pub fn run_file(&self, path: impl AsRef<Path>) -> Result<(), Error> {
        let path = path.as_ref();
        self.enter(|vm| {
            let source = std::fs::read(path).map_err(|e| {
                vm.new_os_error(format!("[Errno {}] {}: '{}'", e.raw_os_error().unwrap_or(0), e, path.display()))
            })?;
            let name = path.display().to_string();
            let globals = &self.main.globals;
            globals.set_item("__file__", vm.ctx.new_str(name.as_str()).into(), vm)?;
            globals.set_item("__cached__", vm.ctx.none(), vm)?;
            self.exec(vm, &String::from_utf8_lossy(&source), &name)
        })
    }

    /// Runs source code in `__main__`; `filename` appears in tracebacks.
    pub fn run_source(&self, source: &str, filename: &str) -> Result<(), Error> {
        self.enter(|vm| self.exec(vm, source, filename))
    }

    /// Runs a module as `python3 -m name` does (as `__main__`, through
    /// `runpy`).
    pub fn run_module(&self, name: &str) -> Result<(), Error> {
        self.enter(|vm| {
            let _wheel = if name == "ensurepip" { Some(ensurepip::provide_wheel(vm)?) } else { None };
            let runpy = vm.import("runpy", 0)?;
            let run = runpy.get_attr("_run_module_as_main", vm)?;
            run.call((vm.ctx.new_str(name), true), vm)?;
            Ok(())
        })
    }

    /// Evaluates an expression in `__main__`'s namespace.
    pub fn eval(&self, expr: &str) -> Result<Value, Error> {
        self.enter(|vm| {
            let obj = self.eval_object(vm, expr)?;
            Value::from_py(vm, &obj)
        })
    }

    /// A global of `__main__`, or `None` when it is not set.
    pub fn global(&self, name: &str) -> Result<Option<Value>, Error> {
        self.enter(|vm| match self.main.globals.get_item_opt(name, vm)? {
            Some(v) => Value::from_py(vm, &v).map(Some),
            None => Ok(None),
        })
    }

    /// Sets a global of `__main__`.
    pub fn set_global(&self, name: &str, value: impl Into<Value>) -> Result<(), Error> {
        let value = value.into();
        self.enter(|vm| {
            let obj = value.to_py(vm)?;
            self.main.globals.set_item(name, obj, vm)
        })
    }

    /// Calls the callable that the expression `callable` names in
    /// `__main__` (a function name, `obj.method`, ...) with `args`.
    pub fn call(&self, callable: &str, args: &[Value]) -> Result<Value, Error> {
        self.enter(|vm| {
            let f = self.eval_object(vm, callable)?;
            let args = args.iter().map(|a| a.to_py(vm)).collect::<PyResult<Vec<_>>>()?;
            let r = f.call(args, vm)?;
            Value::from_py(vm, &r)
        })
    }

    /// RustPython's VM and the `__main__` scope, for what the API above
    /// does not cover.
    pub fn with_vm<R>(&self, f: impl FnOnce(&VirtualMachine, &Scope) -> R) -> R {
        self.interp.enter(|vm| f(vm, &self.main))
    }

    /// An exception raised through [`Runtime::with_vm`] as an [`Error`].
    pub fn error(&self, exc: PyBaseExceptionRef) -> Error {
        self.interp.enter(|vm| Error::new(vm, exc))
    }

    /// Prints an exception with its traceback to `sys.stderr`, as Python
    /// prints an uncaught one.
    pub fn print_error(&self, error: &Error) {
        self.interp.enter(|vm| vm.print_exception(&error.exc));
    }

    /// Shuts the interpreter down as `python3` does at exit: an uncaught
    /// exception is printed (or a `SystemExit` taken as the status),
    /// non-daemon threads are joined, `atexit` functions run, streams are
    /// flushed. Returns the process exit status.
    pub fn finish(self, error: Option<Error>) -> u8 {
        let Runtime { interp, engine, main } = self;
        // `__main__`'s namespace must die with its module when finalization
        // takes the modules out of sys.modules, so that objects left in it
        // are finalized (their `__del__` run, a NamedTemporaryFile deleted)
        // as CPython does; this handle would keep it alive.
        drop(main);
        let clean = match &error {
            None => true,
            Some(e) => e.is_system_exit(),
        };
        if engine == Engine::Hipy && clean {
            // Not after other exceptions: sys.excepthook runs before the import.
            let done = interp.enter(hipy_vm::threads::finish_without_importing_threading);
            if let Err(exc) = done {
                let status = interp.enter(|vm| exit_status(vm, &exc));
                let finalized = interp.finalize(Some(exc));
                return status.unwrap_or(finalized.min(255) as u8);
            }
        }
        let status = error.as_ref().and_then(|e| interp.enter(|vm| exit_status(vm, &e.exc)));
        let finalized = interp.finalize(error.map(|e| e.exc));
        status.unwrap_or(finalized.min(255) as u8)
    }

    fn enter<R>(&self, f: impl FnOnce(&VirtualMachine) -> PyResult<R>) -> Result<R, Error> {
        self.interp.enter(|vm| f(vm).map_err(|exc| Error::new(vm, exc)))
    }

    fn exec(&self, vm: &VirtualMachine, source: &str, path: &str) -> PyResult<()> {
        let code = hipy_vm::compat::compile(vm, source, rustpython_vm::compiler::Mode::Exec, path)
            .map_err(|err| hipy_vm::compat::syntax_error(vm, err.into_pyexception(vm, Some(source)), source, path))?;
        self.run_code(vm, code).map(drop)
    }

    fn eval_object(&self, vm: &VirtualMachine, expr: &str) -> PyResult {
        let code = vm
            .compile(expr, rustpython_vm::compiler::Mode::Eval, "<string>".to_owned())
            .map_err(|err| hipy_vm::compat::syntax_error(vm, err.into_pyexception(vm, Some(expr)), expr, "<string>"))?;
        self.run_code(vm, code)
    }

    fn run_code(&self, vm: &VirtualMachine, code: rustpython_vm::PyRef<rustpython_vm::builtins::PyCode>) -> PyResult {
        let globals = self.main.globals.clone();
        match self.engine {
            Engine::Hipy => hipy_vm::run_module_code(vm, code, globals.clone(), Some(globals.into())),
            Engine::RustPython => vm.run_code_obj(code, self.main.clone()),
        }
    }
}

/// The process status of `SystemExit(code)` with an int code, as CPython
/// computes it: the code as a C `int` (the low byte is what the OS keeps,
/// so `sys.exit(256)` exits 0), -1 for a code beyond a C `long`.
fn exit_status(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> Option<u8> {
    if !exc.fast_isinstance(vm.ctx.exceptions.system_exit) {
        return None;
    }
    let code = exc.as_object().get_attr("code", vm).ok()?;
    let code = code.downcast_ref::<rustpython_vm::builtins::PyInt>()?;
    let low = code.try_to_primitive::<i64>(vm).unwrap_or(-1);
    Some(low as u8)
}

/// A Python exception that reached Rust.
pub struct Error {
    exc: PyBaseExceptionRef,
    type_name: String,
    message: String,
    system_exit: bool,
}

impl Error {
    fn new(vm: &VirtualMachine, exc: PyBaseExceptionRef) -> Self {
        let type_name = exc.class().name().to_string();
        let message = match exc.as_object().str(vm) {
            Ok(s) => s.as_wtf8().to_string(),
            Err(_) => String::from("<exception str() failed>"),
        };
        let system_exit = exc.fast_isinstance(vm.ctx.exceptions.system_exit);
        Self { exc, type_name, message, system_exit }
    }

    /// The exception's class name (`"ValueError"`).
    pub fn type_name(&self) -> &str {
        &self.type_name
    }

    /// `str()` of the exception.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// `SystemExit` (or a subclass): `sys.exit()` was called.
    pub fn is_system_exit(&self) -> bool {
        self.system_exit
    }

    /// The exception object itself.
    pub fn exception(&self) -> &PyBaseExceptionRef {
        &self.exc
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.message.is_empty() {
            write!(f, "{}", self.type_name)
        } else {
            write!(f, "{}: {}", self.type_name, self.message)
        }
    }
}

impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "hipy::Error({self})")
    }
}

impl std::error::Error for Error {}
