# str % args: the plain conversions (%s %r %d %i %%) of exact str and int
# arguments, and every neighbouring case that must take the general path
# (other types, subclasses, flags and widths, mapping keys, wrong counts).


class S(str):
    def __str__(self):
        return "S.__str__"

    def __repr__(self):
        return "S.__repr__"


class I(int):
    def __str__(self):
        return "I.__str__"

    def __repr__(self):
        return "I.__repr__"


class T(tuple):
    pass


class Obj:
    def __str__(self):
        return "obj-str"

    def __repr__(self):
        return "obj-repr"


class RMod(str):
    def __rmod__(self, other):
        return "RMod.__rmod__"


def show(fmt, args):
    try:
        r = fmt % args
        print(repr(r), type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)


cases = [
    ("%d,%s,%d", (12, "GET", 3)),
    ("%i|%r|%s|%%|%r", (-7, "it's", 0, 5)),
    ("%s", "single"),
    ("%d", 42),
    ("%r", "q\n"),
    ("100%%", ()),
    ("no conversions", ()),
    ("", ()),
    ("%s and %s", ("a",)),
    ("%s", ("a", "b")),
    ("abc", 5),
    ("abc", "x"),
    ("%s %s", "x"),
    ("%d", "x"),
    ("%d", (True,)),
    ("%s", (True,)),
    ("%r|%d|%i", (False, True, False)),
    ("%s|%d", (2**70, -2**70)),
    ("%d", (-9223372036854775808,)),
    ("%d", (9223372036854775807,)),
    ("%s", (1.5,)),
    ("%d", (2.75,)),
    ("%s", (None,)),
    ("%s", ([1, 2],)),
    ("%s", ((1, 2),)),
    ("%s", (S("sub"),)),
    ("%r", (S("sub"),)),
    ("%s|%r|%d", (I(5), I(6), I(7))),
    ("%s|%r", (Obj(), Obj())),
    ("%s-%s", T(("t1", "t2"))),
    ("%s", T(("only",))),
    ("%5d|%-3s|", (42, "x")),
    ("%05d", (7,)),
    ("%+d", (7,)),
    ("%.2s", ("abcdef",)),
    ("%x %o %c", (255, 8, 65)),
    ("%(name)s=%(n)d", {"name": "k", "n": 3}),
    ("%s", {"a": 1}),
    ("plain", {"a": 1}),
    ("%", ()),
    ("tail %", (1,)),
    ("%z", (1,)),
    ("%s %", ("a",)),
    ("h\u00e9llo %s \u2603 %d", ("w\u00f6rld \U0001f600", 99)),
    ("%s", ("\u00e9\u00e8",)),
    ("%r", ("\u00e9\ud800",)),
    ("%s", ("lone \udc80 surrogate",)),
    ("lone \udc80 fmt %s", ("x",)),
    ("%s", RMod("r")),
    ("%s", (RMod("r"),)),
    (S("%s-sub-fmt"), ("a",)),
    ("%s%s%s%s%s%s%s%s", tuple("abcdefgh")),
    ("%d" * 3, (1, 2)),
]
for fmt, args in cases:
    show(fmt, args)

b = b"%d %s" % (5, b"x")
print(b)


# Hot loops: the fast path in compiled code, with the argument types
# changing partway through so the general path runs from the same site.
def hot(n):
    out = []
    for i in range(n):
        if i < n // 2:
            v = i
        elif i % 3 == 0:
            v = True
        elif i % 3 == 1:
            v = I(i)
        else:
            v = 2**65 + i
        out.append("%d,%s,%r|%s" % (v, "GET", "x", v))
    return out


r = hot(400)
print(len(r), r[:3], r[-6:])


def hot_str(n):
    total = 0
    last = None
    for i in range(n):
        w = "w%d" % i if i % 7 else S("s")
        last = "[%s]" % w
        total += len(last)
    return total, last


print(hot_str(300))


def hot_errors(n):
    msgs = []
    for i in range(n):
        try:
            if i % 4 == 0:
                r = "%s %s" % ("a",)
            elif i % 4 == 1:
                r = "%s" % ("a", "b")
            elif i % 4 == 2:
                r = "%d" % "x"
            else:
                r = "%s" % ("ok",)
        except TypeError as e:
            r = str(e)
        msgs.append(r)
    return msgs[:4], len(msgs)


print(hot_errors(200))

s = "%s="
s %= "acc"
print(s)
