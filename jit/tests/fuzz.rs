//! Random traces, run two ways: by a reference interpreter of the IR (ops evaluated
//! with `hipy_optimizer::fold::evaluate`, the same semantics as constant folding) and
//! as compiled code. The exit (which snapshot, and the value of every snapshot slot)
//! must agree. The traces mix i64 and f64 values, guarding arithmetic, compares fused
//! and not fused with guards, helper calls, constants, shared snapshots and enough
//! values to force spills. Each trace is also optimized and compiled again: the state
//! described by the exit must still be the same.
mod common;
use common::*;
use hipy_jit::{compile, CompileOptions};
use hipy_optimizer::fold::evaluate;
use hipy_optimizer::*;
use std::collections::HashMap;

extern "C" fn add3(a: i64, b: i64, c: i64) -> i64 {
    a.wrapping_add(b.wrapping_mul(2)).wrapping_sub(c)
}

extern "C" fn mix(a: f64, b: i64, c: f64) -> f64 {
    a * 0.5 + b as f64 - c
}

/// Nine arguments: three go on the stack.
#[allow(clippy::too_many_arguments)]
extern "C" fn sum9(a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, g: i64, h: i64, k: i64) -> i64 {
    [a, b, c, d, e, f, g, h, k]
        .iter()
        .enumerate()
        .fold(0i64, |acc, (j, &x)| {
            acc.wrapping_mul(31).wrapping_add(x ^ j as i64)
        })
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

const INT_CONSTS: &[i64] = &[0, 1, -1, 2, 3, -7, 63, 64, 1 << 40, i64::MAX, i64::MIN];
const FLOAT_CONSTS: &[f64] = &[0.0, -0.0, 1.5, -2.25, 1e10, 3.0, f64::INFINITY, f64::NAN];

struct Gen {
    rng: Rng,
    lines: Vec<String>,
    next: u32,
    ints: Vec<u32>,
    floats: Vec<u32>,
    /// Object inputs (pointers to `OBJECTS`).
    objs: Vec<u32>,
    snaps: u32,
}

const FLOAT_T: u64 = 0x7100;
const OTHER_T: u64 = 0x7200;

/// The objects object inputs point to: two classes, readable payloads.
fn objects() -> &'static [FakeObj] {
    static OBJS: std::sync::OnceLock<Vec<FakeObj>> = std::sync::OnceLock::new();
    OBJS.get_or_init(|| {
        (0..4)
            .map(|k| FakeObj {
                refcount: 1,
                typ: if k % 2 == 0 { FLOAT_T } else { OTHER_T },
                payload: k as f64 * 1.25 - 2.0,
            })
            .collect()
    })
}

impl Gen {
    fn val(&mut self, ty: &str) -> u32 {
        let v = self.next;
        self.next += 1;
        if ty == "i64" {
            self.ints.push(v)
        } else {
            self.floats.push(v)
        }
        v
    }
    fn int(&mut self) -> String {
        if self.rng.chance(20) || self.ints.is_empty() {
            self.rng.pick(INT_CONSTS).to_string()
        } else {
            format!("v{}", self.rng.pick(&self.ints))
        }
    }
    fn int_value(&mut self) -> String {
        format!("v{}", self.rng.pick(&self.ints))
    }
    fn float(&mut self) -> String {
        if self.rng.chance(20) || self.floats.is_empty() {
            format!("{:?}", self.rng.pick(FLOAT_CONSTS))
        } else {
            format!("v{}", self.rng.pick(&self.floats))
        }
    }
    fn snapshot(&mut self) -> String {
        if self.snaps > 0 && self.rng.chance(25) {
            return format!("[s{}]", self.rng.below(self.snaps as usize));
        }
        let id = self.snaps;
        self.snaps += 1;
        let n = self.rng.below(9);
        let mut slots = Vec::new();
        for _ in 0..n {
            let s = match self.rng.below(10) {
                0 => "=".to_string(),
                1 => "null".to_string(),
                2 => self.int(),
                3 => format!("bool({})", self.int_value()),
                4 | 5 if !self.floats.is_empty() => self.float(),
                6 if !self.objs.is_empty() => format!("v{}", self.rng.pick(&self.objs.clone())),
                _ => self.int_value(),
            };
            slots.push(s);
        }
        format!("[s{} resume 0x1@{} {{{}}}]", id, id, slots.join(", "))
    }
    /// Ops on object inputs: class, null and identity guards, inline reads (also as
    /// arrays of words: the type word or the payload, by a variable or constant
    /// index), identity compares.
    fn obj_op(&mut self) {
        let o = format!("v{}", self.rng.pick(&self.objs.clone()));
        let line = match self.rng.below(8) {
            6 => {
                let a = self.int_value();
                let k = self.val("i64");
                self.lines.push(format!("v{} = int_and {}, 1", k, a));
                format!("v{}:i64 = load_indexed {}, v{}, 8", self.val("i64"), o, k)
            }
            7 => format!("v{}:f64 = load_indexed {}, 1, 8", self.val("f64"), o),
            0 => {
                let c = self.rng.pick(&["c0", "c1"]);
                format!("guard_class {}, {} {}", o, c, self.snapshot())
            }
            1 => format!("v{} = unbox_float {}", self.val("f64"), o),
            2 => {
                let t = self.next;
                self.next += 1;
                let c = self.rng.pick(&["c0", "c1"]);
                format!(
                    "v{} = load_type {}\nv{} = ptr_eq v{}, {}",
                    t,
                    o,
                    self.val("i64"),
                    t,
                    c
                )
            }
            3 => {
                let o2 = format!("v{}", self.rng.pick(&self.objs.clone()));
                let op = self.rng.pick(&["ptr_eq", "ptr_ne"]);
                format!("v{} = {} {}, {}", self.val("i64"), op, o, o2)
            }
            4 => format!("guard_nonnull {} {}", o, self.snapshot()),
            _ => format!("guard_identity {}, c2 {}", o, self.snapshot()),
        };
        self.lines.push(line);
    }

