//! hipy as a drop-in `python3`, through real processes: where packages
//! come from (`PYTHONPATH`, user site-packages and `.pth` files, a venv
//! made by `hipy -m venv` with a wheel installed by its pip), the
//! interpreter flags and their `sys.flags`, C extension modules, and the
//! on-disk code cache. Where CPython defines the behaviour, `python3` on
//! PATH runs the same program and the outputs must be equal.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const HIPY: &str = env!("CARGO_BIN_EXE_hipy");
const TIMEOUT: Duration = Duration::from_secs(300);

/// A fresh directory under the system's temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("hipy-dropin-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // Symlinks resolved: CPython prints real paths for sys.path[0].
        Self(std::fs::canonicalize(&dir).unwrap())
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn python3() -> Option<String> {
    let p = support::python3_executable();
    if p.is_none() {
        eprintln!("python3 not found: skipping the comparison with CPython");
    }
    p
}

/// Runs `exe args` with the test environment (no inherited `PYTHON*`)
/// plus `env`; returns stdout, stderr and the exit status.
fn run(exe: &str, args: &[&str], env: &[(&str, &str)], cwd: &Path) -> (String, String, String) {
    let mut cmd = Command::new(exe);
    cmd.args(args).current_dir(cwd);
    support::clean_env(&mut cmd);
    cmd.env_remove("VIRTUAL_ENV").env_remove("PIP_FIND_LINKS").env_remove("PIP_INDEX_URL");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = support::run(cmd, b"", TIMEOUT);
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned(), out.status)
}

/// `args` under hipy and under python3 print the same and exit alike.
fn same_as_python(args: &[&str], env: &[(&str, &str)], cwd: &Path) -> String {
    let hipy = run(HIPY, args, env, cwd);
    assert_eq!(hipy.2, "0", "hipy {args:?} failed:\n{}{}", hipy.0, hipy.1);
    if let Some(py) = python3() {
        let cpy = run(&py, args, env, cwd);
        assert_eq!(hipy, cpy, "hipy and python3 differ on {args:?} with {env:?}");
    }
    hipy.0
}

#[test]
fn pythonpath_entries_come_before_the_standard_library() {
    let t = TempDir::new("pythonpath");
    t.write("a/pkg_one/__init__.py", "VALUE = 'one'\n");
    t.write("b/mod_two.py", "from pkg_one import VALUE\nTWO = VALUE + ' two'\n");
    t.write("b/json.py", "raise SystemExit('json from PYTHONPATH shadows the standard library, as in CPython')\n");
    let script = t.write(
        "main.py",
        "import sys, os\n\
         import mod_two, pkg_one\n\
         print(mod_two.TWO, pkg_one.__name__)\n\
         print([os.path.relpath(p, os.path.dirname(__file__)) for p in sys.path[:4]])\n\
         print(os.path.relpath(mod_two.__file__, os.path.dirname(__file__)))\n",
    );
    let dir = t.path().display().to_string();
    let pp = format!("{dir}/a::{dir}/./b/../b");
    let out = same_as_python(&[script.to_str().unwrap()], &[("PYTHONPATH", &pp)], t.path());
    assert!(out.starts_with("one two pkg_one\n"), "{out}");
    // -E and -I ignore PYTHONPATH.
    for flag in ["-E", "-I"] {
        let args = [flag, "-c", "import sys; print([p for p in sys.path if 'pythonpath' in p])"];
        assert_eq!(same_as_python(&args, &[("PYTHONPATH", &pp)], t.path()), "[]\n");
    }
}

