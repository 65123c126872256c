# Loops that slice: a[i:j], a[i:j:k], a[:] with a constant slice, and
# a[i:j] = v, with int, None, negative, huge and __index__ bounds; zero
# steps, subclasses, strings and tuples mid-loop (guards fail, generic
# paths take over), and fannkuch's flips.


class Idx:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class MyList(list):
    pass


def reads(n):
    data = list(range(20))
    tup = tuple(range(15))
    text = "abcdefghijklmnopqrstuvwxyz"
    out = 0
    last = None
    for i in range(n):
        j = i % 23 - 3
        k = i % 5 - 2
        src = data if i % 7 else tup
        a = src[j:]
        b = src[:j]
        c = src[j::-1]
        d = src[::2]
        e = src[:]
        f = data[1:j:3]
        out += len(a) + len(b) + len(c) + len(d) + len(e) + len(f)
        if k != 0:
            g = src[j:j + 9:k]
            out += sum(g)
        if i % 101 == 100:
            try:
                src[1:5:k - k]
            except ValueError as ex:
                last = str(ex)
        if i % 97 == 0:
            out += len(data[Idx(2):Idx(9)]) + len(data[True:]) + len(data[-2**70:2**70])
            out += len(MyList(data)[2:j]) + len(text[j:j + 4]) + len(text[::k or 1])
    return out, last, e, c


def writes(n):
    perm = list(range(12))
    total = 0
    for i in range(n):
        k = i % 12
        perm[:k + 1] = perm[k::-1]
        total += perm[0] * (i % 3)
        if i % 50 == 0:
            perm[2:4] = (perm[3], perm[2])
            perm[-3:] = perm[-3:][::-1]
        if i % 77 == 0:
            try:
                t = tuple(perm)
                t[1:2] = [0]
            except TypeError as ex:
                msg = str(ex)
    return total, perm, msg


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    r = n
    nperm = 0
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k:
            perm[:k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        if flips > max_flips:
            max_flips = flips
        checksum += flips if nperm % 2 == 0 else -flips
        while True:
            if r == n:
                return checksum, max_flips
            p0 = perm1[0]
            i = 0
            while i < r:
                perm1[i] = perm1[i + 1]
                i += 1
            perm1[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1
        nperm += 1


print(reads(3000))
print(writes(3000))
print(fannkuch(7))
