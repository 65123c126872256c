import numpy as np
print(np.array([-1.5, 2.25, -3.125]))
print(np.array([[-1, 2], [3, -40]]))
print(np.array([-1e-3, 1e3]))
print(np.array([[0.5, -0.25], [-1e5, 2e5]]))
print(repr(np.array([-0.1, 0.1])), repr(np.array([-100, 5])))
