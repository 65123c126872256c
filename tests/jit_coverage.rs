//! The JIT compiles the loops it is meant to compile: each program under
//! `tests/jit/` named in `CASES` prints what CPython printed
//! (`<name>.expected`, recorded with `python3`) in every engine mode, and
//! its `--jit-stats` report names the traces and none of the listed abort
//! reasons.

mod support;

use std::path::Path;
use std::time::Duration;

struct Case {
    program: &'static str,
    /// Text the report must contain: trace names (`trace function:line:`) that
    /// must be compiled, `transfers into trace ...` of bridges that must enter
    /// another loop directly.
    traces: &'static [&'static str],
    /// Abort reasons that must not occur.
    no_aborts: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        program: "common_shapes",
        traces: &[
            "trace f_in:14:", "trace f_kw:21:", "trace f_star:26:", "trace f_del:31:", "trace f_invert:37:",
            "trace f_fstr:41:", "trace f_with:45:", "trace f_str:60:", "trace f_isinst:84:", "trace f_tuple_ret:90:",
            "trace f_listops:95:", "trace f_global_counter:101: 0 bridges", "trace <module>:107:", "trace <module>:111:",
        ],
        no_aborts: &["is not recorded", "frame change differs", "optimizer:"],
    },
    Case {
        program: "unbound_local_loop",
        traces: &["trace count:5:"],
        no_aborts: &["a loop variable became unbound"],
    },
    Case {
        program: "comprehensions",
        traces: &["trace f:4:", "trace f:5:", "trace f:6:", "trace f:8:", "trace f:10:"],
        no_aborts: &["ListAppend", "SetAdd", "MapAdd", "LoadFastAndClear", "BuildList", "BuildSet", "BuildMap"],
    },
    Case {
        program: "return_self",
        traces: &["trace run:15:", "trace flips:24:"],
        no_aborts: &["optimizer:"],
    },
    Case {
        program: "builtin_methods",
        traces: &["trace fill:12:", "trace fill:16:", "trace shadowed:24:"],
        no_aborts: &[],
    },
    Case {
        program: "sum_generators",
        traces: &[
            "trace flags_sum.<locals>.<genexpr>:9:",
            "trace squares:14:",
            "trace floats:20:",
            "trace mixed:25:",
            "trace with_objects:45:",
        ],
        no_aborts: &["YieldValue"],
    },
    Case {
        program: "float_store",
        traces: &[
            "trace accumulate:15:",
            "trace shared:32:",
            "trace not_floats:51:",
            "trace indexes:70:",
            "trace iterate_and_store:85:",
            "trace overflow:93:",
            "trace refill:122:",
        ],
        no_aborts: &["optimizer:", "backend:"],
    },
    Case {
        program: "short_loops",
        traces: &["trace scaled_sum:7:", "trace count_odd:14:"],
        no_aborts: &[],
    },
    Case {
        program: "sibling_loops",
        traces: &[
            "transfers into trace step:15",
            "transfers into trace step:26",
            "transfers into trace step:30",
            "transfers into trace unbound_between:43",
            "transfers into trace unbound_between:39",
        ],
        no_aborts: &["optimizer:", "backend:"],
    },
    Case {
        program: "frame_readers",
        traces: &["call of a builtin that reads the caller's frame"],
        no_aborts: &[],
    },
    Case {
        program: "generator_peeling",
        traces: &[
            "trace consume:28: 0 bridges",
            "loop: 0 allocations removed, 1 left, 1 generator frames run inline",
            "trace chained:35:",
            "4 generator frames run inline",
        ],
        no_aborts: &["optimizer:", "backend:", "frame change differs", "inlining too deep"],
    },
    Case {
        program: "threads_shared",
        traces: &["trace main:28:"],
        no_aborts: &["optimizer:", "backend:"],
    },
];

#[test]
fn loops_compile_and_match_cpython() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/jit");
    let hipy = Path::new(env!("CARGO_BIN_EXE_hipy"));
    let mode = support::Mode { name: "jit", args: &["--jit-stats"], env: &[("HIPY_JIT", "on")] };
    for case in CASES {
        let script = format!("{}.py", case.program);
        let expected = std::fs::read(dir.join(format!("{}.expected", case.program))).unwrap();
        for m in support::HIPY_MODES.iter().chain([&mode]) {
            let mut cmd = support::hipy_command(hipy, m, &script, &[]);
            cmd.current_dir(&dir);
            let out = support::run(cmd, b"", Duration::from_secs(60));
            assert_eq!(support::printable(&out.stdout), support::printable(&expected), "{} ({}): stdout", case.program, m.name);
        }
        let mut cmd = support::hipy_command(hipy, &mode, &script, &[]);
        cmd.current_dir(&dir);
        let out = support::run(cmd, b"", Duration::from_secs(60));
        let report = support::printable(&out.stderr);
        for t in case.traces {
            assert!(report.contains(t), "{}: no {t} in\n{report}", case.program);
        }
        for a in case.no_aborts {
            assert!(!report.contains(a), "{}: aborted ({a}):\n{report}", case.program);
        }
    }
}
