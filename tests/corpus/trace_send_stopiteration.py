# Under a trace function, CPython 3.11's SEND (await, yield from) reports an
# 'exception' event for the StopIteration that ends the sub-iterator: always
# for coroutines and send(), for a generator's __next__ only when it returns
# a value other than None.
import sys, types
async def c():
    return 5
async def d():
    return None
@types.coroutine
def gen():
    yield
    return 7
def g2():
    yield 1
    return 3
def g3():
    r = yield from g2()
    return r
async def main():
    x = await c()
    y = await d()
    z = await gen()
    return x
ev = []
def tr(frame, event, arg):
    if frame.f_code.co_name in ('main','c','d','gen','g2','g3','g4','g5'):
        ev.append((frame.f_code.co_name, event, frame.f_lineno, type(arg[1]).__name__ if event=='exception' else None))
    return tr
sys.settrace(tr)
co = main()
try:
    co.send(None)
    co.send(None)
except StopIteration as e:
    print("ret", e.value)
list(g3())
sys.settrace(None)
for e in ev: print(e)

def g4():
    yield 1
def g5():
    r = yield from g4()
    yield from [1, 2]
    return r
ev.clear()
sys.settrace(tr)
list(g5())
sys.settrace(None)
print([e for e in ev if e[1] == "exception"])
