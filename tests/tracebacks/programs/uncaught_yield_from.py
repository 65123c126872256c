def inner():
    yield 1
    raise ValueError("inner failed")


def outer():
    yield 0
    yield from inner()


for v in outer():
    print(v)
