//! Staging, what only hipy shows (the outputs themselves are checked
//! against CPython in the numpy and pandas corpora, staged and unstaged):
//! a branch on a lazy scalar in a `hipy.stage` function leaves the graph
//! unforced and `hipy.explain` shows the select; a function that cannot be
//! staged runs as Python, once, and `hipy.explain` says which construct
//! stopped it; `np.vectorize` stages into one expression.

use std::process::Command;

const HIPY: &str = env!("CARGO_BIN_EXE_hipy");

fn run(name: &str, src: &str, env: &[(&str, &str)]) -> String {
    let dir = std::env::temp_dir().join(format!("hipy-staging-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    let mut cmd = Command::new(HIPY);
    cmd.arg("run").arg(&path).env("HIPY_LAZY", "on").env("HIPY_LAZY_EAGER_BELOW", "0").env_remove("HIPY_STAGE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run hipy");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{name} failed:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    stdout
}

/// A script that runs the program `path` (relative to the repository; its
/// output dropped, its globals in `ns`), then `tail`.
fn after_program(path: &str, tail: &str) -> String {
    let program = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    format!(
        "import io, runpy, sys, hipy\n\
         saved, sys.stdout = sys.stdout, io.StringIO()\n\
         ns = runpy.run_path({program:?})\n\
         sys.stdout = saved\n{tail}"
    )
}

const NORMALIZE: &str = r#"
import numpy as np, hipy

@hipy.stage
def normalize(a):
    s = a.sum()
    if s > 0:
        b = a / s
    else:
        b = -a
    return b * 2.0

a = np.arange(100000.0) - 10.0
before = hipy.lazy_stats()["forces"]
r = normalize(a)
print("forces in the call:", hipy.lazy_stats()["forces"] - before)
hipy.explain(r)
hipy.explain(normalize)
print(r[:2])
print("forced when printed:", hipy.lazy_stats()["forces"] - before > 0)
"#;

#[test]
fn branch_on_a_lazy_scalar_becomes_a_select() {
    let out = run("normalize.py", NORMALIZE, &[]);
    assert!(out.contains("forces in the call: 0\n"), "{out}");
    assert!(out.contains("numpy plan (pending):"), "{out}");
    assert!(out.contains("= gt(") && out.contains("= where("), "{out}");
    assert!(out.contains("staging: normalize: staged (2 paths)"), "{out}");
    assert!(out.contains("forced when printed: True"), "{out}");
}

#[test]
fn staging_off_runs_the_function_as_python() {
    let out = run("normalize_off.py", NORMALIZE, &[("HIPY_STAGE", "off")]);
    assert!(out.contains("normalize: not staged: staging is off (HIPY_STAGE=off)"), "{out}");
    assert!(!out.contains("= where("), "{out}");
}

#[test]
fn effects_stop_staging_before_anything_runs() {
    let out = run(
        "effects.py",
        r#"
import numpy as np, hipy
log = []

@hipy.stage
def noisy(a):
    print("inside")
    if a.sum() > 0:
        return a + 1
    return a - 1

@hipy.stage
def appends(a):
    log.append(1)
    return a * 2

@hipy.stage
def inplace(a):
    a += 1
    return a

x = np.arange(5.0)
print(noisy(x)[:2])
hipy.explain(noisy)
print(appends(x)[:2], log)
hipy.explain(appends)
print(inplace(x)[:2], x[:2])
hipy.explain(inplace)
"#,
        &[],
    );
    assert_eq!(out.matches("inside").count(), 1, "{out}");
    assert!(out.contains("noisy: not staged: call to print() in noisy (not known to be pure)"), "{out}");
    assert!(out.contains("[0. 2.] [1]"), "{out}");
    assert!(out.contains("appends: not staged: global 'log' (list) in appends is not known to be pure"), "{out}");
    assert!(out.contains("[1. 2.] [1. 2.]"), "{out}");
    assert!(out.contains("inplace: not staged: in-place operator += in inplace"), "{out}");
}

#[test]
fn vectorize_stages_into_one_expression() {
    let out = run(
        "vectorize.py",
        r#"
import math, numpy as np, hipy

def piecewise(x):
    if x < 0.2:
        y = math.sqrt(x) * 2.0
    elif x < 0.7:
        y = min(x * 3.0, math.exp(x)) - 1.0
    else:
        y = max(math.log(x + 1.0), 0.5) / 3.0
    return abs(y - 0.25)

v = np.vectorize(piecewise)
r = v(np.linspace(0.0, 1.0, 1000))
hipy.explain(v)
w = np.vectorize(lambda x, y: x / y)
print(w(np.array([1.0, 2.0]), np.array([2.0, 4.0])))
hipy.explain(w)
try:
    w(np.array([1.0, 2.0]), np.array([2.0, 0.0]))
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
hipy.explain(w)
def f(x):
    print(x)
    return x
np.vectorize(f)(np.array([1.5]))
"#,
        &[],
    );
    assert!(out.contains("piecewise: staged (3 paths)"), "{out}");
    assert!(out.contains("<lambda>: staged (1 path)"), "{out}");
    assert!(out.contains("ZeroDivisionError float division by zero\n<lambda>: not staged: an element where Python raises"), "{out}");
    assert!(out.ends_with("1.5\n1.5\n"), "{out}");
}

#[test]
fn loops_on_staged_values_stage_as_their_iterations() {
    // The loops of the numpy corpus program (its output is checked there).
    let src = after_program(
        "tests/numpy/programs/stage_vectorize_loops.py",
        r#"
import numpy as np
v = np.vectorize(ns["halvings"])
print(v(np.array([0.5, 3.0, 900.0])).tolist())
hipy.explain(v)
print(v(np.array([3.0, 1e6])).tolist())
hipy.explain(v)
t = np.vectorize(ns["triangle"])
print(t(np.array([0, 4, 10])).tolist())
hipy.explain(t)
"#,
    );
    let out = run("loops.py", &src, &[]);
    assert_eq!(
        out,
        "[0, 2, 10]\n\
         halvings: staged (16 paths)\n\
         [2, 20]\n\
         halvings: not staged: an element where Python raises (division by zero or a math domain error), \
         or that takes more than 16 branches (a loop that runs longer)\n\
         [0, 6, 45]\n\
         triangle: staged (16 paths)\n"
    );
}

#[test]
fn a_user_class_captures_branches_and_loops_into_its_own_ir() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stage_dsl.py")).unwrap();
    let out = run("stage_dsl.py", &src, &[]);
    assert_eq!(
        out,
        "select((x > 0), ((x * k) + 1), ((x * 0.01) + 1))\n\
         select((x < lo), lo, select((x > hi), hi, x))\n\
         (select((a < b), select((b < 10), a, b), b), select((a < b), select((b < 10), b, a), a))\n\
         order: staged (3 paths)\n\
         loop1 = while (x_1 > 0) from (x_1, n_1) = (x, 0) step ((x_1 - 1), (n_1 + 1))\n\
         loop1.n\n\
         countdown: staged (1 path, 1 loop captured)\n\
         loop1 = while (n_1 != 1) from (n_1, steps_1) = (n, 0) step (select(((n_1 % 2) == 0), (n_1 // 2), \
         ((3 * n_1) + 1)), select(((n_1 % 2) == 0), (steps_1 + 1), (steps_1 + 1)))\n\
         loop1.steps\n\
         loop1 = while (<counter>_1 < k) from (i_1, r_1, <counter>_1) = (unbound, 1, 0) \
         step (<counter>_1, (r_1 * x), (<counter>_1 + 1))\n\
         loop1.r\n\
         loop1 = for item_1 in ts from (t_1, total_1) = (unbound, 0) step (item_1, select((item_1 > 0), \
         select((total_1 < limit), (total_1 + item_1), total_1), total_1))\n\
         loop1.total\n\
         loop2 = while (j_2 < <counter>_1) from (s_2, j_2) = (s_1, 0) step ((s_2 + j_2), (j_2 + 1))\n\
         loop1 = while (<counter>_1 < n) from (i_1, j_1, s_1, <counter>_1) = (unbound, unbound, 0, 0) \
         step (<counter>_1, loop2.j, loop2.s, (<counter>_1 + 1))\n\
         loop1.s\n\
         triangle: staged (1 path, 2 loops captured)\n\
         [0, 0, 0, 1, 4, 10] [0, 0, 0, 1, 4, 10]\n\
         [0, 8, 111] [0, 8, 111]\n\
         TypeError: hipy.branch(Cond) outside a staged function\n\
         search: not staged: more than 16 branches on staged values\n\
         3 7 3 3\n"
    );
}

#[test]
fn every_loop_of_the_dsl_corpus_program_is_captured() {
    // Its output (the captured IR evaluated) is checked against CPython in
    // the corpus; here, that hipy captured the loops rather than falling back.
    let src = after_program(
        "tests/corpus/stage_dsl_loops.py",
        r#"
for name in ("countdown", "collatz", "power", "stepped", "positives", "triangle", "spread", "halve", "last",
             "lcm", "harmonic", "signed_steps", "scaled"):
    hipy.explain(ns[name])
"#,
    );
    let out = run("dsl_loops.py", &src, &[]);
    assert_eq!(
        out,
        "countdown: staged (1 path, 1 loop captured)\n\
         collatz: staged (1 path, 1 loop captured)\n\
         power: staged (1 path, 1 loop captured)\n\
         stepped: staged (1 path, 1 loop captured)\n\
         positives: staged (1 path, 1 loop captured)\n\
         triangle: staged (1 path, 2 loops captured)\n\
         spread: staged (1 path, 2 loops captured)\n\
         halve: staged (1 path, 1 loop captured)\n\
         last: staged (1 path, 1 loop captured)\n\
         lcm: staged (1 path, 1 loop captured)\n\
         harmonic: staged (1 path, 1 loop captured)\n\
         signed_steps: staged (2 paths, 2 loops captured)\n\
         scaled: staged (2 paths)\n"
    );
}

/// Loads examples/stage_dsl.py as `dsl` (not as `__main__`: no demo).
const LOAD_DSL: &str = r#"
import hipy, importlib.util
spec = importlib.util.spec_from_file_location("stage_dsl", DSL)
dsl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dsl)
"#;

