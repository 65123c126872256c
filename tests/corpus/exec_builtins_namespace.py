# exec/eval put the caller's builtins dict into globals that lack
# __builtins__; a function made with FunctionType(code, globals) whose
# globals lack it takes the builtins of the frame that makes it; a
# __builtins__ that cannot be subscripted fails the first lookup.
import textwrap

ns = {}
exec("kind = type(__builtins__).__name__", ns)
print(ns["kind"], ns["__builtins__"] is __builtins__.__dict__ if hasattr(__builtins__, "__dict__") else None)
print(eval("type(__builtins__).__name__", {}))

code = textwrap.dedent("""
    def func3(s): pass
    func4 = type(func3)(func3.__code__, {})
""")
safe_builtins = {"None": None}
ns = {"type": type, "__builtins__": safe_builtins}
exec(code, ns)
print(ns["func3"].__builtins__ is safe_builtins)
print(ns["func4"].__builtins__ is safe_builtins)
print("__builtins__" in ns["func4"].__globals__)


def func(s):
    return len(s)


g = {}
func2 = type(func)(func.__code__, g)
print(func2("abc"), g, func2.__builtins__ is func.__builtins__)

for value in (123, None):
    try:
        exec("print('hello')", {"__builtins__": value})
    except TypeError as e:
        print("TypeError:", e)
try:
    exec("print('hello')", {"__builtins__": {}})
except NameError as e:
    print("NameError:", e)
