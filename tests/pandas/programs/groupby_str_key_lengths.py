# Group-by and value_counts on string keys of every length around 7 and 8
# bytes (short keys are hashed as integers, long ones as text): the empty
# string, keys that differ only by a trailing NUL or by length, multi-byte
# characters, and a missing value; groups in first-appearance and sorted
# order.
import pandas as pd

keys = ["", "a", "a\x00", "abcdefg", "abcdefgh", "abcdefg\x00", "é", "éé", "ééé", "éééé",
        "ab", "abcdefghij", None, "b", "abcdefgh", "a", "", "éééé", "a\x00", "abcdefg"]
df = pd.DataFrame({"k": keys, "v": range(len(keys))})
g = df.groupby("k")["v"].sum()
print([(repr(k), v) for k, v in g.items()])
g2 = df.groupby("k", sort=False, dropna=False)["v"].agg(["sum", "count"])
print([(repr(k), int(r["sum"]), int(r["count"])) for k, r in g2.iterrows()])
vc = df["k"].value_counts(sort=False)
print([(repr(k), int(c)) for k, c in vc.items()])
print(df["k"].nunique(), [repr(u) for u in df["k"].unique()])
df["j"] = df["v"] % 2
print([(repr(k), j, v) for (k, j), v in df.groupby(["k", "j"])["v"].sum().items()])