fn with_dsl(src: &str) -> String {
    let dsl = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stage_dsl.py");
    LOAD_DSL.replace("DSL", &format!("{dsl:?}")) + src
}

const UNCAPTURED: &str = r#"

@hipy.stage
def doubling(x, limit):
    n = 0
    while (y := x * 2) < limit:
        x = y
        n = n + 1
    return x, y, n

@hipy.stage
def skip(ts):
    total = 0
    for t in ts:
        if t < 0:
            continue
        total = total + t
    return total

@hipy.stage
def short(x):
    n = 0
    while x > 0:
        x = x - 1
        n = n + 1
    else:
        n = -n
    return n

for f, args in ((doubling, (dsl.var("x"), 100)), (skip, (dsl.seq("ts"),)), (short, (dsl.var("x"),))):
    try:
        print(dsl.capture(f, *args))
    except TypeError as e:
        print("TypeError:", e)
    hipy.explain(f)
print(doubling(3, 100), skip([1, -2, 3]), short(2))
"#;

#[test]
fn loops_the_protocol_does_not_take_run_as_branches() {
    let out = run("uncaptured.py", &with_dsl(UNCAPTURED), &[]);
    assert_eq!(
        out,
        "TypeError: hipy.branch(Cond) outside a staged function\n\
         doubling: not staged: more than 16 branches on staged values\n\
         TypeError: 'Seq' object is not iterable\n\
         skip: not staged: TypeError raised while staging: 'Seq' object is not iterable\n\
         TypeError: hipy.branch(Cond) outside a staged function\n\
         short: not staged: more than 16 branches on staged values\n\
         (96, 192, 5) 4 -2\n"
    );
}

#[test]
fn staging_off_captures_no_loop() {
    let src = with_dsl(
        r#"
try:
    dsl.capture(dsl.countdown, "x")
except TypeError as e:
    print("TypeError:", e)
hipy.explain(dsl.countdown)
print(dsl.countdown(2.5))
"#,
    );
    let out = run("uncaptured_off.py", &src, &[("HIPY_STAGE", "off")]);
    assert_eq!(
        out,
        "TypeError: hipy.branch(Cond) outside a staged function\n\
         countdown: not staged: staging is off (HIPY_STAGE=off)\n\
         3\n"
    );
}
