import numpy as np
x = np.array([0.0, 0.5, 1.0, 2.0, 10.0])
print(np.sqrt(x))
print(np.exp(x))
print(np.log(x + 1))
print(np.log10(x + 1))
print(np.log2(x + 1))
print(np.square(x))