    /// `vN = int_and x, 65535`: a small non-negative value.
    fn small(&mut self) -> String {
        let a = self.int_value();
        let v = self.val("i64");
        self.lines.push(format!("v{} = int_and {}, 65535", v, a));
        format!("v{}", v)
    }

    /// `vN = int_or x, 1`: a nonzero value.
    fn nonzero(&mut self) -> String {
        let a = self.int_value();
        let v = self.val("i64");
        self.lines.push(format!("v{} = int_or {}, 1", v, a));
        format!("v{}", v)
    }

    /// Ops whose guards usually pass, so that loops run several iterations.
    fn likely_op(&mut self) {
        let line = match self.rng.below(9) {
            0 => {
                let op = self
                    .rng
                    .pick(&["int_add_ovf", "int_sub_ovf", "int_mul_ovf"]);
                let (a, b) = (self.small(), self.small());
                let s = self.snapshot();
                format!("v{} = {} {}, {} {}", self.val("i64"), op, a, b, s)
            }
            1 => {
                let op = self.rng.pick(&["int_floordiv", "int_mod"]);
                let (a, b) = (self.int(), self.nonzero());
                let s = self.snapshot();
                format!("v{} = {} {}, {} {}", self.val("i64"), op, a, b, s)
            }
            2 => {
                let a = self.small();
                let k = self.rng.below(40);
                let s = self.snapshot();
                format!("v{} = int_lshift_ovf {}, {} {}", self.val("i64"), a, k, s)
            }
            3 => {
                let a = self.small();
                let v = self.val("i64");
                let (op, k, g) = self.rng.pick(&[
                    ("int_lt", 70000, "guard_true"),
                    ("int_ge", 0, "guard_true"),
                    ("int_gt", 65535, "guard_false"),
                    ("int_eq", -1, "guard_false"),
                ]);
                let s = self.snapshot();
                format!("v{} = {} {}, {}\n{} v{} {}", v, op, a, k, g, v, s)
            }
            4 if !self.floats.is_empty() => {
                let a = format!("v{}", self.rng.pick(&self.floats.clone()));
                let v = self.val("i64");
                let (op, k, g) = self.rng.pick(&[
                    ("float_le", "inf", "guard_true"),
                    ("float_eq", "NaN", "guard_false"),
                    ("float_ne", "NaN", "guard_true"),
                    ("float_gt", "inf", "guard_false"),
                ]);
                let s = self.snapshot();
                format!("v{} = {} {}, {}\n{} v{} {}", v, op, a, k, g, v, s)
            }
            5 => {
                let a = self.small();
                let n = if self.rng.chance(50) {
                    "65536".to_string()
                } else {
                    self.nonzero()
                };
                // A variable length gets bit 16 set, so that small < len always.
                if n.starts_with('v') {
                    let big = self.val("i64");
                    self.lines.push(format!("v{} = int_or {}, 65536", big, n));
                    format!("guard_bounds {}, v{} {}", a, big, self.snapshot())
                } else {
                    format!("guard_bounds {}, {} {}", a, n, self.snapshot())
                }
            }
            6 => {
                let a = self.nonzero();
                format!("guard_true {} {}", a, self.snapshot())
            }
            7 if !self.floats.is_empty() => {
                let op = self.rng.pick(&["float_div", "float_floordiv", "float_mod"]);
                let a = self.float();
                let b = self.rng.pick(&["1.5", "-3.0", "0.25", "1e10"]);
                let s = self.snapshot();
                format!("v{} = {} {}, {} {}", self.val("f64"), op, a, b, s)
            }
            _ => {
                let a = self.int_value();
                let b = self.rng.below(70);
                let s = self.snapshot();
                format!("v{} = int_rshift {}, {} {}", self.val("i64"), a, b, s)
            }
        };
        self.lines.push(line);
    }

