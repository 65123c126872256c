def f():
    return 1

x = 5 +* 3
