import pandas as pd
df = pd.DataFrame({"g": list("abcabcabca"), "v": range(10), "w": [x * 1.5 for x in range(10)]})
df["vw"] = df.v * df.w
f = df[df.v > 2]
f = f[f.g != "b"]
print(f)
print(f.groupby("g").vw.sum())
print(f.sort_values("vw", ascending=False).head(2))
print(len(f), f.shape)
