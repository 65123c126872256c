import io
import pandas as pd
text = "x;y;z\n1;a;2.5\n2;b;\n3;;4\n"
print(pd.read_csv(io.StringIO(text), sep=";"))
print(pd.read_csv(io.StringIO(text), sep=";", header=None))
print(pd.read_csv(io.StringIO(text), sep=";", names=["p", "q", "r"], header=0))
print(pd.read_csv(io.StringIO(text), sep=";", skiprows=1, header=None))
print(pd.read_csv(io.StringIO(text), sep=";", na_values=["a"]))
print(pd.read_csv(io.StringIO(text), sep=";", dtype={"x": float}))
print(pd.read_csv(io.StringIO(text), sep=";", usecols=[0, 2]))
