# list/tuple/set/frozenset/sorted/str.join over generators run them in push
# mode; values, errors, hashing order and subclasses must be CPython's.
def g(xs):
    for x in xs:
        yield x
print(list(g([1, 2.5, "a", None])), tuple(g(range(5))), list(g([])), tuple(g([])))
print(sorted(g([3, 1, 2])), sorted(g(["b", "a"]), reverse=True), sorted(g([(2, "x"), (1, "y")]), key=lambda p: p[1]))
print(set(g([1, 2, 2, 3])) == {1, 2, 3}, frozenset(g([1, 1])), type(frozenset(g([]))).__name__)
print(",".join(g(["a", "b", "c"])), "".join(str(i) for i in range(10)), "-".join(g([])))
try: ",".join(g(["a", 1]))
except TypeError as e: print("TE", e)
class H:
    def __init__(s, v): s.v = v
    def __hash__(s): print("hash", s.v); return hash(s.v)
    def __eq__(s, o): return isinstance(o, H) and s.v == o.v
def noisy():
    for i in range(4):
        print("yield", i)
        yield H(i) if i % 2 else i
s = set(noisy()); print(len(s))
def bad():
    yield 1
    yield [1]
    print("not reached")
try: set(bad())
except TypeError as e: print("TE", e)
def partial():
    yield 1; yield 2; raise ValueError("mid")
try: list(partial())
except ValueError as e: print("VE", e)
print(sorted(x % 7 for x in range(30)), len(list(i * 2 for i in range(100000))), len(set(i % 100 for i in range(100000))))
class MyList(list): pass
print(type(MyList(g([1]))).__name__, MyList(g([1, 2])))
list_ = list
print(list_(g([5])), set(g([(1, 2), (1, 2), ("a", (3,))])) == {(1, 2), ("a", (3,))})
def many(n):
    out = []
    for i in range(n):
        out.append(tuple(x for x in range(i % 5)))
        out.append(len(set(x % 3 for x in range(i % 7))))
        out.append(list(g([i, i + 1])))
    return out
print(many(200)[-6:], sum(len(str(x)) for x in many(300)))