    fn op(&mut self) {
        if self.rng.chance(70) {
            return self.likely_op();
        }
        let r = self.rng.below(25);
        if r >= 22 && !self.objs.is_empty() {
            return self.obj_op();
        }
        let line = match r {
            0..=3 => {
                let op = self.rng.pick(&[
                    "int_add", "int_sub", "int_mul", "int_and", "int_or", "int_xor",
                ]);
                let (a, b) = (self.int_value(), self.int());
                format!("v{} = {} {}, {}", self.val("i64"), op, a, b)
            }
            4 => {
                let op = self
                    .rng
                    .pick(&["int_add_ovf", "int_sub_ovf", "int_mul_ovf"]);
                let (a, b, s) = (self.int_value(), self.int(), self.snapshot());
                format!("v{} = {} {}, {} {}", self.val("i64"), op, a, b, s)
            }
            5 => {
                let (a, s) = (self.int_value(), self.snapshot());
                format!("v{} = int_neg_ovf {} {}", self.val("i64"), a, s)
            }
            6 => {
                let op = self.rng.pick(&["int_floordiv", "int_mod"]);
                let (a, b, s) = (self.int(), self.int(), self.snapshot());
                format!("v{} = {} {}, {} {}", self.val("i64"), op, a, b, s)
            }
            7 => {
                let op = self.rng.pick(&["int_lshift_ovf", "int_rshift"]);
                let a = self.int_value();
                let b = if self.rng.chance(50) {
                    self.rng.below(70).to_string()
                } else {
                    self.int_value()
                };
                let s = self.snapshot();
                format!("v{} = {} {}, {} {}", self.val("i64"), op, a, b, s)
            }
            8..=9 => {
                let op = self
                    .rng
                    .pick(&["int_lt", "int_le", "int_eq", "int_ne", "int_gt", "int_ge"]);
                let (a, b) = (self.int_value(), self.int());
                let v = self.val("i64");
                let mut l = format!("v{} = {} {}, {}", v, op, a, b);
                if self.rng.chance(25) {
                    let g = self.rng.pick(&["guard_true", "guard_false"]);
                    l += &format!("\n{} v{} {}", g, v, self.snapshot());
                }
                l
            }
            10 => {
                let a = self.int_value();
                format!("v{} = bool_not {}", self.val("i64"), a)
            }
            11 => {
                let a = self.int_value();
                format!("v{} = int_to_f64 {}", self.val("f64"), a)
            }
            12..=13 if !self.floats.is_empty() => {
                let op = self.rng.pick(&[
                    "float_add",
                    "float_sub",
                    "float_mul",
                    "float_neg",
                    "float_abs",
                ]);
                let a = format!("v{}", self.rng.pick(&self.floats.clone()));
                if op == "float_neg" || op == "float_abs" {
                    format!("v{} = {} {}", self.val("f64"), op, a)
                } else {
                    let b = self.float();
                    format!("v{} = {} {}, {}", self.val("f64"), op, a, b)
                }
            }
            14 if !self.floats.is_empty() => {
                let op = self.rng.pick(&["float_div", "float_floordiv", "float_mod"]);
                let (a, b, s) = (self.float(), self.float(), self.snapshot());
                format!("v{} = {} {}, {} {}", self.val("f64"), op, a, b, s)
            }
            15 if !self.floats.is_empty() => {
                let op = self.rng.pick(&[
                    "float_lt", "float_le", "float_eq", "float_ne", "float_gt", "float_ge",
                ]);
                let a = format!("v{}", self.rng.pick(&self.floats.clone()));
                let b = self.float();
                let v = self.val("i64");
                let mut l = format!("v{} = {} {}, {}", v, op, a, b);
                if self.rng.chance(25) {
                    let g = self.rng.pick(&["guard_true", "guard_false"]);
                    l += &format!("\n{} v{} {}", g, v, self.snapshot());
                }
                l
            }
            16 => {
                let (a, b, c) = (self.int(), self.int(), self.int());
                format!("v{} = call f0({}, {}, {})", self.val("i64"), a, b, c)
            }
            17 if !self.floats.is_empty() => {
                let (a, b, c) = (self.float(), self.int(), self.float());
                format!("v{} = call f1({}, {}, {})", self.val("f64"), a, b, c)
            }
            18 => {
                let a = self.int_value();
                let n = if self.rng.chance(50) {
                    "1000".to_string()
                } else {
                    self.int_value()
                };
                format!("guard_bounds {}, {} {}", a, n, self.snapshot())
            }
            19 => {
                let a = self.int_value();
                let v = self.val("i64");
                let k = self.rng.below(2);
                format!(
                    "v{} = int_and {}, 1\nguard_eq_i64 v{}, {} {}",
                    v,
                    a,
                    v,
                    k,
                    self.snapshot()
                )
            }
            _ => {
                let a = self.int_value();
                format!("guard_true {} {}", a, self.snapshot())
            }
        };
        self.lines.push(line);
    }
}

