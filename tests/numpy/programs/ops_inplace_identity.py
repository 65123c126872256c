import numpy as np
a = np.arange(4.0)
alias = a
a += 10
print(alias, alias is a)
v = a[1:3]
a *= 2
print(v, a)
m = np.ones((2, 3))
m += np.arange(3)
print(m)
try:
    x = np.ones(3)
    x += np.ones((2, 3))
except ValueError as e:
    print("ValueError:", e)
