print(True + True, True * 3, -True, True / 2, True // 2, True ** 10, True << 4)
print(True & False, True | False, True ^ True, type(True & False), type(True + False))
print(sum([True, True, False, True]), True == 1, False == 0)
print(bool(0), bool(0.0), bool(''), bool([]), bool({}), bool(None), bool(set()), bool(range(0)))
print(bool(1), bool(' '), bool([0]), bool((None,)), bool(0j), bool(1j), bool(float('nan')))
print(isinstance(True, int), issubclass(bool, int), bool.__mro__, repr(True), str(False))
print(int(True), float(False), complex(True), f"{True:d}", f"{True}", f"{True!r:>6}", format(False, '5'))
print(True and 'yes', False and 'no', 0 or 'default', '' or [] or 'last', 1 and 2 and 3, None or 0)
print(not 0, not [], not 'x', [not x for x in [0, 1, '', 'a']])
print({True: 'a', 1: 'b', 1.0: 'c'})
try:
    class B(bool):
        pass
except TypeError as e:
    print('TypeError', e)
print(hash(True), hash(False), bool('False'), ['no', 'yes'][True])
