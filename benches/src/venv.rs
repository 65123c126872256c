//! The CPython virtual environment with real numpy and pandas, the reference for the
//! numpy/pandas programs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The interpreter inside a venv.
pub fn python(venv: &Path) -> PathBuf {
    venv.join("bin").join("python")
}

/// Creates `venv` with `python3 -m venv` if it does not exist, then installs numpy and
/// pandas into it with pip.
pub fn setup(venv: &Path) -> Result<(), String> {
    if !python(venv).is_file() {
        eprintln!("creating {}", venv.display());
        run(Command::new("python3").arg("-m").arg("venv").arg(venv))?;
    }
    eprintln!("installing numpy and pandas into {}", venv.display());
    run(Command::new(python(venv)).args(["-m", "pip", "install", "--quiet", "numpy", "pandas"]))?;
    let check = Command::new(python(venv))
        .args([
            "-c",
            "import numpy, pandas; print('numpy', numpy.__version__, 'pandas', pandas.__version__)",
        ])
        .output()
        .map_err(|e| format!("running {}: {e}", python(venv).display()))?;
    if !check.status.success() {
        return Err(format!(
            "numpy/pandas do not import in {}: {}",
            venv.display(),
            String::from_utf8_lossy(&check.stderr)
        ));
    }
    eprint!("{}", String::from_utf8_lossy(&check.stdout));
    Ok(())
}

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command.status().map_err(|e| format!("{shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed: {status}"))
    }
}
