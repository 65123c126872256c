import numpy as np
print(repr(np.sqrt(2.0)), repr(np.exp(1.0)), repr(np.log(10.0)), repr(np.sin(0.5)))
print(repr(np.maximum(2, 3.5)), repr(np.add(1, 2)), repr(np.floor(2.7)), repr(np.abs(-3)))
print(repr(np.sum(5)), repr(np.mean(3)), repr(np.round(2.567, 2)), repr(np.clip(5, 0, 3)))
print(repr(np.float64(2) ** 0.5), repr(np.int64(10) // 3), repr(np.isnan(np.float64(1.0))))
print(repr(np.arctan2(1.0, 1.0)), repr(np.hypot(3, 4)), repr(np.degrees(np.pi)))
