//! Locale and text-encoding set-up at start-up, as CPython 3.11 does it
//! before the interpreter exists:
//!
//! - LC_CTYPE is set from the environment (`setlocale(LC_CTYPE, "")`), so
//!   `locale.getencoding()` and `open()` see the user's locale;
//! - the legacy C/POSIX locale is coerced to a UTF-8 one (PEP 538): LC_CTYPE
//!   is set in the environment too, so child processes inherit it;
//! - UTF-8 mode (PEP 540, PEP 686's precursor): `-X utf8[=0|1]`, else
//!   `PYTHONUTF8`, else on when the locale was C or POSIX;
//! - the standard streams' encoding and error handler, from
//!   `PYTHONIOENCODING` or from the mode and locale.

use std::ffi::{CStr, CString};

/// What the interpreter's settings take from the locale set-up.
pub struct TextSetup {
    pub utf8_mode: bool,
    /// Encoding of stdin/stdout/stderr, as named by the user or the locale;
    /// the streams report the codec's own name (`codecs.lookup(e).name`).
    pub stdio_encoding: String,
    /// Error handler of stdin/stdout (stderr's is always backslashreplace).
    pub stdio_errors: String,
}

/// Locales CPython coerces the C locale to, in order of preference.
const COERCION_TARGETS: [&str; 3] = ["C.UTF-8", "C.utf8", "UTF-8"];

/// `use_env` is false under `-E`/`-I`; `x_utf8` is the value of `-X utf8`
/// (`Some("")` for the bare option). An invalid `PYTHONUTF8` or `-X utf8`
/// value is fatal, as in CPython; the error is the message to print.
pub fn init(use_env: bool, x_utf8: Option<&str>) -> Result<TextSetup, String> {
    let env = |name: &str| if use_env { std::env::var(name).ok().filter(|v| !v.is_empty()) } else { None };
    set_ctype_from_env();
    let legacy = is_legacy(&ctype_locale());
    let utf8_mode = match x_utf8 {
        Some("") | Some("1") => true,
        Some("0") => false,
        Some(_) => return Err("Fatal Python error: preconfig_init_utf8_mode: invalid -X utf8 option value".into()),
        None => match env("PYTHONUTF8").as_deref() {
            Some("1") => true,
            Some("0") => false,
            Some(_) => {
                return Err("Fatal Python error: preconfig_init_utf8_mode: invalid PYTHONUTF8 environment variable value\nPython runtime state: preinitializing".into())
            }
            // The C and POSIX locales turn UTF-8 mode on.
            None => legacy,
        },
    };
    let coerce = env("PYTHONCOERCECLOCALE");
    if legacy && coerce.as_deref() != Some("0") && std::env::var_os("LC_ALL").map_or(true, |v| v.is_empty()) {
        coerce_to_utf8(coerce.as_deref() == Some("warn"));
    }
    let (io_encoding, io_errors) = match env("PYTHONIOENCODING") {
        Some(v) => {
            let (enc, err) = v.split_once(':').map_or((v.as_str(), ""), |(e, r)| (e, r));
            (Some(enc.to_owned()).filter(|e| !e.is_empty()), Some(err.to_owned()).filter(|e| !e.is_empty()))
        }
        None => (None, None),
    };
    // PYTHONIOENCODING=enc alone means enc:strict.
    let io_errors = io_errors.or_else(|| io_encoding.as_ref().map(|_| "strict".to_owned()));
    let stdio_encoding = io_encoding.or_else(|| utf8_mode.then(|| "utf-8".to_owned())).unwrap_or_else(locale_encoding);
    let stdio_encoding = known_codec_name(&stdio_encoding).map_or(stdio_encoding, str::to_owned);
    let stdio_errors = io_errors.unwrap_or_else(|| {
        // CPython: surrogateescape in UTF-8 mode and under the C locale or
        // a UTF-8 locale it coerces to; else strict.
        let ctype = ctype_locale();
        let lenient = utf8_mode || is_legacy(&ctype) || COERCION_TARGETS.contains(&ctype.as_str());
        (if lenient { "surrogateescape" } else { "strict" }).to_owned()
    });
    Ok(TextSetup { utf8_mode, stdio_encoding, stdio_errors })
}