#[test]
fn user_site_packages_and_pth_files() {
    let t = TempDir::new("usersite");
    let base = t.path().join("userbase").display().to_string();
    t.write("extra/extra_mod.py", "NAME = 'extra'\n");
    let extra = t.path().join("extra").display().to_string();
    let script = t.write(
        "main.py",
        "import sys, site\n\
         import extra_mod\n\
         print(extra_mod.NAME, getattr(sys, 'pth_ran', False))\n\
         print(site.ENABLE_USER_SITE, site.USER_SITE in sys.path)\n\
         print(sys.path.index(site.USER_SITE) < sys.path.index(extra_mod.__file__.rsplit('/', 1)[0]))\n",
    );
    let env = [("PYTHONUSERBASE", base.as_str())];
    for exe in std::iter::once(HIPY.to_owned()).chain(python3()) {
        // Each implementation's own user site directory (the names differ).
        let (site, _, status) = run(&exe, &["-m", "site", "--user-site"], &env, t.path());
        assert_eq!(status, "0");
        let site = PathBuf::from(site.trim());
        assert!(site.starts_with(&base), "{site:?}");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::write(site.join("extra.pth"), format!("# a comment\n{extra}\nimport sys; sys.pth_ran = True\n")).unwrap();
    }
    let out = same_as_python(&[script.to_str().unwrap()], &env, t.path());
    assert_eq!(out, "extra True\nTrue True\nTrue\n");
    // -s leaves the user site out; so does PYTHONNOUSERSITE.
    let probe = "import sys, site; print(site.ENABLE_USER_SITE, sys.flags.no_user_site, any('userbase' in p for p in sys.path))";
    assert_eq!(same_as_python(&["-s", "-c", probe], &env, t.path()), "False 1 False\n");
    let env_off = [env[0], ("PYTHONNOUSERSITE", "1")];
    assert_eq!(same_as_python(&["-c", probe], &env_off, t.path()), "False 1 False\n");
}

