import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.tolist(), type(a.tolist()[0][0]).__name__)
f = np.array([0.1, 0.2])
print(f.tolist(), type(f.tolist()[0]).__name__)
print(a.item(4), a.item(1, 2), np.array([[3.5]]).item(), np.array(True).item())
print(np.array([True, False]).tolist(), np.float32(0.1).item())
try:
    a.item()
except ValueError as e:
    print("ValueError:", e)
