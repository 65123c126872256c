//! Helpers for IR-text-in, IR-text-out tests.
#![allow(dead_code)]

use hipy_optimizer::*;

/// Parses `text`, panicking with the parse error.
pub fn ir(text: &str) -> Trace {
    match parse(text) {
        Ok(t) => t,
        Err(e) => panic!("test IR does not parse: {}\n{}", e, text),
    }
}

/// Runs `pass` on `before` and checks that the result prints like `after`
/// (both sides are parsed, so spacing and comments do not matter).
pub fn check_pass(pass: impl Fn(&mut Trace), before: &str, after: &str) {
    let mut t = ir(before);
    pass(&mut t);
    verify(&t).unwrap_or_else(|e| panic!("pass produced an invalid trace: {}\n{}", e, t));
    let want = ir(after);
    assert_eq!(
        t.to_string(),
        want.to_string(),
        "\n--- got ---\n{}\n--- want ---\n{}",
        t,
        want
    );
}

/// Like `check_pass` with the whole default pipeline.
pub fn check_optimize(before: &str, after: &str) {
    check_pass(
        |t| {
            optimize(t).unwrap_or_else(|e| panic!("optimize failed: {}", e));
        },
        before,
        after,
    )
}
