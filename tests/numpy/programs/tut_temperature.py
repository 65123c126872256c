import numpy as np
celsius = np.array([-40.0, 0.0, 37.0, 100.0])
f = celsius * 9 / 5 + 32
print(f, (f - 32) * 5 / 9)
temps = np.array([[21.5, 23.0, 19.8], [25.1, 26.4, 24.9], [18.2, 17.9, 20.5]])
print(temps.max(), temps.argmax(), divmod(int(temps.argmax()), 3))
print(temps[temps > 22], np.round(temps.mean(axis=1), 2))
hot_days = temps.mean(axis=1) > 22
print(hot_days)
