import numpy as np
a = np.arange(5)
for idx in ["a", 1.0, (0, 0)]:
    try:
        a[idx]
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(a[np.int64(2)], a[np.array(3)])
