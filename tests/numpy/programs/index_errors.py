import numpy as np
a = np.arange(6).reshape(2, 3)
for idx in [(5,), (0, 5), (1, 2, 0), (-3,)]:
    try:
        print(a[idx])
    except IndexError as e:
        print("IndexError:", e)
try:
    a[1.5]
except IndexError as e:
    print("IndexError:", e)
try:
    np.arange(4)[np.array([0.5])]
except IndexError as e:
    print("IndexError:", e)
