//! Snapshots: the interpreter state a guard's exit rebuilds (every live frame, its
//! slots' sources, and the objects the exit must allocate), and their text form,
//! printed by `text` and read back by `parse`. The vm restores them in
//! `vm/src/trace/deopt.rs`.

use std::fmt::Write;

use crate::ir::{ConstId, Operand, SnapId, ValueId};
use crate::parse::{numbered, parse_u64, Cursor, Parser, Tok};
use crate::text::operand_text;

/// How to resume when a guard fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SnapshotKind {
    /// Re-execute from `pc` in the innermost frame.
    Resume,
    /// An exception is pending in the vm's per-thread slot; raise it at `pc`.
    RaisePending,
    /// A helper declined a value (a consumer in push mode): re-execute from `pc`,
    /// which offers it again and is declined again. Like `RaisePending`, the
    /// guard checks what a helper did, so it never fails at random.
    Reoffer,
}

impl SnapshotKind {
    /// The name in the text form.
    pub fn name(self) -> &'static str {
        match self {
            SnapshotKind::Resume => "resume",
            SnapshotKind::RaisePending => "raise",
            SnapshotKind::Reoffer => "reoffer",
        }
    }

    pub fn from_name(s: &str) -> Option<SnapshotKind> {
        [
            SnapshotKind::Resume,
            SnapshotKind::RaisePending,
            SnapshotKind::Reoffer,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }

    /// Whether a guard with this snapshot may fail at random (random-exit mode):
    /// only when the interpreter redoes exactly what the trace did not.
    pub fn random_exits(self) -> bool {
        self == SnapshotKind::Resume
    }
}

/// Where the value of one frame slot comes from at an exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The frame's own slot still holds the right value (outermost frame only).
    Unchanged,
    /// An empty slot.
    Null,
    /// A value or constant; i64 values are boxed as Python ints, f64 as floats.
    Val(Operand),
    /// An i64 0/1 value (or constant) to be boxed as a Python bool.
    Bool(Operand),
    /// A virtual object of the snapshot (index into `Snapshot::virtuals`).
    Virtual(u32),
}

/// A frame of a snapshot: code object id, instruction index, and the sources of its
/// localsplus followed by its value stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub code: u64,
    pub pc: u32,
    pub slots: Vec<Source>,
}

/// An object that the trace did not allocate but the exit must (allocation removal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VirtualObj {
    pub class: ConstId,
    /// The attribute names (string constants), in the order the fields were first
    /// set: the order of the object's `__dict__`.
    pub names: Vec<ConstId>,
    pub fields: Vec<Source>,
}

/// The interpreter state at a guard: every live frame, outermost first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub kind: SnapshotKind,
    pub frames: Vec<Frame>,
    pub virtuals: Vec<VirtualObj>,
}

impl Snapshot {
    /// Every source of the snapshot: frames outermost first, slots in order, then
    /// the fields of the virtuals in order.
    pub fn sources(&self) -> impl Iterator<Item = &Source> {
        self.frames
            .iter()
            .flat_map(|f| f.slots.iter())
            .chain(self.virtuals.iter().flat_map(|v| v.fields.iter()))
    }

    pub fn sources_mut(&mut self) -> impl Iterator<Item = &mut Source> {
        self.frames
            .iter_mut()
            .flat_map(|f| f.slots.iter_mut())
            .chain(self.virtuals.iter_mut().flat_map(|v| v.fields.iter_mut()))
    }

