import numpy as np
i32 = np.array([1, 2, 3], dtype=np.int32)
i64 = np.array([1, 2, 3])
f32 = np.array([1, 2, 3], dtype=np.float32)
f64 = np.array([1.0, 2.0, 3.0])
b = np.array([True, False, True])
for x in (i32, i64, f32, f64, b):
    for y in (i32, i64, f32, f64, b):
        print(x.dtype, y.dtype, (x + y).dtype, (x * y).dtype)
