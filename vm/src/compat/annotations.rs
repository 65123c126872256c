//! Annotations of module and class bodies as CPython 3.11 runs them.
//!
//! RustPython's compiler follows 3.14 (PEP 649/749): an annotated name in a
//! module or class body goes into a lazily called `__annotate__`, and the
//! body has no `__annotations__` name while it runs. 3.11 creates
//! `__annotations__` when such a body starts (`SETUP_ANNOTATIONS`, which
//! keeps a mapping the namespace already has) and stores each annotation
//! into it as its statement runs, after the value:
//!
//! ```python
//! x: int = 5      # x = 5; __annotations__['x'] = int
//! __y: str        # __annotations__['_C__y'] = str   (in class C)
//! a.b: T = v      # a.b = v; T        (evaluated, not stored)
//! a[i]: T         # a; i; T
//! ```
//!
//! Function bodies are left alone (3.11 neither evaluates nor stores a
//! local's annotation), as are parameter and return annotations, and
//! bodies under `from __future__ import annotations`, which RustPython
//! already compiles as 3.11 does (strings stored as the body runs).
//!
//! [`compile`] compiles source as RustPython does and, when a module or
//! class body has an annotated assignment, compiles again from the source's
//! syntax tree with those statements rewritten as above. The rewritten tree
//! starts each such body with `__annotations__ = __annotations__` at the
//! position of its first statement, whose two instructions
//! (`LOAD_NAME`, `STORE_NAME`) become `SETUP_ANNOTATIONS`, `NOP`: same
//! length, so jumps, exception table and locations stay as they are.
//!
//! The first compile still reports every error and warning exactly as
//! before; the one error it has that 3.11 cannot have (RustPython's
//! "cannot find symbol '__conditional_annotations__'", for an annotation in
//! a conditional block of a class body) is replaced by the second compile.
//!
//! In the interactive mode (`single`), the annotation of a target that is
//! not a plain name (`a.b: T`) is not evaluated at the top level, where an
//! expression statement would print its value.

use rustpython_vm::builtins::PyCode;
use rustpython_vm::bytecode::{CodeFlags, CodeObject, CodeUnit, ConstantData, Instruction, OpArgByte};
use rustpython_vm::compiler::ast::{self, Expr, ExprContext, Stmt, Suite};
use rustpython_vm::compiler::{codegen, parser, CompileOpts, Mode};
use rustpython_vm::vm::VmCompileError;
use rustpython_vm::{PyObject, PyRef, VirtualMachine};
use std::borrow::Borrow;
use ruff_source_file::{OneIndexed, PositionEncoding, SourceFileBuilder};
use ruff_text_size::{Ranged, TextRange, TextSize};

const ANNOTATIONS: &str = "__annotations__";

/// `vm.compile_with_opts` with 3.11's annotations in module and class
/// bodies.
pub fn compile(
    vm: &VirtualMachine,
    source: &str,
    mode: Mode,
    path: &str,
    opts: CompileOpts,
) -> Result<PyRef<PyCode>, VmCompileError> {
    let first = vm.compile_with_opts(source, mode, path.to_owned(), opts.clone());
    let future = match &first {
        Ok(code) if !lazy(code) => return first,
        Ok(code) => code.code.flags,
        Err(VmCompileError::Compile(e)) if e.to_string().contains("__conditional_annotations__") => {
            opts.future_features
        }
        Err(_) => return first,
    };
    match eager(source, mode, path, opts, future) {
        Some(code) => Ok(PyCode::new_ref_from_bytecode(vm, code)),
        None => first,
    }
}

/// `code` (compiled from `source` by RustPython) again with 3.11's
/// annotations, for the builtin `compile`; `code` itself when it has no
/// annotated assignment to change.
pub fn recompile(vm: &VirtualMachine, code: PyRef<PyCode>, source: &str, mode: Mode, path: &str, opts: CompileOpts) -> PyRef<PyCode> {
    if !lazy(&code) {
        return code;
    }
    let future = code.code.flags;
    match eager(source, mode, path, opts, future) {
        Some(code) => PyCode::new_ref_from_bytecode(vm, code),
        None => code,
    }
}