    /// The distinct values the snapshot references, in order of first appearance.
    pub fn values(&self) -> Vec<ValueId> {
        let mut out: Vec<ValueId> = Vec::new();
        for s in self.sources() {
            if let Source::Val(Operand::Value(v)) | Source::Bool(Operand::Value(v)) = *s {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        out
    }
}

// ----- text form -----

fn source_text(s: &Source) -> String {
    match *s {
        Source::Unchanged => "=".to_string(),
        Source::Null => "null".to_string(),
        Source::Val(o) => operand_text(o),
        Source::Bool(o) => format!("bool({})", operand_text(o)),
        Source::Virtual(k) => format!("virt{}", k),
    }
}

fn sources_text(ss: &[Source]) -> String {
    ss.iter().map(source_text).collect::<Vec<_>>().join(", ")
}

impl Snapshot {
    /// The body of the snapshot's text form: `kind frame... virtual...`.
    pub fn text(&self) -> String {
        let snap = self;
        let mut s = String::from(snap.kind.name());
        for f in &snap.frames {
            let _ = write!(s, " {:#x}@{} {{{}}}", f.code, f.pc, sources_text(&f.slots));
        }
        for (k, v) in snap.virtuals.iter().enumerate() {
            let fields: Vec<String> = v
                .names
                .iter()
                .zip(&v.fields)
                .map(|(n, f)| format!("{}: {}", n, source_text(f)))
                .collect();
            let _ = write!(s, " virt{} = {} {{{}}}", k, v.class, fields.join(", "));
        }
        s
    }
}

impl Parser {
    /// Parses after '[': `sN]` or `sN kind frames... virtuals...]`.
    pub(crate) fn snapshot(&mut self, c: &mut Cursor) -> Result<SnapId, String> {
        let id = numbered(&c.word()?, "s").ok_or("expected sN")? as usize;
        if c.eat_punct(']') {
            if !self.snap_defined.get(id).copied().unwrap_or(false) {
                return Err(format!("snapshot s{} used before it is written out", id));
            }
            return Ok(SnapId(id as u32));
        }
        if self.snap_defined.get(id).copied().unwrap_or(false) {
            return Err(format!("snapshot s{} written out twice", id));
        }
        let w = c.word()?;
        let kind =
            SnapshotKind::from_name(&w).ok_or_else(|| format!("unknown snapshot kind {:?}", w))?;
        let mut snap = Snapshot {
            kind,
            frames: Vec::new(),
            virtuals: Vec::new(),
        };
        while !c.eat_punct(']') {
            let w = c.word()?;
            if let Some(k) = numbered(&w, "virt") {
                if k as usize != snap.virtuals.len() {
                    return Err(format!(
                        "virtuals must be numbered in order; expected virt{}",
                        snap.virtuals.len()
                    ));
                }
                c.punct('=')?;
                let class = numbered(&c.word()?, "c").ok_or("expected cN")?;
                let (names, fields) = self.named_fields(c)?;
                snap.virtuals.push(VirtualObj {
                    class: ConstId(class),
                    names,
                    fields,
                });
            } else {
                let code = parse_u64(&w)?;
                c.punct('@')?;
                let pc: u32 = c.word()?.parse().map_err(|_| "bad pc")?;
                let slots = self.slots(c)?;
                snap.frames.push(Frame { code, pc, slots });
            }
        }
        let placeholder = Snapshot {
            kind: SnapshotKind::Resume,
            frames: vec![],
            virtuals: vec![],
        };
        if self.trace.snapshots.len() <= id {
            self.trace.snapshots.resize(id + 1, placeholder);
            self.snap_defined.resize(id + 1, false);
        }
        self.trace.snapshots[id] = snap;
        self.snap_defined[id] = true;
        Ok(SnapId(id as u32))
    }

    fn slots(&self, c: &mut Cursor) -> Result<Vec<Source>, String> {
        c.punct('{')?;
        let mut out = Vec::new();
        while !c.at_punct('}') {
            out.push(self.source(c)?);
            if !c.eat_punct(',') {
                break;
            }
        }
        c.punct('}')?;
        Ok(out)
    }

    /// One slot source: `=`, `null`, `bool(op)`, `virtN` or an operand.
    fn source(&self, c: &mut Cursor) -> Result<Source, String> {
        Ok(if c.eat_punct('=') {
            Source::Unchanged
        } else if c.at_word("null") {
            c.next();
            Source::Null
        } else if c.at_word("bool") {
            c.next();
            c.punct('(')?;
            let o = self.operand(c)?;
            c.punct(')')?;
            Source::Bool(o)
        } else if let Some(Tok::Word(w)) = c.peek() {
            match numbered(w, "virt") {
                Some(k) => {
                    c.next();
                    Source::Virtual(k)
                }
                None => Source::Val(self.operand(c)?),
            }
        } else {
            return Err(format!("bad slot {:?}", c.peek()));
        })
    }

    /// `{cN: source, ...}`: a virtual object's fields.
    fn named_fields(&self, c: &mut Cursor) -> Result<(Vec<ConstId>, Vec<Source>), String> {
        c.punct('{')?;
        let (mut names, mut fields) = (Vec::new(), Vec::new());
        while !c.at_punct('}') {
            names.push(ConstId(numbered(&c.word()?, "c").ok_or("expected cN: a field name")?));
            c.punct(':')?;
            fields.push(self.source(c)?);
            if !c.eat_punct(',') {
                break;
            }
        }
        c.punct('}')?;
        Ok((names, fields))
    }
}
