# f_locals of a frame object (sys._getframe()) after its function returned:
# cell and free variables are read through their cells at each read, as
# CPython's frame does, so a closure that rebinds or deletes them later
# shows through; plain locals keep their last values.
import sys


def outer():
    count = 1
    label = "first"

    def bump(n):
        nonlocal count
        count += n
        return count

    def forget():
        nonlocal label
        del label

    def inner():
        seen = count
        return sys._getframe(), seen

    frame, seen = inner()
    plain = "kept"
    return sys._getframe(), frame, bump, forget


outer_frame, inner_frame, bump, forget = outer()


def show(tag, fr):
    items = sorted((k, v) for k, v in fr.f_locals.items() if not callable(v) and not hasattr(v, "f_code"))
    print(tag, items)


show("outer", outer_frame)
show("inner", inner_frame)
bump(10)
show("outer after bump", outer_frame)
show("inner after bump", inner_frame)
forget()
show("outer after forget", outer_frame)
bump(5)
show("outer again", outer_frame)


def gen():
    total = 0

    def add(x):
        nonlocal total
        total += x

    yield sys._getframe(), add
    yield total


g = gen()
gframe, add = next(g)
add(3)
print("gen running", gframe.f_locals["total"])
print(next(g))
g.close()
add(4)
print("gen closed", sorted(k for k in gframe.f_locals))
