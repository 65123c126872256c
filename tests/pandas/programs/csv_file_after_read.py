# A frame read from a file keeps the data as read_csv read it: after the
# file is deleted, replaced, or written over by to_csv, columns used for
# the first time still come from the text that was read.
import os
import pandas as pd

# One file per process: the lazy and eager runs of this program run at once.
tag = os.getpid()
lines = ["id,name,qty,price"] + [f"{i},n{i % 7},{i % 5},{i * 0.25:.2f}" for i in range(3000)]
path = f"out_after_read_{tag}.csv"
with open(path, "w") as f:
    f.write("\n".join(lines) + "\n")

# Deleted: the columns are still there.
df = pd.read_csv(path)
os.remove(path)
print(df[df["qty"] > 3]["price"].sum())
print(df["name"].value_counts().head(3))

# Replaced by another file of the same name.
with open(path, "w") as f:
    f.write("\n".join(lines) + "\n")
df = pd.read_csv(path)
other = path + ".new"
with open(other, "w") as f:
    f.write("id,name,qty,price\n1,x,1,1.0\n")
os.replace(other, path)
print(df.groupby("name")["qty"].sum())
print(len(df), df["id"].max())

# Written over by to_csv of part of the frame, then other columns used.
with open(path, "w") as f:
    f.write("\n".join(lines) + "\n")
df = pd.read_csv(path)
df[["id"]].head(2).to_csv(path, index=False)
print(df["price"].describe())
print(df.tail(3))
print(pd.read_csv(path))
os.remove(path)
