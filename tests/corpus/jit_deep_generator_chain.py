# for-loops over generators nested deeper than the JIT inlines generator
# frames (recursive generators): past that depth a FOR_ITER resumes its
# generator in a nested run. Values, exceptions raised inside the deepest
# generators, loops left early (finally blocks run at close), and
# gi_running/gi_frame seen from inside must all match CPython.
import sys


def walk(depth, tag):
    if depth == 0:
        for k in range(3):
            yield (tag, k)
        return
    for v in walk(depth - 1, tag * 2 + depth % 2):
        yield v


def perms(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in perms(rest):
            yield [items[i]] + p


def failing(depth, at):
    if depth == 0:
        for k in range(5):
            if k == at:
                raise ValueError("deep failure at %d" % k)
            yield k
        return
    for v in failing(depth - 1, at):
        yield v * 10 + depth % 10


log = []


def guarded(depth):
    try:
        if depth == 0:
            for k in range(4):
                yield k
            return
        for v in guarded(depth - 1):
            yield v + 1
    finally:
        log.append(depth)


def running_flags(depth, outer):
    if depth == 0:
        yield (outer.gi_running, outer.gi_frame is not None)
        yield (outer.gi_running, sys._getframe().f_code.co_name)
        return
    for v in running_flags(depth - 1, outer):
        yield v


def main():
    total = 0
    for rep in range(60):
        for tag, k in walk(12, rep):
            total += tag % 97 + k
    print("walk", total)
    count = 0
    sig = 0
    for p in perms(list(range(7))):
        count += 1
        sig = (sig * 31 + p[0] * 7 + p[-1]) % 1000003
    print("perms", count, sig)
    for at in (0, 2, 4, 9):
        got = []
        try:
            for v in failing(11, at):
                got.append(v)
        except ValueError as e:
            print("caught", e, got[-2:], len(got))
        else:
            print("no failure", len(got), got[-1])
    for stop in (0, 2, 5):
        log.clear()
        seen = []
        for rep in range(30):
            g = guarded(10)
            for v in g:
                seen.append(v)
                if len(seen) % 7 == stop:
                    break
            g.close()
        print("guarded", stop, sum(seen), len(seen), log[:11], len(log))
    outer = running_flags(10, None)
    flags = []
    for rep in range(20):
        g = running_flags(10, outer)
        for f in g:
            flags.append(f)
    print("flags", flags[:2], len(flags))


main()