/// Whether RustPython compiled some module or class body's annotations
/// lazily: such a body names `__annotate__` (a module),
/// `__annotate_func__` (a class) or `__conditional_annotations__`. Saves
/// the parse of the others.
fn lazy(code: &PyCode) -> bool {
    let c = &code.code;
    let names_annotate = || {
        c.names
            .iter()
            .any(|n| matches!(n.as_str(), "__annotate__" | "__annotate_func__" | "__conditional_annotations__"))
    };
    (!c.flags.contains(CodeFlags::OPTIMIZED) && names_annotate())
        || c.constants.iter().any(|k| {
            let k: &PyObject = k.borrow();
            k.downcast_ref::<PyCode>().is_some_and(|c| lazy(c))
        })
}

/// The future flags a compile carries over into the second compile.
fn future_flags(flags: CodeFlags) -> CodeFlags {
    flags
        & (CodeFlags::FUTURE_ANNOTATIONS
            | CodeFlags::FUTURE_BARRY_AS_BDFL
            | CodeFlags::FUTURE_GENERATOR_STOP)
}

/// The second compile, or `None` when nothing in `source` changes.
fn eager(source: &str, mode: Mode, path: &str, mut opts: CompileOpts, flags: CodeFlags) -> Option<CodeObject> {
    let future = future_flags(flags);
    if !matches!(mode, Mode::Exec | Mode::Single)
        || future.intersects(CodeFlags::FUTURE_ANNOTATIONS | CodeFlags::FUTURE_BARRY_AS_BDFL)
    {
        return None;
    }
    let parsed = parser::parse(source, parser::ParseOptions::from(parser::Mode::Module)).ok()?;
    let mut module = parsed.into_syntax();
    let ast::Mod::Module(m) = &mut module else {
        return None;
    };
    if has_future_annotations(&m.body) {
        return None;
    }
    let mut rewrite = Rewrite { markers: Vec::new(), interactive: matches!(mode, Mode::Single) };
    rewrite.scope(&mut m.body, None, true);
    if rewrite.markers.is_empty() {
        return None;
    }
    opts.future_features |= future;
    let file = SourceFileBuilder::new(path, source).finish();
    let lines: Vec<OneIndexed> = rewrite
        .markers
        .iter()
        .map(|at| file.to_source_code().source_location(*at, PositionEncoding::Utf8).line)
        .collect();
    let mut code = codegen::compile::compile_top(module, file, mode, opts).ok()?;
    setup_annotations(&mut code, &lines);
    Some(code)
}

/// Whether `body` starts (after its docstring) with
/// `from __future__ import annotations`.
fn has_future_annotations(body: &[Stmt]) -> bool {
    body.iter()
        .skip_while(|s| is_docstring(s))
        .take_while(|s| is_future_import(s))
        .filter_map(|s| match s {
            Stmt::ImportFrom(i) => Some(i),
            _ => None,
        })
        .any(|i| i.names.iter().any(|a| a.name.id.as_str() == "annotations"))
}

fn is_future_import(s: &Stmt) -> bool {
    matches!(s, Stmt::ImportFrom(i) if i.module.as_ref().is_some_and(|m| m.id.as_str() == "__future__"))
}

fn is_docstring(s: &Stmt) -> bool {
    matches!(s, Stmt::Expr(e) if e.value.is_string_literal_expr())
}

/// Turns the marker `LOAD_NAME __annotations__; STORE_NAME __annotations__`
/// that starts a body on one of `lines` into `SETUP_ANNOTATIONS; NOP`, in
/// `code` and the code objects nested in it.
fn setup_annotations(code: &mut CodeObject, lines: &[OneIndexed]) {
    if !code.flags.contains(CodeFlags::OPTIMIZED) {
        let units = &code.instructions;
        let marker = (0..units.len().saturating_sub(1)).find(|&j| {
            let (load, store) = (units[j], units[j + 1]);
            matches!(load.op, Instruction::LoadName { .. })
                && matches!(store.op, Instruction::StoreName { .. })
                && load.arg.as_u8() == store.arg.as_u8()
                && (j == 0 || !matches!(units[j - 1].op, Instruction::ExtendedArg))
                && code.names.get(usize::from(load.arg.as_u8())).is_some_and(|n| n.as_str() == ANNOTATIONS)
        });
        if let Some(j) = marker.filter(|&j| code.locations.get(j).is_some_and(|(start, _)| lines.contains(&start.line))) {
            let mut new: Vec<CodeUnit> = units.to_vec();
            new[j] = CodeUnit::new(Instruction::SetupAnnotations, OpArgByte::new(0));
            new[j + 1] = CodeUnit::new(Instruction::Nop, OpArgByte::new(0));
            code.instructions = new.into();
        }
    }
    for constant in code.constants.iter_mut() {
        if let ConstantData::Code { code } = constant {
            setup_annotations(code, lines);
        }
    }
}

