//! SyntaxError messages as CPython 3.11 words them.
//!
//! RustPython's parser (ruff's, with RustPython's CPython-like messages)
//! words some errors as 3.12+ does or in its own words. Two rules fix them,
//! for `compile()`, `exec()`, `eval()` (wrapped here) and for the script
//! (`compile_error`, called by the CLI):
//!
//! - "'(' was never closed": CPython says this only when its parser fails
//!   at the end of input, or on a line after the bracket's, with the bracket
//!   open. RustPython says it whenever a bracket is open at the end. The
//!   source up to the end of the bracket's line, with its open brackets
//!   closed, is parsed again: a parse error inside that text is the error
//!   CPython reports (`def f(:` is "invalid syntax" at the colon).
//! - `message_311`: a table of messages 3.11 words differently.
//!
//! and two rules fix positions:
//!
//! - "Missing parentheses in call to 'print'": 3.11 marks the keyword and
//!   the expressions after it (`legacy_call_range`); RustPython the keyword.
//! - `eval`/`single` input without a final newline: 3.11's tokenizer adds
//!   none, so `text` has none, and an error at the end of input (where the
//!   newline would be) has offset and end offset 0 (`eval_end_of_input`).

use rustpython_vm::builtins::{PyBaseExceptionRef, PyBytes, PyStr};
use rustpython_vm::compiler::{CompileError, Mode};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::vm::VmCompileError;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::wrap;

/// 3.11's text for a SyntaxError message RustPython words otherwise.
fn message_311(msg: &str) -> Option<String> {
    let same_as = |s: &str| Some(s.to_owned());
    match msg {
        "unexpected indentation" => return same_as("unexpected indent"),
        "parameter without a default follows parameter with a default" => {
            return same_as("non-default argument follows default argument")
        }
        "f-string: valid expression required before '}'" => return same_as("f-string: empty expression not allowed"),
        "f-string: missing conversion character" | "f-string: conversion type must come right after the exclamation mark" => {
            return same_as("f-string: invalid conversion character: expected 's', 'r', or 'a'")
        }
        "f-string: valid expression required before '!'" => return same_as("f-string: expression required before '!'"),
        "f-string: valid expression required before ':'" => return same_as("f-string: expression required before ':'"),
        "f-string: valid expression required before '='" => return same_as("f-string: expression required before '='"),
        "f-string: expecting ':' or '}'" => return same_as("f-string: expecting '}'"),
        // 3.11's f-string parser has no more specific word for these.
        "f-string: lambda expressions are not allowed without parentheses"
        | "f-string: expecting '=', or '!', or ':', or '}'" => return same_as("f-string: invalid syntax"),
        // 3.11 has no specific message for these: its parser says only
        // "invalid syntax".
        "Expected one or more names after 'import'"
        | "star import must be the only import"
        | "delete statement must have at least one target"
        | "expected a pattern"
        | "Invalid star expression"
        | "yield expression cannot be used here"
        | "cannot use double starred expression here"
        | "cannot assign to iterable argument unpacking"
        | "cannot use literal as import target" => return same_as("invalid syntax"),
        _ => {}
    }
    // "'u' and 'f' prefixes are incompatible": 3.11 reads `fu''` as a name
    // followed by a string.
    if msg.ends_with("' prefixes are incompatible") {
        return same_as("invalid syntax");
    }
    // ruff's own messages quote code in backticks, which CPython never
    // does; its generic message is "invalid syntax".
    if msg.contains('`') {
        return same_as("invalid syntax");
    }
    // 3.12+ names the character: "invalid conversion character 'z': ...".
    if let Some(rest) = msg.strip_prefix("f-string: invalid conversion character '") {
        let (_, expected) = rest.split_once("': ")?;
        return Some(format!("f-string: invalid conversion character: {expected}"));
    }
    None
}

