import pandas as pd
text = "the quick brown fox jumps over the lazy dog the fox barks"
df = pd.DataFrame({"word": text.split()})
df["len"] = df.word.str.len()
df["first"] = df.word.str[0]
print(df.word.value_counts().head(3))
print(df.groupby("first").len.mean().round(2))
print(df[df.len > 3].word.unique())
print(df.len.describe())
