import numpy as np
a = np.array([[1.0, 2.0, 4.0], [3.0, 9.0, 27.0]])
print(a.std(), a.var(), a.std(axis=0), a.var(axis=1))
print(np.std(a, ddof=1), np.var(a, axis=0, ddof=1))
i = np.arange(10)
print(i.std(), i.var(), np.std(i), repr(i.var()))
print(a.std(keepdims=True), a.var(axis=1, keepdims=True))
print(np.std(np.array([5.0])), np.var([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]))
