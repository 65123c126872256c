//! What a process sees, through real processes: SIGINT and signal handlers
//! in every kind of code (interpreter loop, compiled loop, generator,
//! `time.sleep`, `input`), an inherited SIG_IGN, and text encodings set up
//! from the locale and the environment. Expected outputs were recorded from
//! CPython 3.11 on this machine (`{path}` stands for the script's path).

use std::io::{BufRead, BufReader};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HIPY: &str = env!("CARGO_BIN_EXE_hipy");

/// The JIT modes every signal test runs in.
const MODES: &[&[(&str, &str)]] = &[
    &[("HIPY_JIT", "off")],
    &[("HIPY_JIT_THRESHOLD", "2")],
    &[("HIPY_JIT_THRESHOLD", "2"), ("HIPY_JIT_RANDOM_EXIT", "11")],
];

fn script(name: &str, src: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hipy-process-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, src).unwrap();
    p.display().to_string()
}

struct Interrupted {
    stdout: String,
    stderr: String,
    /// The signal that ended the process, or its exit code (negated signal
    /// numbers are not used: `Err(signal)`).
    status: Result<i32, i32>,
    latency: Duration,
}

/// Run `path`, wait for its first line ("ready"), let it run for `settle`,
/// send SIGINT, and collect what it printed. The child starts with SIGINT's
/// default disposition, as a shell's foreground job does, whatever this test
/// process inherited (a run started in the background with SIGINT ignored
/// would otherwise leave it ignoring SIGINT, as CPython does); if it is still
/// running 20 s after the signal, it is killed, so a failure cannot leave it
/// looping.
fn interrupt(path: &str, env: &[(&str, &str)], settle: Duration) -> Interrupted {
    let mut cmd = Command::new(HIPY);
    cmd.args(["run", path])
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("run hipy");
    let pid = child.id() as i32;
    let (done, watch) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = watch.recv_timeout(Duration::from_secs(20)) {
            // SAFETY: kill with a valid pid and signal; the child has not been
            // waited for, so the pid is still its own.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    });
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    std::thread::sleep(settle);
    let sent = Instant::now();
    // SAFETY: kill with a valid pid and signal.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    let _ = done.send(());
    watchdog.join().unwrap();
    let status = child.wait().unwrap();
    let latency = sent.elapsed();
    assert_eq!(first, "ready\n", "{path}");
    Interrupted {
        stdout: rest,
        stderr,
        status: status.code().ok_or_else(|| status.signal().unwrap_or(0)),
        latency,
    }
}

fn check_interrupt(name: &str, src: &str, stdout: &str, stderr: &str, status: Result<i32, i32>) {
    let path = script(name, src);
    for env in MODES {
        let r = interrupt(&path, env, Duration::from_millis(300));
        let ctx = format!("{name} {env:?}");
        assert_eq!(r.stdout, stdout, "{ctx}");
        assert_eq!(r.stderr, stderr.replace("{path}", &path), "{ctx}");
        assert_eq!(r.status, status, "{ctx}");
        // CPython reacts within milliseconds; allow for a loaded machine.
        assert!(r.latency < Duration::from_secs(2), "{ctx}: {:?}", r.latency);
    }
}

/// CPython ends an uncaught KeyboardInterrupt by killing itself with SIGINT
/// (a shell reports status 130).
const BY_SIGINT: Result<i32, i32> = Err(libc::SIGINT);

#[test]
fn sigint_stops_a_loop_in_every_mode() {
    check_interrupt(
        "loop.py",
        "def spin():\n    n = 0\n    print(\"ready\", flush=True)\n    for i in iter(int, 1):\n        n += i\nspin()\n",
        "",
        "Traceback (most recent call last):\n  File \"{path}\", line 6, in <module>\n    spin()\n  File \"{path}\", line 5, in spin\n    n += i\n    ^\nKeyboardInterrupt\n",
        BY_SIGINT,
    );
}

#[test]
fn sigint_stops_a_module_level_loop() {
    check_interrupt(
        "module_loop.py",
        "print(\"ready\", flush=True)\nn = 0\nfor i in iter(int, 1):\n    n += i\n",
        "",
        "Traceback (most recent call last):\n  File \"{path}\", line 4, in <module>\n    n += i\n    ^\nKeyboardInterrupt\n",
        BY_SIGINT,
    );
}

/// A loop nest, which the JIT runs as transfers between the outer and inner
/// loops' traces (no back-edge safepoint of its own in the outer trace).
/// CPython reports either loop's back-edge (the caret differs from run to
/// run), so the place is checked by line.
#[test]
fn sigint_stops_a_loop_nest() {
    let src = "def spin():\n    n = 0\n    print(\"ready\", flush=True)\n    for i in iter(int, 1):\n        for j in (1, 2, 3): n += j\nspin()\n";
    let path = script("nest.py", src);
    for env in MODES {
        let r = interrupt(&path, env, Duration::from_millis(300));
        let ctx = format!("nest.py {env:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{ctx}");
        assert!(r.stderr.starts_with("Traceback (most recent call last):\n"), "{ctx}");
        assert!(r.stderr.contains(&format!("File \"{path}\", line 5, in spin\n    for j in (1, 2, 3): n += j\n")), "{ctx}");
        assert!(r.stderr.ends_with("\nKeyboardInterrupt\n"), "{ctx}");
        assert_eq!(r.status, BY_SIGINT, "{ctx}");
        assert!(r.latency < Duration::from_secs(2), "{ctx}: {:?}", r.latency);
    }
}

#[test]
fn sigint_stops_a_generator() {
    check_interrupt(
        "generator.py",
        "def gen():\n    while True:\n        for i in range(10 ** 7): x = i\n        yield x\nprint(\"ready\", flush=True)\nfor v in gen(): pass\n",
        "",
        "Traceback (most recent call last):\n  File \"{path}\", line 6, in <module>\n    for v in gen(): pass\n  File \"{path}\", line 3, in gen\n    for i in range(10 ** 7): x = i\n                             ^\nKeyboardInterrupt\n",
        BY_SIGINT,
    );
}

#[test]
fn sigint_interrupts_sleep_and_input() {
    check_interrupt(
        "sleep.py",
        "import time\nprint(\"ready\", flush=True)\ntime.sleep(30)\n",
        "",
        "Traceback (most recent call last):\n  File \"{path}\", line 3, in <module>\n    time.sleep(30)\nKeyboardInterrupt\n",
        BY_SIGINT,
    );
    check_interrupt(
        "input.py",
        "print(\"ready\", flush=True)\ntry:\n    input()\nexcept KeyboardInterrupt:\n    print(\"interrupted\")\n",
        "interrupted\n",
        "",
        Ok(0),
    );
}

#[test]
fn a_python_handler_runs_with_the_running_frame() {
    check_interrupt(
        "handler.py",
        "import signal\nstop = False\ndef handler(sig, frame):\n    global stop\n    stop = True\n    print(\"handled\", sig, frame.f_code.co_name)\nold = signal.signal(signal.SIGINT, handler)\nprint(old is signal.default_int_handler, signal.getsignal(signal.SIGINT) is handler, file=__import__('sys').stderr)\ndef spin():\n    n = 0\n    print(\"ready\", flush=True)\n    while not stop: n += 1\n    return n > 0\nprint(spin())\n",
        "handled 2 spin\nTrue\n",
        "True True\n",
        Ok(0),
    );
}

#[test]
fn sigint_ignored_by_the_parent_stays_ignored() {
    let mut cmd = Command::new(HIPY);
    cmd.args(["-c", "import signal; print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"]);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_IGN);
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "True\n");
}

