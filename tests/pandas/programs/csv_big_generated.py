import io
import pandas as pd
lines = ["id,grp,val,label"]
for i in range(2000):
    lines.append(f"{i},{'abcde'[i % 5]},{(i * 37) % 101 / 4},{'L' + str(i % 11)}")
text = "\n".join(lines) + "\n"
df = pd.read_csv(io.StringIO(text))
print(df.dtypes)
print(df.shape)
f = df[df.val > 10]
f["score"] = f.val * 2 + f.id
print(f.groupby(["grp", "label"]).score.sum().head(8))
print(f.sort_values("score", ascending=False).head(3))
print(df.grp.value_counts())
