import numpy as np
data = [1.0, 2.0, 3.0]
a = np.array(data)
data[0] = 99.0
data.append(4.0)
print(a)
nested = [[1, 2], [3, 4]]
b = np.array(nested)
nested[0][0] = -5
print(b)
c = np.array(a)
a[1] = -1.0
print(a, c)
d = np.asarray(a)
d[2] = 7.0
print(a, d is a)