/// A random trace text and matching random inputs.
fn random_trace(seed: u64) -> (String, Vec<u64>) {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
        lines: vec![],
        next: 0,
        ints: vec![],
        floats: vec![],
        objs: vec![],
        snaps: 0,
    };
    let ni = 2 + g.rng.below(16);
    let nf = g.rng.below(18);
    let mut inputs = Vec::new();
    let mut types = Vec::new();
    let mut values = Vec::new();
    for k in 0..ni + nf {
        let ty = if k < ni { "i64" } else { "f64" };
        let v = g.val(ty);
        inputs.push(format!("v{}:{}", v, ty));
        types.push(ty);
        values.push(if k == 0 {
            1 + g.rng.below(12) as u64
        } else if ty == "i64" {
            match g.rng.below(4) {
                0 => g.rng.next(),
                _ => (g.rng.below(200) as i64 - 100) as u64,
            }
        } else {
            ((g.rng.below(2000) as f64 - 1000.0) / 8.0).to_bits()
        });
    }
    for _ in 0..g.rng.below(4) {
        let v = g.next;
        g.next += 1;
        g.objs.push(v);
        inputs.push(format!("v{}:obj", v));
        types.push("obj");
        values.push(&objects()[g.rng.below(4)] as *const FakeObj as u64);
    }
    // v0 counts the iterations down.
    let counter = g.val("i64");
    g.ints.retain(|&v| v != counter);
    g.lines.push(format!("v{} = int_sub v0, 1", counter));
    let s = g.snapshot();
    g.lines.push(format!("guard_true v0 {}", s));
    g.ints.push(counter);
    let n_ops = 10 + g.rng.below(80);
    for _ in 0..n_ops {
        g.op();
    }
    // Object inputs are owned references: the jump passes each exactly once.
    let mut objs = g.objs.clone();
    for k in (1..objs.len()).rev() {
        objs.swap(k, g.rng.below(k + 1));
    }
    let mut jump = vec![format!("v{}", counter)];
    for ty in &types[1..] {
        jump.push(if *ty == "obj" {
            format!("v{}", objs.pop().unwrap())
        } else if *ty == "i64" {
            if g.rng.chance(10) {
                g.rng.pick(INT_CONSTS).to_string()
            } else {
                format!("v{}", g.rng.pick(&g.ints.clone()))
            }
        } else if g.floats.is_empty() {
            "0.5".to_string()
        } else {
            g.float()
        });
    }
    let text = format!(
        "trace fuzz{}\ninputs {}\nconst c0 = {:#x} \"float\" sealed\nconst c1 = {:#x} \"other\"\nconst c2 = {:#x} \"obj0\"\nfunc f0 = {:#x} \"add3\" (i64, i64, i64) -> i64 pure\nfunc f1 = {:#x} \"mix\" (f64, i64, f64) -> f64\n{}\njump {}\n",
        seed,
        inputs.join(", "),
        FLOAT_T,
        OTHER_T,
        &objects()[0] as *const FakeObj as u64,
        add3 as *const () as u64,
        mix as *const () as u64,
        g.lines.join("\n"),
        jump.join(", ")
    );
    (text, values)
}

