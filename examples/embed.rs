//! Embedding hipy in a Rust program: build a runtime with the JIT and the
//! lazy numpy configured, run source code, set and read globals, evaluate
//! expressions, call Python functions, and handle Python exceptions.
//!
//! Run it with `cargo run --release --ignore-rust-version --example embed`.

use hipy::{Runtime, Value};

const PROGRAM: &str = r#"
def collatz(x):
    steps = 0
    while x != 1:
        x = 3 * x + 1 if x % 2 else x // 2
        steps += 1
    return steps

longest = max(range(1, limit), key=collatz)
"#;

fn run() -> Result<u8, hipy::Error> {
    let rt = Runtime::builder()
        .jit(true)
        .jit_threshold(200)
        .lazy(true)
        .build()?;

    // Globals in, code run, globals out.
    rt.set_global("limit", 10_000)?;
    rt.run_source(PROGRAM, "<collatz>")?;
    println!("longest chain below 10000 starts at {:?}", rt.global("longest")?);

    // Expressions and calls, with values converted both ways.
    println!("collatz(27) = {:?}", rt.eval("collatz(27)")?);
    println!("collatz(97) = {:?}", rt.call("collatz", &[Value::Int(97)])?);
    rt.set_global("words", Value::List(vec!["lazy".into(), "jit".into()]))?;
    println!("{:?}", rt.eval("{w: len(w) for w in words}")?);

    // hipy's numpy: a lazy graph, forced when the value is read.
    rt.run_source("import numpy as np\na = np.arange(1.0, 5.0)\ntotal = float((a * a).sum())", "<numpy>")?;
    println!("sum of squares = {:?}", rt.global("total")?);

    // A Python exception is an Err; print it as Python would, or inspect it.
    match rt.eval("collatz(0) if False else 1 / 0") {
        Ok(v) => println!("unexpected: {v:?}"),
        Err(e) => println!("caught {} ({})", e.type_name(), e.message()),
    }
    // The exit status python3 would have (0 here), after atexit handlers.
    Ok(rt.finish(None))
}

fn main() {
    // Python calls back from native code use the Rust stack: give the
    // interpreter a thread with a large one, as the `hipy` command does.
    let status = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| match run() {
            Ok(status) => status,
            Err(e) => {
                eprintln!("embed: {e}");
                1
            }
        })
        .expect("spawn the interpreter thread")
        .join()
        .expect("interpreter thread");
    std::process::exit(i32::from(status));
}
