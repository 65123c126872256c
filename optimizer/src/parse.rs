//! The parser of the text form printed by `text.rs` (see there for the syntax).
//!
//! `parse(text)` returns the trace, verified, or an error naming the line. Value,
//! snapshot, constant and function numbers are kept as written, so a printed trace
//! parses back to an equal trace. `#` starts a comment.

use crate::ir::*;
use crate::verify::verify;
use smallvec::SmallVec;

/// A parse error at a line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses and verifies a trace.
pub fn parse(text: &str) -> Result<Trace, ParseError> {
    let mut p = Parser {
        trace: Trace::default(),
        snap_defined: Vec::new(),
        saw_header: false,
        op_lines: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        let toks = tokenize(line).map_err(|m| ParseError {
            line: n + 1,
            message: m,
        })?;
        if toks.is_empty() {
            continue;
        }
        let mut c = Cursor { toks, pos: 0 };
        let ops_before = p.trace.ops.len();
        p.line(&mut c).map_err(|m| ParseError {
            line: n + 1,
            message: m,
        })?;
        if p.trace.ops.len() > ops_before {
            p.op_lines.push(n + 1);
        }
        if c.pos < c.toks.len() {
            return Err(ParseError {
                line: n + 1,
                message: format!("unexpected {:?}", c.toks[c.pos]),
            });
        }
    }
    if !p.saw_header {
        return Err(ParseError {
            line: 1,
            message: "missing 'trace NAME' line".into(),
        });
    }
    verify(&p.trace).map_err(|e| ParseError {
        line: e.op.and_then(|i| p.op_lines.get(i).copied()).unwrap_or(0),
        message: e.message,
    })?;
    Ok(p.trace)
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Word(String),
    Str(String),
    Punct(char),
}

const PUNCT: &str = ",()[]{}=@:";

fn tokenize(line: &str) -> Result<Vec<Tok>, String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == '#' {
            break;
        } else if c.is_whitespace() {
            chars.next();
        } else if PUNCT.contains(c) {
            out.push(Tok::Punct(c));
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            loop {
                match chars.next() {
                    None => return Err("unterminated string".into()),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some('n') => s.push('\n'),
                        Some(e) => s.push(e),
                        None => return Err("unterminated string".into()),
                    },
                    Some(ch) => s.push(ch),
                }
            }
            out.push(Tok::Str(s));
        } else {
            let mut w = String::new();
            while let Some(&ch) = chars.peek() {
                if ch.is_whitespace() || PUNCT.contains(ch) || ch == '"' || ch == '#' {
                    break;
                }
                w.push(ch);
                chars.next();
            }
            out.push(Tok::Word(w));
        }
    }
    Ok(out)
}

pub(crate) struct Cursor {
    toks: Vec<Tok>,
    pos: usize,
}

impl Cursor {
    pub(crate) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    pub(crate) fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    pub(crate) fn at_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    pub(crate) fn at_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }
    pub(crate) fn eat_punct(&mut self, c: char) -> bool {
        if self.at_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub(crate) fn punct(&mut self, c: char) -> Result<(), String> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(format!("expected '{}', found {:?}", c, self.peek()))
        }
    }
    pub(crate) fn word(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Tok::Word(w)) => Ok(w),
            t => Err(format!("expected a word, found {:?}", t)),
        }
    }
    pub(crate) fn string(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Tok::Str(s)) => Ok(s),
            t => Err(format!("expected a string, found {:?}", t)),
        }
    }
}

pub(crate) fn numbered(w: &str, prefix: &str) -> Option<u32> {
    let rest = w.strip_prefix(prefix)?;
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    rest.parse().ok()
}

pub(crate) fn parse_u64(w: &str) -> Result<u64, String> {
    let r = match w.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => w.parse(),
    };
    r.map_err(|_| format!("bad number {:?}", w))
}

fn parse_type(w: &str) -> Result<Type, String> {
    Type::from_name(w).ok_or_else(|| format!("unknown type {:?}", w))
}