/// A pure-Python wheel, made with the zipfile module by the given
/// interpreter (a wheel is a zip with a dist-info directory).
fn build_wheel(python: &str, dir: &Path) {
    let maker = dir.join("make_wheel.py");
    std::fs::write(
        &maker,
        r#"import base64, hashlib, sys, zipfile
name, ver = "hipydemo", "1.0"
files = {
    f"{name}/__init__.py": "def greet(who):\n    return f'hello {who}'\n",
    f"{name}-{ver}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {ver}\n",
    f"{name}-{ver}.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: hipy-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
record = []
for path, text in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
    record.append(f"{path},sha256={digest},{len(text.encode())}")
record.append(f"{name}-{ver}.dist-info/RECORD,,")
files[f"{name}-{ver}.dist-info/RECORD"] = "\n".join(record) + "\n"
with zipfile.ZipFile(f"{sys.argv[1]}/{name}-{ver}-py3-none-any.whl", "w") as z:
    for path, text in files.items():
        z.writestr(path, text)
"#,
    )
    .unwrap();
    let wheels = dir.join("wheels");
    std::fs::create_dir_all(&wheels).unwrap();
    let (_, err, status) = run(python, &[maker.to_str().unwrap(), wheels.to_str().unwrap()], &[], dir);
    assert_eq!(status, "0", "{err}");
}

#[test]
fn venv_made_by_hipy_installs_a_wheel_with_pip() {
    let t = TempDir::new("venv");
    build_wheel(HIPY, t.path());
    let wheels = t.path().join("wheels").display().to_string();
    let script = t.write(
        "main.py",
        "import sys, os, hipydemo\n\
         print(hipydemo.greet('venv'))\n\
         print(sys.prefix != sys.base_prefix, sys.prefix == os.path.dirname(os.path.dirname(sys.executable)))\n\
         print(os.path.relpath(hipydemo.__file__, sys.prefix).split(os.sep)[0], 'site-packages' in hipydemo.__file__)\n\
         print(os.path.basename(sys.executable))\n",
    );
    let mut outputs = Vec::new();
    for (label, exe) in std::iter::once(("hipy", HIPY.to_owned())).chain(python3().map(|p| ("python3", p))) {
        let env_dir = t.path().join(format!("env-{label}"));
        let env_path = env_dir.to_str().unwrap();
        let (o, e, s) = run(&exe, &["-m", "venv", env_path], &[], t.path());
        assert_eq!(s, "0", "{label} -m venv:\n{o}{e}");
        let python = env_dir.join("bin/python");
        if label == "hipy" {
            // bin/python and bin/hipy are the hipy binary.
            let real = std::fs::canonicalize(HIPY).unwrap();
            for name in ["python", "python3", "hipy"] {
                assert_eq!(std::fs::canonicalize(env_dir.join("bin").join(name)).unwrap(), real, "bin/{name}");
            }
            let cfg = std::fs::read_to_string(env_dir.join("pyvenv.cfg")).unwrap();
            assert!(cfg.contains("home = "), "{cfg}");
        }
        let py = python.to_str().unwrap();
        let (o, e, s) = run(py, &["-m", "pip", "install", "--no-index", "--find-links", &wheels, "hipydemo"], &[], t.path());
        assert_eq!(s, "0", "{label}: pip install:\n{o}{e}");
        assert!(o.contains("Successfully installed hipydemo-1.0"), "{label}: {o}");
        let out = run(py, &[script.to_str().unwrap()], &[], t.path());
        assert_eq!(out.2, "0", "{label}: {}{}", out.0, out.1);
        outputs.push(out);
    }
    assert_eq!(outputs[0].0, "hello venv\nTrue True\nlib True\npython\n");
    if outputs.len() == 2 {
        assert_eq!(outputs[0], outputs[1]);
    }
}

#[test]
fn interpreter_flags_and_sys_flags_match_python() {
    let t = TempDir::new("flags");
    let probe = "import sys\n\
        f = sys.flags\n\
        print(f.optimize, f.dont_write_bytecode, f.no_user_site, f.no_site, f.ignore_environment, f.isolated,\n\
              f.safe_path, f.verbose, f.bytes_warning, f.debug, f.inspect, f.dev_mode)\n\
        print(sys.dont_write_bytecode, __debug__, sys.warnoptions, sys._xoptions)\n\
        try:\n    assert False, 'asserts run'\nexcept AssertionError as e:\n    print(e)\n\
        def f():\n    'doc'\nprint(f.__doc__)\n";
    let script = t.write("probe.py", probe);
    let s = script.to_str().unwrap();
    let cases: &[(&[&str], &[(&str, &str)])] = &[
        (&[], &[]),
        (&["-O"], &[]),
        (&["-OO"], &[]),
        (&["-B", "-s", "-S", "-P"], &[]),
        (&["-E"], &[("PYTHONOPTIMIZE", "1"), ("PYTHONDONTWRITEBYTECODE", "1")]),
        (&["-I"], &[]),
        (&[], &[("PYTHONOPTIMIZE", "2"), ("PYTHONNOUSERSITE", "x")]),
        (&["-W", "error::DeprecationWarning", "-Wignore"], &[("PYTHONWARNINGS", "default,once::UserWarning")]),
        (&["-X", "dev", "-Xfoo=bar", "-X", "int_max_str_digits=5000"], &[]),
        (&["-v", "-b", "-d"], &[]),
    ];
    for (flags, env) in cases {
        let mut args = flags.to_vec();
        args.push(s);
        let mut env = env.to_vec();
        if !env.iter().any(|(k, _)| *k == "PYTHONDONTWRITEBYTECODE") {
            // The harness sets it; these cases check the flags without it.
            env.push(("PYTHONDONTWRITEBYTECODE", ""));
        }
        // -v prints every import to stderr (different modules): compare stdout only.
        if flags.contains(&"-v") {
            let h = run(HIPY, &args, &env, t.path());
            if let Some(py) = python3() {
                assert_eq!(h.0, run(&py, &args, &env, t.path()).0, "{args:?}");
            }
            continue;
        }
        same_as_python(&args, &env, t.path());
    }
    // -S: no exit/quit in builtins (site puts them there).
    let probe = "import builtins; print(hasattr(builtins, 'exit'), hasattr(builtins, 'quit'))";
    assert_eq!(same_as_python(&["-S", "-c", probe], &[], t.path()), "False False\n");
    assert_eq!(same_as_python(&["-c", probe], &[], t.path()), "True True\n");
    // -u: unbuffered output reaches a pipe before the process ends.
    let out = same_as_python(&["-u", "-c", "import sys; print(sys.stdout.write_through)"], &[], t.path());
    assert_eq!(out, "True\n");
}

#[test]
fn c_extension_modules_fail_with_an_import_error_that_says_so() {
    let t = TempDir::new("cext");
    t.write("fastpkg/__init__.py", "try:\n    from ._speedups import f\nexcept ImportError:\n    f = None\nfrom ._core import g\n");
    t.write("fastpkg/_speedups.cpython-311-x86_64-linux-gnu.so", "");
    t.write("fastpkg/_core.abi3.so", "");
    let (out, err, status) = run(HIPY, &["-c", "import fastpkg"], &[], t.path());
    assert_eq!(status, "1", "{out}{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("ImportError: ") && last.contains("fastpkg/_core.abi3.so is a CPython C extension module"),
        "{err}"
    );
    // Modules that are not there at all are still ModuleNotFoundError.
    let (out, _, _) = run(HIPY, &["-c", "try:\n    import not_there_at_all\nexcept ImportError as e:\n    print(type(e).__name__)"], &[], t.path());
    assert_eq!(out, "ModuleNotFoundError\n");
}

fn cache_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir.join("__pycache__"))
        .map(|r| r.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn compiled_modules_are_cached_next_to_their_source() {
    let t = TempDir::new("cache");
    let src = t.write("cached_mod.py", "def f():\n    return 'version 1'\n");
    t.write("main.py", "import cached_mod, sys\nprint(cached_mod.f(), cached_mod.__cached__.rsplit('/', 2)[1:], sys.implementation.cache_tag)\n");
    let write = [("PYTHONDONTWRITEBYTECODE", "")];
    let hipy = |args: &[&str], env: &[(&str, &str)]| {
        let r = run(HIPY, args, env, t.path());
        assert_eq!(r.2, "0", "{}", r.1);
        r.0
    };
    // -B and PYTHONDONTWRITEBYTECODE: nothing written.
    hipy(&["-B", "main.py"], &write);
    hipy(&["main.py"], &[]);
    assert!(cache_files(t.path()).is_empty());
    // The first run writes the cache, atomically (no temporary file left).
    let out = hipy(&["main.py"], &write);
    assert_eq!(out, "version 1 ['__pycache__', 'cached_mod.hipy-01.pyc'] hipy-01\n");
    assert_eq!(cache_files(t.path()), ["cached_mod.hipy-01.pyc"]);
    let cached = t.path().join("__pycache__/cached_mod.hipy-01.pyc");
    // A hit: the source changes but keeps its size and mtime, so the
    // cached code runs (as in CPython, whose check is the same).
    let meta = std::fs::metadata(&src).unwrap();
    std::fs::write(&src, "def f():\n    return 'version 2'\n").unwrap();
    set_mtime(&src, &meta);
    assert!(hipy(&["main.py"], &write).starts_with("version 1 "));
    // A new mtime: recompiled and rewritten.
    std::fs::write(&src, "def f():\n    return 'version 3'\n").unwrap();
    let later = std::time::SystemTime::now() + Duration::from_secs(5);
    std::fs::File::options().write(true).open(&src).unwrap().set_modified(later).unwrap();
    assert!(hipy(&["main.py"], &write).starts_with("version 3 "));
    assert!(hipy(&["main.py"], &write).starts_with("version 3 "));
    // A corrupt file (right header, garbage body) is ignored and replaced.
    let mut data = std::fs::read(&cached).unwrap();
    data.truncate(16);
    data.extend_from_slice(b"\xffgarbage");
    std::fs::write(&cached, &data).unwrap();
    assert!(hipy(&["main.py"], &write).starts_with("version 3 "));
    assert!(std::fs::read(&cached).unwrap().len() > 24, "the corrupt file was rewritten");
    // -O keeps its own file.
    hipy(&["-O", "main.py"], &write);
    assert_eq!(cache_files(t.path()), ["cached_mod.hipy-01.opt-1.pyc", "cached_mod.hipy-01.pyc"]);
    // An unwritable cache directory: the module still imports.
    std::fs::remove_dir_all(t.path().join("__pycache__")).unwrap();
    std::fs::write(t.path().join("__pycache__"), "not a directory").unwrap();
    assert!(hipy(&["main.py"], &write).starts_with("version 3 "));
    // CPython's own cache files are never read by hipy, and the other way round.
    if let Some(py) = python3() {
        std::fs::remove_file(t.path().join("__pycache__")).unwrap();
        run(&py, &["main.py"], &write, t.path());
        hipy(&["main.py"], &write);
        let files = cache_files(t.path());
        assert_eq!(files.len(), 2, "{files:?}");
        assert!(files.iter().any(|f| f.contains(".cpython-")) && files.iter().any(|f| f.contains(".hipy-01.")));
    }
}

/// Gives `path` the modification time recorded in `meta`.
/// A cache file whose nested code is laid out right but does not decode
/// (here a string constant that is not UTF-8): the module still imports,
/// the other functions run, and calling the damaged one raises
/// SystemError naming the file instead of crashing (its body is decoded
/// only when first called, vendor patch 60).
#[test]
fn a_damaged_cache_file_raises_system_error_not_a_crash() {
    let t = TempDir::new("cache-damaged");
    t.write("dm.py", "def victim(a):\n    return [a, 'victim']\ndef other():\n    return 'fine'\n");
    t.write(
        "main.py",
        "import dm\nprint(dm.other())\ntry:\n    dm.victim(1)\nexcept SystemError as e:\n    print('SystemError', str(e).split(' in ')[0])\n",
    );
    let write = [("PYTHONDONTWRITEBYTECODE", "")];
    let r = run(HIPY, &["main.py"], &write, t.path());
    assert_eq!((r.0.as_str(), r.2.as_str()), ("fine\n", "0"), "{}", r.1);
    let cached = t.path().join("__pycache__/dm.hipy-01.pyc");
    let mut data = std::fs::read(&cached).unwrap();
    // The first "victim" in the file is the function's string constant: a
    // code object's constants come before its names.
    let at = data.windows(6).position(|w| w == b"victim").expect("victim's constant in the file");
    data[at] = 0xff;
    std::fs::write(&cached, &data).unwrap();
    let r = run(HIPY, &["main.py"], &write, t.path());
    assert_eq!(r.2, "0", "{}", r.1);
    assert_eq!(r.0, "fine\nSystemError the compiled code of victim\n", "{}", r.1);
}

fn set_mtime(path: &Path, meta: &std::fs::Metadata) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(meta.modified().unwrap()).unwrap();
}

