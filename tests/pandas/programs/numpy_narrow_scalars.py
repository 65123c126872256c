import numpy as np
import pandas as pd
# Lists that mix NumPy's narrower scalars with Python values: pandas infers
# int64 / float64 as for Python numbers (NaN in float32 is missing).
for vals in [[np.int32(1), 2, 3], [np.float32(1.5), 2.0], [np.float32(1.0), np.nan, 4.0],
             [np.int16(7), None], [np.int8(-3), 2.5], [np.float64(1.0), np.int64(2)]]:
    s = pd.Series(vals)
    print(s.dtype, s.tolist(), s.isna().sum())
s = pd.Series([10, 20, 30], name="v")
print(s + np.int32(5))
print(s * np.float32(0.5))
print(s[s > np.uint8(15)])
df = pd.DataFrame({"a": [np.int32(1), 2, 3], "b": [np.float32(0.25), 0.5, None]})
print(df)
print(df.dtypes)
print(df.a.sum(), df.b.mean())
print(pd.Series([np.int32(1), True]).dtype)
