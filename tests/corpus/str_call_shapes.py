# str(x) and the other ways to call str: what each returns, and its type.
class Sub(str):
    pass


class GivesSub:
    def __str__(self):
        return Sub("sub text")


class GivesInt:
    def __str__(self):
        return 5


class Fails:
    def __str__(self):
        raise RuntimeError("no text")


class OnlyRepr:
    def __repr__(self):
        return "<only repr>"


s = "plain"
for value in [s, Sub("a sub"), 12, -3.25, None, True, b"by\xfftes", [1, "x"], GivesSub(), OnlyRepr()]:
    r = str(value)
    print(repr(r), type(r).__name__, r is value)

for bad in [GivesInt(), Fails()]:
    try:
        str(bad)
    except Exception as e:
        print(type(e).__name__, e)

print(repr(str()), repr(str(object="kw")), repr(str(b"abc", "ascii")), repr(str(b"a\xffb", errors="replace")))
print(repr(Sub(7)), type(Sub(7)).__name__, type(Sub(GivesSub())).__name__)
try:
    str(1, 2, 3, 4)
except TypeError as e:
    print("TypeError", e)
try:
    str("x", encoding="utf-8")
except TypeError as e:
    print("TypeError", e)
try:
    str(12, "utf-8")
except TypeError as e:
    print("TypeError", e)
texts = [str(i * 1.5) for i in range(5)]
print(texts, all(type(t) is str for t in texts))
