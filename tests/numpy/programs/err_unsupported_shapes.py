import numpy as np
tests = [
    lambda: np.ones((2, 3)) @ np.ones((2, 3)),
    lambda: np.arange(6).reshape(4, 2),
    lambda: np.concatenate([np.ones((2, 2)), np.ones((3, 3))]),
    lambda: np.stack([np.ones(2), np.ones(3)]),
    lambda: np.ones(3) + np.ones((2, 2)),
    lambda: np.zeros((2, 2))[[0, 1], [0, 1, 1]],
]
for t in tests:
    try:
        t()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