/// The closing brackets for the brackets `text` leaves open, innermost
/// first; `None` when `text` cannot be scanned (an unterminated string, a
/// mismatched bracket), where no rewording is attempted.
fn closers(text: &str) -> Option<String> {
    let mut open = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' => {
                while chars.next_if(|&c| c != '\n').is_some() {}
            }
            '\'' | '"' => {
                let mut quotes = 1;
                while quotes < 3 && chars.next_if_eq(&c).is_some() {
                    quotes += 1;
                }
                if quotes == 2 {
                    continue; // an empty string
                }
                let triple = quotes == 3;
                let mut run = 0;
                loop {
                    match chars.next()? {
                        '\\' => {
                            chars.next()?;
                            run = 0;
                        }
                        '\n' if !triple => return None,
                        q if q == c => {
                            run += 1;
                            if !triple || run == 3 {
                                break;
                            }
                        }
                        _ => run = 0,
                    }
                }
            }
            '(' => open.push(')'),
            '[' => open.push(']'),
            '{' => open.push('}'),
            ')' | ']' | '}' => {
                if open.pop() != Some(c) {
                    return None;
                }
            }
            _ => {}
        }
    }
    Some(open.iter().rev().collect())
}

/// Byte offset of the end of line `lineno` (1-based), before its newline.
fn line_end(source: &str, lineno: usize) -> Option<usize> {
    let mut start = 0;
    for _ in 1..lineno {
        start += source[start..].find('\n')? + 1;
    }
    Some(start + source[start..].find('\n').unwrap_or(source.len() - start))
}

/// A parse error of `text` with its open brackets closed: its range in
/// `text` and the exception RustPython raises for it.
fn parse_error(vm: &VirtualMachine, text: &str, path: &str, mode: Mode) -> Option<(usize, usize, PyBaseExceptionRef)> {
    // On a line of their own: `text` may end in a comment.
    let completed = format!("{text}\n{}", closers(text)?);
    match vm.compile(&completed, mode, path.to_owned()) {
        Err(VmCompileError::Compile(CompileError::Parse(e))) if !e.is_unclosed_bracket => {
            let (start, end) = (usize::from(e.raw_location.start()), usize::from(e.raw_location.end()));
            Some((start, end, vm.new_syntax_error(&CompileError::Parse(e), Some(&completed))))
        }
        _ => None,
    }
}

/// The error CPython reports instead of "'X' was never closed" for a
/// bracket on line `lineno`: a parse error in the source up to the end of
/// that line which the text up to the error's own end already shows
/// (CPython's parser stopped there, before it needed the end of input).
fn error_before_unclosed(vm: &VirtualMachine, source: &str, lineno: usize, path: &str, mode: Mode) -> Option<PyBaseExceptionRef> {
    let line_end = line_end(source, lineno)?;
    let (start, end, exc) = parse_error(vm, &source[..line_end], path, mode)?;
    if start >= line_end {
        return None;
    }
    let cut = end.min(line_end);
    let (again_start, _, again) = parse_error(vm, source.get(..cut)?, path, mode)?;
    let same = again_start == start && str_attr(vm, &again, "msg") == str_attr(vm, &exc, "msg");
    same.then_some(exc)
}

fn str_attr(vm: &VirtualMachine, exc: &PyBaseExceptionRef, name: &'static str) -> Option<String> {
    let v = exc.as_object().get_attr(name, vm).ok()?;
    v.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string())
}

