# Assignments whose values do not fit what the key selects raise pandas'
# exceptions; the object is left as it was.
import pandas as pd

s = pd.Series([1, 2, 3])
for stmt in ["s[:] = [1, 2]", "s.loc[[0, 1]] = [1, 2, 3]", "s[s > 1] = [1, 2, 3, 4]", "s.iloc[[0]] = [1, 2]",
             "s.loc[0:1] = [5]", "s.iloc[0:2] = [5, 6, 7]", "s.iloc[1:3] = [8, 9]", "s.iloc[3] = 1", "s.iloc[-4] = 1"]:
    try:
        exec(stmt)
        print(stmt, "->", s.tolist(), s.dtype)
    except Exception as e:
        print(stmt, "->", type(e).__name__, e)

df = pd.DataFrame({"a": [1, 2, 3]})
for stmt in ["df['b'] = [1, 2]", "df.loc[:, 'e'] = [1, 2]", "df.loc[0:1, 'a'] = [1, 2, 3]", "df.iloc[0:2, 0] = [1]",
             "df['g'] = df[[]]", "df['h'] = pd.DataFrame({'q': [7, 8, 9]})", "df.iloc[-4] = 1", "df.iloc[3, 0] = 1",
             "df.loc[:, 'e'] = [1, 2, 3]", "df['k'] = df[['a', 'h']]", "df[['x', 'y']] = df[['a']]",
             "df['m'] = pd.Series([1, 2, 3], index=[1, 2, 7])"]:
    try:
        exec(stmt)
        print(stmt, "->")
        print(df)
    except Exception as e:
        print(stmt, "->", type(e).__name__, e)
for keys in ["zz", ["a", "zz", "yy"], ["a"]]:
    try:
        print(df.set_index(keys))
    except KeyError as e:
        print("KeyError", e)
