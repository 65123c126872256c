//! Links libexpat, the parser CPython's `pyexpat` is built on (CPython
//! 3.11.7 bundles expat 2.5.0; Debian 12's libexpat1-dev is 2.5.0 too).
//! Linked statically when the static archive is there, so the `hipy`
//! binary does not need libexpat.so at run time.
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
