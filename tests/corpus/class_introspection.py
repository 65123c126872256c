class Outer:
    """Outer docstring."""
    class Inner:
        def method(self):
            pass
    attr = 1
    def meth(self):
        pass
print(Outer.__name__, Outer.__qualname__, Outer.Inner.__qualname__, Outer.Inner.method.__qualname__, Outer.__doc__)
print(Outer.__module__, Outer.meth.__module__, type(Outer.__dict__).__name__, sorted(k for k in Outer.__dict__ if not k.startswith('__')))
print(isinstance(3, (str, int)), isinstance(True, int), issubclass(bool, (str, int)), isinstance([], object), issubclass(type, object))
print(type(3), type('s'), type(type), type(None), type(Outer), type(Outer()), type(Outer.meth), type(Outer().meth))
print(Outer.__bases__, object.__bases__, int.__mro__, bool.__base__)
print(hasattr(Outer, 'attr'), getattr(Outer, 'attr'), Outer.__dict__['attr'], 'meth' in dir(Outer))
def func(a, b=2, *args, c, **kw):
    """func doc"""
    x = 1
    return x
co = func.__code__
print(func.__name__, func.__doc__, func.__defaults__, func.__kwdefaults__, co.co_argcount, co.co_kwonlyargcount, co.co_varnames)
print(co.co_name, co.co_firstlineno, func.__module__, func.__qualname__, func.__globals__ is globals(), func.__dict__)
func.custom = 'attr'
print(func.custom, func.__dict__)
print(type(func).__name__, type(len).__name__, type(Outer.Inner).__name__, type(type(func)).__name__)
import types
print(isinstance(func, types.FunctionType), isinstance(len, types.BuiltinFunctionType), isinstance(Outer().meth, types.MethodType))
print(int.__name__, int.__qualname__, int.__module__, str.upper.__qualname__, [].append.__name__, object.__name__)
