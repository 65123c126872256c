import pandas as pd
df = pd.DataFrame({"a": [1, 2], "s": ["x", "y"]})
for expr in ["df.s + 1", "df.a + df.s", "df.s * df.s", "-df.s", "df.zz", "df.loc[5]", "df.iloc[9]", "df.s.mean()", "pd.Series([1, 2]).str.upper()"]:
    try:
        r = eval(expr)
        print(expr, "->", r)
    except Exception as e:
        print(expr, "->", type(e).__name__, str(e)[:100])
