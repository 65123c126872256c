//! Bridges: compiling a side trace that starts at an exit of a compiled loop (of its
//! root trace or of an earlier bridge) and attaching it, so that the exit's guard goes
//! straight into it.
//!
//! # State transfer
//! The bridge runs in the loop's frame. Its inputs start where the parent trace had
//! the exit's values when the guard failed (`ExitInfo::locations`: registers, or
//! stack slots of the parent's frame); nothing is stored or loaded on the way in. The
//! parent's stub counts the exit and jumps through its cell to the bridge's first
//! instruction.
//!
//! # Frame
//! Every spill slot of the parent's frame that holds no input is free for the bridge;
//! so are its outgoing-argument slots. When the bridge needs more (more stack
//! arguments, or more spill slots), it lowers `rsp` by `extra` bytes on entry (a
//! multiple of 16, keeping calls aligned): its own argument slots and spill slots are
//! then at the bottom, and the parent's frame is `extra` bytes further up. Bridges of
//! bridges stack the same way. `extra` is only known after register allocation, so
//! a bridge that needs its own area is compiled twice: register allocation does not
//! depend on slot offsets, so the second pass uses exactly the slots counted in the
//! first.
//!
//! # Leaving
//! The bridge's `jump` moves its values into the root loop's head locations, adds
//! back everything its `rsp` is below the root's, and jumps to the root loop's head
//! through its literal pool (the root's code is another buffer, maybe out of rel32
//! range). Its exits are stubs like the root's, leaving through an epilogue of its
//! own that pops the whole loop frame.

use crate::compiled::{assemble, new_cells, Assembled, CompiledLoop, TraceCode};
use crate::exits::ExitInfo;
use crate::frame::{max_stack_args, round16, shift, BridgeSetup, FrameShape, Setup};
use crate::regs::Loc;
use crate::{check_trace, CompileError, CompileOptions};
use hipy_optimizer::Trace;
use std::ops::Range;
use std::sync::atomic::Ordering;

/// What `attach_bridge` attached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attached {
    /// The bridge's trace number (`ExitInfo::trace` of its exits): 1 for the first
    /// bridge attached to the loop, 2 for the next, ...
    pub trace: u32,
    /// The loop-wide exit numbers of the bridge's ops that may exit, in op order
    /// (`Trace::exit_ops` of the bridge): exit `exits.start + k` is its `k`-th.
    pub exits: Range<u32>,
    /// Bytes of machine code.
    pub code_size: usize,
    /// Bytes the bridge lowers `rsp` by on entry (0 when it fits in its parent's frame).
    pub extra_stack: i32,
}

fn bridge_error(message: impl Into<String>) -> CompileError {
    CompileError::Bridge(message.into())
}

impl CompiledLoop {
    /// Compiles `bridge` and makes exit `exit` go into it. `bridge` must be a bridge
    /// trace (`Trace::bridge` set, e.g. built with `TraceBuilder::bridge`) whose inputs
    /// match the exit's values (`ExitInfo::types`, `ExitInfo::borrowed`) and whose
    /// jump passes the root loop's input types; it should be optimized. `opts` must
    /// have the loop's object layout; its random-exit setting applies to the bridge's
    /// guards (which share the loop's generator state).
    ///
    /// On error nothing changes. Attaching is allowed while the loop runs further up
    /// the stack (a helper entered it again), as long as the bridge's exits need no
    /// more exit-buffer room than those runs have.
    pub fn attach_bridge(
        &self,
        exit: u32,
        bridge: &Trace,
        opts: &CompileOptions,
    ) -> Result<Attached, CompileError> {
        let info = self
            .exit_info(exit)
            .ok_or_else(|| bridge_error(format!("exit {} does not exist", exit)))?;
        if self.has_bridge(exit) {
            return Err(bridge_error(format!("exit {} already has a bridge", exit)));
        }
        check_trace(bridge)?;
        self.check_fits(info, bridge, opts)?;
        let n_exits = bridge.exit_ops().len();
        let open_exits = (0..self.num_exits() as u32)
            .filter(|&k| !self.has_bridge(k))
            .count();
        if n_exits == 0 && open_exits <= 1 {
            return Err(bridge_error(
                "the bridge has no exit and takes over the loop's last one: \
                 the loop would never return",
            ));
        }
        let parent = self
            .traces
            .get(info.trace as usize)
            .ok_or_else(|| CompileError::Internal("exit of an unknown trace".into()))?;
        let trace_no = self.traces.len() as u32;
        let first_exit = self.num_exits() as u32;
        let (a, shape, extra) =
            self.compile_bridge(bridge, opts, info, &parent.frame, first_exit)?;
        let (stores, infos) = a.finish_exits(bridge, trace_no)?;

        let most = infos.iter().map(|x| x.values.len()).max().unwrap_or(0);
        if let Some(cap) = self.active_capacity.get() {
            if most > cap {
                return Err(bridge_error(
                    "the loop is running with an exit buffer too small for the bridge's exits",
                ));
            }
        }
        let entry_addr = a.code.ptr(a.entry) as u64;
        let code_size = a.code.len();
        self.traces.push(TraceCode {
            code: a.code,
            cells: a.cells,
            stores,
            first_exit,
            frame: shape,
        });
        for x in infos {
            self.exits.push(x);
        }
        self.max_exit_values
            .set(self.max_exit_values.get().max(most));
        // Last: the guard now goes into the bridge.
        let (t, k) = self
            .cell(exit)
            .ok_or_else(|| CompileError::Internal("exit cell".into()))?;
        t.cells[k].target.store(entry_addr, Ordering::Release);
        Ok(Attached {
            trace: trace_no,
            exits: first_exit..first_exit + n_exits as u32,
            code_size,
            extra_stack: extra,
        })
    }