/// A resolved slot of a snapshot, for comparing states.
#[derive(Debug, PartialEq)]
enum Slot {
    Unchanged,
    Null,
    Int(i64),
    Float(u64),
    Bool(bool),
}

type State = Vec<(u64, u32, Vec<Slot>)>;

fn resolve(t: &Trace, snap: SnapId, get: &dyn Fn(ValueId) -> u64) -> State {
    let s = t.snapshot(snap);
    let bits = |o: Operand| match o {
        Operand::Value(v) => get(v),
        Operand::Int(k) => k as u64,
        Operand::Float(b) => b,
        Operand::Obj(c) => t.consts[c.index()].addr,
    };
    s.frames
        .iter()
        .map(|fr| {
            let slots = fr
                .slots
                .iter()
                .map(|src| match *src {
                    Source::Unchanged => Slot::Unchanged,
                    Source::Null => Slot::Null,
                    Source::Bool(o) => Slot::Bool(bits(o) != 0),
                    Source::Val(o) => match t.operand_type(o) {
                        Some(Type::F64) => {
                            let b = bits(o);
                            // All NaNs are the same Python float value.
                            Slot::Float(if f64::from_bits(b).is_nan() {
                                f64::NAN.to_bits()
                            } else {
                                b
                            })
                        }
                        _ => Slot::Int(bits(o) as i64),
                    },
                    Source::Virtual(_) => unreachable!("no virtuals generated"),
                })
                .collect();
            (fr.code, fr.pc, slots)
        })
        .collect()
}

/// Runs the trace in the reference interpreter until an exit; returns the op index
/// that exited and the state its snapshot describes.
fn interpret(t: &Trace, inputs: &[u64]) -> (usize, State) {
    interpret_recording(t, inputs, &mut |_, _| {})
}

/// Like `interpret`, and calls `seen(op, state)` at every op that may exit, for the
/// state it would exit with (what a random exit there must produce).
fn interpret_recording(
    t: &Trace,
    inputs: &[u64],
    seen: &mut dyn FnMut(usize, State),
) -> (usize, State) {
    let tree = Tree {
        traces: vec![t.clone()],
        bridges: HashMap::new(),
    };
    let (_, op, state) = interpret_tree(&tree, inputs, &mut |_, i, s| seen(i, s));
    (op, state)
}

/// A loop and its bridges as the reference interpreter runs them: `traces[0]` is the
/// root; an op `i` of trace `t` that exits continues in trace `bridges[&(t, i)]`.
struct Tree {
    traces: Vec<Trace>,
    bridges: HashMap<(usize, usize), usize>,
}