/// The codec name Python's `codecs.lookup` gives the common spellings of
/// UTF-8, ASCII and Latin-1 (the others are looked up by `name_streams`).
fn known_codec_name(name: &str) -> Option<&'static str> {
    let key: String = name.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
    match key.as_str() {
        "utf8" => Some("utf-8"),
        "ascii" | "usascii" | "ansix341968" | "646" => Some("ascii"),
        "latin1" | "latin" | "l1" | "iso88591" | "iso885911987" | "8859" | "cp819" => Some("iso8859-1"),
        _ => None,
    }
}

/// Give the standard streams the codec's own name for their encoding, as
/// CPython does (`codecs.lookup(name).name`), where `init` could not.
pub fn name_streams(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    use rustpython_vm::AsObject;
    let Some(encoding) = vm.state.config.settings.stdio_encoding.as_deref() else { return Ok(()) };
    if known_codec_name(encoding) == Some(encoding) {
        return Ok(());
    }
    let name = vm.import("codecs", 0)?.get_attr("lookup", vm)?.call((encoding,), vm)?.get_attr("name", vm)?;
    for stream in ["stdin", "stdout", "stderr"] {
        if let Ok(s) = vm.sys_module.get_attr(stream, vm) {
            if !vm.is_none(&s) && !s.get_attr("encoding", vm)?.rich_compare_bool(&name, rustpython_vm::types::PyComparisonOp::Eq, vm)? {
                let kwargs = rustpython_vm::function::KwArgs::from_iter([("encoding".to_owned(), name.clone())]);
                vm.call_method(s.as_object(), "reconfigure", rustpython_vm::function::FuncArgs::new(Vec::new(), kwargs))?;
            }
        }
    }
    Ok(())
}

/// The LC_CTYPE locale's character set (`nl_langinfo(CODESET)`).
fn locale_encoding() -> String {
    // SAFETY: the result is copied at once.
    let codeset = unsafe {
        let p = libc::nl_langinfo(libc::CODESET);
        if p.is_null() { String::new() } else { CStr::from_ptr(p).to_string_lossy().into_owned() }
    };
    if codeset.is_empty() { "utf-8".to_owned() } else { codeset }
}

fn set_ctype_from_env() {
    // SAFETY: called at start-up, before any other thread exists.
    unsafe { libc::setlocale(libc::LC_CTYPE, c"".as_ptr()) };
}

/// The current LC_CTYPE locale's name.
fn ctype_locale() -> String {
    // SAFETY: setlocale with NULL only queries; the result is copied at once.
    unsafe {
        let p = libc::setlocale(libc::LC_CTYPE, std::ptr::null());
        if p.is_null() {
            return String::new();
        }
        CStr::from_ptr(p).to_string_lossy().into_owned()
    }
}

fn is_legacy(name: &str) -> bool {
    name == "C" || name == "POSIX"
}

/// PEP 538: set LC_CTYPE to the first UTF-8 locale the system has, in the
/// environment (for child processes) and for this process.
fn coerce_to_utf8(warn: bool) {
    for target in COERCION_TARGETS {
        let c = CString::new(target).expect("no NUL");
        // SAFETY: start-up, single thread; the name is NUL-terminated.
        let ok = unsafe { !libc::setlocale(libc::LC_CTYPE, c.as_ptr()).is_null() };
        if ok {
            // SAFETY: start-up, before any other thread reads the environment.
            unsafe { std::env::set_var("LC_CTYPE", target) };
            if warn {
                eprintln!(
                    "Python detected LC_CTYPE=C: LC_CTYPE coerced to {target} (set another locale or PYTHONCOERCECLOCALE=0 to disable this locale coercion behavior)."
                );
            }
            return;
        }
    }
    set_ctype_from_env();
}
