def t(label, value=None):
    print('eval', label)
    return value if value is not None else label
print('call args:', t('f', lambda *a, **k: (a, k))(t('a1', 1), t('a2', 2), k=t('kw', 3)))
print('binop:', t('left', 1) + t('right', 2) * t('third', 3))
d = {t('k1'): t('v1'), t('k2'): t('v2')}
print('dict:', d)
lst = [t('x', 0), t('y', 1)]
lst[t('index', 0)] = t('rhs', 'assigned')
print(lst)
a = b = t('chained', [7])
print(a is b)
obj = type('O', (), {})()
obj.attr = t('attr value')
print('and/or:', t('A', 0) and t('B'), t('C', 0) or t('D'))
print('compare:', t('p', 1) < t('q', 2) < t('r', 0))
x = [0, 0, 0]
i = 0
i, x[i] = 1, 9
print(i, x)
def side():
    print('default evaluated once')
    return []
def uses(v=side()):
    return v
uses(); uses()
print('cond:', t('yes') if t('test', True) else t('no'))
print('slice:', [10, 20, 30, 40][t('start', 1):t('stop', 3)])
print('fstring:', f"{t('f1')}-{t('f2')}")
