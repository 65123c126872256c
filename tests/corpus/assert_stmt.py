def check(x):
    assert x > 0, f'x must be positive, got {x}'
    return x
print(check(5))
try:
    check(-1)
except AssertionError as e:
    print('AssertionError:', e, e.args)
try:
    assert [], 'empty list is falsy'
except AssertionError as e:
    print('AssertionError:', e)
try:
    assert 1 == 2
except AssertionError as e:
    print('bare AssertionError:', repr(e), e.args)
assert True, 'not raised'
print(__debug__)
values = [3, 1, 2]
assert sorted(values) == [1, 2, 3]
assert len(values) == 4, ('tuple', 'message')