#[test]
fn pythonhome_sets_the_prefixes() {
    let t = TempDir::new("home");
    let probe = "import sys; print(sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix)";
    // A home where CPython finds its standard library: its own prefix.
    if let Some(py) = python3() {
        let (home, _, _) = run(&py, &["-c", "import sys; print(sys.base_prefix)"], &[], t.path());
        let home = home.trim().to_owned();
        let out = same_as_python(&["-c", probe], &[("PYTHONHOME", &home)], t.path());
        assert_eq!(out, format!("{home} {home} {home} {home}\n"));
        let both = format!("{home}:{home}");
        same_as_python(&["-c", probe], &[("PYTHONHOME", &both)], t.path());
    }
    // hipy's standard library is built in, so any home works; -E ignores it.
    let (out, _, _) = run(HIPY, &["-c", "import sys; print(sys.prefix, sys.exec_prefix, sys.path[1])"], &[("PYTHONHOME", "/opt/a:/opt/b")], t.path());
    assert_eq!(out, "/opt/a /opt/b /opt/a/lib/python314.zip\n");
    let (out, _, _) = run(HIPY, &["-E", "-c", "import sys; print(sys.prefix.startswith('/opt'))"], &[("PYTHONHOME", "/opt/a")], t.path());
    assert_eq!(out, "False\n");
}

