# str.format with automatic `{}` fields of exact str and int arguments, and
# the neighbouring cases that take the general path.


class S(str):
    def __format__(self, spec):
        return "S.__format__(%r)" % spec


class I(int):
    def __format__(self, spec):
        return "I.__format__(%r)" % spec


class F(str):
    def format(self, *args):
        return "F.format"


def show(fmt, *args, **kw):
    try:
        r = fmt.format(*args, **kw)
        print(repr(r), type(r).__name__)
    except Exception as e:
        print(type(e).__name__, e)


show("{},{},{}", 12, "GET", 3)
show("{}", -(2**63))
show("{}|{}", 2**63 - 1, 2**64)
show("{{}}{}{{", "x")
show("{{{}}}", 5)
show("no fields")
show("")
show("{}", "unused", "extra", 3)
show("{} {}", "only one")
show("{}")
show("{0} {1}", "a", "b")
show("{} {0}", "a", "b")
show("{name}", name="n")
show("{}-{name}", "a", name="n")
show("{:5}|{:<3}|", 42, "x")
show("{!r}", "q")
show("{}", True)
show("{}", S("s"))
show("{}", I(4))
show("{}", 1.5)
show("{}", None)
show("{}", [1, "a"])
show("}", 1)
show("{", 1)
show("a}b", 1)
show("{}}", 1)
show("{{}", 1)
show("h\u00e9{}\u2603{}", "w\u00f6rld \U0001f600", -99)
print(ascii("{}\udc80{}".format("\ud800", 1)))
show(F("{}"), 1)
show(S("{}-sub"), "a")
print(str.format("{}+{}", 1, "b"))
fmt = "{}:{}"
m = fmt.format
print(m(1, 2))


def hot(n):
    total = 0
    last = None
    for i in range(n):
        last = "{},{},{}".format(i, "GET", i & 7)
        total += len(last)
    return total, last


print(hot(1000))


def hot_mixed(n):
    out = []
    for i in range(n):
        if i < n // 2:
            v = i
        elif i % 4 == 0:
            v = I(i)
        elif i % 4 == 1:
            v = True
        elif i % 4 == 2:
            v = 2**70
        else:
            v = S("s")
        try:
            r = "[{}]{}".format(v, "t") if i % 50 else "{} {}".format(v)
        except IndexError as e:
            r = str(e)
        out.append(r)
    return out[:3], out[198:206], out[-4:], len(out)


print(hot_mixed(400))
