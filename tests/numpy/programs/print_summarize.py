import numpy as np
print(np.arange(1001))
print(repr(np.arange(2000)))
print(np.arange(3000).reshape(60, 50))
print(np.linspace(0, 1, 5000))
print(repr(np.zeros((100, 100))))
print(np.ones(1001, dtype=bool))
