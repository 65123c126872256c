import numpy as np
vals = [np.float64(1.5), np.float64(0.1), np.float64(1e20), np.float64(1e-7), np.float64(-0.0),
        np.float64(3.0), np.float32(0.1), np.float32(1.5), np.int64(42), np.int32(-7),
        np.bool_(True), np.bool_(False), np.float64(np.nan), np.float64(np.inf), np.float64(123456789.123)]
for v in vals:
    print(repr(v), str(v), type(v).__name__)