#[test]
fn hash_based_cache_files_from_py_compile() {
    let t = TempDir::new("hashpyc");
    let off = [("PYTHONDONTWRITEBYTECODE", "1")];
    for (mode, expected) in [("CHECKED_HASH", "two\n"), ("UNCHECKED_HASH", "one\n"), ("TIMESTAMP", "two\n")] {
        let _ = std::fs::remove_dir_all(t.path().join("__pycache__"));
        t.write("hm.py", "X = 'one'\n");
        let compile = format!("import py_compile; py_compile.compile('hm.py', invalidation_mode=py_compile.PycInvalidationMode.{mode})");
        let (_, err, status) = run(HIPY, &["-c", &compile], &off, t.path());
        assert_eq!(status, "0", "{err}");
        assert_eq!(cache_files(t.path()), ["hm.hipy-01.pyc"]);
        // A checked file notices the new source; an unchecked one is
        // trusted, as CPython does. (The timestamp file sees a new size.)
        t.write("hm.py", "X = 'two!'[:3]\n");
        let (out, err, _) = run(HIPY, &["-c", "import hm; print(hm.X)"], &off, t.path());
        assert_eq!(out, expected, "{mode}: {err}");
    }
}

/// Runs hipy with `HOME` (and nothing else) telling it where its cache
/// directory is; compiled code may be cached.
fn run_with_home(args: &[&str], home: Option<&Path>, tmp: &Path) -> (String, String, String) {
    let mut cmd = Command::new(HIPY);
    cmd.args(args).current_dir(tmp);
    support::clean_env(&mut cmd);
    cmd.env_remove("PYTHONDONTWRITEBYTECODE").env_remove("XDG_CACHE_HOME").env("TMPDIR", tmp);
    match home {
        Some(home) => cmd.env("HOME", home),
        None => cmd.env_remove("HOME"),
    };
    let out = support::run(cmd, b"", TIMEOUT);
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned(), out.status)
}

