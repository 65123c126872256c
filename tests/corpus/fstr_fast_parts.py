# f-strings: exact str and int pieces (FORMAT_SIMPLE, BUILD_STRING), and
# the values that must still format through __format__ / __str__.


class I(int):
    def __format__(self, spec):
        return "I.__format__(%r)" % spec

    def __str__(self):
        return "I.__str__"


class S(str):
    def __format__(self, spec):
        return "S.__format__"


class Plain:
    def __str__(self):
        return "plain-str"


for v in [0, -1, 7, 10, 99, 100, -100, 2**63 - 1, -(2**63), 2**63, -(2**63) - 1, 2**100, True, False,
          I(3), S("s"), "\u00e9", 1.5, None, Plain(), [1]]:
    print(repr(v) if not isinstance(v, Plain) else "Plain")
    print(f"<{v}>", f"{v!s}", f"{v}{v}")

sur = "\u00e9\ud83d"
print(ascii(f"<{sur}>"), ascii(f"{sur!r}"), ascii(f"{sur}{sur}"))
x = 5
print(f"{x}", f"{x},{'GET'},{x & 7}", f"a{x}b{x}c{x}d{x}e{x}f{x}g{x}h{x}i{x}j{x}k")
he, snow = "h\u00e9", "\u2603"
print(f"{he}-{x}-{snow}")
print(f"{x:5}|{x:<4}|{x:x}|{'s':>3}")


def hot(n):
    total = 0
    last = None
    for i in range(n):
        s = f"{i},{'GET'},{i & 7}"
        total += len(s)
        last = s
    return total, last


print(hot(1000))


def hot_mixed(n):
    out = []
    for i in range(n):
        if i < n // 2:
            v = i - n // 4
        elif i % 4 == 0:
            v = I(i)
        elif i % 4 == 1:
            v = True
        elif i % 4 == 2:
            v = 2**64 + i
        else:
            v = "s%d" % i
        out.append(f"[{v}]{i}:{v}/{len(out)}-{v}")
    return out


r = hot_mixed(400)
print(len(r), r[:2], r[198:203], r[-4:])


def hot_many(n):
    acc = 0
    for i in range(n):
        s = f"{i}a{i}b{i}c{i}d{i}e{i}f{i}g{i}h{i}"
        acc += len(s)
    return acc, s


print(hot_many(300))


def hot_surrogate(n):
    out = []
    hi, lo = "\ud800", "\udc00"
    for i in range(n):
        out.append(f"{hi if i % 2 else 'x'}{i}{lo}")
    return [ascii(s) for s in out[:4]], len(out)


print(hot_surrogate(100))
