//! `ensurepip` (which `python -m venv` runs) installs pip from a wheel
//! that RustPython's standard library ships beside its sources; hipy's
//! standard library is frozen into the binary, so the wheel is bundled by
//! `build.rs` and handed to `ensurepip` through sysconfig's
//! `WHEEL_PKG_DIR`, the directory where distributions keep such wheels.

use rustpython_vm::{PyResult, VirtualMachine};

const PIP_WHEEL: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/pip.whl"));
const PIP_WHEEL_NAME: &str = env!("HIPY_PIP_WHEEL_NAME");

/// A directory holding the pip wheel, removed when dropped.
pub(crate) struct WheelDir(std::path::PathBuf);

impl Drop for WheelDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes the wheel to a fresh directory and makes it `ensurepip`'s
/// wheel directory. Call before `ensurepip` is imported.
pub(crate) fn provide_wheel(vm: &VirtualMachine) -> PyResult<WheelDir> {
    let dir = std::env::temp_dir().join(format!("hipy-ensurepip-{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(PIP_WHEEL_NAME), PIP_WHEEL)
    };
    write().map_err(|e| vm.new_os_error(format!("hipy: cannot write the bundled pip wheel to {}: {e}", dir.display())))?;
    let guard = WheelDir(dir);
    let sysconfig = vm.import("sysconfig", 0)?;
    let vars = vm.call_method(&sysconfig, "get_config_vars", ())?;
    vars.set_item("WHEEL_PKG_DIR", vm.ctx.new_str(guard.0.display().to_string()).into(), vm)?;
    Ok(guard)
}
