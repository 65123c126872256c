//! The JIT runs long loops in constant memory: RSS at the end is within 5%
//! of RSS after warm-up (no leaked boxes, references or run buffers), and
//! the result is the one CPython computed (`tests/jit/*.expected`, recorded
//! with `python3 tests/jit/NAME.py`).

mod support;

use std::path::Path;
use std::time::Duration;

/// Runs `tests/jit/NAME.py` with the JIT on; it prints its result, RSS
/// after warm-up, RSS at the end, and the growth.
fn assert_constant_memory(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/jit");
    let script = dir.join(format!("{name}.py"));
    let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
    let mode = support::Mode { name: "jit", args: &[], env: &[("HIPY_JIT", "on")] };
    let cmd = support::hipy_command(Path::new(env!("CARGO_BIN_EXE_hipy")), &mode, script.to_str().unwrap(), &[]);
    let out = support::run(cmd, b"", Duration::from_secs(120));
    assert_eq!(out.status, "0", "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(fields.len(), 4, "output: {text}");
    assert_eq!(fields[0], expected.trim(), "result differs from CPython's");
    let warm: f64 = fields[1].parse().unwrap();
    let end: f64 = fields[2].parse().unwrap();
    println!("{name}: RSS after warm-up {warm} KiB, at the end {end} KiB");
    assert!(end <= warm * 1.05, "RSS grew from {warm} KiB to {end} KiB");
}

#[test]
fn float_loop_runs_in_constant_memory() {
    assert_constant_memory("float_loop_rss");
}

/// Direct calls whose entry trace transfers into the callee's loop gave
/// back a run buffer they never took, at every call.
#[test]
fn calls_into_compiled_loops_run_in_constant_memory() {
    assert_constant_memory("call_loop_rss");
}

/// Generators made by compiled code, peeled as recursive chains and dropped
/// half-consumed, release their frames.
#[test]
fn generator_chains_run_in_constant_memory() {
    assert_constant_memory("gen_chain_rss");
}
