//! hipy as a library: runs `examples/embed.rs` (as CI builds it) and checks
//! what it prints, then drives the API in this process.

use std::path::PathBuf;
use std::process::Command;

/// The example's binary beside the `hipy` binary (`cargo test` builds the
/// examples); built on demand when this test runs alone.
fn example_binary() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_BIN_EXE_hipy")).parent().unwrap().join("examples");
    let exe = dir.join("embed");
    if !exe.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let profile = if cfg!(debug_assertions) { "dev" } else { "release" };
        let status = Command::new(cargo)
            .args(["build", "--ignore-rust-version", "--profile", profile, "--example", "embed"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("run cargo");
        assert!(status.success(), "building the embed example failed");
    }
    exe
}

#[test]
fn the_embedding_example_runs() {
    let out = Command::new(example_binary()).env_remove("PYTHONPATH").output().expect("run the example");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout,
        "longest chain below 10000 starts at Some(Int(6171))\n\
         collatz(27) = Int(111)\n\
         collatz(97) = Int(118)\n\
         Dict([(Str(\"lazy\"), Int(4)), (Str(\"jit\"), Int(3))])\n\
         sum of squares = Some(Float(30.0))\n\
         caught ZeroDivisionError (division by zero)\n"
    );
}

#[test]
fn the_api_converts_values_and_reports_exceptions() {
    use hipy::{Runtime, Value};
    let result = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let rt = Runtime::builder().flags(hipy::Flags { no_site: true, ..Default::default() }).build().unwrap();
            let values = vec![
                Value::None,
                Value::Bool(true),
                Value::Int(-7),
                Value::BigInt("123456789012345678901234567890".into()),
                Value::Float(2.5),
                Value::Str("héllo".into()),
                Value::Bytes(vec![0, 255]),
                Value::Tuple(vec![Value::Int(1), Value::List(vec![])]),
                Value::Dict(vec![(Value::Str("k".into()), Value::Float(1.0))]),
            ];
            for v in &values {
                rt.set_global("x", v.clone()).unwrap();
                assert_eq!(rt.eval("x").unwrap(), *v);
            }
            assert_eq!(rt.eval("type(x).__name__").unwrap(), Value::Str("dict".into()));
            assert!(matches!(rt.eval("object()").unwrap(), Value::Other { type_name, .. } if type_name == "object"));
            assert_eq!(rt.global("missing").unwrap(), None);
            let err = rt.run_source("def f():\n    raise KeyError('k')\nf()\n", "<test>").unwrap_err();
            assert_eq!((err.type_name(), err.message()), ("KeyError", "'k'"));
            let err = rt.eval("1 +").unwrap_err();
            assert_eq!(err.type_name(), "SyntaxError");
            let exit = rt.run_source("import sys\nsys.exit(3)", "<test>").unwrap_err();
            assert!(exit.is_system_exit());
            rt.finish(Some(exit))
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(result, 3);
}
