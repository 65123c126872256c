//! Command-line parsing, following `python3`'s conventions.

pub const VERSION: &str = concat!("hipy ", env!("CARGO_PKG_VERSION"), " (Python 3.14 language on RustPython 0.6)");

pub use hipy::Engine;

#[derive(Debug)]
pub enum Target {
    Script(String),
    Command(String),
    Module(String),
    Stdin,
    Repl,
}

#[derive(Debug)]
pub struct Options {
    pub engine: Engine,
    pub target: Target,
    /// `sys.argv` as Python sets it.
    pub argv: Vec<String>,
    /// python3's interpreter flags (`-i` is `flags.inspect`).
    pub flags: hipy::Flags,
    pub stats: bool,
    pub jit_stats: bool,
}

pub enum CliExit {
    /// Bad usage: message, exit status 2.
    Usage(String),
    /// Nothing to run (e.g. --version); exit with this status.
    Done(u8),
}

const HELP: &str = "usage: hipy [option] ... [-c cmd | -m mod | file | -] [arg] ...
       hipy run file [arg] ...
       hipy diff [--python PATH] file [arg] ...
Options:
-c cmd           : program passed in as string (terminates option list)
-m mod           : run library module as a script (terminates option list)
-B               : don't write .pyc files on import; also PYTHONDONTWRITEBYTECODE=x
-b               : issue warnings about str(bytes_instance) and comparing bytes with str
-d               : turn on parser debugging output; also PYTHONDEBUG=x
-E               : ignore PYTHON* environment variables (such as PYTHONPATH)
-i               : inspect interactively after running script
-I               : isolate Python from the user's environment (implies -E, -P and -s)
-O               : remove assert and __debug__-dependent statements; also PYTHONOPTIMIZE=x
-OO              : do -O changes and also discard docstrings
-P               : don't prepend a potentially unsafe path to sys.path
-q               : don't print version and copyright messages on interactive startup
-s               : don't add user site directory to sys.path; also PYTHONNOUSERSITE
-S               : don't imply 'import site' on initialization
-u               : unbuffered binary stdout and stderr; also PYTHONUNBUFFERED=x
-v               : verbose; also PYTHONVERBOSE=x
-W arg           : warning control; also PYTHONWARNINGS=arg
-X opt           : set implementation-specific option (sys._xoptions)
-V, --version    : print the version number and exit
-h, --help       : print this help message and exit
--engine=NAME    : hipy (default) or rustpython (RustPython's own interpreter)
--stats          : print instruction counts and the hottest loops at exit
--jit-stats      : print JIT statistics at exit
file             : program read from script file
-                : program read from stdin (default; interactive mode if a tty)
arg ...          : arguments passed to program in sys.argv[1:]
";

pub fn parse(args: &[String]) -> Result<Options, CliExit> {
    let mut o = Options {
        engine: Engine::Hipy,
        target: Target::Repl,
        argv: vec![String::new()],
        flags: hipy::Flags::default(),
        stats: false,
        jit_stats: false,
    };
    let mut i = 0;
    // `hipy run script.py` is the same as `hipy script.py`.
    if args.first().map(String::as_str) == Some("run") {
        i = 1;
    }
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-" => {
                o.target = Target::Stdin;
                o.argv = args[i..].to_vec();
                return Ok(o);
            }
            "-h" | "--help" | "-?" => {
                print!("{HELP}");
                return Err(CliExit::Done(0));
            }
            "-V" | "--version" => {
                println!("{VERSION}");
                return Err(CliExit::Done(0));
            }
            "--stats" => o.stats = true,
            "--jit-stats" => o.jit_stats = true,
            "run" if i > 0 && matches!(o.target, Target::Repl) && args[..i].iter().all(|x| x.starts_with('-')) => {}
            _ if a.starts_with("--engine") => {
                let v = if let Some(v) = a.strip_prefix("--engine=") {
                    v.to_owned()
                } else {
                    i += 1;
                    args.get(i).cloned().ok_or_else(|| CliExit::Usage("Argument expected for the --engine option".into()))?
                };
                o.engine = match v.as_str() {
                    "hipy" => Engine::Hipy,
                    "rustpython" => Engine::RustPython,
                    _ => return Err(CliExit::Usage(format!("unknown engine '{v}' (expected hipy or rustpython)"))),
                };
            }
            _ if a.starts_with("--") => return Err(CliExit::Usage(format!("unknown option {a}"))),
            _ if a.starts_with('-') && a.len() > 1 => {
                // Short options may be combined (`-ui`); -c and -m take the rest.
                let flags: Vec<char> = a[1..].chars().collect();
                let mut k = 0;
                while k < flags.len() {
                    match flags[k] {
                        'c' | 'm' => {
                            let rest: String = flags[k + 1..].iter().collect();
                            let value = if !rest.is_empty() {
                                rest
                            } else {
                                i += 1;
                                args.get(i).cloned().ok_or_else(|| {
                                    CliExit::Usage(format!("Argument expected for the -{} option", flags[k]))
                                })?
                            };
                            if flags[k] == 'c' {
                                o.target = Target::Command(value);
                                o.argv = std::iter::once("-c".to_owned()).chain(args[i + 1..].iter().cloned()).collect();
                            } else {
                                o.argv = std::iter::once(value.clone()).chain(args[i + 1..].iter().cloned()).collect();
                                o.target = Target::Module(value);
                            }
                            return Ok(o);
                        }
                        'i' => o.flags.inspect = true,
                        'u' => o.flags.unbuffered = true,
                        'S' => o.flags.no_site = true,
                        'E' => o.flags.ignore_environment = true,
                        'P' => o.flags.safe_path = true,
                        'I' => o.flags.isolate(),
                        'B' => o.flags.dont_write_bytecode = true,
                        's' => o.flags.no_user_site = true,
                        'q' => o.flags.quiet = true,
                        'O' => o.flags.optimize = o.flags.optimize.saturating_add(1),
                        'v' => o.flags.verbose = o.flags.verbose.saturating_add(1),
                        'd' => o.flags.debug = o.flags.debug.saturating_add(1),
                        'b' => o.flags.bytes_warning = o.flags.bytes_warning.saturating_add(1),
                        'R' => {}
                        'V' => {
                            println!("{VERSION}");
                            return Err(CliExit::Done(0));
                        }
                        'h' => {
                            print!("{HELP}");
                            return Err(CliExit::Done(0));
                        }
                        'X' | 'W' => {
                            // The value is the rest of this argument or the next one.
                            let rest: String = flags[k + 1..].iter().collect();
                            let value = if !rest.is_empty() {
                                rest
                            } else {
                                i += 1;
                                args.get(i).cloned().ok_or_else(|| {
                                    CliExit::Usage(format!("Argument expected for the -{} option", flags[k]))
                                })?
                            };
                            if flags[k] == 'X' {
                                o.flags.add_xoption(&value);
                            } else {
                                o.flags.warnoptions.push(value);
                            }
                            break;
                        }
                        other => return Err(CliExit::Usage(format!("Unknown option: -{other}"))),
                    }
                    k += 1;
                }
            }
            _ => {
                o.target = Target::Script(a.to_owned());
                o.argv = args[i..].to_vec();
                return Ok(o);
            }
        }
        i += 1;
    }
    // No script: read stdin, interactively when it is a terminal.
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() {
        o.target = Target::Stdin;
        o.argv = vec![String::new()];
        if o.flags.inspect {
            o.target = Target::Repl;
        }
    }
    Ok(o)
}

pub fn absolute(path: &str) -> String {
    let p = std::path::Path::new(path);
    if p.is_absolute() {
        return path.to_owned();
    }
    match std::env::current_dir() {
        Ok(d) => d.join(p).display().to_string(),
        Err(_) => path.to_owned(),
    }
}

/// `sys.path[0]` for a script: its directory, symlinks resolved.
pub fn script_dir(path: &str) -> String {
    let resolved = std::fs::canonicalize(path)
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| absolute(path));
    match std::path::Path::new(&resolved).parent() {
        Some(p) => p.display().to_string(),
        None => String::new(),
    }
}

/// The C library's message for an I/O error, as Python prints it.
pub fn strerror(err: &std::io::Error) -> String {
    let s = err.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}
