import numpy as np
x = np.array([-3.5, 0.0, -0.0, 2.0, np.nan])
print(np.sign(x))
print(np.abs(x), np.absolute(x))
i = np.array([-3, 0, 4])
print(np.sign(i), np.abs(i), np.negative(i))
print(np.sign(np.float64(-2.0)), np.abs(np.int64(-5)))
