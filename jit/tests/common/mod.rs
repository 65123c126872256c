//! Helpers for backend tests: compile IR text, run it, fake objects.
#![allow(dead_code)]

use hipy_jit::*;
use hipy_optimizer::*;

/// The layout of `FakeObj`.
pub const LAYOUT: ObjLayout = ObjLayout {
    type_offset: 8,
    float_payload_offset: 16,
};

/// An object as the backend sees it: a type pointer and a float payload at the
/// offsets of `LAYOUT`.
#[repr(C)]
pub struct FakeObj {
    pub refcount: u64,
    pub typ: u64,
    pub payload: f64,
}

impl FakeObj {
    pub fn new(typ: u64, payload: f64) -> Box<FakeObj> {
        Box::new(FakeObj {
            refcount: 1,
            typ,
            payload,
        })
    }
    pub fn addr(&self) -> u64 {
        self as *const FakeObj as u64
    }
}

pub fn ir(text: &str) -> Trace {
    parse(text).unwrap_or_else(|e| panic!("IR does not parse: {}\n{}", e, text))
}

pub fn compile_text(text: &str) -> CompiledLoop {
    compile_with(text, &CompileOptions::new(LAYOUT))
}

pub fn compile_with(text: &str, opts: &CompileOptions) -> CompiledLoop {
    let t = ir(text);
    compile(&t, opts).unwrap_or_else(|e| panic!("compile failed: {}\n{}", e, text))
}

pub fn run(l: &CompiledLoop, inputs: &[u64]) -> Exit {
    unsafe { l.run(inputs) }.unwrap()
}

pub fn f(x: f64) -> u64 {
    x.to_bits()
}

pub fn i(x: i64) -> u64 {
    x as u64
}

/// A bridge trace from IR text, optimized (exit lists computed) if asked.
pub fn bridge_ir(text: &str, optimized: bool) -> Trace {
    let mut t = ir(text);
    if optimized {
        optimize(&mut t).unwrap_or_else(|e| panic!("optimize: {}\n{}", e, text));
    }
    t
}

/// Optimizes the bridge in `text` and attaches it to exit `exit`.
pub fn attach_with(l: &CompiledLoop, exit: u32, text: &str, opts: &CompileOptions) -> Attached {
    let t = bridge_ir(text, true);
    l.attach_bridge(exit, &t, opts)
        .unwrap_or_else(|e| panic!("attach failed: {}\n{}", e, text))
}

pub fn attach(l: &CompiledLoop, exit: u32, text: &str) -> Attached {
    attach_with(l, exit, text, &CompileOptions::new(LAYOUT))
}
