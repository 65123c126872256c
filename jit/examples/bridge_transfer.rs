//! Benchmark: what a bridge saves on a loop whose iterations take two paths.
//!
//! `while i < n: if i % 3: a += i else: b += i; i += 1`, compiled on the `a` path.
//! - `exits`: no bridge; every third iteration leaves compiled code at the branch
//!   guard and a Rust "interpreter" runs that iteration and enters the loop again (a
//!   lower bound on what the vm pays per exit; it also rebuilds frames and boxes).
//! - `bridge`: the `b` path is attached as a bridge; the loop never leaves.
//!
//! Run: `cargo run --release --ignore-rust-version -p hipy-jit --example bridge_transfer`
//! (optional argument: iterations, default 30 000 000). Prints the best of 5 runs.

use hipy_jit::{compile, CompileOptions, CompiledLoop, ObjLayout};
use hipy_optimizer::parse;
use std::time::Instant;

const ROOT: &str = "trace branch
inputs v0:i64, v1:i64, v2:i64, v3:i64
v4 = int_lt v0, v1
guard_true v4 [s0 resume 0x1@0 {v0, v1, v2, v3}]
v5 = int_mod v0, 3
guard_true v5 [s1 resume 0x1@4 {v0, v1, v2, v3}]
v6 = int_add v2, v0
v7 = int_add v0, 1
jump v7, v1, v6, v3";

const BRIDGE: &str = "trace branch_else
inputs v0:i64, v1:i64, v2:i64, v3:i64
bridge loop(i64, i64, i64, i64)
v4 = int_mod v0, 3
guard_false v4 [s0 resume 0x1@4 {v0, v1, v2, v3}]
v5 = int_add v3, v0
v6 = int_add v0, 1
jump v6, v1, v2, v5";

const LAYOUT: ObjLayout = ObjLayout {
    type_offset: 8,
    float_payload_offset: 16,
};

/// Runs the loop to the end, resuming in Rust at every exit. Returns (a, b, entries).
fn run(l: &CompiledLoop, n: i64) -> (i64, i64, u64) {
    let (mut i, mut a, mut b) = (0i64, 0i64, 0i64);
    let mut entries = 0;
    let mut buf = Vec::with_capacity(l.max_exit_values());
    loop {
        entries += 1;
        // SAFETY: integer inputs only; the trace calls nothing.
        unsafe { l.run_into(&[i as u64, n as u64, a as u64, b as u64], &mut buf) }
            .expect("four inputs");
        i = buf[0] as i64;
        a = buf[2] as i64;
        b = buf[3] as i64;
        if i >= n {
            return (a, b, entries);
        }
        if i % 3 != 0 {
            a = a.wrapping_add(i)
        } else {
            b = b.wrapping_add(i)
        }
        i += 1;
    }
}

fn best_of(runs: usize, f: impl Fn() -> (i64, i64, u64)) -> (f64, (i64, i64, u64)) {
    let mut best = f64::MAX;
    let mut out = (0, 0, 0);
    for _ in 0..runs {
        let t = Instant::now();
        out = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, out)
}

fn main() {
    let n: i64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(30_000_000);
    let opts = CompileOptions::new(LAYOUT);
    let root = parse(ROOT).expect("root IR");
    let plain = compile(&root, &opts).expect("compiles");
    let bridged = compile(&root, &opts).expect("compiles");
    let attached = bridged
        .attach_bridge(1, &parse(BRIDGE).expect("bridge IR"), &opts)
        .expect("attaches");
    let (t_exits, r_exits) = best_of(5, || run(&plain, n));
    let (t_bridge, r_bridge) = best_of(5, || run(&bridged, n));
    assert_eq!((r_exits.0, r_exits.1), (r_bridge.0, r_bridge.1));
    let per = |t: f64| t * 1e9 / n as f64;
    println!("iterations: {}", n);
    println!(
        "exits : {:8.3} s  {:6.2} ns/iteration  {} entries into compiled code",
        t_exits,
        per(t_exits),
        r_exits.2
    );
    println!(
        "bridge: {:8.3} s  {:6.2} ns/iteration  {} entries into compiled code",
        t_bridge,
        per(t_bridge),
        r_bridge.2
    );
    let exits = r_exits.2 - 1;
    println!(
        "per avoided exit: {:.2} ns; code: root {} bytes, bridge {} bytes",
        (t_exits - t_bridge) * 1e9 / exits as f64,
        bridged.code_size(),
        attached.code_size
    );
}
