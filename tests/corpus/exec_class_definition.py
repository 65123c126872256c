src = '''
class Dynamic:
    created = True
    def hello(self, name):
        return f"hello {name} from {type(self).__name__}"
def factory(n):
    return [Dynamic() for _ in range(n)]
'''
ns = {}
exec(src, ns)
Dynamic = ns['Dynamic']
print(Dynamic().hello('exec'), Dynamic.__module__, Dynamic.__qualname__, len(ns['factory'](3)))
ns2 = {'__name__': 'custom_module'}
exec(src, ns2)
print(ns2['Dynamic'].__module__, ns2['Dynamic'] is Dynamic)
code = compile('def sq(x):\n    return x * x\n', 'generated.py', 'exec')
env = {}
exec(code, env)
print(env['sq'](12), env['sq'].__code__.co_filename)
template = 'def {name}(self):\n    return {value!r}\n'
methods = {}
for name, value in [('a', 1), ('b', 'two')]:
    exec(template.format(name=name, value=value), methods)
Gen = type('Gen', (), {k: v for k, v in methods.items() if not k.startswith('__')})
print(Gen().a(), Gen().b())
try:
    exec('raise ValueError("inside exec")')
except ValueError as e:
    print('ValueError:', e, e.__traceback__.tb_next.tb_frame.f_code.co_filename)
print(eval('lambda x: x + 1')(1), exec('1') is None)
