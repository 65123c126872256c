# UDFs over the lists .str.split makes: the shapes staged as list
# aggregates, and the ones that must run as Python (same results).
import pandas as pd

s = pd.Series(["red green", "blue", "yellow cyan magenta", "a bb ccc dddd", "x"])
w = s.str.split(" ")
print(w.apply(lambda ws: max([len(p) for p in ws])))
print(w.apply(lambda ws: min([len(p) for p in ws])).tolist())
print(w.apply(lambda ws: sum([len(p) for p in ws])).tolist())
print(w.apply(lambda ws: len([p for p in ws])).tolist(), w.apply(lambda ws: len(ws)).tolist())
print(w.apply(lambda ws: sum([1 for p in ws])).tolist())
print(w.apply(lambda ws: sum([len(p) * 2 - 1 for p in ws]) + len(ws)).tolist())
print(w.apply(lambda ws: max([len(p) for p in ws]) if len(ws) > 2 else -1).tolist())
print(w.apply(lambda ws: max([len(p) for p in ws]) / 2))
print(w.map(lambda ws: max([-len(p) for p in ws])).tolist())
def with_k(k):
    return lambda ws: sum([len(p) + k for p in ws])


k = 3
print(w.apply(lambda ws: sum([len(p) + k for p in ws])).tolist(), w.apply(with_k(-2)).tolist())


def longest(ws):
    m = max([len(p) for p in ws])
    n = min([len(p) for p in ws])
    if m - n > 2:
        return m
    return n * 10


print(w.apply(longest).tolist())
df = pd.DataFrame({"s": s})
df["w"] = df["s"].str.split(" ")
df["m"] = df["w"].apply(lambda ws: max([len(p) for p in ws]))
print(df[df["m"] < 5])
print(df.dtypes)

# Shapes that run as Python.
print(w.apply(lambda ws: sum([len(p) for p in ws if len(p) > 1])).tolist())
print(w.apply(lambda ws: max([p for p in ws])).tolist())
print(w.apply(lambda ws: max([len(p) for p in ws], default=0)).tolist())
print(w.apply(lambda ws: [len(p) for p in ws][0]).tolist())
print(w.apply(lambda ws: max(len(p) for p in ws)).tolist())
print(w.apply(lambda ws: sum([len(p) > 3 for p in ws])).tolist())
print(w.apply(lambda ws: max([len(p) for p in ws][:2])).tolist())
print(w.apply(lambda ws: sum([len(p) for p in ws] + [100])).tolist())
print(w.apply(lambda ws: [len(p) for p in ws]).tolist())
print(w.apply(lambda ws: max([len(p) for p in ws] * 2)).tolist())
print(w.apply(lambda ws: sum([len(p) * len(q) for p in ws for q in ws])).tolist())
print(w.apply(lambda ws: max([len(p) for p in ws]) + ws[0].count("e")).tolist())
print(w.apply(lambda ws: sum([len(p.upper()) for p in ws])).tolist())
print(w.apply(lambda ws: sum([len(x) for x in ["ab", "c"]])).tolist())
seen = []
print(w.apply(lambda ws: seen.append(len(ws)) or max([len(p) for p in ws])).tolist(), seen)


def shadowing(ws):
    return len([p for p in ws])


len_calls = []
print(w.apply(shadowing).tolist())

# Missing rows and empty lists.
e = pd.Series([" a  bb ", "", "ccc", "  "]).str.split()
print(e.tolist())
print(e.apply(lambda ws: sum([len(p) for p in ws])).tolist())
print(e.apply(lambda ws: len(ws)).tolist())
try:
    print(e.apply(lambda ws: max([len(p) for p in ws])).tolist())
except ValueError as ex:
    print("ValueError")
m = pd.Series(["a b", None, "ccc"]).str.split(" ")
try:
    print(m.apply(lambda ws: sum([len(p) for p in ws])).tolist())
except TypeError as ex:
    print("TypeError", ex)
print(m.apply(lambda ws: sum([len(p) for p in ws]) if isinstance(ws, list) else -1).tolist())
