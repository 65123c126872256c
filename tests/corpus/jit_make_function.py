# Functions made inside compiled loops: lambdas, closures over loop variables,
# defaults and keyword-only defaults evaluated per iteration, a nested function
# whose default raises, and functions with annotations (left to the interpreter).
def run(n):
    out = []
    fs = []
    total = 0
    for i in range(n):
        key = lambda t: t[1] - i
        def scale(x, k=i * 2, *, off=i % 3):
            return x * k + off
        def closure():
            return i + len(out)
        total += key((0, 5)) + scale(3) + closure()
        if i % 100 == 0:
            fs.append(closure)
            out.append(scale.__defaults__ + (scale.__kwdefaults__["off"],))
    return total, out[:3], [f() for f in fs][:4]

def bad_default(n):
    made = 0
    for i in range(n):
        try:
            def g(x=10 // (50 - i)):
                return x
        except ZeroDivisionError as e:
            return made, str(e)
        made += g() > 0
    return made, None

def annotated(n):
    s = 0
    for i in range(n):
        def h(x: int) -> int:
            return x + i
        s += h(1)
    return s, h.__annotations__ if hasattr(h, "__annotations__") else None

print(run(600))
print(bad_default(100))
print(annotated(300)[0])