pub(crate) struct Parser {
    pub(crate) trace: Trace,
    pub(crate) snap_defined: Vec<bool>,
    pub(crate) saw_header: bool,
    /// The line of each op, for verifier errors.
    pub(crate) op_lines: Vec<usize>,
}

impl Parser {
    fn line(&mut self, c: &mut Cursor) -> Result<(), String> {
        if c.at_word("trace") {
            c.next();
            self.trace.name = match c.next() {
                Some(Tok::Word(w)) | Some(Tok::Str(w)) => w,
                t => return Err(format!("expected a trace name, found {:?}", t)),
            };
            self.saw_header = true;
            return Ok(());
        }
        if !self.saw_header {
            return Err("the first line must be 'trace NAME'".into());
        }
        if c.at_word("inputs") {
            c.next();
            while c.peek().is_some() {
                let v = self.value_name(&c.word()?)?;
                c.punct(':')?;
                let ty = parse_type(&c.word()?)?;
                if ty == Type::Void || !self.trace.define_value(v, ty) {
                    return Err(format!("bad input {}", v));
                }
                self.trace.inputs.push(v);
                if !c.eat_punct(',') {
                    break;
                }
            }
            return Ok(());
        }
        if c.at_word("bridge") {
            c.next();
            return self.bridge(c);
        }
        if c.at_word("const") {
            c.next();
            let id = numbered(&c.word()?, "c").ok_or("expected cN")?;
            if id as usize != self.trace.consts.len() {
                return Err(format!(
                    "constants must be numbered in order; expected c{}",
                    self.trace.consts.len()
                ));
            }
            c.punct('=')?;
            let addr = parse_u64(&c.word()?)?;
            let name = c.string()?;
            let sealed = c.at_word("sealed");
            if sealed {
                c.next();
            }
            self.trace.consts.push(ObjConst { addr, name, sealed });
            return Ok(());
        }
        if c.at_word("func") {
            c.next();
            return self.func(c);
        }
        if c.at_word("alloc") {
            c.next();
            let mut ids = Vec::new();
            for key in ["new", "set", "box_int", "box_float", "incref", "decref", "get", "getattr", "has", "unbox_int"] {
                if c.word()? != key {
                    return Err(format!("alloc: expected {}", key));
                }
                ids.push(FuncId(numbered(&c.word()?, "f").ok_or("expected fN")?));
                c.eat_punct(',');
            }
            let mut types = Vec::new();
            for key in ["int", "float"] {
                if c.word()? != key {
                    return Err(format!("alloc: expected {}", key));
                }
                types.push(ConstId(numbered(&c.word()?, "c").ok_or("expected cN")?));
                c.eat_punct(',');
            }
            let make_function = if c.at_word("make_function") {
                c.next();
                let f = FuncId(numbered(&c.word()?, "f").ok_or("expected fN")?);
                c.eat_punct(',');
                if c.word()? != "function" {
                    return Err("alloc: expected function".into());
                }
                Some((f, ConstId(numbered(&c.word()?, "c").ok_or("expected cN")?)))
            } else {
                None
            };
            self.trace.alloc = Some(AllocFuncs {
                new_instance: ids[0],
                set_attr: ids[1],
                box_int: ids[2],
                box_float: ids[3],
                incref: ids[4],
                decref: ids[5],
                get_attr: ids[6],
                get_attr_any: ids[7],
                has_attr: ids[8],
                unbox_int: ids[9],
                int_type: types[0],
                float_type: types[1],
                make_function,
            });
            return Ok(());
        }
        self.op(c)
    }

    /// After `bridge`: `loop(types...)` and optionally `borrowed(values...)`.
    fn bridge(&mut self, c: &mut Cursor) -> Result<(), String> {
        if self.trace.bridge.is_some() {
            return Err("a second 'bridge' line".into());
        }
        if c.word()? != "loop" {
            return Err("expected 'loop(types...)'".into());
        }
        c.punct('(')?;
        let mut info = BridgeInfo::default();
        while !c.at_punct(')') {
            info.loop_types.push(parse_type(&c.word()?)?);
            if !c.eat_punct(',') {
                break;
            }
        }
        c.punct(')')?;
        if c.at_word("borrowed") {
            c.next();
            c.punct('(')?;
            loop {
                info.borrowed.push(self.value_name(&c.word()?)?);
                if !c.eat_punct(',') {
                    break;
                }
            }
            c.punct(')')?;
        }
        self.trace.bridge = Some(info);
        Ok(())
    }

