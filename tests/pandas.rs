//! The pandas corpus: programs in `tests/pandas/programs` against the output
//! of CPython with real pandas 3.x (see `support::library` for how they run
//! and the `HIPY_PANDAS_*` settings). Each runs in three modes:
//! - `lazy`: hipy's default, plans build up and run when a value is seen
//!   (and array columns through the lazy array graph, every op in it),
//!   with chunks of 3 rows (`HIPY_TABLE_CHUNK_ROWS`), so chunked chains
//!   of filters and derived columns run on small frames too;
//! - `eager`: `HIPY_LAZY=off`, every table and array op runs at once
//!   through the same optimizer and kernels;
//! - `unstaged`: as `lazy`, with `HIPY_STAGE=off`: UDFs run in the Python
//!   loop (staged and unstaged agree).

mod support;

use std::process::ExitCode;
use support::library::{Corpus, LazyMode};

const MODES: &[LazyMode] = &[
    ("lazy", &[("HIPY_LAZY", "on"), ("HIPY_LAZY_EAGER_BELOW", "0"), ("HIPY_TABLE_CHUNK_ROWS", "3")]),
    ("eager", &[("HIPY_LAZY", "off")]),
    ("unstaged", &[("HIPY_LAZY", "on"), ("HIPY_LAZY_EAGER_BELOW", "0"), ("HIPY_STAGE", "off")]),
];

const PROBES: &[(&str, &str)] = &[
    ("pd.read_parquet", "pandas.read_parquet is not supported by hipy"),
    ("pd.date_range", "pandas.date_range is not supported by hipy"),
    ("df.pivot_table", "pandas.DataFrame.pivot_table is not supported by hipy"),
    ("df.a.rolling(2)", "pandas.Series.rolling is not supported by hipy"),
    ("df.interpolate()", "pandas.DataFrame.interpolate is not supported by hipy"),
    ("pd.read_json('x.json')", "pandas.read_json is not supported by hipy"),
    ("df.groupby('a').a.shift()", "pandas.SeriesGroupBy.shift is not supported by hipy"),
    ("df.a.dt", "pandas.Series.dt (datetime values) is not supported by hipy"),
    ("pd.Series([1], dtype='Int64')", "pandas.dtype 'Int64' is not supported by hipy"),
    ("pd.read_csv('x.csv', parse_dates=['a'])", "pandas.read_csv(parse_dates=...) is not supported by hipy"),
    (
        "pd.read_csv(__import__('io').StringIO('a\\nx\\n'), dtype=bool).a.tolist()",
        "pandas.read_csv(dtype=bool) of a column holding values other than True/False is not supported by hipy",
    ),
    (
        "pd.read_csv(__import__('io').StringIO('a\\n\"x\"\\n'), skiprows=[1])",
        "pandas.read_csv(skiprows=list/callable or header>0) with quoted fields is not supported by hipy",
    ),
];

fn main() -> ExitCode {
    // Two programs at a time: each one's own work is mostly single-threaded.
    support::library::main(&Corpus {
        name: "pandas",
        modes: MODES,
        jobs: 2,
        probe_prelude: "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2]})\n",
        probes: PROBES,
    })
}
