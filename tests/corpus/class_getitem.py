class Registry:
    _types = {}
    def __class_getitem__(cls, key):
        return f'{cls.__name__}[{key!r}]'
print(Registry[int], Registry['x'], Registry[1, 2])
class Matrix:
    def __init__(self, rows):
        self.rows = rows
    def __getitem__(self, idx):
        r, c = idx
        if isinstance(r, slice):
            return [row[c] for row in self.rows[r]]
        return self.rows[r][c]
m = Matrix([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(m[1, 2], m[0:2, 1], m[::2, 0], m[-1, -1])
try:
    m[1]
except TypeError as e:
    print('TypeError:', e)
print(list[str], type[int], dict[str, int] == dict[str, int])
try:
    int[str]
except TypeError as e:
    print('TypeError:', e)
