# The same work in polars (for comparison beside pandas and hipy; run with a
# CPython that has polars).
import sys
import numpy as np
import polars as pl
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
s = pl.Series(np.arange(n) % 1000 / 10.0)
r = s.map_elements(lambda x: x * 0.9 + 1.0 if x > 50.0 else x * x - 3.0, return_dtype=pl.Float64)
print(round(r.sum(), 4))
print(r.head(3))