/// `exc` (any exception) as 3.11 raises it for `source`, compiled from
/// `path` in `mode`.
pub fn reword(vm: &VirtualMachine, exc: PyBaseExceptionRef, source: &str, path: &str, mode: Mode) -> PyBaseExceptionRef {
    if !exc.fast_isinstance(vm.ctx.exceptions.syntax_error) {
        return exc;
    }
    let Some(msg) = str_attr(vm, &exc, "msg") else { return exc };
    let bracket = msg.strip_prefix('\'').and_then(|m| m.strip_suffix("' was never closed"));
    let unclosed = bracket.is_some_and(|b| matches!(b, "(" | "[" | "{"));
    let lineno = exc.as_object().get_attr("lineno", vm).ok().and_then(|l| l.try_to_value::<usize>(vm).ok());
    let (exc, msg) = match lineno {
        Some(lineno) if unclosed => match error_before_unclosed(vm, source, lineno, path, mode) {
            Some(earlier) => {
                let msg = str_attr(vm, &earlier, "msg").unwrap_or(msg);
                (earlier, msg)
            }
            None => (exc, msg),
        },
        _ => (exc, msg),
    };
    if msg == "unexpected indentation" {
        // 3.11 marks the end of the indentation, with no end column.
        if let Some(text) = str_attr(vm, &exc, "text") {
            let width = text.chars().take_while(|c| matches!(c, ' ' | '\t' | '\x0c')).count();
            let _ = exc.as_object().set_attr("offset", vm.ctx.new_int(width), vm);
            let _ = exc.as_object().set_attr("end_offset", vm.ctx.new_int(-1), vm);
        }
    }
    if msg.starts_with("Missing parentheses in call to '") {
        legacy_call_range(vm, &exc, path);
    }
    if msg == "invalid syntax" {
        newline_token_width(vm, &exc);
    }
    if matches!(mode, Mode::Eval | Mode::Single) && !source.ends_with(['\n', '\r']) {
        eval_end_of_input(vm, &exc, source, msg == "invalid syntax");
    }
    let new = message_311(&msg).or_else(|| in_fstring_field(vm, &exc, source).then(|| fstring_message(&msg)).flatten());
    if let Some(new) = new {
        let new = vm.ctx.new_str(new);
        let _ = exc.as_object().set_attr("msg", new.clone(), vm);
        let _ = exc.as_object().set_attr("args", vm.ctx.new_tuple(vec![new.into()]), vm);
    }
    exc
}

/// 3.11's message for an error inside an f-string's replacement field,
/// which its f-string parser reports with an "f-string: " prefix.
fn fstring_message(msg: &str) -> Option<String> {
    if msg.starts_with("closing parenthesis '") || msg.starts_with("unmatched '") {
        return Some(format!("f-string: {msg}"));
    }
    if msg == "can't use starred expression here" {
        return Some("f-string: cannot use starred expression here".to_owned());
    }
    msg.starts_with("unterminated string literal").then(|| "f-string: unterminated string".to_owned())
}

/// Whether the error is inside a replacement field (`{...}`) of an
/// f-string on its line, the string ending (as 3.11 reads it, before
/// PEP 701) at the first unescaped quote that closes it. The line is the
/// error's `text`, or line `lineno` of `source` (a compiler error has no
/// text).
fn in_fstring_field(vm: &VirtualMachine, exc: &PyBaseExceptionRef, source: &str) -> bool {
    let Some(offset) = int_attr(vm, exc, "offset") else { return false };
    let text = str_attr(vm, exc, "text").or_else(|| {
        let lineno = int_attr(vm, exc, "lineno")?;
        source.lines().nth(lineno.checked_sub(1)?).map(str::to_owned)
    });
    let Some(text) = text else { return false };
    let line: Vec<char> = text.chars().collect();
    let at = offset.saturating_sub(1);
    let mut i = 0;
    while i < line.len() {
        let c = line[i];
        if c == '#' {
            return false;
        }
        let prefix_len = line[i..].iter().take_while(|c| c.is_ascii_alphabetic()).count();
        let quote = line.get(i + prefix_len).copied().filter(|q| matches!(q, '\'' | '"'));
        let prefix: String = line[i..i + prefix_len].iter().collect::<String>().to_ascii_lowercase();
        let is_prefix = prefix.len() <= 2 && prefix.chars().all(|p| matches!(p, 'r' | 'b' | 'u' | 'f'));
        let (Some(q), true) = (quote, is_prefix) else {
            i += prefix_len.max(1);
            continue;
        };
        let fstring = prefix.contains('f');
        let raw = prefix.contains('r');
        let start = i + prefix_len;
        let triple = line.get(start + 1) == Some(&q) && line.get(start + 2) == Some(&q);
        let mut j = start + if triple { 3 } else { 1 };
        let mut depth = 0usize;
        while j < line.len() {
            let ch = line[j];
            if ch == '\\' && !raw {
                j += 2;
                continue;
            }
            let closes = ch == q && (!triple || (line.get(j + 1) == Some(&q) && line.get(j + 2) == Some(&q)));
            if closes {
                break;
            }
            if fstring {
                match ch {
                    '{' if depth == 0 && line.get(j + 1) == Some(&'{') => j += 1,
                    '}' if depth == 0 && line.get(j + 1) == Some(&'}') => j += 1,
                    '{' => depth += 1,
                    '}' => {
                        if j == at && depth > 0 {
                            return true;
                        }
                        depth = depth.saturating_sub(1);
                    }
                    _ => {}
                }
            }
            if j == at {
                return depth > 0;
            }
            j += 1;
        }
        if at >= start && at <= j {
            return false;
        }
        i = j + if triple { 3 } else { 1 };
    }
    false
}

