# object.__reduce_ex__ and __getstate__ read the attributes listed in a
# class's __slotnames__ one at a time: a __getattr__ that replaces the list
# while it is read does not hang (CPython's test_issue24097), and a list
# that changes size is an error.
import copy
import copyreg
import pickle


class S(str):
    pass


class A:
    __slotnames__ = [S("spam")]

    def __getattr__(self, attr):
        if attr == "spam":
            A.__slotnames__[:] = [S("spam")]
            return 42
        raise AttributeError(attr)


r = A().__reduce_ex__(2)
print(r == (copyreg.__newobj__, (A,), (None, {"spam": 42}), None, None))
print(A().__getstate__())
a = A()
a.x = 1
print(a.__reduce_ex__(2)[2], a.__reduce_ex__(4)[2])


class Grow:
    __slotnames__ = ["a", "b"]

    def __getattr__(self, attr):
        if attr == "a":
            Grow.__slotnames__.append("c")
            return 1
        raise AttributeError(attr)


for call in (lambda: Grow().__reduce_ex__(2), lambda: Grow().__getstate__()):
    try:
        call()
    except RuntimeError as e:
        print("RuntimeError:", e)
    Grow.__slotnames__ = ["a", "b"]


class Slotted:
    __slots__ = ("p", "q")

    def __init__(self):
        self.p = 1


s = Slotted()
print(s.__reduce_ex__(2)[2])
copyreg._slotnames(Slotted)
print(Slotted.__slotnames__, s.__reduce_ex__(2)[2], s.__getstate__())
t = pickle.loads(pickle.dumps(s, 2))
print(t.p, hasattr(t, "q"), copy.copy(s).p)


class WithArgs:
    __slotnames__ = ["v"]

    def __init__(self, v):
        self.v = v

    def __getnewargs_ex__(self):
        return (self.v,), {"k": 1}


r = WithArgs(5).__reduce_ex__(2)
print(r[0] is copyreg.__newobj_ex__, r[1][1:], r[2])


class L(list):
    __slotnames__ = ["tag"]


lst = L([1, 2])
lst.tag = "t"
r = lst.__reduce_ex__(2)
print(r[1], r[2], list(r[3]), r[4])
