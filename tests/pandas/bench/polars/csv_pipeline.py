# The same work in polars (for comparison beside pandas and hipy; run with a
# CPython that has polars).
import sys
import polars as pl
df = pl.scan_csv(sys.argv[1])
top = (df.filter(pl.col("qty") > 2).with_columns((pl.col("qty") * pl.col("price")).alias("revenue"))
       .group_by(["region", "category"]).agg(pl.col("revenue").sum()).sort("revenue", descending=True).head(5).collect())
print(top.with_columns(pl.col("revenue").round(2)))