fn int_attr(vm: &VirtualMachine, exc: &PyBaseExceptionRef, name: &'static str) -> Option<usize> {
    exc.as_object().get_attr(name, vm).ok()?.try_to_value::<usize>(vm).ok()
}

/// 3.11 marks `print "a", 1` from the keyword to the end of the expressions
/// after it (its rule `invalid_legacy_expression: NAME !'(' star_expressions`):
/// the end offset is the end of the longest text after the keyword, on the
/// keyword's line, that parses as expressions.
fn legacy_call_range(vm: &VirtualMachine, exc: &PyBaseExceptionRef, path: &str) {
    let (Some(text), Some(offset)) = (str_attr(vm, exc, "text"), int_attr(vm, exc, "offset")) else { return };
    let line: Vec<char> = text.trim_end_matches(['\n', '\r']).chars().collect();
    let keyword = line.get(offset.saturating_sub(1)..).unwrap_or_default();
    let keyword_len = keyword.iter().take_while(|c| c.is_alphanumeric() || **c == '_').count();
    let after = offset - 1 + keyword_len;
    let rest: String = line[after..].iter().collect();
    let parses = |expressions: &str| {
        let wrapped = format!("({expressions})");
        !matches!(vm.compile(&wrapped, Mode::Eval, path.to_owned()), Err(VmCompileError::Compile(CompileError::Parse(_))))
    };
    let ends = rest.char_indices().map(|(i, c)| i + c.len_utf8()).rev();
    let Some(expressions) = ends.map(|end| rest[..end].trim_end()).find(|e| !e.trim().is_empty() && parses(e)) else {
        return;
    };
    let end_offset = after + expressions.chars().count() + 1;
    let _ = exc.as_object().set_attr("end_offset", vm.ctx.new_int(end_offset), vm);
}

/// "invalid syntax" at the end of a line is an error at its NEWLINE token,
/// which 3.11's tokenizer makes zero-width (end offset = offset) on a line
/// without a comment. (With a comment the token spans it; not rewritten.)
fn newline_token_width(vm: &VirtualMachine, exc: &PyBaseExceptionRef) {
    let (Some(text), Some(offset)) = (str_attr(vm, exc, "text"), int_attr(vm, exc, "offset")) else { return };
    let line = text.trim_end_matches(['\n', '\r']);
    let at_newline = offset == line.chars().count() + 1 && !line.contains('#');
    let one_wide = int_attr(vm, exc, "end_offset") == Some(offset + 1)
        && int_attr(vm, exc, "end_lineno") == int_attr(vm, exc, "lineno");
    if at_newline && one_wide {
        let _ = exc.as_object().set_attr("end_offset", vm.ctx.new_int(offset), vm);
    }
}