const STDLIB_PROBE: &str = r#"
import sys, os, json, inspect, traceback, importlib, _imp, codecs
from importlib import resources
stdlib = sys._stdlib_dir
print(json.__file__ == os.path.join(stdlib, 'json', '__init__.py'), os.path.exists(json.__file__))
print('.cargo' in stdlib, stdlib in sys.path)
print(json.dumps.__code__.co_filename == json.__file__)
print(inspect.getsource(json.dumps).startswith('def dumps('))
try:
    json.loads('{')
except ValueError as e:
    frames = traceback.extract_tb(e.__traceback__)[1:]
print(len(frames) > 1 and all(f.line and f.filename.startswith(stdlib) for f in frames))
print(codecs.iterencode.__code__.co_filename == codecs.__file__)
print(codecs.CodecInfo.__repr__.__code__.co_filename == codecs.StreamRecoder.__init__.__code__.co_filename == codecs.__file__)
print((resources.files('email') / 'architecture.rst').is_file())
saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k == 'json' or k.startswith('json.')}
_imp._override_frozen_modules_for_tests(-1)
try:
    fresh = importlib.import_module('json')
finally:
    _imp._override_frozen_modules_for_tests(0)
    for k in [k for k in sys.modules if k == 'json' or k.startswith('json.')]:
        del sys.modules[k]
    sys.modules.update(saved)
print(type(fresh.__loader__).__name__, fresh is not json, fresh.__file__ == json.__file__)
print(os.path.exists(os.path.join(stdlib, 'json', '__pycache__', '__init__.hipy-01.pyc')))
print(stdlib)
"#;

const STDLIB_EXPECTED: &str = "True True\nFalse True\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\nSourceFileLoader True True\nTrue\n";

/// The lines of `-X importtime` (or `PYTHONPROFILEIMPORTTIME`) on stderr,
/// as (self us, cumulative us, indent, module); panics on any other line
/// after the header.
fn import_times(stderr: &str) -> Vec<(u64, u64, usize, String)> {
    let mut lines = stderr.lines();
    assert_eq!(lines.next(), Some("import time: self [us] | cumulative | imported package"), "{stderr}");
    lines
        .map(|l| {
            let rest = l.strip_prefix("import time: ").unwrap_or_else(|| panic!("not an import time line: {l:?}"));
            let parts: Vec<&str> = rest.splitn(3, " | ").collect();
            assert_eq!(parts.len(), 3, "{l:?}");
            let name = parts[2].trim_start();
            (parts[0].trim().parse().unwrap(), parts[1].trim().parse().unwrap(), parts[2].len() - name.len(), name.to_owned())
        })
        .collect()
}

