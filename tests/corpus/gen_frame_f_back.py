# A generator's frame off the stack has no f_back; while it runs, f_back is
# the frame that resumed it (a for loop, next(), or a push-mode builtin).
import sys


def gen():
    yield sys._getframe().f_back.f_code.co_name
    yield sys._getframe().f_back.f_code.co_name


g = gen()
print(g.gi_frame.f_back)
print(next(g), g.gi_frame.f_back)


def consumer():
    out = []
    for x in gen():
        out.append(x)
    return out + list(gen())


print(consumer())
for name in gen():
    print(name, g.gi_frame.f_back)


async def coro():
    return 1


c = coro()
print(c.cr_frame.f_back)
c.close()
