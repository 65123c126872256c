//! `python3`'s start-up configuration: its command-line flags and the
//! `PYTHON*` environment variables, turned into RustPython's `Settings`
//! (which `sys.flags`, `sys.path`, `sys.warnoptions` and `sys._xoptions`
//! are made from). One place, used by the `hipy` command and by embedders.

use rustpython_vm::Settings;

/// The interpreter flags of `python3`'s command line (`-B -b -d -E -I -i -O
/// -P -q -S -s -u -v -W -X`). The environment variables that mirror them
/// (`PYTHONOPTIMIZE`, `PYTHONDONTWRITEBYTECODE`, ...) are added by
/// [`Flags::settings`] unless `ignore_environment` is set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// `-O` count (`-OO` = 2): asserts removed, then docstrings too.
    pub optimize: u8,
    /// `-B`: no `.pyc` files are written.
    pub dont_write_bytecode: bool,
    /// `-s`: the user's site-packages is not added to `sys.path`.
    pub no_user_site: bool,
    /// `-S`: `site` is not imported at start-up.
    pub no_site: bool,
    /// `-E`: `PYTHON*` environment variables are ignored.
    pub ignore_environment: bool,
    /// `-I`: isolated mode (implies `-E -P -s`).
    pub isolated: bool,
    /// `-P`: no potentially unsafe directory in front of `sys.path`.
    pub safe_path: bool,
    /// `-u`: unbuffered stdout and stderr.
    pub unbuffered: bool,
    /// `-v` count.
    pub verbose: u8,
    /// `-q`.
    pub quiet: bool,
    /// `-b` count.
    pub bytes_warning: u8,
    /// `-d` count.
    pub debug: u8,
    /// `-i`.
    pub inspect: bool,
    /// `-W arg`, in command-line order.
    pub warnoptions: Vec<String>,
    /// `-X name[=value]`, in command-line order.
    pub xoptions: Vec<(String, Option<String>)>,
}

impl Flags {
    /// `-I` sets `-E`, `-P` and `-s` as well.
    pub fn isolate(&mut self) {
        self.isolated = true;
        self.ignore_environment = true;
        self.safe_path = true;
        self.no_user_site = true;
    }

    /// Adds a `-X` option as given on the command line (`name` or
    /// `name=value`).
    pub fn add_xoption(&mut self, opt: &str) {
        let (name, value) = match opt.split_once('=') {
            Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
            None => (opt.to_owned(), None),
        };
        self.xoptions.push((name, value));
    }

