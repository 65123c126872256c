import numpy as np
a = np.arange(24)
for shape in [(5, 5), (7, -1), (-1, 5, 2), (2, 3, 5)]:
    try:
        a.reshape(shape)
    except ValueError as e:
        print("ValueError:", e)
try:
    a.reshape(-1, -1)
except ValueError as e:
    print("ValueError:", e)
print(a.reshape(2, 3, -1).shape)
