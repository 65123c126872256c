"""A read_csv pipeline: filter, derived column, group-by on two keys,
top-k. Reads the CSV that make_csv.py writes (4 of its 10 columns are
used). Under hipy, `hipy.explain` shows the plan (set EXPLAIN=1).

    python3 csv_pipeline.py [PATH]
"""
import os
import sys
import pandas as pd


def main(path):
    df = pd.read_csv(path)
    df = df[df["qty"] > 2]
    df["revenue"] = df["qty"] * df["price"]
    by = df.groupby(["region", "category"])["revenue"].sum()
    top = by.sort_values(ascending=False).head(5)
    if os.environ.get("EXPLAIN"):
        import hipy
        hipy.explain(top)
    print(top.round(2).to_string())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "sales.csv")
