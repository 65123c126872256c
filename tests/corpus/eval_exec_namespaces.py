x = 10
print(eval('x + 1'), eval('x * y', {'x': 3, 'y': 4}), eval('x', {'x': 'g'}, {'x': 'l'}))
ns = {}
exec('a = 5\ndef double(n):\n    return n * 2\nb = double(a)', ns)
print(ns['a'], ns['b'], ns['double'](21), sorted(k for k in ns if not k.startswith('__')), '__builtins__' in ns)
g = {'__builtins__': {}}
try:
    eval('len([1])', g)
except NameError as e:
    print('NameError:', e)
print(eval('1 + 2', {'__builtins__': {}}), eval('abs(-3)', {'__builtins__': {'abs': abs}}))
loc = {}
exec('z = 7', None, loc)
print(loc, 'z' in globals())
exec('shared = 1', globals())
print(shared)
code = compile('sum(range(n))', '<calc>', 'eval')
print(eval(code, {'n': 101}), code.co_filename, code.co_name)
exec(compile('for i in range(3):\n    out.append(i * i)', '<loop>', 'exec'), {'out': (out := [])})
print(out)
print(eval('[v for v in range(k)]', {'k': 4}), eval("f'{x}'", {'x': 'fx'}))
def in_function():
    local_var = 'L'
    return eval('local_var + x_global', {'x_global': 'G'}, {'local_var': local_var})
print(in_function())
class Mapping(dict):
    def __missing__(self, key):
        return f'<{key}>'
print(eval('foo + bar', {}, Mapping()))
try:
    eval('1 +')
except SyntaxError as e:
    print('SyntaxError', e.filename, e.lineno)
print(eval(' 42 '), eval('\t7'))
