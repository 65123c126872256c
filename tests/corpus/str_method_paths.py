# lower, strip and split of a str: the call site's fast path (ASCII str and
# argument) and the cases it leaves to the general call, in loops so the
# sites are warm.
texts = ["Hello, World.", "  padded\t\n", "", "a,,b,", ",", "x", "\x1c\x1fmid\x0b", "MiXeD 123",
         "héllo Wörld", "ǅungla", "a\u2003b\u2003"]
args = [None, ".,", " ", "", ",", "é", "\u2003", ", "]

for _ in range(3):
    for t in texts:
        print(repr(t.lower()), repr(t.strip()))
        for a in args:
            if a is None:
                print(" split()", t.split())
                continue
            print(" strip", repr(a), repr(t.strip(a)))
            try:
                print(" split", repr(a), t.split(a))
            except ValueError as e:
                print(" split", repr(a), "ValueError", e)


class S(str):
    pass


for _ in range(3):
    s = "  a,b  "
    print(s.strip() is s, "ab".strip() is "ab".strip(), type(S(" q ").strip()).__name__, type(S("Q").lower()).__name__)
    print(s.split(S(",")), s.strip(S(" ")), "x,y".split(",", 1), "x,y".split(sep=","))
    for bad in ((1,), (None, None), ("a", "b", "c")):
        try:
            print(s.strip(*bad))
        except TypeError as e:
            print("TypeError", e)
        try:
            print(s.lower(*bad))
        except TypeError as e:
            print("TypeError", e)
    try:
        print(s.split(5))
    except TypeError as e:
        print("TypeError", e)
    print("abc".strip(None), "  abc ".split(None))
