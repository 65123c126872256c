//! The optimizer's float_sum example compiled and run with real boxing helpers:
//! the accumulator is boxed every iteration, the old box decref'd, and reference
//! ownership is exact (every box allocated is freed once, none leaks), with and
//! without random exits.
mod common;
use common::*;
use hipy_jit::{compile, CompileOptions};
use hipy_optimizer::optimize;
use std::sync::atomic::{AtomicI64, Ordering};

const FLOAT_T: u64 = 0x1000;
static LIVE: AtomicI64 = AtomicI64::new(0);

extern "C" fn box_float(x: f64) -> u64 {
    LIVE.fetch_add(1, Ordering::SeqCst);
    Box::into_raw(FakeObj::new(FLOAT_T, x)) as u64
}

extern "C" fn decref(p: u64) {
    let obj = unsafe { &mut *(p as *mut FakeObj) };
    obj.refcount -= 1;
    if obj.refcount == 0 {
        LIVE.fetch_sub(1, Ordering::SeqCst);
        drop(unsafe { Box::from_raw(p as *mut FakeObj) });
    }
}

fn payload(p: u64) -> f64 {
    unsafe { (*(p as *const FakeObj)).payload }
}

fn trace_text() -> String {
    format!(
        "trace float_sum
        inputs v0:i64, v1:i64, v2:obj
        const c0 = {:#x} \"float\" sealed
        func f0 = {:#x} \"box_float\" (f64) -> obj owned class(c0)
        func f1 = {:#x} \"decref\" (obj) -> void consumes(0) decref
        v3 = int_lt v0, v1
        guard_true v3 [s0 resume 0x10@4 {{v0, v1, v2}}]
        guard_class v2, c0 [s0]
        v4 = unbox_float v2
        v5 = int_to_f64 v0
        v6 = float_mul v5, 0.5
        v7 = float_add v4, v6
        v8 = call f0(v7)
        guard_class v8, c0 [s1 resume 0x10@12 {{v0, v1, v8}}]
        guard_nonnull v8 [s1]
        call f1(v2)
        v9 = int_add v0, 1
        v10 = int_mul 2, 3
        v11 = int_add v9, 0
        jump v11, v1, v8",
        FLOAT_T, box_float as *const () as u64, decref as *const () as u64
    )
}

#[test]
fn boxing_loop_with_exact_reference_counts() {
    let mut t = ir(&trace_text());
    optimize(&mut t).unwrap();
    for random in [None, Some(5u64)] {
        let mut opts = CompileOptions::new(LAYOUT);
        opts.random_exits = random;
        let l = compile(&t, &opts).unwrap();
        let live_before = LIVE.load(Ordering::SeqCst);
        let (mut i_, n) = (0i64, 300i64);
        let mut acc = box_float(0.0);
        loop {
            let e = run(&l, &[i(i_), i(n), acc]);
            let info = l.exit_info(e.guard).unwrap();
            // Every exit of this trace holds the loop-head state; v2 is owned by the
            // exit (it is in the snapshot), anything in the drop list is decref'd.
            let g = t.ops[info.op_index].guard.as_ref().unwrap();
            for &d in &g.drop {
                decref(info.value_of(&e.values, d).unwrap());
            }
            i_ = e.values[0] as i64;
            acc = e.values[2];
            if i_ >= n {
                break;
            }
            // The interpreter runs one iteration.
            let next = box_float(payload(acc) + i_ as f64 * 0.5);
            decref(acc);
            acc = next;
            i_ += 1;
        }
        let want: f64 = (0..n).map(|k| k as f64 * 0.5).sum();
        assert_eq!(payload(acc), want);
        assert_eq!(
            LIVE.load(Ordering::SeqCst) - live_before,
            1,
            "only the result is alive"
        );
        decref(acc);
        if random.is_some() {
            assert!(
                l.exit_counts().iter().all(|&c| c > 0),
                "{:?}",
                l.exit_counts()
            );
        }
        println!("float_sum: {} bytes of machine code", l.code_size());
    }
}