struct Rewrite {
    /// Where each marker was put (the start of the body's first statement).
    markers: Vec<TextSize>,
    interactive: bool,
}

impl Rewrite {
    /// A module or class body. `class` is the class's name (for private
    /// names); `top` is the module's body.
    fn scope(&mut self, body: &mut Suite, class: Option<&str>, top: bool) {
        if !body.iter().any(has_annotation) {
            self.nested(body);
            return;
        }
        let old = std::mem::take(body);
        let mut stmts = Vec::with_capacity(old.len() + 1);
        for stmt in old {
            self.statement(stmt, class, top, &mut stmts);
        }
        // After the docstring and (in a module) the __future__ imports.
        let mut at = usize::from(stmts.first().is_some_and(is_docstring));
        while top && stmts.get(at).is_some_and(is_future_import) {
            at += 1;
        }
        let start = stmts.get(at).map_or_else(|| stmts.last().map_or(TextSize::default(), |s| s.end()), |s| s.start());
        let range = TextRange::empty(start);
        stmts.insert(
            at,
            Stmt::Assign(ast::StmtAssign {
                node_index: Default::default(),
                range,
                targets: vec![name(ANNOTATIONS, ExprContext::Store, range)],
                value: Box::new(name(ANNOTATIONS, ExprContext::Load, range)),
                runtime_targets: None,
                runtime_type_comment: None,
                runtime_type_comment_bytes: None,
            }),
        );
        self.markers.push(start);
        body.extend(stmts);
    }

    /// One statement of a module or class body, rewritten into `out`.
    fn statement(&mut self, stmt: Stmt, class: Option<&str>, top: bool, out: &mut Vec<Stmt>) {
        let mut stmt = match stmt {
            Stmt::AnnAssign(a) => return self.annotated(a, class, top, out),
            other => other,
        };
        match &mut stmt {
            Stmt::FunctionDef(f) => self.nested(&mut f.body),
            Stmt::ClassDef(c) => {
                let name = c.name.id.to_string();
                self.scope(&mut c.body, Some(&name), false);
            }
            _ => blocks(&mut stmt, &mut |body| {
                let old = std::mem::take(body);
                let mut stmts = Vec::with_capacity(old.len());
                for s in old {
                    self.statement(s, class, top, &mut stmts);
                }
                body.extend(stmts);
            }),
        }
        out.push(stmt);
    }

    /// `target: annotation [= value]` in a module or class body.
    fn annotated(&mut self, a: ast::StmtAnnAssign, class: Option<&str>, top: bool, out: &mut Vec<Stmt>) {
        let range = a.range;
        let evaluate = |e: Expr, out: &mut Vec<Stmt>| {
            if !(self.interactive && top) {
                out.push(Stmt::Expr(ast::StmtExpr { node_index: Default::default(), range, value: Box::new(e) }));
            }
        };
        let valued = a.value.is_some();
        if let Some(value) = a.value {
            out.push(assign(*a.target.clone(), *value, range));
        }
        match *a.target {
            Expr::Name(n) if a.simple => {
                let key = Expr::StringLiteral(ast::ExprStringLiteral {
                    node_index: Default::default(),
                    range,
                    value: ast::StringLiteralValue::single(ast::StringLiteral {
                        range,
                        node_index: Default::default(),
                        value: mangle(class, n.id.as_str()).into(),
                        flags: ast::StringLiteralFlags::empty(),
                    }),
                });
                let slot = Expr::Subscript(ast::ExprSubscript {
                    node_index: Default::default(),
                    range,
                    value: Box::new(name(ANNOTATIONS, ExprContext::Load, range)),
                    slice: Box::new(key),
                    ctx: ExprContext::Store,
                });
                out.push(assign(slot, *a.annotation, range));
                return;
            }
            // Without a value, 3.11 evaluates the target's parts.
            Expr::Attribute(t) if !valued => evaluate(*t.value, out),
            Expr::Subscript(t) if !valued => {
                evaluate(*t.value, out);
                slice_parts(*t.slice, &mut |e| evaluate(e, out));
            }
            _ => {}
        }
        evaluate(*a.annotation, out);
    }

