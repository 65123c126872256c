//! `hipy diff` end to end: a program that prints the same under both
//! implementations, one seeded with a difference in every part, and usage
//! errors. The comparisons need `python3` on PATH; without it those two tests
//! say so and check nothing.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hipy-diff-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a temporary directory");
    dir
}

fn hipy_diff(dir: &PathBuf, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hipy"))
        .arg("diff")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hipy");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().expect("wait for hipy")
}

fn python3_available() -> bool {
    let found = Command::new("python3").arg("-c").arg("pass").status().is_ok_and(|s| s.success());
    if !found {
        println!("python3 is not on PATH: skipped");
    }
    found
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn identical_program_prints_identical() {
    if !python3_available() {
        return;
    }
    let dir = scratch_dir("same");
    std::fs::write(
        dir.join("same.py"),
        "import sys\nprint('args', sys.argv[1:])\nprint('read', input())\nprint(sum(range(10)), 2 ** 100, 1 / 3)\n",
    )
    .unwrap();
    let out = hipy_diff(&dir, &["same.py", "x", "y z"], b"a line of input\n");
    assert_eq!(text(&out.stdout), "identical\n", "stderr: {}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seeded_difference_is_shown_as_a_diff() {
    if !python3_available() {
        return;
    }
    let dir = scratch_dir("differs");
    // sys.implementation.name is 'cpython' only under CPython.
    std::fs::write(
        dir.join("differs.py"),
        "import sys\nname = sys.implementation.name\nprint('same line')\nprint(name)\n\
         print(name, file=sys.stderr)\nsys.exit(0 if name == 'cpython' else 3)\n",
    )
    .unwrap();
    let out = hipy_diff(&dir, &["differs.py"], b"");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "stdout: {stdout}\nstderr: {}", text(&out.stderr));
    for expected in [
        "--- python3 stdout\n+++ hipy stdout\n",
        " same line\n-cpython\n+",
        "--- python3 stderr\n+++ hipy stderr\n",
        "--- python3 status\n+++ hipy status\n",
        "-exit status 0\n+exit status 3\n",
    ] {
        assert!(stdout.contains(expected), "missing {expected:?} in:\n{stdout}");
    }
    assert!(!stdout.contains("identical"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch_dir("usage");
    let out = hipy_diff(&dir, &[], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("usage: hipy diff"));
    let out = hipy_diff(&dir, &["--python", "/nonexistent/python", "x.py"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot run /nonexistent/python"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
