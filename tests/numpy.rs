//! The numpy corpus: programs in `tests/numpy/programs` against the output
//! of CPython with real NumPy 2.x (see `support::library` for how they run
//! and the `HIPY_NUMPY_*` settings). Each runs in four modes:
//! - `lazy`: `HIPY_LAZY_EAGER_BELOW=0`, so every op, however small, builds
//!   graph nodes and runs through the optimizer and fused loops;
//! - `default`: hipy's normal policy (small arrays run eagerly);
//! - `eager`: `HIPY_LAZY=off`, every op runs at once through the same kernels;
//! - `unstaged`: as `lazy`, with `HIPY_STAGE=off`: `np.vectorize` and
//!   `hipy.stage` functions run as plain Python (staged and unstaged agree).

mod support;

use std::process::ExitCode;
use support::library::{Corpus, LazyMode};

const MODES: &[LazyMode] = &[
    ("lazy", &[("HIPY_LAZY", "on"), ("HIPY_LAZY_EAGER_BELOW", "0")]),
    ("default", &[("HIPY_LAZY", "on")]),
    ("eager", &[("HIPY_LAZY", "off")]),
    ("unstaged", &[("HIPY_LAZY", "on"), ("HIPY_LAZY_EAGER_BELOW", "0"), ("HIPY_STAGE", "off")]),
];

const PROBES: &[(&str, &str)] = &[
    ("np.fft.fft(a, out=a)", "numpy.fft(out=...) is not supported by hipy"),
    ("np.tan(a * 1j)", "numpy.tan on complex values is not supported by hipy"),
    ("(a * 1j) ** 0.5", "numpy.power of complex values with a non-integer or array exponent is not supported by hipy"),
    ("np.linalg.qr(np.ones((2, 2, 2)))", "numpy.linalg.qr of stacked matrices is not supported by hipy"),
    ("np.histogramdd(a, bins='auto')", "numpy.histogramdd with string bins is not supported by hipy"),
    ("np.unique(a / 0.0 - a / 0.0, axis=0)", "numpy.unique(axis=...) of data with NaN is not supported by hipy"),
    ("np.zeros(3, order='F')", "numpy.zeros(order=...) is not supported by hipy"),
    ("np.exp(np.array(['a', 'b']))", "numpy.exp of str arrays is not supported by hipy"),
    ("np.array(['a', 'b']).cumsum()", "numpy.ndarray.cumsum of str arrays is not supported by hipy"),
    ("np.array([1, 2], 'm8[h]').std()", "numpy.ndarray.std of datetime64/timedelta64 arrays is not supported by hipy"),
    ("np.datetime64('today')", "numpy.datetime64('today') is not supported by hipy"),
    ("np.random.MT19937(1).jumped()", "numpy.random.MT19937.jumped is not supported by hipy"),
    ("np.random.RandomState(np.random.PCG64(1))", "numpy.random.RandomState over a PCG64 bit generator is not supported by hipy"),
    ("np.polynomial.chebyshev.chebval2d([0.5], [0.5], [[1.0]])", "numpy.polynomial.chebyshev.chebval2d is not supported by hipy"),
    ("import numpy.ma", "numpy.ma is not supported by hipy"),
    ("from numpy import matlib", "numpy.matlib is not supported by hipy"),
    ("np.array([1, 2], dtype=object).var()", "numpy.ndarray.var of object arrays is not supported by hipy"),
    ("np.exp(np.array([1.0], dtype=object))", "numpy.exp of object arrays is not supported by hipy"),
    ("np.arange(3, dtype=object)", "numpy.arange of object arrays is not supported by hipy"),
];

fn main() -> ExitCode {
    support::library::main(&Corpus {
        name: "numpy",
        modes: MODES,
        jobs: 1,
        probe_prelude: "import numpy as np\na = np.arange(4.0)\n",
        probes: PROBES,
    })
}