    /// A function body: its annotations stay as they are; classes in it
    /// are rewritten.
    fn nested(&mut self, body: &mut Suite) {
        for stmt in body.iter_mut() {
            match stmt {
                Stmt::FunctionDef(f) => self.nested(&mut f.body),
                Stmt::ClassDef(c) => {
                    let name = c.name.id.to_string();
                    self.scope(&mut c.body, Some(&name), false);
                }
                other => blocks(other, &mut |b| self.nested(b)),
            }
        }
    }
}

/// The parts of a subscript's slice 3.11 evaluates for `a[...]: T`.
fn slice_parts(slice: Expr, f: &mut dyn FnMut(Expr)) {
    match slice {
        Expr::Slice(s) => {
            for part in [s.lower, s.upper, s.step].into_iter().flatten() {
                f(*part);
            }
        }
        Expr::Tuple(t) => {
            for e in t.elts {
                slice_parts(e, f);
            }
        }
        other => f(other),
    }
}

/// Whether a body (not counting nested functions and classes) has an
/// annotated assignment: 3.11's `find_ann`.
fn has_annotation(stmt: &Stmt) -> bool {
    let any = |b: &Suite| b.iter().any(has_annotation);
    match stmt {
        Stmt::AnnAssign(_) => true,
        Stmt::For(s) => any(&s.body) || any(&s.orelse),
        Stmt::While(s) => any(&s.body) || any(&s.orelse),
        Stmt::If(s) => any(&s.body) || s.elif_else_clauses.iter().any(|c| any(&c.body)),
        Stmt::With(s) => any(&s.body),
        Stmt::Match(s) => s.cases.iter().any(|c| any(&c.body)),
        Stmt::Try(s) => {
            any(&s.body)
                || s.handlers.iter().any(|ast::ExceptHandler::ExceptHandler(h)| any(&h.body))
                || any(&s.orelse)
                || any(&s.finalbody)
        }
        _ => false,
    }
}

/// Calls `f` on each block of statements of a compound statement that runs
/// in the statement's own scope (the blocks `has_annotation` looks in).
fn blocks(stmt: &mut Stmt, f: &mut dyn FnMut(&mut Suite)) {
    match stmt {
        Stmt::For(s) => {
            f(&mut s.body);
            f(&mut s.orelse);
        }
        Stmt::While(s) => {
            f(&mut s.body);
            f(&mut s.orelse);
        }
        Stmt::If(s) => {
            f(&mut s.body);
            for clause in &mut s.elif_else_clauses {
                f(&mut clause.body);
            }
        }
        Stmt::With(s) => f(&mut s.body),
        Stmt::Match(s) => {
            for case in &mut s.cases {
                f(&mut case.body);
            }
        }
        Stmt::Try(s) => {
            f(&mut s.body);
            for ast::ExceptHandler::ExceptHandler(h) in &mut s.handlers {
                f(&mut h.body);
            }
            f(&mut s.orelse);
            f(&mut s.finalbody);
        }
        _ => {}
    }
}

fn name(id: &str, ctx: ExprContext, range: TextRange) -> Expr {
    Expr::Name(ast::ExprName { node_index: Default::default(), range, id: ast::name::Name::new(id), ctx })
}

fn assign(target: Expr, value: Expr, range: TextRange) -> Stmt {
    Stmt::Assign(ast::StmtAssign {
        node_index: Default::default(),
        range,
        targets: vec![target],
        value: Box::new(value),
        runtime_targets: None,
        runtime_type_comment: None,
        runtime_type_comment_bytes: None,
    })
}

/// A private name (`__x`) as a class body's `__annotations__` keys it:
/// `_C__x`.
fn mangle(class: Option<&str>, id: &str) -> String {
    let Some(class) = class else {
        return id.to_owned();
    };
    let class = class.trim_start_matches('_');
    if !id.starts_with("__") || id.ends_with("__") || id.contains('.') || class.is_empty() {
        return id.to_owned();
    }
    format!("_{class}{id}")
}
