# The same work in polars (for comparison beside pandas and hipy; run with a
# CPython that has polars).
import sys
import polars as pl
def make_rows(n):
    words = ["red", "green", "blue", "yellow", "cyan", "magenta", "black", "white"]
    out = []
    seed = 3
    for _ in range(n):
        seed = (seed * 48271) % 2147483647
        k = 1 + seed % 5
        out.append(" ".join(words[(seed >> j) % 8] for j in range(k)))
    return out
n = int(sys.argv[1]) if len(sys.argv) > 1 else 300_000
df = pl.DataFrame({"s": make_rows(n)})
df = df.with_columns(pl.col("s").str.split(" ").alias("w"))
df = df.with_columns(pl.col("w").map_elements(lambda ws: max([len(p) for p in ws]), return_dtype=pl.Int64).alias("max_len"))
short = df.filter(pl.col("max_len") < 5)
print(len(short))
print(short["s"].str.len_chars().sum())