/// `-X importtime` and `PYTHONPROFILEIMPORTTIME` print CPython's table: a
/// header, then a line per module after the modules it imported, indented
/// two spaces per level, its own time never above its cumulative time. The
/// modules each runtime imports on the way differ (3.14's standard library
/// against 3.11's); `json`'s own submodules sit as in CPython.
#[test]
fn import_time_prints_a_line_per_import() {
    let t = TempDir::new("importtime");
    let probe = "import json, sys; print(sys._xoptions)";
    let by_flag = run(HIPY, &["-X", "importtime", "-S", "-c", probe], &[], t.path());
    let by_env = run(HIPY, &["-S", "-c", probe], &[("PYTHONPROFILEIMPORTTIME", "1")], t.path());
    assert_eq!((by_flag.0.as_str(), by_flag.2.as_str()), ("{'importtime': True}\n", "0"));
    assert_eq!((by_env.0.as_str(), by_env.2.as_str()), ("{}\n", "0"));
    if let Some(py) = python3() {
        assert_eq!(by_flag.0, run(&py, &["-X", "importtime", "-S", "-c", probe], &[], t.path()).0);
    }
    for out in [&by_flag, &by_env] {
        let times = import_times(&out.1);
        assert!(times.iter().all(|(own, cumulative, _, _)| own <= cumulative), "{}", out.1);
        let at = |name: &str| times.iter().position(|(_, _, _, n)| n == name).unwrap_or_else(|| panic!("no {name} in {}", out.1));
        let (json, decoder, encoder) = (at("json"), at("json.decoder"), at("json.encoder"));
        assert!(decoder < json && encoder < json, "{}", out.1);
        assert_eq!((times[json].2, times[decoder].2, times[encoder].2), (0, 2, 2), "{}", out.1);
        // A module already imported prints nothing.
        assert_eq!(times.iter().filter(|(_, _, _, n)| n == "json").count(), 1);
    }
    // Without the option, nothing is printed.
    assert_eq!(run(HIPY, &["-S", "-c", "import json"], &[], t.path()).1, "");
}

/// Start-up does not import `operator` or `atexit` (CPython's does not
/// either), `operator` imported later has the same `length_hint`, and
/// atexit functions still run, last registered first, before objects left
/// in `__main__` are finalized.
#[test]
fn start_up_imports_no_more_than_python() {
    let t = TempDir::new("start-up-imports");
    // `warnings` is a placeholder until first used: its code (with 3.14's
    // `_py_warnings`) has not run. hipy's fixes of `gc`, `math`,
    // `_operator`, `_heapq` and `_types` wait for their import. `_ast` (its
    // node types) and the ascii and latin-1 codecs are set up at first use.
    let probe = "import sys; print([m for m in ('operator', 'atexit', '_py_warnings', 'gc', 'math', '_operator', '_heapq', '_types', '_ast', 'encodings.ascii', 'encodings.latin_1') if m in sys.modules])";
    assert_eq!(same_as_python(&["-S", "-c", probe], &[], t.path()), "[]\n");
    let exits = "import atexit\n\
        atexit.register(print, 'first registered')\n\
        atexit.register(print, 'last registered')\n\
        class D:\n    def __del__(self):\n        print('finalized')\n\
        d = D()\n";
    let script = t.write("exits.py", exits);
    assert_eq!(same_as_python(&["-S", script.to_str().unwrap()], &[], t.path()), "last registered\nfirst registered\nfinalized\n");
    let late = "import operator\n\
        print(operator.length_hint(iter([1, 2, 3]), 7), operator.length_hint(object(), 7))\n\
        class Hint:\n    def __length_hint__(self):\n        return 4\n\
        print(operator.length_hint(Hint()), operator.length_hint is __import__('_operator').length_hint)\n\
        try:\n    operator.length_hint([], 2**70)\nexcept OverflowError as e:\n    print(e)\n";
    let script = t.write("late.py", late);
    assert_eq!(same_as_python(&["-S", script.to_str().unwrap()], &[], t.path()), "3 7\n4 True\nPython int too large to convert to C ssize_t\n");
}

