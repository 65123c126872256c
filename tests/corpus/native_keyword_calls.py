"""Keyword arguments passed to native (builtin) functions, methods and
classes: values, order, names that are str subclasses, names from **dict,
and the errors for unexpected, duplicate, missing and non-str keywords."""
import io
from decimal import Decimal, ROUND_DOWN, ROUND_HALF_EVEN


class Name(str):
    pass


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "!", type(e).__name__, e)


def main():
    out = io.StringIO()
    total = 0
    # The same call sites many times over (the interpreter's caches and
    # the JIT's traces see them repeatedly).
    for i in range(300):
        print(i, end=";", file=out)
        total += len("a,b,,c".split(sep=","))
        total += len("a b c".split(maxsplit=1))
        total += int("ff", base=16)
        total += sorted([3, 1, 2], key=lambda v: -v, reverse=True)[0]
        total += len(dict(a=1, b=2, c=i))
        total += max([1, 5, 2], key=lambda v: v % 3, default=0)
        total += int.from_bytes(b"\x01\x00", byteorder="little", signed=False)
        total += round(Decimal(i) / 7, 2).quantize(Decimal("0.1"), rounding=ROUND_DOWN).as_integer_ratio()[1]
        total += len("x".center(5, "*")) + len("abc".encode(encoding="ascii", errors="strict"))
    print(total, len(out.getvalue()), out.getvalue()[-12:])

    # Keyword values land on the right parameters.
    print("1.2.3".split(".", maxsplit=1), "1.2.3".rsplit(maxsplit=1, sep="."))
    print(sorted("bca", reverse=True), sorted(["b", "A", "c"], key=str.lower))
    print(int("z", base=36), int(x="12", base=8) if False else int("12", base=8))
    print((Decimal("2.675")).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN))
    print(Decimal("7.1").quantize(exp=Decimal("1"), rounding=ROUND_DOWN))
    buf = io.StringIO()
    print("a", "b", sep="-", end="!\n", file=buf, flush=True)
    print(repr(buf.getvalue()))

    # Keyword arguments keep their order in **kwargs of native callables.
    d = dict(z=1, a=2, m=3, b=4)
    print(list(d), list(dict(**d, q=5)))
    print(list(dict([("x", 0)], y=1, x=2).items()))

    # Names that are str subclasses, and names coming from **dict.
    print("a-b-c".split(**{Name("sep"): "-"}))
    print(sorted([2, 3, 1], **{Name("reverse"): True}))
    print(dict(**{Name("b"): 2, "a": 1}))
    print(int("11", **{"base": 2}))

    # Errors.
    attempt("split unexpected", lambda: "a b".split(sepp=" "))
    attempt("int unexpected", lambda: int("1", bas=2))
    attempt("sorted unexpected", lambda: sorted([1], rev=True))
    attempt("print unexpected", lambda: print("x", ending=""))
    attempt("split twice", lambda: "a b".split(" ", sep=" "))
    attempt("int twice", lambda: int("1", 2, base=2))
    attempt("dup via **", lambda: "a b".split(sep=" ", **{"sep": " "}))
    attempt("non-str key", lambda: sorted([1], **{1: 2}))
    attempt("non-str key dict", lambda: dict(**{1: 2}))
    attempt("str subclass unexpected", lambda: "a".split(**{Name("nope"): 1}))
    attempt("positional only", lambda: len(obj=[]))
    attempt("max bad key", lambda: max([1], keyy=len))
    attempt("from_bytes missing", lambda: int.from_bytes(byteorder="big"))
    attempt("round kw", lambda: round(number=2.5, ndigits=0))
    attempt("dict kw after **", lambda: dict(**{"a": 1}, a=2))
    attempt("encode unexpected", lambda: "x".encode(encodng="ascii"))


main()
