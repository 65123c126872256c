# Keyword calls of Python functions in loops hot enough to be compiled (the
# JIT inlines them): keywords in any order, with defaults, keyword-only
# parameters, methods, positional-only parameters passed by keyword (an
# error), unknown keywords, and defaults replaced while the loop runs.


def area(w, h=1, *, scale=1.0, unit="m"):
    return (w * h * scale, unit)


def mix(a, b, c=3, d=4):
    return a * 1000 + b * 100 + c * 10 + d


def posonly(a, /, b=2):
    return a + b


class Box:
    def __init__(self):
        self.items = 0

    def put(self, n, *, times=1, label=None):
        self.items += n * times
        return label


def main():
    t = 0.0
    for i in range(3000):
        v, u = area(i, scale=0.5)
        t += v
        v, u = area(w=i, h=2, unit="cm", scale=2.0)
        t += v
    print(t, u)
    s = 0
    for i in range(3000):
        s += mix(i, d=1, b=2) + mix(b=i, a=1) + mix(1, 2, d=i, c=0)
    print(s)
    box = Box()
    labels = 0
    for i in range(3000):
        if box.put(i, times=2) is None:
            labels += 1
        box.put(n=1, label="x")
    print(box.items, labels)
    # Errors a keyword call raises, as CPython words them.
    for call in (lambda: posonly(a=1), lambda: mix(1, a=2), lambda: mix(1, e=5), lambda: area(1, scale=1, scale2=2)):
        try:
            call()
        except TypeError as e:
            print("TypeError", e)
    errs = 0
    for i in range(3000):
        try:
            s += posonly(i, b=1) if i < 2500 else posonly(a=i)
        except TypeError:
            errs += 1
    print(s, errs)
    # Defaults and keyword-only defaults replaced while the loop runs.
    out = 0
    for i in range(3000):
        if i == 1000:
            mix.__defaults__ = (7, 8)
        if i == 2000:
            area.__kwdefaults__ = {"scale": 3.0, "unit": "km"}
        out += mix(i, b=1) + area(i)[0]
    print(out, area(1))
    area.__kwdefaults__["unit"] = "mm"
    print(area(2, scale=1))


main()