    /// These flags with the `PYTHON*` environment variables (unless
    /// ignored), as RustPython's settings. `argv` is `sys.argv`.
    pub fn settings(&self, argv: Vec<String>, interactive: bool) -> Settings {
        let env = Env { ignore: self.ignore_environment || self.isolated };
        let mut s = Settings::default();
        s.argv = argv;
        s.interactive = interactive;
        s.isolated = self.isolated;
        s.ignore_environment = env.ignore;
        s.inspect = self.inspect || env.flag("PYTHONINSPECT");
        s.quiet = self.quiet;
        s.import_site = !self.no_site;
        s.user_site_directory = !(self.no_user_site || self.isolated || env.flag("PYTHONNOUSERSITE"));
        s.safe_path = self.safe_path || self.isolated || env.flag("PYTHONSAFEPATH");
        s.buffered_stdio = !(self.unbuffered || env.flag("PYTHONUNBUFFERED"));
        s.write_bytecode = !(self.dont_write_bytecode || env.flag("PYTHONDONTWRITEBYTECODE"));
        s.optimize = self.optimize.max(env.level("PYTHONOPTIMIZE"));
        s.verbose = self.verbose.max(env.level("PYTHONVERBOSE"));
        s.debug = self.debug.max(env.level("PYTHONDEBUG"));
        s.bytes_warning = u64::from(self.bytes_warning);
        s.path_list = env.paths("PYTHONPATH");
        s.hash_seed = env.get("PYTHONHASHSEED").and_then(|v| v.parse::<u32>().ok());
        s.warn_default_encoding = env.flag("PYTHONWARNDEFAULTENCODING");
        s.dev_mode = env.flag("PYTHONDEVMODE");
        s.import_time = env.flag("PYTHONPROFILEIMPORTTIME");
        if let Some(n) = env.get("PYTHONINTMAXSTRDIGITS").and_then(|v| v.parse().ok()) {
            s.int_max_str_digits = n;
        }
        for (name, value) in &self.xoptions {
            match (name.as_str(), value.as_deref()) {
                ("dev", _) => s.dev_mode = true,
                ("importtime", _) => s.import_time = true,
                ("warn_default_encoding", _) => s.warn_default_encoding = true,
                ("int_max_str_digits", Some(v)) => {
                    if let Ok(n) = v.parse() {
                        s.int_max_str_digits = n;
                    }
                }
                _ => {}
            }
        }
        s.xoptions = self.xoptions.clone();
        // sys.warnoptions, lowest precedence first as CPython orders them:
        // dev mode's "default", PYTHONWARNINGS, -W, then -b's filter.
        if s.dev_mode {
            s.warnoptions.push("default".to_owned());
        }
        if let Some(w) = env.get("PYTHONWARNINGS") {
            s.warnoptions.extend(w.split(',').map(str::trim).filter(|w| !w.is_empty()).map(str::to_owned));
        }
        s.warnoptions.extend(self.warnoptions.iter().cloned());
        match self.bytes_warning {
            0 => {}
            1 => s.warnoptions.push("default::BytesWarning".to_owned()),
            _ => s.warnoptions.push("error::BytesWarning".to_owned()),
        }
        s
    }
}

/// `PYTHONHOME`, unless the environment is ignored: `(prefix,
/// exec_prefix)`, split at `:` as CPython does.
pub fn python_home(flags: &Flags) -> Option<(String, String)> {
    let home = Env { ignore: flags.ignore_environment || flags.isolated }.get("PYTHONHOME")?;
    Some(match home.split_once(':') {
        Some((p, e)) => (p.to_owned(), e.to_owned()),
        None => (home.clone(), home),
    })
}

/// The `PYTHON*` variables, or none of them under `-E`/`-I`. An empty
/// value counts as unset, as in CPython.
struct Env {
    ignore: bool,
}

impl Env {
    fn get(&self, name: &str) -> Option<String> {
        if self.ignore {
            return None;
        }
        std::env::var(name).ok().filter(|v| !v.is_empty())
    }

    fn flag(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// A level variable (`PYTHONOPTIMIZE=2`): its number, or 1 for any other
    /// non-empty value.
    fn level(&self, name: &str) -> u8 {
        self.get(name).map_or(0, |v| v.parse::<u8>().unwrap_or(1))
    }

    /// A path list, each entry made absolute and normalised (an empty
    /// entry is the current directory), as CPython's getpath does.
    fn paths(&self, name: &str) -> Vec<String> {
        let Some(v) = self.get(name) else {
            return Vec::new();
        };
        let cwd = std::env::current_dir().map(|d| d.display().to_string()).unwrap_or_default();
        v.split(':').map(|p| abspath(&cwd, p)).collect()
    }
}

/// `os.path.abspath` on POSIX: joined to `cwd` when relative, then
/// `normpath` (no symlinks resolved).
fn abspath(cwd: &str, path: &str) -> String {
    let joined = if path.starts_with('/') { path.to_owned() } else { format!("{cwd}/{path}") };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn abspath_normalises_as_posixpath() {
        assert_eq!(super::abspath("/tmp", "foo"), "/tmp/foo");
        assert_eq!(super::abspath("/tmp", ""), "/tmp");
        assert_eq!(super::abspath("/tmp", "/x/../y/./z//"), "/y/z");
        assert_eq!(super::abspath("/", ".."), "/");
    }
}