/// Run `code` with a clean environment plus `env`.
fn run_env(env: &[(&str, &str)], args: &[&str]) -> String {
    let out = Command::new(HIPY)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .envs(env.iter().copied())
        .args(args)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

#[test]
fn text_encodings_follow_the_locale_and_utf8_mode() {
    let data = std::env::temp_dir().join(format!("hipy-process-utf8-{}.txt", std::process::id()));
    std::fs::write(&data, "h\u{e9}\n").unwrap();
    let probe = format!(
        "import sys, locale, pathlib\nprint(sys.flags.utf8_mode, sys.stdout.encoding, sys.stdout.errors, sys.stdin.errors, locale.setlocale(locale.LC_CTYPE), locale.getpreferredencoding(False), open({p:?}).encoding, repr(open({p:?}).read()), repr(pathlib.Path({p:?}).read_text()))\n",
        p = data.display().to_string()
    );
    // (environment, what CPython 3.11 printed)
    let cases: &[(&[(&str, &str)], &str)] = &[
        (&[("LANG", "C.UTF-8")], "0 utf-8 surrogateescape surrogateescape C.UTF-8 UTF-8 UTF-8 'hé\\n' 'hé\\n'\n"),
        (&[("LANG", "C")], "1 utf-8 surrogateescape surrogateescape C.UTF-8 utf-8 utf-8 'hé\\n' 'hé\\n'\n"),
        (&[("LC_ALL", "C")], "1 utf-8 surrogateescape surrogateescape C utf-8 utf-8 'hé\\n' 'hé\\n'\n"),
        (&[("LANG", "C"), ("PYTHONUTF8", "0")], "0 utf-8 surrogateescape surrogateescape C.UTF-8 UTF-8 UTF-8 'hé\\n' 'hé\\n'\n"),
        (&[("LANG", "C.UTF-8"), ("PYTHONUTF8", "1")], "1 utf-8 surrogateescape surrogateescape C.UTF-8 utf-8 utf-8 'hé\\n' 'hé\\n'\n"),
        (&[("LANG", "C"), ("PYTHONCOERCECLOCALE", "0")], "1 utf-8 surrogateescape surrogateescape C utf-8 utf-8 'hé\\n' 'hé\\n'\n"),
        // Written in Latin-1: the é is byte 0xE9, which reads back as U+FFFD.
        (&[("LANG", "C.UTF-8"), ("PYTHONIOENCODING", "latin-1")], "0 iso8859-1 strict strict C.UTF-8 UTF-8 UTF-8 'h\u{fffd}\\n' 'h\u{fffd}\\n'\n"),
        (&[("LANG", "C.UTF-8"), ("PYTHONIOENCODING", ":replace")], "0 utf-8 replace replace C.UTF-8 UTF-8 UTF-8 'hé\\n' 'hé\\n'\n"),
    ];
    for (env, want) in cases {
        assert_eq!(run_env(env, &["-c", &probe]), *want, "{env:?}");
    }
    assert_eq!(
        run_env(&[("LANG", "C")], &["-X", "utf8=0", "-c", "import sys; print(sys.flags.utf8_mode, open(__import__('os').devnull).encoding)"]),
        "0 UTF-8\n"
    );
    assert_eq!(
        run_env(&[("LANG", "POSIX"), ("PYTHONCOERCECLOCALE", "warn")], &["-c", "pass"]),
        "Python detected LC_CTYPE=C: LC_CTYPE coerced to C.UTF-8 (set another locale or PYTHONCOERCECLOCALE=0 to disable this locale coercion behavior).\n"
    );
    let _ = std::fs::remove_file(&data);
}

#[test]
fn nl_langinfo_answers_as_the_c_library() {
    let src = "import locale\nfor n in ['CODESET', 'D_FMT', 'T_FMT', 'RADIXCHAR', 'YESEXPR', 'DAY_1', 'ABMON_12']:\n    print(n, locale.nl_langinfo(getattr(locale, n)))\ntry:\n    locale.nl_langinfo(99999)\nexcept ValueError as e:\n    print(e)\n";
    assert_eq!(
        run_env(&[("LANG", "C.UTF-8")], &["-c", src]),
        "CODESET UTF-8\nD_FMT %m/%d/%y\nT_FMT %H:%M:%S\nRADIXCHAR .\nYESEXPR ^[yY]\nDAY_1 Sunday\nABMON_12 Dec\nunsupported langinfo constant\n"
    );
}
