//! The `hipy` command line: python3's conventions for arguments, exit codes,
//! stdin scripts and the interactive prompt (driven through a pseudo-terminal).

use std::io::Write;
use std::process::{Command, Stdio};

const HIPY: &str = env!("CARGO_BIN_EXE_hipy");

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(HIPY)
        .args(args)
        .current_dir(std::env::temp_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hipy");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn script(name: &str, src: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hipy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, src).unwrap();
    p.display().to_string()
}

#[test]
fn argv_and_run_subcommand() {
    let p = script("argv.py", "import sys\nprint(sys.argv[1:])\n");
    assert_eq!(run(&["run", &p, "a", "b"], "").0, "['a', 'b']\n");
    assert_eq!(run(&[&p, "x"], "").0, "['x']\n");
    assert_eq!(run(&["-c", "import sys; print(sys.argv)", "q"], "").0, "['-c', 'q']\n");
    assert_eq!(run(&["-", "z"], "import sys; print(sys.argv)\n").0, "['-', 'z']\n");
}

#[test]
fn exit_codes_follow_python() {
    assert_eq!(run(&["-c", "raise SystemExit(3)"], "").2, 3);
    let (_, err, code) = run(&["-c", "raise SystemExit('bye')"], "");
    assert_eq!((err.as_str(), code), ("bye\n", 1));
    let (_, err, code) = run(&["-c", "1/0"], "");
    assert_eq!(code, 1);
    assert!(err.ends_with("ZeroDivisionError: division by zero\n"), "{err}");
    let (_, err, code) = run(&["-Z"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("Unknown option: -Z\n"), "{err}");
    let (_, err, code) = run(&["/nonexistent/x.py"], "");
    assert_eq!(code, 2);
    assert!(err.contains("can't open file '/nonexistent/x.py': [Errno 2] No such file or directory"), "{err}");
}

#[test]
fn syntax_error_prints_location_and_exits_1() {
    let p = script("bad.py", "x = 1\nif x\n    print(x)\n");
    let (out, err, code) = run(&[&p], "");
    assert_eq!((out.as_str(), code), ("", 1));
    assert_eq!(err, format!("  File \"{p}\", line 2\n    if x\n        ^\nSyntaxError: expected ':'\n"));
}

#[test]
fn deep_recursion_is_a_catchable_recursion_error() {
    let src = "def f(): f()\ntry:\n    f()\nexcept RecursionError as e:\n    print('caught', e)\nprint('alive')\n";
    let (out, _, code) = run(&["-c", src], "");
    assert_eq!(out, "caught maximum recursion depth exceeded\nalive\n");
    assert_eq!(code, 0);
}

#[test]
fn version_and_module() {
    assert!(run(&["--version"], "").0.starts_with("hipy "));
    let (out, _, code) = run(&["-m", "json.tool"], "{\"a\": [1, 2]}");
    assert_eq!((out.as_str(), code), ("{\n    \"a\": [\n        1,\n        2\n    ]\n}\n", 0));
}

/// Every start-up probe of RustPython's object layouts succeeds on this
/// build, whatever the script (a probe whose outcome depended on the heap's
/// state, and so on the script, once halved call speed on `boxed.py` without
/// any other sign). The benchmark programs give varied start-up heaps.
#[test]
fn object_layout_probes_succeed() {
    let expected = "object layouts: cells direct, dict entries direct, object header direct, list items direct, tuple items direct, \
                    int values direct, reference counts direct, collector count direct, instance dicts direct, slot members direct";
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/programs");
    let mut programs: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    programs.sort();
    for p in programs.iter().filter(|p| p.extension().is_some_and(|e| e == "py")) {
        let (_, err, _) = run(&["run", "--stats", p.to_str().unwrap(), "1"], "");
        assert!(err.contains(expected), "{}: {err}", p.display());
    }
}

#[test]
fn engines_agree_on_a_script() {
    let p = script("eng.py", "print(sum(i * i for i in range(100)), [x for x in 'ab'])\n");
    let a = run(&[&p], "");
    let b = run(&["--engine=rustpython", &p], "");
    assert_eq!(a, b);
    assert_eq!(a.0, "328350 ['a', 'b']\n");
}

#[test]
fn repl_through_a_pseudo_terminal() {
    let mut p = rexpect::spawn(HIPY, Some(20_000)).expect("spawn hipy repl");
    p.exp_string(">>> ").unwrap();
    p.send_line("1 + 2").unwrap();
    p.exp_string("3").unwrap();
    p.exp_string(">>> ").unwrap();
    p.send_line("def f(a):").unwrap();
    p.exp_string("... ").unwrap();
    p.send_line("    return a * 2").unwrap();
    p.exp_string("... ").unwrap();
    p.send_line("").unwrap();
    p.exp_string(">>> ").unwrap();
    p.send_line("f(21)").unwrap();
    p.exp_string("42").unwrap();
    p.send_line("_ + 1").unwrap();
    p.exp_string("43").unwrap();
    p.send_line("raise ValueError('boom')").unwrap();
    p.exp_string("ValueError: boom").unwrap();
    p.exp_string(">>> ").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("KeyboardInterrupt").unwrap();
    p.exp_string(">>> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
}
