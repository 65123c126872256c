//! The frames compiled code keeps virtual, as Python sees them while a call
//! that code made is running.
//!
//! A trace runs the frames of the functions it inlined (and a function's
//! entry trace, its own frame) without interpreter frames, and leaves the
//! loop frame's instruction index where the loop was entered. Code that a
//! residual call runs may look at the stack: `logging` (`%(funcName)s`,
//! `%(lineno)d`), `warnings`, `inspect.stack()`, `sys._getframe()`. So each
//! residual call that may run Python code is recorded with its call site
//! (`Site`: code and instruction of every frame the trace was in), and
//! compiled code keeps the site in this thread's `CURRENT` word while the
//! callee runs (`CompileOptions::site_cell`). Each run of compiled code is a
//! `Run` here, with the stack it belongs to; a frame walk
//! (`runtime::walk_frames`) shows the frames of the run's current site at
//! their place, made as interpreter frames on first sight (`prepare`).
//!
//! Such a frame has its code, instruction, globals and builtins; its local
//! variables live in the compiled code's registers, so `f_locals` raises
//! NotImplementedError rather than show none (`Frame::inlined`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rustpython_vm::builtins::PyDict;
use rustpython_vm::PyRef;

use crate::code::CodeInfo;
use crate::frame::{Frame, Held};
use crate::runtime;

/// One frame of a call site: its code, the instruction it is at (the call
/// for an outer frame), and its namespaces.
pub struct Level {
    pub code: Rc<CodeInfo>,
    pub lasti: u32,
    pub globals: PyRef<PyDict>,
    pub builtins: PyRef<PyDict>,
}

/// The frames a trace is in at one residual call, outermost (the trace's
/// own frame) first. Owned by the compiled trace; its address is the site
/// compiled code writes.
pub struct Site {
    pub levels: Box<[Level]>,
}

/// One run of compiled code on this thread.
struct Run {
    /// The number of frame stacks when the run began: its frames come
    /// between stack `anchor - 1` and the stacks made since.
    anchor: usize,
    /// The trace's own frame is the interpreter frame on top of stack
    /// `anchor - 1` (a loop); false: it has none (a function's entry trace
    /// called from compiled code, `direct::call_entry`).
    root_is_frame: bool,
    /// The site of the run below this one, saved when this one began.
    saved: usize,
    /// The frames made for site `.0`, innermost first.
    made: (usize, Vec<Box<Frame>>),
}

thread_local! {
    /// The call site of the innermost run's residual call in progress (0:
    /// none). Compiled code writes it.
    static CURRENT: Cell<usize> = const { Cell::new(0) };
    static RUNS: RefCell<Vec<Run>> = const { RefCell::new(Vec::new()) };
}

/// The address of this thread's `CURRENT` word, for the backend.
pub fn cell_address() -> u64 {
    CURRENT.with(|c| c.as_ptr() as u64)
}

/// A run of compiled code, registered until dropped.
pub struct RunGuard(());

/// Compiled code is about to run: with `root_is_frame`, for the frame on top
/// of the innermost stack.
pub fn enter_run(root_is_frame: bool) -> RunGuard {
    let anchor = runtime::with(|rt| rt.stacks.borrow().len());
    let saved = CURRENT.with(|c| c.replace(0));
    RUNS.with(|r| r.borrow_mut().push(Run { anchor, root_is_frame, saved, made: (0, Vec::new()) }));
    RunGuard(())
}

impl Drop for RunGuard {
    fn drop(&mut self) {
        let run = RUNS.with(|r| r.borrow_mut().pop()).expect("a registered run");
        CURRENT.with(|c| c.set(run.saved));
        drop(run.made);
    }
}

/// The site of each run, innermost last.
fn sites(runs: &[Run]) -> impl Iterator<Item = usize> + '_ {
    let current = CURRENT.with(|c| c.get());
    (0..runs.len()).map(move |i| runs.get(i + 1).map_or(current, |next| next.saved))
}

