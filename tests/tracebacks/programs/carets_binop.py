import traceback


def show(func):
    try:
        func()
    except Exception:
        traceback.print_exc(limit=-1, file=__import__("sys").stdout)


a, b, c, s, n = 1, 0, 2, "text", None
show(lambda: a + b * c / b)
show(lambda: (a) // s)
show(lambda: (a)//(s))
show(lambda: a+s)
show(lambda: a  **  s)
show(lambda: (a + 1) % (s * 2))
show(lambda: n.attr + 1)
show(lambda: s - a if a else 0)
show(lambda: [a, b][c] + 1)
result = a + s
