//! The JIT's configuration: the environment variables that switch it on and
//! tune it (`HIPY_JIT`, `HIPY_JIT_THRESHOLD`, `HIPY_JIT_RANDOM_EXIT`,
//! `HIPY_JIT_LOG`), the limits of recording and bridging, the optimizer's
//! passes, and the options the backend compiles with.

use std::sync::OnceLock;

use hipy_jit::CompileOptions;
use hipy_optimizer::{Pass, DEFAULT_PASSES, RANDOM_EXIT_PASSES};
use rustpython_vm::{AsObject, VirtualMachine};

use super::helper_table::Helper;
use crate::layout::objects::{Layout, COUNT_MASK, IMMORTAL, SLOW_FLAGS};

pub struct Config {
    pub enabled: bool,
    pub threshold: u64,
    pub random_exits: Option<u64>,
    pub log: Option<std::path::PathBuf>,
}

/// What an embedder chose (`hipy::Builder::jit`, `jit_threshold`) before
/// the first use of `config()`; the environment fills in the rest.
pub static PRESET: std::sync::Mutex<(Option<bool>, Option<u64>)> = std::sync::Mutex::new((None, None));

pub fn config() -> &'static Config {
    static CONFIG: OnceLock<Config> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let env = |k: &str| std::env::var(k).ok();
        let preset = *PRESET.lock().unwrap_or_else(|e| e.into_inner());
        Config {
            enabled: preset.0.unwrap_or_else(|| !matches!(env("HIPY_JIT").as_deref(), Some("off" | "0" | "no"))),
            threshold: preset.1.or_else(|| env("HIPY_JIT_THRESHOLD").and_then(|t| t.parse().ok())).unwrap_or(1000).max(1),
            random_exits: env("HIPY_JIT_RANDOM_EXIT").and_then(|s| s.parse().ok()),
            log: env("HIPY_JIT_LOG").map(Into::into),
        }
    })
}

pub(super) fn compile_options(vm: &VirtualMachine, layout: Layout) -> CompileOptions {
    let mut opts = CompileOptions::new(layout.obj).with_site_cell(super::sites::cell_address());
    if let Some(offset) = layout.refcount_offset {
        opts = opts
            .with_refcounts(hipy_jit::InlineRefcounts {
                offset,
                count_mask: COUNT_MASK,
                immortal_mask: IMMORTAL,
                slow_mask: SLOW_FLAGS,
                incref: Helper::Incref.desc().addr,
                decref: Helper::Decref.desc().addr,
                threads_flag: crate::threads::flag_address(),
            })
            .with_float_store(hipy_jit::InlineFloatStore {
                store: Helper::StoreFloatItem.desc().addr,
                float_type: vm.ctx.types.float_type.as_object() as *const rustpython_vm::PyObject as u64,
                count_offset: offset,
                threads_flag: crate::threads::flag_address(),
            });
    }
    if let (Some(_), Some(l)) = (layout.refcount_offset, crate::layout::instances::layout()) {
        let field = |off: usize| i32::try_from(off).ok();
        if let (Ok(dict_offset), Some(stamp_offset), Some(entries_offset), Some(stride), Some(value_offset)) = (
            i32::try_from(l.dict),
            field(l.dicts.stamp),
            field(l.dicts.entries),
            field(l.dicts.stride),
            field(l.dicts.value),
        ) {
            opts = opts.with_attrs(hipy_jit::InlineAttrs {
                get: Helper::GetattrHinted.desc().addr,
                set: Helper::SetattrHinted.desc().addr,
                slot_set: Helper::SlotStore.desc().addr,
                absent: Helper::HasDictAttrHinted.desc().addr,
                shapes: (crate::layout::instances::SHAPE_FIRST, crate::layout::instances::SHAPE_LAST),
                dict_offset,
                dict_type: vm.ctx.types.dict_type.as_object() as *const rustpython_vm::PyObject as u64,
                stamp_offset,
                entries_offset,
                stride,
                value_offset,
                gc_bits_offset: rustpython_vm::object::gc_bits_offset() as i32,
                tracked_bit: rustpython_vm::object::GC_TRACKED_BIT,
                atom_types: [
                    vm.ctx.types.float_type,
                    vm.ctx.types.int_type,
                    vm.ctx.types.str_type,
                    vm.ctx.types.none_type,
                ]
                .map(|t| t.as_object() as *const rustpython_vm::PyObject as u64),
            });
        }
    }
    if let Some(int) = layout.int {
        opts = opts.with_unbox_int(hipy_jit::InlineUnboxInt {
            unbox: Helper::UnboxInt.desc().addr,
            int_type: vm.ctx.types.int_type.as_object() as *const rustpython_vm::PyObject as u64,
            tag_offset: int.tag_offset,
            tag: int.tag,
            limb_offset: int.limb_offset,
            sign_offset: int.sign_offset,
        });
    }
    let watch = crate::safepoint::watch();
    opts = opts.with_interrupts(hipy_jit::InterruptCheck {
        flag: watch.flag,
        mask: watch.mask,
        count: watch.gc_count,
        limit: watch.gc_limit,
    });
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") {
        opts = opts.with_sqrt_pow(hipy_jit::InlineSqrtPow { pow: Helper::Pow.desc().addr });
    }
    match config().random_exits {
        Some(seed) => opts.with_random_exits(seed),
        None => opts,
    }
}

pub(super) fn passes() -> &'static [Pass] {
    if config().random_exits.is_some() {
        RANDOM_EXIT_PASSES
    } else {
        DEFAULT_PASSES
    }
}

/// After a loop closes its trace or aborts, when to look again: a prime, so that
/// retries start at different iterations of a loop entered again and again with
/// the same trip count (with 64, a loop of 8 items was always recorded from its
/// last iteration, ran off its end and was blacklisted).
pub(super) const RETRY_BACKOFF: u64 = 61;

pub(super) const MAX_ABORTS: u32 = 4;

/// Starts of a compiled loop that did not fit its trace only because some of
/// its variables were still unbound, before its first-iteration trace is
/// recorded.
pub(super) const FIRST_THRESHOLD: u32 = 8;

/// Failed bridge recordings after which an exit is left alone.
pub(super) const MAX_BRIDGE_ABORTS: u32 = 3;

/// Bridges a loop may grow. Past this, exits return to the interpreter: a
/// loop whose guards all fail (HIPY_JIT_RANDOM_EXIT makes them) would
/// otherwise grow bridges on bridges without end.
pub(super) const MAX_BRIDGES: usize = 64;

/// Back-edges the interpreter runs a loop itself after its compiled code
/// exited, with no bridge to come, and the same frame came back to the
/// back-edge (`CompiledTrace::bounced`): a guard failing at every iteration
/// (a class per call at a megamorphic site) would otherwise make each
/// iteration pay an entry and an exit, slower than not compiling at all.
pub(super) const BOUNCE_BACKOFF: u64 = 61;

/// How often a guard must fail before its exit gets a bridge.
pub(super) fn bridge_threshold() -> u64 {
    (config().threshold / 5).clamp(1, 200)
}
