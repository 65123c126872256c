# np.char functions, and masks from str arrays feeding numeric (lazy) code.
import numpy as np

a = np.array(['  Hello ', 'world', 'NumPy  '])
print(repr(np.char.upper(a)), repr(np.char.lower(a)), repr(np.char.strip(a)))
print(repr(np.char.lstrip(a)), repr(np.char.rstrip(a)), repr(np.char.capitalize(np.array(['ab', 'cD']))))
print(repr(np.char.upper(np.array(['ab', 'c']))), repr(np.char.str_len(np.array(['ab', 'c', '']))))
print(repr(np.char.add(np.array(['ab']), 'xy')), repr(np.char.add(np.array(['a', 'b']), np.array(['c', 'dd']))))
print(repr(np.char.find(np.array(['abc', 'b']), 'b')), repr(np.char.replace(np.array(['aab']), 'a', 'xx')))
print(repr(np.char.startswith(np.array(['abc', 'b']), 'a')), repr(np.char.endswith(np.array(['abc', 'b']), 'c')))
print(repr(np.char.count(np.array(['banana', 'an']), 'an')), repr(np.char.isdigit(np.array(['12', 'a1']))))
print(repr(np.char.upper(['ab', 'c'])), repr(np.char.lower('ABC')), repr(np.char.upper(np.array(['ßa']))))
cities = np.array(['paris', 'rome', 'paris', 'oslo', 'rome', 'paris'])
temps = np.array([21.0, 25.0, 19.0, 12.0, 27.0, 23.0])
for c in np.unique(cities):
    m = cities == c
    print(c, m.sum(), temps[m].mean(), (temps * m).sum() / m.sum())
w = np.where(cities == 'paris', temps * 2, temps - 1)
print(w, w.sum())
mask = (cities != 'rome').astype(np.float64)
print(mask * temps + 1, np.cumsum(mask))
big = np.array(['a', 'b', 'c', 'd'] * 2500)
m = big == 'c'
print(m.sum(), np.flatnonzero(m)[:5], (np.arange(big.size) * m).sum())
print(repr(np.strings.upper(np.array(['ab', 'c']))), repr(np.strings.str_len(np.array(['abc']))), repr(np.strings.replace(np.array(['a-b']), '-', '+')))
