# str[i] and builtin methods called through their descriptors in hot loops:
# ASCII and non-ASCII text, negative and out-of-range indices, str
# subclasses, and methods called as functions (`str.isdigit(c)`).


class Text(str):
    def __getitem__(self, i):
        return "<" + str.__getitem__(self, i) + ">"


def classes(src):
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c.isspace():
            out.append("s")
        elif c.isdigit():
            out.append("d")
        elif c.isalpha():
            out.append("a")
        elif c.isalnum():
            out.append("n")
        else:
            out.append("o")
        i += 1
    return "".join(out)


def backwards(src):
    out = []
    for k in range(1, len(src) + 1):
        out.append(src[-k])
    return "".join(out)


def as_functions(words):
    n = 0
    for w in words:
        if str.isdigit(w):
            n += int(w)
        elif str.isalpha(w):
            n += len(str.lower(w))
        list.append(words_seen, str.strip(w))
    return n


def past_the_end(src, extra):
    got = []
    for k in range(len(src) + extra):
        try:
            got.append(src[k])
        except IndexError as e:
            got.append("!" + str(e))
    return got


words_seen = []
for round_ in range(30):
    a = classes("x1 = foo(42) + bar_9 - 7;\t\n")
    b = classes("héllo wörld ٣٤ ½ ⅷ 𝟘 ß Ω")
    c = backwards("abcdef") + backwards("αβγ€😀")
    d = as_functions(["12", "Abc", "  x  ", "٣", "x1", ""])
    e = past_the_end("ab", round_ % 3)
    if round_ % 7 == 0:
        f = backwards(Text("xyz" * round_))
print(a)
print(b)
print(c, d, e, f)
print(len(words_seen), words_seen[:6])
for bad in (5, None, b"x"):
    try:
        str.isdigit(bad)
    except TypeError as e:
        print("TypeError", e)
for bad in (None, 1.5, "0"):
    try:
        "abc"[bad]
    except TypeError as e:
        print("TypeError", e)
s = "abcé"
print(s[0] is s[-4], s[-1] is s[3])