    /// The bridge's inputs, jump and layout must match the exit and the loop.
    fn check_fits(
        &self,
        info: &ExitInfo,
        bridge: &Trace,
        opts: &CompileOptions,
    ) -> Result<(), CompileError> {
        let b = bridge
            .bridge
            .as_ref()
            .ok_or_else(|| bridge_error("the trace is not a bridge (it has no bridge line)"))?;
        if b.loop_types != self.input_types {
            return Err(bridge_error(format!(
                "the bridge jumps with {:?}, the loop takes {:?}",
                b.loop_types, self.input_types
            )));
        }
        let types: Vec<_> = bridge
            .inputs
            .iter()
            .map(|&v| bridge.value_type(v))
            .collect();
        let want: Vec<_> = info.types.iter().map(|&t| Some(t)).collect();
        if types != want {
            return Err(bridge_error(format!(
                "the bridge's inputs are {:?}, the exit's values {:?}",
                types, info.types
            )));
        }
        for (k, &v) in bridge.inputs.iter().enumerate() {
            if b.borrowed.contains(&v) != info.borrowed[k] {
                return Err(bridge_error(format!(
                    "bridge input {} ({}) must be {} like the exit's value {}",
                    k,
                    v,
                    if info.borrowed[k] {
                        "borrowed"
                    } else {
                        "owned"
                    },
                    info.values[k]
                )));
            }
        }
        if opts.layout != self.layout {
            return Err(bridge_error(
                "the bridge's object layout differs from the loop's",
            ));
        }
        Ok(())
    }

    /// Compiles the bridge in its parent's frame (twice if it needs its own area).
    /// Returns the code, the frame its own bridges inherit, and its `extra`.
    fn compile_bridge(
        &self,
        bridge: &Trace,
        opts: &CompileOptions,
        info: &ExitInfo,
        parent: &FrameShape,
        first_exit: u32,
    ) -> Result<(Assembled, FrameShape, i32), CompileError> {
        let nargs = max_stack_args(bridge);
        let own_start = 8 * nargs as i32;
        let mut extra = if nargs <= parent.arg_slots {
            0
        } else {
            round16(own_start)
        };
        for pass in 0..2 {
            let cells = new_cells(bridge);
            let setup = self.bridge_setup(
                info,
                parent,
                extra,
                nargs,
                cells.as_ptr() as u64,
                first_exit,
            );
            let a = assemble(bridge, opts, setup, cells)?;
            let own_used = (a.frame_end - own_start) / 8;
            let capacity = if extra == 0 {
                0
            } else {
                (extra - own_start) / 8
            };
            if own_used <= capacity {
                let mut spill_slots: Vec<i32> =
                    parent.spill_slots.iter().map(|&s| s + extra).collect();
                spill_slots.extend((0..own_used).map(|k| own_start + 8 * k));
                let shape = FrameShape {
                    below_root: parent.below_root + extra,
                    layout: parent.layout.shifted(extra),
                    arg_slots: if extra == 0 { parent.arg_slots } else { nargs },
                    spill_slots,
                };
                return Ok((a, shape, extra));
            }
            if pass == 1 {
                break;
            }
            extra = round16(own_start + 8 * own_used);
        }
        Err(CompileError::Internal(
            "the bridge's spill area changed between passes".into(),
        ))
    }

    fn bridge_setup(
        &self,
        info: &ExitInfo,
        parent: &FrameShape,
        extra: i32,
        nargs: usize,
        cells_addr: u64,
        first_exit: u32,
    ) -> Setup {
        let below_root = parent.below_root + extra;
        let input_locs: Vec<Loc> = info.locations.iter().map(|&l| shift(l, extra)).collect();
        // Free: the parent's spill slots that hold no input. Popped from the end, so
        // the lowest slots go first.
        let mut free_slots: Vec<i32> = parent
            .spill_slots
            .iter()
            .map(|&s| s + extra)
            .filter(|&s| !input_locs.contains(&Loc::Stack(s)))
            .collect();
        free_slots.reverse();
        Setup {
            frame: parent.layout.shifted(extra),
            arg_slots: if extra == 0 { parent.arg_slots } else { nargs },
            free_slots,
            next_slot: 8 * nargs as i32,
            cells_addr,
            prng_addr: &*self.prng as *const _ as u64,
            first_exit,
            bridge: Some(BridgeSetup {
                input_locs,
                head_locs: self
                    .head_locs
                    .iter()
                    .map(|&l| shift(l, below_root))
                    .collect(),
                head_addr: self.head_addr,
                extra,
                below_root,
                root_frame_size: self.frame_size,
            }),
        }
    }
}
