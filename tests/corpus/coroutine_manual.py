import types
class Ready:
    def __init__(self, value):
        self.value = value
    def __await__(self):
        print('  awaiting Ready', self.value)
        got = yield ('request', self.value)
        return got
async def job():
    a = await Ready(1)
    b = await Ready(2)
    return a + b
coro = job()
print(coro.send(None))
print(coro.send(10))
try:
    coro.send(20)
except StopIteration as e:
    print('result', e.value)
@types.coroutine
def legacy():
    v = yield 'legacy yield'
    return v * 2
async def uses_legacy():
    return await legacy()
c = uses_legacy()
print(c.send(None))
try:
    c.send(21)
except StopIteration as e:
    print('legacy result', e.value)
c2 = job()
c2.close()
print('closed unstarted coroutine', c2.cr_frame)
async def never():
    pass
n = never()
print(type(n).__name__, n.cr_code.co_name, n.cr_running)
n.close()
try:
    class NotAwaitable:
        pass
    async def bad():
        await NotAwaitable()
    bad().send(None)
except TypeError as e:
    print('TypeError:', e)