/// Make the frames of every run's current site, and put each loop frame at
/// its call (`walk_frames` runs this first).
pub fn prepare() {
    RUNS.with(|r| {
        let Ok(mut runs) = r.try_borrow_mut() else { return };
        if runs.is_empty() {
            return;
        }
        let sites: Vec<usize> = sites(&runs).collect();
        for (run, site) in runs.iter_mut().zip(sites) {
            if run.made.0 == site {
                continue;
            }
            run.made = (site, Vec::new());
            if site == 0 {
                continue;
            }
            // SAFETY: a site lives as long as its compiled trace, which is
            // running.
            let levels = &unsafe { &*(site as *const Site) }.levels;
            if run.root_is_frame {
                set_root_lasti(run.anchor, levels[0].lasti);
            }
            let skip = usize::from(run.root_is_frame);
            run.made.1 = levels.iter().skip(skip).rev().map(make_frame).collect();
        }
    });
}

fn make_frame(level: &Level) -> Box<Frame> {
    let mut f = Frame::new(
        level.code.clone(),
        Held::owned(level.globals.clone()),
        Held::owned(level.builtins.clone()),
        None,
        None,
    );
    f.lasti = level.lasti;
    f.pc = level.lasti + 1;
    f.inlined = true;
    f
}

/// The frame on top of stack `anchor - 1`: a run's own frame when it has one.
fn root_frame(anchor: usize) -> Option<*mut Frame> {
    runtime::with(|rt| {
        let stacks = rt.stacks.borrow();
        let &p = anchor.checked_sub(1).and_then(|i| stacks.get(i))?;
        // SAFETY: the stack belongs to an eval loop that is inside this run
        // (its compiled code is in a call), so nothing else touches the
        // frame now.
        unsafe { &*p }.last().map(|top| &**top as *const Frame as *mut Frame)
    })
}

/// The loop frame on top of stack `anchor - 1` is at instruction `lasti`
/// (the interpreter sets the index again when the run ends).
fn set_root_lasti(anchor: usize, lasti: u32) {
    if let Some(frame) = root_frame(anchor) {
        // SAFETY: see `root_frame`.
        unsafe { (*frame).lasti = lasti };
    }
}

/// Visit the virtual frames of the runs anchored at `min_anchor` or above
/// that `*next` has not visited yet, innermost first; true when `f` asked to
/// stop. `*next` counts the runs not yet visited.
pub fn visit(min_anchor: usize, next: &mut usize, f: &mut impl FnMut(&Frame) -> bool) -> bool {
    RUNS.with(|r| {
        let Ok(runs) = r.try_borrow() else { return false };
        *next = (*next).min(runs.len());
        while *next > 0 && runs[*next - 1].anchor >= min_anchor {
            *next -= 1;
            for frame in &runs[*next].made.1 {
                if f(frame) {
                    return true;
                }
            }
        }
        false
    })
}

/// Whether `f` is the interpreter frame of a run of compiled code on this
/// thread (a loop, or a function's entry trace entered from the
/// interpreter): until the run ends, its local variables live in the
/// compiled code's registers, and the frame holds what they were when the
/// run began.
pub fn runs_compiled(f: &Frame) -> bool {
    RUNS.with(|r| {
        let Ok(runs) = r.try_borrow() else { return false };
        runs.iter().any(|run| run.root_is_frame && root_frame(run.anchor).is_some_and(|p| std::ptr::eq(p, f)))
    })
}

/// Whether a residual call of a run on top of `stacks` stacks is in
/// progress (then the innermost frame is the run's innermost virtual frame,
/// or its loop frame at the call).
pub fn call_in_progress(stacks: usize) -> bool {
    CURRENT.with(|c| c.get()) != 0 && RUNS.with(|r| r.try_borrow().is_ok_and(|runs| runs.last().is_some_and(|run| run.anchor == stacks)))
}