/// Runs a tree until an exit without a bridge: returns the trace and op that exited
/// and the state its snapshot describes. `seen(trace, op, state)` as in
/// `interpret_recording`.
fn interpret_tree(
    tree: &Tree,
    inputs: &[u64],
    seen: &mut dyn FnMut(usize, usize, State),
) -> (usize, usize, State) {
    let mut cur = 0;
    let mut t = &tree.traces[0];
    let mut vals = vec![0u64; t.num_value_ids()];
    for (k, &v) in t.inputs.iter().enumerate() {
        vals[v.index()] = inputs[k];
    }
    let mut steps = 0usize;
    let mut i = 0;
    loop {
        steps += 1;
        assert!(steps < 2_000_000, "reference interpreter did not exit");
        let op = &t.ops[i];
        let args: Vec<Operand> = op
            .args
            .iter()
            .map(|&a| match a {
                Operand::Value(v) => match t.value_type(v) {
                    Some(Type::F64) => Operand::Float(vals[v.index()]),
                    _ => Operand::Int(vals[v.index()] as i64),
                },
                c => c,
            })
            .collect();
        let int = |k: usize| args[k].as_int().unwrap();
        let addr = |k: usize| match args[k] {
            Operand::Obj(c) => t.consts[c.index()].addr,
            o => o.as_int().unwrap() as u64,
        };
        let field = |p: u64, offset: usize| unsafe { *((p as usize + offset) as *const u64) };
        if let Some(snap) = op.snapshot() {
            seen(cur, i, resolve(t, snap, &|v| vals[v.index()]));
        }
        let exits = match op.opcode {
            Opcode::GuardTrue => int(0) == 0,
            Opcode::GuardFalse => int(0) != 0,
            Opcode::GuardEqI64 => int(0) != int(1),
            Opcode::GuardBounds => !(0 <= int(0) && int(0) < int(1)),
            Opcode::GuardClass => field(addr(0), 8) != addr(1),
            Opcode::GuardNonnull => addr(0) == 0,
            Opcode::GuardIdentity => addr(0) != addr(1),
            Opcode::LoadIndexed => {
                let off = int(1) * 8 + op.imm;
                vals[op.result.unwrap().index()] = field(addr(0), off as usize);
                false
            }
            Opcode::LoadType | Opcode::UnboxFloat => {
                let off = if op.opcode == Opcode::LoadType { 8 } else { 16 };
                vals[op.result.unwrap().index()] = field(addr(0), off);
                false
            }
            Opcode::PtrEq | Opcode::PtrNe => {
                let same = addr(0) == addr(1);
                vals[op.result.unwrap().index()] = (same == (op.opcode == Opcode::PtrEq)) as u64;
                false
            }
            Opcode::Jump => {
                let new: Vec<u64> = args
                    .iter()
                    .map(|a| match *a {
                        Operand::Int(k) => k as u64,
                        Operand::Float(b) => b,
                        Operand::Obj(c) => t.consts[c.index()].addr,
                        _ => unreachable!(),
                    })
                    .collect();
                cur = 0;
                t = &tree.traces[0];
                vals = vec![0u64; t.num_value_ids()];
                for (k, &v) in t.inputs.iter().enumerate() {
                    vals[v.index()] = new[k];
                }
                i = 0;
                continue;
            }
            Opcode::Call => {
                let name = &t.func(op.func.unwrap()).name;
                let r = match name.as_str() {
                    "add3" => add3(int(0), int(1), int(2)) as u64,
                    "sum9" => sum9(
                        int(0),
                        int(1),
                        int(2),
                        int(3),
                        int(4),
                        int(5),
                        int(6),
                        int(7),
                        int(8),
                    ) as u64,
                    _ => mix(
                        args[0].as_float().unwrap(),
                        int(1),
                        args[2].as_float().unwrap(),
                    )
                    .to_bits(),
                };
                vals[op.result.unwrap().index()] = r;
                false
            }
            opcode => match evaluate(opcode, &args) {
                Some(Operand::Int(k)) => {
                    vals[op.result.unwrap().index()] = k as u64;
                    false
                }
                Some(Operand::Float(b)) => {
                    vals[op.result.unwrap().index()] = b;
                    false
                }
                _ => true,
            },
        };
        if exits {
            let snap = op.snapshot().expect("exiting op has a snapshot");
            match tree.bridges.get(&(cur, i)) {
                None => return (cur, i, resolve(t, snap, &|v| vals[v.index()])),
                Some(&b) => {
                    let new: Vec<u64> = t.exit_values(op).iter().map(|v| vals[v.index()]).collect();
                    cur = b;
                    t = &tree.traces[b];
                    vals = vec![0u64; t.num_value_ids()];
                    for (k, &v) in t.inputs.iter().enumerate() {
                        vals[v.index()] = new[k];
                    }
                    i = 0;
                    continue;
                }
            }
        }
        i += 1;
    }
}

fn compiled_state(t: &Trace, opts: &CompileOptions, inputs: &[u64]) -> State {
    let l = compile(t, opts).unwrap_or_else(|e| panic!("compile failed: {}\n{}", e, t));
    let e = run(&l, inputs);
    let info = l.exit_info(e.guard).unwrap();
    resolve(t, info.snapshot, &|v| {
        info.value_of(&e.values, v).expect("exit value")
    })
}

#[test]
fn random_traces_agree_with_the_reference_interpreter() {
    let opts = CompileOptions::new(LAYOUT);
    let mut exits_by_op = 0usize;
    // FUZZ_SEEDS=n runs more traces (the default keeps the test fast).
    let n: u64 = std::env::var("FUZZ_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    for seed in 1..=n {
        let (text, inputs) = random_trace(seed);
        let t = ir(&text);
        let (op_index, want) = interpret(&t, &inputs);
        exits_by_op += op_index;
        let got = compiled_state(&t, &opts, &inputs);
        assert_eq!(
            got, want,
            "seed {}: exit at op {}\n{}",
            seed, op_index, text
        );

        let mut opt = t.clone();
        optimize(&mut opt).unwrap_or_else(|e| panic!("seed {}: optimize: {}\n{}", seed, e, text));
        let got = compiled_state(&opt, &opts, &inputs);
        assert_eq!(
            got, want,
            "seed {} (optimized): exit at op {}\n{}\n{}",
            seed, op_index, text, opt
        );
    }
    // The traces must not all exit at their first guard.
    assert!(
        exits_by_op > n as usize * 5,
        "traces exit too early: {}",
        exits_by_op
    );
}

