import numpy as np
A = np.array([[2.0, 1.0], [1.0, 3.0]])
x = np.array([1.0, 2.0])
b = A @ x
print(b, A.T @ A, np.dot(x, x))
I = np.eye(2)
print(A @ I, (A @ I == A).all())
M = np.arange(1, 10).reshape(3, 3)
print(np.sum(M * np.eye(3)), M.sum(axis=0) @ np.ones(3))
outer = x[:, None] * x[None, :]
print(outer)
print(np.matmul(M, M), M ** 2)