/// `eval`/`single` input without a final newline: no newline in `text` of
/// the last line, and an error past the end of input at offset 0.
fn eval_end_of_input(vm: &VirtualMachine, exc: &PyBaseExceptionRef, source: &str, generic: bool) {
    let last_line = source.lines().count().max(1);
    if int_attr(vm, exc, "lineno") != Some(last_line) {
        return;
    }
    if let Some(text) = str_attr(vm, exc, "text") {
        if let Some(stripped) = text.strip_suffix('\n') {
            let _ = exc.as_object().set_attr("text", vm.ctx.new_str(stripped), vm);
        }
    }
    let last_len = source.rsplit('\n').next().unwrap_or("").chars().count();
    if generic && int_attr(vm, exc, "offset").is_some_and(|offset| offset > last_len) {
        let _ = exc.as_object().set_attr("offset", vm.ctx.new_int(0), vm);
        if int_attr(vm, exc, "end_lineno") == Some(last_line) {
            let _ = exc.as_object().set_attr("end_offset", vm.ctx.new_int(0), vm);
        }
    }
}

/// Argument `index` of a call, or keyword `name`.
fn arg<'a>(args: &'a FuncArgs, index: usize, name: &str) -> Option<&'a PyObjectRef> {
    args.args.get(index).or_else(|| args.kwargs.get(name))
}

fn source_text(obj: &PyObjectRef) -> Option<String> {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Some(s.as_wtf8().to_string());
    }
    obj.downcast_ref::<PyBytes>().map(|b| String::from_utf8_lossy(b.as_bytes()).into_owned())
}

/// What `compile`, `exec` or `eval` compiled: source, file name and mode.
fn compiled(args: &FuncArgs, function: &str) -> Option<(String, String, Mode)> {
    let source = source_text(arg(args, 0, "source")?)?;
    let (path, mode) = match function {
        "compile" => {
            let path = arg(args, 1, "filename")?.downcast_ref::<PyStr>()?.as_wtf8().to_string();
            let mode = arg(args, 2, "mode")?.downcast_ref::<PyStr>()?.as_wtf8().to_string().parse().ok()?;
            (path, mode)
        }
        "eval" => ("<string>".to_owned(), Mode::Eval),
        _ => ("<string>".to_owned(), Mode::Exec),
    };
    Some((source, path, mode))
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let builtins = vm.builtins.clone();
    for name in ["compile", "exec", "eval"] {
        wrap::function(vm, builtins.as_object(), name, move |vm, mut args, callee, original| {
            // exec's text compiles as compile's, for 3.11's annotations
            // (not with a closure, which exec refuses for text).
            let closure = args.kwargs.get("closure").is_some_and(|c| !vm.is_none(c));
            if name == "exec" && !closure {
                if let Some(source) = args.args.first().filter(|s| source_text(s).is_some()).cloned() {
                    let compile = vm.builtins.get_attr("compile", vm)?;
                    let code = compile.call((source, "<string>", "exec"), vm)?;
                    args.args[0] = code;
                }
            }
            if name == "compile" {
                inherit_future(vm, &mut args);
            }
            let kept = args.clone();
            let result = original(vm, args, callee);
            let result = match result {
                Err(e) if name == "compile" && conditional_annotations(vm, &e) => compiled(&kept, name)
                    .and_then(|(source, path, mode)| {
                        super::annotations::compile(vm, &source, mode, &path, compile_opts(vm, &kept)).ok()
                    })
                    .map(|code| code.into())
                    .ok_or(e),
                Ok(obj) if name == "compile" => Ok(eager_annotations(vm, obj, &kept)),
                other => other,
            };
            result.map_err(|e| {
                if !e.fast_isinstance(vm.ctx.exceptions.syntax_error) {
                    return e;
                }
                match compiled(&kept, name) {
                    Some((source, path, mode)) => reword(vm, e, &source, &path, mode),
                    None => e,
                }
            })
        })?;
    }
    Ok(())
}