#[test]
fn random_exits_produce_states_the_reference_passes_through() {
    let opts = CompileOptions {
        random_exit_one_in: 4,
        ..CompileOptions::new(LAYOUT)
    }
    .with_random_exits(99);
    let mut random_exits = 0;
    for seed in 1..=300u64 {
        let (text, inputs) = random_trace(seed);
        let t = ir(&text);
        let mut states: Vec<(usize, State)> = Vec::new();
        let (natural, final_state) =
            interpret_recording(&t, &inputs, &mut |i, s| states.push((i, s)));
        let l = compile(&t, &opts).unwrap();
        for _ in 0..4 {
            let e = run(&l, &inputs);
            let info = l.exit_info(e.guard).unwrap();
            let got = resolve(&t, info.snapshot, &|v| info.value_of(&e.values, v).unwrap());
            if (info.op_index, &got) == (natural, &final_state) {
                continue;
            }
            random_exits += 1;
            assert!(
                states.iter().any(|(i, s)| *i == info.op_index && *s == got),
                "seed {}: random exit at op {} with a state the reference never had\n{:?}\n{}",
                seed,
                info.op_index,
                got,
                text
            );
        }
    }
    assert!(random_exits > 300, "only {} random exits", random_exits);
}

/// Values that count the root loop's iterations down: the root's `v0` (at least 1
/// past its first guard) and `v0 - 1`. A bridge's jump passes a smaller count than
/// the iteration it came from, so every tree of bridges terminates.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Countdown {
    V0,
    V0Minus1,
}

type Kinds = HashMap<ValueId, Countdown>;

fn root_kinds(root: &Trace) -> Kinds {
    let mut k = HashMap::new();
    k.insert(root.inputs[0], Countdown::V0);
    if let Some(Operand::Value(c)) = root.ops.last().and_then(|j| j.args.first().copied()) {
        k.insert(c, Countdown::V0Minus1);
    }
    k
}

/// A random bridge from op `op` of `parent`: its inputs are the exit's values, its
/// body random ops (with calls that pass arguments on the stack), its jump passes
/// the root's input types with a smaller count. `None` if the exit has no integer
/// value to build on.
fn random_bridge(
    seed: u64,
    parent: &Trace,
    op: usize,
    root: &Trace,
    kinds: &Kinds,
) -> Option<(String, Kinds)> {
    let exit_values = parent.exit_values(&parent.ops[op]);
    let (types, borrowed) = parent.bridge_start(op)?;
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1),
        lines: vec![],
        next: 0,
        ints: vec![],
        floats: vec![],
        objs: vec![],
        snaps: 0,
    };
    let mut inputs = Vec::new();
    let mut borrowed_names = Vec::new();
    let mut my_kinds = HashMap::new();
    let mut countdown: Option<(u32, Countdown)> = None;
    for (k, ty) in types.iter().enumerate() {
        let v = g.next;
        g.next += 1;
        match ty {
            Type::I64 => g.ints.push(v),
            Type::F64 => g.floats.push(v),
            _ => g.objs.push(v),
        }
        inputs.push(format!("v{}:{}", v, ty.name()));
        if borrowed[k] {
            borrowed_names.push(format!("v{}", v));
        }
        if let Some(&c) = kinds.get(&exit_values[k]) {
            my_kinds.insert(ValueId(v), c);
            if countdown.is_none() || c == Countdown::V0Minus1 {
                countdown = Some((v, c));
            }
        }
    }
    if g.ints.is_empty() {
        return None;
    }
    for _ in 0..5 + g.rng.below(60) {
        if g.rng.chance(8) {
            let args: Vec<String> = (0..9).map(|_| g.int()).collect();
            let v = g.val("i64");
            g.lines
                .push(format!("v{} = call f2({})", v, args.join(", ")));
        } else {
            g.op();
        }
    }
    let count = match countdown {
        Some((v, Countdown::V0Minus1)) => format!("v{}", v),
        Some((v, Countdown::V0)) => {
            let c = g.next;
            g.next += 1;
            g.lines.push(format!("v{} = int_sub v{}, 1", c, v));
            format!("v{}", c)
        }
        None => "0".to_string(),
    };
    let loop_types = root.loop_types();
    let mut jump = vec![count];
    for ty in &loop_types[1..] {
        jump.push(match ty {
            Type::I64 if g.rng.chance(10) => g.rng.pick(INT_CONSTS).to_string(),
            Type::I64 => format!("v{}", g.rng.pick(&g.ints.clone())),
            Type::F64 if g.floats.is_empty() => "0.5".to_string(),
            Type::F64 => g.float(),
            _ if g.objs.is_empty() => "c2".to_string(),
            _ => format!("v{}", g.rng.pick(&g.objs.clone())),
        });
    }
    let names: Vec<&str> = loop_types.iter().map(|t| t.name()).collect();
    let borrowed_line = if borrowed_names.is_empty() {
        String::new()
    } else {
        format!(" borrowed({})", borrowed_names.join(", "))
    };
    let text = format!(
        "trace bridge{}\ninputs {}\nbridge loop({}){}\nconst c0 = {:#x} \"float\" sealed\nconst c1 = {:#x} \"other\"\nconst c2 = {:#x} \"obj0\"\nfunc f0 = {:#x} \"add3\" (i64, i64, i64) -> i64 pure\nfunc f1 = {:#x} \"mix\" (f64, i64, f64) -> f64\nfunc f2 = {:#x} \"sum9\" (i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64\n{}\njump {}\n",
        seed,
        inputs.join(", "),
        names.join(", "),
        borrowed_line,
        FLOAT_T,
        OTHER_T,
        &objects()[0] as *const FakeObj as u64,
        add3 as *const () as u64,
        mix as *const () as u64,
        sum9 as *const () as u64,
        g.lines.join("\n"),
        jump.join(", ")
    );
    Some((text, my_kinds))
}

