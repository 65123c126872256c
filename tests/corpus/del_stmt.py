x = 10
lst = list(range(10))
d = {'a': 1, 'b': 2, 'c': 3}
del lst[0], lst[-1]
print(lst)
del lst[2:4]
print(lst)
del d['b']
print(d)
class O:
    pass
o = O()
o.attr = 1
o.other = 2
del o.attr
print(vars(o))
del x
try:
    print(x)
except NameError as e:
    print('NameError:', e)
a, b = 1, 2
del a, b
print('a' in globals(), 'b' in globals())
def f():
    y = 1
    del y
    try:
        return y
    except UnboundLocalError as e:
        return 'UnboundLocalError: ' + str(e)
print(f())
for bad in ['del o.missing', 'del d["zz"]', 'del lst[100]', 'del undefined_name']:
    try:
        exec(bad)
    except (AttributeError, KeyError, IndexError, NameError) as e:
        print(type(e).__name__ + ':', e)
