import numpy as np
a = np.arange(6)
print(a > 2, repr(a > 2), (a > 2).sum(), (a > 2).mean())
print(repr((a > 2).any()), repr((a > 2).all()), repr(np.bool_(True) == True))
print(np.array([[True, False, True], [False, False, True]]))
