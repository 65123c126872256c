//! Bundles the pip wheel that RustPython's `ensurepip` ships (its standard
//! library is frozen into the binary, which leaves the wheel behind), so
//! that `hipy -m venv` can install pip into a new environment.

fn main() {
    let bundled = std::path::Path::new(rustpython_pylib::LIB_PATH).join("ensurepip").join("_bundled");
    let wheel = std::fs::read_dir(&bundled)
        .unwrap_or_else(|e| panic!("{}: {e}", bundled.display()))
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .unwrap_or_else(|| panic!("no pip wheel in {}", bundled.display()));
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    std::fs::copy(&wheel, out.join("pip.whl")).expect("copy the pip wheel");
    let name = wheel.file_name().unwrap().to_str().unwrap().to_owned();
    println!("cargo:rustc-env=HIPY_PIP_WHEEL_NAME={name}");
    println!("cargo:rerun-if-changed=build.rs");
}
