def f():
    return {}["k"]


f()