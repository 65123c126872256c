import numpy as np
for make in (lambda: np.zeros(10**13), lambda: np.ones((10**7, 10**7)), lambda: np.full((3, 10**12), 1, dtype=np.int32)):
    try:
        make()
    except MemoryError as e:
        print("MemoryError:", e)
try:
    np.arange(1e20)
except ValueError as e:
    print("ValueError:", e)
print(np.zeros(3))