    fn func(&mut self, c: &mut Cursor) -> Result<(), String> {
        let id = numbered(&c.word()?, "f").ok_or("expected fN")?;
        if id as usize != self.trace.funcs.len() {
            return Err(format!(
                "functions must be numbered in order; expected f{}",
                self.trace.funcs.len()
            ));
        }
        c.punct('=')?;
        let addr = parse_u64(&c.word()?)?;
        let name = c.string()?;
        c.punct('(')?;
        let mut args = Vec::new();
        while !c.at_punct(')') {
            args.push(parse_type(&c.word()?)?);
            if !c.eat_punct(',') {
                break;
            }
        }
        c.punct(')')?;
        if c.word()? != "->" {
            return Err("expected '->'".into());
        }
        let ret = parse_type(&c.word()?)?;
        let mut fd = FuncDesc {
            addr,
            name,
            args,
            ret,
            flags: FuncFlags::default(),
            consumes: 0,
            result_class: None,
        };
        while c.peek().is_some() {
            match c.word()?.as_str() {
                "pure" => fd.flags.pure = true,
                "owned" => fd.flags.owned = true,
                "can_raise" => fd.flags.can_raise = true,
                "incref" => fd.flags.incref = true,
                "decref" => fd.flags.decref = true,
                "refcounts_only" => fd.flags.refcounts_only = true,
                "item_store" => fd.flags.item_store = true,
                "consumes" => {
                    c.punct('(')?;
                    loop {
                        let i: u32 = c.word()?.parse().map_err(|_| "bad argument index")?;
                        if i >= 32 {
                            return Err("argument index too large".into());
                        }
                        fd.consumes |= 1 << i;
                        if !c.eat_punct(',') {
                            break;
                        }
                    }
                    c.punct(')')?;
                }
                "class" => {
                    c.punct('(')?;
                    let k = numbered(&c.word()?, "c").ok_or("expected cN")?;
                    fd.result_class = Some(ConstId(k));
                    c.punct(')')?;
                }
                w => return Err(format!("unknown function flag {:?}", w)),
            }
        }
        self.trace.funcs.push(fd);
        Ok(())
    }

    fn value_name(&self, w: &str) -> Result<ValueId, String> {
        numbered(w, "v")
            .map(ValueId)
            .ok_or_else(|| format!("expected a value vN, found {:?}", w))
    }

    pub(crate) fn operand(&self, c: &mut Cursor) -> Result<Operand, String> {
        let w = c.word()?;
        if let Some(n) = numbered(&w, "v") {
            return Ok(Operand::Value(ValueId(n)));
        }
        if let Some(n) = numbered(&w, "c") {
            return Ok(Operand::Obj(ConstId(n)));
        }
        if w == "f64" && c.eat_punct(':') {
            return Ok(Operand::Float(parse_u64(&c.word()?)?));
        }
        if let Ok(i) = w.parse::<i64>() {
            return Ok(Operand::Int(i));
        }
        let looks_float = w.contains('.')
            || w.contains('e')
            || w.contains('E')
            || w.ends_with("inf")
            || w.eq_ignore_ascii_case("nan");
        if looks_float {
            if let Ok(x) = w.parse::<f64>() {
                return Ok(Operand::float(x));
            }
        }
        Err(format!("bad operand {:?}", w))
    }

    fn operands_until_end(&self, c: &mut Cursor) -> Result<SmallVec<[Operand; 3]>, String> {
        let mut args = SmallVec::new();
        if c.peek().is_none() || c.at_punct('[') {
            return Ok(args);
        }
        loop {
            args.push(self.operand(c)?);
            if !c.eat_punct(',') {
                break;
            }
        }
        Ok(args)
    }