/// `compile()` without `dont_inherit` compiles with the `__future__`
/// features of the code calling it: hipy's frame, which RustPython's
/// `compile` does not see, so they are added to its `flags`.
fn inherit_future(vm: &VirtualMachine, args: &mut FuncArgs) {
    let future = crate::runtime::current_frame(|f| {
        f.map_or(0, |f| (f.code.flags & rustpython_vm::bytecode::CodeFlags::FUTURE_MASK).bits())
    });
    if future == 0 || arg(args, 4, "dont_inherit").is_some_and(|d| d.clone().try_to_bool(vm).unwrap_or(true)) {
        return;
    }
    let given = arg(args, 3, "flags").cloned();
    let Some(flags) = given.map_or(Some(0), |f| f.try_index(vm).ok().and_then(|i| i.try_to_primitive::<i64>(vm).ok())) else {
        return; // the original reports the bad argument
    };
    let flags = vm.ctx.new_int(flags | i64::from(future)).into();
    if args.args.len() > 3 {
        args.args[3] = flags;
    } else {
        args.kwargs.insert("flags".into(), flags);
    }
}

/// RustPython's error for an annotation in a conditional block of a class
/// body, which 3.11's annotations (`annotations`) do not have.
fn conditional_annotations(vm: &VirtualMachine, e: &PyBaseExceptionRef) -> bool {
    e.fast_isinstance(vm.ctx.exceptions.syntax_error)
        && str_attr(vm, e, "msg").is_some_and(|m| m.contains("__conditional_annotations__"))
}

/// `compile()`'s flags (`PyCF_*`) and `optimize` arguments as options.
fn compile_opts(vm: &VirtualMachine, args: &FuncArgs) -> rustpython_vm::compiler::CompileOpts {
    let int = |index: usize, name: &str| {
        arg(args, index, name).and_then(|v| v.try_index(vm).ok()).and_then(|i| i.try_to_primitive::<i64>(vm).ok())
    };
    let flags = int(3, "flags").unwrap_or(0);
    let mut opts = vm.compile_opts();
    if let Some(o @ 0..=2) = int(5, "optimize") {
        opts.optimize = o as u8;
    }
    opts.allow_top_level_await = flags & 0x2000 != 0;
    opts.dont_imply_dedent = flags & 0x200 != 0;
    opts.future_features = rustpython_vm::bytecode::CodeFlags::from_bits_truncate(flags as u32)
        & (rustpython_vm::bytecode::CodeFlags::FUTURE_ANNOTATIONS
            | rustpython_vm::bytecode::CodeFlags::FUTURE_BARRY_AS_BDFL
            | rustpython_vm::bytecode::CodeFlags::FUTURE_GENERATOR_STOP);
    opts
}

/// The code object `compile()` returned, compiled again with 3.11's
/// annotations where its source has annotated assignments in module or
/// class bodies (`annotations`). Text that is not UTF-8 is left as it is.
fn eager_annotations(vm: &VirtualMachine, obj: PyObjectRef, args: &FuncArgs) -> PyObjectRef {
    let Some(code) = obj.downcast_ref::<rustpython_vm::builtins::PyCode>().map(|c| c.to_owned()) else {
        return obj;
    };
    let text = match arg(args, 0, "source") {
        Some(s) if s.downcast_ref::<PyStr>().is_some() => s.downcast_ref::<PyStr>().and_then(|s| s.to_str().map(str::to_owned)),
        Some(b) => b.downcast_ref::<PyBytes>().and_then(|b| std::str::from_utf8(b.as_bytes()).ok().map(|t| t.trim_start_matches('\u{feff}').to_owned())),
        None => None,
    };
    let Some((_, path, mode)) = compiled(args, "compile") else {
        return obj;
    };
    let Some(text) = text else {
        return obj;
    };
    let opts = compile_opts(vm, args);
    super::annotations::recompile(vm, code, &text, mode, &path, opts).into()
}
