# anext(aiterator, default) awaits what __anext__ returns also when that is
# a generator-based coroutine (types.coroutine), and gives the default at
# StopAsyncIteration; without a default, StopAsyncIteration propagates.
import asyncio
import types


class TwoThenStop:
    def __init__(self):
        self.yielded = 0

    def __aiter__(self):
        return self

    @types.coroutine
    def __anext__(self):
        if False:
            yield "never"
        if self.yielded >= 2:
            raise StopAsyncIteration()
        self.yielded += 1
        return self.yielded


class Suspending(TwoThenStop):
    @types.coroutine
    def __anext__(self):
        yield None  # suspends once, as a future would
        if self.yielded >= 2:
            raise StopAsyncIteration()
        self.yielded += 1
        return self.yielded * 10


def drive(coro):
    steps = 0
    while True:
        try:
            coro.send(None)
            steps += 1
        except StopIteration as e:
            return e.value, steps


async def consume(it):
    out = []
    for _ in range(4):
        out.append(await anext(it, "default"))
    try:
        await anext(it)
    except StopAsyncIteration:
        out.append("StopAsyncIteration")
    return out


print(drive(consume(TwoThenStop())))
print(drive(consume(Suspending())))
print(asyncio.run(consume(TwoThenStop())))

try:
    anext(object(), 1)
except TypeError as e:
    print("TypeError:", e)