    fn op(&mut self, c: &mut Cursor) -> Result<(), String> {
        let mut result = None;
        let mut explicit_ty = None;
        let first = c.word()?;
        let opname = if numbered(&first, "v").is_some() {
            result = Some(self.value_name(&first)?);
            if c.eat_punct(':') {
                explicit_ty = Some(parse_type(&c.word()?)?);
            }
            c.punct('=')?;
            c.word()?
        } else {
            first
        };
        let opcode =
            Opcode::from_name(&opname).ok_or_else(|| format!("unknown op {:?}", opname))?;
        let mut op = Op {
            opcode,
            result: None,
            ty: Type::Void,
            args: SmallVec::new(),
            imm: 0,
            func: None,
            guard: None,
        };
        match opcode.shape() {
            Shape::Fixed(_, ty) => {
                op.args = self.operands_until_end(c)?;
                op.ty = ty;
            }
            Shape::Jump if opcode == Opcode::Label => {
                // `label p:ty, ... = args...`
                while !c.at_punct('=') {
                    let v = self.value_name(&c.word()?)?;
                    c.punct(':')?;
                    let ty = parse_type(&c.word()?)?;
                    if ty == Type::Void || !self.trace.define_value(v, ty) {
                        return Err(format!("bad label param {}", v));
                    }
                    self.trace.label.push(v);
                    if !c.eat_punct(',') {
                        break;
                    }
                }
                c.punct('=')?;
                op.args = self.operands_until_end(c)?;
            }
            Shape::Jump => op.args = self.operands_until_end(c)?,
            Shape::ObjImm { store } => {
                op.args.push(self.operand(c)?);
                c.punct(',')?;
                op.imm = c.word()?.parse().map_err(|_| "bad immediate")?;
                if store {
                    c.punct(',')?;
                    op.args.push(self.operand(c)?);
                } else {
                    op.ty = explicit_ty.ok_or_else(|| format!("{} needs vN:type", opname))?;
                }
            }
            Shape::Indexed { store } => {
                op.args.push(self.operand(c)?);
                c.punct(',')?;
                op.args.push(self.operand(c)?);
                c.punct(',')?;
                if store {
                    op.args.push(self.operand(c)?);
                    c.punct(',')?;
                } else {
                    op.ty = explicit_ty.ok_or_else(|| format!("{} needs vN:type", opname))?;
                }
                op.imm = c.word()?.parse().map_err(|_| "bad immediate")?;
            }
            Shape::Call => {
                let f = numbered(&c.word()?, "f").ok_or("expected fN")?;
                let desc = self.trace.funcs.get(f as usize).ok_or("unknown function")?;
                op.ty = desc.ret;
                op.func = Some(FuncId(f));
                c.punct('(')?;
                while !c.at_punct(')') {
                    op.args.push(self.operand(c)?);
                    if !c.eat_punct(',') {
                        break;
                    }
                }
                c.punct(')')?;
            }
        }
        if let Some(t) = explicit_ty {
            if t != op.ty {
                return Err(format!(
                    "{} produces {}, not {}",
                    opname,
                    op.ty.name(),
                    t.name()
                ));
            }
        }
        match (result, op.ty) {
            (Some(v), ty) if ty != Type::Void => {
                if !self.trace.define_value(v, ty) {
                    return Err(format!("{} defined twice", v));
                }
                op.result = Some(v);
            }
            (None, Type::Void) => {}
            (Some(_), _) => return Err(format!("{} has no result", opname)),
            (None, _) => return Err(format!("{} needs a result vN = ...", opname)),
        }
        if c.eat_punct('[') {
            let snap = self.snapshot(c)?;
            let mut g = GuardInfo::new(snap);
            while let Some(Tok::Word(w)) = c.peek().cloned() {
                c.next();
                let list = match w.as_str() {
                    "owned" => &mut g.owned,
                    "drop" => &mut g.drop,
                    _ => return Err(format!("unexpected {:?}", w)),
                };
                c.punct('(')?;
                loop {
                    list.push(self.value_name(&c.word()?)?);
                    if !c.eat_punct(',') {
                        break;
                    }
                }
                c.punct(')')?;
            }
            op.guard = Some(g);
        }
        self.trace.ops.push(op);
        Ok(())
    }

}