/// `warnings` and `traceback` wait for their first use, but the attributes
/// the import system sets are there before it: reading them (as
/// `site.abs_paths` and `importlib.util.find_spec` do) runs no module code,
/// a module attribute the import does not set is an AttributeError, and
/// the loaded module keeps them (`warnings.__file__`, as CPython has it).
#[test]
fn placeholders_answer_import_attributes_without_loading() {
    let t = TempDir::new("placeholder-attrs");
    let probe = "import sys\n\
        w, t = sys.modules['warnings'], sys.modules['traceback']\n\
        print(w.__spec__.name, repr(w.__package__), w.__file__.endswith('/warnings.py'), t.__spec__, t.__loader__)\n\
        try:\n    w.__cached__\nexcept AttributeError as e:\n    print(e)\n\
        import importlib.util\n\
        print(importlib.util.find_spec('warnings').name)\n\
        print('warn' in w.__dict__, 'format_exc' in t.__dict__, '_py_warnings' in sys.modules)\n\
        import warnings, traceback\n\
        print(warnings is w, callable(warnings.warn), warnings.__file__ == w.__file__, traceback.format_exc().strip())\n";
    let (out, err, status) = run(HIPY, &["-S", "-c", probe], &[], t.path());
    assert_eq!(status, "0", "{err}");
    assert_eq!(
        out,
        "warnings '' True None None\nmodule 'warnings' has no attribute '__cached__'\nwarnings\n\
         False False False\nTrue True True NoneType: None\n"
    );
}

#[test]
fn the_standard_library_is_written_out_as_real_files() {
    let t = TempDir::new("stdlib-files");
    let home = t.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    // Four processes start together on a fresh home: one directory, complete.
    let children: Vec<_> = (0..4)
        .map(|_| {
            let (home, tmp) = (home.clone(), t.path().to_owned());
            std::thread::spawn(move || run_with_home(&["-c", STDLIB_PROBE], Some(&home), &tmp))
        })
        .collect();
    let mut dirs = Vec::new();
    for child in children {
        let (out, err, status) = child.join().unwrap();
        assert_eq!(status, "0", "{out}{err}");
        let (checks, dir) = out.rsplit_once("True\n").map(|(a, b)| (format!("{a}True\n"), b.trim().to_owned())).unwrap();
        assert_eq!(checks, STDLIB_EXPECTED, "{out}{err}");
        dirs.push(dir);
    }
    dirs.dedup();
    let cache = home.join(".cache").join("hipy");
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    assert!(Path::new(&dirs[0]).starts_with(&cache), "{dirs:?}");
    let entries: Vec<_> = std::fs::read_dir(&cache).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(entries.len(), 1, "temporary directories left behind: {entries:?}");
    // RustPython's engine in the same binary imports the same files.
    let (out, err, _) = run_with_home(
        &["--engine=rustpython", "-c", "import json, sys; print(json.dumps.__code__.co_filename == json.__file__, json.__file__.startswith(sys._stdlib_dir))"],
        Some(&home),
        t.path(),
    );
    assert_eq!(out, "True True\n", "{err}");
    // Without a home, a private directory under the temporary directory.
    let (out, err, status) = run_with_home(&["-c", STDLIB_PROBE], None, t.path());
    assert_eq!(status, "0", "{out}{err}");
    assert!(out.starts_with(STDLIB_EXPECTED), "{out}{err}");
    // SAFETY: getuid cannot fail.
    let private = t.path().join(format!("hipy-{}", unsafe { libc::getuid() }));
    assert!(out.trim_end().ends_with(&*private.join(dirs[0].rsplit('/').next().unwrap()).to_string_lossy()), "{out}");
    use std::os::unix::fs::MetadataExt;
    assert_eq!(std::fs::metadata(&private).unwrap().mode() & 0o777, 0o700);
}
