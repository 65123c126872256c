# The same work in polars (for comparison beside pandas and hipy; run with a
# CPython that has polars).
import sys
import numpy as np
import polars as pl
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
i = np.arange(n)
df = pl.DataFrame({"store": i % 17, "item": (i * 7) % 101, "qty": (i * i % 9) + 1, "price": ((i * 13) % 1000) / 10.0 + 1.0})
df = df.with_columns((pl.col("qty") * pl.col("price")).alias("revenue"))
df = df.with_columns(pl.col("revenue").map_elements(lambda r: r * 0.9 if r > 400 else r, return_dtype=pl.Float64).alias("discounted"))
big = df.filter(pl.col("revenue") > 100.0)
print(len(big))
print(big.group_by("store").agg(pl.col("discounted").sum()).sort("store").head(5))
print(df.group_by("item").agg(pl.col("qty").mean()).sort("qty", descending=True).head(3))
