//! Links libexpat, the parser CPython's `pyexpat` is built on (CPython
//! 3.11.7 bundles expat 2.5.0; Debian 12's libexpat1-dev is 2.5.0 too).
//! pkg-config links the system's libexpat.so.1 (as Debian's python3 does);
//! the static archive is used where pkg-config offers one outside system dirs.
fn main() {
    let lib = pkg_config::Config::new()
        .atleast_version("2.4.0")
        .statik(true)
        .probe("expat")
        .or_else(|_| pkg_config::Config::new().atleast_version("2.4.0").probe("expat"));
    if lib.is_err() {
        panic!(
            "libexpat (>= 2.4) not found through pkg-config: install libexpat1-dev \
             (Debian/Ubuntu) or expat-devel (Fedora)"
        );
    }
}