/// Random loops grow random bridges, one at each exit they take (bridges of bridges
/// included): after each attach, the compiled tree and the reference interpreter must
/// exit at the same op of the same trace with the same state.
#[test]
fn random_bridges_agree_with_the_reference_interpreter() {
    let opts = CompileOptions::new(LAYOUT);
    let n: u64 = std::env::var("FUZZ_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let (mut attached, mut nested, mut extra, mut bridge_exits) = (0, 0, 0, 0);
    for seed in 1..=n {
        let (text, inputs) = random_trace(seed);
        for optimized in [false, true] {
            let mut root = ir(&text);
            if optimized {
                optimize(&mut root).unwrap();
            }
            let l = compile(&root, &opts).unwrap();
            let counter_guard = root.exit_ops()[0];
            let mut tree = Tree {
                traces: vec![root.clone()],
                bridges: HashMap::new(),
            };
            let mut kinds = vec![root_kinds(&root)];
            for round in 0..=6u64 {
                let (t, op, want) = interpret_tree(&tree, &inputs, &mut |_, _, _| {});
                let e = run(&l, &inputs);
                let info = l.exit_info(e.guard).unwrap();
                let exited = &tree.traces[info.trace as usize];
                let got = resolve(exited, info.snapshot, &|v| {
                    info.value_of(&e.values, v).expect("exit value")
                });
                let texts: Vec<String> = tree.traces.iter().map(|t| t.to_string()).collect();
                assert_eq!(
                    (info.trace as usize, info.op_index, &got),
                    (t, op, &want),
                    "seed {} (optimized: {}), round {}\n{}",
                    seed,
                    optimized,
                    round,
                    texts.join("\n")
                );
                if t > 0 {
                    bridge_exits += 1;
                }
                if round == 6 || (t, op) == (0, counter_guard) {
                    break;
                }
                let Some((btext, bkinds)) =
                    random_bridge(seed * 131 + round, &tree.traces[t], op, &root, &kinds[t])
                else {
                    break;
                };
                let bt = ir(&btext);
                let a = l
                    .attach_bridge(e.guard, &bt, &opts)
                    .unwrap_or_else(|err| panic!("seed {}: attach: {}\n{}", seed, err, btext));
                attached += 1;
                nested += (t > 0) as u32;
                extra += (a.extra_stack > 0) as u32;
                tree.bridges.insert((t, op), tree.traces.len());
                tree.traces.push(bt);
                kinds.push(bkinds);
            }
        }
    }
    println!(
        "{} bridges attached ({} on bridges, {} with their own stack area), {} exits from bridges",
        attached, nested, extra, bridge_exits
    );
    assert!(attached > n as u32, "only {} bridges", attached);
    assert!(nested > n as u32 / 4, "only {} bridges of bridges", nested);
    assert!(
        extra > n as u32 / 8,
        "only {} bridges with extra stack",
        extra
    );
    assert!(
        bridge_exits > n as u32 / 2,
        "only {} exits from bridges",
        bridge_exits
    );
}
