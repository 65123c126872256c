# str + str: the fast path (two exact strs without surrogates) and what it
# leaves to the general path: surrogates meeting at the seam, subclasses
# with __add__/__radd__, non-str operands, += on a name, in a loop.


class S(str):
    def __add__(self, other):
        return "S.add"

    def __radd__(self, other):
        return "S.radd"


class T(str):
    pass


pairs = [("ab", "cd"), ("", ""), ("", "x"), ("é", "ü"), ("a", "日本"), ("\U0001F600", "!"),
         ("\ud83d", "\ude00"), ("x\ud800", "y"), ("a", S("b")), (S("a"), "b"), ("a", T("b")),
         (T("a"), "b"), ("a", 1), ("a", None), ("a", b"b")]
for _ in range(3):
    for x, y in pairs:
        try:
            r = x + y
            print(type(r).__name__, ascii(r), len(r) if isinstance(r, str) else "")
        except TypeError as e:
            print("TypeError", e)
    acc = ""
    for i in range(5):
        acc += str(i) + ","
        acc = acc + "é"
    print(acc, len(acc))
    s = "\ud83d"
    s += "\ude00"
    print(ascii(s), len(s), s == "\ud83d\ude00", s.encode("utf-16", "surrogatepass"))
